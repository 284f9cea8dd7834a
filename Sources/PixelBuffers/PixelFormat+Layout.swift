import SignalCoding

// Everything that depends on the layout family of a format: a new family is a new `Layout` case here, its switches
// below, and its catalogued formats (and FourCCs) in PixelFormat+Catalog.swift.

extension PixelFormat {
    /// The arrangement of samples into planes.
    public enum Layout: Hashable, Sendable {
        /// One plane of interleaved R, G, B, A samples in the given order.
        case rgba(ChannelOrder)
        /// One plane of 32-bit words holding 10-bit R, G, B (and a 2-bit alpha for `.argb2101010`).
        case packed10(Packed10Order)
        /// Two planes: Y′, then interleaved Cb, Cr (Cb first), as in NV12/P010 ('420v', 'x420').
        case biplanar(ChromaSubsampling)
        /// Three planes: Y′, Cb, Cr, as libvpx, libtheora, libdav1d and FFmpeg decoders output (I420, yuv420p10le).
        case planar(ChromaSubsampling)
    }

    /// The order of the four interleaved channels of an RGBA format, first byte (lowest address) first.
    public enum ChannelOrder: Hashable, Sendable, CaseIterable {
        /// R, G, B, A ('RGBA', 'l64r', 'RGhA', 'RGfA').
        case rgba
        /// B, G, R, A ('BGRA').
        case bgra
    }

    /// The bit order of an RGB pixel packed into one 32-bit word with 10 bits per colour channel.
    ///
    /// Bit 0 is the least significant bit of the word.
    public enum Packed10Order: Hashable, Sendable, CaseIterable {
        /// 'l10r', kCVPixelFormatType_ARGB2101010LEPacked: a little-endian 32-bit word with
        /// A in bits 31–30, R in 29–20, G in 19–10, B in 9–0; full range (alpha 0 … 3, colour 0 … 1023).
        case argb2101010
        /// 'w30r', kCVPixelFormatType_30RGBLEPackedWideGamut: a little-endian 32-bit word with bits 31–30 zero,
        /// R in 29–20, G in 19–10, B in 9–0, in Apple's extended ("wide-gamut", XR10) encoding:
        /// value = (code − 384) / 510, so 384 is 0.0, 894 is 1.0 and 0 … 1023 spans −0.7529 … 1.2510.
        case xrgb2101010ExtendedRange
        /// 'R10k', kCVPixelFormatType_30RGB: a big-endian 32-bit word (first byte most significant) with
        /// R in bits 31–22, G in 21–12, B in 11–2 and bits 1–0 unused (written zero); full range.
        case rgbx1010102BigEndian
    }

    // MARK: Derived from the layout

    /// The colour model of the samples.
    @inlinable public var colorModel: ColorModel {
        switch layout {
        case .rgba, .packed10: .rgb
        case .biplanar, .planar: .yCbCr
        }
    }

    /// The chroma subsampling (`nil` for RGB formats).
    @inlinable public var chromaSubsampling: ChromaSubsampling? {
        switch layout {
        case .rgba, .packed10: nil
        case .biplanar(let s), .planar(let s): s
        }
    }

    /// Whether the format stores an alpha channel.
    @inlinable public var hasAlpha: Bool {
        switch layout {
        case .rgba: true
        case .packed10(let order): order == .argb2101010
        case .biplanar, .planar: false
        }
    }

    /// Bytes of one sample container: 1, 2 or 4 (4 for the packed 10:10:10:2 word).
    @inlinable public var bytesPerSample: Int {
        switch sampleType {
        case .halfFloat: 2
        case .float: 4
        case .unsignedInteger:
            if case .packed10 = layout { 4 } else { bitDepth == 8 ? 1 : 2 }
        }
    }

    /// The number of planes (1, 2 or 3).
    @inlinable public var planeCount: Int {
        switch layout {
        case .rgba, .packed10: 1
        case .biplanar: 2
        case .planar: 3
        }
    }

    /// The description of plane `index` (0 ..< ``planeCount``): plane 0 is RGBA/packed RGB or Y′; plane 1 is
    /// interleaved Cb Cr (biplanar) or Cb (planar); plane 2 is Cr (planar).
    @inlinable
    public func plane(_ index: Int) -> PlaneDescription {
        precondition(index >= 0 && index < planeCount, "plane index \(index) out of range for \(planeCount) planes")
        let b = bytesPerSample
        switch layout {
        case .rgba:
            return PlaneDescription(
                components: 4, bytesPerSample: b, bytesPerPixel: 4 * b, horizontalSubsampling: 1,
                verticalSubsampling: 1)
        case .packed10(let order):
            return PlaneDescription(
                components: order == .argb2101010 ? 4 : 3, bytesPerSample: 4, bytesPerPixel: 4,
                horizontalSubsampling: 1, verticalSubsampling: 1)
        case .biplanar(let s), .planar(let s):
            if index == 0 {
                return PlaneDescription(
                    components: 1, bytesPerSample: b, bytesPerPixel: b, horizontalSubsampling: 1,
                    verticalSubsampling: 1)
            }
            let c = planeCount == 2 ? 2 : 1
            return PlaneDescription(
                components: c, bytesPerSample: b, bytesPerPixel: c * b,
                horizontalSubsampling: s.horizontalFactor, verticalSubsampling: s.verticalFactor)
        }
    }

    /// Bits per image pixel over all planes (e.g. 12 for '420v', 24 for 'x420', 32 for 'BGRA', 64 for 'RGhA').
    public var bitsPerPixel: Int {
        switch layout {
        case .rgba, .packed10: return plane(0).bytesPerPixel * 8
        case .biplanar(let s), .planar(let s):
            let chromaSamples = 2 * 4 / (s.horizontalFactor * s.verticalFactor)  // per 4 luma samples
            return bytesPerSample * 8 * (4 + chromaSamples) / 4
        }
    }

    /// The location of channel `c` (R, G, B, A or Y′, Cb, Cr), or `nil` when the format does not store it (alpha of
    /// 'w30r' and 'R10k').
    package func channel(_ c: Int) -> ChannelLocation? {
        let alignShift = alignment == .high ? bytesPerSample * 8 - bitDepth : 0
        switch layout {
        case .rgba(let order):
            let offset = order == .rgba || c == 1 || c == 3 ? c : 2 - c  // BGRA swaps R and B
            return ChannelLocation(
                plane: 0, offset: offset, stride: 4, shift: alignShift, bits: bitDepth, isChroma: false, isAlpha: c == 3
            )
        case .packed10(let order):
            if c == 3 {
                guard order == .argb2101010 else { return nil }
                return ChannelLocation(
                    plane: 0, offset: 0, stride: 1, shift: 30, bits: 2, isChroma: false, isAlpha: true)
            }
            let shift = (order == .rgbx1010102BigEndian ? 22 : 20) - 10 * c  // R, G, B from the top
            return ChannelLocation(plane: 0, offset: 0, stride: 1, shift: shift, bits: 10, isChroma: false)
        case .biplanar:
            if c == 0 {
                return ChannelLocation(
                    plane: 0, offset: 0, stride: 1, shift: alignShift, bits: bitDepth, isChroma: false)
            }
            return ChannelLocation(
                plane: 1, offset: c - 1, stride: 2, shift: alignShift, bits: bitDepth, isChroma: true)
        case .planar:
            return ChannelLocation(plane: c, offset: 0, stride: 1, shift: alignShift, bits: bitDepth, isChroma: c > 0)
        }
    }

}

extension PixelFormat.Layout {
    /// For descriptions: "RGBA", "BGRA", "packed10 argb2101010", "biplanar 4:2:0", "planar 4:2:2".
    var name: String {
        switch self {
        case .rgba(let o): o == .rgba ? "RGBA" : "BGRA"
        case .packed10(let o): "packed10 \(o)"
        case .biplanar(let s): "biplanar \(s.name)"
        case .planar(let s): "planar \(s.name)"
        }
    }
}
