/// Why an item property, an item payload or a parameter set cannot be read: the reason, for
/// ``ImageFileError/corrupt(path:format:reason:)`` or ``ImageFileError/unsupportedContent(path:format:reason:)``.
struct ItemParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. "'clap' crop X offset 3/2 is not an integer".
    var reason: String

    init(_ reason: String) { self.reason = reason }

    var description: String { reason }
}

/// A bounds-checked reader of big-endian fields (ISO/IEC 14496-12 byte order) over a slice of a file: every read
/// checks the remaining length first and throws ``ItemParseError`` instead of trapping.
struct ByteReader {
    /// The bytes read, with their own (file) indices.
    let bytes: ArraySlice<UInt8>
    /// The index of the next byte.
    private(set) var position: Int
    /// What the bytes are, for messages ("'clap' property").
    let what: String

    init(_ bytes: ArraySlice<UInt8>, what: String) {
        self.bytes = bytes
        self.position = bytes.startIndex
        self.what = what
    }

    /// The bytes not yet read.
    var remaining: Int { bytes.endIndex - position }

    /// Throws unless `count` more bytes are available.
    func need(_ count: Int) throws(ItemParseError) {
        guard count >= 0, count <= remaining else {
            throw ItemParseError(
                "\(what) is \(bytes.count) bytes, too short (needs \(count) more at byte \(position - bytes.startIndex))"
            )
        }
    }

    mutating func u8() throws(ItemParseError) -> UInt8 {
        try need(1)
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() throws(ItemParseError) -> UInt16 {
        try need(2)
        defer { position += 2 }
        return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
    }

    mutating func u32() throws(ItemParseError) -> UInt32 {
        try need(4)
        defer { position += 4 }
        var value: UInt32 = 0
        for i in 0..<4 { value = value << 8 | UInt32(bytes[position + i]) }
        return value
    }

    mutating func i32() throws(ItemParseError) -> Int32 { Int32(bitPattern: try u32()) }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws(ItemParseError) -> ArraySlice<UInt8> {
        try need(count)
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func skip(_ count: Int) throws(ItemParseError) { _ = try take(count) }

    /// The rest of the bytes.
    mutating func rest() -> ArraySlice<UInt8> {
        defer { position = bytes.endIndex }
        return bytes[position...]
    }

    /// A full box's version and flags (ISO/IEC 14496-12 §4.2).
    mutating func versionAndFlags() throws(ItemParseError) -> (version: UInt8, flags: UInt32) {
        let word = try u32()
        return (UInt8(word >> 24), word & 0xFF_FFFF)
    }
}
