/// Coding-independent code points for video signal type identification (ITU-T H.273, ISO/IEC 23091-2): the four
/// numbers that PNG `cICP`, the ICC `cicp` tag, HEIF/AVIF `nclx`, AV1 and HEVC VUI use to say which colour a signal
/// means.
///
/// The fields hold the raw codes exactly as they appear in a file, so any value read can be represented, including
/// reserved codes. Use ``validate(_:)`` to reject reserved codes, the typed views ``primaries``, ``transfer`` and
/// ``matrix`` to name codes, and ``ColorSpace/init(cicp:)`` / ``init(colorSpace:matrix:range:)`` to convert.
///
/// The textual form (``description``) is the common `"9/16/0/1"` notation: primaries / transfer / matrix / range flag.
public struct CICP: Hashable, Sendable {
    /// H.273 ColourPrimaries (Table 2): the chromaticities of the primaries and white point.
    public var colorPrimaries: UInt8
    /// H.273 TransferCharacteristics (Table 3): the opto-electronic transfer characteristic.
    public var transferCharacteristics: UInt8
    /// H.273 MatrixCoefficients (Table 4): how luma and chroma derive from R′G′B′; 0 (identity) for RGB content.
    public var matrixCoefficients: UInt8
    /// H.273 VideoFullRangeFlag: `true` for full-range codes (0 … 2ⁿ − 1), `false` for narrow ("video") range.
    public var videoFullRange: Bool

    /// Creates a value from raw codes. No validation is done; see ``validate(_:)``.
    @inlinable
    public init(colorPrimaries: UInt8, transferCharacteristics: UInt8, matrixCoefficients: UInt8, videoFullRange: Bool)
    {
        self.colorPrimaries = colorPrimaries
        self.transferCharacteristics = transferCharacteristics
        self.matrixCoefficients = matrixCoefficients
        self.videoFullRange = videoFullRange
    }

    /// Creates a value from typed code points. The defaults describe RGB content: identity matrix, full range.
    @inlinable
    public init(
        primaries: ColorPrimaries,
        transfer: TransferCharacteristics,
        matrix: MatrixCoefficients = .identity,
        range: SignalRange = .full
    ) {
        self.init(
            colorPrimaries: primaries.rawValue, transferCharacteristics: transfer.rawValue,
            matrixCoefficients: matrix.rawValue, videoFullRange: range == .full)
    }

    /// The colour primaries as a typed code point.
    @inlinable
    public var primaries: ColorPrimaries {
        get { ColorPrimaries(rawValue: colorPrimaries) }
        set { colorPrimaries = newValue.rawValue }
    }

    /// The transfer characteristics as a typed code point.
    @inlinable
    public var transfer: TransferCharacteristics {
        get { TransferCharacteristics(rawValue: transferCharacteristics) }
        set { transferCharacteristics = newValue.rawValue }
    }

    /// The matrix coefficients as a typed code point.
    @inlinable
    public var matrix: MatrixCoefficients {
        get { MatrixCoefficients(rawValue: matrixCoefficients) }
        set { matrixCoefficients = newValue.rawValue }
    }

    /// The signal range the VideoFullRangeFlag selects.
    @inlinable
    public var range: SignalRange {
        get { videoFullRange ? .full : .narrow }
        set { videoFullRange = newValue == .full }
    }

    /// The fields of a CICP value, for errors and name lookup.
    public enum Field: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// ColourPrimaries (H.273 Table 2).
        case colorPrimaries = "ColourPrimaries"
        /// TransferCharacteristics (H.273 Table 3).
        case transferCharacteristics = "TransferCharacteristics"
        /// MatrixCoefficients (H.273 Table 4).
        case matrixCoefficients = "MatrixCoefficients"
        /// VideoFullRangeFlag (0 or 1).
        case videoFullRangeFlag = "VideoFullRangeFlag"

        /// The field's name as H.273 spells it, e.g. "ColourPrimaries".
        public var description: String { rawValue }

        /// Where H.273 defines the field's codes, e.g. "ITU-T H.273 Table 2".
        public var reference: String {
            switch self {
            case .colorPrimaries: "ITU-T H.273 Table 2"
            case .transferCharacteristics: "ITU-T H.273 Table 3"
            case .matrixCoefficients: "ITU-T H.273 Table 4"
            case .videoFullRangeFlag: "ITU-T H.273 VideoFullRangeFlag"
            }
        }
    }
}

// MARK: - Presets

extension CICP {
    /// sRGB (IEC 61966-2-1): 1/13/0/1. PNG and ICC spell sRGB this way.
    public static let sRGB = CICP(primaries: .bt709, transfer: .sRGB)
    /// Display P3 (P3-D65 primaries, sRGB curve): 12/13/0/1 (PNG 3rd edition example `0C 0D 00 01`).
    public static let displayP3 = CICP(primaries: .displayP3, transfer: .sRGB)
    /// Linear-light BT.709 / sRGB primaries: 1/8/0/1.
    public static let linearSRGB = CICP(primaries: .bt709, transfer: .linear)
    /// BT.709 RGB: 1/1/0/1.
    public static let bt709 = CICP(primaries: .bt709, transfer: .bt709)
    /// BT.2100 PQ as RGB: 9/16/0/1 (PNG 3rd edition example `09 10 00 01`).
    public static let bt2100PQ = CICP(primaries: .bt2020, transfer: .pq)
    /// BT.2100 HLG as RGB: 9/18/0/1 (PNG 3rd edition example `09 12 00 01`).
    public static let bt2100HLG = CICP(primaries: .bt2020, transfer: .hlg)
    /// Display P3 primaries with PQ, as RGB: 12/16/0/1.
    public static let displayP3PQ = CICP(primaries: .displayP3, transfer: .pq)
    /// Display P3 primaries with HLG, as RGB: 12/18/0/1.
    public static let displayP3HLG = CICP(primaries: .displayP3, transfer: .hlg)

    /// HD video, BT.709 Y′CbCr, narrow range: 1/1/1/0.
    public static let bt709Video = CICP(primaries: .bt709, transfer: .bt709, matrix: .bt709, range: .narrow)
    /// SD 525-line video (BT.601, SMPTE 170M), narrow range: 6/6/6/0.
    public static let bt601Video525 = CICP(
        primaries: .smpte170M, transfer: .bt601, matrix: .smpte170M, range: .narrow)
    /// SD 625-line video (BT.601, BT.470 B/G primaries), narrow range: 5/6/5/0.
    public static let bt601Video625 = CICP(primaries: .bt470BG, transfer: .bt601, matrix: .bt470BG, range: .narrow)
    /// UHD SDR video, BT.2020 non-constant-luminance Y′CbCr, narrow range: 9/14/9/0.
    public static let bt2020Video = CICP(
        primaries: .bt2020, transfer: .bt2020TenBit, matrix: .bt2020NonConstantLuminance, range: .narrow)
    /// HDR10-style video, BT.2100 PQ with BT.2020 non-constant-luminance Y′CbCr, narrow range: 9/16/9/0.
    public static let bt2100PQVideo = CICP(
        primaries: .bt2020, transfer: .pq, matrix: .bt2020NonConstantLuminance, range: .narrow)
    /// BT.2100 HLG video with BT.2020 non-constant-luminance Y′CbCr, narrow range: 9/18/9/0.
    public static let bt2100HLGVideo = CICP(
        primaries: .bt2020, transfer: .hlg, matrix: .bt2020NonConstantLuminance, range: .narrow)
}

// MARK: - Description

extension CICP: CustomStringConvertible {
    /// The `"primaries/transfer/matrix/range"` form, e.g. `"9/16/0/1"`; ``init(parsing:)`` reads it back.
    public var description: String {
        "\(colorPrimaries)/\(transferCharacteristics)/\(matrixCoefficients)/\(videoFullRange ? 1 : 0)"
    }

    /// A readable summary naming each code by its H.273 name, e.g.
    /// `"Rec. ITU-R BT.2020-2 / SMPTE ST 2084 / Identity / full range"`. Reserved codes read "reserved (n)".
    public var summary: String {
        "\(primaries.displayName) / \(transfer.displayName) / \(matrix.displayName) / \(videoFullRange ? "full" : "narrow") range"
    }
}
