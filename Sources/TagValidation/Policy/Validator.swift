import Foundation
import ColorTags

/// Validates files: reads their tags, runs the rules with each file's options (policy file, `--require`), and
/// collects reports, in parallel.
public struct Validator: Sendable {
    /// Options for every file.
    public var options: ValidationOptions
    /// The repository policy, if any.
    public var policy: PolicyConfiguration?
    /// The folder the policy's globs are relative to (the policy file's folder).
    public var policyRoot: String?
    /// Read limits.
    public var limits: ReadLimits

    /// Creates a validator.
    public init(
        options: ValidationOptions = ValidationOptions(), policy: PolicyConfiguration? = nil, policyRoot: String? = nil,
        limits: ReadLimits = .default
    ) {
        self.options = options
        self.policy = policy
        self.policyRoot = policyRoot
        self.limits = limits
    }

    /// The options for one file.
    public func options(for path: String) -> ValidationOptions {
        guard let policy else { return options }
        return policy.options(for: Self.relative(path, to: policyRoot), base: options)
    }

    /// `path` relative to `root` (both made absolute first); `path` unchanged when it is not inside `root`.
    static func relative(_ path: String, to root: String?) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ p: String) -> String {
            URL(fileURLWithPath: p, relativeTo: URL(fileURLWithPath: cwd, isDirectory: true)).standardizedFileURL.path
        }
        let file = absolute(path)
        let base = absolute(root ?? cwd)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : path
    }

    /// Validates one file (never throws). A path that cannot be read as a regular file (missing, not permitted, a
    /// folder; a FIFO, device or socket, which the reader refuses before opening it) is a report with a
    /// `file.unreadable` finding; a file whose content cannot be read (unknown format, over a limit) is a report with
    /// ``FileReport/error``.
    public func validate(file path: String) -> FileReport {
        do {
            let tagging = try ColorTagging(contentsOf: URL(fileURLWithPath: path), limits: limits)
            return FileReport(path: path, tagging: tagging, findings: tagging.findings(options: options(for: path)))
        } catch {
            if case .unreadableFile(_, let reason) = error { return unreadable(path, reason) }
            return FileReport(path: path, tagging: nil, findings: [], error: error)
        }
    }

    /// The report of a path that cannot be read: one `file.unreadable` finding, weighed by the file's options.
    func unreadable(_ path: String, _ reason: String) -> FileReport {
        let finding = Finding(rule: .fileUnreadable, message: "\(path) cannot be read: \(reason)")
        return FileReport(path: path, tagging: nil, findings: options(for: path).weigh([finding]))
    }

    /// Validates `paths` with up to `concurrency` files at a time, keeping their order; `progress` is called with
    /// (done, total) after each file.
    public func validate(
        files paths: [String], concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async -> [FileReport] {
        await validate(paths.map(SelectedPath.file), concurrency: concurrency, progress: progress)
    }

    /// Validates what a ``FileSelection`` selected, as ``validate(files:concurrency:progress:)`` does; a path the walk
    /// could not read is a `file.unreadable` finding.
    package func validate(
        _ selection: [SelectedPath], concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async -> [FileReport] {
        var reports = [FileReport?](repeating: nil, count: selection.count)
        await withTaskGroup(of: (Int, FileReport).self) { group in
            var next = 0
            var done = 0
            func start(_ index: Int) {
                group.addTask {
                    switch selection[index] {
                    case .file(let path): (index, self.validate(file: path))
                    case .unreadable(let path, let reason): (index, self.unreadable(path, reason))
                    }
                }
            }
            while next < Swift.min(Swift.max(1, concurrency), selection.count) {
                start(next)
                next += 1
            }
            while let (index, report) = await group.next() {
                reports[index] = report
                done += 1
                progress?(done, selection.count)
                if next < selection.count {
                    start(next)
                    next += 1
                }
            }
        }
        return reports.map { $0! }
    }

    /// Compares a source asset with files derived from it (`validate --compare`): the derived files' own findings plus
    /// what changed. A source whose content cannot be read makes every report unreadable; a source path that cannot be
    /// read is reported as such, and the derived files get their own findings only.
    public func compare(source: String, derived: [String]) -> [FileReport] {
        let sourceReport = validate(file: source)
        guard let sourceTagging = sourceReport.tagging else {
            guard let error = sourceReport.error else { return [sourceReport] + derived.map { validate(file: $0) } }
            return [sourceReport] + derived.map { FileReport(path: $0, tagging: nil, findings: [], error: error) }
        }
        return derived.map { path in
            var report = validate(file: path)
            if let tagging = report.tagging {
                report.findings += tagging.changes(from: sourceTagging, options: options(for: path))
            }
            return report
        }
    }
}
