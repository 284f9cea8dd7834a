/// A short-term reference picture set of an SPS (H.265 §7.3.7, derivation §7.4.8), kept only for the delta POCs that
/// a later set predicts from: parsing the next set needs `NumDeltaPocs` of this one, which for an inter-predicted set
/// depends on the values.
struct ShortTermReferencePictureSet: Hashable, Sendable {
    /// `DeltaPocS0` (negative, closest first) and `DeltaPocS1` (positive, closest first).
    var negative: [Int64], positive: [Int64]

    /// The most pictures in one set (`sps_max_dec_pic_buffering_minus1` ≤ 15 bounds each list).
    static let maximumPictures = 16

    init(_ r: inout RBSPBitReader, index: Int, previous: [ShortTermReferencePictureSet]) throws(ItemParseError) {
        if index > 0, try r.flag() {  // inter_ref_pic_set_prediction_flag (delta_idx_minus1 is slice-header only)
            let reference = previous[index - 1]
            let sign = try r.flag()
            let magnitude = Int64(try r.ue("abs_delta_rps_minus1", maximum: (1 << 15) - 1)) + 1
            let deltaRPS = sign ? -magnitude : magnitude
            let count = reference.negative.count + reference.positive.count
            var used: [Bool] = []
            var useDelta: [Bool] = []
            for _ in 0...count {
                let usedByCurrent = try r.flag()
                used.append(usedByCurrent)
                useDelta.append(usedByCurrent ? true : try r.flag())
            }
            // §7.4.8, equations 7-61 and 7-62.
            var negative: [Int64] = []
            var positive: [Int64] = []
            let n0 = reference.negative.count
            for j in stride(from: reference.positive.count - 1, through: 0, by: -1) {
                let d = reference.positive[j] + deltaRPS
                if d < 0, useDelta[n0 + j] { negative.append(d) }
            }
            if deltaRPS < 0, useDelta[count] { negative.append(deltaRPS) }
            for j in 0..<n0 {
                let d = reference.negative[j] + deltaRPS
                if d < 0, useDelta[j] { negative.append(d) }
            }
            for j in stride(from: n0 - 1, through: 0, by: -1) {
                let d = reference.negative[j] + deltaRPS
                if d > 0, useDelta[j] { positive.append(d) }
            }
            if deltaRPS > 0, useDelta[count] { positive.append(deltaRPS) }
            for j in 0..<reference.positive.count {
                let d = reference.positive[j] + deltaRPS
                if d > 0, useDelta[n0 + j] { positive.append(d) }
            }
            guard negative.count <= Self.maximumPictures, positive.count <= Self.maximumPictures else {
                throw ItemParseError("SPS short-term reference picture set \(index) has too many pictures")
            }
            (self.negative, self.positive) = (negative, positive)
        } else {
            let negativeCount = try r.ue("num_negative_pics", maximum: UInt32(Self.maximumPictures))
            let positiveCount = try r.ue("num_positive_pics", maximum: UInt32(Self.maximumPictures))
            var poc: Int64 = 0
            negative = []
            for _ in 0..<negativeCount {
                poc -= Int64(try r.ue("delta_poc_s0_minus1", maximum: (1 << 15) - 1)) + 1
                negative.append(poc)
                try r.skip(1)  // used_by_curr_pic_s0_flag
            }
            poc = 0
            positive = []
            for _ in 0..<positiveCount {
                poc += Int64(try r.ue("delta_poc_s1_minus1", maximum: (1 << 15) - 1)) + 1
                positive.append(poc)
                try r.skip(1)  // used_by_curr_pic_s1_flag
            }
        }
    }
}
