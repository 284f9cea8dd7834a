// ImageFiles benchmarks: a 3840×2160 16-bit PQ PNG converted to a 10-bit PQ AVIF, split into its three stages so the
// converter's share is visible: PNG decode (libpng + ColorTags), PixelConverter (RGBA 16-bit PQ → planar Y′CbCr
// 4:4:4 10-bit BT.2020 NCL, the layout libavif takes), AVIF encode (libavif/libaom, speed 6 and 9, quality 90).
// One iteration = one frame. Results: Docs/Performance.md (section "image-files").
import Benchmark
import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion

let width = 3840
let height = 2160

/// A 4K PQ frame: smooth ramps with texture (a compressible but not trivial image), BT.2100 PQ, 16-bit RGBA.
func pqFrame() -> PixelBuffer {
    var buffer = try! PixelBuffer(format: .rgba16, width: width, height: height)
    buffer.withMutableView { view in
        let plane = view.plane(0)
        var state: UInt32 = 0x2545_F491
        for y in 0..<height {
            let row = plane.row(y, as: UInt16.self)
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Int(state >> 26)  // 0 … 63
                row[4 * x] = UInt16(min(65535, x * 15 + noise))
                row[4 * x + 1] = UInt16(min(65535, y * 28 + noise))
                row[4 * x + 2] = UInt16(min(65535, (x + y) * 10 + noise))
                row[4 * x + 3] = 0xFFFF
            }
        }
    }
    return buffer
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput], timeUnits: .milliseconds, warmupIterations: 1,
        maxDuration: .seconds(20), maxIterations: 5)

    let source = PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ)
    let frame = pqFrame()
    let png = try! ImageFile.encode(frame, encoding: source, options: ImageWriteOptions(fileType: .png))
    let avifOptions = ImageWriteOptions(fileType: .avif, bitDepth: 10, quality: 90)
    // What the AVIF writer stores 10-bit PQ in (full-range Y′CbCr 4:4:4, BT.2020 NCL), so that converting to it first
    // leaves the encoder no conversion to do.
    let target = PixelEncoding(
        format: try! .planarYCbCr(.s444, bitDepth: 10, range: .full, alignment: .low), colorSpace: .bt2100PQ,
        matrix: .bt2020NonConstantLuminance)
    let converter = try! PixelConverter(from: source, to: target)
    var planar = try! PixelBuffer(format: target.format, width: width, height: height)
    try! frame.withView { input in try planar.withMutableView { try converter.convert(input, to: $0) } }
    let converted = planar

    Benchmark("ImageFiles: 4K PNG16 PQ decode (libpng + tags, \(png.count / 1_000_000) MB file)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! ImageFile.decode(png)) }
    }
    Benchmark("ImageFiles: 4K convert RGBA16 PQ → Y′CbCr 4:4:4 10-bit (PixelConverter)") { benchmark in
        var output = try! PixelBuffer(format: target.format, width: width, height: height)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try! frame.withView { input in try output.withMutableView { try converter.convert(input, to: $0) } }
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
        blackHole(output)
    }
    for speed in [6, 9] {
        var options = avifOptions
        options.speed = speed
        Benchmark("ImageFiles: 4K AVIF 10-bit 4:4:4 encode q90 speed \(speed) (libavif/libaom)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! ImageFile.encode(converted, encoding: target, options: options))
            }
        }
    }
    Benchmark("ImageFiles: 4K PNG16 PQ → AVIF whole (decode + convert + encode, speed 9)") { benchmark in
        var options = avifOptions
        options.speed = 9
        for _ in benchmark.scaledIterations {
            let image = try! ImageFile.decode(png)
            var output = try! PixelBuffer(format: target.format, width: width, height: height)
            try! image.pixels.withView { input in try output.withMutableView { try converter.convert(input, to: $0) } }
            blackHole(try! ImageFile.encode(output, encoding: target, options: options))
        }
    }
}
