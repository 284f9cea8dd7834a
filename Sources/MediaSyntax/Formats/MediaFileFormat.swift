/// The file formats of images, profiles, movies and video streams: the ones ColorTags reads are recognised by their
/// signatures (never by extension or size), ``raw`` frames (which have none) only by being named.
///
/// ``rawValue`` (and ``description``) is the name in reports and messages, e.g. "AVIF"; ``identifier`` the lower-case
/// name in command-line options and convert reports, e.g. `avif`.
public enum MediaFileFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
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
    /// `ColorTagging.brands`).
    case matroska = "Matroska"
    /// An MPEG-2 transport stream (ISO/IEC 13818-1; `.ts`, `.mts`, and `.m2ts` with 192-byte packets): the sync byte
    /// 0x47 at the start of consecutive 188- or 192-byte packets.
    case mpegTS = "MPEG-TS"
    /// A raw HEVC elementary stream in the Annex B byte-stream format (`.hevc`, `.h265`, `.265`): a start code and
    /// an HEVC NAL unit header of a VPS, SPS, PPS, access unit delimiter or SEI.
    case hevcStream = "HEVC stream"
    /// A raw H.264 elementary stream in the Annex B byte-stream format (`.h264`, `.264`): a start code and an H.264
    /// NAL unit header of an SPS, PPS, access unit delimiter or SEI.
    case avcStream = "H.264 stream"
    /// A raw AV1 stream of OBUs in the low-overhead format (AV1 §5, `.obu`): a temporal delimiter or sequence header
    /// OBU with a size field first.
    case av1Stream = "AV1 OBU stream"
    /// An IVF file (`.ivf`): the 32-byte header `DKIF`, then frames with 12-byte headers (AV1 or VP9).
    case ivf = "IVF"
    /// A Dolby Vision RPU file as dovi_tool writes it (`.bin`): Annex B start codes, each before an RPU payload that
    /// starts with the prefix 0x19 (dovi_tool removes the `7C 01` NAL header; units that keep it are read too).
    case dolbyVisionRPU = "Dolby Vision RPU"
    /// Raw planes in a pixel format's layout, tightly packed, no header (size and layout given separately): never
    /// recognised from a signature.
    case raw = "raw frame"

    public var description: String { rawValue }

    /// The lower-case name in command-line options and convert reports: `png`, `jpeg`, `avif`, `heif`, `raw`, and
    /// for the formats only read `icc`, `mp4`, `mov`, `matroska`, `mpegts`, `hevc`, `h264`, `obu`, `ivf`, `rpu`.
    public var identifier: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpeg"
        case .heif: "heif"
        case .avif: "avif"
        case .icc: "icc"
        case .mp4: "mp4"
        case .mov: "mov"
        case .matroska: "matroska"
        case .mpegTS: "mpegts"
        case .hevcStream: "hevc"
        case .avcStream: "h264"
        case .av1Stream: "obu"
        case .ivf: "ivf"
        case .dolbyVisionRPU: "rpu"
        case .raw: "raw"
        }
    }

    /// Whether the format is a still image (PNG, JPEG, HEIF, AVIF or a raw frame).
    public var isImage: Bool { self == .png || self == .jpeg || self == .heif || self == .avif || self == .raw }

    /// File name extensions (lower case) that `validate` picks up when it walks folders.
    public static let knownExtensions: Set<String> = [
        "png", "jpg", "jpeg", "heic", "heif", "hif", "avif", "icc", "icm", "mp4", "m4v", "mov", "qt", "mkv", "webm",
        "ts", "m2ts", "mts", "hevc", "h265", "265", "h264", "264", "obu", "ivf", "bin",
    ]

    /// Whether the format is a movie container, read by seeking (`ColorTagging.movie` describes it).
    public var isMovie: Bool { self == .mp4 || self == .mov || self == .matroska || self == .mpegTS }

    /// Whether the format is a raw video stream or an RPU file, read by seeking like a movie (its first megabytes
    /// only) and described by `ColorTagging.movie` with a single video track.
    public var isElementaryStream: Bool {
        self == .hevcStream || self == .avcStream || self == .av1Stream || self == .ivf || self == .dolbyVisionRPU
    }

    /// The format whose signature `bytes` start with, or nil (never ``raw``).
    public init?(signatureOf bytes: [UInt8]) {
        if bytes.matches(PNGChunks.signature, at: 0) {
            self = .png
        } else if bytes.matches([0xFF, 0xD8, 0xFF], at: 0) {
            self = .jpeg
        } else if let movie = MovieSignature.format(of: bytes) {
            self = movie
        } else if bytes.matches(Array("ftyp".utf8), at: 4) {
            self = FileTypeBox.isAVIF(bytes) ? .avif : .heif
        } else if bytes.matches(Array("acsp".utf8), at: 36) {
            self = .icc
        } else if let stream = StreamSignature.format(of: bytes) {
            self = stream
        } else {
            return nil
        }
    }
}
