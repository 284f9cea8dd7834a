import Testing
import TransferFunctions

/// Dense sweeps against the float64 fixtures of Tests/Fixtures/transfer-functions (colour-science 0.4.7; see each
/// file's header for the function, its ITU-T H.273 TransferCharacteristics code and the compared domain).
/// Targets (issue 2): Double within 10⁻¹² relative (10⁻¹⁵ absolute below 10⁻³), Float within 2 ulp of the reference
/// rounded to Float, on ≥ 10 000 values per direction including segment boundaries and their float32 neighbours.
@Suite("Reference sweeps")
struct ReferenceSweepTests {
    @Test("Matches the float64 reference", arguments: Catalog.withFixtures)
    func matchesReference(_ curve: Curve) throws {
        let (toLinear, fromLinear) = try ReferenceAccuracy.measure(curve)
        for (direction, accuracy) in [("toLinear", toLinear), ("fromLinear", fromLinear)] {
            #expect(accuracy.count >= 10_000, "\(direction): only \(accuracy.count) compared values")
            #expect(accuracy.doubleRelative <= ReferenceAccuracy.doubleRelativeTarget, "\(direction)")
            #expect(accuracy.floatULPs <= ReferenceAccuracy.floatULPTarget, "\(direction)")
            #expect(accuracy.failures.isEmpty, "\(direction): \(accuracy.failures)")
        }
    }

    /// H.273 TransferCharacteristics 8: the identity, bit for bit, on every fixture input.
    @Test func linearIsTheIdentity() throws {
        let inputs = try ReferenceFixture.allInputs()
        let mismatches = inputs.filter {
            TransferFunction.linear.toLinear($0).bitPattern != $0.bitPattern
                || TransferFunction.linear.fromLinear(Double($0)) != Double($0)
        }
        #expect(inputs.count > 100_000)
        #expect(mismatches.isEmpty)
    }
}
