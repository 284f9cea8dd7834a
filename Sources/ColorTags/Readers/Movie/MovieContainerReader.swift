import MediaSyntax

/// Reads the colour tags of movies (MP4, QuickTime, Matroska, WebM, MPEG-TS) and raw video streams through a ``ByteSource``, seeking from structure
/// to structure so that a movie of any size costs a few reads: box or element headers, the `moov` box (or Matroska
/// `SeekHead`, `Info`, `Tracks`) and the first sample of each video track.
enum MovieContainerReader {
    /// The tags of the movie in `source`, whose signature said `format`.
    ///
    /// - Throws: ``ColorTagsError/malformed(_:_:)`` when the file has no track list (`moov`, Matroska `Tracks`),
    ///   ``ColorTagsError/limitExceeded(_:limit:)`` beyond `limits`, ``ColorTagsError/unreadableFile(path:reason:)``
    ///   when reading fails.
    static func read<Source: ByteSource>(_ source: Source, format: MediaFileFormat, limits: ReadLimits)
        throws(ColorTagsError) -> ColorTagging
    {
        switch format {
        case .matroska:
            var reader = MatroskaReader(source: source, limits: limits)
            return try reader.read()
        case .mpegTS:
            var reader = TransportStreamReader(source: source, limits: limits)
            return try reader.read()
        case .hevcStream, .avcStream, .av1Stream, .ivf, .dolbyVisionRPU:
            var reader = ElementaryStreamReader(source: source, format: format, limits: limits)
            return try reader.read()
        default:
            var reader = ISOBMFFMovieReader(source: source, limits: limits, format: format)
            return try reader.read()
        }
    }
}
