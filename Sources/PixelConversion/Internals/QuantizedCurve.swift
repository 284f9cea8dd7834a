internal import CPixelKernels
import Foundation
import PixelBuffers

/// The last curve of a plan and the destination's quantisation as one step, for integer destinations of at most 10
/// bits: each value's code comes from a table of cells, laid out on the bits of the value (2^K cells per octave), in
/// each of which the code changes at most once, at a stored threshold. The code of every input is then exactly the
/// code of the curve's exact value (`Double` evaluation rounded once to `Float`) quantised as the writer quantises,
/// on every code path, at the cost of one cell load and one comparison instead of an interpolated table and a
/// quantisation.
///
/// The step leaves the code itself (a float), which the writer stores with an identity quantisation (scale 1, bias 0)
/// for the colour channels.
///
/// `@unchecked Sendable`: the cells are written once in `init`, only read afterwards, and freed in `deinit`.
final class QuantizedCurve: @unchecked Sendable {
    /// For the plan, e.g. "sRGB encode → 8-bit codes".
    let name: String
    /// The cells as pairs (code, threshold).
    let cells: UnsafeMutableBufferPointer<Float>
    let layout: HDRKQuantizedLayout

    /// The fewest and most cells per octave tried (2^K), and the most cells in all (8 bytes each).
    private static let cellsPerOctaveLog2 = 5...10
    private static let maximumCellCount = 1 << 14

    /// Builds the step for `curve` (signal = curve(x), the exact function) followed by the quantisation
    /// `code = round-half-up(clamp(signal·scale + bias, 0, maxCode))`, NaN as 0. Returns `nil` when the composite is
    /// not a non-decreasing step function with the code of 0 for every negative input, or needs too many cells.
    init?(curve: (Float) -> Float, scale: Float, bias: Float, maxCode: Float, name: String) {
        func code(_ x: Float) -> Float { Float(RowKernels.code(curve(x), scale: scale, bias: bias, maxCode: maxCode)) }
        let lowCode = code(0), highCode = code(.infinity)
        let negatives: [Float] = [
            -.leastNonzeroMagnitude, -1e-20, -1e-3, -1, -1e20, -.greatestFiniteMagnitude, -.infinity,
        ]
        guard highCode > lowCode, negatives.allSatisfy({ code($0) == lowCode }) else { return nil }
        // The first inputs with a code above lowCode and with highCode: cells span the octaves between them.
        func first(where condition: (Float) -> Bool, in bits: ClosedRange<UInt32>) -> UInt32 {
            var (low, high) = (bits.lowerBound, bits.upperBound)  // condition(high) holds
            while low < high {
                let middle = low + (high - low) / 2
                if condition(Float(bitPattern: middle)) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let infinityBits = Float.infinity.bitPattern
        let firstStep = first(where: { code($0) > lowCode }, in: 0...infinityBits)
        let top = first(where: { code($0) == highCode }, in: firstStep...infinityBits)
        let exponentBits: UInt32 = 0x7F80_0000
        let lowBits = firstStep & exponentBits
        let highBits = top & ~exponentBits == 0 ? top : Swift.min((top & exponentBits) + (1 << 23), infinityBits)
        guard lowBits < highBits else { return nil }

        // Cells per octave: at least twice the most codes any octave spans (codes are not spread evenly in an octave).
        var mostCodes: Float = 1
        for octave in stride(from: lowBits, to: highBits, by: 1 << 23) {
            let end = Swift.min(octave + (1 << 23), infinityBits)
            mostCodes = Swift.max(mostCodes, code(Float(bitPattern: end)) - code(Float(bitPattern: octave)))
        }
        let fewest = Swift.max(Self.cellsPerOctaveLog2.lowerBound, Int(log2(mostCodes).rounded(.up)))
        guard fewest <= Self.cellsPerOctaveLog2.upperBound else { return nil }
        for k in fewest...Self.cellsPerOctaveLog2.upperBound {
            let shift = UInt32(23 - k)
            let count = Int((highBits - lowBits) >> shift)
            guard count <= Self.maximumCellCount else { return nil }
            var values = [Float](repeating: 0, count: 2 * count)
            var fits = true
            var previous = lowCode
            for cell in 0..<count {
                let start = lowBits + UInt32(cell) << shift
                let end = start + (1 << shift) - 1  // the cell's last bit pattern
                let c0 = code(Float(bitPattern: start)), c1 = code(Float(bitPattern: end))
                guard c0 >= previous, c1 >= c0 else { return nil }  // not monotone
                guard c1 <= c0 + 1 else {
                    fits = false
                    break
                }
                values[2 * cell] = c0
                values[2 * cell + 1] =
                    c1 == c0 ? .infinity : Float(bitPattern: first(where: { code($0) > c0 }, in: start...end))
                previous = c1
            }
            guard fits else { continue }
            cells = .allocate(capacity: values.count)
            _ = cells.initialize(from: values)
            layout = HDRKQuantizedLayout(
                lowBits: lowBits, highBits: highBits, shift: shift, lastCell: UInt32(count - 1), lowCode: lowCode,
                highCode: highCode, nanCode: code(.nan), bias: bias, scale: scale)
            self.name = name
            return
        }
        return nil
    }

    deinit { cells.deallocate() }

    /// The number of cells.
    var count: Int { cells.count / 2 }

    /// The codes of `values` as the kernels of `path` compute them (a program of this step alone; for tests).
    func codes(of values: [Float], on path: PixelConverter.CodePath) -> [Float] {
        let kernels = Kernels(path)
        let padded = Kernels.padded(values.count)
        var planes = [Float](repeating: 0, count: 4 * padded)
        for (i, v) in values.enumerated() { planes[i] = v }
        let arguments = HDRKQuantized(layout: layout, cells: UnsafePointer(cells.baseAddress!))
        planes.withUnsafeMutableBufferPointer { p in
            withUnsafePointer(to: arguments) { arguments in
                let program = [
                    HDRKInstruction(op: HDRK_OP_load_planes, arguments: nil),
                    HDRKInstruction(op: HDRK_OP_quantized_curve, arguments: arguments),
                    HDRKInstruction(op: HDRK_OP_store_planes, arguments: nil),
                ]
                let base = p.baseAddress!
                let planes = (base, base + padded, base + 2 * padded, base + 3 * padded)
                var io = HDRKIO(source: nil, destination: nil, planes: planes, chroma: (nil, nil), column: 0)
                program.withUnsafeBufferPointer { kernels.table.pointee.run!($0.baseAddress, &io, values.count) }
            }
        }
        return Array(planes[0..<values.count])
    }
}
