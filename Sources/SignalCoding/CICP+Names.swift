extension CICP {
    /// The naming systems of ``nameTable``.
    public enum NamingSystem: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The names ITU-T H.273 Tables 2–4 give (the referenced standards, e.g. "Rec. ITU-R BT.2020-2").
        case h273
        /// CoreVideo `kCVImageBuffer…` attachment values, e.g. "ITU_R_2020" for
        /// `kCVImageBufferColorPrimaries_ITU_R_2020`. The table holds the strings the constants contain (which
        /// CoreMedia's `kCMFormatDescription…` constants share); parsing also accepts the constant names.
        case coreVideo
        /// AVFoundation `AVVideoColorPrimaries_…`, `AVVideoTransferFunction_…`, `AVVideoYCbCrMatrix_…` values; the
        /// same strings as CoreVideo, for the subset AVFoundation declares.
        case avFoundation
        /// Core Graphics `CGColorSpace` names (`kCGColorSpaceITUR_2100_PQ` …), whose string values equal the constant
        /// names. They name a primaries + transfer combination, not a single code point.
        case cgColorSpace
        /// FFmpeg `AVColorPrimaries`, `AVColorTransferCharacteristic`, `AVColorSpace` enumerators (libavutil/pixfmt.h),
        /// e.g. `AVCOL_TRC_SMPTE2084`.
        case ffmpegConstant
        /// FFmpeg's short names (libavutil/pixdesc.c, `-color_primaries` …, ffprobe output), e.g. "smpte2084".
        case ffmpegName

        public var description: String {
            switch self {
            case .h273: "ITU-T H.273"
            case .coreVideo: "CoreVideo"
            case .avFoundation: "AVFoundation"
            case .cgColorSpace: "CGColorSpace"
            case .ffmpegConstant: "FFmpeg constant"
            case .ffmpegName: "FFmpeg name"
            }
        }

        /// The constant-name prefixes of the system for a field, which parsing accepts and strips
        /// (e.g. `kCVImageBufferColorPrimaries_`). Empty for systems whose names carry no prefix.
        public func prefixes(for field: Field) -> [String] {
            switch (self, field) {
            case (.coreVideo, .colorPrimaries):
                ["kCVImageBufferColorPrimaries_", "kCMFormatDescriptionColorPrimaries_"]
            case (.coreVideo, .transferCharacteristics):
                ["kCVImageBufferTransferFunction_", "kCMFormatDescriptionTransferFunction_"]
            case (.coreVideo, .matrixCoefficients):
                ["kCVImageBufferYCbCrMatrix_", "kCMFormatDescriptionYCbCrMatrix_"]
            case (.avFoundation, .colorPrimaries): ["AVVideoColorPrimaries_"]
            case (.avFoundation, .transferCharacteristics): ["AVVideoTransferFunction_"]
            case (.avFoundation, .matrixCoefficients): ["AVVideoYCbCrMatrix_"]
            case (.ffmpegConstant, .colorPrimaries): ["AVCOL_PRI_"]
            case (.ffmpegConstant, .transferCharacteristics): ["AVCOL_TRC_"]
            case (.ffmpegConstant, .matrixCoefficients): ["AVCOL_SPC_"]
            default: []
            }
        }

        /// Prefixes of `CGColorSpace` names accepted by ``CICP/init(cgColorSpaceName:)``: `kCGColorSpace` and the
        /// Swift spelling `CGColorSpace.` (so `CGColorSpace.itur_2100_PQ` and `ITUR_2100_PQ` both work).
        public static let cgColorSpacePrefixes = ["kCGColorSpace", "CGColorSpace."]
    }

    /// One spelling in ``nameTable``.
    public struct Name: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The exact spelling (the value a constant holds).
        public let spelling: String
        /// Whether parsing this spelling leads to this row. `false` marks a name this code is *written* as but that
        /// *reads* as another, functionally identical code: CoreVideo has one constant, "ITU_R_2020", for
        /// TransferCharacteristics 14 and 15, and it reads back as 14.
        public let isParseable: Bool

        /// A spelling that parses to its row.
        public init(stringLiteral spelling: String) {
            self.spelling = spelling
            self.isParseable = true
        }

        init(spelling: String, isParseable: Bool) {
            self.spelling = spelling
            self.isParseable = isParseable
        }

        /// A spelling written for this row that parses to another row.
        public static func writtenOnly(_ spelling: String) -> Name { Name(spelling: spelling, isParseable: false) }

        public var description: String { spelling }
    }

    /// One row of ``nameTable``: a code point (or, for CGColorSpace names, a primaries + transfer combination) and
    /// its names in each ``NamingSystem``. In each column the first name is the one written out; later ones are
    /// aliases that parsing accepts.
    public struct NameTableRow: Hashable, Sendable {
        /// What a row names.
        public enum Subject: Hashable, Sendable {
            /// A ColourPrimaries code.
            case colorPrimaries(ColorPrimaries)
            /// A TransferCharacteristics code.
            case transferCharacteristics(TransferCharacteristics)
            /// A MatrixCoefficients code.
            case matrixCoefficients(MatrixCoefficients)
            /// An RGB colour space: primaries and transfer (MatrixCoefficients 0, full range when written as CICP).
            case colorSpace(ColorPrimaries, TransferCharacteristics)

            /// The field and code of a code-point row; `nil` for a colour-space row.
            public var codePoint: (field: Field, code: UInt8)? {
                switch self {
                case .colorPrimaries(let p): (.colorPrimaries, p.rawValue)
                case .transferCharacteristics(let t): (.transferCharacteristics, t.rawValue)
                case .matrixCoefficients(let m): (.matrixCoefficients, m.rawValue)
                case .colorSpace: nil
                }
            }
        }

        /// What the row names.
        public let subject: Subject
        /// H.273 names.
        public let h273: [Name]
        /// CoreVideo attachment values.
        public let coreVideo: [Name]
        /// AVFoundation `AVVideo…` values.
        public let avFoundation: [Name]
        /// `CGColorSpace` names (colour-space rows only).
        public let cgColorSpace: [Name]
        /// FFmpeg enumerator names.
        public let ffmpegConstant: [Name]
        /// FFmpeg short names.
        public let ffmpegName: [Name]

        init(
            _ subject: Subject, h273: [Name] = [], coreVideo: [Name] = [], avFoundation: [Name] = [],
            cgColorSpace: [Name] = [], ffmpegConstant: [Name] = [], ffmpegName: [Name] = []
        ) {
            self.subject = subject
            self.h273 = h273
            self.coreVideo = coreVideo
            self.avFoundation = avFoundation
            self.cgColorSpace = cgColorSpace
            self.ffmpegConstant = ffmpegConstant
            self.ffmpegName = ffmpegName
        }

        /// The row's names in one system, written-out name first.
        public func names(in system: NamingSystem) -> [Name] {
            switch system {
            case .h273: h273
            case .coreVideo: coreVideo
            case .avFoundation: avFoundation
            case .cgColorSpace: cgColorSpace
            case .ffmpegConstant: ffmpegConstant
            case .ffmpegName: ffmpegName
            }
        }
    }
}

// MARK: - The table

extension CICP {
    /// Every defined code point (and code 2, unspecified) of the three H.273 fields with its names in H.273,
    /// CoreVideo, AVFoundation, FFmpeg, and the CGColorSpace names of primaries + transfer combinations.
    ///
    /// This table is the single source of truth: code classification (``CodePoint/status``), name lookup
    /// (``CodePoint/name(in:)``) and parsing (``CodePoint/init(name:)``, ``init(cgColorSpaceName:)``) all read it.
    /// Reserved codes have no row. Sources: ITU-T H.273 (V4) Tables 2–4; FFmpeg libavutil/pixfmt.h and pixdesc.c;
    /// Apple CoreVideo `CVImageBuffer.h`, AVFoundation `AVVideoSettings.h` and CoreGraphics `CGColorSpace.h`
    /// documentation. Notes:
    /// - CoreVideo/AVFoundation `EBU_3213` is ColourPrimaries **5** (PAL, as VideoToolbox maps it), not 22; FFmpeg's
    ///   `ebu3213` is 22. CoreVideo's `P22` is 22.
    /// - CoreVideo `UseGamma` stands for TransferCharacteristics 4 and 5 alike (the gamma travels in
    ///   `kCVImageBufferGammaLevelKey`), so the name alone is ambiguous.
    /// - Functionally identical codes share Apple names: TransferCharacteristics 6 is written "ITU_R_709_2" and 15
    ///   "ITU_R_2020", MatrixCoefficients 5 "ITU_R_601_4"; those names read back as 1, 14 and 6.
    public static let nameTable: [NameTableRow] = primariesRows + transferRows + matrixRows + colorSpaceRows

    private static let primariesRows: [NameTableRow] = [
        .init(
            .colorPrimaries(.bt709), h273: ["Rec. ITU-R BT.709-6", "IEC 61966-2-1 sRGB", "Rec. ITU-R BT.1361-0"],
            coreVideo: ["ITU_R_709_2"], avFoundation: ["ITU_R_709_2"],
            ffmpegConstant: ["AVCOL_PRI_BT709"], ffmpegName: ["bt709"]),
        .init(
            .colorPrimaries(.unspecified), h273: ["Unspecified"],
            ffmpegConstant: ["AVCOL_PRI_UNSPECIFIED"], ffmpegName: ["unknown"]),
        .init(
            .colorPrimaries(.bt470M), h273: ["Rec. ITU-R BT.470-6 System M"],
            ffmpegConstant: ["AVCOL_PRI_BT470M"], ffmpegName: ["bt470m"]),
        .init(
            .colorPrimaries(.bt470BG), h273: ["Rec. ITU-R BT.470-6 System B, G", "Rec. ITU-R BT.601-7 625"],
            coreVideo: ["EBU_3213"], avFoundation: ["EBU_3213"],
            ffmpegConstant: ["AVCOL_PRI_BT470BG"], ffmpegName: ["bt470bg"]),
        .init(
            .colorPrimaries(.smpte170M), h273: ["SMPTE ST 170", "Rec. ITU-R BT.601-7 525"],
            coreVideo: ["SMPTE_C"], avFoundation: ["SMPTE_C"],
            ffmpegConstant: ["AVCOL_PRI_SMPTE170M"], ffmpegName: ["smpte170m"]),
        .init(
            .colorPrimaries(.smpte240M), h273: ["SMPTE ST 240"],
            ffmpegConstant: ["AVCOL_PRI_SMPTE240M"], ffmpegName: ["smpte240m"]),
        .init(
            .colorPrimaries(.genericFilm), h273: ["Generic film"],
            ffmpegConstant: ["AVCOL_PRI_FILM"], ffmpegName: ["film"]),
        .init(
            .colorPrimaries(.bt2020), h273: ["Rec. ITU-R BT.2020-2", "Rec. ITU-R BT.2100-2"],
            coreVideo: ["ITU_R_2020"], avFoundation: ["ITU_R_2020"],
            ffmpegConstant: ["AVCOL_PRI_BT2020"], ffmpegName: ["bt2020"]),
        .init(
            .colorPrimaries(.xyz), h273: ["SMPTE ST 428-1"],
            ffmpegConstant: ["AVCOL_PRI_SMPTE428", "AVCOL_PRI_SMPTEST428_1"], ffmpegName: ["smpte428"]),
        .init(
            .colorPrimaries(.dciP3), h273: ["SMPTE RP 431-2"], coreVideo: ["DCI_P3"],
            ffmpegConstant: ["AVCOL_PRI_SMPTE431"], ffmpegName: ["smpte431"]),
        .init(
            .colorPrimaries(.displayP3), h273: ["SMPTE EG 432-1"], coreVideo: ["P3_D65"], avFoundation: ["P3_D65"],
            ffmpegConstant: ["AVCOL_PRI_SMPTE432"], ffmpegName: ["smpte432"]),
        .init(
            .colorPrimaries(.ebu3213), h273: ["EBU Tech. 3213-E"], coreVideo: ["P22"],
            ffmpegConstant: ["AVCOL_PRI_EBU3213", "AVCOL_PRI_JEDEC_P22"], ffmpegName: ["ebu3213", "jedec-p22"]),
    ]

    private static let transferRows: [NameTableRow] = [
        .init(
            .transferCharacteristics(.bt709), h273: ["Rec. ITU-R BT.709-6"],
            coreVideo: ["ITU_R_709_2"], avFoundation: ["ITU_R_709_2"],
            ffmpegConstant: ["AVCOL_TRC_BT709"], ffmpegName: ["bt709"]),
        .init(
            .transferCharacteristics(.unspecified), h273: ["Unspecified"],
            ffmpegConstant: ["AVCOL_TRC_UNSPECIFIED"], ffmpegName: ["unknown"]),
        .init(
            .transferCharacteristics(.gamma22), h273: ["Assumed display gamma 2.2", "Rec. ITU-R BT.470-6 System M"],
            coreVideo: ["UseGamma"], ffmpegConstant: ["AVCOL_TRC_GAMMA22"], ffmpegName: ["bt470m", "gamma22"]),
        .init(
            .transferCharacteristics(.gamma28), h273: ["Assumed display gamma 2.8", "Rec. ITU-R BT.470-6 System B, G"],
            coreVideo: ["UseGamma"], ffmpegConstant: ["AVCOL_TRC_GAMMA28"], ffmpegName: ["bt470bg", "gamma28"]),
        .init(
            .transferCharacteristics(.bt601), h273: ["Rec. ITU-R BT.601-7", "SMPTE ST 170"],
            coreVideo: [.writtenOnly("ITU_R_709_2")], avFoundation: [.writtenOnly("ITU_R_709_2")],
            ffmpegConstant: ["AVCOL_TRC_SMPTE170M"], ffmpegName: ["smpte170m"]),
        .init(
            .transferCharacteristics(.smpte240M), h273: ["SMPTE ST 240"],
            coreVideo: ["SMPTE_240M_1995"], avFoundation: ["SMPTE_240M_1995"],
            ffmpegConstant: ["AVCOL_TRC_SMPTE240M"], ffmpegName: ["smpte240m"]),
        .init(
            .transferCharacteristics(.linear), h273: ["Linear transfer characteristics", "Linear"],
            coreVideo: ["Linear"], avFoundation: ["Linear"],
            ffmpegConstant: ["AVCOL_TRC_LINEAR"], ffmpegName: ["linear"]),
        .init(
            .transferCharacteristics(.log100), h273: ["Logarithmic transfer characteristic (100:1 range)"],
            ffmpegConstant: ["AVCOL_TRC_LOG"], ffmpegName: ["log100"]),
        .init(
            .transferCharacteristics(.log100Sqrt10),
            h273: ["Logarithmic transfer characteristic (100 * Sqrt(10) : 1 range)"],
            ffmpegConstant: ["AVCOL_TRC_LOG_SQRT"], ffmpegName: ["log316"]),
        .init(
            .transferCharacteristics(.iec61966_2_4), h273: ["IEC 61966-2-4"],
            ffmpegConstant: ["AVCOL_TRC_IEC61966_2_4"], ffmpegName: ["iec61966-2-4"]),
        .init(
            .transferCharacteristics(.bt1361), h273: ["Rec. ITU-R BT.1361-0 extended colour gamut system"],
            ffmpegConstant: ["AVCOL_TRC_BT1361_ECG"], ffmpegName: ["bt1361e"]),
        .init(
            .transferCharacteristics(.sRGB), h273: ["IEC 61966-2-1 sRGB", "IEC 61966-2-1 sYCC"],
            // kCVImageBufferTransferFunction_sRGB holds "IEC_sRGB"; "sRGB" lets the constant name parse.
            coreVideo: ["IEC_sRGB", "sRGB"], avFoundation: ["IEC_sRGB"],
            ffmpegConstant: ["AVCOL_TRC_IEC61966_2_1"], ffmpegName: ["iec61966-2-1", "srgb"]),
        .init(
            .transferCharacteristics(.bt2020TenBit), h273: ["Rec. ITU-R BT.2020-2 (10-bit system)"],
            coreVideo: ["ITU_R_2020"], ffmpegConstant: ["AVCOL_TRC_BT2020_10"], ffmpegName: ["bt2020-10"]),
        .init(
            .transferCharacteristics(.bt2020TwelveBit), h273: ["Rec. ITU-R BT.2020-2 (12-bit system)"],
            coreVideo: [.writtenOnly("ITU_R_2020")],
            ffmpegConstant: ["AVCOL_TRC_BT2020_12"], ffmpegName: ["bt2020-12"]),
        .init(
            .transferCharacteristics(.pq), h273: ["SMPTE ST 2084", "Rec. ITU-R BT.2100-2 PQ"],
            coreVideo: ["SMPTE_ST_2084_PQ"], avFoundation: ["SMPTE_ST_2084_PQ"],
            ffmpegConstant: ["AVCOL_TRC_SMPTE2084", "AVCOL_TRC_SMPTEST2084"], ffmpegName: ["smpte2084"]),
        .init(
            .transferCharacteristics(.st428), h273: ["SMPTE ST 428-1"], coreVideo: ["SMPTE_ST_428_1"],
            ffmpegConstant: ["AVCOL_TRC_SMPTE428", "AVCOL_TRC_SMPTEST428_1"], ffmpegName: ["smpte428"]),
        .init(
            .transferCharacteristics(.hlg), h273: ["ARIB STD-B67", "Rec. ITU-R BT.2100-2 HLG"],
            coreVideo: ["ITU_R_2100_HLG"], avFoundation: ["ITU_R_2100_HLG"],
            ffmpegConstant: ["AVCOL_TRC_ARIB_STD_B67"], ffmpegName: ["arib-std-b67"]),
    ]

    private static let matrixRows: [NameTableRow] = [
        .init(
            .matrixCoefficients(.identity), h273: ["Identity", "GBR"],
            ffmpegConstant: ["AVCOL_SPC_RGB"], ffmpegName: ["gbr"]),
        .init(
            .matrixCoefficients(.bt709), h273: ["Rec. ITU-R BT.709-6"],
            coreVideo: ["ITU_R_709_2"], avFoundation: ["ITU_R_709_2"],
            ffmpegConstant: ["AVCOL_SPC_BT709"], ffmpegName: ["bt709"]),
        .init(
            .matrixCoefficients(.unspecified), h273: ["Unspecified"],
            ffmpegConstant: ["AVCOL_SPC_UNSPECIFIED"], ffmpegName: ["unknown"]),
        .init(
            .matrixCoefficients(.fcc), h273: ["FCC Title 47 CFR 73.682 (a) (20)"],
            ffmpegConstant: ["AVCOL_SPC_FCC"], ffmpegName: ["fcc"]),
        .init(
            .matrixCoefficients(.bt470BG),
            h273: ["Rec. ITU-R BT.470-6 System B, G", "Rec. ITU-R BT.601-7 625", "IEC 61966-2-1 sYCC"],
            coreVideo: [.writtenOnly("ITU_R_601_4")], avFoundation: [.writtenOnly("ITU_R_601_4")],
            ffmpegConstant: ["AVCOL_SPC_BT470BG"], ffmpegName: ["bt470bg"]),
        .init(
            .matrixCoefficients(.smpte170M), h273: ["Rec. ITU-R BT.601-7 525", "SMPTE ST 170"],
            coreVideo: ["ITU_R_601_4"], avFoundation: ["ITU_R_601_4"],
            ffmpegConstant: ["AVCOL_SPC_SMPTE170M"], ffmpegName: ["smpte170m"]),
        .init(
            .matrixCoefficients(.smpte240M), h273: ["SMPTE ST 240"],
            coreVideo: ["SMPTE_240M_1995"], avFoundation: ["SMPTE_240M_1995"],
            ffmpegConstant: ["AVCOL_SPC_SMPTE240M"], ffmpegName: ["smpte240m"]),
        .init(
            .matrixCoefficients(.ycgco), h273: ["YCgCo"],
            ffmpegConstant: ["AVCOL_SPC_YCGCO", "AVCOL_SPC_YCOCG"], ffmpegName: ["ycgco", "ycocg"]),
        .init(
            .matrixCoefficients(.bt2020NonConstantLuminance),
            h273: ["Rec. ITU-R BT.2020-2 non-constant luminance", "Rec. ITU-R BT.2100-2 Y'CbCr"],
            coreVideo: ["ITU_R_2020"], avFoundation: ["ITU_R_2020"],
            ffmpegConstant: ["AVCOL_SPC_BT2020_NCL"], ffmpegName: ["bt2020nc"]),
        .init(
            .matrixCoefficients(.bt2020ConstantLuminance), h273: ["Rec. ITU-R BT.2020-2 constant luminance"],
            ffmpegConstant: ["AVCOL_SPC_BT2020_CL"], ffmpegName: ["bt2020c"]),
        .init(
            .matrixCoefficients(.smpteST2085), h273: ["SMPTE ST 2085"],
            ffmpegConstant: ["AVCOL_SPC_SMPTE2085"], ffmpegName: ["smpte2085"]),
        .init(
            .matrixCoefficients(.chromaticityDerivedNonConstantLuminance),
            h273: ["Chromaticity-derived non-constant luminance system"],
            ffmpegConstant: ["AVCOL_SPC_CHROMA_DERIVED_NCL"], ffmpegName: ["chroma-derived-nc"]),
        .init(
            .matrixCoefficients(.chromaticityDerivedConstantLuminance),
            h273: ["Chromaticity-derived constant luminance system"],
            ffmpegConstant: ["AVCOL_SPC_CHROMA_DERIVED_CL"], ffmpegName: ["chroma-derived-c"]),
        .init(
            .matrixCoefficients(.ictcp), h273: ["Rec. ITU-R BT.2100-2 ICtCp"],
            ffmpegConstant: ["AVCOL_SPC_ICTCP"], ffmpegName: ["ictcp"]),
        .init(
            .matrixCoefficients(.iptC2), h273: ["SMPTE ST 2128 IPT-C2"],
            ffmpegConstant: ["AVCOL_SPC_IPT_C2"], ffmpegName: ["ipt-c2"]),
        .init(
            .matrixCoefficients(.ycgcoRe), h273: ["YCgCo-Re"],
            ffmpegConstant: ["AVCOL_SPC_YCGCO_RE"], ffmpegName: ["ycgco-re"]),
        .init(
            .matrixCoefficients(.ycgcoRo), h273: ["YCgCo-Ro"],
            ffmpegConstant: ["AVCOL_SPC_YCGCO_RO"], ffmpegName: ["ycgco-ro"]),
    ]

    /// CGColorSpace names of RGB spaces whose primaries and transfer have code points. The `Extended` variants and
    /// the deprecated `ITUR_2020_PQ` / `_HLG` names are aliases (same codes; H.273 has no extended-range flag).
    private static let colorSpaceRows: [NameTableRow] = [
        .init(.colorSpace(.bt709, .sRGB), cgColorSpace: ["kCGColorSpaceSRGB", "kCGColorSpaceExtendedSRGB"]),
        .init(
            .colorSpace(.bt709, .linear),
            cgColorSpace: ["kCGColorSpaceLinearSRGB", "kCGColorSpaceExtendedLinearSRGB"]),
        .init(.colorSpace(.bt709, .bt709), cgColorSpace: ["kCGColorSpaceITUR_709"]),
        .init(
            .colorSpace(.displayP3, .sRGB), cgColorSpace: ["kCGColorSpaceDisplayP3", "kCGColorSpaceExtendedDisplayP3"]),
        .init(
            .colorSpace(.displayP3, .linear),
            cgColorSpace: ["kCGColorSpaceLinearDisplayP3", "kCGColorSpaceExtendedLinearDisplayP3"]),
        .init(.colorSpace(.displayP3, .pq), cgColorSpace: ["kCGColorSpaceDisplayP3_PQ"]),
        .init(.colorSpace(.displayP3, .hlg), cgColorSpace: ["kCGColorSpaceDisplayP3_HLG"]),
        .init(
            .colorSpace(.bt2020, .bt709), cgColorSpace: ["kCGColorSpaceITUR_2020", "kCGColorSpaceExtendedITUR_2020"]),
        .init(.colorSpace(.bt2020, .sRGB), cgColorSpace: ["kCGColorSpaceITUR_2020_sRGBGamma"]),
        .init(
            .colorSpace(.bt2020, .linear),
            cgColorSpace: ["kCGColorSpaceLinearITUR_2020", "kCGColorSpaceExtendedLinearITUR_2020"]),
        .init(.colorSpace(.bt2020, .pq), cgColorSpace: ["kCGColorSpaceITUR_2100_PQ", "kCGColorSpaceITUR_2020_PQ"]),
        .init(.colorSpace(.bt2020, .hlg), cgColorSpace: ["kCGColorSpaceITUR_2100_HLG", "kCGColorSpaceITUR_2020_HLG"]),
    ]
}
