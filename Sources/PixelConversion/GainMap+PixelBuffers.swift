public import ColorSpaces
public import PixelBuffers
public import ToneMapping

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension GainMap {
    /// Reconstructs the rendition of a gain-map image for a display of `displayHeadroom` (ISO 21496-1), from pixel
    /// buffers: the base image in any encoding, the gain map in any RGB format and size, into a destination of any
    /// encoding.
    ///
    /// The base is decoded to linear light in `workingPrimaries` (1.0 = SDR white; by default the base's own primaries,
    /// ISO 21496-1 `use_base_colour_space`; the alternate image's primaries otherwise), the gain map is sampled
    /// bilinearly at each base pixel's centre (its normalised samples are g ∈ [0, 1]; a single-channel map stores g in
    /// R, G and B), ``GainMapMetadata`` gives `(base + k_base)·2^(G·w) − k_alt` per channel with the weight for the
    /// headroom, and the result is converted to the destination with `options` (tone mapping and gamut policy
    /// included). One ``GainMapRenderer`` per call: on `options.backend` when there is one, else on the CPU in bands of
    /// 16 rows on the options' threads (row buffers and one copy of the gain map allocated per call).
    ///
    /// - Throws: ``PixelConversionError/gainMap(_:)`` for invalid metadata or a Y′CbCr gain map; the converters' errors
    ///   for the encodings; ``PixelConversionError/sizeMismatch(sourceWidth:sourceHeight:destinationWidth:destinationHeight:)``.
    public static func apply(
        _ metadata: GainMapMetadata, displayHeadroom: Double,
        to base: PixelBufferView, encoding baseEncoding: PixelEncoding,
        gainMap: PixelBufferView,
        into destination: MutablePixelBufferView, encoding destinationEncoding: PixelEncoding,
        workingPrimaries: RGBPrimaries? = nil, options: PixelConverter.Options = PixelConverter.Options()
    ) throws(PixelConversionError) {
        guard base.width == destination.width, base.height == destination.height else {
            throw .sizeMismatch(
                sourceWidth: base.width, sourceHeight: base.height, destinationWidth: destination.width,
                destinationHeight: destination.height)
        }
        let renderer = try GainMapRenderer(
            metadata, displayHeadroom: displayHeadroom, base: baseEncoding, width: base.width, height: base.height,
            gainMap: gainMap, destination: destinationEncoding, workingPrimaries: workingPrimaries, options: options)
        try renderer.render(base, into: destination)
    }
}

extension GainMapEncoder {
    /// Derives a gain map of `gainMap`'s size and format from a base and an alternate rendition of the same image in
    /// pixel buffers (any encodings, same size), and returns its metadata.
    ///
    /// Both renditions are decoded to linear light in the base's primaries (1.0 = SDR white) and averaged over the
    /// block of base pixels each gain-map pixel covers; then the log gains follow the encoder's settings (see
    /// ``GainMapEncoder``), normalised to [0, 1] and written as the gain map's samples (full-range codes, rounded;
    /// `singleChannel` stores one gain from the luminance ratio in R, G and B). The alternate headroom is the one the
    /// largest gain reaches unless the encoder fixes it (see ``GainMapEncoder/alternateHeadroom``).
    ///
    /// - Throws: ``PixelConversionError`` for mismatched sizes, a Y′CbCr gain map, invalid resulting metadata or
    ///   the converters' errors.
    public func encode(
        base: PixelBufferView, encoding baseEncoding: PixelEncoding,
        alternate: PixelBufferView, encoding alternateEncoding: PixelEncoding,
        into gainMap: MutablePixelBufferView, singleChannel: Bool = true
    ) throws(PixelConversionError) -> GainMapMetadata {
        guard base.width == alternate.width, base.height == alternate.height else {
            throw .sizeMismatch(
                sourceWidth: base.width, sourceHeight: base.height, destinationWidth: alternate.width,
                destinationHeight: alternate.height)
        }
        let primaries = baseEncoding.colorSpace.primaries
        let linear = GainMapWorkspace.linearEncoding(primaries)
        let baseToLinear = try PixelConverter(from: baseEncoding, to: linear, options: .rows)
        let alternateToLinear = try PixelConverter(from: alternateEncoding, to: linear, options: .rows)
        let (gw, gh) = (gainMap.width, gainMap.height)
        var baseMeans = [SIMD3<Float>](repeating: .zero, count: gw * gh)
        var alternateMeans = baseMeans
        var workspace = try GainMapWorkspace(width: base.width, source: base.format)
        var other = try GainMapWorkspace(width: base.width, source: alternate.format)
        var peak: Float = 1  // the brightest component of the alternate, pixel by pixel (not block means)
        // Each gain-map row averages the base rows of its block.
        for j in 0..<gh {
            let rows = (j * base.height / gh)..<Swift.max((j + 1) * base.height / gh, j * base.height / gh + 1)
            // Bands start on even rows (4:2:0 renditions are read in row pairs); the rows before the block are skipped.
            var y0 = rows.lowerBound & ~1
            while y0 < rows.upperBound {
                let band = y0..<Swift.min(y0 + GainMapWorkspace.bandHeight, rows.upperBound)
                let used = Swift.max(rows.lowerBound, y0)..<band.upperBound
                try workspace.decode(base, band: band, with: baseToLinear)
                try other.decode(alternate, band: band, with: alternateToLinear)
                peak = Swift.max(peak, other.maximum(rows: used))
                for i in 0..<gw {
                    let columns = (i * base.width / gw)..<Swift.max((i + 1) * base.width / gw, i * base.width / gw + 1)
                    baseMeans[j * gw + i] += workspace.sum(columns: columns, rows: used)
                    alternateMeans[j * gw + i] += other.sum(columns: columns, rows: used)
                }
                y0 = band.upperBound
            }
            for i in 0..<gw {
                let columns = (i * base.width / gw)..<Swift.max((i + 1) * base.width / gw, i * base.width / gw + 1)
                let n = Float(columns.count * rows.count)
                baseMeans[j * gw + i] /= n
                alternateMeans[j * gw + i] /= n
            }
        }
        let headroom = alternateHeadroom ?? log2(Double(peak))
        let weights = SIMD3<Float>(primaries.luminanceCoefficients)
        var logGains = [SIMD3<Double>](repeating: .zero, count: gw * gh)
        var low = SIMD3<Double>(repeating: .infinity), high = SIMD3<Double>(repeating: -.infinity)
        for k in 0..<(gw * gh) {
            let (b, a) = (baseMeans[k], alternateMeans[k])
            if singleChannel {
                let g = logGain(base: (b * weights).sum(), alternate: (a * weights).sum(), headroom: headroom)
                logGains[k] = SIMD3(repeating: g)
            } else {
                for c in 0..<3 { logGains[k][c] = logGain(base: b[c], alternate: a[c], headroom: headroom) }
            }
            low = pointwiseMin(low, logGains[k])
            high = pointwiseMax(high, logGains[k])
        }
        let metadata = GainMapMetadata(
            gainMapMin: low, gainMapMax: high, gamma: SIMD3(repeating: gamma), baseOffset: SIMD3(repeating: baseOffset),
            alternateOffset: SIMD3(repeating: alternateOffset), baseHeadroom: baseHeadroom,
            alternateHeadroom: writtenAlternateHeadroom(headroom, largestGain: high.max()))
        do { try metadata.validate() } catch { throw .gainMap(error) }
        // Normalise to [0, 1] with the encoding gamma and write through a converter of the gain map's format.
        let samples = logGains.map { g -> SIMD3<Float> in
            var out = SIMD3<Float>()
            for c in 0..<3 {
                let span = high[c] - low[c]
                let t = span > 0 ? Swift.min(Swift.max((g[c] - low[c]) / span, 0), 1) : 0
                out[c] = Float(gamma == 1 ? t : pow(t, gamma))
            }
            return out
        }
        try GainMapWorkspace.write(samples, into: gainMap, primaries: primaries)
        return metadata
    }
}

extension PixelConverter.Options {
    /// Options for converters used row band by row band inside another operation.
    static var rows: PixelConverter.Options {
        var options = PixelConverter.Options()
        options.threadCount = 1
        return options
    }
}

/// Row buffers for the gain-map operations over pixel buffers.
struct GainMapWorkspace {
    /// Image rows per band (even, for 4:2:0 images).
    static let bandHeight = 16

    /// Linear light in `primaries`, values kept outside [0, 1]: the space gain maps work in.
    static func linearEncoding(_ primaries: RGBPrimaries) -> PixelEncoding {
        PixelEncoding(
            format: .rgbaFloat,
            colorSpace: ColorSpace(
                name: "linear \(primaries.name)", primaries: primaries, transferFunction: .linear, outOfRange: .extended
            ))
    }

    /// The normalised samples of a gain map.
    static func samples(of gainMap: PixelBufferView, primaries: RGBPrimaries) throws(PixelConversionError)
        -> GainSamples
    {
        try requireRGB(gainMap.format)
        let space = linearEncoding(primaries)
        let read = try PixelConverter(
            from: PixelEncoding(format: gainMap.format, colorSpace: space.colorSpace), to: space)
        var buffer: PixelBuffer
        do { buffer = try PixelBuffer(format: .rgbaFloat, width: gainMap.width, height: gainMap.height) } catch {
            throw .geometry(error)
        }
        try buffer.withMutableView { (view) throws(PixelConversionError) in try read.convert(gainMap, to: view) }
        let values = buffer.withView { view in
            (0..<(view.width * view.height)).map { k in
                let row = view.plane(0).row(k / view.width, as: Float.self)
                let x = 4 * (k % view.width)
                return SIMD3(row[x], row[x + 1], row[x + 2])
            }
        }
        return GainSamples(values: values, width: gainMap.width, height: gainMap.height)
    }

    static func requireRGB(_ format: PixelFormat) throws(PixelConversionError) {
        guard format.colorModel == .rgb else {
            throw .invalidOption(
                name: "gain map format", value: "\(format)", expected: "an RGB format (R = G = B for one channel)")
        }
    }

    /// Writes normalised samples into a gain map of any RGB format.
    static func write(_ samples: [SIMD3<Float>], into gainMap: MutablePixelBufferView, primaries: RGBPrimaries)
        throws(PixelConversionError)
    {
        try requireRGB(gainMap.format)
        let space = linearEncoding(primaries)
        var buffer: PixelBuffer
        do { buffer = try PixelBuffer(format: .rgbaFloat, width: gainMap.width, height: gainMap.height) } catch {
            throw .geometry(error)
        }
        buffer.withMutableView { view in
            for k in 0..<samples.count {
                let row = view.plane(0).row(k / view.width, as: Float.self)
                let x = 4 * (k % view.width)
                (row[x], row[x + 1], row[x + 2], row[x + 3]) = (samples[k].x, samples[k].y, samples[k].z, 1)
            }
        }
        let write = try PixelConverter(
            from: space, to: PixelEncoding(format: gainMap.format, colorSpace: space.colorSpace))
        try buffer.withView { (view) throws(PixelConversionError) in try write.convert(view, to: gainMap) }
    }

    private var buffer: PixelBuffer
    /// The destination's rows around a band, when it is vertically subsampled.
    private var scratch: PixelBuffer?
    let width: Int
    /// Image rows decoded beyond each side of a band, so that the band's own rows are exact: 2 for a vertically
    /// subsampled source (its chroma upsampling reaches one chroma row beyond), plus 2 for such a destination (its
    /// chroma filter reaches one luma row beyond the band).
    let margin: (decode: Int, encode: Int)
    /// The image rows in the buffer: the band and its margin, clamped to the image.
    private(set) var context = 0..<0
    /// The image rows being worked on.
    private(set) var band = 0..<0
    /// Planar rows for ToneMapping's `GainMap.apply`: R, G, B, then the gains.
    private let planes: PlanarRows

    /// A workspace for bands of images `width` wide, from a source of `source`'s format (and into `destination`'s).
    init(width: Int, source: PixelFormat, destination: PixelFormat? = nil) throws(PixelConversionError) {
        func subsampled(_ format: PixelFormat?) -> Bool {
            format?.planes.contains { $0.verticalSubsampling > 1 } ?? false
        }
        margin = (subsampled(source) ? 2 : 0, subsampled(destination) ? 2 : 0)
        let rows = Self.bandHeight + 2 * (margin.decode + margin.encode)
        do {
            buffer = try PixelBuffer(format: .rgbaFloat, width: width, height: rows)
            if let destination, margin.encode > 0 {
                scratch = try PixelBuffer(
                    format: destination, width: width, height: Self.bandHeight + 2 * margin.encode)
            }
        } catch { throw .geometry(error) }
        self.width = width
        planes = PlanarRows(width: width, count: 6)
    }

    /// Decodes image rows `band` (starting on an even row) of `image`, with the margin's rows around them.
    mutating func decode(_ image: PixelBufferView, band: Range<Int>, with converter: PixelConverter)
        throws(PixelConversionError)
    {
        let m = margin.decode + margin.encode
        self.band = band
        context = Swift.max(band.lowerBound - m, 0)..<Swift.min(band.upperBound + m, image.height)
        let source = try Self.rows(context, of: image)
        try buffer.withMutableView { (view) throws(PixelConversionError) in
            try converter.convert(source, to: Self.rows(0..<context.count, of: view))
        }
    }

    private static func rows(_ rows: Range<Int>, of view: PixelBufferView) throws(PixelConversionError)
        -> PixelBufferView
    {
        do throws(PixelBufferError) { return try view.rows(rows) } catch { throw .geometry(error) }
    }

    private static func rows(_ rows: Range<Int>, of view: MutablePixelBufferView) throws(PixelConversionError)
        -> MutablePixelBufferView
    {
        do throws(PixelBufferError) { return try view.rows(rows) } catch { throw .geometry(error) }
    }

    /// The buffer's rows of image rows `rows`.
    private func offset(_ rows: Range<Int>) -> Range<Int> {
        (rows.lowerBound - context.lowerBound)..<(rows.upperBound - context.lowerBound)
    }

    /// The largest finite R, G or B in image rows `rows` (within the band).
    func maximum(rows: Range<Int>) -> Float {
        buffer.withView { view in
            var peak = -Float.infinity
            for y in offset(rows) {
                let row = view.plane(0).row(y, as: Float.self)
                for x in 0..<width {
                    for c in 0..<3 where row[4 * x + c].isFinite { peak = Swift.max(peak, row[4 * x + c]) }
                }
            }
            return peak
        }
    }

    /// The sum of R, G, B over `columns` of image rows `rows` (within the band).
    func sum(columns: Range<Int>, rows: Range<Int>) -> SIMD3<Float> {
        buffer.withView { view in
            var total = SIMD3<Float>()
            for y in offset(rows) {
                let row = view.plane(0).row(y, as: Float.self)
                for x in columns { total += SIMD3(row[4 * x], row[4 * x + 1], row[4 * x + 2]) }
            }
            return total
        }
    }

    /// The rows the destination's encoding of the band reads: the band and the encoding margin.
    private var encoded: Range<Int> {
        Swift.max(
            band.lowerBound - margin.encode, context.lowerBound)..<Swift.min(
                band.upperBound + margin.encode, context.upperBound)
    }

    /// Applies the gain map (bilinear samples at the pixel centres) to the rows the encoding reads, row by row
    /// through ToneMapping's planar `GainMap.apply`.
    mutating func apply(_ metadata: GainMapMetadata, displayHeadroom: Double, gains: GainSamples, imageHeight: Int)
        throws(GainMapError)
    {
        let (width, p) = (self.width, planes)
        for y in encoded {
            let k = y - context.lowerBound
            buffer.withMutableView { view in
                let row = view.plane(0).row(k, as: Float.self)
                for x in 0..<width {
                    let g = gains.sample(x: x, y: y, imageWidth: width, imageHeight: imageHeight)
                    for c in 0..<3 {
                        p[c][x] = row[4 * x + c]
                        p[3 + c][x] = g[c]
                    }
                }
            }
            try GainMap.apply(
                metadata, displayHeadroom: displayHeadroom, red: p[0], green: p[1], blue: p[2],
                gainRed: UnsafeBufferPointer(p[3]), gainGreen: UnsafeBufferPointer(p[4]),
                gainBlue: UnsafeBufferPointer(p[5]))
            buffer.withMutableView { view in
                let row = view.plane(0).row(k, as: Float.self)
                for x in 0..<width { for c in 0..<3 { row[4 * x + c] = p[c][x] } }
            }
        }
    }

    /// Encodes the band into its rows of `image` (the whole destination); a vertically subsampled destination
    /// through the scratch rows, with the margin's rows around the band.
    mutating func encode(into image: MutablePixelBufferView, with converter: PixelConverter)
        throws(PixelConversionError)
    {
        let (band, encoded) = (self.band, self.encoded)
        let target = try Self.rows(band, of: image)
        try buffer.withView { (view) throws(PixelConversionError) in
            let source = try Self.rows(offset(encoded), of: view)
            guard scratch != nil else { return try converter.convert(source, to: target) }
            try scratch!.withMutableView { (rows) throws(PixelConversionError) in
                try converter.convert(source, to: Self.rows(0..<encoded.count, of: rows))
                let inner = try Self.rows(
                    (band.lowerBound - encoded.lowerBound)..<(band.upperBound - encoded.lowerBound), of: rows)
                for p in 0..<target.format.planeCount {
                    let (from, to) = (inner.plane(p), target.plane(p))
                    for r in 0..<to.height { to.row(r).copyMemory(from: UnsafeRawBufferPointer(from.row(r))) }
                }
            }
        }
    }
}

/// `count` Float rows of `width` in one allocation, freed with the object.
final class PlanarRows {
    private let storage: UnsafeMutableBufferPointer<Float>
    let width: Int

    init(width: Int, count: Int) {
        self.width = width
        storage = .allocate(capacity: Swift.max(width * count, 1))
        storage.initialize(repeating: 0)
    }

    deinit { storage.deallocate() }

    subscript(_ index: Int) -> UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(rebasing: storage[(index * width)..<((index + 1) * width)])
    }
}

/// A gain map's normalised samples, sampled bilinearly at image pixel centres.
struct GainSamples: Sendable {
    let values: [SIMD3<Float>]
    let width: Int
    let height: Int

    /// The gain at the centre of image pixel (x, y) of an image `imageWidth` × `imageHeight`, edges repeated.
    func sample(x: Int, y: Int, imageWidth: Int, imageHeight: Int) -> SIMD3<Float> {
        let (i0, i1, s) = Self.neighbours(x, count: imageWidth, size: width)
        let (j0, j1, t) = Self.neighbours(y, count: imageHeight, size: height)
        func at(_ i: Int, _ j: Int) -> SIMD3<Float> { values[j * width + i] }
        let top = at(i0, j0) * (1 - s) + at(i1, j0) * s
        let bottom = at(i0, j1) * (1 - s) + at(i1, j1) * s
        return top * (1 - t) + bottom * t
    }

    /// Along one axis of `count` image pixels over `size` gain-map samples: the two samples around pixel `i`'s
    /// centre (clamped to the map) and the weight of the second.
    static func neighbours(_ i: Int, count: Int, size: Int) -> (Int, Int, Float) {
        let u = (Double(i) + 0.5) * Double(size) / Double(count) - 0.5
        let i0 = Int(u.rounded(.down))
        return (Swift.min(Swift.max(i0, 0), size - 1), Swift.min(Swift.max(i0 + 1, 0), size - 1), Float(u - Double(i0)))
    }
}
