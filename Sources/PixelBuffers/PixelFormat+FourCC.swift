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

    /// Every format that has a CoreVideo FourCC, in the order of the table in PixelFormat+Catalog.swift.
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

}

extension PixelFormat: CustomStringConvertible {
    /// The FourCC in quotes when there is one, otherwise a short description such as `planar 4:2:0 10-bit low narrow`.
    public var description: String {
        if let f = fourCCString { return "'\(f)'" }
        let model = layout.name
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
