#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The metadata of an ISO 21496-1 gain map ("Gain Map HDR" / Adobe gain maps; libavif `avifGainMap`, libultrahdr
/// `uhdr_gainmap_metadata`): how to turn a base rendition into an alternate one for any display headroom.
///
/// For each channel c, with g the gain-map sample in [0, 1] and w the weight for the display (``weight(displayHeadroom:)``):
/// ```
/// G = lerp(gainMapMin[c], gainMapMax[c], g^(1/gamma[c]))        (log2 units)
/// out = (base + baseOffset[c])·2^(G·w) − alternateOffset[c]
/// ```
/// Renditions are linear light in the base image's primaries, with 1.0 = SDR / reference white. Headrooms are log2
/// (0 = SDR, 2 = 4×). A single-channel gain map has equal parameters for the three channels and one gain sample per
/// pixel; ``isMultichannel`` tells them apart.
public struct GainMapMetadata: Hashable, Sendable {
    /// log2 of the smallest gain (per channel).
    public var gainMapMin: SIMD3<Double>
    /// log2 of the largest gain (per channel).
    public var gainMapMax: SIMD3<Double>
    /// The gamma of the gain-map encoding (per channel, > 0).
    public var gamma: SIMD3<Double>
    /// The offset k_base added to the base rendition (per channel).
    public var baseOffset: SIMD3<Double>
    /// The offset k_alt added to the alternate rendition (per channel).
    public var alternateOffset: SIMD3<Double>
    /// log2 of the headroom the base rendition is meant for (0 for an SDR base).
    public var baseHeadroom: Double
    /// log2 of the headroom the alternate rendition is meant for (its peak ÷ reference white).
    public var alternateHeadroom: Double

    /// The default offsets of libavif and libultrahdr: 1/64.
    public static let defaultOffset = 1.0 / 64.0

    /// Creates per-channel metadata.
    public init(
        gainMapMin: SIMD3<Double>,
        gainMapMax: SIMD3<Double>,
        gamma: SIMD3<Double> = SIMD3(repeating: 1),
        baseOffset: SIMD3<Double> = SIMD3(repeating: GainMapMetadata.defaultOffset),
        alternateOffset: SIMD3<Double> = SIMD3(repeating: GainMapMetadata.defaultOffset),
        baseHeadroom: Double = 0,
        alternateHeadroom: Double
    ) {
        self.gainMapMin = gainMapMin
        self.gainMapMax = gainMapMax
        self.gamma = gamma
        self.baseOffset = baseOffset
        self.alternateOffset = alternateOffset
        self.baseHeadroom = baseHeadroom
        self.alternateHeadroom = alternateHeadroom
    }

    /// Creates single-channel metadata (the same parameters for R, G and B).
    public init(
        gainMapMin: Double,
        gainMapMax: Double,
        gamma: Double = 1,
        baseOffset: Double = GainMapMetadata.defaultOffset,
        alternateOffset: Double = GainMapMetadata.defaultOffset,
        baseHeadroom: Double = 0,
        alternateHeadroom: Double
    ) {
        self.init(
            gainMapMin: SIMD3(repeating: gainMapMin), gainMapMax: SIMD3(repeating: gainMapMax),
            gamma: SIMD3(repeating: gamma), baseOffset: SIMD3(repeating: baseOffset),
            alternateOffset: SIMD3(repeating: alternateOffset), baseHeadroom: baseHeadroom,
            alternateHeadroom: alternateHeadroom)
    }

    /// Whether the channels have different parameters (a three-channel gain map).
    public var isMultichannel: Bool {
        func equal(_ v: SIMD3<Double>) -> Bool { v.x == v.y && v.y == v.z }
        return !(equal(gainMapMin) && equal(gainMapMax) && equal(gamma) && equal(baseOffset) && equal(alternateOffset))
    }

    /// The alternate rendition's headroom as a ratio, 2^``alternateHeadroom``: the content headroom a gain-map image
    /// can reach.
    public var alternateHeadroomRatio: Double { exp2(alternateHeadroom) }

    /// The weight of the gain map for a display with headroom `displayHeadroom` (a ratio, e.g. 2 for 2×):
    /// w = clamp((H − H_base)/(H_alt − H_base), 0, 1), negated when H_alt < H_base, with H = log2(displayHeadroom)
    /// (ISO 21496-1; libavif `avifGetGainMapWeight`). 0 when the two headrooms are equal or the input is not a
    /// positive number.
    public func weight(displayHeadroom: Double) -> Double {
        guard alternateHeadroom != baseHeadroom, displayHeadroom > 0 else { return 0 }
        let h = log2(displayHeadroom)
        let w = Swift.min(Swift.max((h - baseHeadroom) / (alternateHeadroom - baseHeadroom), 0), 1)
        return alternateHeadroom < baseHeadroom ? -w : w
    }

    /// Applies the gain map to one base pixel: `(base + baseOffset)·2^(G·weight) − alternateOffset` per channel.
    ///
    /// - Parameters:
    ///   - base: The base rendition, linear.
    ///   - gain: The gain-map samples in [0, 1] (clamped; NaN counts as 0); repeat one value for a single-channel map.
    ///   - weight: From ``weight(displayHeadroom:)``.
    public func apply(base: SIMD3<Double>, gain: SIMD3<Double>, weight: Double) -> SIMD3<Double> {
        var out = SIMD3<Double>()
        for c in 0..<3 {
            let g = gain[c] > 0 ? Swift.min(gain[c], 1) : 0
            let logGain = gainMapMin[c] + (gainMapMax[c] - gainMapMin[c]) * pow(g, 1 / gamma[c])
            out[c] = (base[c] + baseOffset[c]) * exp2(logGain * weight) - alternateOffset[c]
        }
        return out
    }

    /// Checks that the metadata can be applied: finite values, gamma > 0, min ≤ max, non-negative headrooms.
    public func validate() throws(GainMapError) {
        let all = [gainMapMin, gainMapMax, gamma, baseOffset, alternateOffset]
        guard all.allSatisfy({ ($0.x + $0.y + $0.z).isFinite }), baseHeadroom.isFinite, alternateHeadroom.isFinite
        else {
            throw .nonFinite
        }
        for c in 0..<3 {
            if !(gamma[c] > 0) { throw .nonPositiveGamma(channel: c) }
            if gainMapMin[c] > gainMapMax[c] { throw .minimumAboveMaximum(channel: c) }
        }
        if baseHeadroom < 0 || alternateHeadroom < 0 { throw .negativeHeadroom }
    }
}

/// Why gain-map metadata or planes cannot be used.
public enum GainMapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A parameter is NaN or infinite.
    case nonFinite
    /// The gamma of a channel is ≤ 0.
    case nonPositiveGamma(channel: Int)
    /// gainMapMin > gainMapMax in a channel.
    case minimumAboveMaximum(channel: Int)
    /// A headroom is negative (ISO 21496-1 headrooms are ≥ 0 in log2).
    case negativeHeadroom
    /// The planes passed have different pixel counts.
    case planeSizeMismatch(expected: Int, got: Int)

    /// A one-line explanation for messages.
    public var description: String {
        switch self {
        case .nonFinite: "gain-map metadata contains NaN or infinity"
        case .nonPositiveGamma(let c): "gain-map gamma of channel \(c) is not positive"
        case .minimumAboveMaximum(let c): "gain-map minimum is above its maximum in channel \(c)"
        case .negativeHeadroom: "gain-map headrooms must be ≥ 0 (log2)"
        case .planeSizeMismatch(let e, let g): "gain-map planes differ in size: expected \(e) samples, got \(g)"
        }
    }
}
