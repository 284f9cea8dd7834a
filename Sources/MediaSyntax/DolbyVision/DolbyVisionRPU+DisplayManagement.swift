extension DolbyVisionRPU {
    /// vdr_dm_data_payload(): the display-management metadata, the signal's description and the extension blocks of
    /// content mapping (CM) v2.9 and, after them, v4.0. PQ values are 12-bit codes (0…4095 for 0…10 000 cd/m²).
    package struct DisplayManagement: Hashable, Sendable {
        /// Whether the payload is compressed (reserved_zero_3bits 1): only the three IDs, no signal description.
        package var compressed: Bool
        /// affected_dm_metadata_id (0…15) and current_dm_metadata_id.
        package var affectedID: Int
        package var currentID: Int
        /// scene_refresh_flag: 1 on the first frame of a shot (an Exp-Golomb code, so other values can be coded).
        package var sceneRefresh: Int
        /// signal_eotf (65535 for PQ), signal_bit_depth, signal_color_space, signal_full_range_flag; nil compressed.
        package var signalEOTF: Int?
        package var signalBitDepth: Int?
        package var signalColorSpace: Int?
        package var signalFullRange: Int?
        /// source_min_pq and source_max_pq: the mastering display's black and peak (PQ codes 0…4095); nil compressed.
        package var sourceMinPQ: Int?
        package var sourceMaxPQ: Int?
        /// source_diagonal: the mastering display's diagonal in inches.
        package var sourceDiagonal: Int?
        /// The CM v2.9 extension blocks (levels 1, 2, 4, 5, 6, 255).
        package var cmV29: [ExtensionBlock]
        /// The CM v4.0 extension blocks (levels 3, 8, 9, 10, 11, 254); nil when the payload has none.
        package var cmV40: [ExtensionBlock]?

        /// Every block of both versions.
        package var blocks: [ExtensionBlock] { cmV29 + (cmV40 ?? []) }

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
                // ycc_to_rgb_coef0…8 (16 bits), ycc_to_rgb_offset0…2 (32), rgb_to_lms_coef0…8 (16).
                try r.skip(9 * 16 + 3 * 32 + 9 * 16, "the YCbCr-to-RGB and RGB-to-LMS matrices")
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
