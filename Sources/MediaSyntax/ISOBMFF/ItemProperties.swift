internal import SignalCoding

// The small item properties of ISO/IEC 23008-12 §6.5, parsed from a property payload (the bytes after the box
// header, as `ISOBMFFItemGraph.Property.payload` gives them). Larger ones have files of their own: `clap`
// (CleanApertureBox.swift), `hvcC` (HEVCConfiguration.swift), `av1C` (AV1Configuration.swift).

/// `ispe` (§6.5.3): the reconstructed image's width and height in pixels, before transformative properties.
package struct ImageSpatialExtents: Hashable, Sendable {
    package var width: Int
    package var height: Int

    package init(payload: ArraySlice<UInt8>) throws(SyntaxError) {
        var reader = ByteReader(payload, what: "'ispe' property")
        _ = try reader.versionAndFlags()
        width = Int(try reader.u32())
        height = Int(try reader.u32())
    }
}

/// `pixi` (§6.5.6): the bits per channel of the reconstructed image.
package struct PixelInformation: Hashable, Sendable {
    /// One bit depth per channel (1 for monochrome, 3 for Y′CbCr).
    package var bitDepths: [Int]

    package init(payload: ArraySlice<UInt8>) throws(SyntaxError) {
        var reader = ByteReader(payload, what: "'pixi' property")
        _ = try reader.versionAndFlags()
        let count = Int(try reader.u8())
        bitDepths = try reader.take(count).map { Int($0) }
    }
}

/// `irot` (§6.5.10): a rotation anticlockwise by `quarterTurns` × 90°.
package struct ImageRotation: Hashable, Sendable {
    /// 0 … 3 (the low two bits of the byte; the six above are reserved).
    package var quarterTurns: Int

    package init(payload: ArraySlice<UInt8>) throws(SyntaxError) {
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
package struct ImageMirror: Hashable, Sendable {
    /// 0: top ↔ bottom; 1: left ↔ right.
    package var mode: Int

    /// Whether the image's left and right are exchanged (mode 1); else top and bottom (mode 0).
    package var exchangesLeftAndRight: Bool { mode == 1 }

    package init(payload: ArraySlice<UInt8>) throws(SyntaxError) {
        var reader = ByteReader(payload, what: "'imir' property")
        mode = Int(try reader.u8() & 1)
    }
}

/// `auxC` (§6.5.8): the type of an auxiliary image, e.g. `urn:mpeg:mpegB:cicp:systems:auxiliary:alpha` or Apple's
/// `urn:com:apple:photo:2020:aux:hdrgainmap`.
package struct AuxiliaryType: Hashable, Sendable {
    /// The URN, up to its NUL (Latin-1; at most 1024 bytes are read).
    package var urn: String

    package init(payload: ArraySlice<UInt8>) throws(SyntaxError) {
        var reader = ByteReader(payload, what: "'auxC' property")
        _ = try reader.versionAndFlags()
        let text = reader.rest().prefix(1024).prefix { $0 != 0 }
        urn = String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) }))
    }
}

/// `a1op` (AV1 Image File Format §2.3.2.3.1): the operating point of a scalable AV1 item.
package struct AV1OperatingPoint: Hashable, Sendable {
    /// The operating point index (0 … 31).
    package var index: Int

    package init(payload: ArraySlice<UInt8>) throws(SyntaxError) {
        var reader = ByteReader(payload, what: "'a1op' property")
        index = Int(try reader.u8())
        guard index <= 31 else { throw SyntaxError("'a1op' names operating point \(index); AV1 has 0 … 31") }
    }
}

/// `lsel` (ISO/IEC 23008-12 §6.5.11): the layer of a layered item to output; 0xFFFF means the image reconstructed from
/// all layers (for AV1, the highest spatial layer of the operating point).
package struct LayerSelector: Hashable, Sendable {
    /// `layer_id`, or `nil` for 0xFFFF.
    package var layer: Int?

    package init(payload: ArraySlice<UInt8>) throws(SyntaxError) {
        var reader = ByteReader(payload, what: "'lsel' property")
        let value = try reader.u16()
        layer = value == 0xFFFF ? nil : Int(value)
    }
}
