import Testing
import TransferFunctions

/// The fast `Float` path: ``TransferFunction/LookupTable`` against the exact curve.
@Suite("Lookup tables")
struct LookupTableTests {
    typealias Direction = TransferFunction.LookupTable.Direction

    static let cases: [(Curve, Direction, OutOfRangeBehavior)] = Catalog.curves.flatMap { curve in
        [Direction.toLinear, .fromLinear].flatMap { direction in
            [OutOfRangeBehavior.extended, .clamped].map { (curve, direction, $0) }
        }
    }

    @Test("Within the stated error bound on a dense sweep", arguments: cases)
    func withinErrorBound(_ curve: Curve, _ direction: Direction, _ range: OutOfRangeBehavior) {
        let table = TransferFunction.LookupTable(curve.function, direction: direction, outOfRange: range)
        let inputs = LookupTableAccuracy.sweep(direction, nominal: range == .clamped)
        let accuracy = LookupTableAccuracy.measure(table, inputs: inputs)
        #expect(accuracy.count > 5_000)
        #expect(accuracy.worstFractionOfBound <= 1, "max abs \(accuracy.maxAbsolute), rel \(accuracy.maxRelative)")
        #expect(accuracy.failures.isEmpty, "\(accuracy.failures)")
        #expect(table.count < 20_000, "table size")
    }

    /// The documented guarantee itself: `toLinear` 3·10⁻⁵ relative + 10⁻⁹ absolute, `fromLinear` 2·10⁻⁶ absolute +
    /// 4·10⁻⁶ relative (the sweep above measures against whatever ``errorBound`` says, so pin it here).
    @Test("Error bounds are the documented ones")
    func documentedErrorBounds() {
        let decode = TransferFunction.LookupTable(.pq, direction: .toLinear).errorBound
        let encode = TransferFunction.LookupTable(.pq, direction: .fromLinear).errorBound
        #expect(decode.relative == 3e-5 && decode.absolute == 1e-9)
        #expect(encode.relative == 4e-6 && encode.absolute == 2e-6)
    }

    /// Inputs outside the table (NaN, ±∞, beyond its range, negatives of non-mirrored curves) get the exact scalar
    /// result; −0 gives f(0); the bulk forms equal the per-value kernel.
    @Test("Special inputs and bulk forms", arguments: Catalog.curves)
    func specialInputs(_ curve: Curve) {
        let f = curve.function
        let specials: [Float] = [.nan, .infinity, -.infinity, 300, -300, 5, -5, 1, -1, 0, -0.0, -0.3, 1e-30, -1e-30]
        for direction in [Direction.toLinear, .fromLinear] {
            for range in [OutOfRangeBehavior.extended, .clamped] {
                let table = TransferFunction.LookupTable(f, direction: direction, outOfRange: range)
                #expect(table.transferFunction == f && table.direction == direction && table.outOfRange == range)
                let logDecoder = direction == .toLinear && (f == .log100 || f == .log100Sqrt10)
                for x in specials where !(logDecoder && x != 0 && Swift.abs(x) < 0x1p-24) {  // see errorBound
                    let exact: Float =
                        direction == .toLinear
                        ? f.toLinear(x, outOfRange: range) : f.fromLinear(x, outOfRange: range)
                    let approximation = table(x)
                    let bound = table.errorBound
                    let tolerance = bound.absolute + bound.relative * Double(Swift.abs(exact))
                    let ok = same(approximation, exact) || Swift.abs(Double(approximation) - Double(exact)) <= tolerance
                    #expect(ok, "\(direction) \(range) at \(x): \(approximation) vs \(exact)")
                }
                let inputs = PropertyTests.grid.map { Float($0) } + specials
                var bulk = inputs
                bulk.withUnsafeMutableBufferPointer { table.apply($0) }
                #expect(zip(bulk, inputs).allSatisfy { same($0, table($1)) })
            }
        }
    }

    /// Found by the converter fuzz target: a clamped BT.1886 curve with invalid luminances has NaN bounds, and
    /// building its encoding table formed the range NaN...NaN (trap). Curves outside their domain give NaN, no trap.
    @Test func parametersOutsideTheDomainGiveNaNTables() {
        let curves: [TransferFunction] = [
            .bt1886(whiteLuminance: 100, blackLuminance: 200), .bt1886(whiteLuminance: .nan, blackLuminance: 0),
            .bt1886(whiteLuminance: .infinity, blackLuminance: 0), .bt1886(whiteLuminance: 100, blackLuminance: -1),
            .gamma(0), .gamma(-2.2), .gamma(.nan), .gamma(.infinity),
        ]
        for curve in curves {
            for direction in [TransferFunction.LookupTable.Direction.toLinear, .fromLinear] {
                for range in [OutOfRangeBehavior.clamped, .extended] {
                    let table = TransferFunction.LookupTable(curve, direction: direction, outOfRange: range)
                    #expect(table(0.5).isNaN, "\(curve) \(direction) \(range)")
                }
            }
        }
    }
}
