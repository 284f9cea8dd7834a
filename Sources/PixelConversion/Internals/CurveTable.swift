internal import CPixelKernels
import TransferFunctions

/// One curve of a plan: the package's table engine for the fast path, and the exact scalar function for the inputs
/// the table does not cover.
struct CurveTable: Sendable {
    /// The table.
    let table: PiecewiseLinearTable
    /// The exact function (`Double` evaluation, rounded once): for the inputs outside the table (NaN, beyond the top,
    /// unmirrored negatives) and for code tables.
    let exact: @Sendable (Float) -> Float
    /// For the plan: e.g. "PQ EOTF".
    let name: String
    /// The table's layout for the C kernels.
    let kernelLayout: HDRKTableLayout

    /// The table of one direction of a transfer function (as `TransferFunction.LookupTable` builds it).
    init(
        _ function: TransferFunction, _ direction: TransferFunction.LookupTable.Direction, _ range: OutOfRangeBehavior,
        name: String
    ) {
        table = TransferFunction.LookupTable(function, direction: direction, outOfRange: range).table
        switch direction {
        case .toLinear: exact = { function.toLinear($0, outOfRange: range) }
        case .fromLinear: exact = { function.fromLinear($0, outOfRange: range) }
        }
        self.name = name
        kernelLayout = Self.kernelLayout(table.layout)
    }

    /// A table of any function, with its exact form for the uncovered inputs.
    init(table: PiecewiseLinearTable, exact: @escaping @Sendable (Float) -> Float, name: String) {
        self.table = table
        self.exact = exact
        self.name = name
        kernelLayout = Self.kernelLayout(table.layout)
    }

    private static func kernelLayout(_ l: PiecewiseLinearTable.Layout) -> HDRKTableLayout {
        HDRKTableLayout(
            lowBits: l.lowBits, highBits: l.highBits, toeBits: l.toeBits, shift: l.shift,
            fractionShift: l.fractionShift,
            clamps: l.clamps ? 1 : 0, unmirrored: l.unmirrored, toeOffset: l.toeOffset, toeSlope: l.toeSlope,
            clampLow: l.clampLow, clampHigh: l.clampHigh, floor: l.floor)
    }

    /// The input below which the table gives exactly 1 for every input from +0 on (a toe line 1 + s·x that rounds to
    /// 1 in `Float`, then segments from 1 to 1): where a luminance gain (op `luminance_gain`, its `unityBelow`) leaves
    /// pixels as they are. +0 when the table gives 1 nowhere from 0, and for tables that clamp or have a floor above 1
    /// (not looked into).
    var unityBelow: Float {
        let layout = table.layout, values = table.values
        // The toe's product grows with x and rounding is monotonic: 1 at the toe's last input means 1 below it too.
        let flatToe =
            layout.toeBits == 0
            || (layout.toeOffset == 1
                && layout.toeOffset + layout.toeSlope * Float(bitPattern: layout.toeBits - 1) == 1)
        guard !layout.clamps, !(layout.floor > 1), flatToe else { return 0 }
        var segments = 0  // segments from the first node on that run from 1 to 1
        while segments + 1 < values.count && values[segments] == 1 && values[segments + 1] == 1 { segments += 1 }
        // Below the first node, magnitudes under toeBits take the toe and the others the first node's value.
        let bits = segments == 0 ? layout.toeBits : layout.lowBits + UInt32(segments) << layout.shift
        return Float(bitPattern: Swift.min(bits, layout.highBits))
    }

    /// s·f for a scale s > 0 (a uniform scale after the curve, folded into it): the table's values, toe and floor
    /// scaled and rounded to `Float`, and the exact function's value scaled.
    func scaled(by s: Double, name: String) -> CurveTable {
        let exact = self.exact, scale = Float(s)
        return CurveTable(table: table.scaled(by: scale), exact: { exact($0) * scale }, name: name)
    }
}
