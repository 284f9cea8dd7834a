internal import CPixelKernels
import ColorSpaces

/// `v ↦ M·v + o` on three channels, composed in `Double` and rounded to `Float` once when a plan is compiled.
struct AffineMap: Sendable {
    let matrix: Matrix3x3
    let offset: SIMD3<Double>
    /// The coefficients rounded to `Float`, as the kernels use them.
    let coefficients: HDRKAffine

    init(_ matrix: Matrix3x3, offset: SIMD3<Double> = .zero) {
        self.matrix = matrix
        self.offset = offset
        let m = matrix.rowMajorElements.map { Float($0) }
        coefficients = HDRKAffine(
            m: (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]),
            o: (Float(offset.x), Float(offset.y), Float(offset.z)))
    }

    static let identity = AffineMap(.identity)

    /// Per-channel `v·scale + offset`.
    static func diagonal(_ scale: SIMD3<Double>, offset: SIMD3<Double> = .zero) -> AffineMap {
        AffineMap(Matrix3x3(diagonal: scale), offset: offset)
    }

    /// `other` after `self`: v ↦ other(self(v)).
    func followed(by other: AffineMap) -> AffineMap {
        AffineMap(other.matrix * matrix, offset: other.matrix * offset + other.offset)
    }

    var isIdentity: Bool { matrix == .identity && offset == .zero }

    /// s when the map is v ↦ s·v with one s for every channel that is a normal positive `Float`, else nil.
    var uniformScale: Double? {
        let s = matrix.rowMajorElements[0]
        guard offset == .zero, s > 0, Float(s).isNormal,
            matrix == Matrix3x3(diagonal: SIMD3(repeating: s))
        else { return nil }
        return s
    }

    /// The `Float` rows `[m m m | o]`, for the plan.
    var rows: [(Float, Float, Float, Float)] {
        let (m, o) = (coefficients.m, coefficients.o)
        return [(m.0, m.1, m.2, o.0), (m.3, m.4, m.5, o.1), (m.6, m.7, m.8, o.2)]
    }
}
