/// The file formats ColorTags reads, recognised by their signatures (never by extension or size).
public enum ImageFileFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// PNG (ISO/IEC 15948, W3C PNG 3rd edition): signature `89 50 4E 47 0D 0A 1A 0A`.
    case png = "PNG"
    /// JPEG (ITU-T T.81) with JFIF/Exif/UltraHDR segments: starts with SOI `FF D8 FF`.
    case jpeg = "JPEG"
    /// HEIF (ISO/IEC 23008-12) other than AVIF: an ISOBMFF `ftyp` box first.
    case heif = "HEIF"
    /// AVIF (AV1 Image File Format): an ISOBMFF `ftyp` box with brand `avif` or `avis`.
    case avif = "AVIF"
    /// A raw ICC profile (`.icc`, `.icm`): 'acsp' at byte 36.
    case icc = "ICC"
    /// An MP4 movie (ISO/IEC 14496-12/-14, fragmented MP4, M4V, 3GP): an `ftyp` box whose brands are movie brands
    /// (`isom`, `iso2`…`iso9`, `mp41`, `mp42`, `avc1`, `dash`, `M4V `…) rather than HEIF/AVIF image brands.
    case mp4 = "MP4"
    /// A QuickTime movie: `ftyp` major brand `qt  `, or an old QuickTime file whose first box is `moov`, `mdat`,
    /// `wide`, `free`, `skip` or `pnot`.
    case mov = "QuickTime"
    /// A Matroska or WebM movie: the EBML magic `1A 45 DF A3` (the DocType, `matroska` or `webm`, is in
    /// ``ColorTagging/brands``).
    case matroska = "Matroska"

    public var description: String { rawValue }

    /// File name extensions (lower case) that `validate` picks up when it walks folders.
    public static let knownExtensions: Set<String> = [
        "png", "jpg", "jpeg", "heic", "heif", "hif", "avif", "icc", "icm", "mp4", "m4v", "mov", "qt", "mkv", "webm",
    ]

    /// Whether the format is a movie container, read by seeking (``ColorTagging/movie`` describes it).
    public var isMovie: Bool { self == .mp4 || self == .mov || self == .matroska }

    /// The format whose signature `bytes` start with, or nil.
    public init?(signatureOf bytes: [UInt8]) {
        if bytes.matches(PNGReader.signature, at: 0) {
            self = .png
        } else if bytes.matches([0xFF, 0xD8, 0xFF], at: 0) {
            self = .jpeg
        } else if let movie = MovieSignature.format(of: bytes) {
            self = movie
        } else if bytes.matches(Array("ftyp".utf8), at: 4) {
            self = ISOBMFFReader.isAVIF(bytes) ? .avif : .heif
        } else if bytes.matches(Array("acsp".utf8), at: 36) {
            self = .icc
        } else {
            return nil
        }
    }
}
