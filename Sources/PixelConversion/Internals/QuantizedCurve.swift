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
/// The step writes the signal of the code, `(code − bias) / scale`, which the writer quantises back to the same code.
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

    /// The code of `x`, as the C kernels find it.
    @inline(__always)
    static func code(_ x: Float, _ l: HDRKQuantizedLayout, _ cells: UnsafePointer<Float>) -> Float {
        if x.isNaN { return l.nanCode }
        let bits = x.bitPattern
        let magnitude = bits & 0x7FFF_FFFF
        if bits >> 31 != 0 || magnitude < l.lowBits { return l.lowCode }
        if magnitude >= l.highBits { return l.highCode }
        let cell = Int(Swift.min((magnitude &- l.lowBits) >> l.shift, l.lastCell))
        return cells[2 &* cell] + (x >= cells[2 &* cell &+ 1] ? 1 : 0)
    }

    /// Replaces `count` values by the signals of their codes, `(code − bias) / scale`; NaN stays NaN (portable Swift).
    @inline(__always)
    static func apply(
        _ values: UnsafeMutablePointer<Float>, count: Int, _ l: HDRKQuantizedLayout, _ cells: UnsafePointer<Float>
    ) {
        for i in 0..<count {
            let x = values[i]
            values[i] = x.isNaN ? x : (code(x, l, cells) - l.bias) / l.scale
        }
    }

    /// The code of `x` (for tests).
    func code(_ x: Float) -> Float { Self.code(x, layout, cells.baseAddress!) }
}
