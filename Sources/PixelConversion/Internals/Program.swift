import PixelBuffers
internal import CPixelKernels
import ToneMapping

/// A compiled conversion: a reader, the steps on the chunk's colour planes, and a writer; immutable and shared by every
/// thread and every frame.
///
/// `@unchecked Sendable`: besides immutable `Sendable` values it owns one allocation holding a copy of every curve
/// table, which the steps point into; it is written once in `init`, only read afterwards, and freed in `deinit`.
final class Program: @unchecked Sendable {
    let reader: Reader
    let writer: Writer
    let kernels: KernelSet
    /// Row bands must start (and, but at the image end, stop) on even rows: the destination is 4:2:0.
    let needsEvenBands: Bool
    /// The curves of the steps, for their exact functions.
    let curves: [CurveTable]
    let toneMappers: [any ToneMappingOperator]
    let gamutMappers: [GamutMapper]
    /// The quantised curves of the steps, which own their cells.
    private let quantizedCurves: [QuantizedCurve]
    /// The whole conversion as one C kernel, for 8-bit RGBA on the SIMD path when the plan allows it.
    private let matrixShaper: MatrixShaper?
    /// The steps and the writer as one C kernel, for half-float RGBA output on the SIMD path when the plan allows it.
    private let halfTail: HalfTail?
    /// Whether the conversion runs as one fused pass.
    var isFused: Bool { matrixShaper != nil || halfTail != nil }
    private let steps: [Step]
    private let tableStorage: UnsafeMutableBufferPointer<Float>
    /// Working memory for the band workers.
    private let scratchPool = ScratchPool()
    /// The threads that convert bands of large frames beside the caller.
    let workers: WorkerPool

    init(reader: Reader, operations: [Operation], writer: Writer, kernels: KernelSet, threadCount: Int) {
        workers = WorkerPool(threadCount: threadCount)
        self.reader = reader
        self.writer = writer
        self.kernels = kernels
        if case .yCbCr(let w) = writer, w.subsampling == .s420 { needsEvenBands = true } else { needsEvenBands = false }
        var curves: [CurveTable] = [], toneMappers: [any ToneMappingOperator] = [], gamutMappers: [GamutMapper] = []
        var quantizedCurves: [QuantizedCurve] = []
        for operation in operations {
            switch operation {
            case .curve(let c), .luminanceGain(_, let c, _): curves.append(c)
            case .quantizedCurve(let q): quantizedCurves.append(q)
            case .toneMap(let m, _): toneMappers.append(m)
            case .gamutMapper(let m): gamutMappers.append(m)
            default: break
            }
        }
        // The SIMD kernels gather node pairs (y[i], y[i + 1]) with one 64-bit load; the portable path reads nodes.
        let pairs = kernels.usesAVX2
        let floats = curves.reduce(0) { $0 + (pairs ? 2 : 1) * $1.table.count }
        let storage = UnsafeMutableBufferPointer<Float>.allocate(capacity: Swift.max(floats, 1))
        var kernelsByCurve: [CurveKernel] = []
        var offset = 0
        for (index, curve) in curves.enumerated() {
            let start = storage.baseAddress! + offset
            let values = curve.table.values
            if pairs {
                for i in values.indices {
                    start[2 * i] = values[i]
                    start[2 * i + 1] = values[Swift.min(i + 1, values.count - 1)]
                }
            } else {
                values.withUnsafeBufferPointer { start.initialize(from: $0.baseAddress!, count: $0.count) }
            }
            kernelsByCurve.append(
                CurveKernel(
                    table: UnsafePointer(start), layout: curve.table.layout, simdLayout: curve.kernelLayout,
                    index: index))
            offset += (pairs ? 2 : 1) * values.count
        }
        var (curveIndex, toneIndex, gamutIndex) = (0, 0, 0)
        steps = operations.map { operation -> Step in
            switch operation {
            case .affine(let map, _):
                return .affine(AffineKernel(portable: map.coefficients, simd: map.kernelCoefficients))
            case .curve:
                defer { curveIndex += 1 }
                return .curve(kernelsByCurve[curveIndex])
            case .quantizedCurve(let q):
                return .quantizedCurve(q.layout, cells: UnsafePointer(q.cells.baseAddress!))
            case .luminanceGain(let weights, _, _):
                defer { curveIndex += 1 }
                return .luminanceGain(weights: SIMD3<Float>(weights), kernelsByCurve[curveIndex])
            case .clamp(let low, let high, _):
                return .clamp(low: low, high: high)
            case .toneMap:
                defer { toneIndex += 1 }
                return .toneMap(toneIndex)
            case .gamutMapper:
                defer { gamutIndex += 1 }
                return .gamutMapper(gamutIndex)
            case .highlightShoulder(let knee, let ceiling):
                return .highlightShoulder(knee: knee, ceiling: ceiling)
            case .headroomFit(let fit, _, _):
                return .headroomFit(
                    weights: SIMD3<Float>(fit.luminanceCoefficients), headroom: Float(fit.headroom),
                    limit: fit.floatLimit)
            }
        }
        self.curves = curves
        self.quantizedCurves = quantizedCurves
        matrixShaper = kernels.usesAVX2 ? MatrixShaper(reader: reader, steps: steps, writer: writer) : nil
        halfTail = kernels.usesAVX2 ? HalfTail(reader: reader, steps: steps, writer: writer) : nil
        self.toneMappers = toneMappers
        self.gamutMappers = gamutMappers
        tableStorage = storage
    }

    deinit { tableStorage.deallocate() }

    /// Converts image rows `rows` (already validated) on the calling thread.
    func run(_ source: PixelBufferView, _ destination: MutablePixelBufferView, rows: Range<Int>) {
        // One switch per band: the loops below are specialised for the reader's type.
        switch reader {
        case .rgb(let r): run(r, source, destination, rows: rows)
        case .yCbCr(let r): run(r, source, destination, rows: rows)
        }
    }

    private func run<R: RowReader>(
        _ reader: R, _ source: PixelBufferView, _ destination: MutablePixelBufferView, rows: Range<Int>
    ) {
        if let matrixShaper {
            for y in rows { matrixShaper.run(source, destination, row: y) }
            return hdrk_store_fence()
        }
        scratchPool.withScratch { scratch in
            // Rows are processed in short sub-bands, all chunk columns of one sub-band before the next, so that the
            // rows a sub-band touches stay in the TLB and caches (walking a whole frame column-chunk by column-chunk
            // touches a new page on every row). 4:2:0 output recomputes one row above each sub-band for its chroma
            // filter, so its sub-bands are taller.
            let height = needsEvenBands ? Self.subBandHeight * 2 : Self.subBandHeight
            var start = rows.lowerBound
            while start < rows.upperBound {
                let subBand = start..<Swift.min(start + height, rows.upperBound)
                runSubBand(reader, source, destination, rows: subBand, scratch)
                start = subBand.upperBound
            }
            if kernels.usesAVX2 { hdrk_store_fence() }  // streaming stores are visible before the caller reads
        }
    }

    /// Rows per sub-band (even, for 4:2:0 row pairs).
    static let subBandHeight = 16

    private func runSubBand<R: RowReader>(
        _ reader: R, _ source: PixelBufferView, _ destination: MutablePixelBufferView, rows: Range<Int>,
        _ scratch: Scratch
    ) {
        let width = source.width
        var x0 = 0
        while x0 < width {
            let columns = x0..<Swift.min(x0 + Scratch.chunkWidth, width)
            switch writer {
            case .rgb(let w) where halfTail != nil:
                for y in rows { runHalfTail(reader, w, source, destination, row: y, columns: columns, scratch) }
            case .rgb(let w):
                for y in rows {
                    compute(reader, source, row: y, columns: columns, scratch)
                    w.write(scratch.chunk, start: 0, count: columns.count, to: destination, row: y, at: x0, kernels)
                }
            case .yCbCr(let w) where w.subsampling == .s444:
                for y in rows {
                    compute(reader, source, row: y, columns: columns, scratch)
                    w.writeLuma(scratch.chunk, start: 0, count: columns.count, to: destination, row: y, at: x0, kernels)
                    w.writeChroma(
                        cb: scratch.chunk.p1, cr: scratch.chunk.p2, count: columns.count, to: destination, row: y,
                        at: x0, kernels)
                }
            case .yCbCr(let w) where w.subsampling == .s422:
                for y in rows {
                    let start = computeWithOverlap(reader, source, row: y, columns: columns, scratch)
                    writeRow(w, source, destination, row: y, columns: columns, start: start, scratch, slot: 0)
                    let chroma = YCbCrWriter.chromaColumns(of: columns)
                    w.writeChroma(
                        cb: scratch.ringRow(0, channel: 0), cr: scratch.ringRow(0, channel: 1), count: chroma.count,
                        to: destination, row: y, at: chroma.lowerBound, kernels)
                }
            case .yCbCr(let w):
                run420(reader, w, source, destination, rows: rows, columns: columns, scratch)
            }
            x0 = columns.upperBound
        }
    }

    /// Converts `columns` of row `y` through the fused ``halfTail``; the pixels it leaves (from the first block holding
    /// a value its curve does not cover) go through the steps.
    private func runHalfTail<R: RowReader>(
        _ reader: R, _ w: RGBWriter, _ source: PixelBufferView, _ destination: MutablePixelBufferView, row y: Int,
        columns: Range<Int>, _ scratch: Scratch
    ) {
        let halfTail = halfTail.unsafelyUnwrapped
        prefetchAhead(source, row: y, columns: columns)
        let x0 = columns.lowerBound, count = columns.count
        let done: Int
        var start = 0
        if let access = halfTail.interleavedSource {
            done = halfTail.run(source, access, count: count, to: destination, row: y, at: x0)
            guard done < count else { return }
            reader.read(
                source, row: y, from: x0 + done, count: count - done, into: scratch.chunk, scratch: scratch, kernels)
        } else {
            reader.read(source, row: y, from: x0, count: count, into: scratch.chunk, scratch: scratch, kernels)
            done = halfTail.run(planes: scratch.chunk, count: count, to: destination, row: y, at: x0)
            guard done < count else { return }
            start = done
        }
        let planes = scratch.chunk.planes(from: start, count: count - done)
        steps.withUnsafeBufferPointer { steps in
            for step in steps { execute(step, planes, scratch) }
        }
        w.write(scratch.chunk, start: start, count: count - done, to: destination, row: y, at: x0 + done, kernels)
    }

    /// Reads columns `columns` of row `y` into the chunk and runs the steps on them, after asking for the same
    /// columns of a later row to be prefetched (short row segments are too short for the hardware prefetchers).
    private func compute<R: RowReader>(
        _ reader: R, _ source: PixelBufferView, row y: Int, columns: Range<Int>, _ scratch: Scratch
    ) {
        prefetchAhead(source, row: y, columns: columns)
        reader.read(
            source, row: y, from: columns.lowerBound, count: columns.count, into: scratch.chunk, scratch: scratch,
            kernels)
        let planes = scratch.chunk.planes(count: columns.count)
        steps.withUnsafeBufferPointer { steps in
            for step in steps { execute(step, planes, scratch) }
        }
    }

    /// Rows ahead of the current one whose columns are prefetched: two hide the memory latency behind the work on one
    /// 256-pixel segment better than one or three (measured on S1: 2–4 % faster than either).
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
    private func computeWithOverlap<R: RowReader>(
        _ reader: R, _ source: PixelBufferView, row y: Int, columns: Range<Int>, _ scratch: Scratch
    ) -> Int {
        let first = Swift.max(columns.lowerBound - 1, 0)
        let end = Swift.min(columns.upperBound + 1, source.width)
        compute(reader, source, row: y, columns: first..<end, scratch)
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
            into: scratch.ringRow(slot, channel: 0))
        w.downsampleHorizontally(
            scratch.chunk.p2, computedStart: computedStart, columns: columns, width: source.width,
            into: scratch.ringRow(slot, channel: 1))
    }

    /// 4:2:0 output: computes the rows each chroma row of the band needs (one row above or below the band when the
    /// siting asks for it, so that every band gives the bytes a whole-frame conversion gives), writing luma for the
    /// band's own rows and averaging chroma vertically from a ring of four rows.
    private func run420<R: RowReader>(
        _ reader: R, _ w: YCbCrWriter, _ source: PixelBufferView, _ destination: MutablePixelBufferView,
        rows: Range<Int>,
        columns: Range<Int>, _ scratch: Scratch
    ) {
        let height = source.height
        let chromaRows = (rows.lowerBound >> 1)..<((rows.upperBound + 1) >> 1)
        let chroma = YCbCrWriter.chromaColumns(of: columns)
        var next = w.verticalTaps(chromaRows.lowerBound, height: height).first
        for j in chromaRows {
            let taps = w.verticalTaps(j, height: height)
            while next <= taps.last {
                let start = computeWithOverlap(reader, source, row: next, columns: columns, scratch)
                writeRow(
                    w, source, rows.contains(next) ? destination : nil, row: next, columns: columns, start: start,
                    scratch, slot: next & 3)
                next += 1
            }
            for channel in 0..<2 {
                let out = scratch.averagedChroma(channel: channel)
                let a = scratch.ringRow(taps.rows.0 & 3, channel: channel)
                let b = scratch.ringRow(taps.rows.1 & 3, channel: channel)
                if taps.threeTaps {
                    let c = scratch.ringRow(taps.rows.2 & 3, channel: channel)
                    for k in 0..<chroma.count { out[k] = a[k] * 0.25 + b[k] * 0.5 + c[k] * 0.25 }
                } else {
                    for k in 0..<chroma.count { out[k] = a[k] * 0.5 + b[k] * 0.5 }
                }
            }
            w.writeChroma(
                cb: scratch.averagedChroma(channel: 0), cr: scratch.averagedChroma(channel: 1), count: chroma.count,
                to: destination, row: j,
                at: chroma.lowerBound, kernels)
        }
    }
}
