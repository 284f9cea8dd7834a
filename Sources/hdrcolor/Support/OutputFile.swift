import Foundation

/// Writing the files commands produce, with plain-sentence errors (never Foundation's "error 256").
enum OutputFile {
    /// Writes `data` to `path` atomically; on failure reports why on standard error and exits with status 2.
    static func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            try Diagnostics.fail("cannot write \(path): \(reason(writing: path))", status: 2)
        }
    }

    /// Why `path` cannot be written, as a sentence that says what to do.
    static func reason(writing path: String) -> String {
        let files = FileManager.default
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a folder; give a file name"
        }
        guard files.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "the folder \(folder) does not exist; create it first"
        }
        guard files.isWritableFile(atPath: folder) else {
            return "permission denied: the folder \(folder) is not writable"
        }
        return "an input/output error occurred while writing it (is the disk full?)"
    }
}
