import SignalCoding
internal import CPixelKernels
import PixelBuffers

/// The last step of a plan: where the program's values go.
enum Writer {
    /// RGB formats from R, G, B, A: interleaved 8-, 16-bit or half RGBA the program stores itself, or other layouts
    /// written channel by channel from the chunk's planes.
    case rgb(RGBWriter)
    /// Y′CbCr formats from Y′, Cb, Cr planes holding normalised signals (Y′ in [0, 1], Cb, Cr in [−0.5, 0.5]).
    case yCbCr(YCbCrWriter)

    /// The interleaved pixels the program stores, when it stores the destination itself.
    var interleaved: InterleavedAccess? {
        if case .rgb(let w) = self { return w.interleaved }
        return nil
    }
}

/// Writes RGB(A).
struct RGBWriter {
    /// R, G, B, A (`nil` for an alpha the format lacks: dropped).
    let channels: [SampleAccess?]
    /// Packed 10-bit words, zeroed before the channels are merged in.
    let packed: Bool
    /// Interleaved 8-, 16-bit or half RGBA / BGRA: stored by the program.
    let interleaved: InterleavedAccess?

    /// A writer for `format`; `codes` when the colour values arrive as codes (after a quantised curve).
    init(format: PixelFormat, codes: Bool) {
        channels = (0..<4).map { c in
            let access = SampleAccess(format, channel: c)
            return codes && c < 3 ? access?.writingCodes : access
        }
        interleaved = InterleavedAccess(format)
        if case .packed10 = format.layout { packed = true } else { packed = false }
    }

    /// Writes pixels `x0 ..< x0 + count` of row `y` from the chunk planes starting at `start`.
    func write(
        _ chunk: Chunk, start: Int, count: Int, to view: MutablePixelBufferView, row y: Int, at x0: Int,
        _ kernels: Kernels
    ) {
        let row = view.plane(0).row(y).baseAddress.unsafelyUnwrapped
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
        _ kernels: Kernels
    ) {
        luma.write(
            chunk.p0 + start, count: count, into: view.plane(0).row(y).baseAddress.unsafelyUnwrapped, from: x0, kernels)
    }

    /// Writes chroma samples `i0 ..< i0 + count` of chroma row `j`.
    func writeChroma(
        cb cbValues: UnsafePointer<Float>, cr crValues: UnsafePointer<Float>, count: Int,
        to view: MutablePixelBufferView, row j: Int, at i0: Int, _ kernels: Kernels
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
        into output: UnsafeMutablePointer<Float>, _ kernels: Kernels
    ) {
        let chroma = Self.chromaColumns(of: columns)
        kernels.table.pointee.downsample_chroma!(
            v, computedStart, width, chroma.lowerBound, chroma.count, location.isHorizontallyCosited ? 1 : 0, output)
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
