import MediaSyntax

/// Reads the colour tags of HEIF and AVIF files (ISO/IEC 14496-12 boxes, ISO/IEC 23008-12 items): per image item the
/// `colr` boxes (`nclx` → CICP with the full-range flag, `prof`/`rICC` → ICC), `pixi`, `clli`, `mdcv`, `ispe`,
/// `av1C` (bit depth and the sequence header's colour config), `auxC`, and the ISO 21496-1 payload of `tmap` items.
struct ISOBMFFReader {
    let bytes: [UInt8]
    let limits: ReadLimits
    let format: ImageFileFormat
    var problems: [ReadProblem] = []
    var walker: ISOBMFFBoxWalker
    /// ICC profiles of `colr` properties already parsed, by property index: items sharing a property (or naming it
    /// many times) parse it once.
    var parsedProfiles: [Int: EmbeddedICCProfile] = [:]

    init(bytes: [UInt8], limits: ReadLimits, format: ImageFileFormat) {
        self.bytes = bytes
        self.limits = limits
        self.format = format
        walker = ISOBMFFBoxWalker(limits: limits)
    }

    typealias Box = ISOBMFFBox

    /// Whether the `ftyp` box names AVIF as the major brand or (without HEIC brands) a compatible brand.
    static func isAVIF(_ bytes: [UInt8]) -> Bool {
        let brands = ftypBrands(bytes, in: 0..<bytes.count)
        if let major = brands.first, major == "avif" || major == "avis" { return true }
        return brands.contains("avif") && !brands.contains("heic") && !brands.contains("heix")
    }

    /// The major brand followed by the compatible brands of the first box, if it is `ftyp`.
    static func ftypBrands(_ bytes: [UInt8], in range: Range<Int>) -> [String] {
        guard bytes.matches(Array("ftyp".utf8), at: range.lowerBound + 4), let size = bytes.u32(range.lowerBound),
            size >= 16, let box = Bytes.range(range.lowerBound, Int(size), within: bytes.count)
        else { return [] }
        var brands = [Bytes.fourCC(bytes[(box.lowerBound + 8)..<(box.lowerBound + 12)])]
        var position = box.lowerBound + 16
        while position + 4 <= box.upperBound {
            brands.append(Bytes.fourCC(bytes[position..<(position + 4)]))
            position += 4
        }
        return brands
    }
}
