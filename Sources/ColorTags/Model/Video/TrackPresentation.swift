/// A movie track's edit list (ISO/IEC 14496-12 `edts/elst`): which part of the track's media the movie's timeline
/// shows. Encoders with B-frames start the media after a delay that the first edit skips (ffmpeg writes media time
/// 2 frames for x265's default), so the movie's duration (`mvhd`, the presentation) can differ from the track's media
/// duration (`mdhd`, every sample).
public struct EditList: Hashable, Sendable {
    /// One edit: `duration` seconds of the movie's timeline showing the media from `mediaStart` seconds (nil for an
    /// empty edit, a gap).
    public struct Edit: Hashable, Sendable {
        public var duration: Double
        public var mediaStart: Double?

        public init(duration: Double, mediaStart: Double?) {
            self.duration = duration
            self.mediaStart = mediaStart
        }
    }

    /// The edits in order.
    public var edits: [Edit]

    public init(edits: [Edit]) { self.edits = edits }

    /// The seconds of the movie's timeline the edits fill.
    public var presentedDuration: Double { edits.reduce(0) { $0 + $1.duration } }

    /// `"0.04 s of the media from 0.08 s"`, edits joined by "then".
    public var summary: String {
        let parts = edits.map { edit in
            edit.mediaStart.map { "\(edit.duration.g4) s of the media from \($0.g4) s" }
                ?? "an empty edit of \(edit.duration.g4) s"
        }
        return parts.isEmpty ? "no edits" : parts.joined(separator: ", then ")
    }
}
