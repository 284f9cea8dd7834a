public import ColorTags
public import PixelConversion
public import VideoFiles

/// What one movie conversion did: the source stream as read, the encoding and settings written, the plan that ran,
/// the frames and streams written, and what the check of the written movie found.
public struct MovieConversionReport: Sendable {
    /// The file read.
    public var input: String
    /// The file written.
    public var output: String
    /// The source's video stream as opened (size, rate, encoding, HDR metadata).
    public var source: VideoStreamInfo
    /// The encoder settings written (codec, encoding, mastering display, content light level …).
    public var settings: VideoEncodeSettings
    /// The tone mapping the frames went through.
    public var toneMapping: PixelConverter.ToneMapping
    /// What converted the pixels, e.g. "PixelConverter (AVX-512)" ("none" when no frame was converted).
    public var engine: String
    /// The conversion's steps, one line each.
    public var plan: [String]
    /// Frames written.
    public var frameCount: Int
    /// The source's other streams copied into the movie.
    public var copiedStreams: [MovieStreamSummary]
    /// The findings of `hdrcolor validate` on the written movie (`--require hdr10` for PQ, `--require hlg` for HLG;
    /// warnings and errors only), or nil for SDR targets.
    public var validation: [Finding]?
    /// Wall-clock time of the whole conversion.
    public var duration: Duration
    /// Time the caller's thread spent converting frames.
    public var converting: Duration
    /// Time the caller's thread spent handing converted frames to the encoder (which copies each one in, and waits
    /// when its own threads are busy).
    public var waitingForEncoder: Duration

    /// Whether the written movie passed its check (nil when none applies).
    public var validates: Bool? { validation.map(\.isEmpty) }

    /// Frames per second over the whole conversion.
    public var framesPerSecond: Double {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return seconds > 0 ? Double(frameCount) / seconds : 0
    }
}

/// How far a movie conversion is, reported after each frame handed to the encoder.
public struct MovieConversionProgress: Sendable {
    /// Frames converted so far.
    public var completedFrames: Int
    /// Frames to convert, when the container says (or the requested range's length); nil when unknown.
    public var totalFrames: Int?
    /// Time since the conversion started.
    public var elapsed: Duration

    /// Frames per second so far.
    public var framesPerSecond: Double {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return seconds > 0 ? Double(completedFrames) / seconds : 0
    }

    /// The time left at the rate so far, when the total is known and a frame is done.
    public var estimatedRemaining: Duration? {
        guard let totalFrames, completedFrames > 0, framesPerSecond > 0 else { return nil }
        return .milliseconds(Int64(Double(max(0, totalFrames - completedFrames)) / framesPerSecond * 1000))
    }
}
