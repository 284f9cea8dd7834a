/// Big-endian field writers for the container structures ImageFiles assembles (JPEG segments, MPF, ISO 21496-1).
extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt16) {
        append(UInt8(value >> 8))
        append(UInt8(value & 0xFF))
    }

    mutating func appendBigEndian(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    mutating func appendBigEndian(_ value: Int32) { appendBigEndian(UInt32(bitPattern: value)) }

    /// Overwrites four bytes at `offset` with a big-endian value.
    mutating func setBigEndian(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { self[offset + i] = UInt8((value >> UInt32(24 - 8 * i)) & 0xFF) }
    }
}
