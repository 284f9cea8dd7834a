/// AV1's variable-length unsigned integers (AV1 specification §4.10.5): 7 bits per byte, least significant first, the
/// top bit set on every byte but the last; at most 8 bytes. OBU sizes and metadata types use them.
package enum LEB128 {
    /// The value at the start of `bytes` and the bytes it took; nil when it runs past `bytes` or past 8 bytes.
    package static func read(_ bytes: ArraySlice<UInt8>) -> (value: Int, length: Int)? {
        var value = 0
        for (index, byte) in bytes.prefix(8).enumerated() {
            value |= Int(byte & 0x7F) << (7 * index)
            if byte & 0x80 == 0 { return (value, index + 1) }
        }
        return nil
    }

    /// Appends `value` (≥ 0) in the fewest bytes.
    package static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = value
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            bytes.append(rest > 0 ? low | 0x80 : low)
        } while rest > 0
    }
}
