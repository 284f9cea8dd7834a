import ColorTags
import TagValidation
import Foundation
import TestSupport
import Testing

/// `hdrcolor inspect`, `validate` and `tag` run as a user would, on the colour-tag corpus (Tests/Fixtures/color-tags).
@Suite("hdrcolor inspect / validate / tag")
struct ColorTagCommandTests {
    static func fixture(_ name: String) -> String { Fixtures.url("color-tags/\(name)").path }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test("inspect a PNG: exiftool/H.273 field names, locations, findings; exit 0")
    func inspectPNG() throws {
        let result = try CommandLineTool.run(["inspect", Self.fixture("png/pq-16bit-clean.png")])
        #expect(result.status == 0, "\(result.standardError)")
        for text in [
            "Color Primaries           9 (Rec. ITU-R BT.2020-2)", "Transfer Characteristics  16 (SMPTE ST 2084)",
            "cICP chunk at byte 41 (4 bytes)", "MaxCLL 1000, MaxFALL 400 cd/m²", "No findings.",
        ] {
            #expect(result.standardOutput.contains(text), "missing: \(text)")
        }
    }

    @Test("inspect --json of several files is an array of objects; findings make exit 1")
    func inspectJSON() throws {
        let result = try CommandLineTool.run([
            "inspect", "--json", Self.fixture("png/cicp-matrix-9.png"), Self.fixture("avif/avifenc-pq-10bit.avif"),
        ])
        #expect(result.status == 1)
        let files = try #require(try Self.json(result.standardOutput) as? [[String: Any]])
        #expect(files.map { $0["FileType"] as? String } == ["PNG", "AVIF"])
        let cicp = try #require(((files[0]["Images"] as? [[String: Any]])?[0]["CICP"] as? [[String: Any]])?.first)
        #expect(
            cicp["ColorPrimaries"] as? Int == 9 && cicp["MatrixCoefficients"] as? Int == 9
                && cicp["VideoFullRangeFlag"] as? Int == 1)
        #expect((files[0]["Findings"] as? [[String: Any]])?.first?["Rule"] as? String == "png.cicp-matrix-not-identity")
    }

    @Test("inspect --sync-samples lists a movie's sync samples in text and JSON, and refuses a Matroska file")
    func inspectSyncSamples() throws {
        let movie = Fixtures.url("movies/x265-dv-8.1-rpu-hdr10plus.mp4").path
        let text = try CommandLineTool.run(["inspect", "--sync-samples", movie])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("track 1: 5 samples, "), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("sample 0, frame 0: decode 0.000000 s"), "\(text.standardOutput)")
        let json = try CommandLineTool.run(["inspect", "--sync-samples", "--json", movie])
        let file = try #require(try Self.json(json.standardOutput) as? [String: Any])
        let track = try #require((file["Tracks"] as? [[String: Any]])?.first)
        #expect(track["SampleCount"] as? Int == 5)
        let first = try #require((track["SyncSamples"] as? [[String: Any]])?.first)
        #expect(first["Sample"] as? Int == 0 && first["Frame"] as? Int == 0 && (first["Offset"] as? Int ?? 0) > 0)
        let refused = try CommandLineTool.run(
            ["inspect", "--sync-samples", Fixtures.url("movies/mkvmerge-pq-hdr10.mkv").path])
        #expect(refused.status == 2 && refused.standardError.contains("sample tables"), "\(refused.standardError)")
    }

    @Test("inspect --per-frame lists each frame's RPU and HDR10+ figures, in text and JSON")
    func inspectPerFrame() throws {
        let movie = Fixtures.url("movies/x265-dv-8.1-rpu-hdr10plus.mp4").path
        let text = try CommandLineTool.run(["inspect", "--per-frame", movie])
        #expect(text.status == 0, "\(text.standardError)")
        // dovi_rpu.py's L1 of frame 0 (min 0, avg 1229, max 2081) and gen_movies.py's HDR10+ record of frame 4.
        #expect(text.standardOutput.contains("Frame 0                   RPU profile 8, shot start, L1 "))
        #expect(text.standardOutput.contains("(PQ 0/1229/2081)"))
        #expect(text.standardOutput.contains("Frame 4                   RPU profile 8, L1 "))
        #expect(text.standardOutput.contains("HDR10+ MaxSCL 800 cd/m², average maxRGB 100 cd/m², target 800 cd/m²"))
        let plain = try CommandLineTool.run(["inspect", movie])
        #expect(!plain.standardOutput.contains("Frame 0"))
        let json = try CommandLineTool.run(["inspect", "--json", "--per-frame", movie])
        let file = try #require(try Self.json(json.standardOutput) as? [String: Any])
        let video = try #require((file["Images"] as? [[String: Any]])?.first?["Video"] as? [String: Any])
        let frames = try #require(video["DynamicMetadataFrames"] as? [[String: Any]])
        #expect(frames.count == 5)
        let shots = frames.map { ($0["DolbyVisionRPU"] as? [String: Any])?["StartsShot"] as? Bool }
        #expect(shots == [true, false, true, false, false])
        #expect((frames[2]["DolbyVisionRPU"] as? [String: Any])?["L1MaxPQ"] as? Int == 3079)
    }

    @Test("inspect --json stays valid JSON when an ICC curve is infinite: such numbers are null")
    func inspectNonFiniteJSON() throws {
        let result = try CommandLineTool.run(["inspect", "--json", Self.fixture("icc/infinite-curve.icc")])
        let json = try #require(try Self.json(result.standardOutput) as? [String: Any], "\(result.standardOutput)")
        let curves = try #require((json["ICCProfileDetails"] as? [String: Any])?["ToneCurves"] as? [String: Any])
        let samples = try #require((curves["Red"] as? [String: Any])?["Samples"] as? [Any])
        #expect(
            samples.count == 5 && samples[0] as? Int == 0 && samples[1] is NSNull && samples[4] is NSNull,
            "(32767·X)^100 overflows: \(samples)")
    }

    @Test("inspect: unreadable input is exit 2 with a plain message naming the file; terminals never see raw ESC")
    func inspectErrors() throws {
        let text = try CommandLineTool.run(["inspect", Self.fixture("misc/not-an-image.png")])
        #expect(text.status == 2)
        #expect(text.standardError.contains("not-an-image.png: not an ICC profile or a recognised image"))
        let missing = try CommandLineTool.run(["inspect", "/nonexistent/a.png"])
        #expect(missing.status == 2 && missing.standardError.contains("/nonexistent/a.png: no such file"))
        let folder = try CommandLineTool.run(["inspect", FileManager.default.temporaryDirectory.path])
        #expect(folder.status == 2 && folder.standardError.contains("it is a folder"))
        #expect(!missing.standardError.contains("error 2") && !missing.standardError.contains("NSCocoaErrorDomain"))
        let bomb = try CommandLineTool.run(["inspect", Self.fixture("png/iccp-zlib-bomb.png")])
        #expect(bomb.status == 2 && bomb.standardError.contains("exceeds the limit"))
        let evil = try CommandLineTool.run(["inspect", Self.fixture("png/iccp-escape-description.png")])
        #expect(evil.status == 0 && !evil.standardOutput.contains("\u{1B}") && !evil.standardOutput.contains("\u{07}"))
        #expect(evil.standardOutput.contains("\\x1B[31mred"))
    }

    @Test("validate: exit 0 clean, 1 findings at --fail-on, 2 unreadable; text summary")
    func validateExitCodes() throws {
        let clean = try CommandLineTool.run([
            "validate", Self.fixture("png/pq-16bit-clean.png"), Self.fixture("avif/avifenc-pq-10bit.avif"),
        ])
        #expect(clean.status == 0, "\(clean.standardOutput)")
        #expect(clean.standardOutput.contains("2 files: 2 clean"))
        let warning = Self.fixture("png/cicp-narrow-range.png")
        #expect(try CommandLineTool.run(["validate", warning]).status == 0)
        #expect(try CommandLineTool.run(["validate", "--fail-on", "warning", warning]).status == 1)
        let error = try CommandLineTool.run(["validate", Self.fixture("png/cicp-matrix-9.png")])
        #expect(error.status == 1 && error.standardOutput.contains("png.cicp-matrix-not-identity"))
        #expect(error.standardOutput.contains("fix: Write the chunk with matrix 0"))
        #expect(error.standardOutput.contains("1 file: 0 clean, 1 with findings, 0 unreadable; 1 error,"))
        let empty = try CommandLineTool.run(["validate", Self.fixture("misc/empty.png")])
        #expect(empty.status == 2 && empty.standardOutput.contains("1 file: 0 clean, 0 with findings, 1 unreadable;"))
        // A missing path is an unreadable file in the summary too, not a file with findings (exit 1: an error finding).
        let missing = try CommandLineTool.run(["validate", "nope.MOV"])
        #expect(missing.status == 1 && missing.standardOutput.contains("file.unreadable"))
        #expect(missing.standardOutput.contains("1 file: 0 clean, 0 with findings, 1 unreadable; 1 error, 0 warnings"))
    }

    @Test("validate: bad usage is exit 2 (unknown policy, no paths, unknown rule or key in the policy)")
    func validateUsage() throws {
        #expect(
            try CommandLineTool.run(["validate", "--require", "nonsense", Self.fixture("png/untagged.png")]).status == 2
        )
        #expect(try CommandLineTool.run(["validate"]).status == 2)
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("policy.yml")
        try "disable: [no.such-rule]\n".write(to: config, atomically: true, encoding: .utf8)
        let unknown = try CommandLineTool.run(["validate", "--config", config.path, Self.fixture("png/untagged.png")])
        #expect(unknown.status == 2 && unknown.standardError.contains("no.such-rule"))
        try "require: iso-hdr: [\n".write(to: config, atomically: true, encoding: .utf8)
        #expect(
            try CommandLineTool.run(["validate", "--config", config.path, Self.fixture("png/untagged.png")]).status == 2
        )
        // Typos are errors naming the key or value and what is valid, not a silently empty policy.
        for (yaml, message) in [
            ("requires: [hdr10]\n", "unknown key 'requires' (did you mean 'require'?); the keys are fail-on, require"),
            ("fail_on: warning\n", "unknown key 'fail_on' (did you mean 'fail-on'?)"),
            ("fail-on: eror\n", "'eror' is not a valid value of 'fail-on' (did you mean 'error'?); valid values: note"),
            ("require: [hdr10, hdr-10]\n", "'hdr-10' is not a valid value of 'require' (did you mean 'hdr10'?)"),
        ] {
            try yaml.write(to: config, atomically: true, encoding: .utf8)
            let typo = try CommandLineTool.run(["validate", "--config", config.path, Self.fixture("png/untagged.png")])
            #expect(typo.status == 2 && typo.standardError.contains(message), "\(yaml): \(typo.standardError)")
            #expect(!typo.standardError.contains("Cannot initialize") && !typo.standardError.contains("not valid YAML"))
        }
    }

    @Test("validate: missing paths and FIFOs are file.unreadable findings; the other paths are still checked")
    func validateMissingPaths() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("clip.mp4").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let arguments = ["/nonexistent/missing.mp4", Self.fixture("png/cicp-matrix-9.png"), directory.path]
        for format in ["text", "json", "junit", "github", "sarif"] {
            let result = try CommandLineTool.run(["validate", "--format", format] + arguments)
            #expect(result.status == 1, "\(format): \(result.standardError)")
            let out = result.standardOutput
            #expect(out.contains("file.unreadable") && out.contains("png.cicp-matrix-not-identity"), "\(format)")
            #expect(out.contains("no such file; check the path") && out.contains("FIFO (named pipe)"), "\(format)")
        }
        let folder = try CommandLineTool.run(["validate", "/nonexistent/folder"])
        #expect(folder.status == 1 && folder.standardOutput.contains("/nonexistent/folder cannot be read"))
        let inspect = try CommandLineTool.run(["inspect", fifo])
        #expect(inspect.status == 2 && inspect.standardError.contains("FIFO"))
    }

    @Test("validate walks a folder with --include/--exclude and a per-glob policy file")
    func validatePolicyFile() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fm = FileManager.default
        for folder in ["assets/hdr", "assets/ui", "third_party"] {
            try fm.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try fm.copyItem(
            atPath: Self.fixture("png/pq-8bit.png"), toPath: directory.appendingPathComponent("assets/hdr/dim.png").path
        )
        try fm.copyItem(
            atPath: Self.fixture("png/srgb-cicp-8bit.png"),
            toPath: directory.appendingPathComponent("assets/ui/icon.png").path)
        try fm.copyItem(
            atPath: Self.fixture("png/cicp-matrix-9.png"),
            toPath: directory.appendingPathComponent("third_party/bad.png").path)
        let config = directory.appendingPathComponent("policy.yml")
        try """
        exclude: ["third_party/**"]
        paths:
          - glob: "assets/hdr/**"
            require: [iso-hdr]
        """.write(to: config, atomically: true, encoding: .utf8)
        let result = try CommandLineTool.run(["validate", "--format", "json", "--config", config.path, directory.path])
        #expect(result.status == 1)
        let report = try #require(try Self.json(result.standardOutput) as? [String: Any])
        let files = try #require(report["Files"] as? [[String: Any]])
        #expect(files.count == 2, "third_party is excluded")
        let rules = files.flatMap { ($0["Findings"] as? [[String: Any]] ?? []).compactMap { $0["Rule"] as? String } }
        #expect(rules == ["policy.iso-hdr"], "only the HDR folder requires iso-hdr")
        let included = try CommandLineTool.run(["validate", "--include", "assets/ui/*.png", directory.path])
        #expect(included.status == 0 && included.standardOutput.contains("1 file: 1 clean"))
    }

    @Test("validate formats: SARIF and JSON parse, JUnit and GitHub annotations are shaped for CI")
    func validateFormats() throws {
        let files = [Self.fixture("png/cicp-matrix-9.png"), Self.fixture("png/untagged.png")]
        let sarif = try CommandLineTool.run(["validate", "--format", "sarif"] + files)
        let sarifJSON = try Self.json(sarif.standardOutput) as? [String: Any]
        #expect(sarif.status == 1 && sarifJSON?["version"] as? String == "2.1.0")
        let junit = try CommandLineTool.run(["validate", "--format", "junit"] + files)
        #expect(junit.standardOutput.hasPrefix("<?xml") && junit.standardOutput.contains("failures=\"1\""))
        let github = try CommandLineTool.run(["validate", "--format", "github"] + files)
        #expect(github.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::error file=") }.count == 1)
        #expect(github.standardOutput.contains("::notice file="))
    }

    @Test("validate --compare fails when a derivative lost cLLI/mDCV or changed transfer (ImageMagick #7715)")
    func validateCompare() throws {
        let source = Self.fixture("png/pq-16bit-clean.png")
        let same = try CommandLineTool.run([
            "validate", "--compare", source, Self.fixture("avif/avifenc-pq-10bit.avif"),
        ])
        #expect(same.status == 1)
        #expect(
            same.standardOutput.contains("compare.clli-changed") && !same.standardOutput.contains("compare.transfer"))
        let changed = try CommandLineTool.run(["validate", "--compare", source, Self.fixture("png/hlg-16bit.png")])
        #expect(changed.standardOutput.contains("compare.transfer-changed"))
        #expect(try CommandLineTool.run(["validate", "--compare", source, source]).status == 0)
    }

    @Test("tag fixes a failing file in one command: IDAT untouched, validate --require iso-hdr then passes")
    func tagThenValidate() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hdr.png")
        try FileManager.default.copyItem(atPath: Self.fixture("png/cicp-narrow-range.png"), toPath: file.path)
        let before = try Data(contentsOf: file)
        #expect(
            try CommandLineTool.run(["validate", "--require", "iso-hdr", "--fail-on", "warning", file.path]).status == 1
        )
        let tagged = try CommandLineTool.run([
            "tag", file.path, "--cicp", "9/16/0/1", "--icc-from-cicp", "--mdcv", "bt2020:1000:0.0001", "--clli",
            "1000,400",
        ])
        #expect(tagged.status == 0, "\(tagged.standardError)")
        #expect(tagged.standardOutput.contains("pixel data unchanged"))
        let after = try Data(contentsOf: file)
        /// The IDAT chunk, length through CRC.
        func idat(_ data: Data) -> [UInt8] {
            let bytes = [UInt8](data)
            guard let range = data.range(of: Data("IDAT".utf8)) else { return [] }
            let start = range.lowerBound - 4
            let length =
                Int(bytes[start]) << 24 | Int(bytes[start + 1]) << 16 | Int(bytes[start + 2]) << 8
                | Int(bytes[start + 3])
            return Array(bytes[start..<(start + 12 + length)])
        }
        #expect(!idat(before).isEmpty && idat(before) == idat(after))
        #expect(
            try CommandLineTool.run(["validate", "--require", "iso-hdr", "--fail-on", "warning", file.path]).status == 0
        )
        // The same command gives the same bytes.
        let copy = directory.appendingPathComponent("again.png")
        _ = try CommandLineTool.run([
            "tag", Self.fixture("png/cicp-narrow-range.png"), "-o", copy.path, "--cicp", "9/16/0/1", "--icc-from-cicp",
        ])
        _ = try CommandLineTool.run([
            "tag", Self.fixture("png/cicp-narrow-range.png"), "-o", file.path, "--cicp", "9/16/0/1", "--icc-from-cicp",
        ])
        let first = try Data(contentsOf: copy)
        let second = try Data(contentsOf: file)
        #expect(first == second)
    }

    @Test("tag refuses what it cannot do: no edit, matrix ≠ 0, a JPEG, an unwritable destination")
    func tagRefusals() throws {
        let png = Self.fixture("png/untagged.png")
        #expect(try CommandLineTool.run(["tag", png]).status == 64)
        #expect(try CommandLineTool.run(["tag", png, "--cicp", "9/16/9/0", "-o", "/dev/null"]).status == 64)
        #expect(try CommandLineTool.run(["tag", png, "--cicp", "9/16/0", "-o", "/dev/null"]).status == 64)
        #expect(
            try CommandLineTool.run([
                "tag", Self.fixture("jpeg/pillow-untagged.jpg"), "--cicp", "1/13/0/1", "-o", "/tmp/x.jpg",
            ]).status == 1)
        let unwritable = try CommandLineTool.run(["tag", png, "--cicp", "1/13/0/1", "-o", "/nonexistent/dir/out.png"])
        #expect(unwritable.status == 2 && unwritable.standardError.contains("cannot write"))
    }

    @Test("tag names the formats it writes and what tags the others; the advice for JPEG and movies works as printed")
    func tagOtherFormats() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jpeg = directory.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(atPath: Self.fixture("jpeg/pillow-untagged.jpg"), toPath: jpeg.path)
        let refused = try CommandLineTool.run(["tag", jpeg.path, "--cicp", "1/13/0/1"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("is not a PNG but JPEG; `hdrcolor tag` writes the colour chunks of PNG"))
        #expect(refused.standardError.contains("exiftool '-ICC_Profile<=srgb.icc' FILE"))
        let movie = Fixtures.url("movies/x264-untagged.mp4").path
        let refusedMovie = try CommandLineTool.run(["tag", movie, "--cicp", "1/1/0/0"])
        #expect(refusedMovie.status == 1 && refusedMovie.standardError.contains("-color_primaries bt709"))
        // The JPEG advice, run as printed: a generated sRGB profile embedded with exiftool.
        if let exiftool = ExternalTool.path("exiftool") {
            let profile = directory.appendingPathComponent("srgb.icc").path
            #expect(try CommandLineTool.run(["profile", "--color-space", "srgb", "-o", profile]).status == 0)
            #expect(try ExternalTool.run(exiftool, ["-q", "-ICC_Profile<=\(profile)", jpeg.path]).status == 0)
            let tagged = try CommandLineTool.run(["validate", "--fail-on", "note", jpeg.path])
            #expect(tagged.status == 0, "\(tagged.standardOutput)")
        }
        // The movie and raw-stream advice, run as printed (IN and OUT filled in): the file then says BT.709 1/1/1.
        guard let ffmpeg = ExternalTool.path("ffmpeg") else { return }
        let stream = directory.appendingPathComponent("untagged.h264").path
        #expect(
            try ExternalTool.run(ffmpeg, ["-i", movie, "-c", "copy", "-bsf:v", "h264_mp4toannexb", stream]).status == 0)
        let untagged = try CommandLineTool.run(["validate", "--fail-on", "note", stream])
        #expect(untagged.status == 1 && untagged.standardOutput.contains(TaggingAdvice.streamCommand))
        for (command, input, name) in [
            (TaggingAdvice.movieRemuxCommand, movie, "tagged.mp4"),
            (TaggingAdvice.streamCommand, stream, "tagged.h264"),
        ] {
            let output = directory.appendingPathComponent(name).path
            let words = command.split(separator: " ").dropFirst().map {
                $0 == "IN" ? input : $0 == "OUT" ? output : String($0)
            }
            #expect(try ExternalTool.run(ffmpeg, ["-loglevel", "error"] + words).status == 0)
            let tagged = try CommandLineTool.run(["validate", "--fail-on", "note", "--format", "json", output])
            #expect(tagged.status == 0, "\(name): \(tagged.standardOutput)")
            #expect(tagged.standardOutput.contains("\"ColorPrimaries\": 1"), "\(name)")
        }
    }

    @Test("validate --list-rules prints the catalog the documentation is made from")
    func listRules() throws {
        let result = try CommandLineTool.run(["validate", "--list-rules"])
        #expect(result.status == 0 && result.standardOutput.contains("| `gainmap.mpf-invalid` | error |"))
    }
}
