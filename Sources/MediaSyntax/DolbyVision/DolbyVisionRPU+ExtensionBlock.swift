extension DolbyVisionRPU {
    /// One display-management extension block (ext_metadata_block): its level says what it holds. PQ values are
    /// 12-bit codes (0…4095 for 0…10 000 cd/m²); trims are 12-bit codes centred on 2048 (no change).
    public enum ExtensionBlock: Hashable, Sendable {
        /// Level 1: the frame's (shot's) luminance, min_pq, max_pq and avg_pq.
        case level1(minPQ: Int, maxPQ: Int, avgPQ: Int)
        /// Level 2: a CM v2.9 trim for the target display of peak targetMaxPQ.
        case level2(Trim)
        /// Level 3: offsets to level 1 (min, max, avg; 2048 is none).
        case level3(minPQOffset: Int, maxPQOffset: Int, avgPQOffset: Int)
        /// Level 4: anchor_pq and anchor_power (temporal filtering).
        case level4(anchorPQ: Int, anchorPower: Int)
        /// Level 5: the active area, as offsets in pixels from each edge (letterbox bars).
        case level5(ActiveArea)
        /// Level 6: the HDR10 static metadata, as the RPU repeats it: mastering display peak (cd/m²), black (0.0001
        /// cd/m² units), MaxCLL and MaxFALL (cd/m²).
        case level6(StaticMetadata)
        /// Level 8: a CM v4.0 trim for target display targetDisplayIndex.
        case level8(Trim)
        /// Level 9: the source (mastering) primaries: an index into Dolby's table (0 DCI-P3 D65, 2 BT.2020…), 255
        /// when given as coordinates.
        case level9(sourcePrimaryIndex: Int)
        /// Level 10: a custom target display (index, peak and black as PQ codes, primaries index).
        case level10(targetDisplayIndex: Int, targetMaxPQ: Int, targetMinPQ: Int, targetPrimaryIndex: Int)
        /// Level 11: the content type (0 default, 1 movie, 2 game, 3 sport, 4 user-generated), intended white point
        /// and reference_mode_flag.
        case level11(contentType: Int, whitePoint: Int, referenceMode: Bool)
        /// Level 254: the CM v4.0 mode and version.
        case level254(dmMode: Int, dmVersionIndex: Int)
        /// Level 255: the CM v2.9 run mode and version (debug data).
        case level255(dmRunMode: Int, dmRunVersion: Int)
        /// A level this parser does not know (skipped by its length in bytes).
        case reserved(level: UInt8, length: Int)

        /// A trim pass (levels 2 and 8): for level 2, `target` is target_max_pq (PQ code); for level 8 it is
        /// target_display_index. Slope, offset, power, chroma weight and saturation gain are 12-bit codes.
        public struct Trim: Hashable, Sendable {
            public var target: Int
            public var slope: Int
            public var offset: Int
            public var power: Int
            public var chromaWeight: Int
            public var saturationGain: Int
            /// ms_weight (level 2: 13-bit signed, −1 meaning unset; level 8: 12 bits).
            public var msWeight: Int
        }

        /// Level 5 offsets in pixels.
        public struct ActiveArea: Hashable, Sendable {
            public var left: Int
            public var right: Int
            public var top: Int
            public var bottom: Int
        }

        /// Level 6 values as coded.
        public struct StaticMetadata: Hashable, Sendable {
            /// max_display_mastering_luminance in cd/m².
            public var masteringMaxNits: Int
            /// min_display_mastering_luminance in 0.0001 cd/m².
            public var masteringMinTenThousandths: Int
            /// max_content_light_level and max_frame_average_light_level in cd/m².
            public var maxCLL: Int
            public var maxFALL: Int

            public init(masteringMaxNits: Int, masteringMinTenThousandths: Int, maxCLL: Int, maxFALL: Int) {
                (self.masteringMaxNits, self.masteringMinTenThousandths) = (
                    masteringMaxNits, masteringMinTenThousandths
                )
                (self.maxCLL, self.maxFALL) = (maxCLL, maxFALL)
            }
        }

        /// The block's level.
        public var level: UInt8 {
            switch self {
            case .level1: 1
            case .level2: 2
            case .level3: 3
            case .level4: 4
            case .level5: 5
            case .level6: 6
            case .level8: 8
            case .level9: 9
            case .level10: 10
            case .level11: 11
            case .level254: 254
            case .level255: 255
            case .reserved(let level, _): level
            }
        }

        /// Reads the fields of a block of `level` whose payload holds `length` bytes (the caller skips what is left).
        static func parse(_ r: inout RBSPReader, level: UInt8, length: Int) throws(SyntaxError) -> ExtensionBlock {
            func u(_ count: Int, _ what: String) throws(SyntaxError) -> Int {
                Int(try r.bits(count, "level \(level) \(what)"))
            }
            switch level {
            case 1: return .level1(minPQ: try u(12, "min_pq"), maxPQ: try u(12, "max_pq"), avgPQ: try u(12, "avg_pq"))
            case 2:
                let target = try u(12, "target_max_pq")
                let trims = try (0..<5).map { (_: Int) throws(SyntaxError) in try u(12, "trim") }
                let weight = try u(13, "ms_weight")
                return .level2(
                    Trim(
                        target: target, slope: trims[0], offset: trims[1], power: trims[2], chromaWeight: trims[3],
                        saturationGain: trims[4], msWeight: weight >= 1 << 12 ? weight - (1 << 13) : weight))
            case 3:
                return .level3(
                    minPQOffset: try u(12, "min_pq_offset"), maxPQOffset: try u(12, "max_pq_offset"),
                    avgPQOffset: try u(12, "avg_pq_offset"))
            case 4: return .level4(anchorPQ: try u(12, "anchor_pq"), anchorPower: try u(12, "anchor_power"))
            case 5:
                return .level5(
                    ActiveArea(
                        left: try u(13, "active_area_left_offset"), right: try u(13, "active_area_right_offset"),
                        top: try u(13, "active_area_top_offset"), bottom: try u(13, "active_area_bottom_offset")))
            case 6:
                return .level6(
                    StaticMetadata(
                        masteringMaxNits: try u(16, "max_display_mastering_luminance"),
                        masteringMinTenThousandths: try u(16, "min_display_mastering_luminance"),
                        maxCLL: try u(16, "max_content_light_level"),
                        maxFALL: try u(16, "max_frame_average_light_level")))
            case 8:
                let index = try u(8, "target_display_index")
                let trims = try (0..<6).map { (_: Int) throws(SyntaxError) in try u(12, "trim") }
                // Longer blocks add target_mid_contrast, clip_trim and the saturation and hue vectors: skipped.
                return .level8(
                    Trim(
                        target: index, slope: trims[0], offset: trims[1], power: trims[2], chromaWeight: trims[3],
                        saturationGain: trims[4], msWeight: trims[5]))
            case 9:
                // Custom primaries (length > 1) follow as eight 16-bit coordinates: skipped.
                return .level9(sourcePrimaryIndex: try u(8, "source_primary_index"))
            case 10:
                return .level10(
                    targetDisplayIndex: try u(8, "target_display_index"), targetMaxPQ: try u(12, "target_max_pq"),
                    targetMinPQ: try u(12, "target_min_pq"), targetPrimaryIndex: try u(8, "target_primary_index"))
            case 11:
                let contentType = try u(8, "content_type")
                let byte1 = try u(8, "whitepoint and reference_mode_flag")
                try r.skip(16, "level 11 reserved bytes")
                return .level11(contentType: contentType, whitePoint: byte1 & 0x0F, referenceMode: byte1 & 0x10 != 0)
            case 254: return .level254(dmMode: try u(8, "dm_mode"), dmVersionIndex: try u(8, "dm_version_index"))
            case 255:
                let block = ExtensionBlock.level255(
                    dmRunMode: try u(8, "dm_run_mode"), dmRunVersion: try u(8, "dm_run_version"))
                try r.skip(32, "level 255 dm_debug0…3")
                return block
            default: return .reserved(level: level, length: length)
            }
        }
    }
}
