extension CICP {
    /// A code point of one CICP field: any value 0 … 255, defined, unspecified (2) or reserved.
    ///
    /// The conforming types are open enumerations: their named constants (`.bt2020`, `.pq` …) cover every code H.273
    /// defines, and `init(rawValue:)` accepts any byte so that reserved codes read from a file stay representable.
    /// Whether a code is defined comes from the names table (``CICP/nameTable``).
    public protocol CodePoint: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral
    where IntegerLiteralType == UInt8 {
        /// The field this type codes.
        static var field: CICP.Field { get }
        /// The raw code, 0 … 255.
        var rawValue: UInt8 { get }
        /// Creates a code point from any raw code.
        init(rawValue: UInt8)
    }

    /// How H.273 classifies a code.
    public enum CodeStatus: String, Hashable, Sendable, CustomStringConvertible {
        /// A code with a meaning.
        case defined
        /// Code 2: "image characteristics are unknown or are determined by the application". Not an error.
        case unspecified
        /// A code "reserved for future use by ITU-T | ISO/IEC"; a conforming file does not use it.
        case reserved

        public var description: String { rawValue }
    }
}

extension CICP.CodePoint {
    @inlinable
    public init(integerLiteral value: UInt8) { self.init(rawValue: value) }

    /// How H.273 classifies this code: defined, unspecified (2) or reserved.
    public var status: CICP.CodeStatus {
        if rawValue == 2 { return .unspecified }
        return CICP.NameIndex.shared.isDefined(Self.field, rawValue) ? .defined : .reserved
    }

    /// Whether the code is reserved (an error in a conforming file).
    public var isReserved: Bool { status == .reserved }
    /// Whether the code is 2, unspecified.
    public var isUnspecified: Bool { rawValue == 2 }
    /// Whether the code has a defined meaning (neither reserved nor unspecified).
    public var isDefined: Bool { status == .defined }

    /// Every defined code of this field in ascending order (unspecified and reserved codes excluded).
    public static var allDefined: [Self] {
        CICP.NameIndex.shared.definedCodes(field).map(Self.init(rawValue:))
    }

    /// The H.273 name, or "unspecified" / "reserved (n)".
    public var displayName: String {
        switch status {
        case .reserved: "reserved (\(rawValue))"
        case .unspecified: "unspecified"
        case .defined: name(in: .h273) ?? "\(rawValue)"
        }
    }

    /// The code and its H.273 name, e.g. `"16 (SMPTE ST 2084)"`.
    public var description: String { "\(rawValue) (\(displayName))" }
}

// MARK: - ColourPrimaries

extension CICP {
    /// H.273 ColourPrimaries (Table 2). Codes 0, 3, 13–21 and 23–255 are reserved.
    public struct ColorPrimaries: CodePoint, RawRepresentable {
        public static let field = CICP.Field.colorPrimaries
        public let rawValue: UInt8
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// 1: Rec. ITU-R BT.709-6, IEC 61966-2-1 sRGB.
        public static let bt709: Self = 1
        /// 2: unspecified.
        public static let unspecified: Self = 2
        /// 4: Rec. ITU-R BT.470-6 System M (NTSC 1953), illuminant C.
        public static let bt470M: Self = 4
        /// 5: Rec. ITU-R BT.470-6 System B, G; BT.601-7 625-line (PAL, SECAM).
        public static let bt470BG: Self = 5
        /// 6: SMPTE ST 170; BT.601-7 525-line (NTSC). Functionally the same as 7.
        public static let smpte170M: Self = 6
        /// 7: SMPTE ST 240. Functionally the same as 6.
        public static let smpte240M: Self = 7
        /// 8: generic film (Wratten 25, 58, 47 filters), illuminant C.
        public static let genericFilm: Self = 8
        /// 9: Rec. ITU-R BT.2020-2 and BT.2100-2.
        public static let bt2020: Self = 9
        /// 10: SMPTE ST 428-1, CIE 1931 XYZ.
        public static let xyz: Self = 10
        /// 11: SMPTE RP 431-2, DCI-P3 with the DCI white.
        public static let dciP3: Self = 11
        /// 12: SMPTE EG 432-1, P3-D65 (Apple's Display P3 primaries).
        public static let displayP3: Self = 12
        /// 22: EBU Tech. 3213-E (JEDEC P22 phosphors).
        public static let ebu3213: Self = 22
    }
}

// MARK: - TransferCharacteristics

extension CICP {
    /// H.273 TransferCharacteristics (Table 3). Codes 0, 3 and 19–255 are reserved; 1, 6, 14 and 15 are
    /// functionally the same curve.
    public struct TransferCharacteristics: CodePoint, RawRepresentable {
        public static let field = CICP.Field.transferCharacteristics
        public let rawValue: UInt8
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// 1: Rec. ITU-R BT.709-6.
        public static let bt709: Self = 1
        /// 2: unspecified.
        public static let unspecified: Self = 2
        /// 4: assumed display gamma 2.2 (BT.470-6 System M).
        public static let gamma22: Self = 4
        /// 5: assumed display gamma 2.8 (BT.470-6 System B, G).
        public static let gamma28: Self = 5
        /// 6: Rec. ITU-R BT.601-7, SMPTE ST 170 (the BT.709 curve).
        public static let bt601: Self = 6
        /// 7: SMPTE ST 240.
        public static let smpte240M: Self = 7
        /// 8: linear.
        public static let linear: Self = 8
        /// 9: logarithmic, 100:1 range.
        public static let log100: Self = 9
        /// 10: logarithmic, 100·√10:1 range.
        public static let log100Sqrt10: Self = 10
        /// 11: IEC 61966-2-4 (xvYCC).
        public static let iec61966_2_4: Self = 11
        /// 12: Rec. ITU-R BT.1361-0 extended colour gamut system.
        public static let bt1361: Self = 12
        /// 13: IEC 61966-2-1 sRGB / sYCC.
        public static let sRGB: Self = 13
        /// 14: Rec. ITU-R BT.2020-2, 10-bit system (the BT.709 curve).
        public static let bt2020TenBit: Self = 14
        /// 15: Rec. ITU-R BT.2020-2, 12-bit system (the BT.709 curve).
        public static let bt2020TwelveBit: Self = 15
        /// 16: SMPTE ST 2084, BT.2100 perceptual quantiser (PQ).
        public static let pq: Self = 16
        /// 17: SMPTE ST 428-1.
        public static let st428: Self = 17
        /// 18: ARIB STD-B67, BT.2100 hybrid log-gamma (HLG).
        public static let hlg: Self = 18
    }
}

// MARK: - MatrixCoefficients

extension CICP {
    /// H.273 MatrixCoefficients (Table 4). Codes 3 and 18–255 are reserved; 5 and 6 are functionally the same.
    public struct MatrixCoefficients: CodePoint, RawRepresentable {
        public static let field = CICP.Field.matrixCoefficients
        public let rawValue: UInt8
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// 0: identity (GBR, RGB content; also YZX for XYZ).
        public static let identity: Self = 0
        /// 1: Rec. ITU-R BT.709-6.
        public static let bt709: Self = 1
        /// 2: unspecified.
        public static let unspecified: Self = 2
        /// 4: US FCC Title 47 CFR 73.682 (a) (20).
        public static let fcc: Self = 4
        /// 5: Rec. ITU-R BT.470-6 System B, G; BT.601-7 625; sYCC. Functionally the same as 6.
        public static let bt470BG: Self = 5
        /// 6: Rec. ITU-R BT.601-7 525; SMPTE ST 170. Functionally the same as 5.
        public static let smpte170M: Self = 6
        /// 7: SMPTE ST 240.
        public static let smpte240M: Self = 7
        /// 8: YCgCo.
        public static let ycgco: Self = 8
        /// 9: Rec. ITU-R BT.2020-2 non-constant luminance; BT.2100 Y′CbCr.
        public static let bt2020NonConstantLuminance: Self = 9
        /// 10: Rec. ITU-R BT.2020-2 constant luminance.
        public static let bt2020ConstantLuminance: Self = 10
        /// 11: SMPTE ST 2085 Y′D′zD′x.
        public static let smpteST2085: Self = 11
        /// 12: chromaticity-derived non-constant luminance system.
        public static let chromaticityDerivedNonConstantLuminance: Self = 12
        /// 13: chromaticity-derived constant luminance system.
        public static let chromaticityDerivedConstantLuminance: Self = 13
        /// 14: Rec. ITU-R BT.2100-2 ICtCp (the PQ or HLG form follows TransferCharacteristics 16 or 18).
        public static let ictcp: Self = 14
        /// 15: SMPTE ST 2128 IPT-C2.
        public static let iptC2: Self = 15
        /// 16: YCgCo-R with an even bit-depth increase (YCgCo-Re).
        public static let ycgcoRe: Self = 16
        /// 17: YCgCo-R with an odd bit-depth increase (YCgCo-Ro).
        public static let ycgcoRo: Self = 17
    }
}
