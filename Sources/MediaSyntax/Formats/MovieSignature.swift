/// Tells movies from images by their first bytes: the `ftyp` brands (a HEIF or AVIF image and an MP4 movie both start
/// with `ftyp`), the first box of an old QuickTime file, or the EBML magic of Matroska and WebM.
package enum MovieSignature {
    /// `ftyp` brands of movie files (ISO/IEC 14496-12/-14/-15, 3GPP, DASH, Apple).
    static let movieBrands: Set<String> = [
        "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42", "mp71", "avc1",
        "dash", "cmfc", "cmf2", "msdh", "msix", "qt  ", "M4V ", "M4VH", "M4VP", "M4A ", "f4v ", "XAVC", "MSNV",
        "3gp4", "3gp5", "3gp6", "3gp7", "3g2a", "3g2b", "3g2c", "hvc1", "av01", "dby1", "mp4v",
    ]

    /// `ftyp` brands of HEIF and AVIF images and image sequences (ISO/IEC 23008-12, MIAF, AV1 Image File Format),
    /// which the image reader handles.
    static let imageBrands: Set<String> = [
        "mif1", "mif2", "msf1", "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "avif", "avis",
        "avio", "miaf", "MiHA", "MiHB", "MiHE", "MiPr", "MA1A", "MA1B", "jpeg", "jpgs", "vvic", "vvis",
    ]

    /// First boxes of QuickTime files written without `ftyp`.
    static let quickTimeFirstBoxes: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    /// The EBML header's ID, the first four bytes of every Matroska and WebM file.
    static let ebmlMagic: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]

    /// The movie format `bytes` (the start of a file) are, or nil for anything else (images, profiles).
    package static func format(of bytes: [UInt8]) -> MediaFileFormat? {
        if bytes.matches(ebmlMagic, at: 0) { return .matroska }
        guard bytes.count >= 8 else { return nil }
        let type = Bytes.fourCC(bytes[4..<8])
        if type == "ftyp" {
            let brands = FileTypeBox.brands(bytes)
            guard let major = brands.first else { return nil }
            if imageBrands.contains(major) { return nil }
            if major == "qt  " { return .mov }
            if movieBrands.contains(major) { return .mp4 }
            let compatible = brands.dropFirst()
            if compatible.contains(where: imageBrands.contains) { return nil }
            if compatible.contains("qt  ") { return .mov }
            return compatible.contains(where: movieBrands.contains) ? .mp4 : nil
        }
        // An old QuickTime file: a plausible first box of a movie type, and not an ICC profile ('acsp' at 36).
        guard quickTimeFirstBoxes.contains(type), !bytes.matches(Array("acsp".utf8), at: 36),
            let size = bytes.u32(0), size == 0 || size == 1 || size >= 8
        else { return nil }
        return .mov
    }
}
