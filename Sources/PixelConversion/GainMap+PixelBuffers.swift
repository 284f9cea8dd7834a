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
    /// included). Works in bands of a few rows; allocates row buffers and one copy of the gain map per call.
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
        do { try metadata.validate() } catch { throw .gainMap(error) }
        guard base.width == destination.width, base.height == destination.height else {
            throw .sizeMismatch(
                sourceWidth: base.width, sourceHeight: base.height, destinationWidth: destination.width,
                destinationHeight: destination.height)
        }
        let primaries = workingPrimaries ?? baseEncoding.colorSpace.primaries
        let linear = GainMapWorkspace.linearEncoding(primaries)
        let toLinear = try PixelConverter(from: baseEncoding, to: linear, options: .rows)
        var outOptions = options
        outOptions.threadCount = 1
        let fromLinear = try PixelConverter(from: linear, to: destinationEncoding, options: outOptions)
        let gains = try GainMapWorkspace.samples(of: gainMap, primaries: primaries)
        var workspace = try GainMapWorkspace(width: base.width)
        var y0 = 0
        while y0 < base.height {
            let rows = y0..<Swift.min(y0 + GainMapWorkspace.bandHeight, base.height)
            let (source, target): (PixelBufferView, MutablePixelBufferView)
            do throws(PixelBufferError) {
                (source, target) = (try base.rows(rows), try destination.rows(rows))
            } catch { throw .geometry(error) }
            try workspace.decode(source, with: toLinear)
            do throws(GainMapError) {
                try workspace.apply(
                    metadata, displayHeadroom: displayHeadroom, gains: gains, imageRows: rows, imageHeight: base.height)
            } catch { throw .gainMap(error) }
            try workspace.encode(into: target, with: fromLinear)
            y0 = rows.upperBound
        }
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
        var workspace = try GainMapWorkspace(width: base.width)
        var other = try GainMapWorkspace(width: base.width)
        var peak: Float = 1  // the brightest component of the alternate, pixel by pixel (not block means)
        // Each gain-map row averages the base rows of its block.
        for j in 0..<gh {
            let rows = (j * base.height / gh)..<Swift.max((j + 1) * base.height / gh, j * base.height / gh + 1)
            // Bands start on even rows (4:2:0 renditions are read in row pairs); the rows before the block are skipped.
            var y0 = rows.lowerBound & ~1
            while y0 < rows.upperBound {
                let band = y0..<Swift.min(y0 + GainMapWorkspace.bandHeight, rows.upperBound)
                let skip = Swift.max(rows.lowerBound - y0, 0)
                let (baseRows, alternateRows): (PixelBufferView, PixelBufferView)
                do throws(PixelBufferError) {
                    (baseRows, alternateRows) = (try base.rows(band), try alternate.rows(band))
                } catch { throw .geometry(error) }
                try workspace.decode(baseRows, with: baseToLinear)
                try other.decode(alternateRows, with: alternateToLinear)
                peak = Swift.max(peak, other.maximum(rows: skip..<band.count))
                for i in 0..<gw {
                    let columns = (i * base.width / gw)..<Swift.max((i + 1) * base.width / gw, i * base.width / gw + 1)
                    baseMeans[j * gw + i] += workspace.sum(columns: columns, rows: skip..<band.count)
                    alternateMeans[j * gw + i] += other.sum(columns: columns, rows: skip..<band.count)
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
    /// Base rows per band (even, for 4:2:0 sources).
    static let bandHeight = 8

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
    private var rowCount = 0
    let width: Int
    /// Planar rows for ToneMapping's `GainMap.apply`: R, G, B, then the gains.
    private let planes: PlanarRows

    init(width: Int) throws(PixelConversionError) {
        do { buffer = try PixelBuffer(format: .rgbaFloat, width: width, height: Self.bandHeight) } catch {
            throw .geometry(error)
        }
        self.width = width
        planes = PlanarRows(width: width, count: 6)
    }

    /// Decodes a band of rows into the buffer.
    mutating func decode(_ band: PixelBufferView, with converter: PixelConverter) throws(PixelConversionError) {
        rowCount = band.height
        let rows = 0..<band.height
        try buffer.withMutableView { (view) throws(PixelConversionError) in
            try converter.convert(band, to: Self.rows(rows, of: view))
        }
    }

    private static func rows(_ rows: Range<Int>, of view: MutablePixelBufferView) throws(PixelConversionError)
        -> MutablePixelBufferView
    {
        do throws(PixelBufferError) { return try view.rows(rows) } catch { throw .geometry(error) }
    }

    /// The largest finite R, G or B in the band's rows `rows`.
    func maximum(rows: Range<Int>) -> Float {
        buffer.withView { view in
            var peak = -Float.infinity
            for y in rows {
                let row = view.plane(0).row(y, as: Float.self)
                for x in 0..<width {
                    for c in 0..<3 where row[4 * x + c].isFinite { peak = Swift.max(peak, row[4 * x + c]) }
                }
            }
            return peak
        }
    }

    /// The sum of R, G, B over `columns` of the band's rows `rows`.
    func sum(columns: Range<Int>, rows: Range<Int>) -> SIMD3<Float> {
        buffer.withView { view in
            var total = SIMD3<Float>()
            for y in rows {
                let row = view.plane(0).row(y, as: Float.self)
                for x in columns { total += SIMD3(row[4 * x], row[4 * x + 1], row[4 * x + 2]) }
            }
            return total
        }
    }

    /// Applies the gain map (bilinear samples at the pixel centres) to the decoded band of image rows `imageRows`,
    /// row by row through ToneMapping's planar `GainMap.apply`.
    mutating func apply(
        _ metadata: GainMapMetadata, displayHeadroom: Double, gains: GainSamples, imageRows: Range<Int>,
        imageHeight: Int
    ) throws(GainMapError) {
        let (width, p) = (self.width, planes)
        for (k, y) in imageRows.enumerated() {
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

    /// Encodes the band into `band` (rows of the destination).
    func encode(into band: MutablePixelBufferView, with converter: PixelConverter) throws(PixelConversionError) {
        let rows = 0..<rowCount
        try buffer.withView { (view) throws(PixelConversionError) in
            let source: PixelBufferView
            do throws(PixelBufferError) { source = try view.rows(rows) } catch { throw .geometry(error) }
            try converter.convert(source, to: band)
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
struct GainSamples {
    let values: [SIMD3<Float>]
    let width: Int
    let height: Int

    /// The gain at the centre of image pixel (x, y) of an image `imageWidth` × `imageHeight`, edges repeated.
    func sample(x: Int, y: Int, imageWidth: Int, imageHeight: Int) -> SIMD3<Float> {
        let u = (Double(x) + 0.5) * Double(width) / Double(imageWidth) - 0.5
        let v = (Double(y) + 0.5) * Double(height) / Double(imageHeight) - 0.5
        let (i0, j0) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
        let (s, t) = (Float(u - Double(i0)), Float(v - Double(j0)))
        func at(_ i: Int, _ j: Int) -> SIMD3<Float> {
            values[Swift.min(Swift.max(j, 0), height - 1) * width + Swift.min(Swift.max(i, 0), width - 1)]
        }
        let top = at(i0, j0) * (1 - s) + at(i0 + 1, j0) * s
        let bottom = at(i0, j0 + 1) * (1 - s) + at(i0 + 1, j0 + 1) * s
        return top * (1 - t) + bottom * t
    }
}
