/// What a movie file (MP4, QuickTime, Matroska, WebM) says as a whole: its container, timing, tracks, and how much of
/// it the reader had to read. The colour of each video track is in ``ColorTagging/images``.
public struct MovieTags: Hashable, Sendable {
    /// The container as the file names itself: `"MP4"` (or the `ftyp` major brand's family), `"QuickTime"`,
    /// `"Matroska"` or `"WebM"` (the EBML DocType).
    public var container: String
    /// The movie duration in seconds (`mvhd`, Matroska `Info/Duration`), when stated.
    public var duration: Double?
    /// All tracks (`trak`, Matroska `TrackEntry`), of every kind.
    public var trackCount: Int
    /// Video tracks, each an image of ``ColorTagging/images``.
    public var videoTrackCount: Int
    /// A fragmented MP4 (`mvex` in `moov`, samples in `moof`/`mdat` fragments).
    public var isFragmented: Bool
    /// Where the structure that lists the tracks starts: the `moov` box, or the Matroska `Tracks` element.
    public var trackListOffset: Int?
    /// How many bytes the reader read from the file: the box or element headers it walked, `moov` (or `Tracks`,
    /// `SeekHead`, `Info`) and the first sample of each video track, never the media data in between.
    public var bytesRead: Int
    /// For a raw stream, an RPU file or a transport stream, read only from its start: what was scanned.
    public var scan: StreamScan?

    /// Creates a value.
    public init(
        container: String, duration: Double? = nil, trackCount: Int = 0, videoTrackCount: Int = 0,
        isFragmented: Bool = false, trackListOffset: Int? = nil, bytesRead: Int = 0
    ) {
        self.container = container
        self.duration = duration
        self.trackCount = trackCount
        self.videoTrackCount = videoTrackCount
        self.isFragmented = isFragmented
        self.trackListOffset = trackListOffset
        self.bytesRead = bytesRead
    }
}

/// How much of a raw video stream, RPU file or transport stream the reader scanned: it reads the first
/// ``ReadLimits/maximumStreamScanBytes`` at most, so counts describe that prefix, not the whole file.
public struct StreamScan: Hashable, Sendable {
    /// The bytes scanned from the start of the file.
    public var bytes: Int
    /// Whether the scan reached the end of the file (the counts are then the file's).
    public var reachedEnd: Bool
    /// NAL units, OBUs or transport-stream packets scanned, with what they are (`"NAL units"`, `"OBUs"`, `"packets"`).
    public var units: Int
    public var unitName: String
    /// Frames (pictures, temporal units, IVF frames) whose start was seen.
    public var frames: Int
    /// Dolby Vision RPUs (HEVC NAL units of type 62) seen.
    public var dolbyVisionRPUs: Int

    /// Creates a value.
    public init(
        bytes: Int, reachedEnd: Bool, units: Int, unitName: String, frames: Int = 0, dolbyVisionRPUs: Int = 0
    ) {
        self.bytes = bytes
        self.reachedEnd = reachedEnd
        self.units = units
        self.unitName = unitName
        self.frames = frames
        self.dolbyVisionRPUs = dolbyVisionRPUs
    }
}

/// How much of an MP4/QuickTime or Matroska/WebM track was read for dynamic HDR metadata: every frame's RPU and HDR10+
/// record, up to ``ReadLimits/maximumDynamicMetadataSamples`` frames.
public struct DynamicMetadataScan: Hashable, Sendable {
    /// The frames (samples or blocks) whose units were read.
    public var samples: Int
    /// Whether every frame of the track was read (else the counts describe the first ``samples``: the cap was reached,
    /// or a Matroska track held laced blocks, which the scan does not split).
    public var complete: Bool
    /// Creates a value.
    public init(samples: Int, complete: Bool) {
        self.samples = samples
        self.complete = complete
    }
}
