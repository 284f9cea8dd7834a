internal import CPixelKernels
import PixelBuffers

/// A whole 8-bit RGBA / BGRA → 8-bit RGBA / BGRA conversion as one pass of one C kernel, for plans that are a code
/// table, at most one matrix and a quantised curve (a matrix-shaper conversion, as CMMs call it): the colour channels
/// through the reader's code table, the matrix, the quantised curve, and alpha copied. It writes the bytes the
/// separate steps write (the kernel repeats their float operations; the codes are exact) without going through the
/// chunk's planes.
struct MatrixShaper {
    let codeTable: [Float]
    let affine: HDRKAffine?
    let layout: HDRKQuantizedLayout
    /// Owned by the program's ``QuantizedCurve``.
    let cells: UnsafePointer<Float>
    let sourceSwapsRedAndBlue: Bool
    let destinationSwapsRedAndBlue: Bool

    /// The fused conversion, or `nil` when the plan has another shape.
    init?(reader: Reader, steps: [Step], writer: Writer) {
        guard case .rgb(let r) = reader, let input = r.interleaved, let table = r.codeTable, table.count == 256,
            case .rgb(let w) = writer, let output = w.interleaved,
            [input, output].allSatisfy({ $0.bytes == 1 && $0.scale[3] == 255 && $0.bias[3] == 0 })
        else { return nil }
        switch (steps.first, steps.last, steps.count) {
        case (.affine(let k)?, .quantizedCurve(let layout, let cells)?, 2):
            (affine, self.layout, self.cells) = (k.simd, layout, cells)
        case (.quantizedCurve(let layout, let cells)?, _, 1):
            (affine, self.layout, self.cells) = (nil, layout, cells)
        default:
            return nil
        }
        guard layout.scale == 255, layout.bias == 0 else { return nil }
        codeTable = table
        sourceSwapsRedAndBlue = input.swapsRedAndBlue
        destinationSwapsRedAndBlue = output.swapsRedAndBlue
    }

    /// Converts row `y`.
    func run(_ source: PixelBufferView, _ destination: MutablePixelBufferView, row y: Int) {
        let input = source.plane(0).row(y).baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
        let output = destination.plane(0).row(y).baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
        let (swapsIn, swapsOut) = (Int32(sourceSwapsRedAndBlue ? 1 : 0), Int32(destinationSwapsRedAndBlue ? 1 : 0))
        codeTable.withUnsafeBufferPointer { table in
            withUnsafePointer(to: layout) { layout in
                guard let affine else {
                    return hdrk_matrix_shaper_rgba8_avx2(
                        input, swapsIn, table.baseAddress, nil, layout, cells, output, swapsOut, source.width)
                }
                withUnsafePointer(to: affine) { affine in
                    hdrk_matrix_shaper_rgba8_avx2(
                        input, swapsIn, table.baseAddress, affine, layout, cells, output, swapsOut, source.width)
                }
            }
        }
    }
}
