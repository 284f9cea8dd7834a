import Foundation
import MediaSyntax

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
        let source = try open(url)
        guard source.count <= maximumSize else {
            throw .limitExceeded("file size \(source.count) bytes", limit: maximumSize)
        }
        return try source.bytes(at: 0, length: source.count)
    }

    /// Opens a regular file for positioned reads (MediaSyntax's ``FileByteSource``), its failure as this module's
    /// ``ColorTagsError/unreadableFile(path:reason:)`` with the same sentence.
    static func open(_ url: URL) throws(ColorTagsError) -> FileByteSource {
        do { return try FileByteSource(path: url.path) } catch { throw ColorTagsError(error) }
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
