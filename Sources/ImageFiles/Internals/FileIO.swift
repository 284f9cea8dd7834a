import Foundation

/// Whole-file reads with a size cap, and atomic writes.
enum FileIO {
    static func read(_ url: URL, maximumSize: Int) throws(ImageFileError) -> [UInt8] {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadableFile(path: path, reason: "it is a folder") }
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maximumSize + 1) ?? Data()
            guard data.count <= maximumSize else {
                throw ImageFileError.limitExceeded(path: path, what: "the file size", limit: maximumSize)
            }
            return [UInt8](data)
        } catch let error as ImageFileError {
            throw error
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
    }

    static func write(_ bytes: [UInt8], to url: URL) throws(ImageFileError) {
        do { try Data(bytes).write(to: url, options: .atomic) } catch {
            throw .unwritableFile(path: url.path, reason: error.localizedDescription)
        }
    }
}
