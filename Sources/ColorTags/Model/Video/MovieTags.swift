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
