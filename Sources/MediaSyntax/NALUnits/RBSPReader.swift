/// Reads the raw byte sequence payload of an HEVC or H.264 NAL unit (H.265 §7.3.1.1, H.264 §7.3.1) bit by bit, most
/// significant bit first: emulation-prevention bytes (`00 00 03` → `00 00`) are removed on creation, and every read
/// past the end throws ``SyntaxError`` naming what was being read, instead of trapping.
package struct RBSPReader {
    private let bytes: [UInt8]
    private var position = 0  // in bits

    /// A reader of `payload`: the NAL unit after its header (2 bytes in HEVC, 1 in H.264).
    package init(_ payload: some Sequence<UInt8>) {
        bytes = EmulationPrevention.unescape(payload)
    }

    /// A reader of bytes that hold no emulation-prevention bytes any more (already unescaped).
    package init(unescaped bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Bits read so far.
    package var bitPosition: Int { position }

    /// Bits not read yet.
    package var remainingBits: Int { bytes.count * 8 - position }

    /// `u(n)` for n ≤ 32; `what` names the syntax element for the error.
    package mutating func bits(_ count: Int, _ what: @autoclosure () -> String = "a field") throws(SyntaxError)
        -> UInt32
    {
        guard count >= 0, count <= 32, count <= remainingBits else {
            throw SyntaxError(
                "it ends inside \(what()) (\(count) bits wanted, \(Swift.max(0, remainingBits)) left)")
        }
        var value: UInt32 = 0
        for _ in 0..<count {
            value = value << 1 | UInt32((bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1)
            position += 1
        }
        return value
    }

    /// `u(1)` as a flag.
    package mutating func flag(_ what: @autoclosure () -> String = "a flag") throws(SyntaxError) -> Bool {
        try bits(1, what()) == 1
    }

    /// Skips `count` bits.
    package mutating func skip(_ count: Int, _ what: @autoclosure () -> String = "reserved bits")
        throws(SyntaxError)
    {
        guard count >= 0, count <= remainingBits else {
            throw SyntaxError(
                "it ends inside \(what()) (\(count) bits to skip, \(Swift.max(0, remainingBits)) left)")
        }
        position += count
    }

    /// `ue(v)`: unsigned Exp-Golomb (H.265 §9.2), at most 2³² − 2.
    package mutating func ue(_ what: @autoclosure () -> String = "an Exp-Golomb code") throws(SyntaxError)
        -> UInt32
    {
        var zeros = 0
        while try !flag(what()) {
            zeros += 1
            guard zeros < 32 else { throw SyntaxError("\(what()) has more than 31 leading zero bits") }
        }
        let suffix = try bits(zeros, what())
        return UInt32((UInt64(1) << UInt64(zeros)) - 1 + UInt64(suffix))
    }

    /// `ue(v)` that must not exceed `maximum` (the standard's bound), as an `Int`.
    package mutating func ue(_ what: String, maximum: UInt32) throws(SyntaxError) -> Int {
        let value = try ue(what)
        guard value <= maximum else { throw SyntaxError("\(what) is \(value), above the allowed \(maximum)") }
        return Int(value)
    }

    /// `se(v)`: signed Exp-Golomb.
    package mutating func se(_ what: @autoclosure () -> String = "an Exp-Golomb code") throws(SyntaxError) -> Int64 {
        let k = Int64(try ue(what()))
        return k & 1 == 1 ? (k + 1) / 2 : -(k / 2)
    }
}
