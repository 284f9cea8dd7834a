// PixelBuffers benchmarks: planar → biplanar 4:2:0 chroma interleaving of a 1920×1080 frame at 8 and 10 bits beside a
// memcpy of the same bytes (a software decoder's output handed to CoreVideo as '420v' / 'x420'), the reverse
// deinterleave. (The planar Float unpack/pack these benchmarks also measured left the library: the C kernels of
// PixelConversion convert whole frames, and PixelConversionBenchmarks measures them.)
// One iteration = one frame. Results: Docs/Performance.md (section "pixel-buffers").
import Benchmark
import PixelBuffers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let width = 1920
let height = 1080

/// A frame of `format` filled with deterministic codes in their significant bits.
func frame(_ format: PixelFormat) -> PixelBuffer {
    var buffer = try! PixelBuffer(format: format, width: width, height: height)
    buffer.withMutableView { view in
        var state: UInt32 = 0x2545_F491
        for p in 0..<format.planeCount {
            let plane = view.plane(p)
            for r in 0..<plane.height {
                let row = plane.row(r)
                if format.bytesPerSample == 1 {
                    for i in 0..<row.count {
                        state = state &* 1_664_525 &+ 1_013_904_223
                        row[i] = UInt8(truncatingIfNeeded: state >> 24)
                    }
                } else {
                    let samples = plane.row(r, as: UInt16.self)
                    let shift: UInt16 = format.alignment == .high ? 6 : 0
                    for i in 0..<samples.count {
                        state = state &* 1_664_525 &+ 1_013_904_223
                        samples[i] = UInt16(truncatingIfNeeded: state >> 22) << shift
                    }
                }
            }
        }
    }
    return buffer
}

/// Copies every plane of `source` into `destination` (same format) with one memcpy per plane.
func memcpyPlanes(_ source: PixelBufferView, _ destination: MutablePixelBufferView) {
    for p in 0..<source.format.planeCount {
        let s = source.plane(p)
        let d = destination.plane(p)
        memcpy(d.baseAddress, s.baseAddress, s.bytesPerRow * s.height)
    }
}

/// A benchmark converting `source` into a fresh buffer of `destination` format once per iteration.
func layoutBenchmark(_ name: String, from source: PixelFormat, to destination: PixelFormat) {
    let input = frame(source)
    Benchmark(name) { benchmark in
        var output = try! PixelBuffer(format: destination, width: width, height: height)
        benchmark.startMeasurement()  // allocation above is set-up, not measured
        for _ in benchmark.scaledIterations {
            input.withView { s in output.withMutableView { d in try! s.convertLayout(into: d) } }
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
        blackHole(output)
    }
}

/// A benchmark copying every plane of a `format` frame with memcpy (the same bytes the conversions move).
func memcpyBenchmark(_ name: String, _ format: PixelFormat) {
    let input = frame(format)
    Benchmark(name) { benchmark in
        var output = try! PixelBuffer(format: format, width: width, height: height)
        benchmark.startMeasurement()  // allocation above is set-up, not measured
        for _ in benchmark.scaledIterations {
            input.withView { s in output.withMutableView { d in memcpyPlanes(s, d) } }
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
        blackHole(output)
    }
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 5,
        maxDuration: .seconds(2), maxIterations: 2_000)

    let i420 = try! PixelFormat.planarYCbCr(.s420, bitDepth: 8, range: .narrow)  // 'y420'
    let nv12 = PixelFormat(fourCC: "420v")!
    let p10 = try! PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .narrow)  // yuv420p10le
    let x420 = PixelFormat(fourCC: "x420")!

    // MARK: Planar ⇄ biplanar, 1080p

    memcpyBenchmark("PixelBuffers: memcpy 1080p 4:2:0 8-bit frame (3.1 MB)", nv12)
    layoutBenchmark("PixelBuffers: I420 → '420v' interleave 1080p 8-bit", from: i420, to: nv12)
    layoutBenchmark("PixelBuffers: '420v' → I420 deinterleave 1080p 8-bit", from: nv12, to: i420)
    memcpyBenchmark("PixelBuffers: memcpy 1080p 4:2:0 10-bit frame (6.2 MB)", x420)
    layoutBenchmark("PixelBuffers: yuv420p10le → 'x420' interleave 1080p 10-bit", from: p10, to: x420)
    layoutBenchmark("PixelBuffers: 'x420' → yuv420p10le deinterleave 1080p 10-bit", from: x420, to: p10)
}
