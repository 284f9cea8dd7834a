/// A bounds-checked reader of big-endian fields (ISO/IEC 14496-12 byte order) over a slice of a file: every read
/// checks the remaining length first and throws ``SyntaxError`` instead of trapping.
package struct ByteReader {
    /// The bytes read, with their own (file) indices.
    package let bytes: ArraySlice<UInt8>
    /// The index of the next byte.
    package private(set) var position: Int
    /// What the bytes are, for messages ("'clap' property").
    package let what: String

    package init(_ bytes: ArraySlice<UInt8>, what: String) {
        self.bytes = bytes
        self.position = bytes.startIndex
        self.what = what
    }

    /// The bytes not yet read.
    package var remaining: Int { bytes.endIndex - position }

    /// Throws unless `count` more bytes are available.
    package func need(_ count: Int) throws(SyntaxError) {
        guard count >= 0, count <= remaining else {
            throw SyntaxError(
                "\(what) is \(bytes.count) bytes, too short (needs \(count) more at byte \(position - bytes.startIndex))"
            )
        }
    }

    package mutating func u8() throws(SyntaxError) -> UInt8 {
        try need(1)
        defer { position += 1 }
        return bytes[position]
    }

    package mutating func u16() throws(SyntaxError) -> UInt16 {
        try need(2)
        defer { position += 2 }
        return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
    }

    package mutating func u32() throws(SyntaxError) -> UInt32 {
        try need(4)
        defer { position += 4 }
        var value: UInt32 = 0
        for i in 0..<4 { value = value << 8 | UInt32(bytes[position + i]) }
        return value
    }

    package mutating func i32() throws(SyntaxError) -> Int32 { Int32(bitPattern: try u32()) }

    /// The next `count` bytes.
    package mutating func take(_ count: Int) throws(SyntaxError) -> ArraySlice<UInt8> {
        try need(count)
        defer { position += count }
        return bytes[position..<position + count]
    }

    package mutating func skip(_ count: Int) throws(SyntaxError) { _ = try take(count) }

    /// The rest of the bytes.
    package mutating func rest() -> ArraySlice<UInt8> {
        defer { position = bytes.endIndex }
        return bytes[position...]
    }

    /// A full box's version and flags (ISO/IEC 14496-12 §4.2).
    package mutating func versionAndFlags() throws(SyntaxError) -> (version: UInt8, flags: UInt32) {
        let word = try u32()
        return (UInt8(word >> 24), word & 0xFF_FFFF)
    }
}
