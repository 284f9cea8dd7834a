/// The HLS `VIDEO-RANGE` class of a video (RFC 8216bis §4.4.6.2, Apple's HLS authoring specification): what a
/// multivariant playlist must declare for the stream.
public enum VideoRange: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// TransferCharacteristics 1, 6, 13, 14 or 15.
    case sdr = "SDR"
    /// TransferCharacteristics 16 (PQ), or Dolby Vision profile 5 (PQ without a compatible base layer).
    case pq = "PQ"
    /// TransferCharacteristics 18 (HLG).
    case hlg = "HLG"

    public var description: String { rawValue }

    /// The class of an effective transfer code (after the alternative transfer SEI), or nil when the code names no
    /// class (unspecified, linear, log …).
    public init?(transfer: UInt8?, dolbyVisionProfile: UInt8? = nil) {
        if dolbyVisionProfile == 5 {
            self = .pq
            return
        }
        switch transfer {
        case 1, 6, 13, 14, 15: self = .sdr
        case 16: self = .pq
        case 18: self = .hlg
        default: return nil
        }
    }
}
