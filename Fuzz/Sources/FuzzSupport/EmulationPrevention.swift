/// H.264/H.265 emulation prevention for fuzz inputs built as NAL unit payloads: a 0x03 after two zero bytes before
/// any byte of 0…3, so that a start code never appears inside.
public enum EmulationPrevention {
    /// `bytes` with emulation-prevention bytes inserted.
    public static func escape(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for byte in bytes {
            if zeros >= 2, byte <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }
}
