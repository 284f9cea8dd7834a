import ColorTags
import Foundation
import MediaSyntax
import TagValidation
import Testing

@Suite("Reports read back: JSON parsing and merging the parts of a run")
struct ReportMergingTests {
    @Test("JSON parses back to the same text: every fixture's tag report, in member order")
    func jsonRoundTrip() throws {
        for name in Corpus.allFiles {
            guard let tags = try? Corpus.tags(name) else { continue }
            let text = tags.json(path: name, findings: tags.findings()).serialized()
            let parsed = try JSONValue(parsing: text)
            #expect(parsed.serialized() == text, "\(name)")
        }
    }

    @Test("JSON values: escapes, surrogate pairs, numbers, and where malformed text fails")
    func jsonValues() throws {
        let value = try JSONValue(
            parsing: #" {"a": [1, -2.5, 1e3, 12345678901234567890, true, null], "b": "x\"\\\/\u00e9\ud83d\ude00\n"} "#)
        #expect(value["a"]?.arrayValue?.count == 6 && value["a"]?.arrayValue?.first?.intValue == 1)
        #expect(value["b"]?.stringValue == "x\"\\/é😀\n")
        if case .number(let big) = value["a"]?.arrayValue?[3] {
            #expect(big == Double("12345678901234567890"))
        } else {
            Issue.record("an integer beyond Int is a number")
        }
        let malformed: [(String, Int)] = [
            ("", 0), ("[1,]", 3), ("{\"a\" 1}", 5), ("01", 2), ("[1] x", 4), ("\"\\ud800\"", 7), ("\"a\u{01}\"", 2),
            ("\"\\q\"", 2), ("-", 1), ("1.", 2), ("tru", 0), ("\"abc", 4),
        ]
        for (text, offset) in malformed {
            do {
                _ = try JSONValue(parsing: text)
                Issue.record("\(text.debugDescription) parsed")
            } catch {
                #expect(error.offset == offset, "\(text.debugDescription): \(error)")
            }
        }
        let deep = String(repeating: "[", count: JSONValue.maximumDepth + 1)
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: deep) }
    }

    @Test("a run split in parts and merged renders as the run itself, in every format")
    func mergedPartsEqualOneRun() throws {
        let validator = Validator(options: ValidationOptions(requirements: [.hdr10]))
        var paths = Corpus.allFiles.map { Corpus.url($0).path }
        paths.insert("missing.mp4", at: 3)
        let reports = paths.map { validator.validate(file: $0) }
        #expect(reports.contains { $0.error != nil } && reports.contains { $0.tagging != nil })
        for failOn in [Severity.error, .note] {
            let whole = ValidationReport(files: reports, failOn: failOn)
            let parts = stride(from: 0, to: reports.count, by: 7).map {
                ValidationReport(files: Array(reports[$0..<min($0 + 7, reports.count)]), failOn: failOn)
            }
            let documents = try parts.map { try JSONValue(parsing: $0.rendered(as: .json)) }
            let merged = try ValidationReport(mergingJSON: documents)
            #expect(merged.failOn == failOn && merged.exitStatus == whole.exitStatus)
            for format in ReportFormat.allCases {
                #expect(merged.rendered(as: format) == whole.rendered(as: format), "\(format)")
            }
        }
    }

    @Test("merging refuses reports that are not validate's JSON, naming the report and the member")
    func mergeRefusals() throws {
        let file = #"{"SourceFile": "a.png", "Findings": [{"Rule": "RULE", "Severity": "SEVERITY", "Message": "m"}]}"#
        func report(_ failOn: String = "error", rule: String = "file.unreadable", severity: String = "error") throws
            -> JSONValue
        {
            try JSONValue(
                parsing:
                    #"{"FailOn": "\#(failOn)", "Files": [\#(file.replacingOccurrences(of: "RULE", with: rule).replacingOccurrences(of: "SEVERITY", with: severity))]}"#
            )
        }
        let good = try ValidationReport(mergingJSON: [try report(), try report()])
        #expect(good.files.count == 2 && good.files[0].findings[0].fix == ValidationRule.rule(.fileUnreadable).fix)
        let cases: [([JSONValue], String)] = [
            (
                [try report(), try report(rule: "no.such.rule")],
                "report 2: Files[0].Findings[0]: unknown rule 'no.such.rule'"
            ),
            (
                [try report(severity: "fatal")],
                "report 1: Files[0].Findings[0]: Severity is not one of note, warning, error"
            ),
            ([try report("warning"), try report()], "fail at different severities"),
            ([.array([])], "report 1: not a JSON object"),
            ([try JSONValue(parsing: #"{"FailOn": "error", "Files": [{"Findings": []}]}"#)], "Files[0]: SourceFile"),
        ]
        for (documents, message) in cases {
            do {
                _ = try ValidationReport(mergingJSON: documents)
                Issue.record("merged: \(message)")
            } catch {
                #expect(error.description.contains(message), "\(error)")
            }
        }
        #expect(
            try ValidationReport(mergingJSON: [try report("warning"), try report()], failOn: .note).failOn == .note)
    }
}
