/// SMPTE ST 2084 (PQ) curves as tables with linear interpolation, for the per-pixel path of Dolby Vision composition
/// (12 `pow` calls per pixel otherwise). The EOTF is tabulated over its signal E′ (0…1); the inverse EOTF over the
/// fourth root of linear light, where PQ is smooth enough for 4096 intervals: largest errors 7e-7 (EOTF) and 4e-7
/// (inverse) over 0…1, and composed frames stay within 1e-6 of the exact path (`DolbyVisionComposerTests`). Inputs
/// outside 0…1 are computed exactly.
enum PQTables {
    static let intervals = 4096

    /// E′ → Y at E′ = i ÷ intervals.
    static let eotfTable: [Double] = (0...intervals).map {
        DolbyVisionComposition.pqEOTF(Double($0) / Double(intervals))
    }

    /// t → E′ at t = i ÷ intervals, Y = t⁴.
    static let oetfTable: [Double] = (0...intervals).map {
        let t = Double($0) / Double(intervals)
        return DolbyVisionComposition.pqOETF(t * t * t * t)
    }

    /// The PQ EOTF (1.0 = 10 000 cd/m²) of `e`, from `table` (``eotfTable``'s storage, fetched once per row band).
    @inline(__always)
    static func eotf(_ e: Double, _ table: UnsafeBufferPointer<Double>) -> Double {
        guard e > 0 else { return 0 }  // the exact EOTF of every E′ ≤ 0
        guard e < 1 else { return DolbyVisionComposition.pqEOTF(e) }
        return interpolate(table, e)
    }

    /// The PQ inverse EOTF of linear `y` (1.0 = 10 000 cd/m²), from `table` (``oetfTable``'s storage).
    @inline(__always)
    static func oetf(_ y: Double, _ table: UnsafeBufferPointer<Double>) -> Double {
        guard y > 0 else { return table[0] }  // the exact inverse EOTF of every Y ≤ 0 (out-of-gamut negatives)
        guard y < 1 else { return DolbyVisionComposition.pqOETF(y) }
        return interpolate(table, y.squareRoot().squareRoot())
    }

    @inline(__always)
    private static func interpolate(_ t: UnsafeBufferPointer<Double>, _ x: Double) -> Double {
        let position = x * Double(intervals)
        let index = min(Int(position), intervals - 1)
        let fraction = position - Double(index)
        return t[index] + (t[index + 1] - t[index]) * fraction
    }
}
