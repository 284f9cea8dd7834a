// VideoFiles benchmarks (issue 20): a 3840×2160 HEVC Main10 BT.2100 PQ clip of 30 frames, made on first use by
// MovieWriter and cached in the temporary folder, then
//   (a) decode + PixelConverter to RGBA half extended-linear Display P3 (the EDR layer's format), per clip, beside
//       the ffmpeg CLI decoding the same clip through zscale (zimg) into planar float32 linear Display P3, and the
//       decode alone on both sides;
//   (b) the full PQ → HLG transcode (decode, convert to 'yuv420p10le' HLG, x265 ultrafast CRF 20), as a loop over
//       MovieReader, PixelConverter and MovieWriter and as MediaConverter.convertMovie (which also opens the movie,
//       plans, and checks the written file), beside `ffmpeg -vf zscale=…` with the same x265 settings.
// The ffmpeg side is timed as a whole process (a documented approximation: Debian 12 has libavfilter-dev, but this
// package links no filter graph; process start and the null muxer are included, about 40 ms). One iteration = the
// whole 30-frame clip. Results and ratios: Docs/Performance.md (section "Video files").
import Benchmark
import Foundation
import HDRColor
import MediaConversion
import VideoFiles

let width = 3840
let height = 2160
let frameCount = 30

let planar10 = try! PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .narrow)
let pq = PixelEncoding(
    format: planar10, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance, chromaLocation: .topLeft)
let hlg = PixelEncoding(
    format: planar10, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance, chromaLocation: .topLeft)
let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)

/// The x265 settings both transcoders use.
let x265Preset = "ultrafast"
let x265CRF = 20

/// The cached clip: frames of a luminance ramp (0.01 … 4000 cd/m², a few stops per row band) under saturated colour
/// bars, moving one bar per frame, so that the encoder sees motion and every PQ code range.
let clip: URL = {
    FFmpegLogLevel.error.apply()
    setenv("SVT_LOG", "1", 1)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrcolor-bench-4k-pq-30.mp4")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    var rgb = try! PixelBuffer(format: .rgbaFloat, width: width, height: height)
    let converter = try! PixelConverter(from: PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100PQ), to: pq)
    var settings = VideoEncodeSettings(
        codec: .hevc, width: width, height: height, encoding: pq, frameRate: Rational(30, 1),
        masteringDisplay: MasteringDisplayColorVolume(
            primaries: .bt2020, maximumLuminance: 1000, minimumLuminance: 0.0001),
        contentLightLevel: ContentLightLevel(maxContentLightLevel: 1000, maxFrameAverageLightLevel: 400))
    settings.preset = "ultrafast"
    settings.crf = 18
    let writer = try! MovieWriter(url: url, settings: settings)
    var yuv = try! PixelBuffer(format: planar10, width: width, height: height)
    for f in 0..<frameCount {
        rgb.withMutableView { view in
            let plane = view.plane(0)
            for y in 0..<height {
                let row = plane.row(y, as: Float.self)
                for x in 0..<width {
                    let bar = ((x / 240) + f) % 8
                    let ramp = 0.01 * pow(4e5, Double(x) / Double(width))  // 0.01 … 4000 cd/m²
                    let base: SIMD3<Double> =
                        y < height / 2
                        ? SIMD3(repeating: ramp)
                        : [
                            SIMD3(1, 0.05, 0.05), SIMD3(0.05, 1, 0.05), SIMD3(0.05, 0.05, 1), SIMD3(1, 1, 0.05),
                            SIMD3(0.05, 1, 1), SIMD3(1, 0.05, 1), SIMD3(1, 1, 1), SIMD3(0.5, 0.3, 0.2),
                        ][bar] * 600
                    for c in 0..<3 { row[4 * x + c] = Float(TransferFunction.pq.fromLinear(base[c] / 10_000)) }
                    row[4 * x + 3] = 1
                }
            }
        }
        try! rgb.withView { source in try yuv.withMutableView { try converter.convert(source, to: $0) } }
        try! yuv.withView { try writer.append($0, encoding: pq) }
    }
    try! writer.finish()
    return url
}()

/// Runs ffmpeg quietly and waits for it.
func ffmpeg(_ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    process.arguments = ["-nostdin", "-v", "error", "-y"] + arguments
    try! process.run()
    process.waitUntilExit()
    precondition(process.terminationStatus == 0, "ffmpeg \(arguments) failed")
}

/// zscale: PQ BT.2020 narrow Y′CbCr in, linear Display P3 out with 1.0 = 203 cd/m² (npl=203, as the converter's
/// reference white), planar float32 (zscale in FFmpeg 5.1 writes no half float).
let zscaleToLinearP3 =
    "zscale=min=2020_ncl:tin=smpte2084:pin=2020:rin=tv:t=linear:p=smpte432:m=gbr:r=full:npl=203:f=bilinear,"
    + "format=gbrpf32le"
/// zscale: PQ → HLG, BT.2020 narrow Y′CbCr 10-bit.
let zscaleToHLG =
    "zscale=min=2020_ncl:tin=smpte2084:pin=2020:rin=tv:t=arib-std-b67:p=2020:m=2020_ncl:r=tv:npl=203,"
    + "format=yuv420p10le"

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(120), maxIterations: 5)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("hdrcolor-bench-hlg.mp4")
    dolbyVisionBenchmarks()

    Benchmark("VideoFiles: decode 4K HEVC PQ (30 frames)") { benchmark in
        let reader = try MovieReader(contentsOf: clip)
        benchmark.startMeasurement()
        var n = 0
        while try reader.nextFrame({ $0.view.width }) != nil { n += 1 }
        precondition(n == frameCount)
    }

    Benchmark("VideoFiles: open 4K HEVC PQ (probe and the first frame decoded)") { _ in
        let reader = try MovieReader(contentsOf: clip)
        precondition(reader.videoStream.width == width)
    }

    Benchmark("ffmpeg: decode 4K HEVC PQ (30 frames, process)") { _ in
        ffmpeg(["-i", clip.path, "-f", "null", "-"])
    }

    Benchmark("VideoFiles: decode + PixelConverter → RGhA ext-linear P3 (30 frames)") { benchmark in
        let reader = try MovieReader(contentsOf: clip)
        let converter = try PixelConverter(from: reader.videoStream.encoding, to: edr)
        var out = try PixelBuffer(format: .rgbaHalf, width: width, height: height)
        benchmark.startMeasurement()
        try out.withMutableView { destination in
            while try reader.nextFrame({ try converter.convert($0.view, to: destination) }) != nil {}
        }
    }

    Benchmark("ffmpeg: decode + zscale → gbrpf32le linear P3 (30 frames, process)") { _ in
        ffmpeg(["-i", clip.path, "-vf", zscaleToLinearP3, "-f", "null", "-"])
    }

    Benchmark("VideoFiles: decode + PixelConverter → HLG yuv420p10le (30 frames, no encode)") { benchmark in
        let reader = try MovieReader(contentsOf: clip)
        let converter = try PixelConverter(from: reader.videoStream.encoding, to: hlg)
        var out = try PixelBuffer(format: planar10, width: width, height: height)
        benchmark.startMeasurement()
        try out.withMutableView { destination in
            while try reader.nextFrame({ try converter.convert($0.view, to: destination) }) != nil {}
        }
    }

    Benchmark("ffmpeg: decode + zscale → HLG yuv420p10le (30 frames, process, no encode)") { _ in
        ffmpeg(["-i", clip.path, "-vf", zscaleToHLG, "-f", "null", "-"])
    }

    Benchmark("VideoFiles: PQ → HLG transcode, x265 ultrafast CRF 20 (30 frames)") { benchmark in
        let reader = try MovieReader(contentsOf: clip)
        let converter = try PixelConverter(from: reader.videoStream.encoding, to: hlg)
        var settings = VideoEncodeSettings(
            codec: .hevc, width: width, height: height, encoding: hlg, frameRate: Rational(30, 1))
        settings.preset = x265Preset
        settings.crf = x265CRF
        var out = try PixelBuffer(format: planar10, width: width, height: height)
        benchmark.startMeasurement()
        let writer = try MovieWriter(url: output, settings: settings)
        try out.withMutableView { destination in
            while try reader.nextFrame({ try converter.convert($0.view, to: destination) }) != nil {
                try writer.append(destination.readOnly, encoding: hlg)
            }
        }
        try writer.finish()
    }

    Benchmark("MediaConverter: PQ → HLG convertMovie, x265 ultrafast CRF 20 (30 frames, everything timed)") {
        benchmark in
        var request = ConversionRequest(colorSpace: .bt2100HLG)
        request.movie.preset = x265Preset
        request.movie.crf = x265CRF
        request.overwritesOutput = true  // every iteration writes the same file
        let converter = MediaConverter(request: request)
        benchmark.startMeasurement()
        _ = try converter.convertMovie(clip, to: output)
    }

    Benchmark("ffmpeg: zscale PQ → HLG, x265 ultrafast CRF 20 (30 frames, process)") { _ in
        ffmpeg([
            "-i", clip.path, "-vf", zscaleToHLG, "-c:v", "libx265", "-preset", x265Preset, "-crf", "\(x265CRF)",
            "-x265-params",
            "log-level=error:colorprim=9:transfer=18:colormatrix=9:range=limited:chromaloc=2",
            "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-tag:v", "hvc1",
            output.path,
        ])
    }
}
