import MediaSyntax

extension ColorTagsError {
    /// A byte source's failure as the unreadable-file error, with its sentence unchanged.
    init(_ error: ByteSourceError) { self = .unreadableFile(path: error.path, reason: error.reason) }
}

extension ByteSource {
    /// ``ByteSource/read(at:length:)`` with its failure as ``ColorTagsError/unreadableFile(path:reason:)``: what the
    /// readers of this module call.
    mutating func bytes(at offset: Int, length: Int) throws(ColorTagsError) -> [UInt8] {
        do { return try read(at: offset, length: length) } catch { throw ColorTagsError(error) }
    }

    /// ``ByteSource/readExactly(at:length:)`` with its failure as ``ColorTagsError/unreadableFile(path:reason:)``.
    mutating func bytesExactly(at offset: Int, length: Int) throws(ColorTagsError) -> [UInt8]? {
        do { return try readExactly(at: offset, length: length) } catch { throw ColorTagsError(error) }
    }
}

extension FileByteSource {
    /// ``FileByteSource/read(at:length:)`` with its failure as ``ColorTagsError/unreadableFile(path:reason:)``.
    func bytes(at offset: Int, length: Int) throws(ColorTagsError) -> [UInt8] {
        do { return try read(at: offset, length: length) } catch { throw ColorTagsError(error) }
    }
}
