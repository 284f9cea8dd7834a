/// The short-term reference picture sets of an HEVC SPS (H.265 §7.3.7, semantics §7.4.8): read only to reach the
/// fields after them, but read exactly, because a set predicted from the previous one (inter_ref_pic_set_prediction)
/// codes one flag pair per picture of that set, so each set's picture order count deltas (equations 7-61 and 7-62)
/// decide how many bits the next one takes.
package enum HEVCReferencePictureSets {
    /// One set's DeltaPocS0 (negative, nearest first) and DeltaPocS1 (positive, nearest first).
    package struct Set {
        var negative: [Int] = []
        var positive: [Int] = []
        var count: Int { negative.count + positive.count }
    }

    /// Reads num_short_term_ref_pic_sets and every st_ref_pic_set() of an SPS.
    package static func skip(_ r: inout RBSPReader) throws(SyntaxError) {
        let count = try r.ue("num_short_term_ref_pic_sets", maximum: 64)
        var sets: [Set] = []
        for index in 0..<count {
            sets.append(try read(&r, index: index, previous: sets.last))
        }
    }

    package static func read(_ r: inout RBSPReader, index: Int, previous: Set?) throws(SyntaxError) -> Set {
        let what = "st_ref_pic_set(\(index))"
        if index > 0, let reference = previous, try r.flag("\(what) inter_ref_pic_set_prediction_flag") {
            // In an SPS the reference is always the previous set (delta_idx_minus1 is only coded in slice headers).
            let negativeSign = try r.flag("\(what) delta_rps_sign")
            let magnitude = try r.ue("\(what) abs_delta_rps_minus1", maximum: (1 << 15) - 1) + 1
            let deltaRPS = negativeSign ? -magnitude : magnitude
            var useDelta: [Bool] = []
            for _ in 0...reference.count {
                let used = try r.flag("\(what) used_by_curr_pic_flag")
                useDelta.append(used ? true : try r.flag("\(what) use_delta_flag"))
            }
            let n = reference.negative.count
            var set = Set()
            for j in stride(from: reference.positive.count - 1, through: 0, by: -1) {
                let delta = reference.positive[j] + deltaRPS
                if delta < 0, useDelta[n + j] { set.negative.append(delta) }
            }
            if deltaRPS < 0, useDelta[reference.count] { set.negative.append(deltaRPS) }
            for j in 0..<n {
                let delta = reference.negative[j] + deltaRPS
                if delta < 0, useDelta[j] { set.negative.append(delta) }
            }
            for j in stride(from: n - 1, through: 0, by: -1) {
                let delta = reference.negative[j] + deltaRPS
                if delta > 0, useDelta[j] { set.positive.append(delta) }
            }
            if deltaRPS > 0, useDelta[reference.count] { set.positive.append(deltaRPS) }
            for j in 0..<reference.positive.count {
                let delta = reference.positive[j] + deltaRPS
                if delta > 0, useDelta[n + j] { set.positive.append(delta) }
            }
            guard set.count <= 32 else {
                throw SyntaxError("\(what) predicts \(set.count) pictures, more than a decoder can hold")
            }
            return set
        }
        let negativeCount = try r.ue("\(what) num_negative_pics", maximum: 16)
        let positiveCount = try r.ue("\(what) num_positive_pics", maximum: 16)
        var set = Set()
        var poc = 0
        for _ in 0..<negativeCount {
            poc -= try r.ue("\(what) delta_poc_s0_minus1", maximum: (1 << 15) - 1) + 1
            set.negative.append(poc)
            try r.skip(1, "\(what) used_by_curr_pic_s0_flag")
        }
        poc = 0
        for _ in 0..<positiveCount {
            poc += try r.ue("\(what) delta_poc_s1_minus1", maximum: (1 << 15) - 1) + 1
            set.positive.append(poc)
            try r.skip(1, "\(what) used_by_curr_pic_s1_flag")
        }
        return set
    }
}
