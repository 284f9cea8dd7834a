internal import CPixelKernels
import HalfFloat
import PixelBuffers

/// The last step of a plan: a chunk's Float planes into the destination's samples.
enum Writer: Sendable {
    /// RGB formats from R, G, B, A planes holding normalised signals.
    case rgb(RGBWriter)
    /// Y′CbCr formats from Y′, Cb, Cr planes holding normalised signals (Y′ in [0, 1], Cb, Cr in [−0.5, 0.5]).
    case yCbCr(YCbCrWriter)

    /// Whether chroma is averaged horizontally, which needs one column of overlap on each side of a chunk.
    var needsOverlap: Bool {
        if case .yCbCr(let writer) = self { return writer.subsampling != .s444 }
        return false
    }
}

/// Writes interleaved or packed RGB(A).
struct RGBWriter: Sendable {
    /// R, G, B, A (`nil` for an alpha the format lacks: dropped).
    let channels: [SampleAccess?]
    /// Packed 10-bit words, zeroed before the channels are merged in.
    let packed: Bool
    /// Interleaved half RGBA / BGRA ('RGhA'): written through HalfFloat's SIMD interleave. `true` swaps R and B.
    let halfInterleaved: Bool?
    /// Interleaved 8- or 16-bit RGBA / BGRA, packed in one pass by the C kernel on the SIMD path.
    let interleaved: InterleavedAccess?

    init(format: PixelFormat) {
        channels = (0..<4).map { SampleAccess(format, channel: $0) }
        interleaved = InterleavedAccess(format)
        if case .packed10 = format.layout { packed = true } else { packed = false }
        if case .rgba(let order) = format.layout, format.sampleType == .halfFloat {
            halfInterleaved = (order == .bgra)
        } else {
            halfInterleaved = nil
        }
    }

    /// Writes pixels `x0 ..< x0 + count` of row `y` from the chunk planes starting at `start`.
    func write(
        _ chunk: Chunk, start: Int, count: Int, to view: MutablePixelBufferView, row y: Int, at x0: Int,
        _ kernels: KernelSet
    ) {
        let row = view.plane(0).row(y).baseAddress.unsafelyUnwrapped
        if let bgra = halfInterleaved {
            let out = row.assumingMemoryBound(to: UInt16.self) + 4 &* x0
            let (first, third) = bgra ? (chunk.p2 + start, chunk.p0 + start) : (chunk.p0 + start, chunk.p2 + start)
            if kernels.usesAVX2 {
                return hdrk_interleave_half_f16c(first, chunk.p1 + start, third, chunk.p3 + start, out, count)
            }
            let destination = UnsafeMutableBufferPointer(start: out, count: 4 &* count)
            HalfFloat.interleave(
                UnsafeBufferPointer(start: first, count: count),
                UnsafeBufferPointer(start: chunk.p1 + start, count: count),
                UnsafeBufferPointer(start: third, count: count),
                UnsafeBufferPointer(start: chunk.p3 + start, count: count),
                into: destination)
            return
        }
        if kernels.usesAVX2, let interleaved {
            return interleaved.write(chunk, start: start, count: count, into: row, from: x0)
        }
        if packed {
            (row + 4 &* x0).initializeMemory(as: UInt32.self, repeating: 0, count: count)
        }
        for c in 0..<4 {
            channels[c]?.write(chunk.plane(c) + start, count: count, into: row, from: x0, kernels)
        }
    }
}

/// Writes planar or biplanar Y′CbCr, averaging chroma with the destination's siting for 4:2:2 and 4:2:0:
/// horizontally [¼ ½ ¼] around a co-sited sample or [½ ½] for a centred one, and vertically (4:2:0) [¼ ½ ¼] around
/// a top- or bottom-sited sample or [½ ½] for a centred one, repeating the edge rows and columns.
struct YCbCrWriter: Sendable {
    let luma: SampleAccess
    let cb: SampleAccess
    let cr: SampleAccess
    let subsampling: PixelFormat.ChromaSubsampling
    let location: ChromaLocation
    let chromaPlanes: (cb: Int, cr: Int)

    init(format: PixelFormat, location: ChromaLocation, quantizeChromaLikeLuma: Bool) {
        luma = SampleAccess(format, channel: 0)!
        cb = SampleAccess(format, channel: 1, quantizeLikeLuma: quantizeChromaLikeLuma)!
        cr = SampleAccess(format, channel: 2, quantizeLikeLuma: quantizeChromaLikeLuma)!
        subsampling = format.chromaSubsampling ?? .s444
        self.location = location
        chromaPlanes = format.planeCount == 3 ? (1, 2) : (1, 1)
    }

    /// Writes the luma of pixels `x0 ..< x0 + count` of row `y` from plane 0 of the chunk at `start`.
    func writeLuma(
        _ chunk: Chunk, start: Int, count: Int, to view: MutablePixelBufferView, row y: Int, at x0: Int,
        _ kernels: KernelSet
    ) {
        luma.write(
            chunk.p0 + start, count: count, into: view.plane(0).row(y).baseAddress.unsafelyUnwrapped, from: x0, kernels)
    }

    /// Writes chroma samples `i0 ..< i0 + count` of chroma row `j`.
    func writeChroma(
        cb cbValues: UnsafePointer<Float>, cr crValues: UnsafePointer<Float>, count: Int,
        to view: MutablePixelBufferView, row j: Int, at i0: Int, _ kernels: KernelSet
    ) {
        cb.write(
            cbValues, count: count, into: view.plane(chromaPlanes.cb).row(j).baseAddress.unsafelyUnwrapped, from: i0,
            kernels)
        cr.write(
            crValues, count: count, into: view.plane(chromaPlanes.cr).row(j).baseAddress.unsafelyUnwrapped, from: i0,
            kernels)
    }

    /// The chroma columns of luma columns `columns` (which start on an even column): `columns.lowerBound / 2 ..<
    /// ceil(columns.upperBound / 2)`.
    static func chromaColumns(of columns: Range<Int>) -> Range<Int> {
        (columns.lowerBound >> 1)..<((columns.upperBound + 1) >> 1)
    }

    /// Averages horizontally: chroma columns of luma `columns` from the computed values `v`, whose element 0 is luma
    /// column `computedStart`, for an image `width` wide.
    func downsampleHorizontally(
        _ v: UnsafePointer<Float>, computedStart: Int, columns: Range<Int>, width: Int,
        into output: UnsafeMutablePointer<Float>
    ) {
        let chroma = Self.chromaColumns(of: columns)
        let last = width - 1
        @inline(__always) func at(_ x: Int) -> Float { v[Swift.min(Swift.max(x, 0), last) - computedStart] }
        if location.isHorizontallyCosited {
            for (k, i) in chroma.enumerated() {
                output[k] = at(2 * i - 1) * 0.25 + at(2 * i) * 0.5 + at(2 * i + 1) * 0.25
            }
        } else {
            for (k, i) in chroma.enumerated() { output[k] = at(2 * i) * 0.5 + at(2 * i + 1) * 0.5 }
        }
    }

    /// The luma rows a 4:2:0 chroma row `j` averages, in an image `height` rows high: `[¼ ½ ¼]` over `rows` for a
    /// top- or bottom-sited sample, `[½ ½]` over the first two for a centred one.
    func verticalTaps(_ j: Int, height: Int) -> VerticalTaps {
        let clamp = { (r: Int) in Swift.min(Swift.max(r, 0), height - 1) }
        switch location.verticalOffset {
        case 0: return VerticalTaps(rows: (clamp(2 * j - 1), clamp(2 * j), clamp(2 * j + 1)), threeTaps: true)
        case 1: return VerticalTaps(rows: (clamp(2 * j), clamp(2 * j + 1), clamp(2 * j + 2)), threeTaps: true)
        default: return VerticalTaps(rows: (clamp(2 * j), clamp(2 * j + 1), clamp(2 * j + 1)), threeTaps: false)
        }
    }

    struct VerticalTaps {
        var rows: (Int, Int, Int)
        var threeTaps: Bool
        var first: Int { rows.0 }
        var last: Int { threeTaps ? rows.2 : rows.1 }
    }
}
