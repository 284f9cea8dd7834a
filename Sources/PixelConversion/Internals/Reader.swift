import SignalCoding
internal import CPixelKernels
import PixelBuffers

/// The first step of a plan: where the program's load finds the samples of one row segment of the source.
enum Reader {
    /// RGB formats: interleaved 8-, 16-bit or half RGBA the program loads itself, or other layouts read into the
    /// chunk's R, G, B, A planes (alpha 1 where the format has none).
    case rgb(RGBReader)
    /// Y′CbCr formats: integer codes of Y′, Cb, Cr at luma resolution (the next step's matrix folds the quantisation
    /// in), in the chunk's planes (4:4:4) or loaded by the program (subsampled chroma).
    case yCbCr(YCbCrReader)

    /// The interleaved pixels the program loads, when it loads the source itself.
    var interleaved: InterleavedAccess? {
        if case .rgb(let r) = self { return r.interleaved }
        return nil
    }
}

/// Reads RGB(A): interleaved 8-, 16-bit and half RGBA / BGRA through the program's load, other layouts (packed words,
/// float) channel by channel into the chunk's planes.
struct RGBReader {
    /// R, G, B, A (`nil` for an alpha the format lacks).
    let channels: [SampleAccess?]
    /// Code → value tables for R, G, B: the decoding composed with the plan's first per-channel steps (exact, built
    /// in `Double`), or `nil` to read normalised values.
    let codeTable: [Float]?
    /// Interleaved 8-, 16-bit or half RGBA / BGRA: loaded by the program.
    let interleaved: InterleavedAccess?

    init(format: PixelFormat, codeTable: [Float]?) {
        channels = (0..<4).map { SampleAccess(format, channel: $0) }
        self.codeTable = codeTable
        interleaved = InterleavedAccess(format)
    }

    /// Reads pixels `x0 ..< x0 + count` of row `y` into the chunk's planes, the colour channels through `table` (the
    /// program's copy of ``codeTable``) when there is one.
    func read(
        _ view: PixelBufferView, row y: Int, from x0: Int, count: Int, into chunk: Chunk,
        table: UnsafePointer<Float>?, _ kernels: Kernels
    ) {
        let row = UnsafeRawPointer(view.plane(0).row(y).baseAddress.unsafelyUnwrapped)
        for c in 0..<3 {
            channels[c]!.read(
                row, from: x0, count: count, into: chunk.plane(c),
                table == nil ? HDRK_DECODE_NORMALIZED : HDRK_DECODE_TABLE, table: table, kernels)
        }
        // Without an alpha channel the plane keeps the 1.0 that Scratch filled it with.
        channels[3]?.read(row, from: x0, count: count, into: chunk.p3, HDRK_DECODE_NORMALIZED, kernels)
    }
}

/// Reads planar or biplanar Y′CbCr as integer codes: 4:4:4 into the chunk's planes; subsampled chroma as rows
/// filtered vertically, which the program's load_ycbcr upsamples horizontally, with the chroma siting and filter of
/// the plan.
///
/// Bilinear weights are 0, ¼, ½ or ¾ in each direction, so for codes below 2¹⁶ every product and sum is exact in
/// `Float`: the upsampled chroma is the exact rational value, whatever the CPU.
struct YCbCrReader: Sendable {
    let luma: SampleAccess
    let cb: SampleAccess
    let cr: SampleAccess
    let subsampling: PixelFormat.ChromaSubsampling
    let filter: ChromaFilter
    let location: ChromaLocation
    /// The plane of the Cr samples: 2 for planar formats, 1 (beside Cb) for biplanar ones.
    let crPlane: Int

    /// The program's own load (load_ycbcr) of subsampled Y′CbCr, nil for 4:4:4: it reads Y′ from the row and
    /// upsamples the chroma rows of ``chromaRows(_:row:from:count:scratch:_:)`` in registers. Every subsampled
    /// format stores 8- or 16-bit luma samples in a plane of their own (PixelFormat's catalogue), which it needs.
    let load: HDRKYCbCrLoad?

    init(format: PixelFormat, filter: ChromaFilter, location: ChromaLocation) {
        luma = SampleAccess(format, channel: 0)!
        cb = SampleAccess(format, channel: 1)!
        cr = SampleAccess(format, channel: 2)!
        subsampling = format.chromaSubsampling ?? .s444
        self.filter = filter
        self.location = location
        crPlane = format.planeCount == 3 ? 2 : 1
        guard subsampling != .s444 else {
            load = nil
            return
        }
        let y = luma.samples
        precondition(
            (y.container == HDRK_CONTAINER_U8 || y.container == HDRK_CONTAINER_U16) && y.stride == 1 && y.offset == 0
                && y.bigEndian == 0, "subsampled Y′CbCr with luma samples load_ycbcr cannot read")
        let mode: Int32 = filter == .nearest ? 0 : (location.isHorizontallyCosited ? 1 : 2)
        load = HDRKYCbCrLoad(container: y.container, shift: y.shift, mask: y.mask, mode: mode)
    }

    /// Fills the chunk's Y′, Cb, Cr planes with the codes of pixels `x0 ..< x0 + count` of row `y` of a 4:4:4 source
    /// (the programs of subsampled sources load the pixels themselves).
    func read(
        _ view: PixelBufferView, row y: Int, from x0: Int, count: Int, into chunk: Chunk, _ kernels: Kernels
    ) {
        luma.read(
            view.plane(0).row(y).baseAddress.unsafelyUnwrapped, from: x0, count: count, into: chunk.p0,
            HDRK_DECODE_CODE, kernels)
        let cbPlane = view.plane(1), crPlane = view.plane(view.format.planeCount == 3 ? 2 : 1)
        cb.read(
            cbPlane.row(y).baseAddress.unsafelyUnwrapped, from: x0, count: count, into: chunk.p1, HDRK_DECODE_CODE,
            kernels)
        cr.read(
            crPlane.row(y).baseAddress.unsafelyUnwrapped, from: x0, count: count, into: chunk.p2, HDRK_DECODE_CODE,
            kernels)
    }

    /// The Cb and Cr codes of subsampled chroma for pixels `x0 ..< x0 + count` of row `y`, filtered vertically, as
    /// load_ycbcr reads them (HDRKYCbCrLoad's `ext`): element 0 is chroma column (x0 >> 1) − 1, edges repeated.
    func chromaRows(
        _ view: PixelBufferView, row y: Int, from x0: Int, count: Int, scratch: Scratch, _ kernels: Kernels
    ) -> (cb: UnsafeMutablePointer<Float>, cr: UnsafeMutablePointer<Float>) {
        let cbPlane = view.plane(1)
        // The chunk touches chroma columns m0 … m0 + touched − 1; `ext` rows hold one more on each side (edges
        // repeated), decoded once per chroma row and chunk (rows come in order, so two cache slots suffice).
        let m0 = x0 >> 1
        let extent = ChromaExtent(first: m0 - 1, count: ((x0 + count - 1) >> 1) - m0 + 3, chromaWidth: cbPlane.width)
        let (upper, lower, t) = verticalTaps(y, chromaHeight: cbPlane.height)
        let upperSlot = cachedRow(upper, x0: x0, keep: t != 0 ? lower : nil, extent, view, scratch, kernels)
        var cbRow = scratch.cachedChroma(upperSlot, channel: 0), crRow = scratch.cachedChroma(upperSlot, channel: 1)
        let k = kernels.table.pointee
        if t != 0 {
            let lowerSlot = cachedRow(lower, x0: x0, keep: upper, extent, view, scratch, kernels)
            let (cbBlend, crBlend) = (scratch.blendedChroma(channel: 0), scratch.blendedChroma(channel: 1))
            k.blend!(cbRow, scratch.cachedChroma(lowerSlot, channel: 0), 1 - t, t, cbBlend, extent.count)
            k.blend!(crRow, scratch.cachedChroma(lowerSlot, channel: 1), 1 - t, t, crBlend, extent.count)
            (cbRow, crRow) = (cbBlend, crBlend)
        }
        return (cbRow, crRow)
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
        _ kernels: Kernels
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
        if view.format.planeCount == 2, cb.isUInt16 {
            withUnsafePointer(to: cb.samples) {
                kernels.table.pointee.read_code_pairs!(
                    $0, cbPlane.row(row).baseAddress.unsafelyUnwrapped, low, n, cbOut + skip, crOut + skip)
            }
        } else {
            let crPlane = view.plane(view.format.planeCount == 3 ? 2 : 1)
            cb.read(
                cbPlane.row(row).baseAddress.unsafelyUnwrapped, from: low, count: n, into: cbOut + skip,
                HDRK_DECODE_CODE, kernels)
            cr.read(
                crPlane.row(row).baseAddress.unsafelyUnwrapped, from: low, count: n, into: crOut + skip,
                HDRK_DECODE_CODE, kernels)
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
