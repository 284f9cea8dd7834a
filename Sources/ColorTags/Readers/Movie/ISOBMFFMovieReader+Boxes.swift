import MediaSyntax

extension ISOBMFFMovieReader {
    /// The child boxes of `range` in `loaded`'s payload, with the depth and count limits; structural faults become
    /// problems (file offsets in their messages).
    mutating func children(of range: Range<Int>, in loaded: Loaded, depth: Int, path: String) throws(ColorTagsError)
        -> [Box]
    {
        do {
            return try walker.children(
                of: range, in: loaded.payload, fileOffset: loaded.payloadOffset, path: path, depth: depth
            ).boxes(reporting: &problems)
        } catch { throw ColorTagsError(error) }
    }

    /// The children of a full box (after version and flags, and `extra` more bytes).
    mutating func fullBoxChildren(of box: Box, in loaded: Loaded, depth: Int, skipping extra: Int = 0)
        throws(ColorTagsError) -> [Box]
    {
        do {
            return try walker.fullBoxChildren(
                of: box, in: loaded.payload, fileOffset: loaded.payloadOffset, depth: depth, skipping: extra
            ).boxes(reporting: &problems)
        } catch { throw ColorTagsError(error) }
    }

    /// The location of a box's payload in the file.
    func location(of box: Box, in loaded: Loaded, name: String? = nil) -> TagLocation {
        TagLocation(
            offset: loaded.payloadOffset + box.payload.lowerBound, length: box.payload.count,
            container: name ?? box.path)
    }

    /// Up to `count` payload bytes of a box (fields are read from these with bounds-checked reads).
    func prefix(of box: Box, in loaded: Loaded, count: Int = 4096) -> [UInt8] {
        Array(
            loaded.payload[box.payload.lowerBound..<Swift.min(box.payload.upperBound, box.payload.lowerBound + count)])
    }

    /// The `mvhd` duration in seconds.
    func movieDuration(_ moov: Loaded) -> Double? {
        var position = 0
        let bytes = moov.payload
        while let size = bytes.u32(position), size >= 8, position + Int(size) <= bytes.count {
            if bytes.matches(Array("mvhd".utf8), at: position + 4) {
                let p = position + 8
                guard let version = bytes.u8(p) else { return nil }
                let (timescale, duration) =
                    version == 1
                    ? (bytes.u32(p + 20).map(UInt64.init), bytes.u64(p + 24))
                    : (bytes.u32(p + 12).map(UInt64.init), bytes.u32(p + 16).map(UInt64.init))
                guard let timescale, timescale > 0, let duration, duration != UInt64.max, duration != UInt64(UInt32.max)
                else { return nil }
                return Double(duration) / Double(timescale)
            }
            position += Int(size)
        }
        return nil
    }
}
