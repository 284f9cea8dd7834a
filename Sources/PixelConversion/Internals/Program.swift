internal import CPixelKernels
import PixelBuffers
import ToneMapping

/// A compiled conversion: a reader, a kernel program (a load, the steps, a store: ops of CPixelKernels' op list, run
/// over blocks of pixels in registers) and a writer; immutable and shared by every thread and every frame.
///
/// `@unchecked Sendable`: besides immutable values it owns the program's instructions, their arguments and tables
/// (raw memory written once in `init`, only read afterwards, freed in `deinit`) and the objects the kernels call back
/// (exact curve functions, Swift tone-mapping operators), which are immutable and `Sendable`.
final class Program: @unchecked Sendable {
    let reader: Reader
    let writer: Writer
    let kernels: Kernels
    /// Row bands must start (and, but at the image end, stop) on even rows: the destination is 4:2:0.
    let needsEvenBands: Bool
    /// The program's ops, load to store.
    let ops: [HDRKOp]
    /// The program as plain values, for the GPU.
    let listing: ProgramListing
    private let instructions: UnsafeMutablePointer<HDRKInstruction>
    /// The reader's code table (the program's copy), for readers that decode into the chunk's planes.
    private let codeTable: UnsafePointer<Float>?
    /// Memory the instructions point into, freed in `deinit`.
    private let allocations: [UnsafeMutableRawPointer]
    /// What the kernels call back through context pointers; kept alive here.
    private let callbacks: [AnyObject]
    /// The quantised curves of the steps, which own their cells.
    private let quantizedCurves: [QuantizedCurve]
    /// Working memory for the band workers.
    private let scratchPool = ScratchPool()
    /// The threads that convert bands of large frames beside the caller.
    let workers: WorkerPool

    init(reader: Reader, operations: [Operation], writer: Writer, kernels: Kernels, threadCount: Int) {
        workers = WorkerPool(threadCount: threadCount)
        listing = ProgramListing(reader: reader, operations: operations, writer: writer)
        self.reader = reader
        self.writer = writer
        self.kernels = kernels
        if case .yCbCr(let w) = writer, w.subsampling == .s420 { needsEvenBands = true } else { needsEvenBands = false }

        var arguments = ArgumentStore()
        var program: [HDRKInstruction] = []
        var table: UnsafePointer<Float>?
        if case .rgb(let r) = reader, let codes = r.codeTable { table = arguments.keep(codes) }
        codeTable = table
        if let access = reader.interleaved {
            var load = access.arguments
            load.table = table
            program.append(HDRKInstruction(op: access.load, arguments: arguments.keep(load)))
        } else if case .yCbCr(let r) = reader, let load = r.load {
            program.append(HDRKInstruction(op: HDRK_OP_load_ycbcr, arguments: arguments.keep(load)))
        } else {
            program.append(HDRKInstruction(op: HDRK_OP_load_planes, arguments: nil))
        }
        program += operations.map { arguments.instruction($0) }
        if let access = writer.interleaved {
            let codes = if case .quantizedCurve? = operations.last { true } else { false }
            program.append(
                HDRKInstruction(
                    op: access.store, arguments: arguments.keep(codes ? access.writingCodes : access.arguments)))
        } else {
            program.append(HDRKInstruction(op: HDRK_OP_store_planes, arguments: nil))
        }
        ops = program.map(\.op)
        instructions = .allocate(capacity: program.count)
        instructions.initialize(from: program, count: program.count)
        self.allocations = arguments.allocations
        self.callbacks = arguments.callbacks
        self.quantizedCurves = arguments.quantizedCurves
    }

    deinit {
        instructions.deallocate()
        allocations.forEach { $0.deallocate() }
    }

    /// What a metering program (op `meter`) adds up over the rows it converts: the largest value and the sum in
    /// units of 1/HDRK_METER_SCALE.
    struct LightSum {
        var maximum: Float = 0
        var sum: UInt64 = 0

        mutating func add(_ other: LightSum) {
            maximum = Swift.max(maximum, other.maximum)
            sum &+= other.sum
        }
    }

    /// Converts image rows `rows` (already validated) on the calling thread; a metering program adds the rows' light
    /// to `light`.
    func run(
        _ source: PixelBufferView, _ destination: MutablePixelBufferView, rows: Range<Int>,
        light: UnsafeMutablePointer<LightSum>? = nil
    ) {
        scratchPool.withScratch { scratch in
            // Rows are processed in short sub-bands, all chunk columns of one sub-band before the next, so that the
            // rows a sub-band touches stay in the TLB and caches (walking a whole frame column-chunk by column-chunk
            // touches a new page on every row). 4:2:0 output recomputes one row above each sub-band for its chroma
            // filter, so its sub-bands are taller.
            let height = needsEvenBands ? Self.subBandHeight * 2 : Self.subBandHeight
            var start = rows.lowerBound
            while start < rows.upperBound {
                let subBand = start..<Swift.min(start + height, rows.upperBound)
                runSubBand(source, destination, rows: subBand, scratch, light: light)
                start = subBand.upperBound
            }
            hdrk_store_fence()  // streaming stores are visible before the caller reads
        }
    }

    /// Rows per sub-band (even, for 4:2:0 row pairs).
    static let subBandHeight = 16

    private func runSubBand(
        _ source: PixelBufferView, _ destination: MutablePixelBufferView, rows: Range<Int>, _ scratch: Scratch,
        light: UnsafeMutablePointer<LightSum>?
    ) {
        let width = source.width
        var x0 = 0
        while x0 < width {
            let columns = x0..<Swift.min(x0 + Scratch.chunkWidth, width)
            switch writer {
            case .rgb(let w):
                for y in rows {
                    compute(source, row: y, columns: columns, scratch, storingInto: destination)
                    if w.interleaved == nil {
                        w.write(scratch.chunk, start: 0, count: columns.count, to: destination, row: y, at: x0, kernels)
                    }
                }
            case .yCbCr(let w) where w.subsampling == .s444:
                for y in rows {
                    compute(source, row: y, columns: columns, scratch)
                    meter(scratch.chunk.p3, count: columns.count, into: light)
                    w.writeLuma(scratch.chunk, start: 0, count: columns.count, to: destination, row: y, at: x0, kernels)
                    w.writeChroma(
                        cb: scratch.chunk.p1, cr: scratch.chunk.p2, count: columns.count, to: destination, row: y,
                        at: x0, kernels)
                }
            case .yCbCr(let w) where w.subsampling == .s422:
                for y in rows {
                    let start = computeWithOverlap(source, row: y, columns: columns, scratch)
                    meter(scratch.chunk.p3 + start, count: columns.count, into: light)
                    writeRow(w, source, destination, row: y, columns: columns, start: start, scratch, slot: 0)
                    let chroma = YCbCrWriter.chromaColumns(of: columns)
                    w.writeChroma(
                        cb: scratch.ringRow(0, channel: 0), cr: scratch.ringRow(0, channel: 1), count: chroma.count,
                        to: destination, row: y, at: chroma.lowerBound, kernels)
                }
            case .yCbCr(let w):
                run420(w, source, destination, rows: rows, columns: columns, scratch, light: light)
            }
            x0 = columns.upperBound
        }
    }

    /// Runs the program over `columns` of row `y`, after asking for the same columns of a later row to be prefetched
    /// (short row segments are too short for the hardware prefetchers): from the source row itself or the chunk's
    /// planes filled by the reader, into the destination row itself (`storingInto`, for a program that stores
    /// interleaved pixels) or the chunk's planes.
    private func compute(
        _ source: PixelBufferView, row y: Int, columns: Range<Int>, _ scratch: Scratch,
        storingInto destination: MutablePixelBufferView? = nil
    ) {
        prefetchAhead(source, row: y, columns: columns)
        let x0 = columns.lowerBound, count = columns.count
        var io = scratch.chunk.io
        switch reader {
        case .rgb(let r):
            if let access = r.interleaved {
                io.source =
                    UnsafeRawPointer(source.plane(0).row(y).baseAddress.unsafelyUnwrapped) + x0 &* access.pixelBytes
            } else {
                r.read(source, row: y, from: x0, count: count, into: scratch.chunk, table: codeTable, kernels)
            }
        case .yCbCr(let r) where r.load != nil:
            let row = UnsafeRawPointer(source.plane(0).row(y).baseAddress.unsafelyUnwrapped)
            io.source = row + x0 &* r.luma.bytesPerSample
            let (cb, cr) = r.chromaRows(source, row: y, from: x0, count: count, scratch: scratch, kernels)
            io.chroma = (UnsafePointer(cb), UnsafePointer(cr))
            io.column = x0
        case .yCbCr(let r):
            r.read(source, row: y, from: x0, count: count, into: scratch.chunk, kernels)
        }
        if let destination, let access = writer.interleaved {
            io.destination = destination.plane(0).row(y).baseAddress.unsafelyUnwrapped + x0 &* access.pixelBytes
        }
        withUnsafePointer(to: io) { kernels.table.pointee.run!(instructions, $0, count) }
    }

    /// Adds `count` metered values (the `meter` op's A, in the chunk's fourth plane) to `light`, if any.
    @inline(__always)
    private func meter(_ values: UnsafeMutablePointer<Float>, count: Int, into light: UnsafeMutablePointer<LightSum>?) {
        guard let light else { return }
        kernels.table.pointee.meter_row!(values, count, &light.pointee.maximum, &light.pointee.sum)
    }

    /// Rows ahead of the current one whose columns are prefetched: two hide the memory latency behind the work on one
    /// row segment of a chunk better than one or three (measured on S1: 2–4 % faster than either).
    static let prefetchDistance = 2

    /// Prefetches the same columns ``prefetchDistance`` rows below row `y`, if the image has that row.
    @inline(__always)
    private func prefetchAhead(_ view: PixelBufferView, row y: Int, columns: Range<Int>) {
        if y + Self.prefetchDistance < view.height { prefetch(view, row: y + Self.prefetchDistance, columns: columns) }
    }

    /// Prefetches the bytes of `columns` of image row `y` in every plane of `view`.
    private func prefetch(_ view: PixelBufferView, row y: Int, columns: Range<Int>) {
        for p in 0..<view.format.planeCount {
            let plane = view.plane(p)
            let d = plane.layout
            let row = y / d.verticalSubsampling
            guard y % d.verticalSubsampling == 0 || d.verticalSubsampling == 1 else { continue }
            let first = columns.lowerBound / d.horizontalSubsampling * d.bytesPerPixel
            let last = Swift.min((columns.upperBound + 1) / d.horizontalSubsampling + 1, plane.width) * d.bytesPerPixel
            hdrk_prefetch(plane.baseAddress + row * plane.bytesPerRow + first, last - first)
        }
    }

    /// Computes `columns` plus one column of overlap on each side (inside the image) and returns the chunk offset of
    /// `columns.lowerBound`.
    private func computeWithOverlap(
        _ source: PixelBufferView, row y: Int, columns: Range<Int>, _ scratch: Scratch
    ) -> Int {
        let first = Swift.max(columns.lowerBound - 1, 0)
        let end = Swift.min(columns.upperBound + 1, source.width)
        compute(source, row: y, columns: first..<end, scratch)
        return columns.lowerBound - first
    }

    /// Writes the luma of a computed row (with overlap) and its horizontally averaged chroma into ring slot `slot`.
    private func writeRow(
        _ w: YCbCrWriter, _ source: PixelBufferView, _ destination: MutablePixelBufferView?, row y: Int,
        columns: Range<Int>, start: Int, _ scratch: Scratch, slot: Int
    ) {
        if let destination {
            w.writeLuma(
                scratch.chunk, start: start, count: columns.count, to: destination, row: y, at: columns.lowerBound,
                kernels)
        }
        let computedStart = columns.lowerBound - start
        w.downsampleHorizontally(
            scratch.chunk.p1, computedStart: computedStart, columns: columns, width: source.width,
            into: scratch.ringRow(slot, channel: 0), kernels)
        w.downsampleHorizontally(
            scratch.chunk.p2, computedStart: computedStart, columns: columns, width: source.width,
            into: scratch.ringRow(slot, channel: 1), kernels)
    }

    /// 4:2:0 output: computes the rows each chroma row of the band needs (one row above or below the band when the
    /// siting asks for it, so that every band gives the bytes a whole-frame conversion gives), writing luma for the
    /// band's own rows and averaging chroma vertically from a ring of four rows.
    private func run420(
        _ w: YCbCrWriter, _ source: PixelBufferView, _ destination: MutablePixelBufferView, rows: Range<Int>,
        columns: Range<Int>, _ scratch: Scratch, light: UnsafeMutablePointer<LightSum>?
    ) {
        let height = source.height
        let chromaRows = (rows.lowerBound >> 1)..<((rows.upperBound + 1) >> 1)
        let chroma = YCbCrWriter.chromaColumns(of: columns)
        var next = w.verticalTaps(chromaRows.lowerBound, height: height).first
        for j in chromaRows {
            let taps = w.verticalTaps(j, height: height)
            while next <= taps.last {
                let start = computeWithOverlap(source, row: next, columns: columns, scratch)
                // Rows above or below the band feed its chroma only: metered by their own band.
                if rows.contains(next) { meter(scratch.chunk.p3 + start, count: columns.count, into: light) }
                writeRow(
                    w, source, rows.contains(next) ? destination : nil, row: next, columns: columns, start: start,
                    scratch, slot: next & 3)
                next += 1
            }
            for channel in 0..<2 {
                kernels.table.pointee.average_rows!(
                    scratch.ringRow(taps.rows.0 & 3, channel: channel),
                    scratch.ringRow(taps.rows.1 & 3, channel: channel),
                    scratch.ringRow(taps.rows.2 & 3, channel: channel), taps.threeTaps ? 1 : 0,
                    scratch.averagedChroma(channel: channel), chroma.count)
            }
            w.writeChroma(
                cb: scratch.averagedChroma(channel: 0), cr: scratch.averagedChroma(channel: 1), count: chroma.count,
                to: destination, row: j, at: chroma.lowerBound, kernels)
        }
    }
}

/// A curve's exact function, which the kernels call through a context pointer for the values its table does not
/// cover.
private final class ExactFunction: Sendable {
    let call: @Sendable (Float) -> Float
    init(_ call: @escaping @Sendable (Float) -> Float) { self.call = call }
}

/// A tone-mapping operator in Swift, which the kernels call through a context pointer for each block of pixels.
private final class HostOperator: Sendable {
    let mapper: any ToneMappingOperator
    init(_ mapper: any ToneMappingOperator) { self.mapper = mapper }

    func apply(
        _ r: UnsafeMutablePointer<Float>, _ g: UnsafeMutablePointer<Float>, _ b: UnsafeMutablePointer<Float>, _ n: Int
    ) {
        mapper.apply(
            red: UnsafeMutableBufferPointer(start: r, count: n), green: UnsafeMutableBufferPointer(start: g, count: n),
            blue: UnsafeMutableBufferPointer(start: b, count: n))
    }
}

/// The memory a program's instructions point to, kept as long as the program: argument blocks, curve tables as
/// segment pairs, the Swift callbacks behind context pointers, and the quantized curves whose cells are read in place.
private struct ArgumentStore {
    var allocations: [UnsafeMutableRawPointer] = []
    var callbacks: [AnyObject] = []
    var quantizedCurves: [QuantizedCurve] = []

    /// A copy of `value` that lives as long as the program.
    mutating func keep<T>(_ value: T) -> UnsafeRawPointer {
        let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
        p.initialize(to: value)
        allocations.append(UnsafeMutableRawPointer(p))
        return UnsafeRawPointer(p)
    }

    mutating func keep(_ values: [Float]) -> UnsafePointer<Float> {
        let p = UnsafeMutablePointer<Float>.allocate(capacity: Swift.max(values.count, 1))
        p.initialize(from: values, count: values.count)
        allocations.append(UnsafeMutableRawPointer(p))
        return UnsafePointer(p)
    }

    /// A curve's arguments: its table as segment pairs (y[i], y[i + 1] − y[i]), read with one 64-bit load per
    /// segment (the kernels' y[i] + rise·fraction is the table engine's y0 + (y1 − y0)·fraction, rounded the same),
    /// and its exact function behind a context pointer.
    mutating func curveArguments(_ curve: CurveTable, weights: SIMD3<Float> = .zero, unityBelow: Float = 0)
        -> UnsafeRawPointer
    {
        let values = curve.table.values
        let pairs = keep(
            values.indices.flatMap { [values[$0], values[Swift.min($0 + 1, values.count - 1)] - values[$0]] })
        let exact = ExactFunction(curve.exact)
        callbacks.append(exact)
        return keep(
            HDRKCurve(
                layout: curve.kernelLayout, pairs: pairs,
                exact: { context, x in Unmanaged<ExactFunction>.fromOpaque(context!).takeUnretainedValue().call(x) },
                context: UnsafeRawPointer(Unmanaged.passUnretained(exact).toOpaque()),
                weights: (weights.x, weights.y, weights.z), unityBelow: unityBelow))
    }

    /// The instruction of one stage.
    mutating func instruction(_ operation: Operation) -> HDRKInstruction {
        switch operation {
        case .affine(let map, _):
            return HDRKInstruction(op: HDRK_OP_affine, arguments: keep(map.coefficients))
        case .curve(let curve):
            return HDRKInstruction(op: HDRK_OP_curve, arguments: curveArguments(curve))
        case .luminanceGain(let weights, let curve, _):
            return HDRKInstruction(
                op: HDRK_OP_luminance_gain,
                arguments: curveArguments(curve, weights: SIMD3<Float>(weights), unityBelow: curve.unityBelow))
        case .quantizedCurve(let q):
            quantizedCurves.append(q)
            return HDRKInstruction(
                op: HDRK_OP_quantized_curve,
                arguments: keep(HDRKQuantized(layout: q.layout, cells: UnsafePointer(q.cells.baseAddress!))))
        case .clamp(let low, let high, _):
            return HDRKInstruction(op: HDRK_OP_clamp, arguments: keep([low, high]))
        case .toneMap(let mapper, _):
            let host = HostOperator(mapper)
            callbacks.append(host)
            let arguments = HDRKHost(
                apply: { context, r, g, b, n in
                    Unmanaged<HostOperator>.fromOpaque(context!).takeUnretainedValue().apply(r!, g!, b!, n)
                },
                context: UnsafeRawPointer(Unmanaged.passUnretained(host).toOpaque()))
            return HDRKInstruction(op: HDRK_OP_host, arguments: keep(arguments))
        case .kernel(let op, let parameters, _):
            return HDRKInstruction(op: op, arguments: keep(parameters))
        }
    }
}
