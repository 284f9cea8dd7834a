import Foundation

/// Folders for the files tests write, all inside one folder per test process that is removed when the process exits,
/// so that a test which stops early (a failed `#require`, a thrown error) leaves nothing behind either.
public enum TemporaryFolder {
    /// `<temporary directory>/hdrcolor-tests-<process id>`, created on first use.
    private static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hdrcolor-tests-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: url)  // a folder left by an earlier process with the same id
        atexit { try? FileManager.default.removeItem(at: TemporaryFolder.root) }
        return url
    }()

    /// A new empty folder named `<prefix>-<UUID>` inside the process's folder.
    public static func make(_ prefix: String = "test") throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
