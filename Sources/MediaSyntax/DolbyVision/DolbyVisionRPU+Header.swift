extension DolbyVisionRPU {
    /// rpu_data_header(): the RPU's format, the layers' bit depths and which parts follow.
    public struct Header: Hashable, Sendable {
        /// rpu_type (6 bits; 2 for every RPU in use).
        public var rpuType: UInt8
        /// rpu_format (11 bits; 18 in the RPUs of profiles 5, 7 and 8).
        public var rpuFormat: UInt16
        /// vdr_rpu_profile (4 bits): 0 for profile 5, 1 for profiles 4, 7 and 8.
        public var vdrRPUProfile: UInt8
        /// vdr_rpu_level (4 bits; 0).
        public var vdrRPULevel: UInt8
        /// vdr_seq_info_present_flag: whether the fields up to disableResidual are coded.
        public var sequenceInfoPresent: Bool
        /// chroma_resampling_explicit_filter_flag.
        public var chromaResamplingExplicitFilter = false
        /// coefficient_data_type: 0 fixed point (integer part as Exp-Golomb, fraction in coefficientLog2Denominator
        /// bits), 1 IEEE 754 single precision (32 bits).
        public var coefficientDataType: UInt8 = 0
        /// coefficient_log2_denom (0…32 here; dovi_tool allows at most 23).
        public var coefficientLog2Denominator = 0
        /// vdr_rpu_normalized_idc (2 bits).
        public var vdrRPUNormalizedIDC: UInt8 = 0
        /// bl_video_full_range_flag (profile 5 base layers are full range).
        public var baseLayerFullRange = false
        /// bl_bit_depth_minus8 + 8, el_bit_depth_minus8 + 8 (its low 8 bits) and vdr_bit_depth_minus8 + 8: bits per
        /// sample of the base layer, enhancement layer and reconstructed VDR signal; nil when not coded.
        public var baseLayerBitDepth: Int?
        public var enhancementLayerBitDepth: Int?
        public var vdrBitDepth: Int?
        /// ext_mapping_idc: bits 8…15 of the el_bit_depth_minus8 code (its low 5 bits say an extended base-layer
        /// inverse mapping, as in profile 8.4).
        public var extendedMappingIDC: UInt8 = 0
        /// spatial_resampling_filter_flag.
        public var spatialResamplingFilter = false
        /// reserved_zero_3bits; 1 marks compressed display-management data (profile 8 from some encoders).
        public var reservedZero3Bits: UInt8 = 0
        /// el_spatial_resampling_filter_flag and disable_residual_flag: a residual enhancement layer is coded when
        /// the first is set and the second is not.
        public var enhancementLayerSpatialResampling = false
        public var disableResidual = false
        /// vdr_dm_metadata_present_flag: whether vdr_dm_data_payload follows.
        public var vdrDMMetadataPresent = false
        /// use_prev_vdr_rpu_flag: the previous RPU's mapping applies (no rpu_data_mapping).
        public var usePreviousVDRRPU = false
        /// prev_vdr_rpu_id (0…15) when usePreviousVDRRPU.
        public var previousVDRRPUID: Int?

        /// Bits of one coefficient's fraction (coefficient_log2_denom, or 32 for floating point).
        var coefficientBits: Int { coefficientDataType == 0 ? coefficientLog2Denominator : 32 }

        /// Whether the bit depths and residual flags are coded (rpu_format & 0x700 == 0).
        var depthsCoded: Bool { rpuFormat & 0x700 == 0 }

        /// Whether rpu_data_mapping carries NLQ parameters (a residual enhancement layer).
        var hasNLQ: Bool { depthsCoded && !disableResidual }

        /// The Dolby Vision profile, as ``DolbyVisionRPU/profile`` explains.
        public var profile: Int? {
            switch vdrRPUProfile {
            case 0: return baseLayerFullRange ? 5 : nil
            case 1:
                guard enhancementLayerSpatialResampling, !disableResidual else { return 8 }
                return vdrBitDepth == 12 ? 7 : 4
            default: return nil
            }
        }

        /// Reads rpu_data_header after the prefix.
        package static func parse(_ r: inout RBSPReader) throws(SyntaxError) -> Header {
            let type = UInt8(try r.bits(6, "rpu_type"))
            guard type == 2 else { throw SyntaxError("rpu_type is \(type), not 2") }
            var h = Header(
                rpuType: type, rpuFormat: UInt16(try r.bits(11, "rpu_format")),
                vdrRPUProfile: UInt8(try r.bits(4, "vdr_rpu_profile")),
                vdrRPULevel: UInt8(try r.bits(4, "vdr_rpu_level")),
                sequenceInfoPresent: try r.flag("vdr_seq_info_present_flag"))
            if h.sequenceInfoPresent {
                h.chromaResamplingExplicitFilter = try r.flag("chroma_resampling_explicit_filter_flag")
                h.coefficientDataType = UInt8(try r.bits(2, "coefficient_data_type"))
                guard h.coefficientDataType <= 1 else {
                    throw SyntaxError("coefficient_data_type is \(h.coefficientDataType), not 0 or 1")
                }
                if h.coefficientDataType == 0 {
                    h.coefficientLog2Denominator = try r.ue("coefficient_log2_denom", maximum: 32)
                }
                h.vdrRPUNormalizedIDC = UInt8(try r.bits(2, "vdr_rpu_normalized_idc"))
                h.baseLayerFullRange = try r.flag("bl_video_full_range_flag")
                if h.depthsCoded {
                    h.baseLayerBitDepth = try r.ue("bl_bit_depth_minus8", maximum: 8) + 8
                    let el = try r.ue("el_bit_depth_minus8", maximum: 0xFFFF)
                    guard el & 0xFF <= 8 else { throw SyntaxError("el_bit_depth_minus8 is \(el & 0xFF), above 8") }
                    h.enhancementLayerBitDepth = el & 0xFF + 8
                    h.extendedMappingIDC = UInt8(el >> 8)
                    h.vdrBitDepth = try r.ue("vdr_bit_depth_minus8", maximum: 8) + 8
                    h.spatialResamplingFilter = try r.flag("spatial_resampling_filter_flag")
                    h.reservedZero3Bits = UInt8(try r.bits(3, "reserved_zero_3bits"))
                    h.enhancementLayerSpatialResampling = try r.flag("el_spatial_resampling_filter_flag")
                    h.disableResidual = try r.flag("disable_residual_flag")
                }
            }
            h.vdrDMMetadataPresent = try r.flag("vdr_dm_metadata_present_flag")
            h.usePreviousVDRRPU = try r.flag("use_prev_vdr_rpu_flag")
            if h.usePreviousVDRRPU { h.previousVDRRPUID = try r.ue("prev_vdr_rpu_id", maximum: 15) }
            return h
        }
    }
}
