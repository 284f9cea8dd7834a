import ColorTags
import MediaSyntax
import SignalCoding

extension MovieSyncSamples {
    /// `inspect --sync-samples --json`: the file, then each video track with its sync samples (times in seconds).
    public func json(path: String) -> JSONValue {
        .object([
            ("SourceFile", .string(path)),
            (
                "Tracks",
                .array(
                    tracks.map { track in
                        .object([
                            ("TrackID", .integer(Int(track.trackID))), ("Timescale", .integer(Int(track.timescale))),
                            ("SampleCount", .integer(track.sampleCount)),
                            ("ListsSyncSamples", .bool(track.listsSyncSamples)),
                            ("SyncSamples", .array(track.syncSamples.map(\.json))),
                        ])
                    })
            ),
        ])
    }

    /// `inspect --sync-samples`: a line per sync sample under a line per track.
    public func text(path: String) -> String {
        var lines = [TextSanitizer.sanitize(path)]
        for track in tracks {
            let listed = track.listsSyncSamples ? "" : " (no stss: every sample is a sync sample)"
            lines.append(
                "  track \(track.trackID): \(track.sampleCount) samples, \(track.syncSamples.count) sync samples"
                    + listed)
            for sync in track.syncSamples {
                lines.append(
                    "    sample \(sync.sample), frame \(sync.frame): decode \(sync.decodeTime.fixed(6)) s, presentation "
                        + "\(sync.presentationTime.fixed(6)) s, \(sync.size) bytes at byte \(sync.offset)"
                        + (sync.randomAccess.map { ", \($0.rawValue)" + ($0 == .idr ? " (closed GOP)" : "") } ?? ""))
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension MovieSyncSamples.SyncSample {
    var json: JSONValue {
        .compact([
            ("Sample", .integer(sample)), ("Frame", .integer(frame)), ("DecodeTime", .number(decodeTime)),
            ("PresentationTime", .number(presentationTime)), ("Offset", .integer(offset)), ("Size", .integer(size)),
            ("RandomAccess", .optional(randomAccess) { .string($0.rawValue) }),
            ("StartsClosedGOP", .optional(startsClosedGOP, JSONValue.bool)),
        ])
    }
}
