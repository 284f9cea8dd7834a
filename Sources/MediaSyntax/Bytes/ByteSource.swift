/// Positioned reads over a file's bytes: what the movie readers use instead of loading a whole file. A movie's tags
/// sit in a few kilobytes (`moov`, Matroska `Tracks`, the first video sample) of a file that may hold gigabytes, so
/// the readers seek from structure to structure and read only those.
///
/// Two implementations: ``ArrayByteSource`` over bytes in memory (tests, fuzzing, files already read) and
/// ``FileByteSource`` over an open file (`pread`). Both count the bytes they return, so tests can check that a reader
/// stayed small without timing it.
package protocol ByteSource {
    /// The length of the file in bytes.
    var count: Int { get }
    /// How many bytes ``read(at:length:)`` has returned so far.
    var bytesRead: Int { get }
    /// Up to `length` bytes from `offset`: fewer when the file ends first, none when `offset` is at or past the end
    /// (or negative). Never throws for a range outside the file.
    ///
    /// - Throws: ``ByteSourceError`` when the operating system fails to read.
    mutating func read(at offset: Int, length: Int) throws(ByteSourceError) -> [UInt8]
}

extension ByteSource {
    /// Exactly `length` bytes from `offset`, or nil when the file ends first.
    package mutating func readExactly(at offset: Int, length: Int) throws(ByteSourceError) -> [UInt8]? {
        let bytes = try read(at: offset, length: length)
        return bytes.count == length ? bytes : nil
    }
}

/// A ``ByteSource`` over bytes in memory.
package struct ArrayByteSource: ByteSource {
    /// The bytes.
    package let bytes: [UInt8]
    package private(set) var bytesRead = 0

    /// A source over `bytes`.
    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var count: Int { bytes.count }

    package mutating func read(at offset: Int, length: Int) throws(ByteSourceError) -> [UInt8] {
        guard offset >= 0, length > 0, offset < bytes.count else { return [] }
        let end = Bytes.add(offset, length).map { Swift.min($0, bytes.count) } ?? bytes.count
        bytesRead += end - offset
        return Array(bytes[offset..<end])
    }
}
