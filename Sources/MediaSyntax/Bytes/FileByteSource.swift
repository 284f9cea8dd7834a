#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``ByteSource`` over an open file: each read is one `pread(2)` at its offset, so memory holds only what a reader
/// asked for. The descriptor is closed when the value is released. Not shared between threads (one reader owns it).
package final class FileByteSource: ByteSource {
    /// The path, for messages.
    package let path: String
    package let count: Int
    package private(set) var bytesRead = 0
    private let descriptor: Int32

    /// Opens the file at `path` for reading.
    ///
    /// - Throws: ``ByteSourceError`` when the file is missing, a folder or another non-regular file (a FIFO, a device,
    ///   a socket: never opened, so never blocked on), not readable or cannot be opened, with a plain sentence as the
    ///   reason.
    package init(path: String) throws(ByteSourceError) {
        self.path = path
        let descriptor = try Self.openRegularFile(path)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 0, let size = Int(exactly: status.st_size) else {
            close(descriptor)
            throw ByteSourceError(path: path, reason: "its size cannot be read")
        }
        self.descriptor = descriptor
        count = size
    }

    deinit { close(descriptor) }

    package func read(at offset: Int, length: Int) throws(ByteSourceError) -> [UInt8] {
        guard offset >= 0, length > 0, offset < count else { return [] }
        let wanted = Swift.min(length, count - offset)
        var buffer = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let result = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return pread(descriptor, base + done, wanted - done, off_t(offset + done))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw ByteSourceError(path: path, reason: "an input/output error occurred while reading it")
            }
            if result == 0 { break }  // the file shrank while being read
            done += result
        }
        if done < wanted { buffer.removeSubrange(done...) }
        bytesRead += done
        return buffer
    }

    /// Opens a regular file for reading, checking its type first: a FIFO, device or socket named like a media file
    /// is refused with a reason instead of opened, since opening or reading it can block forever. The descriptor is
    /// the caller's to close.
    static func openRegularFile(_ path: String) throws(ByteSourceError) -> Int32 {
        func refuse(_ reason: String) -> ByteSourceError { ByteSourceError(path: path, reason: reason) }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw refuse(
                errno == EACCES
                    ? "permission denied" : errno == ELOOP ? "a symbolic link loop" : "no such file; check the path")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refuse("it is a folder; pass a file (validate walks folders)")
        case S_IFIFO: throw refuse("it is a FIFO (named pipe), not a regular file; skipped")
        case S_IFCHR, S_IFBLK: throw refuse("it is a device, not a regular file; skipped")
        case S_IFSOCK: throw refuse("it is a socket, not a regular file; skipped")
        default: throw refuse("it is not a regular file; skipped")
        }
        // O_NONBLOCK: should the path be swapped for a FIFO after the check, open returns at once instead of waiting
        // for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw refuse(errno == EACCES ? "permission denied" : "it cannot be opened")
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw refuse("it is not a regular file; skipped")
        }
        return descriptor
    }
}
