import Foundation
import HDRColor
import TestSupport
import Testing

@Suite("hdrcolor command line")
struct CommandLineTests {
    /// Help text as one line: ArgumentParser wraps it to the terminal width.
    static func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("--help explains every subcommand")
    func help() throws {
        let result = try CommandLineTool.run(["--help"])
        #expect(result.status == 0)
        for subcommand in ["demo", "plot", "inspect", "profile", "validate", "tag", "report"] {
            #expect(result.standardOutput.contains(subcommand), "missing \(subcommand) in --help")
        }
    }

    @Test("convert --help groups its options under titled sections")
    func convertHelp() throws {
        let result = try CommandLineTool.run(["convert", "--help"])
        #expect(result.status == 0)
        let text = result.standardOutput
        let sections = [
            "TARGET COLOUR:", "OUTPUT FILE:", "TONE MAPPING:", "GAIN-MAP JPEG OUTPUT:", "RAW FRAMES:", "MOVIES:",
        ]
        let positions = sections.map { text.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "missing a section: \(sections)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "sections out of order")
        for option in [
            "--to ", "--bit-depth", "--tone-map", "--display-headroom", "--gain-map", "--input-format", "--codec",
            "--crf", "--preset", "--frames", "--no-copy-streams",
        ] {
            #expect(text.contains(option), "missing \(option)")
        }
        // Every example runs as printed in a shell: `..<` only inside quotes (`<` is a redirection).
        let words = Self.unwrapped(text)
        #expect(words.contains("--frames 0-249") && words.contains("FIRST-LAST or FIRST...LAST (both inclusive"))
        for line in text.split(separator: "\n") where line.contains("..<") {
            #expect(line.contains("'FIRST..<END'") || line.contains("'0..<"), "unquoted ..< in: \(line)")
        }
    }

    @Test("--tone-map and --gamut offer the library's operators and policies, by the library's words")
    func choicesFromTheLibrary() throws {
        let words = Self.unwrapped(try CommandLineTool.run(["convert", "--help"]).standardOutput)
        let operators = ToneMappingMethod.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(words.contains("(values: auto, none, \(operators);"), "\(operators)")
        #expect(words.contains("(values: extended, clip, soft-clip;"))
        #expect(PixelConverter.GamutPolicy.allCases.count == 3)
        // The plot labels each operator with the library's title.
        let svg = try TemporaryFolder.make("plot").appendingPathComponent("curves.svg")
        let plotted = try CommandLineTool.run([
            "plot", "tonemap", "--content-headroom", "4.926", "--display-headroom", "2", "--output", svg.path,
        ])
        #expect(plotted.status == 0, "\(plotted.standardError)")
        let plot = try String(contentsOf: svg, encoding: .utf8)
        for method in ToneMappingMethod.allCases where method != .bt2446A {
            #expect(plot.contains(method.title.replacingOccurrences(of: "&", with: "&amp;")), "\(method.title)")
        }
    }

    @Test("validate and tag --help state what is judged, what is reported and which formats tag writes")
    func validateAndTagHelp() throws {
        let validate = Self.unwrapped(try CommandLineTool.run(["validate", "--help"]).standardOutput)
        for text in [
            "file.unreadable error finding in every", "FIFOs and devices are never opened",
            "an unknown key or value in it is an error", "2 a file's content could not be read",
        ] {
            #expect(validate.contains(text), "validate --help lacks: \(text)")
        }
        let tag = Self.unwrapped(try CommandLineTool.run(["tag", "--help"]).standardOutput)
        #expect(tag.contains("Only PNG files: for a JPEG, HEIF, AVIF or movie it names the tool"))
    }

    @Test("--frames: FIRST-LAST and FIRST...LAST include LAST, 'FIRST..<END' excludes END; other forms are refused")
    func frameRanges() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Fixtures.url("movies/x264-bt709.mp4").path
        let output = folder.appendingPathComponent("out.mp4").path
        for (range, frames) in [("0-1", 2), ("1-1", 1), ("0..<1", 1)] {
            let result = try CommandLineTool.run([
                "convert", source, output, "--frames", range, "--json", "--overwrite",
            ])
            #expect(result.status == 0, "\(range): \(result.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            #expect(object?["Frames"] as? Int == frames, "\(range)")
        }
        let proxy = try CommandLineTool.run(["convert", source, output, "--scale", "32", "--json", "--overwrite"])
        #expect(proxy.status == 0, "\(proxy.standardError)")
        let target = try JSONSerialization.jsonObject(with: Data(proxy.standardOutput.utf8)) as? [String: Any]
        #expect(
            (target?["Plan"] as? [String])?.last?.contains("resample 64×64 → 32×32") == true, "\(proxy.standardOutput)")
        for scale in ["0", "33x", "x32", "100000"] {
            #expect(try CommandLineTool.run(["convert", source, output, "--scale", scale]).status == 64, "\(scale)")
        }
        for range in ["2-1", "0..1", "-1-2", "1-"] {
            #expect(try CommandLineTool.run(["convert", source, output, "--frames", range]).status == 64, "\(range)")
        }
    }

    @Test("plot tonemap writes a standalone SVG with the knee marked")
    func plotToneMap() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("curve.svg")
        let result = try CommandLineTool.run([
            "plot", "tonemap", "--content-headroom", "4.9", "--display-headroom", "2", "-o", file.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try String(contentsOf: file, encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"))
        #expect(svg.lowercased().contains("knee"))
    }

    @Test("plot transfer writes one curve per named transfer function")
    func plotTransfer() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tf.svg")
        let result = try CommandLineTool.run(["plot", "transfer", "pq", "hlg", "srgb", "-o", file.path])
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try String(contentsOf: file, encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 3)
    }

    @Test("profile writes a BT.2100 PQ profile that inspect reads back, with its cicp tag")
    func profileAndInspect() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pq.icc")
        let written = try CommandLineTool.run(["profile", "--color-space", "bt2100-pq", "-o", file.path])
        #expect(written.status == 0, "\(written.standardError)")
        let inspected = try CommandLineTool.run(["inspect", file.path, "--json"])
        #expect(inspected.status == 0, "\(inspected.standardError)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(inspected.standardOutput.utf8)) as? [String: Any])
        // ICC.1:2022 cicp tag with ITU-T H.273 codes 9 (BT.2020), 16 (PQ), 0 (RGB), full range.
        #expect(json["FileType"] as? String == "ICC")
        let details = try #require(json["ICCProfileDetails"] as? [String: Any])
        #expect((details["cicp"] as? [String: Any])?["CICP"] as? String == "9/16/0/1")
        // Generated PQ profiles carry lumi = 10 000 cd/m² and a reproducible creation date.
        #expect((details["Luminance"] as? [Double])?[1] == 10_000)
        let images = try #require(json["Images"] as? [[String: Any]])
        #expect((images[0]["EffectiveColor"] as? [String: Any])?["TransferCharacteristics"] as? Int == 16)
    }

    @Test("inspect of a missing or non-ICC file exits 2 with a message")
    func inspectUnreadable() throws {
        let missing = try CommandLineTool.run(["inspect", "/nonexistent/profile.icc"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/nonexistent/profile.icc"))
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("not.icc")
        try Data("this is not a profile".utf8).write(to: file)
        let garbage = try CommandLineTool.run(["inspect", file.path])
        #expect(garbage.status == 2)
        #expect(!garbage.standardError.isEmpty)
    }

    @Test("an unknown subcommand or option fails with a usage error, not a crash")
    func usageErrors() throws {
        let unknown = try CommandLineTool.run(["frobnicate"])
        #expect(unknown.status != 0)
        #expect(!unknown.standardError.isEmpty)
        let badHeadroom = try CommandLineTool.run(["plot", "tonemap", "--content-headroom", "abc", "-o", "/dev/null"])
        #expect(badHeadroom.status != 0)
    }
}
