internal import CPixelKernels
import HalfFloat
import PixelBuffers

/// Reads the samples of one row segment of a source into a chunk's Float planes.
protocol RowReader {
    func read(
        _ view: PixelBufferView, row y: Int, from x0: Int, count: Int, into chunk: Chunk, scratch: Scratch,
        _ kernels: KernelSet)
}

/// The first step of a plan: the samples of one row segment of the source into the chunk's Float planes.
enum Reader: Sendable {
    /// RGB formats: R, G, B, A planes (alpha 1 where the format has none).
    case rgb(RGBReader)
    /// Y′CbCr formats: Y′, Cb, Cr planes at luma resolution, holding integer codes (the next step's matrix folds the
    /// quantisation in).
    case yCbCr(YCbCrReader)
}

/// Reads interleaved or packed RGB(A).
struct RGBReader: RowReader, Sendable {
    /// R, G, B, A (`nil` for an alpha the format lacks).
    let channels: [SampleAccess?]
    /// Code → value tables for R, G, B: the decoding composed with the plan's first per-channel steps (exact, built
    /// in `Double`), or `nil` to read normalised values.
    let codeTable: [Float]?
    /// Interleaved half RGBA (`false`) or BGRA (`true`), read through HalfFloat's SIMD deinterleave; `nil` otherwise.
    let halfInterleaved: Bool?
    /// Interleaved 8- or 16-bit RGBA / BGRA, read in one pass by the C kernel on the SIMD path.
    let interleaved: InterleavedAccess?

    init(format: PixelFormat, codeTable: [Float]?) {
        channels = (0..<4).map { SampleAccess(format, channel: $0) }
        self.codeTable = codeTable
        interleaved = InterleavedAccess(format)
        if case .rgba(let order) = format.layout, format.sampleType == .halfFloat {
            halfInterleaved = (order == .bgra)
        } else {
            halfInterleaved = nil
        }
    }

    func read(
        _ view: PixelBufferView, row y: Int, from x0: Int, count: Int, into chunk: Chunk, scratch: Scratch,
        _ kernels: KernelSet
    ) {
        let row = view.plane(0).row(y).baseAddress.unsafelyUnwrapped
        if let bgra = halfInterleaved {
            let start = row.assumingMemoryBound(to: UInt16.self) + 4 &* x0
            let (first, third) = bgra ? (chunk.p2, chunk.p0) : (chunk.p0, chunk.p2)
            if kernels.usesAVX2 { return hdrk_deinterleave_half_f16c(start, first, chunk.p1, third, chunk.p3, count) }
            let source = UnsafeBufferPointer(start: start, count: 4 &* count)
            HalfFloat.deinterleave(
                source, into: UnsafeMutableBufferPointer(start: first, count: count),
                UnsafeMutableBufferPointer(start: chunk.p1, count: count),
                UnsafeMutableBufferPointer(start: third, count: count),
                UnsafeMutableBufferPointer(start: chunk.p3, count: count))
            return
        }
        if kernels.usesAVX2, let interleaved {
            guard let codeTable else { return interleaved.read(row, from: x0, count: count, table: nil, into: chunk) }
            return codeTable.withUnsafeBufferPointer {
                interleaved.read(row, from: x0, count: count, table: $0.baseAddress, into: chunk)
            }
        }
        if let codeTable {
            codeTable.withUnsafeBufferPointer { table in
                for c in 0..<3 {
                    channels[c]!.read(
                        row, from: x0, count: count, into: chunk.plane(c), .table(table.baseAddress!), kernels)
                }
            }
        } else {
            for c in 0..<3 {
                channels[c]!.read(row, from: x0, count: count, into: chunk.plane(c), .normalized, kernels)
            }
        }
        // Without an alpha channel the plane keeps the 1.0 that Scratch filled it with.
        channels[3]?.read(row, from: x0, count: count, into: chunk.p3, .normalized, kernels)
    }
}

/// Reads planar or biplanar Y′CbCr as integer codes, upsampling subsampled chroma to luma resolution with the
/// chroma siting and filter of the plan.
///
/// Bilinear weights are 0, ¼, ½ or ¾ in each direction, so for codes below 2¹⁶ every product and sum is exact in
/// `Float`: the upsampled chroma is the exact rational value, whatever the CPU.
struct YCbCrReader: RowReader, Sendable {
    let luma: SampleAccess
    let cb: SampleAccess
    let cr: SampleAccess
    let subsampling: PixelFormat.ChromaSubsampling
    let filter: ChromaFilter
    let location: ChromaLocation

    init(format: PixelFormat, filter: ChromaFilter, location: ChromaLocation) {
        luma = SampleAccess(format, channel: 0)!
        cb = SampleAccess(format, channel: 1)!
        cr = SampleAccess(format, channel: 2)!
        subsampling = format.chromaSubsampling ?? .s444
        self.filter = filter
        self.location = location
    }

    func read(
        _ view: PixelBufferView, row y: Int, from x0: Int, count: Int, into chunk: Chunk, scratch: Scratch,
        _ kernels: KernelSet
    ) {
        luma.read(
            view.plane(0).row(y).baseAddress.unsafelyUnwrapped, from: x0, count: count, into: chunk.p0, .code, kernels)
        let cbPlane = view.plane(1), crPlane = view.plane(view.format.planeCount == 3 ? 2 : 1)
        if subsampling == .s444 {
            cb.read(
                cbPlane.row(y).baseAddress.unsafelyUnwrapped, from: x0, count: count, into: chunk.p1, .code, kernels)
            cr.read(
                crPlane.row(y).baseAddress.unsafelyUnwrapped, from: x0, count: count, into: chunk.p2, .code, kernels)
            return
        }
        // The chunk touches chroma columns m0 … m0 + touched − 1; `ext` rows hold one more on each side (edges
        // repeated), decoded once per chroma row and chunk (rows come in order, so two cache slots suffice).
        let m0 = x0 >> 1
        let extent = ChromaExtent(first: m0 - 1, count: ((x0 + count - 1) >> 1) - m0 + 3, chromaWidth: cbPlane.width)
        let (upper, lower, t) = verticalTaps(y, chromaHeight: cbPlane.height)
        let upperSlot = cachedRow(upper, x0: x0, keep: t != 0 ? lower : nil, extent, view, scratch, kernels)
        var cbRow = scratch.cachedChroma(upperSlot, channel: 0), crRow = scratch.cachedChroma(upperSlot, channel: 1)
        if t != 0 {
            let lowerSlot = cachedRow(lower, x0: x0, keep: upper, extent, view, scratch, kernels)
            let (cbLower, crLower) = (
                scratch.cachedChroma(lowerSlot, channel: 0), scratch.cachedChroma(lowerSlot, channel: 1)
            )
            let (cbBlend, crBlend) = (scratch.blendedChroma(channel: 0), scratch.blendedChroma(channel: 1))
            let s = 1 - t
            for i in 0..<extent.count {
                cbBlend[i] = cbRow[i] * s + cbLower[i] * t
                crBlend[i] = crRow[i] * s + crLower[i] * t
            }
            (cbRow, crRow) = (cbBlend, crBlend)
        }
        let mode = filter == .nearest ? 0 : (location.isHorizontallyCosited ? 1 : 2)
        if kernels.usesAVX2 {
            hdrk_upsample_chroma_avx2(cbRow, chunk.p1, count, Int32(mode))
            hdrk_upsample_chroma_avx2(crRow, chunk.p2, count, Int32(mode))
        } else {
            Self.upsample(cbRow, into: chunk.p1, count: count, mode: mode)
            Self.upsample(crRow, into: chunk.p2, count: count, mode: mode)
        }
    }

    /// The chroma columns a chunk reads: `first` (one before the first it touches, possibly −1) and `count` of them,
    /// clamped to the plane's `chromaWidth` when decoded.
    struct ChromaExtent {
        let first: Int
        let count: Int
        let chromaWidth: Int
    }

    /// The cache slot holding chroma row `row` for the chunk at `x0`, decoding it into the slot not holding `keep` when
    /// it is not cached.
    private func cachedRow(
        _ row: Int, x0: Int, keep: Int?, _ extent: ChromaExtent, _ view: PixelBufferView, _ scratch: Scratch,
        _ kernels: KernelSet
    ) -> Int {
        let keys = scratch.cacheKeys
        for slot in 0..<2 where keys[2 * slot] == row && keys[2 * slot + 1] == x0 { return slot }
        // The victim: the slot not holding `keep`, else the one with the lower (older) row; rows come in order.
        let slot: Int
        if let keep, keys[0] == keep, keys[1] == x0 {
            slot = 1
        } else if let keep, keys[2] == keep, keys[3] == x0 {
            slot = 0
        } else {
            slot = keys[1] != x0 || keys[0] <= keys[2] ? 0 : 1
        }
        keys[2 * slot] = row
        keys[2 * slot + 1] = x0
        let (cbOut, crOut) = (scratch.cachedChroma(slot, channel: 0), scratch.cachedChroma(slot, channel: 1))
        // Decode the columns inside the plane, then repeat the edges.
        let low = Swift.max(extent.first, 0), high = Swift.min(extent.first + extent.count - 1, extent.chromaWidth - 1)
        let skip = low - extent.first, n = high - low + 1
        let cbPlane = view.plane(1)
        if kernels.usesAVX2, view.format.planeCount == 2, cb.container == .uint16 {
            let pairs = cbPlane.row(row).baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt16.self) + 2 * low
            hdrk_read_code_pairs_u16_avx2(pairs, cb.shift, cb.mask, cbOut + skip, crOut + skip, n)
        } else {
            let crPlane = view.plane(view.format.planeCount == 3 ? 2 : 1)
            cb.read(
                cbPlane.row(row).baseAddress.unsafelyUnwrapped, from: low, count: n, into: cbOut + skip, .code, kernels)
            cr.read(
                crPlane.row(row).baseAddress.unsafelyUnwrapped, from: low, count: n, into: crOut + skip, .code, kernels)
        }
        for k in 0..<skip {
            cbOut[k] = cbOut[skip]
            crOut[k] = crOut[skip]
        }
        for k in (skip + n)..<extent.count {
            cbOut[k] = cbOut[skip + n - 1]
            crOut[k] = crOut[skip + n - 1]
        }
        return slot
    }

    /// Doubles a chroma row horizontally from `ext` (see `hdrk_upsample_chroma_avx2`, which this equals: every
    /// product and sum is exact).
    private static func upsample(
        _ ext: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, count: Int, mode: Int
    ) {
        switch mode {
        case 0:
            for x in 0..<count { out[x] = ext[(x >> 1) + 1] }
        case 1:
            for x in 0..<count {
                let k = x >> 1
                out[x] = x & 1 == 0 ? ext[k + 1] : ext[k + 1] * 0.5 + ext[k + 2] * 0.5
            }
        default:
            for x in 0..<count {
                let k = x >> 1
                out[x] = ext[k + 1] * 0.75 + ext[x & 1 == 0 ? k : k + 2] * 0.25
            }
        }
    }

    /// The chroma rows above and below luma row `y` and the weight of the lower one (0 when one row suffices).
    func verticalTaps(_ y: Int, chromaHeight: Int) -> (Int, Int, Float) {
        guard subsampling == .s420 else { return (y, y, 0) }
        if filter == .nearest { return (y >> 1, y >> 1, 0) }
        // Chroma row j sits at luma row 2j + offset; luma row y at chroma position u = (y − offset)/2.
        let twice = 2 * y - Int(location.verticalOffset * 2)  // 4u, an integer
        let j = twice >> 2  // floor(u)
        let t = Float(twice & 3) / 4
        let clampRow = { (r: Int) in Swift.min(Swift.max(r, 0), chromaHeight - 1) }
        return (clampRow(j), clampRow(j + 1), t)
    }
}
