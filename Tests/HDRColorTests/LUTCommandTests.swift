import Foundation
import HDRColor
import ImageFiles
import TestSupport
import Testing

/// `hdrcolor lut`: the table it writes is the library's `CubeLUT` for the same options, its errors, and the table
/// applied by FFmpeg's `lut3d` filter to a 16-bit PQ frame, compared with `PixelConverter` on the same frame.
@Suite("hdrcolor lut")
struct LUTCommandTests {
    static func cube(_ url: URL) throws -> CubeLUT { try CubeLUT(cubeText: String(contentsOf: url, encoding: .utf8)) }

    @Test("writes the library's table for the options, with a one-line summary")
    func writesTheLibraryTable() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pq-to-hlg.cube")
        let result = try CommandLineTool.run([
            "lut", "--from", "bt2100-pq", "--to", "bt2100-hlg", "--size", "17", "-o", file.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("17³ = 4913 entries, BT.2100 PQ → BT.2100 HLG: PQ EOTF") == true)
        #expect(result.standardOutput.contains("PQ EOTF") && result.standardOutput.contains("HLG OETF"))
        #expect(!result.standardOutput.contains("read 'RGfA'"))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("# Written by hdrcolor lut (HDRColor): BT.2100 PQ to BT.2100 HLG\n"))
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        let expected = try CubeLUT(from: .bt2100PQ, to: .bt2100HLG, size: 17)
        #expect(try Self.cube(file) == expected)

        // The default size is 33; --quiet prints nothing.
        let quiet = try CommandLineTool.run([
            "lut", "--from", "bt2100-hlg", "--to", "bt2100-pq", "-o", file.path, "--quiet",
        ])
        #expect(quiet.status == 0 && quiet.standardOutput.isEmpty, "\(quiet.standardError)")
        let hlgToPQ = try CubeLUT(from: .bt2100HLG, to: .bt2100PQ)
        #expect(try Self.cube(file) == hlgToPQ)
    }

    @Test("tone mapping, headroom, content peak, reference white, gamut and title reach the table; --json reports it")
    func optionsReachTheTable() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("t.cube")

        // auto: HDR onto an SDR target is tone mapped to headroom 1 (content peak 1000 cd/m²), as `convert` does.
        #expect(try CommandLineTool.run(["lut", "--from", "bt2100-pq", "--to", "srgb", "-o", file.path]).status == 0)
        var sdr = PixelConverter.Options()
        sdr.toneMapping = .displayHeadroom(1, content: ContentLuminance())
        let (toneMapped, clipped) = (
            try CubeLUT(from: .bt2100PQ, to: .sRGB, options: sdr), try CubeLUT(from: .bt2100PQ, to: .sRGB)
        )
        #expect(try Self.cube(file) == toneMapped)
        #expect(try Self.cube(file) != clipped)

        let result = try CommandLineTool.run([
            "lut", "--from-cicp", "9/16/0/1", "--to", "display-p3", "--tone-map", "bt2390", "--headroom", "2",
            "--content-peak", "4000", "--reference-white", "100", "--gamut", "clip", "--size", "9", "--title",
            "grade", "-o", file.path, "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        var options = PixelConverter.Options()
        options.referenceWhite = 100
        options.gamut = .clip
        options.toneMapping = .displayHeadroom(2, content: ContentLuminance(masteringPeak: 4000), method: .bt2390)
        let graded = try CubeLUT(from: .bt2100PQ, to: .displayP3, size: 9, options: options, title: "grade")
        #expect(try Self.cube(file) == graded)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["size"] as? Int == 9 && json["entries"] as? Int == 729)
        #expect(json["from"] as? String == "BT.2100 PQ" && json["to"] as? String == "Display P3")
        #expect(json["toneMapping"] as? String == "bt2390 onto 2x (content 4000 cd/m2)")
        #expect((json["plan"] as? [String])?.contains { $0.contains("bt2390") } == true, "\(json["plan"] ?? "")")
        #expect(json["bytes"] as? Int == (try Data(contentsOf: file)).count)
    }

    @Test("usage errors exit 64, an unwritable output exits 1, each with a message")
    func errors() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("x.cube").path
        for (arguments, message) in [
            (["--size", "1"], "--size must be 2…256"), (["--size", "257"], "--size must be 2…256"),
            (["--size", "many"], "--size"), (["--display-headroom", "2"], "--display-headroom"),
            (["--content-peak", "0"], "--content-peak"), (["--to", "no-such-space"], "--to"),
            (["--tone-map", "fancy"], "--tone-map"),
        ] {
            let result = try CommandLineTool.run(["lut", "--from", "bt2100-pq", "-o", file] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        let noSource = try CommandLineTool.run(["lut", "--to", "srgb", "-o", file])
        #expect(noSource.status == 64 && noSource.standardError.contains("--from"))
        #expect(!FileManager.default.fileExists(atPath: file))

        let missing = folder.appendingPathComponent("no/such/folder/x.cube").path
        let unwritable = try CommandLineTool.run(["lut", "--from", "bt2100-pq", "--to", "srgb", "-o", missing])
        #expect(unwritable.status == 1)
        #expect(
            unwritable.standardError.contains("cannot write") && unwritable.standardError.contains("does not exist"))
        let directory = try CommandLineTool.run(["lut", "--from", "bt2100-pq", "--to", "srgb", "-o", folder.path])
        #expect(directory.status == 1 && directory.standardError.contains("folder"))

        let help = try CommandLineTool.run(["lut", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("  hdrcolor lut --from bt2100-pq --to bt2100-hlg -o pq-to-hlg.cube\n"))
        #expect(
            help.standardOutput.contains("  ffmpeg -i pq.png -vf lut3d=file=pq-to-hlg.cube -pix_fmt rgb48be hlg.png\n"))
        #expect(help.standardOutput.contains("TARGET COLOUR:") && help.standardOutput.contains("TONE MAPPING:"))
        #expect(try CommandLineTool.run(["--help"]).standardOutput.contains("  lut "))
    }

    // MARK: FFmpeg

    /// The `ffmpeg` executable on PATH, if any.
    static let ffmpeg = ExternalTool.path("ffmpeg")

    /// Runs ffmpeg with `arguments`; returns its standard output, failing the test on a non-zero status.
    static func runFFmpeg(_ arguments: [String]) throws -> Data {
        let (output, status) = try ExternalTool.run(try #require(ffmpeg), ["-nostdin", "-v", "error"] + arguments)
        #expect(status == 0, "ffmpeg \(arguments.joined(separator: " "))")
        return output
    }

    static let width = 256
    static let height = 96

    /// The 16-bit BT.2100 PQ test frame, as R, G, B codes per pixel: a grey ramp and red, green and blue ramps over
    /// every 257th code (rows 0–31); 16 grey patches of known luminance (0 … 10 000 cd/m², rows 32–47); red, green,
    /// blue, cyan, magenta and yellow at 1000, 203 and 100 cd/m² per component (rows 48–63); random codes (rows 64–95).
    static let frame: [SIMD3<UInt16>] = {
        func pq(_ nits: Double) -> UInt16 { UInt16((TransferFunction.pq.fromLinear(nits / 10_000) * 65535).rounded()) }
        let greys: [Double] = [0, 0.05, 0.1, 0.5, 1, 5, 10, 26, 50, 100, 203, 400, 600, 1000, 4000, 10_000]
        let hues: [SIMD3<UInt16>] = [
            SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(0, 1, 1), SIMD3(1, 0, 1), SIMD3(1, 1, 0),
        ]
        var colours: [SIMD3<UInt16>] = []
        for nits in [1000.0, 203, 100] { colours += hues.map { $0 &* pq(nits) } }
        var generator = SplitMix64(state: 20)
        var pixels: [SIMD3<UInt16>] = []
        for y in 0..<height {
            for x in 0..<width {
                let ramp = UInt16(x * 257)
                switch y {
                case 0..<8: pixels.append(SIMD3(repeating: ramp))
                case 8..<16: pixels.append(SIMD3(ramp, 0, 0))
                case 16..<24: pixels.append(SIMD3(0, ramp, 0))
                case 24..<32: pixels.append(SIMD3(0, 0, ramp))
                case 32..<48: pixels.append(SIMD3(repeating: pq(greys[x / 16])))
                case 48..<64: pixels.append(colours[min(x / 16, colours.count - 1)])
                default:
                    pixels.append(
                        SIMD3(
                            UInt16(truncatingIfNeeded: generator.next()), UInt16(truncatingIfNeeded: generator.next()),
                            UInt16(truncatingIfNeeded: generator.next())))
                }
            }
        }
        return pixels
    }()

    /// Writes the frame as a 16-bit RGB PNG (BT.2100 PQ, cICP) with ImageFiles.
    static func writeFrame(to url: URL) throws {
        var buffer = try PixelBuffer(format: .rgba16, width: width, height: height)
        buffer.withMutableView { view in
            for y in 0..<height {
                let row = view.plane(0).row(y, as: UInt16.self)
                for x in 0..<width {
                    let p = frame[y * width + x]
                    (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (p.x, p.y, p.z, 65535)
                }
            }
        }
        try ImageFile.write(
            buffer, encoding: PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ), to: url,
            options: ImageWriteOptions(fileType: .png))
    }

    /// Big-endian RGB 16-bit samples (`rgb48be`) as code triples.
    static func codes(_ data: Data) -> [SIMD3<UInt16>] {
        let bytes = [UInt8](data)
        func sample(_ i: Int) -> UInt16 { UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) }
        return stride(from: 0, to: bytes.count - 5, by: 6).map { i in SIMD3(sample(i), sample(i + 2), sample(i + 4)) }
    }

    /// The exact conversion of the frame: PixelConverter from 16-bit PQ to float RGBA in the target.
    static func exact(_ options: PixelConverter.Options, to target: ColorSpace) throws -> [SIMD3<Float>] {
        var source = try PixelBuffer(format: .rgba16, width: width, height: height)
        source.withMutableView { view in
            for y in 0..<height {
                let row = view.plane(0).row(y, as: UInt16.self)
                for x in 0..<width {
                    let p = frame[y * width + x]
                    (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (p.x, p.y, p.z, 65535)
                }
            }
        }
        let converter = try PixelConverter(
            from: PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ),
            to: PixelEncoding(format: .rgbaFloat, colorSpace: target), options: options)
        let output = try converter.convert(source)
        return output.withView { view in
            (0..<(width * height)).map { i in
                let row = view.plane(0).row(i / width, as: Float.self)
                let x = i % width
                return SIMD3(row[4 * x], row[4 * x + 1], row[4 * x + 2])
            }
        }
    }

    /// A case: hdrcolor lut arguments, the target, the library options they mean, the interpolation, and the bounds
    /// (max, mean and grey max in 10-bit code values against PixelConverter): the values this test measured with
    /// FFmpeg 5.1, rounded up with about 10 % margin.
    struct FFmpegCase: Sendable, CustomStringConvertible {
        var name: String
        var arguments: [String]
        var target: ColorSpace
        var toneMapped: Bool
        var interpolation: CubeLUT.Interpolation
        var maximum: Double
        var mean: Double
        var greyMaximum: Double
        var description: String { "\(name), \(interpolation)" }
    }

    static let ffmpegCases: [FFmpegCase] = [
        FFmpegCase(
            name: "BT.2100 PQ → BT.2100 HLG, 33", arguments: ["--to", "bt2100-hlg"], target: .bt2100HLG,
            toneMapped: false, interpolation: .tetrahedral, maximum: 550, mean: 6, greyMaximum: 2.8),
        FFmpegCase(
            name: "BT.2100 PQ → BT.2100 HLG, 33", arguments: ["--to", "bt2100-hlg"], target: .bt2100HLG,
            toneMapped: false, interpolation: .trilinear, maximum: 520, mean: 6.4, greyMaximum: 24),
        FFmpegCase(
            name: "BT.2100 PQ → sRGB tone mapped, 33", arguments: ["--to", "srgb"], target: .sRGB, toneMapped: true,
            interpolation: .tetrahedral, maximum: 290, mean: 4.1, greyMaximum: 6),
    ]

    /// What FFmpeg's output differs by: from PixelConverter in 10-bit code values (worst component, mean over all,
    /// worst on the grey ramp and grey patches), and from `CubeLUT.apply` in 16-bit codes.
    struct FFmpegMeasurement: CustomStringConvertible {
        var maximum = 0.0
        var mean = 0.0
        var greyMaximum = 0.0
        var library = 0.0
        var description: String {
            String(
                format: "max %.3f, mean %.4f, greys max %.3f (10-bit codes); vs CubeLUT.apply %.3f (16-bit codes)",
                maximum, mean, greyMaximum, library)
        }
    }

    /// Writes the frame and the table of `test`, runs FFmpeg's lut3d over the frame and compares its output.
    static func measure(_ test: FFmpegCase) throws -> FFmpegMeasurement {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("frame.png")
        try writeFrame(to: png)
        // FFmpeg decodes the PNG to the codes written: no conversion between the file and the filter.
        #expect(codes(try runFFmpeg(["-i", png.path, "-f", "rawvideo", "-pix_fmt", "rgb48be", "-"])) == frame)

        let cube = folder.appendingPathComponent("table.cube")
        let written = try CommandLineTool.run(
            ["lut", "--from", "bt2100-pq", "-o", cube.path, "--quiet"] + test.arguments)
        #expect(written.status == 0, "\(written.standardError)")
        let lut = try self.cube(cube)
        let output = codes(
            try runFFmpeg([
                "-i", png.path, "-vf", "lut3d=file=\(cube.path):interp=\(test.interpolation.rawValue)", "-f",
                "rawvideo", "-pix_fmt", "rgb48be", "-",
            ]))
        try #require(output.count == frame.count)

        var options = PixelConverter.Options()
        if test.toneMapped { options.toneMapping = .displayHeadroom(1, content: ContentLuminance()) }
        let exact = try exact(options, to: test.target)
        var result = FFmpegMeasurement()
        var sum = 0.0
        for i in output.indices {
            let ffmpeg = SIMD3<Float>(output[i]) / 65535
            let input = SIMD3<Float>(frame[i]) / 65535
            let applied = lut.apply(input, interpolation: test.interpolation)
            let row = i / width
            for c in 0..<3 {
                let error = Double(abs(ffmpeg[c] - exact[i][c])) * 1023
                result.maximum = max(result.maximum, error)
                if row < 8 || (32..<48).contains(row) { result.greyMaximum = max(result.greyMaximum, error) }
                sum += error
                result.library = max(result.library, Double(abs(ffmpeg[c] - min(max(applied[c], 0), 1))) * 65535)
            }
        }
        result.mean = sum / Double(3 * output.count)
        return result
    }

    @Test(
        "FFmpeg's lut3d applies the written table to a 16-bit PQ frame as CubeLUT.apply does, close to PixelConverter",
        .enabled(if: ffmpeg != nil, "ffmpeg is not on PATH: skipped (apt-get install ffmpeg)"),
        arguments: ffmpegCases)
    func ffmpegLUT3D(_ test: FFmpegCase) throws {
        let measured = try Self.measure(test)
        print("\(test): FFmpeg lut3d \(measured)")
        // FFmpeg interpolates in Float as CubeLUT.apply does and truncates to 16-bit codes: within one code.
        #expect(measured.library <= 1.05, "\(test): \(measured)")
        #expect(measured.maximum <= test.maximum, "\(test): \(measured)")
        #expect(measured.mean <= test.mean, "\(test): \(measured)")
        #expect(measured.greyMaximum <= test.greyMaximum, "\(test): \(measured)")
    }

    static let accuracyBegin = "<!-- BEGIN cube-lut-ffmpeg -->"
    static let accuracyEnd = "<!-- END cube-lut-ffmpeg -->"

    @Test(
        "writes the FFmpeg section of Docs/Accuracy.md",
        .enabled(
            if: ProcessInfo.processInfo.environment["HDRCOLOR_WRITE_ACCURACY"] == "1" && ffmpeg != nil,
            "set HDRCOLOR_WRITE_ACCURACY=1 (with ffmpeg on PATH) to rewrite Docs/Accuracy.md"))
    func writeAccuracySection() throws {
        let version =
            String(decoding: try Self.runFFmpeg(["-version"]), as: UTF8.self)
            .split(separator: "\n").first.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "ffmpeg"
        var lines = [
            Self.accuracyBegin,
            "## 3D LUTs in FFmpeg",
            "",
            "Written by `HDRCOLOR_WRITE_ACCURACY=1 swift test --filter LUTCommandTests` (\(version)); the test asserts "
                + "bounds on the same numbers whenever ffmpeg is on PATH.",
            "`hdrcolor lut --from bt2100-pq` writes the table (size 33), FFmpeg applies it to a \(Self.width) × "
                + "\(Self.height) 16-bit RGB PNG (BT.2100 PQ: grey, red, green and blue ramps; greys of 0 … 10 000 "
                + "cd/m²; primaries and secondaries at 1000, 203 and 100 cd/m²; random codes) with "
                + "`ffmpeg -i frame.png -vf lut3d=file=table.cube:interp=… -f rawvideo -pix_fmt rgb48be`, and its "
                + "16-bit output is compared with `PixelConverter` on the same frame (16-bit PQ in, float out), in "
                + "10-bit code values; \"vs CubeLUT.apply\" is the largest difference from the library's own "
                + "interpolation of the file, in 16-bit codes (FFmpeg truncates to a code).",
            "",
            "| table | interpolation | max | mean | greys max | vs CubeLUT.apply (16-bit codes) |",
            "|---|---|---:|---:|---:|---:|",
        ]
        for test in Self.ffmpegCases {
            let m = try Self.measure(test)
            lines.append(
                "| \(test.name) | \(test.interpolation) | "
                    + String(format: "%.2f | %.3f | %.3f | %.3f |", m.maximum, m.mean, m.greyMaximum, m.library))
        }
        lines.append(Self.accuracyEnd)
        let accuracy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Accuracy.md")
        var text = try String(contentsOf: accuracy, encoding: .utf8)
        let section = lines.joined(separator: "\n")
        if let start = text.range(of: Self.accuracyBegin), let stop = text.range(of: Self.accuracyEnd),
            start.lowerBound < stop.lowerBound
        {
            text.replaceSubrange(start.lowerBound..<stop.upperBound, with: section)
        } else {
            text += (text.hasSuffix("\n") ? "\n" : "\n\n") + section + "\n"
        }
        try text.write(to: accuracy, atomically: true, encoding: .utf8)
    }
}
