/// The extended-Reinhard shoulder s(τ) = τ·(1 + τ/τc²)/(1 + τ) on τ ≥ 0, shared by ``HeadroomCurve``,
/// ``ExtendedReinhard`` and ``GamutMapper``.
///
/// Properties (proved in the article "Choosing a tone mapping operator", section "The EDR headroom curve"; checked by the tests): s(0) = 0, s′(0) = 1, s(τc) = 1 exactly, and
/// s′(τ) = (1 + 2τ/τc² + τ²/τc²)/(1 + τ)² > 0, so s is smooth and strictly increasing. τc = 1 gives the identity.
@usableFromInline
package struct RationalShoulder: Hashable, Sendable {
    /// 1/τc², where τc is the input that maps to 1.
    @usableFromInline package let inverseEndSquared: Double

    @usableFromInline
    init(end: Double) {
        inverseEndSquared = 1 / (end * end)
    }

    @inlinable @inline(__always)
    func callAsFunction(_ t: Double) -> Double {
        t * (1 + t * inverseEndSquared) / (1 + t)
    }

    @inlinable @inline(__always)
    func callAsFunction(_ t: Float) -> Float {
        t * (1 + t * Float(inverseEndSquared)) / (1 + t)
    }
}
