/// One chunk's place in a PNG file (W3C PNG 3rd edition §5.3).
package struct PNGChunk: Hashable, Sendable {
    /// The four type bytes.
    package var type: [UInt8]
    /// The type as text, non-printable bytes escaped.
    package var name: String
    /// Offset of the length field.
    package var start: Int
    /// The data bytes.
    package var data: Range<Int>
    /// Whether the stored CRC matches (false also when the CRC is cut off).
    package var crcMatches: Bool
    /// The range of the whole chunk, length field through CRC (clipped to the file when truncated).
    package var whole: Range<Int>
}

/// The walk over a PNG file's chunks: signature, then length, type, data and CRC per chunk up to `IEND`.
package enum PNGChunks {
    /// The eight signature bytes (§5.2).
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The largest chunk length PNG allows (2³¹ − 1, §5.3).
    package static let maximumChunkLength: UInt32 = 0x7FFF_FFFF

    /// One chunk as a file stores it: length, type, data and the CRC-32 of type and data (`crc32` as in ``walk``).
    package static func chunk(_ type: PNGChunkType, _ data: [UInt8], crc32: (ArraySlice<UInt8>) -> UInt32)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        bytes.appendU32(UInt32(data.count))
        let body = type.bytes + data
        bytes += body
        bytes.appendU32(crc32(body[...]))
        return bytes
    }

    /// The chunks found, and the fault that ended the walk before `IEND`, if any.
    package struct Walk: Hashable, Sendable {
        package var chunks: [PNGChunk]
        package var problem: SyntaxProblem?
    }

    /// Walks the chunks after the signature (not checked here) up to `IEND`. A chunk cut off in its CRC is kept, with
    /// ``PNGChunk/crcMatches`` false, beside the truncation problem; other faults end the walk before the chunk.
    /// `crc32` computes the CRC-32 of ISO 3309 / ITU-T V.42 (zlib's `crc32`) over type and data.
    ///
    /// - Throws: ``SyntaxCountLimitError`` after `maximumChunkCount` chunks.
    package static func walk(
        _ bytes: [UInt8], maximumChunkCount: Int, crc32: (ArraySlice<UInt8>) -> UInt32
    ) throws(SyntaxCountLimitError) -> Walk {
        var chunks: [PNGChunk] = []
        var offset = signature.count
        func stop(_ kind: SyntaxProblem.Kind, _ message: String) -> Walk {
            Walk(chunks: chunks, problem: SyntaxProblem(kind, message, offset: offset, path: ""))
        }
        while true {
            if offset == bytes.count {
                return stop(.truncated, "the file ends at byte \(offset) without an IEND chunk")
            }
            guard let length = bytes.u32(offset), let typeBytes = bytes.slice(offset + 4, 4) else {
                return stop(
                    .truncated,
                    "the file ends inside a chunk header at byte \(offset) (\(bytes.count - offset) bytes left)")
            }
            guard chunks.count < maximumChunkCount else { throw SyntaxCountLimitError(limit: maximumChunkCount) }
            let type = Array(typeBytes)
            let name = Bytes.fourCC(type)
            guard length <= maximumChunkLength else {
                return stop(
                    .malformed,
                    "\(name) chunk at byte \(offset) declares a length of \(length) bytes, more than PNG's maximum of "
                        + "2147483647; the rest of the file cannot be read")
            }
            let dataStart = offset + 8
            guard let data = Bytes.range(dataStart, Int(length), within: bytes.count) else {
                return stop(
                    .truncated,
                    "\(name) chunk at byte \(offset) declares \(length) bytes of data but the file has only "
                        + "\(Swift.max(0, bytes.count - dataStart)) left")
            }
            guard let storedCRC = bytes.u32(data.upperBound) else {
                chunks.append(
                    PNGChunk(
                        type: type, name: name, start: offset, data: data, crcMatches: false,
                        whole: offset..<bytes.count))
                return stop(.truncated, "the file ends inside the CRC of the \(name) chunk at byte \(offset)")
            }
            let computed = crc32(bytes[(offset + 4)..<data.upperBound])
            chunks.append(
                PNGChunk(
                    type: type, name: name, start: offset, data: data, crcMatches: computed == storedCRC,
                    whole: offset..<(data.upperBound + 4)))
            offset = data.upperBound + 4
            if name == "IEND" { return Walk(chunks: chunks) }
        }
    }
}
