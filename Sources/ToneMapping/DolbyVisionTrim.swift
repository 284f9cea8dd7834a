#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A Dolby Vision trim pass (SMPTE ST 2094-10 TrimSlope, TrimOffset, TrimPower, TrimChromaWeight,
/// TrimSaturationGain; the RPU's level 2 and level 8 blocks) as real numbers.
///
/// The RPU codes each as 12 bits centred on 2048 (no change), as ST 2094-10 maps them and dovi_tool, FFmpeg and
/// libplacebo read them: slope = code ÷ 4096 + 0.5 and power = code ÷ 4096 + 0.5, in [0.5, 1.5); offset, chroma
/// weight and saturation gain = code ÷ 4096 − 0.5, in [−0.5, 0.5). The luminance part is applied to the tone-mapped
/// signal v, a PQ value normalised to the target display's range (0 its black, 1 its peak):
/// v′ = clamp(v·slope + offset, 0, 1)^power. The chroma weight and saturation gain act on the chroma of Dolby's IPT
/// signal; they are kept here and not applied by ``DolbyVisionToneCurve``, a scalar curve on luminance.
public struct DolbyVisionTrim: Hashable, Sendable, CustomStringConvertible {
    /// TrimSlope, in [0.5, 1.5); 1 is neutral.
    public let slope: Double
    /// TrimOffset, in [−0.5, 0.5); 0 is neutral.
    public let offset: Double
    /// TrimPower, in [0.5, 1.5); 1 is neutral.
    public let power: Double
    /// TrimChromaWeight, in [−0.5, 0.5); 0 is neutral (not applied by ``DolbyVisionToneCurve``).
    public let chromaWeight: Double
    /// TrimSaturationGain, in [−0.5, 0.5); 0 is neutral (not applied by ``DolbyVisionToneCurve``).
    public let saturationGain: Double

    /// The trim of real values (non-finite ones are neutral; slope and power at least 0.01).
    public init(
        slope: Double = 1, offset: Double = 0, power: Double = 1, chromaWeight: Double = 0,
        saturationGain: Double = 0
    ) {
        func finite(_ v: Double, _ neutral: Double) -> Double { v.isFinite ? v : neutral }
        self.slope = Swift.max(finite(slope, 1), 0.01)
        self.offset = finite(offset, 0)
        self.power = Swift.max(finite(power, 1), 0.01)
        self.chromaWeight = finite(chromaWeight, 0)
        self.saturationGain = finite(saturationGain, 0)
    }

    /// The trim of 12-bit codes (0…4095, 2048 neutral), as level 2 and level 8 blocks carry them.
    public init(slopeCode: Int, offsetCode: Int, powerCode: Int, chromaWeightCode: Int, saturationGainCode: Int) {
        func code(_ c: Int) -> Double { Double(Swift.min(Swift.max(c, 0), 4095)) / 4096 }
        self.init(
            slope: code(slopeCode) + 0.5, offset: code(offsetCode) - 0.5, power: code(powerCode) + 0.5,
            chromaWeight: code(chromaWeightCode) - 0.5, saturationGain: code(saturationGainCode) - 0.5)
    }

    /// Whether the luminance part changes nothing (slope 1, offset 0, power 1).
    public var isNeutralOnLuminance: Bool { slope == 1 && offset == 0 && power == 1 }

    /// The luminance part on v, the tone-mapped PQ value normalised to the target's range: clamp(v·slope + offset,
    /// 0, 1)^power.
    @inlinable
    public func apply(_ v: Double) -> Double {
        let lifted = Swift.min(Swift.max(v * slope + offset, 0), 1)
        return power == 1 ? lifted : pow(lifted, power)
    }

    /// "slope 1.1, offset −0.02, power 0.95, chroma weight 0, saturation gain 0.05" (three decimals).
    public var description: String {
        func f(_ v: Double) -> String {
            let r = (v * 1000).rounded() / 1000
            return r == r.rounded() ? String(Int(r)) : "\(r)"
        }
        return "slope \(f(slope)), offset \(f(offset)), power \(f(power)), chroma weight \(f(chromaWeight)), "
            + "saturation gain \(f(saturationGain))"
    }
}
