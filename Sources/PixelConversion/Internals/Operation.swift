import ColorSpaces
import ToneMapping
import TransferFunctions

/// One step of a plan that works on the three colour planes of a chunk (R, G, B or Y′, Cb, Cr: any triplet), in
/// place, as the compiler builds and describes it; ``Program`` lowers it to a ``Step``.
enum Operation: Sendable {
    /// `v ↦ M·v + o`: Y′CbCr ⇄ R′G′B′ (with quantisation folded in), gamut conversion, scaling to reference white.
    case affine(AffineMap, name: String)
    /// The same curve on each of the three planes.
    case curve(CurveTable)
    /// The last curve with the destination's quantisation: each value becomes the signal of its exact code.
    case quantizedCurve(QuantizedCurve)
    /// Multiplies each pixel by a curve of its luminance `w·v`: the HLG OOTF and its inverse, tone mapping on luminance.
    /// `purpose` names the step in the plan.
    case luminanceGain(weights: SIMD3<Double>, CurveTable, purpose: String)
    /// Clamps each value to `low … high` (NaN kept).
    case clamp(low: Float, high: Float, name: String)
    /// A tone-mapping operator on linear light.
    case toneMap(any ToneMappingOperator, name: String)
    /// ToneMapping's gamut mapper: matrix, soft compression towards the achromatic axis, clip.
    case gamutMapper(GamutMapper)
    /// Rolls max(R, G, B) above `knee` smoothly onto `ceiling`, keeping the ratios of the components.
    case highlightShoulder(knee: Float, ceiling: Float)
    /// ToneMapping's ``HeadroomFit``: max(R, G, B) ≤ its headroom, towards grey at constant luminance (hue kept).
    /// `name` names the step ("fit the headroom"); `space` says what the planes hold, for the plan.
    case headroomFit(HeadroomFit, name: String, space: String)

    /// Whether the step maps every value to itself.
    var isIdentity: Bool {
        if case .affine(let map, _) = self { return map.isIdentity }
        return false
    }
}

// MARK: - Portable kernels

/// Three colour planes of a chunk.
struct Planes {
    var p0: UnsafeMutablePointer<Float>
    var p1: UnsafeMutablePointer<Float>
    var p2: UnsafeMutablePointer<Float>
    var count: Int

    var red: UnsafeMutableBufferPointer<Float> { UnsafeMutableBufferPointer(start: p0, count: count) }
    var green: UnsafeMutableBufferPointer<Float> { UnsafeMutableBufferPointer(start: p1, count: count) }
    var blue: UnsafeMutableBufferPointer<Float> { UnsafeMutableBufferPointer(start: p2, count: count) }
}

enum PortableKernels {
    /// `v ↦ M·v + o`, each output `((m·a + m·b) + m·c) + o` in this order (the C kernels repeat it).
    @inline(__always)
    static func affine(_ k: AffineCoefficients, _ planes: Planes) {
        let (p0, p1, p2) = (planes.p0, planes.p1, planes.p2)
        for i in 0..<planes.count {
            let a = p0[i], b = p1[i], c = p2[i]
            p0[i] = k.m00 * a + k.m01 * b + k.m02 * c + k.o0
            p1[i] = k.m10 * a + k.m11 * b + k.m12 * c + k.o1
            p2[i] = k.m20 * a + k.m21 * b + k.m22 * c + k.o2
        }
    }

    /// A curve in place through its table, the uncovered values through `exact`.
    @inline(__always)
    static func curve(_ curve: CurveKernel, _ values: UnsafeMutablePointer<Float>, count: Int, exact: (Float) -> Float)
    {
        PiecewiseLinearTable.evaluate(
            values, into: values, count: count, layout: curve.layout, table: curve.table, outside: exact)
    }

    /// `v ↦ v·gain(w·v)`, the luminance `((w0·a + w1·b) + w2·c)`.
    @inline(__always)
    static func luminanceGain(
        _ weights: SIMD3<Float>, _ curve: CurveKernel, _ planes: Planes, exact: (Float) -> Float
    ) {
        let (p0, p1, p2) = (planes.p0, planes.p1, planes.p2)
        let (w0, w1, w2) = (weights.x, weights.y, weights.z)
        let (layout, table) = (curve.layout, curve.table)
        for i in 0..<planes.count {
            let a = p0[i], b = p1[i], c = p2[i]
            let y = PiecewiseLinearTable.clamped(w0 * a + w1 * b + w2 * c, layout)
            let gain =
                PiecewiseLinearTable.outside(y.bitPattern, layout) == 0
                ? PiecewiseLinearTable.interpolate(y.bitPattern, layout, table) : exact(w0 * a + w1 * b + w2 * c)
            p0[i] = a * gain
            p1[i] = b * gain
            p2[i] = c * gain
        }
    }

    /// Clamps to `low … high`, keeping NaN (the comparisons are false for it).
    @inline(__always)
    static func clamp(_ low: Float, _ high: Float, _ values: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count {
            var v = values[i]
            v = v < low ? low : v
            values[i] = v > high ? high : v
        }
    }

    /// ``HeadroomFit`` on every pixel, its `Float` kernel (the C kernel repeats it).
    @inline(__always)
    static func headroomFit(weights: SIMD3<Float>, headroom: Float, limit: Float, _ planes: Planes) {
        HeadroomFit.fit(
            planes.p0, planes.p1, planes.p2, count: planes.count, weights: weights, headroom: headroom, limit: limit)
    }

    /// The highlight shoulder: with m = max(R, G, B) > k, scale by s(m)/m, s(m) = k + (c − k)·t/(1 + t),
    /// t = (m − k)/(c − k): C¹ at the knee (slope 1), increasing, tending to c.
    static func highlightShoulder(knee: Float, ceiling: Float, _ planes: Planes) {
        let width = ceiling - knee
        for i in 0..<planes.count {
            let r = planes.p0[i], g = planes.p1[i], b = planes.p2[i]
            let m = Swift.max(r, g, b)
            guard m > knee, m.isFinite else {
                if m == .infinity {
                    planes.p0[i] = r == m ? ceiling : 0
                    planes.p1[i] = g == m ? ceiling : 0
                    planes.p2[i] = b == m ? ceiling : 0
                }
                continue
            }
            let t = (m - knee) / width
            let scale = (knee + width * t / (1 + t)) / m
            planes.p0[i] = r * scale
            planes.p1[i] = g * scale
            planes.p2[i] = b * scale
        }
    }
}
