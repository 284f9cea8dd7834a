#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ITU-R BT.2446 method A (BT.2446-1 §5.1.1): HDR → SDR tone mapping of BT.2020 RGB through a perceptually
/// linearised luma with chroma correction.
///
/// With R′ = R^(1/2.4) on RGB normalised to the HDR peak L_HDR and Y′ = 0.2627R′ + 0.6780G′ + 0.0593B′:
/// - ρ_HDR = 1 + 32(L_HDR/10000)^(1/2.4); Y′p = ln(1 + (ρ_HDR − 1)Y′)/ln ρ_HDR.
/// - Y′c = 1.0770·Y′p (Y′p ≤ 0.7399); −1.1510·Y′p² + 2.7811·Y′p − 0.6302 (≤ 0.9909); else 0.5·Y′p + 0.5.
/// - ρ_SDR = 1 + 32(L_SDR/10000)^(1/2.4); Y′sdr = (ρ_SDR^Y′c − 1)/(ρ_SDR − 1).
/// - Cb = (B′ − Y′)/1.8814, Cr = (R′ − Y′)/1.4746, both scaled by Y′sdr/(1.1·Y′);
///   Y′tmo = Y′sdr − max(0.1·Cr, 0); back to R′G′B′ with the BT.2020 weights and to linear with the 2.4 power.
///
/// Input: linear BT.2020 RGB, 1.0 = ``referenceWhite`` cd/m². Output: linear BT.2020 RGB where 1.0 is SDR white
/// (the EDR reference white; display headroom 1). The HDR peak maps to 1. Pixels with Y′ ≤ 0 map to black; negative
/// components go through the sign-mirrored 2.4 power; results are not clamped (saturated colours can leave [0, 1]
/// and are left to a gamut mapper). Inputs above L_HDR continue the formulas (monotone, above 1).
public struct BT2446MethodA: ToneMappingOperator, Hashable {
    /// The HDR content peak L_HDR in cd/m².
    public let hdrPeak: Double
    /// The SDR peak L_SDR in cd/m² (100 in the Recommendation).
    public let sdrPeak: Double
    /// The luminance of linear input 1.0 in cd/m².
    public let referenceWhite: Double

    /// ρ_HDR = 1 + 32(L_HDR/10000)^(1/2.4).
    public let rhoHDR: Double
    /// ρ_SDR = 1 + 32(L_SDR/10000)^(1/2.4).
    public let rhoSDR: Double

    @usableFromInline package let inputScale: Double
    @usableFromInline let logRhoHDR: Double

    /// Creates the operator. Non-finite or non-positive luminances fall back to L_HDR = 1000, L_SDR = 100 and a
    /// 203 cd/m² reference white.
    public init(
        hdrPeak: Double = ContentLuminance.defaultPeakLuminance, sdrPeak: Double = 100,
        referenceWhite: Double = ReferenceWhite.bt2408
    ) {
        func valid(_ v: Double, or fallback: Double) -> Double { v.isFinite && v > 0 ? v : fallback }
        self.hdrPeak = valid(hdrPeak, or: ContentLuminance.defaultPeakLuminance)
        self.sdrPeak = valid(sdrPeak, or: 100)
        self.referenceWhite = valid(referenceWhite, or: ReferenceWhite.bt2408)
        rhoHDR = Self.rho(self.hdrPeak)
        rhoSDR = Self.rho(self.sdrPeak)
        inputScale = self.referenceWhite / self.hdrPeak
        logRhoHDR = log(rhoHDR)
    }

    /// Creates the operator for content headroom Hc: L_HDR = Hc·reference white.
    public init(contentHeadroom: Double, referenceWhite: Double = ReferenceWhite.bt2408, sdrPeak: Double = 100) {
        self.init(hdrPeak: contentHeadroom * referenceWhite, sdrPeak: sdrPeak, referenceWhite: referenceWhite)
    }

    /// 1: the method maps the HDR peak to SDR white, 1.0 (``ToneMappingOperator/targetHeadroom``); its saturated
    /// colours can leave [0, 1], which a conversion's fit brings back.
    public var targetHeadroom: Double? { 1 }

    /// ρ(L) = 1 + 32·(L/10000)^(1/2.4) (BT.2446-1 §5.1.1 steps 1 and 3).
    public static func rho(_ luminance: Double) -> Double {
        1 + 32 * pow(luminance / 10_000, 1 / 2.4)
    }

    /// The luma curve Y′ → Y′sdr (steps 1 to 3), on non-linear luma in [0, 1].
    @inlinable
    public func lumaCurve(_ y: Double) -> Double {
        let yp = log(1 + (rhoHDR - 1) * y) / logRhoHDR
        let yc: Double
        if yp <= 0.7399 {
            yc = 1.0770 * yp
        } else if yp <= 0.9909 {
            yc = -1.1510 * yp * yp + 2.7811 * yp - 0.6302
        } else {
            yc = 0.5 * yp + 0.5
        }
        return (pow(rhoSDR, yc) - 1) / (rhoSDR - 1)
    }

    @inlinable
    static func signedPow(_ x: Double, _ p: Double) -> Double {
        x < 0 ? -pow(-x, p) : pow(x, p)
    }

    /// Tone maps one pixel (linear BT.2020 RGB, 1.0 = reference white) to linear SDR (1.0 = SDR white).
    @inlinable
    public func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let r = Self.signedPow(rgb.x * inputScale, 1 / 2.4)
        let g = Self.signedPow(rgb.y * inputScale, 1 / 2.4)
        let b = Self.signedPow(rgb.z * inputScale, 1 / 2.4)
        let y = 0.2627 * r + 0.6780 * g + 0.0593 * b
        guard y > 0, y.isFinite else { return .zero }
        let ySDR = lumaCurve(y)
        let chromaScale = ySDR / (1.1 * y)
        let cb = chromaScale * (b - y) / 1.8814
        let cr = chromaScale * (r - y) / 1.4746
        let yTMO = ySDR - Swift.max(0.1 * cr, 0)
        let rOut = yTMO + 1.4746 * cr
        let bOut = yTMO + 1.8814 * cb
        let gOut = (yTMO - 0.2627 * rOut - 0.0593 * bOut) / 0.6780
        return SIMD3(Self.signedPow(rOut, 2.4), Self.signedPow(gOut, 2.4), Self.signedPow(bOut, 2.4))
    }

    /// Tone maps planar `Float` RGB in place (evaluated in `Double` per pixel, no allocation).
    public func apply(
        red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
        blue: UnsafeMutableBufferPointer<Float>
    ) {
        for i in 0..<Swift.min(red.count, green.count, blue.count) {
            let out = map(SIMD3(Double(red[i]), Double(green[i]), Double(blue[i])))
            red[i] = Float(out.x)
            green[i] = Float(out.y)
            blue[i] = Float(out.z)
        }
    }
}
