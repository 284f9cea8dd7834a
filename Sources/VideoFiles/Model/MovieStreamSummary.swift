import SignalCoding
/// One stream of a movie as the container lists it: what ``MovieReader`` reports for every stream (the video stream
/// it decodes included) and what ``MovieWriter`` copies from a reader.
public struct MovieStreamSummary: Hashable, Sendable {
    /// The kind of media a stream holds.
    public enum Kind: String, Hashable, Sendable, CustomStringConvertible {
        /// Video.
        case video
        /// Audio.
        case audio
        /// Subtitles.
        case subtitle
        /// Timed data (timecode, metadata tracks).
        case data
        /// An attachment (fonts in Matroska).
        case attachment
        /// Anything else.
        case unknown

        public var description: String { rawValue }
    }

    /// The stream's index in the container (FFmpeg's `AVStream.index`).
    public var index: Int
    /// Its kind.
    public var kind: Kind
    /// FFmpeg's codec name, e.g. `"hevc"`, `"aac"`, `"pcm_s16le"`.
    public var codecName: String
    /// The time base of its timestamps, in seconds.
    public var timeBase: Rational
    /// Its duration in seconds, when the container states it.
    public var duration: Rational?
    /// The number of packets (frames) the container lists, when it does (`nb_frames`).
    public var frameCount: Int?
    /// The `language` metadata tag, e.g. `"eng"`.
    public var language: String?
    /// The container's four-character code for the stream's format (`mp4a`, `mebx`, `tmcd`), when it has one.
    public var codecTag: String?

    /// `"audio aac"`, `"data tmcd"`: the kind and the codec, or the four-character code when FFmpeg has no codec for
    /// it.
    public var label: String {
        "\(kind) \(codecName == "none" ? codecTag ?? codecName : codecName)"
    }
}
