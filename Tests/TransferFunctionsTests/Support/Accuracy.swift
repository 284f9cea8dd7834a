import TestSupport
import TransferFunctions

/// The error of one direction of one curve against the float64 reference fixture.
struct ReferenceAccuracy: Sendable {
    /// Compared values.
    var count = 0
    /// Largest relative error of the Double evaluation where |reference| ≥ 10⁻³.
    var doubleRelative = 0.0
    /// Largest absolute error of the Double evaluation where |reference| < 10⁻³.
    var doubleAbsolute = 0.0
    /// Largest distance in ulps of the Float evaluation from the reference rounded to Float.
    var floatULPs: UInt32 = 0
    /// Descriptions of the first values outside the targets (Double: 10⁻¹² relative or 10⁻¹⁵ absolute;
    /// Float: 2 ulp).
    var failures: [String] = []

    static let doubleRelativeTarget = 1e-12
    static let doubleAbsoluteTarget = 1e-15
    static let floatULPTarget: UInt32 = 2

    mutating func record(x: Float, double: Double, float: Float, reference: Double) {
        count += 1
        let error = Swift.abs(double - reference)
        let passesDouble: Bool
        if Swift.abs(reference) >= 1e-3 {
            let relative = error / Swift.abs(reference)
            doubleRelative = Swift.max(doubleRelative, relative)
            passesDouble = relative <= Self.doubleRelativeTarget
        } else {
            doubleAbsolute = Swift.max(doubleAbsolute, error)
            passesDouble =
                error <= Self.doubleAbsoluteTarget
                || error <= Self.doubleRelativeTarget * Swift.abs(reference)
        }
        let ulps = Distance.ulps(float, Float(reference))
        floatULPs = Swift.max(floatULPs, ulps)
        if (!passesDouble || ulps > Self.floatULPTarget) && failures.count < 5 {
            failures.append("x = \(x): Double \(double), Float \(float), reference \(reference) (\(ulps) ulp)")
        }
    }

    static func measure(_ curve: Curve) throws -> (toLinear: ReferenceAccuracy, fromLinear: ReferenceAccuracy) {
        var toLinear = ReferenceAccuracy(), fromLinear = ReferenceAccuracy()
        let f = curve.function
        for row in try ReferenceFixture.rows(curve.fixture!) {
            if let reference = row.toLinear {
                toLinear.record(
                    x: row.x, double: f.toLinear(Double(row.x)), float: f.toLinear(row.x), reference: reference)
            }
            if let reference = row.fromLinear {
                fromLinear.record(
                    x: row.x, double: f.fromLinear(Double(row.x)), float: f.fromLinear(row.x), reference: reference)
            }
        }
        return (toLinear, fromLinear)
    }
}

/// The error of a lookup table against the exact (Double) curve on a dense sweep.
struct LookupTableAccuracy: Sendable {
    var count = 0
    /// Largest |error| / |exact| where the relative bound dominates (|exact| ≥ absolute / relative bound).
    var maxRelative = 0.0
    /// Largest |error| where |exact| ≤ 1 (the nominal range; above it the relative error is the meaningful one).
    var maxAbsolute = 0.0
    /// Largest error as a fraction of the table's ``TransferFunction/LookupTable/errorBound`` (≤ 1 passes).
    var worstFractionOfBound = 0.0
    var entries = 0
    var failures: [String] = []

    /// Inputs that probe every segment at least twice (1024 points per octave for `toLinear`, 512 for `fromLinear`,
    /// at an irrational offset so that they fall at varied positions inside segments) over the table's range and
    /// beyond it, both signs, and zero. `nominal` sweeps magnitudes up to 2 only, a quarter as densely.
    static func sweep(_ direction: TransferFunction.LookupTable.Direction, nominal: Bool = false) -> [Float] {
        let (low, high) = direction == .toLinear ? (-30, nominal ? 1 : 3) : (-44, nominal ? 1 : 8)
        let perOctave = (direction == .toLinear ? 1024 : 512) / (nominal ? 4 : 1)
        var values: [Float] = [0, -0.0]
        for exponent in low..<high {
            for k in 0..<perOctave {
                let x = Float(
                    sign: .plus, exponent: exponent, significand: 1 + (Float(k) + 0.3819660) / Float(perOctave))
                values.append(x)
                if k % 4 == 1 { values.append(-x) }
            }
        }
        return values
    }

    static func measure(_ table: TransferFunction.LookupTable, inputs: [Float]) -> LookupTableAccuracy {
        var result = LookupTableAccuracy(entries: table.count)
        let bound = table.errorBound
        let exclusionEnd: Float = {  // the log curves jump from 0 to 0.01 at 0 (see errorBound)
            switch (table.transferFunction, table.direction) {
            case (.log100, .toLinear), (.log100Sqrt10, .toLinear): 0x1p-24
            default: 0
            }
        }()
        var approximations = inputs
        approximations.withUnsafeMutableBufferPointer { table.apply($0) }
        for (x, approximation) in zip(inputs, approximations) where !(x != 0 && Swift.abs(x) < exclusionEnd) {
            let exact =
                table.direction == .toLinear
                ? table.transferFunction.toLinear(Double(x), outOfRange: table.outOfRange)
                : table.transferFunction.fromLinear(Double(x), outOfRange: table.outOfRange)
            result.count += 1
            if exact.isNaN || approximation.isNaN || exact.isInfinite {
                if !(exact.isNaN && approximation.isNaN) && Double(approximation) != exact, result.failures.count < 5 {
                    result.failures.append("x = \(x): \(approximation), exact \(exact)")
                }
                continue
            }
            let error = Swift.abs(Double(approximation) - exact)
            if Swift.abs(exact) <= 1 { result.maxAbsolute = Swift.max(result.maxAbsolute, error) }
            if bound.relative > 0, Swift.abs(exact) * bound.relative >= bound.absolute {
                result.maxRelative = Swift.max(result.maxRelative, error / Swift.abs(exact))
            }
            let fraction = error / (bound.absolute + bound.relative * Swift.abs(exact))
            result.worstFractionOfBound = Swift.max(result.worstFractionOfBound, fraction)
            if fraction > 1, result.failures.count < 5 {
                result.failures.append("x = \(x): \(approximation), exact \(exact), error \(error)")
            }
        }
        return result
    }
}
