// Issue 44's kernel ratios measured robustly on a shared, noisy VM: the workloads run interleaved, round after round,
// and each keeps its fastest round, so a slow phase of the machine lands on every workload alike instead of on
// whichever row package-benchmark happened to be running. Prints the best times (ms) and the ratios the issue names.
//
//     cd Benchmarks && swift run -c release KernelRatios [rounds]
//
// The same 4K frames as PixelConversionBenchmarks (random codes: every pixel bright; SDR-range content).
import Foundation
import HDRColor

let width = 3840, height = 2160

/// Codes from the same linear congruential generator as PixelConversionBenchmarks' `frame`.
func randomFrame(_ format: PixelFormat) -> PixelBuffer {
    var buffer = try! PixelBuffer(format: format, width: width, height: height)
    buffer.withMutableView { view in
        var state: UInt32 = 0x2545_F491
        for p in 0..<format.planeCount {
            let plane = view.plane(p)
            for r in 0..<plane.height {
                let row = plane.row(r, as: UInt16.self)
                for i in 0..<row.count {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    row[i] =
                        format.sampleType == .halfFloat
                        ? HalfFloat.bits(from: i % 4 == 3 ? 1 : Float((state >> 8) % 4096) / 1024)
                        : UInt16((state >> 8) & UInt32(format.maxCode)) << UInt16(16 - format.bitDepth)
                }
            }
        }
    }
    return buffer
}

/// Luma codes 64…463 (up to about 100 cd/m² in PQ), chroma within ±32 codes of neutral.
func sdrRangeFrame() -> PixelBuffer {
    var buffer = try! PixelBuffer(format: .x420, width: width, height: height)
    buffer.withMutableView { view in
        for p in 0..<2 {
            let plane = view.plane(p)
            for r in 0..<plane.height {
                let row = plane.row(r, as: UInt16.self)
                for i in 0..<row.count {
                    row[i] = UInt16(p == 0 ? 64 + (i * 7 + r * 13) % 400 : 480 + (i * 5 + r * 3) % 64) << 6
                }
            }
        }
    }
    return buffer
}

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
    output.initialize(to: try! PixelBuffer(format: to.format, width: width, height: height))
    output.pointee.withMutableView { v in
        for p in 0..<to.format.planeCount { memset(v.plane(p).baseAddress, 0, v.plane(p).bytesPerRow * height) }
    }
    return Workload(name: name) {
        input.withView { s in output.pointee.withMutableView { d in try! converter.convert(s, to: d) } }
    }
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 30
let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
let x420HLG = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
let random = randomFrame(.x420), sdrRange = sdrRangeFrame(), half = randomFrame(.rgbaHalf)
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
