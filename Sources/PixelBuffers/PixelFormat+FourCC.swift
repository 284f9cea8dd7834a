import SignalCoding

extension PixelFormat {
    /// The CoreVideo pixel format type (an `OSType`, four ASCII characters, first character in the most significant
    /// byte), or `nil` when CoreVideo has no such format.
    public var fourCC: UInt32? {
        Self.fourCCTable.first { $0.format == self }.map { Self.code($0.fourCC) }
    }

    /// The FourCC as its four characters (e.g. `"x420"`), or `nil` when CoreVideo has no such format.
    public var fourCCString: String? {
        Self.fourCCTable.first { $0.format == self }?.fourCC
    }

    /// The format with the given CoreVideo pixel format type, or `nil` when it is not one this library supports.
    public init?(fourCC: UInt32) {
        guard let entry = Self.fourCCTable.first(where: { Self.code($0.fourCC) == fourCC }) else { return nil }
        self = entry.format
    }

    /// The format with the given four-character code (e.g. `"420v"`), or `nil` when it is unknown or not four
    /// ASCII characters.
    public init?(fourCC: String) {
        guard let entry = Self.fourCCTable.first(where: { $0.fourCC == fourCC }) else { return nil }
        self = entry.format
    }

    /// Every format that has a CoreVideo FourCC, in the order of the table in this file.
    public static var allWithFourCC: [PixelFormat] { fourCCTable.map(\.format) }

    /// The four characters of a pixel format type (`nil` unless all four bytes are printable ASCII).
    public static func fourCCString(_ code: UInt32) -> String? {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }
        guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func code(_ s: String) -> UInt32 {
        s.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// CoreVideo's names (CVPixelBuffer.h) for the formats this library supports, each the static of the same format
    /// in PixelFormat+Catalog.swift.
    static let fourCCTable: [(fourCC: String, format: PixelFormat)] = [
        ("RGBA", .rgba8),  // kCVPixelFormatType_32RGBA
        ("BGRA", .bgra8),  // kCVPixelFormatType_32BGRA
        ("l64r", .rgba16),  // kCVPixelFormatType_64RGBALE
        ("RGhA", .rgbaHalf),  // kCVPixelFormatType_64RGBAHalf
        ("RGfA", .rgbaFloat),  // kCVPixelFormatType_128RGBAFloat
        ("l10r", .argb2101010),  // kCVPixelFormatType_ARGB2101010LEPacked
        ("w30r", .xrgb2101010ExtendedRange),  // kCVPixelFormatType_30RGBLEPackedWideGamut
        ("R10k", .rgbx1010102BigEndian),  // kCVPixelFormatType_30RGB
        ("420v", .yuv420v),  // kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
        ("420f", .yuv420f),  // kCVPixelFormatType_420YpCbCr8BiPlanarFullRange
        ("422v", .yuv422v),  // kCVPixelFormatType_422YpCbCr8BiPlanarVideoRange
        ("422f", .yuv422f),  // kCVPixelFormatType_422YpCbCr8BiPlanarFullRange
        ("444v", .yuv444v),  // kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange
        ("444f", .yuv444f),  // kCVPixelFormatType_444YpCbCr8BiPlanarFullRange
        ("x420", .x420),  // kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange
        ("xf20", .xf20),  // kCVPixelFormatType_420YpCbCr10BiPlanarFullRange
        ("x422", .x422),  // kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange
        ("xf22", .xf22),  // kCVPixelFormatType_422YpCbCr10BiPlanarFullRange
        ("x444", .x444),  // kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange
        ("xf44", .xf44),  // kCVPixelFormatType_444YpCbCr10BiPlanarFullRange
        ("sv22", .sv22),  // kCVPixelFormatType_422YpCbCr16BiPlanarVideoRange
        ("sv44", .sv44),  // kCVPixelFormatType_444YpCbCr16BiPlanarVideoRange
        ("y420", .y420),  // kCVPixelFormatType_420YpCbCr8Planar (I420)
        ("f420", .f420),  // kCVPixelFormatType_420YpCbCr8PlanarFullRange
    ]
}

extension PixelFormat: CustomStringConvertible {
    /// The FourCC in quotes when there is one, otherwise a short description such as `planar 4:2:0 10-bit low narrow`.
    public var description: String {
        if let f = fourCCString { return "'\(f)'" }
        let model: String
        switch layout {
        case .rgba(let o): model = o == .rgba ? "RGBA" : "BGRA"
        case .packed10(let o): model = "packed10 \(o)"
        case .biplanar(let s): model = "biplanar \(s.name)"
        case .planar(let s): model = "planar \(s.name)"
        }
        let type = sampleType == .unsignedInteger ? "\(bitDepth)-bit" : (sampleType == .halfFloat ? "half" : "float")
        var align = ""
        if case .packed10 = layout {
        } else if sampleType == .unsignedInteger, bitDepth != 8, bitDepth != 16 {
            align = " \(alignment)-aligned"
        }
        let rangeText = range.map { " \($0)" } ?? ""
        return "\(model) \(type)\(align)\(rangeText)"
    }
}

extension PixelFormat.ChromaSubsampling {
    /// "4:4:4", "4:2:2" or "4:2:0".
    public var name: String {
        switch self {
        case .s444: "4:4:4"
        case .s422: "4:2:2"
        case .s420: "4:2:0"
        }
    }
}
