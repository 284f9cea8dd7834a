#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bulk application of ISO 21496-1 gain maps over planar `Float` rows.
public enum GainMap {
    /// Reconstructs the rendition for a display of `displayHeadroom` in place over the base planes, from a
    /// three-channel gain map (see ``GainMapMetadata`` for the formula).
    ///
    /// - Throws: ``GainMapError`` when the metadata is invalid or the six planes do not all have the same count
    ///   (nothing is written then).
    public static func apply(
        _ metadata: GainMapMetadata,
        displayHeadroom: Double,
        red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
        blue: UnsafeMutableBufferPointer<Float>,
        gainRed: UnsafeBufferPointer<Float>, gainGreen: UnsafeBufferPointer<Float>, gainBlue: UnsafeBufferPointer<Float>
    ) throws(GainMapError) {
        try metadata.validate()
        try checkCounts(red.count, green.count, blue.count, gainRed.count, gainGreen.count, gainBlue.count)
        let w = metadata.weight(displayHeadroom: displayHeadroom)
        ChannelGain(metadata, channel: 0, weight: w).apply(red, gainRed)
        ChannelGain(metadata, channel: 1, weight: w).apply(green, gainGreen)
        ChannelGain(metadata, channel: 2, weight: w).apply(blue, gainBlue)
    }

    /// Reconstructs the rendition in place from a single-channel gain map (one sample per pixel for all channels;
    /// each channel still uses its own metadata parameters).
    ///
    /// - Throws: ``GainMapError`` when the metadata is invalid or the four planes differ in count.
    public static func apply(
        _ metadata: GainMapMetadata,
        displayHeadroom: Double,
        red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
        blue: UnsafeMutableBufferPointer<Float>,
        gain: UnsafeBufferPointer<Float>
    ) throws(GainMapError) {
        try apply(
            metadata, displayHeadroom: displayHeadroom, red: red, green: green, blue: blue,
            gainRed: gain, gainGreen: gain, gainBlue: gain)
    }

    static func checkCounts(_ counts: Int...) throws(GainMapError) {
        for count in counts where count != counts[0] { throw .planeSizeMismatch(expected: counts[0], got: count) }
    }

    /// One channel's constants for the bulk loop (PixelConversion's GPU tables are made from them too).
    package struct ChannelGain {
        package let minimum: Float, range: Float, inverseGamma: Float, baseOffset: Float, alternateOffset: Float
        package let weight: Float

        package init(_ m: GainMapMetadata, channel c: Int, weight w: Double) {
            minimum = Float(m.gainMapMin[c] * w)
            range = Float((m.gainMapMax[c] - m.gainMapMin[c]) * w)
            inverseGamma = Float(1 / m.gamma[c])
            baseOffset = Float(m.baseOffset[c])
            alternateOffset = Float(m.alternateOffset[c])
            weight = Float(w)
        }

        func apply(_ plane: UnsafeMutableBufferPointer<Float>, _ gain: UnsafeBufferPointer<Float>) {
            let linearGamma = inverseGamma == 1
            for i in 0..<plane.count {
                var g = gain[i] > 0 ? Swift.min(gain[i], 1) : 0
                if !linearGamma { g = powf(g, inverseGamma) }
                plane[i] = (plane[i] + baseOffset) * exp2f(minimum + range * g) - alternateOffset
            }
        }
    }
}
