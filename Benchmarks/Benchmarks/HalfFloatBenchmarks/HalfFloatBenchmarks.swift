// HalfFloat benchmarks: the bulk SIMD conversions beside the platform's scalar `Float16(x)` conversion (a compiler-rt
// call per element at baseline x86-64), HalfFloat's own scalar functions and a memcpy of the same element count.
// Every benchmark converts `valueCount` values per iteration, so values/s = valueCount / time per iteration.
// Results: Docs/Performance.md (section "half-float").
import Benchmark
import HalfFloat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Values per iteration: 64 Ki (256 KiB of Float, 128 KiB of half; resident in L2).
let valueCount = 1 << 16

/// Deterministic Float inputs spanning the half range: normals, a few subnormals, and some values out of range.
func floatInputs() -> [Float] {
    var state: UInt32 = 0x1234_5678
    return (0..<valueCount).map { _ in
        state = state &* 1_664_525 &+ 1_013_904_223
        return Float(Int32(bitPattern: state) >> 8) / Float(1 << 10)  // ±8192, steps of 2⁻¹⁰
    }
}

/// A benchmark that runs `body` over `input` and a zeroed output of `outputCount` elements once per iteration.
func conversion<Input, Output: Numeric & Sendable>(
    _ name: String, _ input: [Input], to _: Output.Type, outputCount: Int = valueCount,
    _ body: @escaping @Sendable (UnsafeBufferPointer<Input>, UnsafeMutableBufferPointer<Output>) -> Void
) where Input: Sendable {
    Benchmark(name) { benchmark in
        var out = [Output](repeating: 0, count: outputCount)
        for _ in benchmark.scaledIterations {
            input.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { body(i, $0) } }
            blackHole(out[outputCount / 2])
        }
    }
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput], timeUnits: .microseconds, warmupIterations: 10,
        maxDuration: .seconds(2), maxIterations: 10_000)

    let floats = floatInputs()
    let halves: [UInt16] = floats.map { HalfFloat.bits(from: $0) }
    let doubles = floats.map { Double($0) * (1 + 0x1p-20) }

    // MARK: Float → half

    conversion("Float → half: HalfFloat.convert (bulk SIMD)", floats, to: UInt16.self) {
        HalfFloat.convert($0, to: $1)
    }

    conversion("Float → half: HalfFloat.bits(from:) loop (scalar)", floats, to: UInt16.self) { f, o in
        for i in 0..<valueCount { o[i] = HalfFloat.bits(from: f[i]) }
    }

    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
        conversion("Float → half: Float16(x) loop (platform scalar)", floats, to: UInt16.self) { f, o in
            for i in 0..<valueCount { o[i] = Float16(f[i]).bitPattern }
        }

        conversion("half → Float: Float(Float16) loop (platform scalar)", halves, to: Float.self) { h, o in
            for i in 0..<valueCount { o[i] = Float(Float16(bitPattern: h[i])) }
        }

        conversion("Double → half: Float16(x) loop (platform scalar)", doubles, to: UInt16.self) { d, o in
            for i in 0..<valueCount { o[i] = Float16(d[i]).bitPattern }
        }
    }
    #endif

    // MARK: half → Float

    conversion("half → Float: HalfFloat.convert (bulk SIMD)", halves, to: Float.self) {
        HalfFloat.convert($0, to: $1)
    }

    conversion("half → Float: HalfFloat.float(fromBits:) loop (scalar)", halves, to: Float.self) { h, o in
        for i in 0..<valueCount { o[i] = HalfFloat.float(fromBits: h[i]) }
    }

    // MARK: Double → half

    conversion("Double → half: HalfFloat.convert (scalar loop inside)", doubles, to: UInt16.self) {
        HalfFloat.convert($0, to: $1)
    }

    // MARK: Interleaved ⇄ planar (RGBA half rows, e.g. 'RGhA')

    // Planes and rows live in buffers allocated once, as a pixel pipeline's working rows would.
    let pixels = valueCount / 4
    let planes = (0..<4).map { k in
        let plane = UnsafeMutableBufferPointer<Float>.allocate(capacity: pixels)
        _ = plane.initialize(from: floats[(k * pixels)..<((k + 1) * pixels)])
        return plane
    }
    let row = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: valueCount)
    _ = row.initialize(from: halves)

    Benchmark("RGBA half → 4 Float planes: HalfFloat.deinterleave") { benchmark in
        for _ in benchmark.scaledIterations {
            HalfFloat.deinterleave(UnsafeBufferPointer(row), into: planes[0], planes[1], planes[2], planes[3])
            blackHole(planes[3][pixels / 2])
        }
    }

    Benchmark("4 Float planes → RGBA half: HalfFloat.interleave") { benchmark in
        let sources = planes.map { UnsafeBufferPointer($0) }
        for _ in benchmark.scaledIterations {
            HalfFloat.interleave(sources[0], sources[1], sources[2], sources[3], into: row)
            blackHole(row[valueCount / 2])
        }
    }

    conversion("RGBA half → 1 Float plane: convert(_:channel:of:to:)", halves, to: Float.self, outputCount: pixels) {
        HalfFloat.convert($0, channel: 1, of: 4, to: $1)
    }

    // MARK: Reference

    conversion("memcpy: 64 Ki Float (256 KiB)", floats, to: Float.self) { f, o in
        _ = memcpy(o.baseAddress!, f.baseAddress!, valueCount * MemoryLayout<Float>.stride)
    }
}
