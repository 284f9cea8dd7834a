// Exhaustive check of the curve tables (`make check-exhaustive`): every non-negative Float the table itself evaluates
// (below the top beyond which `TransferFunction.LookupTable` calls the exact curve: 4 for `toLinear`, 2 for HLG and
// the log curves, 128 for `fromLinear`; PQ: signals up to 1, linear light below 2) goes through the table's bulk
// path, and its error against the `Double` curve is measured against the table's `errorBound`. Negative inputs are
// left out: the extended tables mirror them by the sign bit, and the unmirrored curves send them to the exact
// function. The sweep tests (LookupTableTests) probe each segment twice; this visits every input, so a bound that
// only holds between the sweep's points shows here. One direction takes 4–60 s on two cores (the `Double` curve
// dominates; 7 minutes in all). Exits 1 when any error exceeds its bound, 2 for an unknown curve name.
//
// Usage: CurveExhaustive [name …] (names as printed; none: every curve in both directions).

import Dispatch
import TransferFunctions

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line to standard output unbuffered, so that progress shows while the check runs.
func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

/// `value` with two significant digits in exponent notation (`0` for zero).
func scientific(_ value: Double) -> String {
    guard value != 0 else { return "0" }
    let exponent = Int(log10(value).rounded(.down))
    var mantissa = (value / pow(10, Double(exponent)) * 10).rounded() / 10
    var e = exponent
    if mantissa >= 10 {
        mantissa /= 10
        e += 1
    }
    return "\(mantissa)e\(e < 0 ? "-" : "+")\(e < 0 ? -e : e)"
}

/// The error statistics of one table over a range of inputs; `merge` combines the chunks' results.
struct Errors: Sendable {
    var count: UInt64 = 0
    /// Largest error ÷ (absolute + relative·|exact|) and its input.
    var worstOfBound = 0.0
    var worstInput: Float = 0
    /// Largest |error| ÷ |exact| where the relative term of the bound dominates.
    var maxRelative = 0.0
    /// Largest |error| where |exact| ≤ 1.
    var maxAbsolute = 0.0
    /// Inputs whose result is NaN or infinite where the exact value is not (or the reverse).
    var nonFinite: UInt64 = 0

    mutating func merge(_ other: Errors) {
        count += other.count
        if other.worstOfBound > worstOfBound {
            worstOfBound = other.worstOfBound
            worstInput = other.worstInput
        }
        maxRelative = max(maxRelative, other.maxRelative)
        maxAbsolute = max(maxAbsolute, other.maxAbsolute)
        nonFinite += other.nonFinite
    }
}

struct Curve: Sendable {
    let name: String
    let function: TransferFunction
}

let curves = [
    Curve(name: "linear", function: .linear), Curve(name: "srgb", function: .srgb),
    Curve(name: "gamma22", function: .gamma22), Curve(name: "gamma28", function: .gamma28),
    Curve(name: "adobergb", function: .adobeRGB), Curve(name: "bt709", function: .bt709),
    Curve(name: "bt2020-12bit", function: .bt2020TwelveBit), Curve(name: "smpte240m", function: .smpte240m),
    Curve(name: "bt1886", function: .bt1886(whiteLuminance: 100, blackLuminance: 0.1)),
    Curve(name: "log100", function: .log100), Curve(name: "log100sqrt10", function: .log100Sqrt10),
    Curve(name: "iec61966-2-4", function: .iec61966_2_4), Curve(name: "bt1361", function: .bt1361),
    Curve(name: "st428", function: .st428), Curve(name: "pq", function: .pq), Curve(name: "hlg", function: .hlg),
]

/// The first input the table leaves to the exact curve (TransferFunction.LookupTable's documented tops).
func top(_ function: TransferFunction, _ direction: TransferFunction.LookupTable.Direction) -> Float {
    switch (function, direction) {
    case (.pq, .toLinear): Float(1).nextUp
    case (.pq, .fromLinear): 2
    case (.hlg, .toLinear), (.log100, .toLinear), (.log100Sqrt10, .toLinear): 2
    case (_, .toLinear): 4
    case (_, .fromLinear): 128
    }
}

/// The errors of `table` on the inputs with bit patterns in `bits` (non-negative Floats).
func measure(_ table: TransferFunction.LookupTable, bits: Range<UInt32>) -> Errors {
    var errors = Errors()
    let bound = table.errorBound
    let function = table.transferFunction, toLinear = table.direction == .toLinear
    // The log curves jump from 0 to 0.01 at 0 (TransferFunction.LookupTable.errorBound excludes (0, 2⁻²⁴)).
    let excludedBelow: UInt32 =
        switch (function, table.direction) {
        case (.log100, .toLinear), (.log100Sqrt10, .toLinear): Float(0x1p-24).bitPattern
        default: 0
        }
    let chunk = 1 << 16
    var inputs = [Float](repeating: 0, count: chunk), outputs = inputs
    var start = bits.lowerBound
    while start < bits.upperBound {
        let n = Int(min(UInt32(chunk), bits.upperBound - start))
        for k in 0..<n { inputs[k] = Float(bitPattern: start + UInt32(k)) }
        inputs.withUnsafeBufferPointer { i in
            outputs.withUnsafeMutableBufferPointer { o in
                table.apply(
                    UnsafeBufferPointer(rebasing: i[0..<n]), into: UnsafeMutableBufferPointer(rebasing: o[0..<n]))
            }
        }
        for k in 0..<n {
            let x = inputs[k]
            if x.bitPattern != 0 && x.bitPattern < excludedBelow { continue }
            let exact = toLinear ? function.toLinear(Double(x)) : function.fromLinear(Double(x))
            let approximation = Double(outputs[k])
            errors.count += 1
            guard exact.isFinite, approximation.isFinite else {
                if exact != approximation && !(exact.isNaN && approximation.isNaN) { errors.nonFinite += 1 }
                continue
            }
            let error = abs(approximation - exact), magnitude = abs(exact)
            if magnitude <= 1 { errors.maxAbsolute = max(errors.maxAbsolute, error) }
            if magnitude * bound.relative >= bound.absolute {
                errors.maxRelative = max(errors.maxRelative, error / magnitude)
            }
            let ofBound = error / (bound.absolute + bound.relative * magnitude)
            if ofBound > errors.worstOfBound {
                errors.worstOfBound = ofBound
                errors.worstInput = x
            }
        }
        start += UInt32(n)
    }
    return errors
}

/// Splits the inputs into slices measured on every core.
func measureInParallel(_ table: TransferFunction.LookupTable, upTo top: Float) -> Errors {
    let end = top.bitPattern
    let slices = 256
    let size = (end + UInt32(slices) - 1) / UInt32(slices)
    let results = UnsafeMutableBufferPointer<Errors>.allocate(capacity: slices)
    results.initialize(repeating: Errors())
    defer { results.deallocate() }
    nonisolated(unsafe) let shared = results  // each iteration writes its own element
    DispatchQueue.concurrentPerform(iterations: slices) { s in
        let low = UInt32(s) * size
        let high = min(end, low + size)
        if low < high { shared[s] = measure(table, bits: low..<high) }
    }
    var total = Errors()
    for result in results { total.merge(result) }
    return total
}

func run() -> Int32 {
    let names = Set(CommandLine.arguments.dropFirst())
    let unknown = names.subtracting(curves.map(\.name))
    guard unknown.isEmpty else {
        say(
            "unknown curve name(s): \(unknown.sorted().joined(separator: ", ")); known: \(curves.map(\.name).joined(separator: ", "))"
        )
        return 2
    }
    let clock = ContinuousClock()
    var failed = false
    say("| curve | direction | inputs | worst of bound | at input | max rel. | max abs. (\\|exact\\| ≤ 1) | time |")
    say("|---|---|---:|---:|---|---:|---:|---:|")
    for curve in curves where names.isEmpty || names.contains(curve.name) {
        for direction in [TransferFunction.LookupTable.Direction.toLinear, .fromLinear] {
            let table = TransferFunction.LookupTable(curve.function, direction: direction)
            let limit = top(curve.function, direction)
            var errors = Errors()
            let time = clock.measure { errors = measureInParallel(table, upTo: limit) }
            let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) * 1e-18
            let name = direction == .toLinear ? "toLinear" : "fromLinear"
            say(
                "| `\(curve.name)` | \(name) [0, \(limit)) | \(errors.count) | "
                    + "\((errors.worstOfBound * 1000).rounded() / 1000) | \(errors.worstInput) | "
                    + "\(scientific(errors.maxRelative)) | \(scientific(errors.maxAbsolute)) | "
                    + "\(Int(seconds.rounded())) s |")
            if errors.worstOfBound > 1 || errors.nonFinite > 0 {
                failed = true
                say("  FAILED: worst \(errors.worstOfBound) of bound, \(errors.nonFinite) non-finite mismatches")
            }
        }
    }
    return failed ? 1 : 0
}

exit(run())
