import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing whole files with plain-sentence errors (never Foundation's "error 256").
enum FileAccess {
    static func read(_ url: URL, maximumSize: Int) throws(ColorTagsError) -> [UInt8] {
        let source = try FileByteSource(url: url)
        guard source.count <= maximumSize else {
            throw .limitExceeded("file size \(source.count) bytes", limit: maximumSize)
        }
        return try source.read(at: 0, length: source.count)
    }

    /// Opens a regular file for reading, checking its type first: a FIFO, device or socket named like a media file
    /// is refused with a reason instead of opened, since opening or reading it can block forever. The descriptor is
    /// the caller's to close.
    static func openRegularFile(_ path: String) throws(ColorTagsError) -> Int32 {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unreadableFile(
                path: path,
                reason: errno == EACCES
                    ? "permission denied" : errno == ELOOP ? "a symbolic link loop" : "no such file; check the path")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadableFile(path: path, reason: "it is a folder; pass a file (validate walks folders)")
        case S_IFIFO:
            throw .unreadableFile(path: path, reason: "it is a FIFO (named pipe), not a regular file; skipped")
        case S_IFCHR, S_IFBLK: throw .unreadableFile(path: path, reason: "it is a device, not a regular file; skipped")
        case S_IFSOCK: throw .unreadableFile(path: path, reason: "it is a socket, not a regular file; skipped")
        default: throw .unreadableFile(path: path, reason: "it is not a regular file; skipped")
        }
        // O_NONBLOCK: should the path be swapped for a FIFO after the check, open returns at once instead of waiting
        // for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadableFile(path: path, reason: errno == EACCES ? "permission denied" : "it cannot be opened")
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unreadableFile(path: path, reason: "it is not a regular file; skipped")
        }
        return descriptor
    }

    /// Writes `bytes` next to `url` and renames it over `url`, so a failure never leaves a half-written file.
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(ColorTagsError) {
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            let folder = url.deletingLastPathComponent().path
            let writable = FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder)
            throw .unwritableFile(path: url.path, reason: writeFailureReason(error, folderIsWritable: writable))
        }
    }

    /// Why a write failed, in words: the operating system's cause when Foundation's error carries one (a full disk
    /// is not "an input/output error").
    static func writeFailureReason(_ error: any Error, folderIsWritable: Bool) -> String {
        if let code = posixCode(of: error) { return reason(errno: code) }
        return folderIsWritable ? "an input/output error occurred while writing it" : "the folder is not writable"
    }

    /// The `errno` behind a Foundation error: a POSIX-domain error, its underlying error, or the CocoaError codes
    /// that stand for one.
    static func posixCode(of error: any Error) -> Int32? {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, let code = posixCode(of: underlying) {
            return code
        }
        switch (error as? CocoaError)?.code {
        case .fileWriteOutOfSpace?: return ENOSPC
        case .fileWriteVolumeReadOnly?: return EROFS
        case .fileWriteNoPermission?: return EACCES
        default: return nil
        }
    }

    /// A plain sentence for the `errno` values a write meets.
    static func reason(errno code: Int32) -> String {
        switch code {
        case ENOSPC: "no space left on the device; free some space or write elsewhere"
        case EDQUOT: "the disk quota is used up; free some space or write elsewhere"
        case EIO: "the device reported an input/output error (a failing disk or a lost network share)"
        case EROFS: "the file system is read-only"
        case EACCES, EPERM: "permission denied"
        case EFBIG: "the file is larger than the file system allows"
        default: String(cString: strerror(code))
        }
    }
}
