#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Derives a gain map and its ISO 21496-1 metadata from a base and an alternate rendition (e.g. SDR and HDR) of the
/// same image: linear light in the same primaries, 1.0 = reference white.
///
/// Per sample, with components clamped at 0: G = log2((alternate + k_alt)/(base + k_base)) (or the reciprocal when
/// the base is the brighter rendition, ``alternateHeadroom`` < ``baseHeadroom``); gainMapMin/Max are the extremes
/// of G; the stored sample is g = ((G − min)/(max − min))^gamma in [0, 1] (0 when max = min). Applying the result
/// with ``GainMapMetadata/weight(displayHeadroom:)`` = ±1 reproduces the alternate rendition up to `Float` rounding
/// (and the quantisation of g, if the caller quantises).
public struct GainMapEncoder: Hashable, Sendable {
    /// The encoding gamma (> 0; 1 stores log gain linearly).
    public var gamma: Double
    /// k_base, added to the base rendition (> 0).
    public var baseOffset: Double
    /// k_alt, added to the alternate rendition (> 0).
    public var alternateOffset: Double
    /// log2 headroom of the base rendition (0 for SDR).
    public var baseHeadroom: Double
    /// log2 headroom of the alternate rendition. `nil` takes the headroom the largest gain reaches: the base headroom
    /// plus the largest log2 gain (libultrahdr's HDR capacity, its maximum content boost), so that a display of that
    /// headroom shows the whole alternate rendition; or, when the base is the brighter rendition (its largest component
    /// above 1), log2 of the alternate's largest component.
    public var alternateHeadroom: Double?

    /// Creates an encoder; the defaults are libavif's and libultrahdr's (gamma 1, offsets 1/64, SDR base).
    public init(
        gamma: Double = 1,
        baseOffset: Double = GainMapMetadata.defaultOffset,
        alternateOffset: Double = GainMapMetadata.defaultOffset,
        baseHeadroom: Double = 0,
        alternateHeadroom: Double? = nil
    ) {
        self.gamma = gamma
        self.baseOffset = baseOffset
        self.alternateOffset = alternateOffset
        self.baseHeadroom = baseHeadroom
        self.alternateHeadroom = alternateHeadroom
    }

    /// Computes a three-channel gain map into `gainRed`, `gainGreen`, `gainBlue` and returns its metadata.
    ///
    /// - Throws: ``GainMapError`` when the nine planes differ in count or the resulting metadata is invalid
    ///   (e.g. gamma ≤ 0).
    public func encode(
        baseRed: UnsafeBufferPointer<Float>, baseGreen: UnsafeBufferPointer<Float>,
        baseBlue: UnsafeBufferPointer<Float>,
        alternateRed: UnsafeBufferPointer<Float>, alternateGreen: UnsafeBufferPointer<Float>,
        alternateBlue: UnsafeBufferPointer<Float>,
        gainRed: UnsafeMutableBufferPointer<Float>, gainGreen: UnsafeMutableBufferPointer<Float>,
        gainBlue: UnsafeMutableBufferPointer<Float>
    ) throws(GainMapError) -> GainMapMetadata {
        try GainMap.checkCounts(
            baseRed.count, baseGreen.count, baseBlue.count, alternateRed.count, alternateGreen.count,
            alternateBlue.count, gainRed.count, gainGreen.count, gainBlue.count)
        let headroom = resolvedAlternateHeadroom(alternateRed, alternateGreen, alternateBlue)
        let r = logGains(base: baseRed, alternate: alternateRed, into: gainRed, headroom: headroom)
        let g = logGains(base: baseGreen, alternate: alternateGreen, into: gainGreen, headroom: headroom)
        let b = logGains(base: baseBlue, alternate: alternateBlue, into: gainBlue, headroom: headroom)
        let metadata = GainMapMetadata(
            gainMapMin: SIMD3(r.min, g.min, b.min), gainMapMax: SIMD3(r.max, g.max, b.max),
            gamma: SIMD3(repeating: gamma), baseOffset: SIMD3(repeating: baseOffset),
            alternateOffset: SIMD3(repeating: alternateOffset), baseHeadroom: baseHeadroom,
            alternateHeadroom: writtenAlternateHeadroom(headroom, largestGain: Swift.max(r.max, g.max, b.max)))
        try metadata.validate()
        normalize(gainRed, r)
        normalize(gainGreen, g)
        normalize(gainBlue, b)
        return metadata
    }

    /// Computes a single-channel gain map from the luminance ratio, Y = `luminanceCoefficients`·RGB of each
    /// rendition, into `gain` and returns its metadata (equal parameters for the three channels).
    ///
    /// - Throws: ``GainMapError`` when the seven planes differ in count or the resulting metadata is invalid.
    public func encode(
        baseRed: UnsafeBufferPointer<Float>, baseGreen: UnsafeBufferPointer<Float>,
        baseBlue: UnsafeBufferPointer<Float>,
        alternateRed: UnsafeBufferPointer<Float>, alternateGreen: UnsafeBufferPointer<Float>,
        alternateBlue: UnsafeBufferPointer<Float>,
        luminanceCoefficients w: SIMD3<Double>,
        gain: UnsafeMutableBufferPointer<Float>
    ) throws(GainMapError) -> GainMapMetadata {
        try GainMap.checkCounts(
            baseRed.count, baseGreen.count, baseBlue.count, alternateRed.count, alternateGreen.count,
            alternateBlue.count, gain.count)
        let headroom = resolvedAlternateHeadroom(alternateRed, alternateGreen, alternateBlue)
        let wr = Float(w.x), wg = Float(w.y), wb = Float(w.z)
        // Luminances go through the gain plane first, then become log gains in place.
        for i in 0..<gain.count {
            gain[i] = wr * baseRed[i] + wg * baseGreen[i] + wb * baseBlue[i]
        }
        var low = Double.infinity, high = -Double.infinity
        for i in 0..<gain.count {
            let alternate = wr * alternateRed[i] + wg * alternateGreen[i] + wb * alternateBlue[i]
            let logGain = logGain(base: gain[i], alternate: alternate, headroom: headroom)
            gain[i] = Float(logGain)
            low = Swift.min(low, logGain)
            high = Swift.max(high, logGain)
        }
        let range = gain.isEmpty ? (min: 0.0, max: 0.0) : (min: low, max: high)
        let metadata = GainMapMetadata(
            gainMapMin: range.min, gainMapMax: range.max, gamma: gamma, baseOffset: baseOffset,
            alternateOffset: alternateOffset, baseHeadroom: baseHeadroom,
            alternateHeadroom: writtenAlternateHeadroom(headroom, largestGain: range.max))
        try metadata.validate()
        normalize(gain, range)
        return metadata
    }

    /// The alternate headroom of the metadata: ``alternateHeadroom`` when given; else, for an alternate brighter than
    /// the base, the headroom the largest gain reaches (see ``alternateHeadroom``); else `provisional`, the one the
    /// gains were computed with.
    package func writtenAlternateHeadroom(_ provisional: Double, largestGain: Double) -> Double {
        if let alternateHeadroom { return alternateHeadroom }
        guard provisional >= baseHeadroom else { return provisional }
        return baseHeadroom + Swift.max(largestGain, 0)
    }

    /// The headroom that decides the direction of the gains: ``alternateHeadroom``, else log2 of the alternate's
    /// largest component (at least 0).
    func resolvedAlternateHeadroom(_ planes: UnsafeBufferPointer<Float>...) -> Double {
        if let alternateHeadroom { return alternateHeadroom }
        var peak: Float = 1
        for plane in planes { for v in plane where v > peak && v.isFinite { peak = v } }
        return log2(Double(peak))
    }

    package func logGain(base: Float, alternate: Float, headroom: Double) -> Double {
        let b = Double(base > 0 ? base : 0) + baseOffset
        let a = Double(alternate > 0 ? alternate : 0) + alternateOffset
        let ratio = headroom >= baseHeadroom ? a / b : b / a
        return ratio > 0 && ratio.isFinite ? log2(ratio) : 0
    }

    func logGains(
        base: UnsafeBufferPointer<Float>, alternate: UnsafeBufferPointer<Float>,
        into gain: UnsafeMutableBufferPointer<Float>,
        headroom: Double
    ) -> (min: Double, max: Double) {
        var low = Double.infinity, high = -Double.infinity
        for i in 0..<gain.count {
            let value = logGain(base: base[i], alternate: alternate[i], headroom: headroom)
            gain[i] = Float(value)
            low = Swift.min(low, value)
            high = Swift.max(high, value)
        }
        return gain.isEmpty ? (0, 0) : (low, high)
    }

    func normalize(_ gain: UnsafeMutableBufferPointer<Float>, _ range: (min: Double, max: Double)) {
        let span = range.max - range.min
        for i in 0..<gain.count {
            guard span > 0 else {
                gain[i] = 0
                continue
            }
            let t = Swift.min(Swift.max((Double(gain[i]) - range.min) / span, 0), 1)
            gain[i] = Float(gamma == 1 ? t : pow(t, gamma))
        }
    }
}
