import MediaSyntax
import ColorTags

extension ValidationReport {
    /// JUnit XML (the Ant/Jenkins/GitLab schema): one `testcase` per file; findings at or above ``failOn`` are a
    /// `failure`, an unreadable file an `error`, lower findings go to `system-out`.
    var junit: String {
        func escape(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                case "\n", "\t": result.unicodeScalars.append(scalar)
                case _
                where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE
                    || scalar.value == 0xFFFF:
                    result += "\\x" + String(scalar.value, radix: 16, uppercase: true)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
        let failures = files.filter { $0.errorDescription == nil && $0.findings.contains { $0.severity >= failOn } }
            .count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"hdrcolor validate\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"\(unreadableFiles.count)\">",
            "  <testsuite name=\"colour tags\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"\(unreadableFiles.count)\" skipped=\"0\">",
        ]
        for file in files {
            lines.append("    <testcase classname=\"hdrcolor.validate\" name=\"\(escape(file.path))\">")
            if let error = file.errorDescription {
                lines.append("      <error type=\"unreadable\" message=\"\(escape(error))\"/>")
            } else {
                let failing = file.findings.filter { $0.severity >= failOn }
                if !failing.isEmpty {
                    let body = failing.map { "\($0.severity) \($0.rule): \($0.message)\n  fix: \($0.fix)" }.joined(
                        separator: "\n")
                    lines.append(
                        "      <failure type=\"\(escape(failing[0].rule.rawValue))\" message=\"\(escape("\(failing.count) finding\(failing.count == 1 ? "" : "s"): \(failing[0].message)"))\">\(escape(body))</failure>"
                    )
                }
                let other = file.findings.filter { $0.severity < failOn }
                if !other.isEmpty {
                    lines.append(
                        "      <system-out>\(escape(other.map { "\($0.severity) \($0.rule): \($0.message)" }.joined(separator: "\n")))</system-out>"
                    )
                }
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n")
    }

    /// GitHub Actions workflow commands: `::error`/`::warning`/`::notice file=PATH,title=RULE::MESSAGE`, escaped as the
    /// runner requires (`%`, CR, LF; and `:` and `,` in properties).
    var github: String {
        func data(_ text: String) -> String {
            // Control characters other than line breaks are escaped first, so nothing from a file reaches the log raw.
            let safe = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map {
                    $0.split(separator: "\r", omittingEmptySubsequences: false).map {
                        TextSanitizer.sanitize(String($0))
                    }
                    .joined(separator: "\r")
                }
                .joined(separator: "\n")
            return safe.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
        }
        func property(_ text: String) -> String { data(text).replacingAll(":", "%3A").replacingAll(",", "%2C") }
        var lines: [String] = []
        for file in files {
            if let error = file.errorDescription {
                lines.append(
                    "::error file=\(property(file.path)),title=\(property("unreadable file"))::\(data(error))"
                )
            }
            for finding in file.findings {
                let command = finding.severity == .error ? "error" : finding.severity == .warning ? "warning" : "notice"
                lines.append(
                    "::\(command) file=\(property(file.path)),title=\(property("hdrcolor \(finding.rule)"))::"
                        + data("\(finding.message). Fix: \(finding.fix)"))
            }
        }
        lines.append(data(summary))
        return lines.joined(separator: "\n")
    }

    /// SARIF 2.1.0: the rule catalog as `tool.driver.rules`, one result per finding (a path that cannot be read
    /// included), files whose content cannot be read as tool execution notifications. Every result has a physical
    /// location GitHub code scanning accepts: the path relative to the working directory (the repository root in a
    /// workflow) and a region with `startLine` 1, which code scanning requires, beside the finding's byte region when
    /// it has one (`byteOffset`, `byteLength`: where in the file the tag is).
    var sarif: JSONValue {
        func level(_ severity: Severity) -> JSONValue {
            .string(severity == .error ? "error" : severity == .warning ? "warning" : "note")
        }
        let rules = ValidationRule.all.map { rule -> JSONValue in
            .object([
                ("id", .string(rule.id.rawValue)), ("shortDescription", .object([("text", .string(rule.title))])),
                ("help", .object([("text", .string(rule.fix))])),
                ("properties", .object([("reference", .string(rule.reference))])),
                ("defaultConfiguration", .object([("level", level(rule.defaultSeverity))])),
            ])
        }
        let index = Dictionary(uniqueKeysWithValues: ValidationRule.all.enumerated().map { ($1.id, $0) })
        var results: [JSONValue] = []
        for file in files {
            for finding in file.findings {
                var physical: [(String, JSONValue)] = [
                    ("artifactLocation", .object([("uri", .string(SARIF.uri(file.path)))]))
                ]
                var region: [(String, JSONValue)] = [("startLine", .integer(1))]
                if let location = finding.location {
                    region += [("byteOffset", .integer(location.offset)), ("byteLength", .integer(location.length))]
                }
                physical.append(("region", .object(region)))
                results.append(
                    .compact([
                        ("ruleId", .string(finding.rule.rawValue)),
                        ("ruleIndex", .optional(index[finding.rule], JSONValue.integer)),
                        ("level", level(finding.severity)),
                        ("message", .object([("text", .string("\(finding.message). Fix: \(finding.fix)"))])),
                        ("locations", .array([.object([("physicalLocation", .object(physical))])])),
                    ]))
            }
        }
        let notifications = unreadableFiles.map { file -> JSONValue in
            .object([
                ("level", .string("error")), ("message", .object([("text", .string(file.errorDescription ?? ""))])),
                (
                    "locations",
                    .array([
                        .object([
                            (
                                "physicalLocation",
                                .object([("artifactLocation", .object([("uri", .string(SARIF.uri(file.path)))]))])
                            )
                        ])
                    ])
                ),
            ])
        }
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string("hdrcolor")),
                                        ("semanticVersion", .string("0.1.0")), ("rules", .array(rules)),
                                    ])
                                )
                            ])
                        ),
                        (
                            "invocations",
                            .array([
                                .object([
                                    ("executionSuccessful", .bool(unreadableFiles.isEmpty)),
                                    ("toolExecutionNotifications", .array(notifications)),
                                ])
                            ])
                        ),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
    }
}

package enum SARIF {
    /// A path as a URI reference (percent-encoding what RFC 3986 does not allow in a path): relative to the working
    /// directory when inside it, without a leading `./`, as code scanning matches it against the repository's files;
    /// a `file://` URI otherwise.
    package static func uri(_ path: String) -> String {
        var relative = Validator.relative(path, to: nil)
        while relative.hasPrefix("./") { relative.removeFirst(2) }
        var result = relative.hasPrefix("/") ? "file://" : ""
        for byte in relative.utf8 {
            let allowed =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-._~/!$&'()*+,;=:@".utf8.contains(byte)
            result +=
                allowed ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return result
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
