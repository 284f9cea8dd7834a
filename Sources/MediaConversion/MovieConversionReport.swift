public import ColorTags
public import PixelConversion
public import VideoFiles

/// What one movie conversion did: the source stream as read, the encoding and settings written, the plan that ran,
/// the frames, streams and metadata written, what was not carried and why, what the check of the written movie found
/// and where the time went.
public struct MovieConversionReport: Sendable {
    /// The file read.
    public var input: String
    /// The file written.
    public var output: String
    /// The source's video stream as opened (size, rate, encoding, HDR metadata).
    public var source: VideoStreamInfo
    /// The colour the source was read as, and why (the tags as `validate` decides them, `--assume-cicp`, or the
    /// decoder's).
    public var sourceColor: MovieColorDecision
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
    /// The part of the source's timeline the copied streams were cut to (packet boundaries, not re-encoded), when
    /// only some frames were converted.
    public var copiedTimes: MovieTimeRange?
    /// The container metadata tags written (the source's, without the ones the muxer writes anew: brands, encoder).
    public var metadata: [MovieMetadataItem]
    /// The source's dynamic HDR metadata (HDR10+, Dolby Vision RPUs) written into the movie frame by frame.
    public var keptDynamicMetadata: [KeptDynamicMetadata]
    /// What the source carried that the written movie does not, and why (streams the container cannot hold,
    /// Dolby Vision RPUs and HDR10+ dynamic metadata that no longer describe the pictures or that the codec cannot
    /// carry, a display matrix Matroska cannot take).
    public var omissions: [MovieOmission]
    /// The check run on the written movie, as its `hdrcolor` command: `validate --require hdr10` (PQ),
    /// `validate --require hlg` (HLG) or `validate` (SDR), with `--compare SOURCE`: the compare rules catch what the
    /// conversion lost without meaning to (a record, RPUs or HDR10+ it kept, the static metadata of a same-colour
    /// conversion); the changes it makes on purpose (the colour asked for, metadata written anew or listed in
    /// ``omissions``) are not findings.
    public var check: String
    /// The findings of ``check`` on the written movie that the conversion brought (warnings and errors only): a
    /// conversion with any fails (``validates``).
    public var validation: [Finding]
    /// The findings of ``check`` the source draws too (the same rule; policy rules excepted): inherited, not the
    /// conversion's doing, so they do not fail it. A same-colour conversion keeps the source's HDR10 static metadata,
    /// RPUs and HDR10+ as they are, and with them any disagreement between them.
    public var inheritedFindings: [Finding] = []
    /// Where the time went.
    public var times: Times
    /// The passes over the movie's frames, each with why it ran: one conversion, which also measures the light level
    /// when a PQ output's HDR10 metadata needs it and nobody gave it (written into room reserved for it when the
    /// movie is finished).
    public var passes: [Pass] = []
    /// The scenes of per-scene tone mapping (``ConversionRequest/Movie-swift.struct/SourcePeak/scene``) and what
    /// drove each; empty with the movie's static peak.
    public var scenes: [MovieScene] = []

    /// One pass over the frames.
    public struct Pass: Hashable, Sendable {
        /// What the pass does, e.g. "convert".
        public var name: String
        /// Why it ran.
        public var reason: String

        public init(name: String, reason: String) {
            self.name = name
            self.reason = reason
        }
    }

    /// Wall-clock time per stage of a movie conversion; the stages add up to ``total``.
    public struct Times: Sendable {
        /// Opening the source, planning, creating the output and writing its header.
        public var opening: Duration = .zero
        /// Waiting for decoded frames (demuxing and decoding, seeking to a range's start).
        public var decoding: Duration = .zero
        /// Converting frames on the caller's thread.
        public var converting: Duration = .zero
        /// Handing frames to the encoder (which copies each in, and blocks while its threads are busy), writing its
        /// packets and the copied streams' packets.
        public var encoding: Duration = .zero
        /// Flushing the encoder and writing the rest of the copied streams and the index.
        public var finishing: Duration = .zero
        /// Reading the written movie's tags back and checking them.
        public var checking: Duration = .zero
        /// The rest (progress reports, allocating the frame buffer).
        public var other: Duration = .zero

        /// Always zero: the light level is metered within the conversion (``converting``) since the pass before it was
        /// removed.
        @available(*, deprecated, message: "the light level is metered within the conversion pass (converting)")
        public var measuringLightLevel: Duration { .zero }

        /// The sum of the stages: the wall-clock time of the whole conversion.
        public var total: Duration {
            opening + decoding + converting + encoding + finishing + checking + other
        }
    }

    /// Whether the written movie passed its check: no finding of its own (inherited ones do not count).
    public var validates: Bool { validation.isEmpty }

    /// Wall-clock time of the whole conversion.
    public var duration: Duration { times.total }

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

    /// Creates a progress value (also for passes over a movie other than the conversion, such as the report's).
    public init(completedFrames: Int, totalFrames: Int?, elapsed: Duration) {
        self.completedFrames = completedFrames
        self.totalFrames = totalFrames
        self.elapsed = elapsed
    }

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
