import SignalCoding

/// Where one channel (R, G, B, A or Y′, Cb, Cr) of a format lives, and how its codes map to normalised values.
package struct ChannelLocation: Sendable {
    /// The plane holding the channel.
    package var plane: Int
    /// The sample index of the channel inside a plane pixel.
    package var offset: Int
    /// Samples per plane pixel (the distance between consecutive samples of the channel).
    package var stride: Int
    /// Right shift that brings the channel's bits to the bottom of its container (alignment, packed bit field).
    package var shift: Int
    /// Significant bits.
    package var bits: Int
    /// Whether the channel is Cb or Cr (chroma quantisation, chroma plane resolution).
    package var isChroma: Bool
    /// Whether the channel is alpha (always full range).
    package var isAlpha: Bool = false

    package var mask: UInt32 { bits >= 32 ? .max : (1 << UInt32(bits)) - 1 }
}

extension PixelFormat {
    /// The number of channels of the working representation: 4 (R, G, B, A) for RGB formats, 3 (Y′, Cb, Cr) for
    /// Y′CbCr formats.
    package var channelCount: Int { colorModel == .rgb ? 4 : 3 }

    /// The affine map from a channel's normalised value to its integer code, `code = value · scale + offset`
    /// (ITU-R BT.2100 Table 9 through ``Quantization``; alpha is always full range; 'w30r' is XR10:
    /// code = 510·value + 384).
    package func quantization(of location: ChannelLocation) -> (scale: Double, offset: Double) {
        if isFloatingPoint { return (1, 0) }
        if location.isAlpha { return (Double(location.mask), 0) }
        guard let range else { return (510, 384) }  // 'w30r', the only integer format without a range
        // Every integer format holds 8 … 16 bits (checked where formats are made), so Quantization accepts it.
        guard let q = try? Quantization(bitDepth: bitDepth, range: range) else { return (Double(location.mask), 0) }
        return location.isChroma ? (q.chromaScale, q.chromaOffset) : (q.lumaScale, q.lumaOffset)
    }
}
