import Foundation
import HDRColor
import TestSupport
import Testing

/// The tool on the inputs that trapped or misled: profile versions, the luminance lines, write failures, extreme
/// plot arguments, and the exit status of JSON output with non-finite numbers.
@Suite("hdrcolor hardening")
struct HardeningCommandTests {
    static func fixture(_ name: String) -> String { Fixtures.url("color-tags/\(name)").path }

    @Test("profile --icc-version 2 writes a v2 header; 4.4 writes v4.4; the global --version is the tool's")
    func profileVersions() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (argument, major, minor) in [("2", 2, 1), ("2.1", 2, 1), ("4.4", 4, 4)] {
            let file = directory.appendingPathComponent("srgb-\(argument).icc")
            let result = try CommandLineTool.run(
                ["profile", "--color-space", "srgb", "--icc-version", argument, "-o", file.path])
            #expect(result.status == 0, "\(result.standardError)")
            let bytes = [UInt8](try Data(contentsOf: file))
            #expect(bytes[8] == UInt8(major) && bytes[9] >> 4 == UInt8(minor), "--icc-version \(argument)")
            let profile = try ICCProfile(bytes: bytes)
            #expect(profile.header.version == ICCVersion(major: major, minor: minor), "--icc-version \(argument)")
            #expect(result.standardOutput.contains("ICC \(major).\(minor).0"))
        }
        let bad = try CommandLineTool.run(["profile", "--color-space", "srgb", "--icc-version", "3", "-o", "/dev/null"])
        #expect(bad.status == 64 && bad.standardError.contains("'3'") && bad.standardError.contains("--icc-version"))
        let version = try CommandLineTool.run(["--version"])
        #expect(version.status == 0 && version.standardOutput.hasPrefix("0."))
    }

    @Test("inspect's luminance lines show Y of the lumi tag (10 000 cd/m² for PQ; X and Z differ)")
    func luminanceLines() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let icc = directory.appendingPathComponent("pq.icc")
        #expect(try CommandLineTool.run(["profile", "--color-space", "bt2100-pq", "-o", icc.path]).status == 0)
        let lumi = try #require(try ICCProfile(contentsOf: icc).luminance)
        #expect(lumi.y == 10_000 && lumi.x != lumi.y && lumi.z != lumi.y)
        let profileText = try CommandLineTool.run(["inspect", icc.path])
        #expect(
            profileText.standardOutput.contains("Luminance (cd/m²)         10000.00"), "\(profileText.standardOutput)")
        // Embedded in a PNG the short form is printed.
        let png = directory.appendingPathComponent("tagged.png")
        let tagged = try CommandLineTool.run([
            "tag", Self.fixture("png/untagged.png"), "--cicp", "9/16/0/1", "--icc-from-cicp", "-o", png.path,
        ])
        #expect(tagged.status == 0, "\(tagged.standardError)")
        let embedded = try CommandLineTool.run(["inspect", png.path])
        #expect(embedded.standardOutput.contains("Luminance                 1e+04 cd/m²"), "\(embedded.standardOutput)")
    }

    @Test("inspect --json with infinite curve values: valid JSON and the documented exit status 0 (no findings)")
    func nonFiniteJSONStatus() throws {
        let result = try CommandLineTool.run(["inspect", "--json", Self.fixture("icc/infinite-curve.icc")])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(json["Findings"] as? [Any])
        #expect(result.status == (findings.isEmpty ? 0 : 1), "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let text = try CommandLineTool.run(["inspect", Self.fixture("icc/infinite-curve.icc")])
        #expect(text.status == result.status)
    }

    @Test("write failures are plain sentences with exit 2, never Foundation's codes")
    func writeFailures() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("no/such/folder/x").path
        let commands: [[String]] = [
            ["profile", "--color-space", "srgb", "-o", missing + ".icc"],
            ["plot", "transfer", "pq", "-o", missing + ".svg"],
            ["plot", "tonemap", "--content-headroom", "4.9", "--display-headroom", "2", "-o", missing + ".svg"],
        ]
        for arguments in commands {
            let result = try CommandLineTool.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.contains("does not exist; create it first"), "\(result.standardError)")
            for raw in ["error 4", "NSCocoaErrorDomain", "The operation could not be completed", "couldn’t be saved"] {
                #expect(!result.standardError.contains(raw), "\(arguments): \(result.standardError)")
            }
        }
        let folder = try CommandLineTool.run(["profile", "--color-space", "srgb", "-o", directory.path])
        #expect(folder.status == 2 && folder.standardError.contains("it is a folder; give a file name"))
    }

    @Test("extreme plot arguments draw (finite numbers only in the SVG) instead of trapping")
    func extremePlots() throws {
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("p.svg")
        let runs: [[String]] = [
            ["plot", "tonemap", "--content-headroom", "1e300", "--display-headroom", "2", "-o", svg.path],
            ["plot", "tonemap", "--content-headroom", "1e300", "--display-headroom", "1e-300", "-o", svg.path],
            [
                "plot", "tonemap", "--content-headroom", "1e18", "--display-headroom", "1e16", "--reference-white",
                "1e300",
                "-o", svg.path,
            ],
            [
                "plot", "transfer", "pq", "hlg", "srgb", "--reference-white", "1e300", "--hlg-peak", "1e-300", "-o",
                svg.path,
            ],
        ]
        for arguments in runs {
            let result = try CommandLineTool.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            let text = try String(contentsOf: svg, encoding: .utf8)
            #expect(!text.contains("=\"nan") && !text.contains("=\"inf") && !text.contains("=\"-inf"), "\(arguments)")
            #expect(!text.contains(" nan") && !text.contains(",nan") && !text.contains(" inf,"), "\(arguments)")
        }
    }

    @Test("tag refuses cICP MatrixCoefficients 1 with a usage error")
    func tagMatrixOne() throws {
        let result = try CommandLineTool.run([
            "tag", Self.fixture("png/untagged.png"), "--cicp", "9/16/1/1", "-o", "/dev/null",
        ])
        #expect(result.status == 64 && result.standardError.contains("MatrixCoefficients must be 0"))
    }

    @Test("messages that echo arguments or files never carry raw control characters")
    func sanitisedEchoes() throws {
        let evil = "srgb\u{1B}]0;pwned\u{07}"
        let result = try CommandLineTool.run(["profile", "--color-space", evil, "-o", "/dev/null"])
        #expect(result.status == 64)
        #expect(!result.standardError.contains("\u{1B}") && result.standardError.contains("\\x1B]0;pwned\\x07"))
        let missing = try CommandLineTool.run(["inspect", "/nonexistent/\u{1B}[2J.png"])
        #expect(missing.status == 2 && !missing.standardError.contains("\u{1B}"))
    }
}
