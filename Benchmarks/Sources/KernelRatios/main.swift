// Issue 44's kernel ratios measured robustly on a shared, noisy VM: the workloads run interleaved, round after round,
// and each keeps its fastest round, so a slow phase of the machine lands on every workload alike instead of on
// whichever row package-benchmark happened to be running. Prints the best times (ms) and the ratios the issue names.
//
//     cd Benchmarks && swift run -c release KernelRatios [rounds]
//
// The same 4K frames as PixelConversionBenchmarks (BenchmarkFrames: random codes, every pixel bright; SDR-range
// content).
import BenchmarkFrames
import Foundation
import HDRColor

let width = 3840, height = 2160

struct Workload {
    let name: String
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
    return Workload(name: name) {
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
let copyDestination = UnsafeMutableRawPointer.allocate(byteCount: width * height * 8, alignment: 64)
memset(copyDestination, 0, width * height * 8)

let workloads = [
    conversion("S1 (random)", x420PQ, edr, input: random),
    conversion("S1 + BT.2390 to 2× (random)", x420PQ, edr, input: random, bt2390),
    conversion("S1 (SDR range)", x420PQ, edr, input: sdrRange),
    conversion("S1 + BT.2390 to 2× (SDR range)", x420PQ, edr, input: sdrRange, bt2390),
    conversion("PQ 'x420' → HLG 'x420' (random)", x420PQ, x420HLG, input: random),
    Workload(name: "memcpy of the 66 MB 'RGhA' frame") {
        half.withView { s in _ = memcpy(copyDestination, s.plane(0).baseAddress, width * height * 8) }
    },
]
var best = [Double](repeating: .infinity, count: workloads.count)
for _ in 0..<rounds {
    for (i, w) in workloads.enumerated() {
        let start = DispatchTime.now().uptimeNanoseconds
        w.run()
        best[i] = min(best[i], Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
}
for (w, t) in zip(workloads, best) { print(String(format: "%8.2f ms  %@", t, w.name)) }
print(String(format: "tone-mapped S1 ÷ S1: random %.2f×, SDR range %.2f×", best[1] / best[0], best[3] / best[2]))
print(String(format: "S1 ÷ copy: %.2f×", best[0] / best[5]))
