import ColorTags

/// Why JSON validation reports cannot be merged: which report and what in it.
public struct ReportMergeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The report's position in the list, from 0.
    public var report: Int
    /// What is wrong, e.g. `"Files[3].Findings[0]: unknown rule 'x.y'"`.
    public var problem: String

    public var description: String { "report \(report + 1): \(problem)" }
}

extension ValidationReport {
    /// The report of several `validate --format json` reports (parts of one tree validated apart, e.g. on several
    /// machines), with their files in the order given: rendered in any ``ReportFormat``, it is what one run over all
    /// those files writes, since a JSON report holds everything the renderings print (findings in full, each file's
    /// type, effective colour and why it could not be read).
    ///
    /// - Parameters:
    ///   - documents: The parsed reports (`FailOn`, `Files`); a report may also be made by hand in that shape, e.g.
    ///     `{"FailOn": "error", "Files": [{"SourceFile": "a.png", "Error": "…", "Findings": []}]}` for a file whose
    ///     reader never answered.
    ///   - failOn: The threshold of the merged report; nil for the reports' own `FailOn`, which must then agree.
    /// - Throws: ``ReportMergeError`` for a document that is not such a report: a missing or mistyped member, an
    ///   unknown rule or severity, reports with different thresholds.
    public init(mergingJSON documents: [JSONValue], failOn: Severity? = nil) throws(ReportMergeError) {
        var files: [FileReport] = []
        var thresholds: Set<Severity> = []
        for (number, document) in documents.enumerated() {
            func fail(_ problem: String) -> ReportMergeError { ReportMergeError(report: number, problem: problem) }
            guard case .object = document else { throw fail("not a JSON object") }
            guard let text = document["FailOn"]?.stringValue, let threshold = Severity(rawValue: text) else {
                throw fail("FailOn is not one of note, warning, error")
            }
            thresholds.insert(threshold)
            guard let entries = document["Files"]?.arrayValue else { throw fail("Files is not an array") }
            for (index, entry) in entries.enumerated() {
                do throws(ReportMergeError) {
                    files.append(try Self.file(entry))
                } catch {
                    throw fail("Files[\(index)]\(error.problem)")
                }
            }
        }
        if let failOn {
            self.init(files: files, failOn: failOn)
        } else {
            guard thresholds.count <= 1 else {
                throw ReportMergeError(
                    report: 0,
                    problem: "the reports fail at different severities (\(thresholds.map(\.rawValue).sorted())); "
                        + "give the threshold")
            }
            self.init(files: files, failOn: thresholds.first ?? .error)
        }
    }

    /// One entry of `Files`.
    private static func file(_ entry: JSONValue) throws(ReportMergeError) -> FileReport {
        func fail(_ problem: String) -> ReportMergeError { ReportMergeError(report: 0, problem: problem) }
        guard let path = entry["SourceFile"]?.stringValue else { throw fail(": SourceFile is not a string") }
        func optionalString(_ key: String) throws(ReportMergeError) -> String? {
            guard let value = entry[key], !value.isNull else { return nil }
            guard let text = value.stringValue else { throw fail(".\(key) is not a string") }
            return text
        }
        var findings: [Finding] = []
        for (index, item) in (entry["Findings"]?.arrayValue ?? []).enumerated() {
            do throws(ReportMergeError) {
                findings.append(try finding(item))
            } catch {
                throw fail(".Findings[\(index)]: \(error.problem)")
            }
        }
        var report = FileReport(path: path, tagging: nil, findings: findings)
        let effective = entry["EffectiveColor"].flatMap { $0.isNull ? nil : $0 }
        report.recorded = FileReport.RecordedOutcome(
            fileType: try optionalString("FileType"), error: try optionalString("Error"), effectiveColor: effective)
        return report
    }

    /// One finding as ``Finding/json`` writes it; a `Fix` other than the rule's is the finding's own advice.
    private static func finding(_ item: JSONValue) throws(ReportMergeError) -> Finding {
        func fail(_ problem: String) -> ReportMergeError { ReportMergeError(report: 0, problem: problem) }
        guard let ruleText = item["Rule"]?.stringValue else { throw fail("Rule is not a string") }
        let rule = RuleID(rawValue: ruleText)
        guard ValidationRule.all.contains(where: { $0.id == rule }) else { throw fail("unknown rule '\(ruleText)'") }
        guard let severityText = item["Severity"]?.stringValue, let severity = Severity(rawValue: severityText) else {
            throw fail("Severity is not one of note, warning, error")
        }
        guard let message = item["Message"]?.stringValue else { throw fail("Message is not a string") }
        var location: TagLocation?
        if let value = item["Location"], !value.isNull {
            guard let offset = value["Offset"]?.intValue, let length = value["Length"]?.intValue,
                let container = value["Container"]?.stringValue
            else { throw fail("Location lacks Offset, Length or Container") }
            location = TagLocation(offset: offset, length: length, container: container)
        }
        var image: Int?
        if let value = item["Image"], !value.isNull {
            guard let index = value.intValue else { throw fail("Image is not an integer") }
            image = index
        }
        let fix = item["Fix"]?.stringValue
        let advice = fix == ValidationRule.rule(rule).fix ? nil : fix
        return Finding(
            rule: rule, severity: severity, message: message, location: location, imageIndex: image, advice: advice)
    }
}

extension JSONValue {
    /// Whether this is `null`.
    var isNull: Bool {
        if case .null = self { true } else { false }
    }
}
