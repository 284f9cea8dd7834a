import ColorTags
import TagValidation
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
import MediaSyntax

#endif

@Suite("Reports")
struct ReportTests {
    static func report(_ names: [String], failOn: Severity = .error) -> ValidationReport {
        let validator = Validator()
        return ValidationReport(files: names.map { validator.validate(file: Corpus.url($0).path) }, failOn: failOn)
    }

    @Test("exit status: 0 clean, 1 findings at or above the threshold, 2 unreadable")
    func exitStatus() {
        #expect(Self.report(["png/pq-16bit-clean.png"]).exitStatus == 0)
        #expect(Self.report(["png/untagged.png"]).exitStatus == 0)
        #expect(Self.report(["png/untagged.png"], failOn: .note).exitStatus == 1)
        #expect(Self.report(["png/cicp-narrow-range.png"]).exitStatus == 0)
        #expect(Self.report(["png/cicp-narrow-range.png"], failOn: .warning).exitStatus == 1)
        #expect(Self.report(["png/cicp-matrix-9.png"]).exitStatus == 1)
        #expect(Self.report(["png/cicp-matrix-9.png", "misc/empty.png"]).exitStatus == 2)
        // A path that cannot be read is an error finding: exit 1, as for any error, and the other files are checked.
        let missing = ValidationReport(files: [
            Validator().validate(file: "/nonexistent/a.mp4"),
            Validator().validate(file: Corpus.url("png/untagged.png").path),
        ])
        #expect(missing.exitStatus == 1 && missing.files[1].tagging != nil)
    }

    @Test("a missing path is reported in every format, with its rule and reason")
    func missingPathInEveryFormat() throws {
        let validator = Validator()
        let report = ValidationReport(files: [
            validator.validate(file: "missing.mp4"),
            validator.validate(file: Corpus.url("png/pq-16bit-clean.png").path),
        ])
        let reason = "missing.mp4 cannot be read: no such file; check the path"
        let text = report.rendered(as: .text)
        #expect(
            text.contains("error   file.unreadable  \(reason)")
                && text.contains("2 files: 1 clean, 0 with findings, 1 unreadable; 1 error, 0 warnings, 0 notes;"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.rendered(as: .json).utf8)) as? [String: Any])
        let findings = (json["Files"] as? [[String: Any]])?.first?["Findings"] as? [[String: Any]]
        #expect(findings?.first?["Rule"] as? String == "file.unreadable" && json["ExitStatus"] as? Int == 1)
        let junit = report.rendered(as: .junit)
        #expect(junit.contains("<failure type=\"file.unreadable\"") && junit.contains("tests=\"2\" failures=\"1\""))
        #expect(
            report.rendered(as: .github).hasPrefix("::error file=missing.mp4,title=hdrcolor file.unreadable::\(reason)")
        )
        let sarif = try #require(
            try JSONSerialization.jsonObject(with: Data(report.rendered(as: .sarif).utf8)) as? [String: Any])
        let result = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "file.unreadable" && result["level"] as? String == "error")
        let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((physical?["artifactLocation"] as? [String: Any])?["uri"] as? String == "missing.mp4")
        #expect((physical?["region"] as? [String: Any])?["startLine"] as? Int == 1)
    }

    @Test("JSON stays valid with NaN and ±inf, which become null")
    func jsonNonFinite() throws {
        let value = JSONValue.object([
            ("nan", .number(.nan)), ("inf", .number(.infinity)), ("ninf", .number(-.infinity)),
            ("x", .number(0.1)), ("n", .number(3)), ("s", .string("a\u{1B}b\"\n")),
        ])
        let text = value.serialized()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["nan"] is NSNull && parsed["inf"] is NSNull && parsed["ninf"] is NSNull)
        #expect(parsed["x"] as? Double == 0.1 && parsed["n"] as? Int == 3 && parsed["s"] as? String == "a\u{1B}b\"\n")
        #expect(!text.contains("\u{1B}"))
    }

    @Test("JSON strings escape quotes, backslashes and C0, DEL and C1 controls, and keep every other character")
    func jsonStrings() throws {
        let text = "é\u{0}\"\\\t\r\n\u{1F}\u{7F}\u{80}\u{9F}\u{A0}\u{C2}\u{1F600}e\u{301}\u{202E}"
        #expect(
            JSONValue.string(text).serialized()
                == "\"é\\u0000\\\"\\\\\\t\\r\\n\\u001f\\u007f\\u0080\\u009f\u{A0}\u{C2}\u{1F600}e\u{301}\u{202E}\"")
        #expect(JSONValue.string("").serialized() == "\"\"")
        #expect(JSONValue.string("\u{85}").serialized() == "\"\\u0085\"")
        let parsed = try JSONSerialization.jsonObject(
            with: Data(JSONValue.array([.string(text)]).serialized(pretty: false).utf8))
        #expect(parsed as? [String] == [text])
    }

    @Test("every fixture's JSON parses")
    func jsonForAllFixtures() throws {
        for name in Corpus.allFiles {
            guard let tags = try? Corpus.tags(name) else { continue }
            let text = tags.json(path: name, findings: tags.findings()).serialized()
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(name)")
        }
    }

    @Test("control characters from a file never reach text output raw")
    func sanitised() throws {
        for name in ["png/iccp-escape-description.png", "icc/escape-description.icc"] {
            let tags = try Corpus.tags(name)
            let text = tags.text(path: name, findings: tags.findings())
            #expect(text.contains("evil \\x1B[31mred\\x1B[0m \\x07bell\\x0D\\x1B]0;title\\x07"), "\(name)")
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(name)")
        }
        #expect(TextSanitizer.sanitize("a\u{202E}b\u{9B}c") == "a\\u{202E}b\\x9Bc")
    }

    @Test("SARIF 2.1.0: rules, results with startLine 1 beside byte regions, unreadable files as notifications")
    func sarif() throws {
        let text = Self.report(["png/cicp-matrix-9.png", "misc/empty.png"]).rendered(as: .sarif)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let rules = try #require(
            (run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
        #expect(rules.count == ValidationRule.all.count)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["png.cicp-matrix-not-identity"])
        let region =
            ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
            as? [String: Any]
        #expect(region?["byteOffset"] as? Int == 41 && region?["byteLength"] as? Int == 4)
        // GitHub code scanning requires a line: every result's region starts at line 1.
        #expect(region?["startLine"] as? Int == 1)
        let notifications =
            (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]
        #expect(notifications?.count == 1)
    }

    @Test("JUnit: one test case per file, a failure for failing findings, an error for unreadable files")
    func junit() throws {
        let text = Self.report(["png/cicp-matrix-9.png", "png/pq-16bit-clean.png", "misc/empty.png"]).rendered(
            as: .junit)
        #expect(text.contains("tests=\"3\" failures=\"1\" errors=\"1\""))
        #expect(text.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(text.contains("<failure type=\"png.cicp-matrix-not-identity\""))
        #expect(text.contains("<error type=\"unreadable\""))
        let parser = XMLParser(data: Data(text.utf8))
        #expect(parser.parse(), "well-formed XML")
    }

    @Test("SARIF locations: paths inside the working directory are relative URIs, others file:// URIs")
    func sarifURIs() throws {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(SARIF.uri("./assets/a b.png") == "assets/a%20b.png")
        #expect(SARIF.uri(cwd + "/assets/x.png") == "assets/x.png")
        #expect(SARIF.uri("/nonexistent/x.png") == "file:///nonexistent/x.png")
    }

    @Test("GitHub annotations escape %, newlines, and : and , in properties")
    func github() {
        var report = Self.report(["png/cicp-matrix-9.png"])
        report.files[0].path = "dir,a:b/x%.png"
        report.files[0].findings[0].message = "line1\nline2 100% \u{1B}[31m"
        let lines = report.rendered(as: .github).split(separator: "\n")
        #expect(
            lines[0].hasPrefix(
                "::error file=dir%2Ca%3Ab/x%25.png,title=hdrcolor png.cicp-matrix-not-identity::line1%0Aline2 100%25 \\x1B[31m"
            ))
        #expect(lines.count == 2)
    }
}
