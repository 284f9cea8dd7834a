import MediaSyntax

/// The result of validating one file.
public struct FileReport: Sendable {
    /// The path as given or found while walking.
    public var path: String
    /// The tags read, nil when the file could not be read.
    public var tagging: ColorTagging?
    /// Findings after policy weighting.
    public var findings: [Finding]
    /// Why the file could not be read.
    public var error: ColorTagsError?

    /// Creates a report.
    public init(path: String, tagging: ColorTagging?, findings: [Finding], error: ColorTagsError? = nil) {
        self.path = path
        self.tagging = tagging
        self.findings = findings
        self.error = error
    }
}

/// The output formats of a validation report.
public enum ReportFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Lines for a terminal.
    case text
    /// One JSON document (findings per file, tags per file).
    case json
    /// JUnit XML: a test case per file, a failure per file with findings at or above the threshold.
    case junit
    /// GitHub Actions workflow commands (`::error file=…,title=…::…`), shown as annotations.
    case github
    /// SARIF 2.1.0 for code-scanning tools.
    case sarif

    public var description: String { rawValue }
}

/// The results of a `validate` run, and their renderings.
public struct ValidationReport: Sendable {
    /// One report per file, in the order walked.
    public var files: [FileReport]
    /// The severity at or above which a finding fails the run.
    public var failOn: Severity

    /// Creates a report.
    public init(files: [FileReport], failOn: Severity = .error) {
        self.files = files
        self.failOn = failOn
    }

    /// Files that could not be read.
    public var unreadableFiles: [FileReport] { files.filter { $0.error != nil } }

    /// Findings at or above ``failOn``.
    public var failingFindings: [Finding] { files.flatMap { $0.findings.filter { $0.severity >= failOn } } }

    /// 0 clean, 1 findings at or above ``failOn``, 2 a file could not be read.
    public var exitStatus: Int32 {
        if !unreadableFiles.isEmpty { return 2 }
        return failingFindings.isEmpty ? 0 : 1
    }

    /// The report in a format.
    public func rendered(as format: ReportFormat) -> String {
        switch format {
        case .text: text
        case .json: json.serialized()
        case .junit: junit
        case .github: github
        case .sarif: sarif.serialized()
        }
    }

    /// Counts for the summary line.
    var summary: String {
        let all = files.flatMap(\.findings)
        let count = { (s: Severity) in all.filter { $0.severity == s }.count }
        let withFindings = files.filter { !$0.findings.isEmpty }.count
        let clean = files.count - withFindings - unreadableFiles.count
        return "\(files.count) file\(files.count == 1 ? "" : "s"): \(clean) clean, \(withFindings) with findings "
            + "(\(count(.error)) error\(count(.error) == 1 ? "" : "s"), \(count(.warning)) warning\(count(.warning) == 1 ? "" : "s"), "
            + "\(count(.note)) note\(count(.note) == 1 ? "" : "s")), \(unreadableFiles.count) unreadable; failing at \(failOn) and above: "
            + "\(failingFindings.count)"
    }

    var text: String {
        var lines: [String] = []
        for file in files {
            if let error = file.error {
                lines.append("\(TextSanitizer.sanitize(file.path)): error: \(error)")
                continue
            }
            guard !file.findings.isEmpty else { continue }
            lines.append(TextSanitizer.sanitize(file.path))
            for finding in file.findings { lines += finding.textLines(indent: 2) }
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    var json: JSONValue {
        .object([
            ("FailOn", .string(failOn.rawValue)), ("ExitStatus", .integer(Int(exitStatus))),
            (
                "Files",
                .array(
                    files.map { file in
                        .compact([
                            ("SourceFile", .string(file.path)),
                            ("FileType", .optional(file.tagging) { .string($0.format.rawValue) }),
                            ("Error", .optional(file.error) { .string($0.description) }),
                            ("EffectiveColor", .optional(file.tagging) { $0.primary.effective.json }),
                            ("Findings", .array(file.findings.map(\.json))),
                        ])
                    })
            ),
        ])
    }
}
