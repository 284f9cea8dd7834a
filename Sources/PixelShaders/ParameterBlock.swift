import PixelConversion
import TransferFunctions

/// The words of a program's parameter block (binding 0): every number a step needs, as the CPU kernels hold it
/// (`Float` bits, table layouts, segment pairs), at offsets the emitted code names.
struct ParameterBlock {
    private(set) var words: [UInt32] = []

    /// The offset of the next word.
    var next: UInt32 { UInt32(words.count) }

    /// Appends `values` and returns the offset of the first.
    @discardableResult
    mutating func append(_ values: [Float]) -> UInt32 {
        let offset = next
        words += values.map(\.bitPattern)
        return offset
    }

    /// Appends words and returns the offset of the first.
    @discardableResult
    mutating func append(words values: [UInt32]) -> UInt32 {
        let offset = next
        words += values
        return offset
    }

    // MARK: Curves

    /// The magnitude where the far tables end (2¹¹⁰): inputs beyond, which no conversion of finite values reaches
    /// (±∞ from float sources is read as ±10³⁰), take the value there.
    static let farTop: UInt32 = (110 + 127) << 23
    /// Segments per octave of the far tables: 2⁶ (the curves' relative error there stays below 10⁻⁵ of their value
    /// for the smooth functions the plans use).
    static let farShift: UInt32 = 17

    /// A curve for `curveValue` (ShaderLibrary): its header, the table as the CPU reads it, the far table beyond it
    /// and, for tables that do not mirror negative inputs, the tables of those; returns the header's offset.
    ///
    /// Where the CPU calls the exact function (NaN, magnitudes from the table's top on, unmirrored negatives) the GPU
    /// reads tables made of that function's values, so the curve needs no `pow`, `exp` or `log`, whose GPU precision is
    /// the implementation's.
    mutating func appendCurve(_ table: ProgramListing.Table) -> UInt32 {
        let layout = table.layout, exact = table.exact
        let header = append(words: [UInt32](repeating: 0, count: 6))
        let near = appendTable(layout: layout, values: table.values)
        let far = appendFarTable(after: layout, function: exact)
        var negatives = (near: near, far: far)
        if layout.unmirrored != 0, !(layout.clamps && layout.clampLow >= 0) {
            var negative = layout
            (negative.toeBits, negative.unmirrored, negative.clamps, negative.floor) = (0, 0, false, -.infinity)
            let values = (0..<table.values.count).map { i in
                Self.finite(exact(-Float(bitPattern: layout.lowBits + UInt32(i) << layout.shift)))
            }
            negatives = (
                appendTable(layout: negative, values: values),
                appendFarTable(after: layout, function: { exact(-$0) })
            )
        }
        let nan = exact(.nan)
        words[Int(header)] = near
        words[Int(header) + 1] = far
        words[Int(header) + 2] = negatives.near
        words[Int(header) + 3] = negatives.far
        words[Int(header) + 4] = nan.isNaN ? 0 : 1
        words[Int(header) + 5] = nan.bitPattern
        return header
    }

    /// A table's layout words and segment pairs `(y[i], y[i + 1] − y[i])`, the difference rounded to `Float` as the
    /// CPU's program holds it.
    private mutating func appendTable(layout l: PiecewiseLinearTable.Layout, values: [Float]) -> UInt32 {
        let offset = append(words: [
            l.lowBits, l.highBits, l.toeBits, l.shift, l.fractionShift, l.clamps ? 1 : 0, l.unmirrored,
            l.toeOffset.bitPattern, l.toeSlope.bitPattern, l.clampLow.bitPattern, l.clampHigh.bitPattern,
            l.floor.bitPattern,
        ])
        for i in values.indices {
            append([values[i], values[Swift.min(i + 1, values.count - 1)] - values[i]])
        }
        return offset
    }

    /// The far table of `function` from the octave of `layout`'s top to ``farTop``.
    private mutating func appendFarTable(
        after layout: PiecewiseLinearTable.Layout, function: (Float) -> Float
    ) -> UInt32 {
        let low = Swift.min(layout.highBits & 0x7F80_0000, Self.farTop - (1 << 23))
        var far = layout
        (far.lowBits, far.highBits, far.toeBits, far.shift, far.fractionShift) = (
            low, Self.farTop, 0, Self.farShift, 23 - Self.farShift
        )
        (far.toeOffset, far.toeSlope, far.clamps, far.unmirrored, far.floor) = (0, 0, false, 0, -.infinity)
        let count = Int((Self.farTop - low) >> Self.farShift) + 1
        var values: [Float] = []
        values.reserveCapacity(count)
        for i in 0..<count {
            let v = function(Float(bitPattern: low + UInt32(i) << Self.farShift))
            values.append(v.isNaN ? (values.last ?? 0) : Self.finite(v))
        }
        return appendTable(layout: far, values: values)
    }

    /// ±∞ as the largest finite values (a table interpolates between nodes: ∞ − ∞ would give NaN).
    private static func finite(_ v: Float) -> Float {
        v.isInfinite ? (v < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude) : v
    }

    /// A quantised curve for `quantizedCode`: its layout and cells; returns the offset.
    mutating func appendQuantized(_ q: ProgramListing.QuantizedTable) -> UInt32 {
        let offset = append(words: [
            q.lowBits, q.highBits, q.shift, q.lastCell, q.lowCode.bitPattern, q.highCode.bitPattern,
            q.nanCode.bitPattern,
        ])
        append(q.cells)
        return offset
    }
}
