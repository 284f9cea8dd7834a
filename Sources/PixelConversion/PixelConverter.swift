internal import CPixelKernels
import Foundation
public import PixelBuffers

/// Converts whole pixel buffers from one ``PixelEncoding`` to another in one call: e.g. a 10-bit 4:2:0 'x420' BT.2100
/// PQ frame into RGBA half-float extended-linear Display P3 for an EDR layer, and back to 'x420' HLG for export.
///
/// Building a converter compiles a ``Plan``: read the source samples → upsample chroma → Y′CbCr → R′G′B′ (range folded
/// in) → linearise → 3 × 3 matrices (multiplied into one) → HLG OOTF, tone mapping, gamut policy, the tone mapping's
/// headroom kept in the destination's primaries → encode (HLG: its signal range fitted with hue kept) → downsample
/// chroma → write. `print(converter.plan)` lists the step names on one line, `debugPrint` with their details. Converting runs the plan over chunks of 512 pixels of a row held in four `Float` planes, band by
/// band on several threads for large frames (the converter's own worker threads, parked between frames and stopped
/// when it is released). After the first frames it allocates nothing on the heap, accepts any row strides, and gives
/// the same bytes for any thread count and on any CPU, with one exception: a half or float output that is NaN because
/// a pixel held NaNs of different signs or payloads may carry either of them on different code paths (IEEE 754 leaves
/// open which input NaN a sum propagates).
///
/// Conventions (``Options``): linear 1.0 is reference white, 203 cd/m² by default; HLG is rendered for a 1000 cd/m²
/// display with the BT.2100 luminance-weighted OOTF; extended spaces keep values below 0 and above 1; NaN never
/// reaches an integer code (it becomes the code of 0: black, neutral chroma).
///
/// Accuracy against the float64 reference (`ColorSpace.Conversion` with the same options, and float64 chroma
/// resampling): half outputs within 1 half-ulp + 1e-5 × the pixel's largest component, integer outputs within 1 code
/// (Docs/Accuracy.md lists the measured maxima).
///
/// A converter is an immutable `Sendable` value: build it once, then convert any number of frames of any size, from
/// any number of threads at once. Its working memory does not grow with the frame: one 26 KB scratch block per thread
/// converting at once, plus the plan's tables (at most a few hundred KB; 48 KB for PQ decoding).
public struct PixelConverter: Sendable {
    /// What the source buffers hold.
    public let source: PixelEncoding
    /// What the destination buffers receive.
    public let destination: PixelEncoding
    /// The options the converter was built with.
    public let options: Options
    /// The steps the converter runs.
    public let plan: Plan
    let program: Program
    /// The program on ``Options/backend``, when there is one.
    private(set) var prepared: (any PreparedPixelConversion)?

    /// Compiles a converter.
    ///
    /// - Throws: ``PixelConversionError`` when an encoding is incomplete (a Y′CbCr format without a matrix), a matrix
    ///   is unsupported or does not fit the colour space, or an option is out of its domain.
    public init(from source: PixelEncoding, to destination: PixelEncoding, options: Options = Options())
        throws(PixelConversionError)
    {
        let path = options.codePath == .automatic ? Self.availableCodePaths.last! : options.codePath
        guard Self.availableCodePaths.contains(path) else {
            throw .invalidOption(
                name: "codePath", value: "\(path)",
                expected: "one of \(Self.availableCodePaths.map(\.description)) on this CPU")
        }
        var compiler = PlanCompiler(source: source, destination: destination, options: options)
        let (program, steps) = try compiler.compile(kernels: Kernels(path))
        self.source = source
        self.destination = destination
        self.options = options
        self.program = program
        plan = Plan(
            steps: steps, codePath: path, kernelOps: program.ops.map { String(cString: hdrk_op_name($0)) },
            pixelsPerBlock: program.kernels.lanes, backend: options.backend?.name)
        prepared = nil
        if let backend = options.backend { self.prepared = try backend.prepare(self) }
    }

    /// The builds of the kernels this CPU runs, baseline first, fastest last: on x86-64 ``CodePath/baseline`` and,
    /// where the CPU has them, ``CodePath/avx2`` and ``CodePath/avx512``; on arm64 ``CodePath/neon``. Decided once per
    /// process; the environment variable `HDRCOLOR_CPU` (`baseline`, `avx2`, `avx512`) leaves out the faster ones, for
    /// measurements.
    public static var availableCodePaths: [CodePath] { Kernels.available }

    /// The compiled program as plain values: what a GPU program (PixelShaders) runs.
    package var listing: ProgramListing { program.listing }

    /// Converts the whole `source` image into `destination`, which must have the same size, the formats of the
    /// converter's encodings, and any row strides.
    ///
    /// - Throws: ``PixelConversionError/formatMismatch(role:expected:actual:)`` or
    ///   ``PixelConversionError/sizeMismatch(sourceWidth:sourceHeight:destinationWidth:destinationHeight:)``; nothing
    ///   is written then.
    public func convert(_ source: PixelBufferView, to destination: MutablePixelBufferView) throws(PixelConversionError)
    {
        try check(source, destination)
        if let prepared { return try prepared.convert(source, to: destination) }
        run(source, destination, light: nil)
    }

    /// Converts as ``convert(_:to:)`` and returns the frame's light, metered where the conversion is linear (see
    /// ``FrameLight``): for a movie's MaxCLL and MaxFALL in the same pass as its conversion. Nothing is allocated.
    ///
    /// - Throws: As ``convert(_:to:)``; ``PixelConversionError/invalidOption(name:value:expected:)`` when the converter
    ///   was built without ``Options/measuresLight``.
    public func convertMeasuringLight(_ source: PixelBufferView, to destination: MutablePixelBufferView)
        throws(PixelConversionError) -> FrameLight
    {
        guard options.measuresLight else {
            throw .invalidOption(
                name: "measuresLight", value: "false", expected: "true to build a converter that meters the light")
        }
        try check(source, destination)
        let bands = self.bands(for: source)?.count ?? 1
        return withUnsafeTemporaryAllocation(of: Program.LightSum.self, capacity: bands) { sums in
            let light = sums.baseAddress!
            light.initialize(repeating: Program.LightSum(), count: bands)
            run(source, destination, light: light)
            var total = Program.LightSum()
            for band in 0..<bands { total.add(light[band]) }
            let pixels = Double(Swift.max(1, source.width * source.height))
            return FrameLight(
                maximum: total.maximum, average: Double(total.sum) / Double(HDRK_METER_SCALE) / pixels)
        }
    }

    /// The row bands a frame of `view`'s size is converted in on the worker threads; nil on the caller's thread
    /// alone.
    private func bands(for view: PixelBufferView) -> (height: Int, count: Int)? {
        let threads = threadCount(for: view)
        guard threads > 1, view.height >= 2 * Self.minimumBandHeight else { return nil }
        // Bands of even height, 16 per thread, so that a thread that starts late or runs slow (another process on
        // its core) holds the others up by a short band at most.
        let perThread = 16
        let count = Swift.min(
            threads > Int.max / perThread ? Int.max : threads * perThread, view.height / Self.minimumBandHeight)
        let height = ((view.height + count - 1) / count + 1) & ~1
        return (height, (view.height + height - 1) / height)
    }

    /// Runs the program over the whole frame, in bands on the worker threads when there are several; a metering
    /// program adds each band's light to `light[band]`.
    private func run(
        _ source: PixelBufferView, _ destination: MutablePixelBufferView,
        light: UnsafeMutablePointer<Program.LightSum>?
    ) {
        guard let bands = bands(for: source) else {
            program.run(source, destination, rows: 0..<source.height, light: light)
            return
        }
        var job = WorkerPool.Job(
            program: program, source: source, destination: destination, bandHeight: bands.height,
            bandCount: bands.count)
        job.light = light
        program.workers.run(job)
    }

    /// Converts `source` into a new buffer of the destination format: a convenience for one-off conversions. A
    /// per-frame loop converts into a buffer it keeps, with ``convert(_:to:)``, to allocate nothing per frame.
    ///
    /// - Throws: As ``convert(_:to:)``, and ``PixelConversionError/geometry(_:)`` when the buffer cannot be made.
    public func convert(_ source: PixelBuffer) throws(PixelConversionError) -> PixelBuffer {
        var output: PixelBuffer
        do { output = try PixelBuffer(format: destination.format, width: source.width, height: source.height) } catch {
            throw .geometry(error)
        }
        try source.withView { (input) throws(PixelConversionError) in
            try output.withMutableView { (out) throws(PixelConversionError) in try convert(input, to: out) }
        }
        return output
    }

    /// Converts image rows `rows` only, on the calling thread: for callers that schedule bands on their own executor.
    /// The bytes written are those a whole-image conversion writes to these rows.
    ///
    /// - Throws: As ``convert(_:to:)``, and ``PixelConversionError/invalidRows(lowerBound:upperBound:height:reason:)``
    ///   when `rows` leaves the image or, for a 4:2:0 destination, splits a row pair (start on an even row; end on an
    ///   even row or at the image's end).
    public func convert(
        _ source: PixelBufferView, to destination: MutablePixelBufferView, rows: Range<Int>
    ) throws(PixelConversionError) {
        try check(source, destination)
        guard rows.lowerBound >= 0, rows.upperBound <= source.height else {
            throw .invalidRows(
                lowerBound: rows.lowerBound, upperBound: rows.upperBound, height: source.height,
                reason: "the range leaves the image")
        }
        if program.needsEvenBands,
            rows.lowerBound % 2 != 0 || (rows.upperBound % 2 != 0 && rows.upperBound != source.height)
        {
            throw .invalidRows(
                lowerBound: rows.lowerBound, upperBound: rows.upperBound, height: source.height,
                reason: "a 4:2:0 destination is written in row pairs; start on an even row and end on an even row or "
                    + "at the last row")
        }
        guard !rows.isEmpty else { return }
        program.run(source, destination, rows: rows)
    }

    // MARK: Private

    static let minimumBandHeight = 16

    private func check(_ source: PixelBufferView, _ destination: MutablePixelBufferView) throws(PixelConversionError) {
        guard source.format == self.source.format else {
            throw .formatMismatch(role: "source", expected: self.source.format, actual: source.format)
        }
        guard destination.format == self.destination.format else {
            throw .formatMismatch(role: "destination", expected: self.destination.format, actual: destination.format)
        }
        guard source.width == destination.width, source.height == destination.height else {
            throw .sizeMismatch(
                sourceWidth: source.width, sourceHeight: source.height, destinationWidth: destination.width,
                destinationHeight: destination.height)
        }
    }

    private func threadCount(for view: PixelBufferView) -> Int {
        if let threads = options.threadCount { return threads }
        let (pixels, overflow) = view.width.multipliedReportingOverflow(by: view.height)
        return overflow || pixels >= 1 << 20 ? ProcessInfoCores.active : 1
    }
}

/// The number of active cores, read once per process.
enum ProcessInfoCores {
    static let active: Int = Swift.max(1, ProcessInfo.processInfo.activeProcessorCount)
}
