import Foundation
import HDRColor
import ImageFiles
import TestSupport
import Testing
import VideoTestSupport

@Suite struct ConvertCommandTests {
    static func fixture(_ name: String) -> String { Fixtures.url("image-files/\(name)").path }

    @Test func pngSixteenPQToAVIFValidatesAsISOHDR() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let output = folder.appendingPathComponent("hdr.avif").path
        let result = try CommandLineTool.run(["convert", Self.fixture("pq16-bt2100.png"), output])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("from CICP 9/16/0/1"))
        #expect(result.standardOutput.contains("plan:") && result.standardOutput.contains("PQ inverse EOTF"))
        #expect(result.standardOutput.contains("ISO HDR (validate --require iso-hdr): passes"))
        #expect(result.standardOutput.contains("Mpix/s"))
        let check = try CommandLineTool.run(["validate", "--require", "iso-hdr", output])
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    /// `HDRCOLOR_CPU` leaves out the faster builds of the kernels for a whole process (for tests and measurements); the
    /// plan names the build that ran, and every build writes the same file.
    @Test("HDRCOLOR_CPU picks the build of the kernels; the output bytes do not change")
    func instructionSetMask() throws {
        #if arch(x86_64)
        let folder = try CommandLineTool.temporaryDirectory()
        var outputs: [Data] = []
        let builds = [("baseline", "x86-64 baseline"), ("avx2", "AVX2/F16C"), ("avx512", "AVX-512")]
        // This process's own HDRCOLOR_CPU (the suite run as on a smaller CPU) hides the builds above it from
        // availableCodePaths, though the CPU runs them.
        let masked = !(ProcessInfo.processInfo.environment["HDRCOLOR_CPU"] ?? "").isEmpty
        for (index, (cpu, name)) in builds.enumerated() {
            let output = folder.appendingPathComponent("\(cpu).png").path
            let result = try CommandLineTool.run(
                ["convert", Self.fixture("pq16-bt2100.png"), output, "--to", "display-p3", "--bit-depth", "16"],
                environment: ["HDRCOLOR_CPU": cpu])
            #expect(result.status == 0, "\(result.standardError)")
            let available = PixelConverter.availableCodePaths.map(\.description)
            // A CPU without the build runs the fastest it has below it.
            var expected = [available.contains(name) ? name : available.last!]
            if masked && !available.contains(name) {
                expected = builds[builds.firstIndex { $0.1 == available.last! }!...index].map(\.1)
            }
            #expect(
                expected.contains { result.standardOutput.contains("PixelConverter (\($0))") },
                "\(cpu): \(result.standardOutput)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(Set(outputs).count == 1)
        #endif
    }

    /// `--to rec709` and the other common names are accepted; a typo names the nearest name and lists them all.
    @Test("--to takes aliases (rec709, pq, p3 …) and suggests the nearest name for a typo")
    func colorSpaceAliases() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let output = folder.appendingPathComponent("p3.png").path
        let alias = try CommandLineTool.run(["convert", Self.fixture("pq16-bt2100.png"), output, "--to", "p3"])
        #expect(alias.status == 0, "\(alias.standardError)")
        #expect(try ImageFile.read(contentsOf: URL(fileURLWithPath: output)).encoding.colorSpace == .displayP3)
        let typo = try CommandLineTool.run(["convert", Self.fixture("pq16-bt2100.png"), output, "--to", "rec790"])
        #expect(typo.status == 64)
        #expect(typo.standardError.contains("no colour space is called 'rec790'; did you mean 'rec709'?"))
        #expect(typo.standardError.contains("bt2100-hlg") && typo.standardError.contains("prophoto"))
    }

    @Test func gainMapJPEGWriteThenReadBackToISOHDR() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let jpeg = folder.appendingPathComponent("photo.jpg").path
        let written = try CommandLineTool.run(["convert", Self.fixture("pq16-bt2100.png"), jpeg, "--gain-map"])
        #expect(written.status == 0, "\(written.standardError)")
        #expect(written.standardOutput.contains("gain map (ISO 21496-1 + XMP): passes"))
        let check = try CommandLineTool.run(["validate", "--require", "gain-map-both", jpeg])
        #expect(check.status == 0, "\(check.standardOutput)")
        let png = folder.appendingPathComponent("back.png").path
        let read = try CommandLineTool.run(["convert", jpeg, png])
        #expect(read.status == 0, "\(read.standardError)")
        #expect(read.standardOutput.contains("gain map applied"))
        #expect(try CommandLineTool.run(["validate", "--require", "iso-hdr", png]).status == 0)
        let sdr = try CommandLineTool.run([
            "convert", jpeg, folder.appendingPathComponent("sdr.png").path, "--display-headroom", "1",
        ])
        #expect(sdr.status == 0)
    }

    @Test func unreadableInputsExitTwoWithAMessage() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let truncated = folder.appendingPathComponent("cut.png")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("pq16-bt2100.png")))
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        let cut = try CommandLineTool.run(["convert", truncated.path, folder.appendingPathComponent("x.avif").path])
        #expect(cut.status == 2)
        #expect(cut.standardError.contains("cut.png") && cut.standardError.contains("damaged"))
        let cmyk = try CommandLineTool.run([
            "convert", Self.fixture("imagemagick-cmyk.jpg"), folder.appendingPathComponent("x.png").path,
        ])
        #expect(cmyk.status == 2 && cmyk.standardError.contains("CMYK"))
        let missing = try CommandLineTool.run([
            "convert", "/nonexistent.png", folder.appendingPathComponent("x.png").path,
        ])
        #expect(missing.status == 2)
    }

    @Test func invalidRequestsExitOne() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let result = try CommandLineTool.run([
            "convert", Self.fixture("srgb8-alpha.png"), folder.appendingPathComponent("x.jpg").path, "--bit-depth",
            "10",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("8"))
        let usage = try CommandLineTool.run(["convert", Self.fixture("srgb8-alpha.png")])
        #expect(usage.status == 64)
    }

    @Test func severalInputsToAFolderWithJSON() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let result = try CommandLineTool.run([
            "convert", Self.fixture("pq16-bt2100.png"), Self.fixture("heifenc-srgb8.heic"),
            Self.fixture("pillow-q95.jpg"),
            folder.path, "--format", "png", "--json", "--jobs", "2",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let reports = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(reports.count == 3)
        #expect(reports.allSatisfy { ($0["TimeMilliseconds"] as? [String: Any])?["Convert"] != nil })
        #expect((reports[0]["Source"] as? [String: Any])?["DecidedBy"] as? String == "CICP")
        #expect(reports[0]["Validates"] as? Bool == true && reports[0]["ExitStatus"] as? Int == 0)
        for name in ["pq16-bt2100.png", "heifenc-srgb8.png", "pillow-q95.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
        }
    }

    @Test func rawFramesInAndOut() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let raw = folder.appendingPathComponent("frame.yuv").path
        let out = try CommandLineTool.run(["convert", Self.fixture("pq16-bt2100.png"), raw, "--output-format", "x420"])
        #expect(out.status == 0, "\(out.standardError)")
        #expect((try FileManager.default.attributesOfItem(atPath: raw)[.size] as? Int) == 32 * 24 * 3)
        let back = try CommandLineTool.run([
            "convert", raw, folder.appendingPathComponent("frame.png").path, "--input-format", "x420", "--size",
            "32x24",
        ])
        #expect(back.status == 0, "\(back.standardError)")
        #expect(back.standardOutput.contains("'x420' BT.2100 PQ, BT.2020 NCL, narrow range"))
        let wrong = try CommandLineTool.run([
            "convert", raw, folder.appendingPathComponent("x.png").path, "--input-format", "x420", "--size", "64x64",
        ])
        #expect(wrong.status == 2)
    }

    @Test func sdrJPEGOfHDRIsToneMappedToSRGB() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let result = try CommandLineTool.run([
            "convert", Self.fixture("pq16-bt2100.png"), folder.appendingPathComponent("sdr.jpg").path,
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("tone map: headroom"))
        #expect(result.standardOutput.contains("≈ sRGB — from ICC profile"))
    }
}

@Suite struct ConvertICCTests {
    /// An SDR PNG whose ICC profile (sRGB primaries, gamma 1.8) matches no catalog space goes through LittleCMS.
    @Test func unmatchedICCProfilesConvertThroughLittleCMS() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let profile = try ICCProfile(
            primaries: .bt709, toneCurves: ICCToneCurves(all: ICCToneCurve(.gamma(1.8))), description: "Gamma 1.8 RGB")
        let tagged = folder.appendingPathComponent("gamma18.png")
        try PNGTagWriter.apply(
            PNGTagEdit(iccProfile: profile, iccProfileName: "Gamma 1.8 RGB"),
            toFileAt: Fixtures.url("image-files/srgb8-alpha.png"), writingTo: tagged)
        let output = folder.appendingPathComponent("srgb.png").path
        let result = try CommandLineTool.run(["convert", tagged.path, output, "--to", "srgb"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("matches no catalog colour space"))
        #expect(result.standardOutput.contains("plan:    LittleCMS"))
        // Code 128 in gamma 1.8 is 0.2871 linear, which sRGB encodes as 0.5751 (code 147): the transform ran.
        let image = try ImageFile.read(contentsOf: URL(fileURLWithPath: output))
        #expect(image.encoding.colorSpace == .sRGB)
        image.pixels.withView { view in
            let red = view.plane(0).row(0, as: UInt8.self)[4 * 16]  // source code (16·8) % 256 = 128
            #expect(abs(Int(red) - 147) <= 2, "\(red)")
        }
    }
}

/// `hdrcolor convert` with a movie: the report, the check and the written tags.
@Suite struct ConvertMovieCommandTests {
    @Test func hdr10MovieToHLGValidates() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let output = folder.appendingPathComponent("hlg.mp4").path
        let source = Fixtures.url("movies/x265-pq-hdr10.mp4").path
        let result = try CommandLineTool.run(["convert", source, output, "--to", "bt2100-hlg", "--preset", "ultrafast"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("check:   validate --require hlg --compare \(source): passes"),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains("HLG OETF") && result.standardOutput.contains("libx265"))
        // Not a terminal: plain progress lines, no bar.
        #expect(result.standardError.contains("frame 1") && !result.standardError.contains("\u{1B}[K"))
        #expect(try CommandLineTool.run(["validate", "--require", "hlg", output]).status == 0)
        // An existing output: refused, naming it, unless --overwrite.
        let taken = try CommandLineTool.run(["convert", source, output, "--to", "bt709"])
        #expect(taken.status == 1 && taken.standardError.contains("\(output) exists"), "\(taken.standardError)")
        let json = try CommandLineTool.run([
            "convert", source, output, "--to", "bt709", "--frames", "0...1", "--json", "--overwrite",
        ])
        #expect(json.status == 0, "\(json.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(object?["Frames"] as? Int == 2 && object?["Validates"] as? Bool == true)
        #expect(object?["Check"] as? String == "validate --compare \(source)")
        #expect(object?["SourceFile"] as? String == source && object?["InheritedFindings"] as? [Any] != nil)
        let passes = try #require(object?["Passes"] as? [[String: String]])
        #expect(passes.map { $0["Name"] } == ["convert"] && passes[0]["Reason"]?.contains("encode") == true)
        let milliseconds = try #require(object?["TimeMilliseconds"] as? [String: Double])
        let parts = milliseconds.filter { $0.key != "Total" }.values.reduce(0, +)
        #expect(abs(parts - (milliseconds["Total"] ?? 0)) < 0.01, "\(milliseconds)")
        // Into a folder, beside an image: the movie keeps its name and container.
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let both = try CommandLineTool.run([
            "convert", source, ConvertCommandTests.fixture("pq16-bt2100.png"), out.path, "--to", "bt2100-hlg",
            "--preset", "ultrafast",
        ])
        #expect(both.status == 0, "\(both.standardError)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("x265-pq-hdr10.mp4").path))
        let bad = try CommandLineTool.run(["convert", source, output, "--frames", "5..<2"])
        #expect(bad.status == 64)
        for arguments in [["--frames", "0..<2", "--start", "1"], ["--duration", "0"], ["--start", "1:75"]] {
            #expect(try CommandLineTool.run(["convert", source, output, "--overwrite"] + arguments).status == 64)
        }
    }

    @Test(
        "an iPhone-like movie to SDR: quiet logs, the check, rotation and metadata kept, --start/--duration cut the audio",
        .enabled(if: MovieTestSupport.hasFFmpeg && MovieTestSupport.hasFFprobe))
    func iPhoneMovieToSDR() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let source = try MovieTestSupport.iPhoneMovie(in: folder).path
        let output = folder.appendingPathComponent("clip.mp4").path
        let result = try CommandLineTool.run([
            "convert", source, output, "--to", "bt709", "--codec", "h264", "--preset", "ultrafast", "--start",
            "00:00.5", "--duration", "1",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        for expected in [
            "check:   validate --compare \(source): passes", "copied: audio aac",
            "cut to 0.5–1.5 s at packet boundaries",
            "rotation -90°", "com.apple.quicktime.location.ISO6709", "other ",
        ] {
            #expect(result.standardOutput.contains(expected), "missing: \(expected) in \(result.standardOutput)")
        }
        // FFmpeg's, libx264's and x264's own lines stay quiet; only the progress lines remain.
        let noise = result.standardError.split(separator: "\n").filter { !$0.hasPrefix("frame ") }
        #expect(noise.isEmpty, "\(result.standardError)")
        let verbose = try CommandLineTool.run([
            "convert", source, output, "--to", "bt709", "--codec", "h264", "--preset", "ultrafast", "--overwrite",
            "--verbose", "--frames", "0..<2",
        ])
        #expect(verbose.status == 0 && verbose.standardError.contains("[libx264 @"), "\(verbose.standardError)")
        let probe = try MovieTestSupport.probe(URL(fileURLWithPath: output))
        #expect(probe.rotation == -90 && probe.formatTags["com.apple.quicktime.make"] == "Apple")
    }
}
