#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The ITU-R BT.1886 reference EOTF of a display with white `Lw` and black `Lb` (cd/m²), relative to white.
@usableFromInline
package enum BT1886Curve {
    /// The coefficients `a = (Lw^(1/2.4) − Lb^(1/2.4))^2.4` and `b = Lb^(1/2.4) / (Lw^(1/2.4) − Lb^(1/2.4))`
    /// (ITU-R BT.1886 Annex 1), or NaN for luminances outside 0 ≤ Lb < Lw < ∞.
    @usableFromInline
    static func coefficients(white: Double, black: Double) -> (a: Double, b: Double) {
        guard black >= 0, white > black, white.isFinite else { return (.nan, .nan) }
        let w = pow(white, 1 / 2.4), k = pow(black, 1 / 2.4)
        return (pow(w - k, 2.4), k / (w - k))
    }

    /// Annex 1 `L = a·max(V + b, 0)^2.4`, divided by Lw. Below V = −b, where the standard's formula gives 0, the power
    /// law is mirrored about that point (`L = −a·|V + b|^2.4 / Lw`), so the curve stays invertible.
    @usableFromInline
    static func decode(_ v: Double, white: Double, black: Double) -> Double {
        let (a, b) = coefficients(white: white, black: black)
        let u = v + b
        let l = a * pow(Swift.abs(u), 2.4) / white
        return u < 0 ? -l : l
    }

    /// The inverse of ``decode(_:white:black:)``: `V = sign(L)·|L·Lw / a|^(1/2.4) − b`.
    @usableFromInline
    static func encode(_ l: Double, white: Double, black: Double) -> Double {
        let (a, b) = coefficients(white: white, black: black)
        let u = pow(Swift.abs(l) * white / a, 1 / 2.4)
        return (l < 0 ? -u : u) - b
    }
}
