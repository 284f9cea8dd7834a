#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ITU-T H.273 TransferCharacteristics 9 and 10, the logarithmic curves of 2 and 2.5 decades (100:1 and 100√10:1).
@usableFromInline
package enum LogCurve {
    /// The smallest linear value above black: 10^−decades (0.01, or √10 / 1000 for 2.5 decades).
    @usableFromInline
    package static func threshold(decades: Double) -> Double {
        decades == 2 ? 0.01 : 0.0031622776601683794
    }

    /// `V = 1 + log10(L) / decades` for L ≥ the threshold, else 0. Defined for L ≥ 0.
    @usableFromInline
    static func encode(_ l: Double, decades: Double) -> Double {
        l < threshold(decades: decades) ? 0 : 1 + log10(l) / decades
    }

    /// The inverse of ``encode(_:decades:)`` for V ≥ 0: 0 for V = 0 (nominal black), else `10^((V − 1)·decades)`,
    /// which is at least the threshold: the encoding maps all of [0, threshold] to 0.
    @usableFromInline
    static func decode(_ v: Double, decades: Double) -> Double {
        v <= 0 ? 0 : pow(10, (v - 1) * decades)
    }
}
