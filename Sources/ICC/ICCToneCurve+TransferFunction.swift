public import TransferFunctions
import Foundation

extension ICCToneCurve {
    /// Entries of the sampled tables written for curves without an ICC parametric form (PQ, HLG, log, xvYCC,
    /// BT.1361): 4096, evenly spaced over the signal range [0, 1].
    public static let sampledTableSize = 4096

    /// The tone curve encoding `transferFunction` as an ICC TRC (signal → linear light, the curve's `toLinear`).
    ///
    /// Curves with an ICC parametric form (ICC.1:2022 Table 68) get one: linear and pure gamma (type 0), BT.1886 and
    /// ST 428-1 (type 1), sRGB, BT.709/BT.2020 and SMPTE 240M inverse OETFs (type 3). The others are tabulated with
    /// ``sampledTableSize`` entries of `toLinear` clamped to [0, 1] (PQ is normalised so 1.0 = 10 000 cd/m²; HLG is
    /// the inverse OETF, scene light, without the OOTF); 16-bit table entries limit their precision to 1/65535 of the
    /// curve's peak (0.15 cd/m² for PQ), which is why such profiles also carry a `cicp` tag.
    public init(_ transferFunction: TransferFunction) {
        func parametric(_ type: Int, _ parameters: [Double]) -> ICCToneCurve {
            .parametric(ICCParametricCurve(functionType: type, parameters: parameters)!)
        }
        func bt709Family(_ p: BT709Curve.Parameters) -> ICCToneCurve {
            // L = ((V + α − 1)/α)^(1/0.45) for V ≥ slope·β, else V/slope.
            parametric(3, [1 / 0.45, 1 / p.alpha, (p.alpha - 1) / p.alpha, 1 / p.slope, p.slope * p.beta])
        }
        switch transferFunction {
        case .linear:
            self = .parametric(.gamma(1))
        case .gamma(let gamma):
            self = .parametric(.gamma(gamma))
        case .srgb:
            let alpha = 1 + SRGBCurve.offset
            self = parametric(
                3,
                [
                    SRGBCurve.exponent, 1 / alpha, SRGBCurve.offset / alpha, 1 / SRGBCurve.slope,
                    SRGBCurve.decodeThreshold,
                ])
        case .bt709:
            self = bt709Family(.bt709)
        case .bt2020TwelveBit:
            self = bt709Family(.bt2020TwelveBit)
        case .smpte240m:
            self = bt709Family(.smpte240M)
        case .bt1886(let white, let black) where white > black && black >= 0 && white.isFinite:
            // L/Lw = a·max(V + b, 0)^2.4 / Lw = (a′V + b′)^2.4, a′ = (w − k)/w, b′ = k/w, w = Lw^(1/2.4),
            // k = Lb^(1/2.4) (ITU-R BT.1886 Annex 1).
            let w = Foundation.pow(white, 1 / 2.4), k = Foundation.pow(black, 1 / 2.4)
            self = parametric(1, [2.4, (w - k) / w, k / w])
        case .st428:
            self = parametric(1, [ST428Curve.exponent, Foundation.pow(ST428Curve.peak, 1 / ST428Curve.exponent), 0])
        case .log100, .log100Sqrt10, .iec61966_2_4, .bt1361, .pq, .hlg, .bt1886:
            let last = Double(Self.sampledTableSize - 1)
            self = .sampled(
                (0..<Self.sampledTableSize).map { index in
                    let linear = transferFunction.toLinear(Double(index) / last, outOfRange: .clamped)
                    return UInt16(Swift.min(Swift.max(linear, 0), 1) * 65535 + 0.5)
                })
        }
    }
}
