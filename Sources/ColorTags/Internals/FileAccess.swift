import Foundation

/// Reading and writing whole files with plain-sentence errors (never Foundation's "error 256").
enum FileAccess {
    static func read(_ url: URL, maximumSize: Int) throws(ColorTagsError) -> [UInt8] {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: path, reason: "no such file; check the path")
        }
        guard !isDirectory.boolValue else {
            throw .unreadableFile(path: path, reason: "it is a folder; pass a file (validate walks folders)")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadableFile(path: path, reason: "permission denied")
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadableFile(path: path, reason: "it cannot be opened")
        }
        defer { try? handle.close() }
        do {
            let size = try handle.seekToEnd()
            guard size <= UInt64(maximumSize) else {
                throw ColorTagsError.limitExceeded("file size \(size) bytes", limit: maximumSize)
            }
            try handle.seek(toOffset: 0)
            let data = try handle.readToEnd() ?? Data()
            return [UInt8](data)
        } catch let error as ColorTagsError {
            throw error
        } catch {
            throw .unreadableFile(path: path, reason: "an input/output error occurred while reading it")
        }
    }

    /// Writes `bytes` next to `url` and renames it over `url`, so a failure never leaves a half-written file.
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(ColorTagsError) {
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            let folder = url.deletingLastPathComponent().path
            let reason =
                FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder)
                ? "an input/output error occurred while writing it" : "the folder is not writable"
            throw .unwritableFile(path: url.path, reason: reason)
        }
    }
}
