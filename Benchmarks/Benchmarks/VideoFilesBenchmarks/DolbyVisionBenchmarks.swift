// Dolby Vision profile 5 composition at video rate (issue 44): a 1920×1080 IPT-PQ-c2 base layer (10-bit 4:2:0, full
// range, 30 frames of a moving gradient) composed through the RPUs of Tests/Fixtures/movies/dv-5-rpu.mp4 (polynomial
// and MMR pieces; one per frame, cycled), beside FFmpeg decoding the same base layer as HEVC Main10 (x265, made on
// first use and cached in the temporary folder; the RPU NAL units a real stream adds cost the decoder nothing). One
// iteration = 30 frames. Results: Docs/Performance.md ("Dolby Vision profile 5").
import Benchmark
import DolbyVision
import Foundation
import HDRColor
import MediaConversion
import VideoFiles

let dvWidth = 1920
let dvHeight = 1080
let dvBaseFormat = try! PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .full)
let dvDestination = PixelEncoding(
    format: dvBaseFormat, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance, chromaLocation: .topLeft)

/// The RPUs of the repository's profile 5 fixture, in frame order.
let dvRPUs: [[UInt8]] = {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/movies/dv-5-rpu.mp4")
    let reader = try! MovieReader(contentsOf: fixture)
    var rpus: [[UInt8]] = []
    while let rpu = try! reader.nextFrame({ $0.hdr.dolbyVisionRPUPayload }) { rpus.append(rpu!) }
    precondition(!rpus.isEmpty)
    return rpus
}()

/// Frame `f` of the base layer: I a diagonal ramp over every code, Ct and Cp sweeping around neutral, moving.
func dvBaseFrame(_ f: Int) -> PixelBuffer {
    var frame = try! PixelBuffer(format: dvBaseFormat, width: dvWidth, height: dvHeight)
    frame.withMutableView { view in
        for p in 0..<3 {
            let plane = view.plane(p)
            for y in 0..<plane.height {
                let row = plane.row(y, as: UInt16.self)
                for x in 0..<plane.width {
                    let v =
                        p == 0
                        ? (x + y + 8 * f) % 1024 : 512 + Int(300 * sin(Double(x * (p + 1) + y * 2 + 16 * f) / 150))
                    row[x] = UInt16(v)
                }
            }
        }
    }
    return frame
}

let dvFrames: [PixelBuffer] = (0..<frameCount).map(dvBaseFrame)

/// The base layer as HEVC Main10 in a raw elementary stream, for FFmpeg to decode.
let dvStream: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrcolor-bench-1080p-ipt-30.hevc")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    let raw = FileManager.default.temporaryDirectory.appendingPathComponent("hdrcolor-bench-1080p-ipt-30.yuv")
    var bytes = Data()
    for frame in dvFrames {
        frame.withView { view in
            for p in 0..<3 {
                let plane = view.plane(p)
                for y in 0..<plane.height { bytes.append(contentsOf: UnsafeRawBufferPointer(plane.row(y))) }
            }
        }
    }
    try! bytes.write(to: raw)
    ffmpeg([
        "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", "\(dvWidth)x\(dvHeight)", "-r", "30", "-i", raw.path,
        "-c:v", "libx265", "-preset", "ultrafast", "-crf", "18", "-x265-params", "log-level=error:range=full",
        url.path,
    ])
    return url
}()

func dolbyVisionBenchmarks() {
    Benchmark("ffmpeg: decode 1080p HEVC Main10 base layer (30 frames, process)") { _ in
        ffmpeg(["-i", dvStream.path, "-f", "null", "-"])
    }

    Benchmark("Dolby Vision: compose 1080p profile 5 → RGBA float PQ (30 frames)") { benchmark in
        var composer = DolbyVisionComposer()
        var out = try PixelBuffer(format: DolbyVisionComposer.outputFormat, width: dvWidth, height: dvHeight)
        try composer.update(rpu: dvRPUs[0])
        try dvFrames[0].withView { s in try out.withMutableView { try composer.compose(s, into: $0) } }  // warm
        benchmark.startMeasurement()
        for (f, frame) in dvFrames.enumerated() {
            try composer.update(rpu: dvRPUs[f % dvRPUs.count])
            try frame.withView { s in try out.withMutableView { try composer.compose(s, into: $0) } }
        }
    }

    Benchmark("Dolby Vision: compose + PixelConverter → PQ yuv420p10 1080p (30 frames, two passes)") { benchmark in
        var composer = DolbyVisionComposer()
        var composed = try PixelBuffer(format: DolbyVisionComposer.outputFormat, width: dvWidth, height: dvHeight)
        var out = try PixelBuffer(format: dvBaseFormat, width: dvWidth, height: dvHeight)
        let toPQ = try PixelConverter(
            from: PixelEncoding(format: DolbyVisionComposer.outputFormat, colorSpace: .bt2100PQ), to: dvDestination)
        benchmark.startMeasurement()
        for (f, frame) in dvFrames.enumerated() {
            try composer.update(rpu: dvRPUs[f % dvRPUs.count])
            try frame.withView { s in try composed.withMutableView { try composer.compose(s, into: $0) } }
            try composed.withView { c in try out.withMutableView { try toPQ.convert(c, to: $0) } }
        }
    }

    // What convertMovie runs per frame: one converter from the base layer to the output, made again when an RPU
    // changes the composition (each frame here: the fixture's three RPUs differ).
    for (name, rpus) in [("each frame's RPU", dvRPUs), ("one RPU", [dvRPUs[0]])] {
        Benchmark("Dolby Vision: one pass → PQ yuv420p10 1080p, \(name) (30 frames, no encode)") { benchmark in
            var composer = DolbyVisionComposer()
            var out = try PixelBuffer(format: dvBaseFormat, width: dvWidth, height: dvHeight)
            let base = PixelEncoding(
                format: dvBaseFormat, colorSpace: .bt2100PQ, matrix: .ictcpPQ, chromaLocation: .left)
            var converter: PixelConverter?
            benchmark.startMeasurement()
            for (f, frame) in dvFrames.enumerated() {
                try composer.update(rpu: rpus[f % rpus.count])
                if converter == nil || converter?.options.dolbyVision != composer.reshaping {
                    var options = PixelConverter.Options()
                    options.dolbyVision = composer.reshaping
                    converter = try PixelConverter(from: base, to: dvDestination, options: options)
                }
                try frame.withView { s in try out.withMutableView { try converter!.convert(s, to: $0) } }
            }
        }
    }
}
