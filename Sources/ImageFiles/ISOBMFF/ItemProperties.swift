import SignalCoding

// The small item properties of ISO/IEC 23008-12 §6.5, parsed from a property payload (the bytes after the box
// header, as `ISOBMFFItemGraph.Property.payload` gives them). Larger ones have files of their own: `clap`
// (CleanApertureBox.swift), `hvcC` (HEVCConfiguration.swift), `av1C` (AV1Configuration.swift).

/// `ispe` (§6.5.3): the reconstructed image's width and height in pixels, before transformative properties.
struct ImageSpatialExtents: Hashable, Sendable {
    var width: Int
    var height: Int

    init(payload: ArraySlice<UInt8>) throws(ItemParseError) {
        var reader = ByteReader(payload, what: "'ispe' property")
        _ = try reader.versionAndFlags()
        width = Int(try reader.u32())
        height = Int(try reader.u32())
    }
}

/// `pixi` (§6.5.6): the bits per channel of the reconstructed image.
struct PixelInformation: Hashable, Sendable {
    /// One bit depth per channel (1 for monochrome, 3 for Y′CbCr).
    var bitDepths: [Int]

    init(payload: ArraySlice<UInt8>) throws(ItemParseError) {
        var reader = ByteReader(payload, what: "'pixi' property")
        _ = try reader.versionAndFlags()
        let count = Int(try reader.u8())
        bitDepths = try reader.take(count).map { Int($0) }
    }
}

/// `irot` (§6.5.10): a rotation anticlockwise by `quarterTurns` × 90°.
struct ImageRotation: Hashable, Sendable {
    /// 0 … 3 (the low two bits of the byte; the six above are reserved).
    var quarterTurns: Int

    init(payload: ArraySlice<UInt8>) throws(ItemParseError) {
        var reader = ByteReader(payload, what: "'irot' property")
        quarterTurns = Int(try reader.u8() & 3)
    }
}

/// `imir` (§6.5.12 as amended by ISO/IEC 23008-12:2017/Amd 2, whose `mode` replaced the 2017 text's `axis`): mode 0
/// exchanges the top and bottom (mirroring about a horizontal axis), mode 1 exchanges left and right (about a vertical
/// axis).
///
/// The 2017 text ("axis specifies a vertical (axis = 0) or horizontal (axis = 1) axis") was read both ways; the
/// amendment settled it on what iPhones, libheif and ImageMagick did (MPEGGroup/FileFormat#22, libavif PR #665):
/// libheif 1.15 (`heif_transform_mirror_direction_vertical` for 0) and libavif 0.11 (`imir.mode`, avifenc
/// "--imir 0 = top-to-bottom") both flip top and bottom for 0.
struct ImageMirror: Hashable, Sendable {
    /// 0: top ↔ bottom; 1: left ↔ right.
    var mode: Int

    /// Whether the image's left and right are exchanged (mode 1); else top and bottom (mode 0).
    var exchangesLeftAndRight: Bool { mode == 1 }

    init(payload: ArraySlice<UInt8>) throws(ItemParseError) {
        var reader = ByteReader(payload, what: "'imir' property")
        mode = Int(try reader.u8() & 1)
    }
}

/// `colr` of type `nclx` (ISO/IEC 14496-12 §12.1.5): the container's ITU-T H.273 code points, which override the
/// bitstream's.
enum ColourInformation {
    /// The code points of an `nclx` payload, or `nil` for the other colour types (`prof`, `rICC`, …).
    static func nclx(payload: ArraySlice<UInt8>) throws(ItemParseError) -> CICP? {
        var reader = ByteReader(payload, what: "'colr' property")
        let type = try reader.take(4)
        guard Array(type) == Array("nclx".utf8) else { return nil }
        let primaries = try reader.u16()
        let transfer = try reader.u16()
        let matrix = try reader.u16()
        let flags = try reader.u8()
        guard primaries <= 255, transfer <= 255, matrix <= 255 else {
            throw ItemParseError("the 'nclx' code points \(primaries)/\(transfer)/\(matrix) exceed 255 (ITU-T H.273)")
        }
        return CICP(
            colourPrimaries: UInt8(primaries), transferCharacteristics: UInt8(transfer),
            matrixCoefficients: UInt8(matrix), videoFullRange: flags & 0x80 != 0)
    }
}

/// `auxC` (§6.5.8): the type of an auxiliary image, e.g. `urn:mpeg:mpegB:cicp:systems:auxiliary:alpha` or Apple's
/// `urn:com:apple:photo:2020:aux:hdrgainmap`.
struct AuxiliaryType: Hashable, Sendable {
    /// The URN, up to its NUL (Latin-1; at most 1024 bytes are read).
    var urn: String

    init(payload: ArraySlice<UInt8>) throws(ItemParseError) {
        var reader = ByteReader(payload, what: "'auxC' property")
        _ = try reader.versionAndFlags()
        let text = reader.rest().prefix(1024).prefix { $0 != 0 }
        urn = String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) }))
    }
}

/// `a1op` (AV1 Image File Format §2.3.2.3.1): the operating point of a scalable AV1 item.
struct AV1OperatingPoint: Hashable, Sendable {
    /// The operating point index (0 … 31).
    var index: Int

    init(payload: ArraySlice<UInt8>) throws(ItemParseError) {
        var reader = ByteReader(payload, what: "'a1op' property")
        index = Int(try reader.u8())
        guard index <= 31 else { throw ItemParseError("'a1op' names operating point \(index); AV1 has 0 … 31") }
    }
}

/// `lsel` (ISO/IEC 23008-12 §6.5.11): the layer of a layered item to output; 0xFFFF means the image reconstructed from
/// all layers (for AV1, the highest spatial layer of the operating point).
struct LayerSelector: Hashable, Sendable {
    /// `layer_id`, or `nil` for 0xFFFF.
    var layer: Int?

    init(payload: ArraySlice<UInt8>) throws(ItemParseError) {
        var reader = ByteReader(payload, what: "'lsel' property")
        let value = try reader.u16()
        layer = value == 0xFFFF ? nil : Int(value)
    }
}
