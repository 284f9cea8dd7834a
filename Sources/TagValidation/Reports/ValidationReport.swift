import MediaSyntax
import ColorTags

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
    /// What a JSON report recorded of the file (for a report read back, ``ValidationReport/init(mergingJSON:failOn:)``),
    /// in place of ``tagging`` and ``error``, which it does not hold.
    public var recorded: RecordedOutcome?

    /// Creates a report.
    public init(path: String, tagging: ColorTagging?, findings: [Finding], error: ColorTagsError? = nil) {
        self.path = path
        self.tagging = tagging
        self.findings = findings
        self.error = error
    }

    /// What a `validate --format json` report says of a file beside its findings: what the renderings print of its
    /// tags and of why it could not be read.
    public struct RecordedOutcome: Sendable {
        /// The file type (`FileType`), nil when the file could not be read.
        public var fileType: String?
        /// Why the file could not be read (`Error`).
        public var error: String?
        /// The effective colour as the report wrote it (`EffectiveColor`).
        public var effectiveColor: JSONValue?

        /// An outcome.
        public init(fileType: String?, error: String?, effectiveColor: JSONValue?) {
            self.fileType = fileType
            self.error = error
            self.effectiveColor = effectiveColor
        }
    }

    /// Why the file could not be read, as the reports print it; nil when it was read.
    var errorDescription: String? { error?.description ?? recorded?.error }
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
    public var unreadableFiles: [FileReport] { files.filter { $0.errorDescription != nil } }

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

    /// Counts for the summary line: each file is clean, has findings, or is unreadable (its path cannot be read, a
    /// `file.unreadable` finding, or its content cannot be read); then the findings by severity.
    var summary: String {
        let all = files.flatMap(\.findings)
        let count = { (s: Severity) in all.filter { $0.severity == s }.count }
        let unreadable = files.filter {
            $0.errorDescription != nil || $0.findings.contains { $0.rule == .fileUnreadable }
        }.count
        let withFindings =
            files.filter { !$0.findings.isEmpty }.count
            - files.filter { file in
                file.errorDescription == nil && file.findings.contains { $0.rule == .fileUnreadable }
            }.count
        let clean = files.count - withFindings - unreadable
        func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return
            "\(plural(files.count, "file")): \(clean) clean, \(withFindings) with findings, \(unreadable) unreadable; "
            + "\(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.note), "note")); "
            + "failing at \(failOn) and above: \(failingFindings.count)"
    }

    var text: String {
        var lines: [String] = []
        for file in files {
            if let error = file.errorDescription {
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
                            (
                                "FileType",
                                .optional(file.tagging?.format.rawValue ?? file.recorded?.fileType, JSONValue.string)
                            ),
                            ("Error", .optional(file.errorDescription, JSONValue.string)),
                            (
                                "EffectiveColor",
                                file.tagging?.primary.effective.json ?? file.recorded?.effectiveColor ?? .null
                            ),
                            ("Findings", .array(file.findings.map(\.json))),
                        ])
                    })
            ),
        ])
    }
}
