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

    public var description: String { rawValue }

    /// File name extensions (lower case) that `validate` picks up when it walks folders.
    public static let knownExtensions: Set<String> = [
        "png", "jpg", "jpeg", "heic", "heif", "hif", "avif", "icc", "icm",
    ]

    /// The format whose signature `bytes` start with, or nil.
    public init?(signatureOf bytes: [UInt8]) {
        if bytes.matches(PNGReader.signature, at: 0) {
            self = .png
        } else if bytes.matches([0xFF, 0xD8, 0xFF], at: 0) {
            self = .jpeg
        } else if bytes.matches(Array("ftyp".utf8), at: 4) {
            self = ISOBMFFReader.isAVIF(bytes) ? .avif : .heif
        } else if bytes.matches(Array("acsp".utf8), at: 36) {
            self = .icc
        } else {
            return nil
        }
    }
}
