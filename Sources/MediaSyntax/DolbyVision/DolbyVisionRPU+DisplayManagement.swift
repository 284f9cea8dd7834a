extension DolbyVisionRPU {
    /// vdr_dm_data_payload(): the display-management metadata, the signal's description and the extension blocks of
    /// content mapping (CM) v2.9 and, after them, v4.0. PQ values are 12-bit codes (0…4095 for 0…10 000 cd/m²).
    public struct DisplayManagement: Hashable, Sendable {
        /// Whether the payload is compressed (reserved_zero_3bits 1): only the three IDs, no signal description.
        public var compressed: Bool
        /// affected_dm_metadata_id (0…15) and current_dm_metadata_id.
        public var affectedID: Int
        public var currentID: Int
        /// scene_refresh_flag: 1 on the first frame of a shot (an Exp-Golomb code, so other values can be coded).
        public var sceneRefresh: Int
        /// The matrices that turn the reshaped signal into linear LMS; nil compressed.
        public var colorTransform: ColorTransform?
        /// signal_eotf (65535 for PQ), signal_bit_depth, signal_color_space, signal_full_range_flag; nil compressed.
        public var signalEOTF: Int?
        public var signalBitDepth: Int?
        public var signalColorSpace: Int?
        public var signalFullRange: Int?
        /// source_min_pq and source_max_pq: the mastering display's black and peak (PQ codes 0…4095); nil compressed.
        public var sourceMinPQ: Int?
        public var sourceMaxPQ: Int?
        /// source_diagonal: the mastering display's diagonal in inches.
        public var sourceDiagonal: Int?
        /// The CM v2.9 extension blocks (levels 1, 2, 4, 5, 6, 255).
        public var cmV29: [ExtensionBlock]
        /// The CM v4.0 extension blocks (levels 3, 8, 9, 10, 11, 254); nil when the payload has none.
        public var cmV40: [ExtensionBlock]?

        /// Every block of both versions.
        public var blocks: [ExtensionBlock] { cmV29 + (cmV40 ?? []) }

        /// The levels of CM v2.9 and of v4.0; a level of neither is reserved (kept as such).
        static let cmV29Levels: Set<UInt8> = [1, 2, 4, 5, 6, 255]
        static let cmV40Levels: Set<UInt8> = [3, 8, 9, 10, 11, 254]
        /// The most extension blocks read per version (real RPUs hold fewer than 20).
        static let maximumBlocks: UInt32 = 255

        static func parse(_ r: inout RBSPReader, header: Header) throws(SyntaxError) -> DisplayManagement {
            let compressed = header.reservedZero3Bits == 1
            var dm = DisplayManagement(
                compressed: compressed, affectedID: try r.ue("affected_dm_metadata_id", maximum: 15),
                currentID: try r.ue("current_dm_metadata_id", maximum: 15),
                sceneRefresh: Int(try r.ue("scene_refresh_flag")), cmV29: [])
            if !compressed {
                dm.colorTransform = try ColorTransform.parse(&r)
                dm.signalEOTF = Int(try r.bits(16, "signal_eotf"))
                try r.skip(16 + 16 + 32, "signal_eotf_param0…2")
                dm.signalBitDepth = Int(try r.bits(5, "signal_bit_depth"))
                dm.signalColorSpace = Int(try r.bits(2, "signal_color_space"))
                try r.skip(2, "signal_chroma_format")
                dm.signalFullRange = Int(try r.bits(2, "signal_full_range_flag"))
                dm.sourceMinPQ = Int(try r.bits(12, "source_min_pq"))
                dm.sourceMaxPQ = Int(try r.bits(12, "source_max_pq"))
                dm.sourceDiagonal = Int(try r.bits(10, "source_diagonal"))
            }
            dm.cmV29 = try parseBlocks(&r, version: "CM v2.9", disallowed: cmV40Levels)
            // CM v4.0 follows when at least a level 254 block's 16 bits remain (the reader ends before the CRC).
            if r.remainingBits >= 16 {
                dm.cmV40 = try parseBlocks(&r, version: "CM v4.0", disallowed: cmV29Levels)
            }
            return dm
        }

        /// num_ext_blocks, dm_alignment_zero_bits, then the blocks; a block of the other version's level is an error
        /// (dovi_tool: "Disallowed block level").
        private static func parseBlocks(
            _ r: inout RBSPReader, version: String, disallowed: Set<UInt8>
        ) throws(SyntaxError) -> [ExtensionBlock] {
            let count = try r.ue("\(version) num_ext_blocks", maximum: maximumBlocks)
            while r.bitPosition % 8 != 0 {
                guard try !r.flag("dm_alignment_zero_bit") else {
                    throw SyntaxError("\(version): dm_alignment_zero_bit is 1")
                }
            }
            var blocks: [ExtensionBlock] = []
            for index in 0..<count {
                let length = try r.ue("\(version) ext_block_length[\(index)]")
                let level = UInt8(try r.bits(8, "\(version) ext_block_level[\(index)]"))
                guard !disallowed.contains(level) else {
                    throw SyntaxError("\(version): disallowed block level \(level)")
                }
                let start = r.bitPosition
                let block = try ExtensionBlock.parse(&r, level: level, length: Int(length))
                let used = r.bitPosition - start
                guard used <= Int(length) * 8 else {
                    throw SyntaxError(
                        "\(version): the level \(level) block declares \(length) bytes but its fields take \(used) bits"
                    )
                }
                try r.skip(Int(length) * 8 - used, "\(version) level \(level) ext_dm_alignment_zero_bits")
                blocks.append(block)
            }
            return blocks
        }
    }
}

extension DolbyVisionRPU.DisplayManagement {
    /// The colour transform of vdr_dm_data_payload, as coded: ycc_to_rgb_coef0…8 (signed, ÷ 2¹³), ycc_to_rgb_offset0…2
    /// (unsigned, ÷ 2²⁸; ÷ 2³⁰ in profile 4) and rgb_to_lms_coef0…8 (signed, ÷ 2¹⁴), row-major. Despite the names,
    /// for profile 5 the first matrix takes the reshaped IPT-PQ-c2 signal to PQ-coded L′M′S′ and the second is a
    /// linear LMS → LMS matrix (the crosstalk inverse) applied before the fixed LMS → BT.2020 RGB matrix, as FFmpeg's
    /// AVDOVIColorMetadata and libplacebo's pl_dovi_metadata (`nonlinear`, `nonlinear_offset`, `linear`) read them.
    public struct ColorTransform: Hashable, Sendable {
        public var yccToRGB: [Int16]
        public var yccToRGBOffsets: [UInt32]
        public var rgbToLMS: [Int16]

        /// The first matrix as real numbers, row-major.
        public var nonlinearMatrix: [Double] { yccToRGB.map { Double($0) / 8192 } }
        /// The offsets as real numbers, subtracted from the reshaped signal (0…1) before ``nonlinearMatrix``.
        public func nonlinearOffsets(profile: Int?) -> [Double] {
            let denominator = profile == 4 ? Double(1 << 30) : Double(1 << 28)
            return yccToRGBOffsets.map { Double($0) / denominator }
        }
        /// The second matrix as real numbers, row-major.
        public var linearMatrix: [Double] { rgbToLMS.map { Double($0) / 16384 } }

        /// Reads ycc_to_rgb_coef0…8, ycc_to_rgb_offset0…2 and rgb_to_lms_coef0…8.
        static func parse(_ r: inout RBSPReader) throws(SyntaxError) -> ColorTransform {
            var matrix: [Int16] = []
            var offsets: [UInt32] = []
            var lms: [Int16] = []
            for index in 0..<9 { matrix.append(Int16(truncatingIfNeeded: try r.bits(16, "ycc_to_rgb_coef\(index)"))) }
            for index in 0..<3 { offsets.append(try r.bits(32, "ycc_to_rgb_offset\(index)")) }
            for index in 0..<9 { lms.append(Int16(truncatingIfNeeded: try r.bits(16, "rgb_to_lms_coef\(index)"))) }
            return ColorTransform(yccToRGB: matrix, yccToRGBOffsets: offsets, rgbToLMS: lms)
        }
    }
}
