public import ColorSpaces
public import PixelBuffers
public import ToneMapping
import Dispatch
import Synchronization
import TransferFunctions

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A gain-map image's rendition for one display headroom (ISO 21496-1), prepared once for an image of one size: the
/// base decoded to linear light in the working primaries (1.0 = SDR white), the gain map sampled bilinearly at each
/// base pixel's centre (edges repeated), `(base + k_base)·2^(G·w) − k_alt` per channel, and the result converted to the
/// destination with the options' tone mapping and gamut policy. `GainMap.apply(_:displayHeadroom:to:encoding:…)` over
/// pixel views is this for one call.
///
/// With ``PixelConverter/Options/backend`` set, ``render(_:into:)`` runs on that backend as one program (a GPU
/// runner's shader, within the bounds it states); otherwise on the CPU in bands of 16 rows, on the options' threads
/// (every core for a megapixel or more by default).
public struct GainMapRenderer: Sendable {
    /// The gain map's metadata.
    public let metadata: GainMapMetadata
    /// The display headroom rendered for (peak ÷ SDR white; the metadata's weight decides what it means).
    public let displayHeadroom: Double
    /// The base image's encoding.
    public let base: PixelEncoding
    /// The rendition's encoding.
    public let destination: PixelEncoding
    /// The primaries the gains apply in.
    public let workingPrimaries: RGBPrimaries
    /// The image's width in pixels (the base's and the destination's).
    public let width: Int
    /// The image's height in pixels.
    public let height: Int
    let toLinear: PixelConverter
    let fromLinear: PixelConverter
    let gains: GainSamples
    /// The CPU's threads over bands of rows: the options' count, else every core for a megapixel or more.
    private let threadCount: Int
    /// The rendition on ``PixelConverter/Options/backend``, when there is one.
    private var prepared: (any PreparedPixelConversion)?

    /// Prepares the rendition of `gainMap` (any RGB format and size; normalised samples g ∈ [0, 1], a single-channel
    /// map with g in R, G and B) over a `width` × `height` base in `base`, for `displayHeadroom`, into `destination`.
    ///
    /// - Parameter workingPrimaries: The primaries the gains apply in: by default the base's own (ISO 21496-1
    ///   `use_base_colour_space`), else the alternate image's.
    /// - Throws: ``PixelConversionError/gainMap(_:)`` for invalid metadata; ``PixelConversionError/invalidOption(name:value:expected:)``
    ///   for a Y′CbCr gain map; the converters' errors for the encodings; the backend's.
    public init(
        _ metadata: GainMapMetadata, displayHeadroom: Double, base: PixelEncoding, width: Int, height: Int,
        gainMap: PixelBufferView, destination: PixelEncoding, workingPrimaries: RGBPrimaries? = nil,
        options: PixelConverter.Options = PixelConverter.Options()
    ) throws(PixelConversionError) {
        do { try metadata.validate() } catch { throw .gainMap(error) }
        guard width > 0, height > 0 else {
            throw .invalidOption(name: "image size", value: "\(width)×\(height)", expected: "at least 1×1")
        }
        self.metadata = metadata
        self.displayHeadroom = displayHeadroom
        self.base = base
        self.destination = destination
        self.width = width
        self.height = height
        let primaries = workingPrimaries ?? base.colorSpace.primaries
        self.workingPrimaries = primaries
        let linear = GainMapWorkspace.linearEncoding(primaries)
        var cpu = options
        cpu.backend = nil
        toLinear = try PixelConverter(from: base, to: linear, options: .rows)
        cpu.threadCount = 1
        fromLinear = try PixelConverter(from: linear, to: destination, options: cpu)
        gains = try GainMapWorkspace.samples(of: gainMap, primaries: primaries)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        threadCount = options.threadCount ?? (overflow || pixels >= 1 << 20 ? ProcessInfoCores.active : 1)
        if let backend = options.backend { prepared = try backend.prepare(self) }
    }

    /// Renders `base` (the encoding and size given at preparation) into `destination`.
    ///
    /// - Throws: ``PixelConversionError/formatMismatch(role:expected:actual:)`` and
    ///   ``PixelConversionError/sizeMismatch(sourceWidth:sourceHeight:destinationWidth:destinationHeight:)`` for
    ///   other frames; ``PixelConversionError/gainMap(_:)``; the backend's errors.
    public func render(_ base: PixelBufferView, into destination: MutablePixelBufferView)
        throws(PixelConversionError)
    {
        guard base.format == self.base.format else {
            throw .formatMismatch(role: "base", expected: self.base.format, actual: base.format)
        }
        guard destination.format == self.destination.format else {
            throw .formatMismatch(role: "destination", expected: self.destination.format, actual: destination.format)
        }
        guard base.width == width, base.height == height, destination.width == width, destination.height == height
        else {
            throw .sizeMismatch(
                sourceWidth: base.width, sourceHeight: base.height, destinationWidth: destination.width,
                destinationHeight: destination.height)
        }
        if let prepared { return try prepared.convert(base, to: destination) }
        let bands = (height + GainMapWorkspace.bandHeight - 1) / GainMapWorkspace.bandHeight
        let threads = Swift.min(threadCount, bands)
        guard threads > 1 else { return try render(base, into: destination, bands: 0, step: 1) }
        let failure = Mutex<PixelConversionError?>(nil)
        DispatchQueue.concurrentPerform(iterations: threads) { first in
            do throws(PixelConversionError) {
                try render(base, into: destination, bands: first, step: threads)
            } catch { failure.withLock { if $0 == nil { $0 = error } } }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Renders bands `first`, `first + step`, … on the CPU, with a workspace of its own.
    private func render(_ base: PixelBufferView, into destination: MutablePixelBufferView, bands first: Int, step: Int)
        throws(PixelConversionError)
    {
        var workspace = try GainMapWorkspace(
            width: width, source: self.base.format, destination: self.destination.format)
        for y0 in stride(from: first * GainMapWorkspace.bandHeight, to: height, by: step * GainMapWorkspace.bandHeight)
        {
            try workspace.decode(base, band: y0..<Swift.min(y0 + GainMapWorkspace.bandHeight, height), with: toLinear)
            do throws(GainMapError) {
                try workspace.apply(metadata, displayHeadroom: displayHeadroom, gains: gains, imageHeight: height)
            } catch { throw .gainMap(error) }
            try workspace.encode(into: destination, with: fromLinear)
        }
    }

    /// The rendition as one program: the base's load and its steps to linear light, the gain map, the steps from
    /// linear light and the destination's store (the linear RGBA float between them is exact, so dropping it
    /// changes nothing).
    package var listing: ProgramListing {
        let (decode, encode) = (toLinear.listing, fromLinear.listing)
        return ProgramListing(
            load: decode.load, stages: decode.stages + [.gainMap(gainTables)] + encode.stages, store: encode.store)
    }

    /// The gain-map step's tables: the samples, each image column's and row's two gain-map indices and weight as
    /// `GainSamples.sample` computes them, and per channel the gain 2^(min + range·g) (and g^(1/γ) where γ ≠ 1) as
    /// tables of their `Double` functions over g ∈ [0, 1].
    private var gainTables: ProgramListing.GainMapTables {
        func axis(_ count: Int, _ size: Int) -> [Float] {
            (0..<count).flatMap { i -> [Float] in
                let (i0, i1, s) = GainSamples.neighbours(i, count: count, size: size)
                return [Float(i0), Float(i1), s]
            }
        }
        let w = metadata.weight(displayHeadroom: displayHeadroom)
        var power: [ProgramListing.Table?] = []
        var gain: [ProgramListing.Table] = []
        for c in 0..<3 {
            let channel = GainMap.ChannelGain(metadata, channel: c, weight: w)
            let (minimum, range) = (Double(channel.minimum), Double(channel.range))
            gain.append(Self.unitTable { g in exp2(minimum + range * g) })
            let inverseGamma = Double(channel.inverseGamma)
            power.append(
                channel.inverseGamma == 1
                    ? nil : Self.unitTable(segmentsPerOctaveLog2: 7, low: 0x1p-100) { g in pow(g, inverseGamma) })
        }
        return ProgramListing.GainMapTables(
            width: gains.width, height: gains.height, samples: gains.values.flatMap { [$0.x, $0.y, $0.z] },
            columns: axis(width, gains.width), rows: axis(height, gains.height),
            baseOffset: SIMD3(Float(metadata.baseOffset.x), Float(metadata.baseOffset.y), Float(metadata.baseOffset.z)),
            alternateOffset: SIMD3(
                Float(metadata.alternateOffset.x), Float(metadata.alternateOffset.y), Float(metadata.alternateOffset.z)),
            power: power, gain: gain)
    }

    /// A table of f on [0, 1], 1 included, at 2^m segments per octave from `low` (a chord from f(0) below it):
    /// 2¹² keep 2^(a + b·g) within 3·10⁻⁸ relative for gain ranges |b| ≤ 6 stops (2·10⁻⁷ at 16); 2⁷ keep a power
    /// within 2·10⁻⁶.
    private static func unitTable(
        segmentsPerOctaveLog2 m: UInt32 = 12, low: Float = 0x1p-16, _ f: @escaping @Sendable (Double) -> Double
    ) -> ProgramListing.Table {
        let t = PiecewiseLinearTable(
            function: f, segmentsPerOctaveLog2: m, lowEnd: .chordFromZeroBelow(low), high: 1, includingHigh: true,
            mirrored: false)
        return ProgramListing.Table(layout: t.layout, values: t.values) { Float(f(Double($0))) }
    }
}
