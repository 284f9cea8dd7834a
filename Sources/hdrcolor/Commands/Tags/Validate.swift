import ArgumentParser
import Foundation
import HDRColor
import Yams

extension HDRColorCommand {
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Check the colour tags of image files and movies in CI: contradictions, invalid code points, HDR metadata, gain maps, Dolby Vision, policies.",
            discussion: """
                Walks files and folders (PNG, JPEG, HEIF, AVIF, ICC, MP4, MOV, MKV, WebM by extension; explicit files by \
                signature), reads them \
                in parallel and applies every rule (`--list-rules`). A policy file, --config or .hdrcolor.yml in the \
                current folder, adds requirements, per-glob policies, disabled rules and severities; an unknown key or \
                value in it is an error that lists the valid ones.
                A path that does not exist or is not a readable regular file (FIFOs and devices are never opened) is a \
                file.unreadable error finding in every format, and the other paths are still checked; so are a folder \
                that cannot be listed and a symbolic link to nothing met while walking.
                With --compare SOURCE, each DERIVED file also fails when primaries, transfer, range, cLLI or mDCV changed, \
                or a movie lost its Dolby Vision record.
                Exit status: 0 clean, 1 findings at or above --fail-on, 2 a file's content could not be read (unknown \
                format, over a limit) or the usage or policy file is wrong.
                To split a tree across machines (hdrcolor-ray does): --list-files prints the files a run would check, \
                in its order; each part is validated with --format json; --merge-reports renders the parts' JSON \
                reports, in the order given, as one run over all their files would have.
                """
        )

        @Argument(help: "Files and folders to check (with --compare: the derived files).")
        var paths: [String] = []

        @Option(
            help:
                "A policy every file must meet (repeatable): \(Requirement.allCases.map(\.rawValue).joined(separator: ", "))."
        )
        var require: [Requirement] = []

        @Option(help: "The policy file (YAML). Default: .hdrcolor.yml in the current folder, when present.")
        var config: String?

        @Option(name: .customLong("fail-on"), help: "The lowest severity that fails the run: note, warning or error.")
        var failOn: Severity?

        @Option(help: "Report format: text, json, junit, github or sarif.")
        var format: ReportFormat = .text

        @Option(help: "Only walked files matching this glob (repeatable), e.g. 'assets/**/*.png'.")
        var include: [Glob] = []

        @Option(help: "Skip walked files matching this glob (repeatable).")
        var exclude: [Glob] = []

        @Option(help: "Compare each path against this source asset.")
        var compare: String?

        @Option(name: [.short, .long], help: "Files read at once (default: the number of cores).")
        var jobs: Int?

        @Flag(name: .customLong("list-rules"), help: "Print the rule catalog as a Markdown table and exit.")
        var listRules = false

        @Flag(
            name: .customLong("list-files"),
            help: "Print the files the run would check, in its order (a JSON array with --format json), and exit.")
        var listFiles = false

        @Option(
            name: .customLong("files-from"),
            help:
                "Check the files of this listing (--list-files --format json, or a part of one) instead of walking paths."
        )
        var filesFrom: String?

        @Flag(
            name: .customLong("merge-reports"),
            help:
                "The paths are JSON reports (--format json) of parts of a run: render all their files, in the order given, in --format."
        )
        var mergeReports = false

        func run() async throws {
            if listRules {
                print(Self.ruleTable)
                return
            }
            guard !paths.isEmpty || filesFrom != nil else {
                try Diagnostics.fail("no files or folders given; try `hdrcolor validate .`", status: 2)
            }
            if let jobs, jobs < 1 { try Diagnostics.fail("--jobs must be at least 1", status: 2) }
            if compare != nil, listFiles || filesFrom != nil || mergeReports {
                try Diagnostics.fail(
                    "--compare takes its derived files as paths; drop --list-files, --files-from and --merge-reports",
                    status: 2)
            }
            if filesFrom != nil, !paths.isEmpty {
                try Diagnostics.fail("--files-from names the files; give no paths beside it", status: 2)
            }
            if mergeReports, listFiles || filesFrom != nil || !require.isEmpty || config != nil {
                try Diagnostics.fail(
                    "--merge-reports renders reports already made; give --require, --config, --files-from and --list-files to the runs that made them",
                    status: 2)
            }
            if mergeReports {
                try printMergedReport()
                return
            }
            let (policy, policyRoot) = try loadPolicy()
            let options = ValidationOptions(requirements: Set(require))
            let validator = Validator(options: options, policy: policy, policyRoot: policyRoot)
            let failOn = failOn ?? policy?.failOn ?? .error
            let reports: [FileReport]
            if let compare {
                reports = validator.compare(source: compare, derived: paths)
            } else {
                let selection = FileSelection(
                    include: include + (policy?.include ?? []).map(Glob.init),
                    exclude: exclude + (policy?.exclude ?? []).map(Glob.init))
                let files = try filesFrom.map(Self.listing) ?? selection.paths(in: paths)
                if listFiles {
                    print(
                        format == .json
                            ? JSONValue.array(files.map(\.json)).serialized()
                            : files.map { TextSanitizer.sanitize($0.path) }.joined(separator: "\n"))
                    return
                }
                var progress: (@Sendable (Int, Int) -> Void)?
                if Diagnostics.standardErrorIsTerminal, files.count >= 50 {
                    progress = { done, total in
                        if done == total || done % 10 == 0 {
                            Diagnostics.note("\r\u{1B}[Kchecked \(done)/\(total) files")
                        }
                        if done == total { Diagnostics.note("\r\u{1B}[K") }
                    }
                }
                reports = await validator.validate(
                    files, concurrency: jobs ?? ProcessInfo.processInfo.activeProcessorCount, progress: progress)
            }
            let report = ValidationReport(files: reports, failOn: failOn)
            print(report.rendered(as: format))
            if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
        }

        /// The largest listing or report read (a report of a million files is a few hundred MB).
        static let maximumJSONFileSize = 1 << 30

        /// A JSON file named on the command line (a `--files-from` listing, a report to merge), parsed; exits with
        /// status 2 naming the file when it cannot be read, is larger than ``maximumJSONFileSize`` or is not JSON.
        static func readJSON(_ path: String, what: String) throws -> JSONValue {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int
            if let size, size > maximumJSONFileSize {
                try Diagnostics.fail(
                    "the \(what) \(path) is larger than \(maximumJSONFileSize >> 20) MiB; split it", status: 2)
            }
            guard size != nil, let data = FileManager.default.contents(atPath: path) else {
                try Diagnostics.fail("cannot read the \(what) \(path); check the path", status: 2)
            }
            do {
                return try JSONValue(parsing: String(decoding: data, as: UTF8.self))
            } catch {
                try Diagnostics.fail("\(path) is \(error)", status: 2)
            }
        }

        /// The paths of a `--files-from` listing, in its order.
        static func listing(_ path: String) throws -> [SelectedPath] {
            guard let entries = try readJSON(path, what: "listing").arrayValue else {
                try Diagnostics.fail("\(path) is not a JSON array of paths (--list-files --format json)", status: 2)
            }
            var selection: [SelectedPath] = []
            for (index, entry) in entries.enumerated() {
                guard let selected = SelectedPath(json: entry) else {
                    try Diagnostics.fail(
                        "\(path): entry \(index) is neither a path nor {\"Path\", \"Unreadable\"}", status: 2)
                }
                selection.append(selected)
            }
            return selection
        }

        /// `--merge-reports`: the JSON reports named by the paths, as one report in `--format`.
        func printMergedReport() throws {
            let documents = try paths.map { try Self.readJSON($0, what: "report") }
            let report: ValidationReport
            do throws(ReportMergeError) {
                report = try ValidationReport(mergingJSON: documents, failOn: failOn)
            } catch {
                try Diagnostics.fail("cannot merge the reports: \(paths[error.report]) \(error.problem)", status: 2)
            }
            print(report.rendered(as: format))
            if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
        }

        /// The policy from --config or ./.hdrcolor.yml, and the folder its globs are relative to.
        func loadPolicy() throws -> (PolicyConfiguration?, String?) {
            let path = config ?? (FileManager.default.fileExists(atPath: ".hdrcolor.yml") ? ".hdrcolor.yml" : nil)
            guard let path else { return (nil, nil) }
            guard let data = FileManager.default.contents(atPath: path) else {
                try Diagnostics.fail("cannot read the policy file \(path); check the path", status: 2)
            }
            let policy: PolicyConfiguration
            do {
                policy = try YAMLDecoder().decode(PolicyConfiguration.self, from: String(decoding: data, as: UTF8.self))
            } catch {
                try Diagnostics.fail(
                    "\(path) is not a valid policy: \(Self.describe(error)); see `hdrcolor validate --help`", status: 2)
            }
            let unknown = policy.unknownRuleIDs
            if !unknown.isEmpty {
                try Diagnostics.fail(
                    "\(path) names unknown rules: \(unknown.joined(separator: ", ")); list them with `hdrcolor validate --list-rules`",
                    status: 2)
            }
            return (policy, URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }

        /// A decoding error as one sentence (key path and problem), not Swift's debug dump.
        static func describe(_ error: any Error) -> String {
            switch error {
            case let error as PolicyError:
                return error.description
            case DecodingError.dataCorrupted(let context) where context.underlyingError is PolicyError:
                // Yams wraps what `init(from:)` throws as "not valid YAML"; the policy's own error says more.
                return describe(context.underlyingError!)
            case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
                DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return (path.isEmpty ? "" : "at '\(path)': ") + context.debugDescription
            default:
                return "\(error)"
            }
        }

        /// The rule catalog as a Markdown table (the documentation's rules article is made from it).
        static var ruleTable: String {
            var lines = [
                "| Rule | Severity | What it checks | Why this severity | How to fix | Source |",
                "|---|---|---|---|---|---|",
            ]
            for rule in ValidationRule.all {
                let cells = [
                    rule.id.rawValue, rule.defaultSeverity.rawValue, rule.title, rule.severityReason, rule.fix,
                    rule.reference,
                ]
                .map { $0.replacingOccurrences(of: "|", with: "\\|") }
                lines.append("| `\(cells[0])` | " + cells.dropFirst().joined(separator: " | ") + " |")
            }
            return lines.joined(separator: "\n")
        }
    }
}
