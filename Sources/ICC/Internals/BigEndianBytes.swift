/// Big-endian field access on profile bytes (ICC.1:2022 §4.2: all numbers are big-endian). Callers check bounds first.
extension Array where Element == UInt8 {
    func uint32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
            | UInt32(self[offset + 3])
    }

    func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    /// An s15Fixed16Number (§4.6) as a Double.
    func s15Fixed16(at offset: Int) -> Double {
        Double(Int32(bitPattern: uint32(at: offset))) / 65536
    }

    func signature(at offset: Int) -> ICCSignature { ICCSignature(rawValue: uint32(at: offset)) }

    mutating func setUInt32(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { self[offset + i] = UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * i)) }
    }
}
