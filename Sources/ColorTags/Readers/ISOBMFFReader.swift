import MediaSyntax

/// Reads the colour tags of HEIF and AVIF files (ISO/IEC 14496-12 boxes, ISO/IEC 23008-12 items): per image item the
/// `colr` boxes (`nclx` → CICP with the full-range flag, `prof`/`rICC` → ICC), `pixi`, `clli`, `mdcv`, `ispe`,
/// `av1C` (bit depth and the sequence header's colour config), `auxC`, and the ISO 21496-1 payload of `tmap` items.
struct ISOBMFFReader {
    let bytes: [UInt8]
    let limits: ReadLimits
    let format: MediaFileFormat
    var problems: [ReadProblem] = []
    var walker: ISOBMFFBoxWalker
    /// ICC profiles of `colr` properties already parsed, by property index: items sharing a property (or naming it
    /// many times) parse it once.
    var parsedProfiles: [Int: EmbeddedICCProfile] = [:]

    init(bytes: [UInt8], limits: ReadLimits, format: MediaFileFormat) {
        self.bytes = bytes
        self.limits = limits
        self.format = format
        walker = ISOBMFFBoxWalker(limits: limits)
    }

    typealias Box = ISOBMFFBox
}
