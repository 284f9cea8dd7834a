/// The integer code range of a signal: full (0 … 2ⁿ − 1) or narrow ("video", "limited": 16 … 235 at 8 bits).
public enum SignalRange: Hashable, Sendable, CaseIterable {
    /// Full range: `D = round((2ⁿ − 1)·E′)` (ITU-R BT.2100 Table 9, H.273 VideoFullRangeFlag = 1).
    case full
    /// Narrow (video) range: `D = round((219·E′ + 16)·2ⁿ⁻⁸)` (ITU-R BT.2100 Table 9, H.273 VideoFullRangeFlag = 0).
    case narrow
}
