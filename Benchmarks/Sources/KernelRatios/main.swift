// Issue 44's kernel ratios measured robustly on a shared, noisy VM: the workloads run interleaved, round after round,
// and each keeps its fastest round, so a slow phase of the machine lands on every workload alike instead of on
// whichever row package-benchmark happened to be running. Prints the best times (ms) and the ratios the issue names.
//
//     cd Benchmarks && swift run -c release KernelRatios [rounds] [name filter, for profiling one workload]
//
// The same 4K frames as PixelConversionBenchmarks (BenchmarkFrames: random codes, every pixel bright; SDR-range
// content), and zimg's graphs for S1 and PQ → HLG from the same frame (its fastest path: approximate gamma,
// ZIMG_CPU_AUTO_64B, which is its AVX2 path on a CPU without AVX-512).
import BenchmarkFrames
import Foundation
import HDRColor
import ZimgBench

let width = 3840, height = 2160

struct Workload {
    let name: String
    var plan: String? = nil
    let run: () -> Void
}

func conversion(
    _ name: String, _ from: PixelEncoding, _ to: PixelEncoding, input: PixelBuffer,
    _ change: (inout PixelConverter.Options) -> Void = { _ in }
) -> Workload {
    var options = PixelConverter.Options()
    options.threadCount = 1
    change(&options)
    let converter = try! PixelConverter(from: from, to: to, options: options)
    let output = UnsafeMutablePointer<PixelBuffer>.allocate(capacity: 1)
    output.initialize(to: BenchmarkFrames.mappedFrame(to.format, width: width, height: height))
    return Workload(name: name, plan: converter.plan.debugDescription) {
        input.withView { s in output.pointee.withMutableView { d in try! converter.convert(s, to: d) } }
    }
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 30
let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
let x420HLG = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
let random = BenchmarkFrames.frame(.x420, width: width, height: height)
let sdrRange = BenchmarkFrames.sdrRangeFrame(width: width, height: height)
let half = BenchmarkFrames.frame(.rgbaHalf, width: width, height: height)
let bt2390: (inout PixelConverter.Options) -> Void = {
    $0.toneMapping = .displayHeadroom(2, content: ContentLuminance(maxContentLightLevel: 4000), method: .bt2390)
}
func zimg(_ name: String, _ graph: ZimgGraph, input: PixelBuffer) -> Workload {
    let output = UnsafeMutablePointer<PixelBuffer>.allocate(capacity: 1)
    output.initialize(to: BenchmarkFrames.mappedFrame(graph.destinationFormat, width: width, height: height))
    return Workload(name: name) {
        input.withView { s in output.pointee.withMutableView { d in graph.process(s, into: d) } }
    }
}

let planar420 = BenchmarkFrames.frame(
    try! .planarYCbCr(.s420, bitDepth: 10, range: .narrow), width: width, height: height)
let copyDestination = UnsafeMutableRawPointer.allocate(byteCount: width * height * 8, alignment: 64)
memset(copyDestination, 0, width * height * 8)

let workloads = [
    conversion("S1 (random)", x420PQ, edr, input: random),
    conversion("S1 + BT.2390 to 2× (random)", x420PQ, edr, input: random, bt2390),
    conversion("S1 (SDR range)", x420PQ, edr, input: sdrRange),
    conversion("S1 + BT.2390 to 2× (SDR range)", x420PQ, edr, input: sdrRange, bt2390),
    conversion("PQ 'x420' → HLG 'x420' (random)", x420PQ, x420HLG, input: random),
    zimg("zimg: PQ 4:2:0 → planar half linear P3", ZimgGraph(width: width, height: height), input: planar420),
    zimg(
        "zimg: PQ 4:2:0 → HLG 4:2:0", ZimgGraph(width: width, height: height, to: .hlg420), input: planar420),
    Workload(name: "memcpy of the 66 MB 'RGhA' frame") {
        half.withView { s in _ = memcpy(copyDestination, s.plane(0).baseAddress, width * height * 8) }
    },
]
let only = CommandLine.arguments.dropFirst(2).first
var best = [Double](repeating: .infinity, count: workloads.count)
for _ in 0..<rounds {
    for (i, w) in workloads.enumerated() where only.map(w.name.contains) ?? true {
        let start = DispatchTime.now().uptimeNanoseconds
        w.run()
        best[i] = min(best[i], Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
}
for (w, t) in zip(workloads, best) { print(String(format: "%8.2f ms  %@", t, w.name)) }
if let only {
    for w in workloads where w.name.contains(only) { print("\(w.name):\n\(w.plan ?? "(zimg)")") }
    exit(0)
}
print(String(format: "tone-mapped S1 ÷ S1: random %.2f×, SDR range %.2f×", best[1] / best[0], best[3] / best[2]))
print(String(format: "zimg ÷ S1: %.2f×; zimg ÷ PQ → HLG: %.2f×", best[5] / best[0], best[6] / best[4]))
print(String(format: "S1 ÷ copy: %.2f×", best[0] / best[7]))
