/// A bit reader over the raw byte sequence payload of an HEVC NAL unit (H.265 §7.3.1.1): emulation-prevention bytes
/// (`00 00 03` → `00 00`) are removed on creation; reads are most-significant bit first and throw at the end of the
/// data instead of trapping.
struct RBSPBitReader {
    private let bytes: [UInt8]
    private var bit = 0

    /// A reader of `payload`, the NAL unit after its two-byte header.
    init(nalPayload payload: some Sequence<UInt8>) {
        var out: [UInt8] = []
        var zeros = 0
        for byte in payload {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        bytes = out
    }

    /// The bits not yet read.
    var remainingBits: Int { bytes.count * 8 - bit }

    /// `u(1)`.
    mutating func flag() throws(ItemParseError) -> Bool { try bits(1) == 1 }

    /// `u(n)`, n ≤ 32.
    mutating func bits(_ count: Int) throws(ItemParseError) -> UInt32 {
        guard count >= 0, count <= 32, count <= remainingBits else {
            throw ItemParseError("the parameter set ends early (\(count) bits wanted, \(remainingBits) left)")
        }
        var value: UInt32 = 0
        for _ in 0..<count {
            value = value << 1 | UInt32((bytes[bit >> 3] >> (7 - UInt8(bit & 7))) & 1)
            bit += 1
        }
        return value
    }

    /// Skips `count` bits.
    mutating func skip(_ count: Int) throws(ItemParseError) {
        guard count >= 0, count <= remainingBits else {
            throw ItemParseError("the parameter set ends early (\(count) bits skipped, \(remainingBits) left)")
        }
        bit += count
    }

    /// `ue(v)`, Exp-Golomb (H.265 §9.2), up to 2³² − 2.
    mutating func ue() throws(ItemParseError) -> UInt32 {
        var zeros = 0
        while try !flag() {
            zeros += 1
            guard zeros < 32 else { throw ItemParseError("an Exp-Golomb code has more than 31 leading zeros") }
        }
        let suffix = try bits(zeros)
        return UInt32((UInt64(1) << UInt64(zeros)) - 1 + UInt64(suffix))
    }

    /// `se(v)`.
    mutating func se() throws(ItemParseError) -> Int64 {
        let k = Int64(try ue())
        return k & 1 == 1 ? (k + 1) / 2 : -(k / 2)
    }

    /// `ue(v)` checked against an upper bound the standard sets, naming the syntax element when it is exceeded.
    mutating func ue(_ name: String, maximum: UInt32) throws(ItemParseError) -> Int {
        let value = try ue()
        guard value <= maximum else { throw ItemParseError("SPS \(name) is \(value); at most \(maximum) is allowed") }
        return Int(value)
    }
}
