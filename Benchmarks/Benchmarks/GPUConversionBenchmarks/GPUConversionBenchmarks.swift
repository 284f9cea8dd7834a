// GPU benchmarks: S1 (4K 'x420' PQ → RGBA half extended-linear Display P3) and the tone-mapped S1 (BT.2390 onto a 2×
// display) run by GPUConversion on the default Vulkan device (a GPU, else Mesa's lavapipe on the CPU;
// HDRCOLOR_VULKAN_DEVICE picks one), beside the same conversions on the CPU kernels in the same run. Each GPU row's
// wall time includes copying the frame into the device's buffer and the result out; the custom metric "kernel (µs)" is
// the dispatch alone, from the device's timestamps. lavapipe's figures say little about a GPU. Results:
// Docs/Performance.md (section "GPU").
import Benchmark
import GPUConversion
import HDRColor

let width = 3840
let height = 2160

/// A 4K 'x420' frame of uniform narrow-range codes (deterministic).
func x420Frame() -> PixelBuffer {
    var buffer = try! PixelBuffer(format: .x420, width: width, height: height)
    buffer.withMutableView { view in
        var state: UInt32 = 0x2545_F491
        for p in 0..<2 {
            let plane = view.plane(p)
            for r in 0..<plane.height {
                let row = plane.row(r, as: UInt16.self)
                for i in 0..<row.count {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    row[i] = UInt16(64 + (state >> 8) % 877) << 6
                }
            }
        }
    }
    return buffer
}

let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
let edrHalf = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
let kernelMetric = BenchmarkMetric.custom("kernel (µs)")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, kernelMetric], warmupIterations: 1, maxDuration: .seconds(10),
        maxIterations: 20)
    guard let device = try? VulkanDevice() else { return }  // no Vulkan device: no GPU rows
    var toneMapped = PixelConverter.Options()
    toneMapped.toneMapping = .displayHeadroom(2, content: ContentLuminance(maxContentLightLevel: 4000), method: .bt2390)
    for (name, options) in [("S1", PixelConverter.Options()), ("S1 tone mapped 2× BT.2390", toneMapped)] {
        let converter = try! PixelConverter(from: x420PQ, to: edrHalf, options: options)
        let gpu = try! GPUPixelConverter(converter, device: device)
        let source = x420Frame()
        var output = try! PixelBuffer(format: .rgbaHalf, width: width, height: height)
        Benchmark("\(name) 4K, GPU (\(device.name)), with transfers") { benchmark in
            for _ in benchmark.scaledIterations {
                let timing = try source.withView { s in try output.withMutableView { try gpu.run(s, to: $0) } }
                if let kernel = timing.kernelSeconds { benchmark.measurement(kernelMetric, Int(kernel * 1e6)) }
            }
        }
        Benchmark("\(name) 4K, CPU kernels") { benchmark in
            for _ in benchmark.scaledIterations {
                try source.withView { s in try output.withMutableView { try converter.convert(s, to: $0) } }
            }
        }
    }
}
