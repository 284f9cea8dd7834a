/// The display order of an HEVC stream's pictures: PicOrderCntVal (H.265 §8.3.1) from each picture's first slice
/// segment header, with the SPS and PPS fields that header depends on. An IDR, BLA or the first picture restarts the
/// count, so the order key is (restarts so far, PicOrderCntVal).
package struct HEVCPictureOrder {
    /// An empty tracker: no parameter sets seen yet.
    package init() {}

    /// What a slice header needs of a PPS (§7.3.2.3.1).
    package struct PictureParameters {
        var sequenceID: Int
        var outputFlagPresent: Bool
        var extraSliceHeaderBits: Int
    }

    private var sequences: [Int: HEVCSequenceParameters] = [:]
    private var pictures: [Int: PictureParameters] = [:]
    private var epoch = -1
    private var previousLSB = 0
    private var previousMSB = 0

    /// Reads a parameter set (NAL unit types 33 and 34, header included); other units are ignored.
    package mutating func readParameterSet(_ nal: ArraySlice<UInt8>) {
        guard nal.count > 2 else { return }
        switch (nal[nal.startIndex] >> 1) & 0x3F {
        case 33:
            guard let sps = try? HEVCSequenceParameters.parse(nal: nal) else { return }
            sequences[sps.sequenceID] = sps
        case 34:
            var r = RBSPReader(nal.dropFirst(2).prefix(16))
            guard let id = try? r.ue("pps_pic_parameter_set_id", maximum: 63),
                let sequence = try? r.ue("pps_seq_parameter_set_id", maximum: 15),
                (try? r.skip(1)) != nil,  // dependent_slice_segments_enabled_flag
                let output = try? r.flag(), let extra = try? r.bits(3)
            else { return }
            pictures[id] = PictureParameters(
                sequenceID: sequence, outputFlagPresent: output, extraSliceHeaderBits: Int(extra))
        default:
            break
        }
    }

    /// The display-order key of the picture a slice NAL unit (type < 32, header included) starts, or nil when the
    /// unit does not start a picture or its parameter sets are missing.
    package mutating func pictureKey(_ nal: ArraySlice<UInt8>) -> (epoch: Int, order: Int)? {
        guard AnnexB.startsHEVCPicture(nal) else { return nil }
        let type = Int(nal[nal.startIndex] >> 1) & 0x3F
        let temporalID = Int(nal[nal.startIndex + 1] & 7) - 1
        var r = RBSPReader(nal.dropFirst(2).prefix(64))
        guard (try? r.skip(1)) != nil,  // first_slice_segment_in_pic_flag
            type < 16 || type > 23 || (try? r.skip(1)) != nil,  // no_output_of_prior_pics_flag
            let ppsID = try? r.ue("slice_pic_parameter_set_id", maximum: 63), let pps = pictures[ppsID],
            let sps = sequences[pps.sequenceID]
        else { return nil }
        let isIDR = type == 19 || type == 20
        let restarts = isIDR || (16...18).contains(type) || epoch < 0
        var lsb = 0
        if !isIDR {
            guard (try? r.skip(pps.extraSliceHeaderBits)) != nil, (try? r.ue("slice_type", maximum: 2)) != nil,
                !pps.outputFlagPresent || (try? r.skip(1)) != nil,
                !sps.separateColorPlanes || (try? r.skip(2)) != nil,
                let value = try? r.bits(sps.log2MaxPOCLSB)
            else { return nil }
            lsb = Int(value)
        }
        let half = 1 << (sps.log2MaxPOCLSB - 1)
        var msb = 0
        if restarts {
            epoch += 1
        } else if lsb < previousLSB && previousLSB - lsb >= half {
            msb = previousMSB + 2 * half
        } else if lsb > previousLSB && lsb - previousLSB > half {
            msb = previousMSB - 2 * half
        } else {
            msb = previousMSB
        }
        // prevTid0Pic: TemporalId 0 and not RASL, RADL or a sub-layer non-reference picture.
        let subLayerNonReference = type <= 14 && type % 2 == 0
        if temporalID == 0, !(6...9).contains(type), !subLayerNonReference {
            (previousLSB, previousMSB) = (lsb, msb)
        }
        return (epoch, msb + lsb)
    }
}
