import Foundation

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

    /// Opens `url` for reading.
    ///
    /// - Throws: ``ColorTagsError/unreadableFile(path:reason:)`` when the file is missing, a folder or another
    ///   non-regular file (a FIFO, a device, a socket: never opened, so never blocked on), not readable or cannot be
    ///   opened, with a plain sentence as the reason.
    package init(url: URL) throws(ColorTagsError) {
        path = url.path
        let descriptor = try FileAccess.openRegularFile(path)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 0, let size = Int(exactly: status.st_size) else {
            close(descriptor)
            throw .unreadableFile(path: path, reason: "its size cannot be read")
        }
        self.descriptor = descriptor
        count = size
    }

    deinit { close(descriptor) }

    package func read(at offset: Int, length: Int) throws(ColorTagsError) -> [UInt8] {
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
                throw .unreadableFile(path: path, reason: "an input/output error occurred while reading it")
            }
            if result == 0 { break }  // the file shrank while being read
            done += result
        }
        if done < wanted { buffer.removeSubrange(done...) }
        bytesRead += done
        return buffer
    }
}
