import SignalCoding

extension PixelFormat {
    // MARK: RGB formats

    /// 'RGBA', kCVPixelFormatType_32RGBA: 8-bit R, G, B, A, full range.
    public static let rgba8 = PixelFormat(
        layout: .rgba(.rgba), sampleType: .unsignedInteger, bitDepth: 8, alignment: .low, range: .full)
    /// 'BGRA', kCVPixelFormatType_32BGRA: 8-bit B, G, R, A, full range.
    public static let bgra8 = PixelFormat(
        layout: .rgba(.bgra), sampleType: .unsignedInteger, bitDepth: 8, alignment: .low, range: .full)
    /// 'l64r', kCVPixelFormatType_64RGBALE: 16-bit little-endian R, G, B, A, full range (0 … 65535).
    public static let rgba16 = PixelFormat(
        layout: .rgba(.rgba), sampleType: .unsignedInteger, bitDepth: 16, alignment: .low, range: .full)
    /// 'RGhA', kCVPixelFormatType_64RGBAHalf: IEEE binary16 R, G, B, A (the working format of EDR layers, `MTLPixelFormat.rgba16Float`).
    public static let rgbaHalf = PixelFormat(
        layout: .rgba(.rgba), sampleType: .halfFloat, bitDepth: 16, alignment: .low, range: nil)
    /// 'RGfA', kCVPixelFormatType_128RGBAFloat: IEEE binary32 R, G, B, A.
    public static let rgbaFloat = PixelFormat(
        layout: .rgba(.rgba), sampleType: .float, bitDepth: 32, alignment: .low, range: nil)
    /// 'l10r', kCVPixelFormatType_ARGB2101010LEPacked: see ``Packed10Order/argb2101010``.
    public static let argb2101010 = packed10(.argb2101010)
    /// 'w30r', kCVPixelFormatType_30RGBLEPackedWideGamut: see ``Packed10Order/xrgb2101010ExtendedRange``.
    public static let xrgb2101010ExtendedRange = packed10(.xrgb2101010ExtendedRange)
    /// 'R10k', kCVPixelFormatType_30RGB: see ``Packed10Order/rgbx1010102BigEndian``.
    public static let rgbx1010102BigEndian = packed10(.rgbx1010102BigEndian)

    /// A packed 10:10:10(:2) RGB format.
    public static func packed10(_ order: Packed10Order) -> PixelFormat {
        PixelFormat(
            layout: .packed10(order), sampleType: .unsignedInteger, bitDepth: 10, alignment: .low,
            range: order == .xrgb2101010ExtendedRange ? nil : .full)
    }

    /// An RGBA integer format with 8 or 16 bits per sample (`bitDepth` 9 … 15 are stored in 16-bit containers
    /// with the given alignment), full or narrow range.
    public static func rgba(
        _ order: ChannelOrder, bitDepth: Int, range: SignalRange = .full, alignment: SampleAlignment = .low
    ) throws(PixelBufferError) -> PixelFormat {
        try integer(.rgba(order), bitDepth: bitDepth, range: range, alignment: alignment)
    }

    // MARK: Y′CbCr formats with a CoreVideo FourCC (biplanar: Y′ plane, then interleaved Cb Cr)

    /// '420v', kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange: 8-bit 4:2:0 biplanar, narrow range (NV12).
    public static let yuv420v = biplanar(.s420, 8, .narrow)
    /// '420f', kCVPixelFormatType_420YpCbCr8BiPlanarFullRange: 8-bit 4:2:0 biplanar, full range.
    public static let yuv420f = biplanar(.s420, 8, .full)
    /// '422v', kCVPixelFormatType_422YpCbCr8BiPlanarVideoRange: 8-bit 4:2:2 biplanar, narrow range.
    public static let yuv422v = biplanar(.s422, 8, .narrow)
    /// '422f', kCVPixelFormatType_422YpCbCr8BiPlanarFullRange: 8-bit 4:2:2 biplanar, full range.
    public static let yuv422f = biplanar(.s422, 8, .full)
    /// '444v', kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange: 8-bit 4:4:4 biplanar, narrow range.
    public static let yuv444v = biplanar(.s444, 8, .narrow)
    /// '444f', kCVPixelFormatType_444YpCbCr8BiPlanarFullRange: 8-bit 4:4:4 biplanar, full range.
    public static let yuv444f = biplanar(.s444, 8, .full)
    /// 'x420', kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange: 10-bit 4:2:0 biplanar in the high bits of 16-bit
    /// words (P010), narrow range: the HDR video frames of AVFoundation and VideoToolbox.
    public static let x420 = biplanar(.s420, 10, .narrow)
    /// 'xf20', kCVPixelFormatType_420YpCbCr10BiPlanarFullRange: as 'x420', full range.
    public static let xf20 = biplanar(.s420, 10, .full)
    /// 'x422', kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange: 10-bit 4:2:2 biplanar (P210), narrow range.
    public static let x422 = biplanar(.s422, 10, .narrow)
    /// 'xf22', kCVPixelFormatType_422YpCbCr10BiPlanarFullRange: as 'x422', full range.
    public static let xf22 = biplanar(.s422, 10, .full)
    /// 'x444', kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange: 10-bit 4:4:4 biplanar (P410), narrow range.
    public static let x444 = biplanar(.s444, 10, .narrow)
    /// 'xf44', kCVPixelFormatType_444YpCbCr10BiPlanarFullRange: as 'x444', full range.
    public static let xf44 = biplanar(.s444, 10, .full)
    /// 'sv22', kCVPixelFormatType_422YpCbCr16BiPlanarVideoRange: 16-bit 4:2:2 biplanar, narrow range.
    public static let sv22 = biplanar(.s422, 16, .narrow)
    /// 'sv44', kCVPixelFormatType_444YpCbCr16BiPlanarVideoRange: 16-bit 4:4:4 biplanar, narrow range.
    public static let sv44 = biplanar(.s444, 16, .narrow)
    /// 'y420', kCVPixelFormatType_420YpCbCr8Planar: 8-bit 4:2:0 planar, narrow range (I420, what software decoders
    /// such as libvpx and dav1d output).
    public static let y420 = PixelFormat(
        layout: .planar(.s420), sampleType: .unsignedInteger, bitDepth: 8, alignment: .low, range: .narrow)
    /// 'f420', kCVPixelFormatType_420YpCbCr8PlanarFullRange: 8-bit 4:2:0 planar, full range.
    public static let f420 = PixelFormat(
        layout: .planar(.s420), sampleType: .unsignedInteger, bitDepth: 8, alignment: .low, range: .full)

    /// A CoreVideo-style biplanar format: 8 bits in bytes, more in the high bits of 16-bit words.
    private static func biplanar(_ s: ChromaSubsampling, _ bits: Int, _ range: SignalRange) -> PixelFormat {
        PixelFormat(
            layout: .biplanar(s), sampleType: .unsignedInteger, bitDepth: bits,
            alignment: canonicalAlignment(.high, bitDepth: bits), range: range)
    }

    // MARK: Y′CbCr formats of any depth

    /// A biplanar Y′CbCr format (Y′ plane, then interleaved Cb Cr): 8 bits in bytes, 9 … 16 bits in 16-bit
    /// little-endian containers, by default in the high bits as CoreVideo's 'x420' family and P010 store them.
    ///
    /// `biplanarYCbCr(.s420, bitDepth: 10, range: .narrow)` is 'x420'; `(.s420, bitDepth: 8, range: .full)` is '420f'.
    public static func biplanarYCbCr(
        _ subsampling: ChromaSubsampling, bitDepth: Int, range: SignalRange, alignment: SampleAlignment = .high
    ) throws(PixelBufferError) -> PixelFormat {
        try integer(.biplanar(subsampling), bitDepth: bitDepth, range: range, alignment: alignment)
    }

    /// A planar Y′CbCr format (Y′, Cb, Cr planes): 8 bits in bytes, 9 … 16 bits in 16-bit little-endian
    /// containers, by default in the low bits as software decoders output them (FFmpeg `yuv420p10le`).
    ///
    /// `planarYCbCr(.s420, bitDepth: 8, range: .narrow)` is I420 ('y420').
    public static func planarYCbCr(
        _ subsampling: ChromaSubsampling, bitDepth: Int, range: SignalRange, alignment: SampleAlignment = .low
    ) throws(PixelBufferError) -> PixelFormat {
        try integer(.planar(subsampling), bitDepth: bitDepth, range: range, alignment: alignment)
    }

    /// An integer format of 8 … 16 bits per sample in 1- or 2-byte containers.
    private static func integer(
        _ layout: Layout, bitDepth: Int, range: SignalRange, alignment: SampleAlignment
    ) throws(PixelBufferError) -> PixelFormat {
        guard (8...16).contains(bitDepth) else { throw .unsupportedBitDepth(bitDepth) }
        return PixelFormat(
            layout: layout, sampleType: .unsignedInteger, bitDepth: bitDepth,
            alignment: canonicalAlignment(alignment, bitDepth: bitDepth), range: range)
    }

    /// Alignment is meaningless when the bits fill the container; `.low` is the canonical value then, so that equal
    /// layouts compare equal.
    static func canonicalAlignment(_ alignment: SampleAlignment, bitDepth: Int) -> SampleAlignment {
        bitDepth == 8 || bitDepth == 16 ? .low : alignment
    }

    /// The same layout and sample type with another bit depth, range or alignment (used by tests and converters).
    /// Throws for float formats, packed 10-bit formats and unsupported depths.
    public func with(
        bitDepth: Int? = nil, range: SignalRange? = nil, alignment: SampleAlignment? = nil
    ) throws(PixelBufferError) -> PixelFormat {
        let depth = bitDepth ?? self.bitDepth
        let newRange = range ?? self.range ?? .full
        let newAlignment = alignment ?? self.alignment
        switch layout {
        case .rgba(let order) where sampleType == .unsignedInteger:
            return try .rgba(order, bitDepth: depth, range: newRange, alignment: newAlignment)
        case .biplanar(let s): return try .biplanarYCbCr(s, bitDepth: depth, range: newRange, alignment: newAlignment)
        case .planar(let s): return try .planarYCbCr(s, bitDepth: depth, range: newRange, alignment: newAlignment)
        default: throw .unsupportedBitDepth(depth)
        }
    }

    // MARK: FourCC table

    /// CoreVideo's names (CVPixelBuffer.h) for the formats this library supports, each the static of the same format
    /// in PixelFormat+Catalog.swift.
    static let fourCCTable: [(fourCC: String, format: PixelFormat)] = [
        ("RGBA", .rgba8),  // kCVPixelFormatType_32RGBA
        ("BGRA", .bgra8),  // kCVPixelFormatType_32BGRA
        ("l64r", .rgba16),  // kCVPixelFormatType_64RGBALE
        ("RGhA", .rgbaHalf),  // kCVPixelFormatType_64RGBAHalf
        ("RGfA", .rgbaFloat),  // kCVPixelFormatType_128RGBAFloat
        ("l10r", .argb2101010),  // kCVPixelFormatType_ARGB2101010LEPacked
        ("w30r", .xrgb2101010ExtendedRange),  // kCVPixelFormatType_30RGBLEPackedWideGamut
        ("R10k", .rgbx1010102BigEndian),  // kCVPixelFormatType_30RGB
        ("420v", .yuv420v),  // kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
        ("420f", .yuv420f),  // kCVPixelFormatType_420YpCbCr8BiPlanarFullRange
        ("422v", .yuv422v),  // kCVPixelFormatType_422YpCbCr8BiPlanarVideoRange
        ("422f", .yuv422f),  // kCVPixelFormatType_422YpCbCr8BiPlanarFullRange
        ("444v", .yuv444v),  // kCVPixelFormatType_444YpCbCr8BiPlanarVideoRange
        ("444f", .yuv444f),  // kCVPixelFormatType_444YpCbCr8BiPlanarFullRange
        ("x420", .x420),  // kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange
        ("xf20", .xf20),  // kCVPixelFormatType_420YpCbCr10BiPlanarFullRange
        ("x422", .x422),  // kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange
        ("xf22", .xf22),  // kCVPixelFormatType_422YpCbCr10BiPlanarFullRange
        ("x444", .x444),  // kCVPixelFormatType_444YpCbCr10BiPlanarVideoRange
        ("xf44", .xf44),  // kCVPixelFormatType_444YpCbCr10BiPlanarFullRange
        ("sv22", .sv22),  // kCVPixelFormatType_422YpCbCr16BiPlanarVideoRange
        ("sv44", .sv44),  // kCVPixelFormatType_444YpCbCr16BiPlanarVideoRange
        ("y420", .y420),  // kCVPixelFormatType_420YpCbCr8Planar (I420)
        ("f420", .f420),  // kCVPixelFormatType_420YpCbCr8PlanarFullRange
    ]
}
