// Transfer-function benchmarks: PQ, HLG and sRGB in both directions over 1 Mi Float values, through
// - the exact bulk API (`TransferFunction.toLinear(_:into:)`, Double evaluation per element),
// - the fast path (`TransferFunction.LookupTable.apply(_:into:)`),
// - LittleCMS 2 (`cmsEvalToneCurveFloat` per element): the analytic parametric curve type 4 for sRGB (and its analytic
//   reverse, type −4), and for PQ and HLG a 4096-entry float tabulated curve (`cmsBuildTabulatedToneCurveFloat`) and
//   its `cmsReverseToneCurveEx` reverse — LittleCMS has no built-in PQ or HLG curve.
// Every benchmark converts `valueCount` values per iteration, so values/s = valueCount / time per iteration.
import Benchmark
import LittleCMSBench
import TransferFunctions

/// Values per iteration: 1 Mi (4 MiB of Float in, 4 MiB out).
let valueCount = 1 << 20

/// Deterministic inputs in [0, 1]: a smooth ramp with a little jitter, like image signal or linear values.
func inputs(linear: Bool) -> [Float] {
    var state: UInt32 = 0x2545_F491
    return (0..<valueCount).map { i in
        state = state &* 1_664_525 &+ 1_013_904_223
        let ramp = (Float(i) + Float(state >> 16) / 65536) / Float(valueCount)
        return linear ? ramp * ramp * ramp : ramp  // linear light is concentrated near 0
    }
}

/// A benchmark that maps `input` into a zeroed output once per iteration.
func mapping(
    _ name: String, _ input: [Float],
    _ body: @escaping @Sendable (UnsafeBufferPointer<Float>, UnsafeMutableBufferPointer<Float>) -> Void
) {
    Benchmark(name) { benchmark in
        var out = [Float](repeating: 0, count: valueCount)
        for _ in benchmark.scaledIterations {
            input.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { body(i, $0) } }
            blackHole(out[valueCount / 2])
        }
    }
}

/// A LittleCMS curve for one direction of `function`, built inside the benchmark (its pointer is not Sendable).
func littleCMSCurve(_ function: TransferFunction, toLinear: Bool) -> OpaquePointer? {
    let forward: OpaquePointer?
    if function == .srgb {
        // IEC 61966-2-1 as parametric type 4: Y = (aX + b)^g for X ≥ d, else cX.
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        forward = cmsBuildParametricToneCurve(nil, 4, &parameters)
    } else {
        var table = (0..<4096).map { function.toLinear(Float($0) / 4095) }
        forward = cmsBuildTabulatedToneCurveFloat(nil, 4096, &table)
    }
    guard let forward, !toLinear else { return forward }
    defer { cmsFreeToneCurve(forward) }
    return function == .srgb ? cmsReverseToneCurve(forward) : cmsReverseToneCurveEx(4096, forward)
}

/// A benchmark that evaluates a LittleCMS curve for one direction of `function` on every input value.
func littleCMS(_ name: String, _ function: TransferFunction, toLinear: Bool, _ input: [Float]) {
    Benchmark(name) { benchmark in
        guard let curve = littleCMSCurve(function, toLinear: toLinear) else { fatalError("cannot build the curve") }
        defer { cmsFreeToneCurve(curve) }
        var out = [Float](repeating: 0, count: valueCount)
        for _ in benchmark.scaledIterations {
            for i in 0..<valueCount { out[i] = cmsEvalToneCurveFloat(curve, input[i]) }
            blackHole(out[valueCount / 2])
        }
    }
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput], timeUnits: .microseconds, warmupIterations: 2,
        maxDuration: .seconds(2), maxIterations: 200)

    let signals = inputs(linear: false)
    let linears = inputs(linear: true)

    for (name, function) in [("PQ", TransferFunction.pq), ("HLG", .hlg), ("sRGB", .srgb)] {
        let decoder = TransferFunction.LookupTable(function, direction: .toLinear)
        let encoder = TransferFunction.LookupTable(function, direction: .fromLinear)

        mapping("\(name) toLinear: exact bulk", signals) { function.toLinear($0, into: $1) }
        mapping("\(name) toLinear: LookupTable", signals) { decoder.apply($0, into: $1) }
        littleCMS("\(name) toLinear: LittleCMS cmsEvalToneCurveFloat", function, toLinear: true, signals)

        mapping("\(name) fromLinear: exact bulk", linears) { function.fromLinear($0, into: $1) }
        mapping("\(name) fromLinear: LookupTable", linears) { encoder.apply($0, into: $1) }
        littleCMS("\(name) fromLinear: LittleCMS cmsEvalToneCurveFloat", function, toLinear: false, linears)
    }

    // A memcpy of the same data, the floor for any per-element map.
    mapping("memcpy (floor)", signals) { source, destination in
        destination.baseAddress!.update(from: source.baseAddress!, count: valueCount)
    }
}
