extension TransferFunction {
    /// The transfer function of an ITU-T H.273 TransferCharacteristics code point (Table 3).
    ///
    /// Codes 1 (BT.709), 6 (BT.601) and 14 (BT.2020 10-bit) are the same function, ``bt709``; 15 is
    /// ``bt2020TwelveBit``; 4 and 5 are gamma 2.2 and 2.8. Returns nil for 2 (unspecified) and for the reserved codes
    /// 0, 3 and 19 and above (and for negative values).
    public init?(cicp code: Int) {
        switch code {
        case 1, 6, 14: self = .bt709
        case 4: self = .gamma22
        case 5: self = .gamma28
        case 7: self = .smpte240m
        case 8: self = .linear
        case 9: self = .log100
        case 10: self = .log100Sqrt10
        case 11: self = .iec61966_2_4
        case 12: self = .bt1361
        case 13: self = .srgb
        case 15: self = .bt2020TwelveBit
        case 16: self = .pq
        case 17: self = .st428
        case 18: self = .hlg
        default: return nil
        }
    }

    /// The ITU-T H.273 TransferCharacteristics code point of this function, or nil when it has none.
    ///
    /// ``bt709`` gives 1 (the first of 1, 6 and 14). Gamma 2.2 and 2.8 give 4 and 5; other exponents, and BT.1886
    /// (an EOTF H.273 does not code), give nil.
    public var cicp: Int? {
        switch self {
        case .bt709: 1
        case .gamma(let g) where g == 2.2: 4
        case .gamma(let g) where g == 2.8: 5
        case .gamma, .bt1886: nil
        case .smpte240m: 7
        case .linear: 8
        case .log100: 9
        case .log100Sqrt10: 10
        case .iec61966_2_4: 11
        case .bt1361: 12
        case .srgb: 13
        case .bt2020TwelveBit: 15
        case .pq: 16
        case .st428: 17
        case .hlg: 18
        }
    }
}
