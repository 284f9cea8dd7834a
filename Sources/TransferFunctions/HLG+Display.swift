#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension HLG {
    /// An HLG reference display: the package's one implementation of HLG display light (ITU-R BT.2100-2 Table 5,
    /// "Hybrid Log-Gamma (HLG) system", OOTF, EOTF and their inverses).
    ///
    /// - OOTF: `F_D = α·Y_S^(γ−1)·E` with α = L_W (BT.2100-2; BT.2100-1 had α = L_W − L_B) and the scene luminance
    ///   `Y_S = w·E` taken with ``lumaCoefficients`` (BT.2100's 0.2627, 0.6780, 0.0593 for BT.2020 primaries). The
    ///   gain depends on luminance only, so hue and saturation are kept: no per-channel approximation.
    /// - EOTF: `F_D = OOTF[OETF⁻¹(max(0, (1 − β)·E′ + β))]` with the black lift β = √(3·(L_B/L_W)^(1/γ)), so signal 0
    ///   shows L_B and signal 1 shows L_W.
    /// - Inverses are exact: `E = (Y_D/α)^((1 − γ)/γ)·F_D/α`, then `E′ = (OETF(E) − β)/(1 − β)`.
    ///
    /// Zero or negative luminance gives no light (zero), negative scene light is clipped to 0 before the OETF, NaN
    /// propagates. `ColorSpace.Conversion`, ToneMapping's `HLGDisplayAdaptation` and PixelConversion's HLG steps all
    /// take their constants from this type.
    public struct Display: Hashable, Sendable {
        /// The nominal peak luminance L_W in cd/m².
        public var peakLuminance: Double
        /// The black level L_B in cd/m².
        public var blackLuminance: Double
        /// The system gamma γ.
        public var systemGamma: Double
        /// The weights of the scene luminance Y_S in the OOTF.
        public var lumaCoefficients: SIMD3<Double>

        /// Creates a display.
        ///
        /// - Parameters:
        ///   - peakLuminance: L_W in cd/m² (1000, the BT.2100 reference).
        ///   - blackLuminance: L_B in cd/m² (0).
        ///   - systemGamma: γ, or `nil` for ``HLG/systemGamma(peakLuminance:formula:ambientLuminance:)`` of the peak
        ///     (1.2 at 1000 cd/m²).
        ///   - lumaCoefficients: The OOTF's luminance weights; BT.2100's by default.
        public init(
            peakLuminance: Double = 1000, blackLuminance: Double = 0, systemGamma: Double? = nil,
            lumaCoefficients: SIMD3<Double> = HLG.lumaCoefficients
        ) {
            self.peakLuminance = peakLuminance
            self.blackLuminance = blackLuminance
            self.systemGamma = systemGamma ?? HLG.systemGamma(peakLuminance: peakLuminance)
            self.lumaCoefficients = lumaCoefficients
        }

        /// The black lift β = √(3·(L_B/L_W)^(1/γ)) (0 for a zero black level; NaN for a negative one).
        public var blackLift: Double { (3 * pow(blackLuminance / peakLuminance, 1 / systemGamma)).squareRoot() }

        /// The OOTF gain α·Y_S^(γ−1) that multiplies scene light of luminance `y` (0 when y ≤ 0; NaN for NaN).
        @inlinable
        public func gain(sceneLuminance y: Double) -> Double {
            y > 0 ? peakLuminance * pow(y, systemGamma - 1) : (y.isNaN ? y : 0)
        }

        /// The inverse OOTF gain `(Y_D/α)^((1 − γ)/γ)/α` that multiplies display light of luminance `y` cd/m²
        /// (0 when y ≤ 0; NaN for NaN).
        @inlinable
        public func inverseGain(displayLuminance y: Double) -> Double {
            y > 0 ? pow(y / peakLuminance, (1 - systemGamma) / systemGamma) / peakLuminance : (y.isNaN ? y : 0)
        }

        /// The OOTF: linear scene light (R, G, B), nominally in [0, 1], to display light in cd/m².
        @inlinable
        public func ootf(_ scene: SIMD3<Double>) -> SIMD3<Double> {
            scene * gain(sceneLuminance: (scene * lumaCoefficients).sum())
        }

        /// The inverse OOTF: display light in cd/m² to linear scene light.
        @inlinable
        public func inverseOOTF(_ display: SIMD3<Double>) -> SIMD3<Double> {
            display * inverseGain(displayLuminance: (display * lumaCoefficients).sum())
        }

        /// The EOTF: a non-linear R′G′B′ signal, nominally in [0, 1], to display light in cd/m².
        @inlinable
        public func eotf(_ signal: SIMD3<Double>) -> SIMD3<Double> {
            let beta = blackLift
            var scene = SIMD3<Double>()
            for i in 0..<3 {
                let lifted = (1 - beta) * signal[i] + beta
                scene[i] = HLG.inverseOETF(lifted < 0 ? 0 : lifted)
            }
            return ootf(scene)
        }

        /// The inverse EOTF: display light in cd/m² to the non-linear signal. Negative scene light from the inverse
        /// OOTF (out-of-gamut display light) is clipped to 0 before the OETF.
        @inlinable
        public func inverseEOTF(_ display: SIMD3<Double>) -> SIMD3<Double> {
            let beta = blackLift
            let scene = inverseOOTF(display)
            var signal = SIMD3<Double>()
            for i in 0..<3 { signal[i] = (HLG.oetf(scene[i] < 0 ? 0 : scene[i]) - beta) / (1 - beta) }
            return signal
        }
    }
}
