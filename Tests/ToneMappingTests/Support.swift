import Foundation
import TestSupport
import ToneMapping

/// Dense sweeps and helpers shared by the property tests.
enum Sweep {
    /// `count` points spaced evenly in log2 between `low` and `high` (both > 0), plus 0.
    static func logarithmic(from low: Double, to high: Double, count: Int) -> [Double] {
        let a = log2(low), b = log2(high)
        let step = (b - a) / Double(count - 1)
        var points: [Double] = [0]
        for i in 0..<count { points.append(exp2(a + step * Double(i))) }
        return points
    }

    /// `count` points spaced evenly between `low` and `high`.
    static func linear(from low: Double, to high: Double, count: Int) -> [Double] {
        let step = (high - low) / Double(count - 1)
        return (0..<count).map { low + step * Double($0) }
    }

    /// Inputs no operator may turn into NaN: zero, signed tiny, subnormal, huge and negative values.
    static let extremes: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-30, 1e-10, 1e-3, 0.5, 1, 2, 10, 1e3, 1e6, 1e30,
        1e300, .greatestFiniteMagnitude, -1e-30, -1e-3, -0.5, -1, -10, -1e6, -1e300, -.greatestFiniteMagnitude,
    ]

    static let floatExtremes: [Float] = [
        0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-30, 1e-3, 0.5, 1, 2, 10, 1e3, 1e6, 1e30,
        .greatestFiniteMagnitude, -1e-30, -1e-3, -0.5, -1, -10, -1e6, -1e30, -.greatestFiniteMagnitude,
    ]
}

/// Runs `body` on three `Float` planes holding `pixels`, returning the planes afterwards.
func withPlanes(
    _ pixels: [SIMD3<Float>],
    _ body: (UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>) ->
        Void
) -> [SIMD3<Float>] {
    var r = pixels.map(\.x), g = pixels.map(\.y), b = pixels.map(\.z)
    r.withUnsafeMutableBufferPointer { rp in
        g.withUnsafeMutableBufferPointer { gp in
            b.withUnsafeMutableBufferPointer { bp in body(rp, gp, bp) }
        }
    }
    return (0..<pixels.count).map { SIMD3(r[$0], g[$0], b[$0]) }
}

extension SIMD3 where Scalar: FloatingPoint {
    /// The largest component magnitude, max(|x|, |y|, |z|).
    var maxMagnitude: Scalar { Swift.max(x.magnitude, y.magnitude, z.magnitude) }
}
