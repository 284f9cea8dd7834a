/// H.264/H.265 emulation prevention (H.265 §7.4.2, H.264 §7.4.1): how an RBSP goes into a NAL unit without forming
/// a start code, and back.
public enum EmulationPrevention {
    /// `payload` with emulation-prevention bytes: 0x03 after two zero bytes that a byte ≤ 3 follows, as a writer puts
    /// an RBSP in a NAL unit; ``unescape(_:)`` undoes it.
    public static func escape(_ payload: some Sequence<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for byte in payload {
            if zeros >= 2, byte <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }

    /// `payload` without its emulation-prevention bytes: every 0x03 that follows two zero bytes is dropped.
    public static func unescape(_ payload: some Sequence<UInt8>) -> [UInt8] {
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
        return out
    }
}
