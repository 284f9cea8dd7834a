import Foundation
import TestSupport
import Testing

/// The pre-commit hook in `.pre-commit-hooks.yaml`, run as pre-commit runs a `language: system` hook: its `entry`
/// split into words, then the `args`, then the names of the staged files its `files` pattern selects.
@Suite("pre-commit hook")
struct PreCommitHookTests {
    struct Hook {
        var fields: [String: String] = [:]
        var entry: [String] { (fields["entry"] ?? "").split(separator: " ").map(String.init) }
        var pattern: String {
            let value = fields["files"] ?? ""
            return value.hasPrefix("'") && value.hasSuffix("'") ? String(value.dropFirst().dropLast()) : value
        }

        /// Whether pre-commit passes `name` to the hook (Python's `re.search` on the path; a leading `(?i)` is read
        /// as Python reads it, as ICU does).
        func selects(_ name: String) -> Bool {
            (try? NSRegularExpression(pattern: pattern))?.firstMatch(
                in: name, range: NSRange(name.startIndex..., in: name)) != nil
        }
    }

    /// The single hook of a hooks file or of a `repo: local` block (`key: value` lines of the list item).
    static func hook(in text: String) -> Hook {
        var hook = Hook()
        for line in text.split(separator: "\n") {
            var trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- ") { trimmed.removeFirst(2) }
            guard !trimmed.hasPrefix("#"), let colon = trimmed.firstIndex(of: ":") else { continue }
            hook.fields[String(trimmed[..<colon])] = trimmed[trimmed.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return hook
    }

    static func hooksFile() throws -> Hook {
        hook(
            in: try String(
                contentsOf: CompositeAction.root.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8))
    }

    static func runHook(_ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ["PATH": MovieTree.path]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("the hook runs hdrcolor validate as a system hook on images, profiles and movies")
    func declaration() throws {
        let hook = try Self.hooksFile()
        #expect(hook.fields["id"] == "hdrcolor-validate" && hook.fields["language"] == "system")
        #expect(hook.entry == ["hdrcolor", "validate"])
        for name in ["a.png", "b/c.jpg", "d.heic", "e.avif", "f.icc", "g.mp4", "h.mov", "i.mkv", "j.webm"] {
            #expect(hook.selects(name), "\(name)")
        }
        // Phone files are upper case; the pattern ignores case ((?i), which pre-commit's Python re reads too).
        #expect(hook.pattern.hasPrefix("(?i)"))
        for name in ["DCIM/IMG_0421.MOV", "IMG_0422.HEIC", "PXL_2026.MP4", "b/c.JPG", "scan.Png"] {
            #expect(hook.selects(name), "\(name)")
        }
        // The raw video streams validate reads.
        for name in ["a.hevc", "b.h265", "c.265", "d.h264", "e.264", "f.obu", "g.ivf", "live/h.ts", "i.M2TS"] {
            #expect(hook.selects(name), "\(name)")
        }
        for name in ["README.md", "a.mp4.txt", "movie.avi", "a.tsv", "b.m2t", "c.2650"] {
            #expect(!hook.selects(name), "\(name)")
        }
    }

    @Test("an upper-case phone file name is selected and checked like its lower-case twin")
    func upperCaseStagedFile() throws {
        let directory = try MovieTree.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hook = try Self.hooksFile()
        try FileManager.default.copyItem(
            at: directory.appendingPathComponent("exports/colr-vui-mismatch.mp4"),
            to: directory.appendingPathComponent("IMG_0421.MOV"))
        #expect(hook.selects("IMG_0421.MOV"))
        #expect(try Self.runHook(hook.entry + ["IMG_0421.MOV"], in: directory) == 1, "the mis-tagged copy fails")
    }

    @Test("staged files as arguments: clean files pass, a mis-tagged movie fails the commit")
    func runsOnStagedFiles() throws {
        let directory = try MovieTree.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hook = try Self.hooksFile()
        let staged = MovieTree.layout.map(\.name) + ["notes.txt"]
        let clean = staged.filter { hook.selects($0) && !$0.hasPrefix("exports/") }
        #expect(clean.count == 5)
        #expect(try Self.runHook(hook.entry + clean, in: directory) == 0)
        #expect(try Self.runHook(hook.entry + clean + ["exports/colr-vui-mismatch.mp4"], in: directory) == 1)
    }
}
