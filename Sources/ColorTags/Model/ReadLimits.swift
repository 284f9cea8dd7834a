/// Caps on what a reader accepts, so that no input allocates unbounded memory or runs unbounded time. Exceeding one
/// throws ``ColorTagsError/limitExceeded(_:limit:)``.
public struct ReadLimits: Hashable, Sendable {
    /// The largest file read, in bytes (default 1 GiB). A movie read from a file is never loaded whole, so this cap
    /// does not apply to it (``maximumMovieBoxSize`` and ``maximumSampleBytes`` do); movie bytes in memory
    /// (``ColorTagging/init(bytes:limits:)``) are capped by it like any other.
    public var maximumFileSize: Int
    /// The largest inflated PNG `iCCP` profile, in bytes (default 16 MiB). The `iCCP` profile is the only
    /// compressed data the readers inflate: XMP is read from JPEG `APP1` segments (at most 65 533 bytes) and never
    /// decompressed.
    public var maximumDecompressedSize: Int
    /// The most PNG chunks (default 100 000).
    public var maximumChunkCount: Int
    /// The most JPEG marker segments per image (default 10 000).
    public var maximumSegmentCount: Int
    /// The most ISOBMFF boxes in a file, all levels (default 100 000).
    public var maximumBoxCount: Int
    /// The deepest ISOBMFF box nesting (default 16; real files use 5).
    public var maximumBoxDepth: Int
    /// The most HEIF items or JPEG MPF images (default 4 096).
    public var maximumItemCount: Int
    /// The most pixels (width × height) an image of the file may declare: PNG `IHDR`, JPEG `SOF`, HEIF `ispe`
    /// (default 2³², e.g. 65 536 × 65 536, JPEG's largest). Readers never allocate by these sizes, but the callers that
    /// decode pixels do.
    public var maximumPixelCount: Int
    /// The largest movie structure loaded into memory, in bytes: an MP4/QuickTime `moov` or `moof` box, a Matroska
    /// `Tracks`, `SeekHead` or `Info` element (default 64 MiB; a two-hour movie's `moov` is a few MB).
    public var maximumMovieBoxSize: Int
    /// The most bytes read from the first sample (frame) of each video track to find SEI messages and AV1 metadata
    /// OBUs (default 1 MiB); a larger first sample is read up to this many bytes.
    public var maximumSampleBytes: Int
    /// The most tracks a movie may declare (default 1 024).
    public var maximumTrackCount: Int
    /// The most bytes read from the start of a raw video stream (HEVC, H.264, AV1, IVF), a Dolby Vision RPU file or
    /// an MPEG transport stream to find its parameter sets, SEI messages, OBUs or tables (default 4 MiB); the rest of
    /// the file is not read. The video payload reassembled from a transport stream's PES packets is further capped by
    /// ``maximumSampleBytes``.
    public var maximumStreamScanBytes: Int
    /// The most frames of an MP4/QuickTime or Matroska/WebM HEVC or AV1 track read for dynamic HDR metadata (Dolby
    /// Vision RPUs, HDR10+ SEI, metadata OBUs and block additions) when its first frame or its configuration shows some
    /// (default 1 000 000: 4.6 hours at 60 frames per second). Only unit headers and those units are read, by
    /// seeking; the slices and frame OBUs are skipped.
    public var maximumDynamicMetadataSamples: Int
    /// The most frames whose dynamic metadata is kept one by one in ``VideoStreamTags/dynamicMetadataFrames``
    /// (default 0: none, only the summaries; `hdrcolor inspect --per-frame` keeps them all).
    public var maximumDynamicMetadataFrames: Int

    /// Creates limits; every parameter defaults to the value named above.
    public init(
        maximumFileSize: Int = 1 << 30, maximumDecompressedSize: Int = 16 << 20, maximumChunkCount: Int = 100_000,
        maximumSegmentCount: Int = 10_000, maximumBoxCount: Int = 100_000, maximumBoxDepth: Int = 16,
        maximumItemCount: Int = 4_096, maximumPixelCount: Int = 1 << 32, maximumMovieBoxSize: Int = 64 << 20,
        maximumSampleBytes: Int = 1 << 20, maximumTrackCount: Int = 1_024,
        maximumStreamScanBytes: Int = 4 << 20, maximumDynamicMetadataSamples: Int = 1_000_000,
        maximumDynamicMetadataFrames: Int = 0
    ) {
        self.maximumFileSize = maximumFileSize
        self.maximumDecompressedSize = maximumDecompressedSize
        self.maximumChunkCount = maximumChunkCount
        self.maximumSegmentCount = maximumSegmentCount
        self.maximumBoxCount = maximumBoxCount
        self.maximumBoxDepth = maximumBoxDepth
        self.maximumItemCount = maximumItemCount
        self.maximumPixelCount = maximumPixelCount
        self.maximumMovieBoxSize = maximumMovieBoxSize
        self.maximumSampleBytes = maximumSampleBytes
        self.maximumTrackCount = maximumTrackCount
        self.maximumStreamScanBytes = maximumStreamScanBytes
        self.maximumDynamicMetadataSamples = maximumDynamicMetadataSamples
        self.maximumDynamicMetadataFrames = maximumDynamicMetadataFrames
    }

    /// The defaults.
    public static let `default` = ReadLimits()
}
