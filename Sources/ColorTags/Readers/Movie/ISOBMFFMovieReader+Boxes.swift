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
}
