import ColorSpaces
import ColorTags
import ICC
import MediaSyntax
import PixelBuffers
import PixelConversion
import ToneMapping

extension GainMapJPEG {
    /// What the writer produced, for reports and tests.
    struct Written {
        var bytes: [UInt8]
        /// The metadata as written (the exact meaning of the stored fractions).
        var metadata: GainMapMetadata
    }

    /// Encodes an HDR image (any encoding) as a gain-map JPEG: SDR base through `PixelConverter` with tone mapping,
    /// gain map through `GainMapEncoder` from the quantised base and the HDR linear light, both JPEG-encoded, then
    /// assembled with XMP hdrgm + ISO 21496-1 metadata, an MPF index and an ICC profile on the base only.
    static func encode(
        _ pixels: PixelBuffer, encoding: PixelEncoding, options: ImageWriteOptions,
        gainMap settings: GainMapWriteOptions
    ) throws(ImageFileError) -> Written {
        try check(settings)
        let baseSpace = settings.baseColorSpace
        let width = pixels.width
        let height = pixels.height
        let linearSpace = ColorResolution.extendedLinear(baseSpace)
        let linearEncoding = PixelEncoding(format: .rgbaFloat, colorSpace: linearSpace)
        var conversion = options.conversion
        conversion.toneMapping = .none
        conversion.gamut = .extended
        // 1. The HDR rendition in linear light of the base primaries; its peak sets the content luminance of the
        //    tone mapping.
        let hdr = try Conversion.convert(pixels, from: encoding, to: linearEncoding, options: conversion)
        let peak = hdr.withView { Self.peak($0) }
        // 2. The SDR base: tone mapped to headroom 1 and quantised to 8 bits.
        var baseOptions = options.conversion
        baseOptions.toneMapping =
            settings.baseToneMapping
            ?? .displayHeadroom(
                1, content: ContentLuminance(maxContentLightLevel: Double(max(peak, 1)) * conversion.referenceWhite))
        if baseOptions.gamut == .extended { baseOptions.gamut = .clip }
        let baseEncoding = PixelEncoding(format: .rgba8, colorSpace: baseSpace)
        let base = try Conversion.convert(pixels, from: encoding, to: baseEncoding, options: baseOptions)
        // 3. The base JPEG, decoded again: the gain map corrects what the reader will see (8-bit rounding and JPEG
        //    loss of the base), not the ideal base.
        let baseJPEG = try base.withView { (view) throws(ImageFileError) in
            try JPEGEncoder.encode(rgba: view, quality: settings.baseQuality, chroma420: settings.baseQuality < 90)
        }
        let decodedBase = try JPEGDecoder.decode(
            baseJPEG[...], grey: false,
            limits: ImageLimits(
                maximumFileSize: Int.max, maximumPixelCount: Int.max, maximumDimension: Int.max))
        guard let seen = decodedBase.rgba else { throw .encodingFailed(format: .jpeg, reason: "base does not decode") }
        let sdr = try Conversion.convert(seen, from: baseEncoding, to: linearEncoding, options: conversion)
        let scale = settings.scale
        let gainWidth = (width + scale - 1) / scale
        let gainHeight = (height + scale - 1) / scale
        let sdrPlanes = sdr.withView { Self.planes($0, scale: scale) }
        let hdrPlanes = hdr.withView { Self.planes($0, scale: scale) }
        let encoder = GainMapEncoder(gamma: settings.gamma)
        let count = gainWidth * gainHeight
        var gains = settings.multichannel ? [[Float]](repeating: [], count: 3) : [[]]
        for c in gains.indices { gains[c] = [Float](repeating: 0, count: count) }
        // The encoder sets the alternate headroom to the largest gain the content needs: a larger one would leave
        // displays between the two only partly lit (lovell/sharp #4314).
        var computed: GainMapMetadata
        do {
            computed = try encodeGains(
                encoder, sdrPlanes, hdrPlanes, &gains,
                luminance: baseSpace.primaries.luminanceCoefficients)
        } catch { throw .invalidRequest("the gain map cannot be computed: \(error)") }
        // 4. Metadata as the fractions written (so ISO and XMP agree); the map is quantised to 8 bits.
        let record = try ISOGainMapEncoding.quantized(computed)
        guard let written = record.metadata else {
            throw .invalidRequest("the gain-map metadata has no ISO 21496-1 fractions: \(computed)")
        }
        computed = written
        // 5. The gain-map JPEG.
        var gainJPEG = try gainMapJPEG(gains, width: gainWidth, height: gainHeight, quality: settings.gainMapQuality)
        // 6. Segments: the gain-map image gets its metadata and no ICC (Apple ImageIO rejects large ones there).
        var gainSegments: [UInt8] = []
        if settings.writesXMP { gainSegments += try JPEGSegments.xmpSegment(GainMapXMP.gainMapPacket(computed)) }
        if settings.writesISO {
            gainSegments += try JPEGSegments.segment(
                0xE2, JPEGSegments.isoGainMapSignature + record.bytes)
        }
        gainJPEG = try JPEGSegments.splice(gainSegments, into: gainJPEG)
        var primarySegments: [UInt8] = []
        if settings.writesXMP || options.xmp != nil {
            let packet =
                settings.writesXMP
                ? GainMapXMP.primaryPacket(userXMP: options.xmp, gainMapLength: gainJPEG.count)
                : (options.xmp ?? "")
            primarySegments += try JPEGSegments.xmpSegment(packet)
        }
        if settings.writesISO {
            primarySegments += try JPEGSegments.segment(
                0xE2, JPEGSegments.isoGainMapSignature + ISOGainMapRecord.versionOnlyBytes)
        }
        if options.embedICCProfile, let profile = try? ICCProfile(colorSpace: baseSpace) {
            primarySegments += try JPEGSegments.iccSegments(profile.bytes)
        }
        primarySegments += try JPEGSegments.segment(0xE2, mpfPayload())
        var primary = try JPEGSegments.splice(primarySegments, into: baseJPEG)
        try patchMPF(&primary, gainMapSize: gainJPEG.count)
        return Written(bytes: primary + gainJPEG, metadata: computed)
    }

    /// The settings a gain-map JPEG can be written with: an sRGB or Display P3 base, scale 1, 2, 4 or 8, a positive
    /// gamma.
    private static func check(_ settings: GainMapWriteOptions) throws(ImageFileError) {
        let baseSpace = settings.baseColorSpace
        guard baseSpace.transferFunction == .srgb,
            baseSpace.primaries.hasSameCoordinates(as: .bt709) || baseSpace.primaries.hasSameCoordinates(as: .displayP3)
        else {
            throw .invalidRequest(
                "the gain-map base must be sRGB or Display P3 (sRGB transfer), not \(baseSpace.name)")
        }
        guard [1, 2, 4, 8].contains(settings.scale) else {
            throw .invalidRequest("the gain-map scale must be 1, 2, 4 or 8, not \(settings.scale)")
        }
        guard settings.gamma > 0, settings.gamma.isFinite else {
            throw .invalidRequest("the gain-map gamma must be positive, not \(settings.gamma)")
        }
    }

    /// The gain map as a JPEG: grey for one channel, RGB 4:4:4 for three; gains in [0, 1] as 8-bit codes.
    private static func gainMapJPEG(_ gains: [[Float]], width gainWidth: Int, height gainHeight: Int, quality: Int)
        throws(ImageFileError) -> [UInt8]
    {
        if gains.count == 1 {
            let codes = gains[0].map { UInt8(($0 * 255).rounded()) }
            return try JPEGEncoder.encode(grey: codes, width: gainWidth, height: gainHeight, quality: quality)
        } else {
            var rgba = try Conversion.buffer(.rgba8, width: gainWidth, height: gainHeight)
            rgba.withMutableView { view in
                let plane = view.plane(0)
                for y in 0..<gainHeight {
                    let row = plane.row(y, as: UInt8.self)
                    for x in 0..<gainWidth {
                        for c in 0..<3 { row[4 * x + c] = UInt8((gains[c][y * gainWidth + x] * 255).rounded()) }
                        row[4 * x + 3] = 255
                    }
                }
            }
            return try rgba.withView { (view) throws(ImageFileError) in
                try JPEGEncoder.encode(rgba: view, quality: quality, chroma420: false)
            }
        }
    }

    /// Runs `GainMapEncoder` over planar renditions (single channel from luminance, or three channels).
    static func encodeGains(
        _ encoder: GainMapEncoder, _ base: [[Float]], _ alternate: [[Float]], _ gains: inout [[Float]],
        luminance: SIMD3<Double>
    ) throws(GainMapError) -> GainMapMetadata {
        try base[0].withUnsafeBufferPointer { (br) throws(GainMapError) in
            try base[1].withUnsafeBufferPointer { (bg) throws(GainMapError) in
                try base[2].withUnsafeBufferPointer { (bb) throws(GainMapError) in
                    try alternate[0].withUnsafeBufferPointer { (ar) throws(GainMapError) in
                        try alternate[1].withUnsafeBufferPointer { (ag) throws(GainMapError) in
                            try alternate[2].withUnsafeBufferPointer { (ab) throws(GainMapError) in
                                if gains.count == 1 {
                                    return try gains[0].withUnsafeMutableBufferPointer { (g) throws(GainMapError) in
                                        try encoder.encode(
                                            baseRed: br, baseGreen: bg, baseBlue: bb, alternateRed: ar,
                                            alternateGreen: ag, alternateBlue: ab, luminanceCoefficients: luminance,
                                            gain: g)
                                    }
                                }
                                var r = gains[0]
                                var g = gains[1]
                                var b = gains[2]
                                defer { gains = [r, g, b] }
                                return try r.withUnsafeMutableBufferPointer { (gr) throws(GainMapError) in
                                    try g.withUnsafeMutableBufferPointer { (gg) throws(GainMapError) in
                                        try b.withUnsafeMutableBufferPointer { (gb) throws(GainMapError) in
                                            try encoder.encode(
                                                baseRed: br, baseGreen: bg, baseBlue: bb, alternateRed: ar,
                                                alternateGreen: ag, alternateBlue: ab, gainRed: gr, gainGreen: gg,
                                                gainBlue: gb)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The largest finite colour component of an RGBA float view.
    static func peak(_ view: PixelBufferView) -> Float {
        var peak: Float = 0
        let plane = view.plane(0)
        for y in 0..<view.height {
            let row = plane.row(y, as: Float.self)
            for x in 0..<view.width {
                for c in 0..<3 where row[4 * x + c].isFinite { peak = max(peak, row[4 * x + c]) }
            }
        }
        return peak
    }

    /// R, G, B planes of an RGBA float view, box-averaged over `scale`×`scale` blocks.
    static func planes(_ view: PixelBufferView, scale: Int) -> [[Float]] {
        let w = (view.width + scale - 1) / scale
        let h = (view.height + scale - 1) / scale
        var planes = [[Float]](repeating: [Float](repeating: 0, count: w * h), count: 3)
        var counts = [Float](repeating: 0, count: w * h)
        let plane = view.plane(0)
        for y in 0..<view.height {
            let row = plane.row(y, as: Float.self)
            for x in 0..<view.width {
                let i = (y / scale) * w + x / scale
                for c in 0..<3 { planes[c][i] += row[4 * x + c].isFinite ? row[4 * x + c] : 0 }
                counts[i] += 1
            }
        }
        if scale > 1 {
            for c in 0..<3 { for i in 0..<(w * h) { planes[c][i] /= counts[i] } }
        }
        return planes
    }
}
