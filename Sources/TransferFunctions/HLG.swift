#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ITU-R BT.2100 hybrid log-gamma: OETF, OOTF, EOTF and their inverses.
///
/// Conventions (BT.2100-2 and later): scene light E ∈ [0, 1]; display light F_D in cd/m²; the OOTF gain is α = L_W
/// and the black level enters the EOTF through β = √(3·(L_B/L_W)^(1/γ)). Scene luminance uses the BT.2020 weights
/// unless other ``lumaCoefficients`` are passed.
public enum HLG {
    /// a = 0.17883277.
    public static let a = 0.17883277
    /// b = 1 − 4a = 0.28466892.
    public static let b = 1 - 4 * a
    /// c = 0.5 − a·ln(4a) = 0.559910729529562.
    public static let c = 0.5 - a * log(4 * a)
    /// Luminance weights of BT.2020 / BT.2100 RGB (Y_S = 0.2627 R + 0.6780 G + 0.0593 B).
    public static let lumaCoefficients = SIMD3<Double>(0.2627, 0.6780, 0.0593)

    /// How the system gamma depends on the display's nominal peak luminance.
    public enum SystemGammaFormula: Hashable, Sendable {
        /// γ = 1.2 + 0.42·log10(L_W / 1000) (ITU-R BT.2100 Table 5, notes), for any peak.
        case logarithmic
        /// γ = 1.2 · 1.111^log2(L_W / 1000) (ITU-R BT.2390 extended-range form), for any peak.
        case extended
        /// The logarithmic form on 400 … 2000 cd/m², where BT.2100 defines it, and the extended form outside.
        case logarithmicWithExtendedRange
    }

    /// The OETF (ITU-R BT.2100 Table 5; ITU-T H.273 TransferCharacteristics 18): scene light E to signal E′,
    /// `E′ = √(3E)` for E ≤ 1/12, else `a·ln(12E − b) + c`.
    ///
    /// E is nominally in [0, 1]; values above 1 continue the formula and negative values are sign-mirrored (the
    /// ``OutOfRangeBehavior/extended`` policy of ``TransferFunction/hlg``). NaN gives NaN.
    @inlinable
    public static func oetf(_ e: Double) -> Double { TransferFunction.hlg.fromLinear(e) }

    /// The inverse OETF (ITU-R BT.2100 Table 5): signal E′ to scene light E, `E = E′²/3` for E′ ≤ ½, else
    /// `(exp((E′ − c)/a) + b)/12`. Out-of-range signals are handled as by ``oetf(_:)``.
    @inlinable
    public static func inverseOETF(_ signal: Double) -> Double { TransferFunction.hlg.toLinear(signal) }

    @usableFromInline
    static func oetfNominal(_ e: Double) -> Double {
        e <= 1.0 / 12.0 ? (3 * e).squareRoot() : a * log(12 * e - b) + c
    }

    @usableFromInline
    static func inverseOETFNominal(_ v: Double) -> Double {
        v <= 0.5 ? v * v / 3 : (exp((v - c) / a) + b) / 12
    }

    /// The system gamma γ for a display of nominal peak luminance `peakLuminance` cd/m².
    ///
    /// γ = 1.2 at 1000 cd/m² in every form. The default form is the BT.2100 logarithmic formula on 400 … 2000 cd/m²
    /// and the BT.2390 extended formula outside, so it steps where the two differ: 1.0441 → 1.0329 at 400 cd/m² and
    /// 1.3264 → 1.3332 just above 2000 cd/m².
    ///
    /// - Parameters:
    ///   - peakLuminance: The display's nominal peak luminance L_W in cd/m²; must be positive and finite.
    ///   - formula: Which formula to use.
    ///   - ambientLuminance: The surround luminance in cd/m²; the result is multiplied by 0.98^log2(L_amb / 5)
    ///     (ITU-R BT.2390), which is 1 at the reference 5 cd/m².
    /// - Returns: γ, or NaN when `peakLuminance` or `ambientLuminance` is not positive and finite.
    @inlinable
    public static func systemGamma(
        peakLuminance: Double,
        formula: SystemGammaFormula = .logarithmicWithExtendedRange,
        ambientLuminance: Double = 5
    ) -> Double {
        guard peakLuminance > 0, peakLuminance.isFinite, ambientLuminance > 0, ambientLuminance.isFinite else {
            return .nan
        }
        let logarithmic = 1.2 + 0.42 * log10(peakLuminance / 1000)
        let extended = 1.2 * pow(1.111, log2(peakLuminance / 1000))
        let gamma: Double
        switch formula {
        case .logarithmic:
            gamma = logarithmic
        case .extended:
            gamma = extended
        case .logarithmicWithExtendedRange:
            gamma = peakLuminance >= 400 && peakLuminance <= 2000 ? logarithmic : extended
        }
        return ambientLuminance == 5 ? gamma : gamma * pow(0.98, log2(ambientLuminance / 5))
    }

    /// The OOTF (ITU-R BT.2100-2 Table 5): scene light RGB E ∈ [0, 1] to display light in cd/m²,
    /// `F_D = α·Y_S^(γ−1)·E` with α = L_W and Y_S the scene luminance; ``Display/ootf(_:)`` of a display with
    /// this peak, gamma and weights.
    ///
    /// - Parameters:
    ///   - scene: Linear scene light (R, G, B), nominally in [0, 1].
    ///   - peakLuminance: The display's nominal peak luminance L_W in cd/m².
    ///   - gamma: The system gamma; ``systemGamma(peakLuminance:formula:ambientLuminance:)`` of the peak by default.
    ///   - k: Luminance weights; BT.2020 by default.
    /// - Returns: Display light in cd/m²; zero when Y_S ≤ 0 (no light), NaN when any input is NaN.
    @inlinable
    public static func ootf(
        _ scene: SIMD3<Double>,
        peakLuminance: Double,
        gamma: Double? = nil,
        lumaCoefficients k: SIMD3<Double> = lumaCoefficients
    ) -> SIMD3<Double> {
        Display(peakLuminance: peakLuminance, systemGamma: gamma, lumaCoefficients: k).ootf(scene)
    }

    /// The inverse OOTF (ITU-R BT.2100-2 Table 5): display light in cd/m² to scene light,
    /// `E = (Y_D/α)^((1−γ)/γ)·F_D/α` with α = L_W; ``Display/inverseOOTF(_:)``. Parameters as for
    /// ``ootf(_:peakLuminance:gamma:lumaCoefficients:)``; zero when Y_D ≤ 0.
    @inlinable
    public static func inverseOOTF(
        _ display: SIMD3<Double>,
        peakLuminance: Double,
        gamma: Double? = nil,
        lumaCoefficients k: SIMD3<Double> = lumaCoefficients
    ) -> SIMD3<Double> {
        Display(peakLuminance: peakLuminance, systemGamma: gamma, lumaCoefficients: k).inverseOOTF(display)
    }

    /// The black-level lift β = √(3·(L_B/L_W)^(1/γ)) of the BT.2100-2 EOTF (0 for a zero black level; NaN for a
    /// negative one).
    @inlinable
    public static func blackLift(peakLuminance: Double, blackLuminance: Double, gamma: Double? = nil) -> Double {
        Display(peakLuminance: peakLuminance, blackLuminance: blackLuminance, systemGamma: gamma).blackLift
    }

    /// The EOTF (ITU-R BT.2100-2 Table 5): non-linear R′G′B′ signal to display light in cd/m²,
    /// `F_D = OOTF[OETF⁻¹(max(0, (1 − β)E′ + β))]`, so signal 0 shows the black level L_B and 1 shows L_W;
    /// ``Display/eotf(_:)`` with BT.2020 luminance weights.
    ///
    /// - Parameters:
    ///   - rgb: The signal (R′, G′, B′), nominally in [0, 1]; lifted values below 0 are clipped to 0 as BT.2100 says.
    ///   - peakLuminance: The display's nominal peak luminance L_W in cd/m².
    ///   - blackLuminance: The display's black level L_B in cd/m².
    ///   - gamma: The system gamma; ``systemGamma(peakLuminance:formula:ambientLuminance:)`` of the peak by default.
    /// - Returns: Display light (R, G, B) in cd/m².
    @inlinable
    public static func eotf(
        _ rgb: SIMD3<Double>,
        peakLuminance: Double,
        blackLuminance: Double,
        gamma: Double? = nil
    ) -> SIMD3<Double> {
        Display(peakLuminance: peakLuminance, blackLuminance: blackLuminance, systemGamma: gamma).eotf(rgb)
    }

    /// The inverse EOTF: display light in cd/m² to the non-linear signal, inverting
    /// ``eotf(_:peakLuminance:blackLuminance:gamma:)`` (negative scene light from the inverse OOTF is clipped to 0);
    /// ``Display/inverseEOTF(_:)``.
    @inlinable
    public static func inverseEOTF(
        _ display: SIMD3<Double>,
        peakLuminance: Double,
        blackLuminance: Double,
        gamma: Double? = nil
    ) -> SIMD3<Double> {
        Display(peakLuminance: peakLuminance, blackLuminance: blackLuminance, systemGamma: gamma).inverseEOTF(display)
    }
}
