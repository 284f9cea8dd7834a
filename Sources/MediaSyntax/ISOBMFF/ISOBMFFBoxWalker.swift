/// The one walker of ISOBMFF box lists (ISO/IEC 14496-12 §4.2, QuickTime File Format "Atoms"), for the HEIF/AVIF item
/// reader and the MP4/QuickTime movie reader alike: size 0 (to the end of the list), size 1 (64-bit largesize),
/// `uuid` boxes, full boxes (version and flags skipped), QuickTime's `meta` without version and flags, and QuickTime's
/// 32-bit zero that may end an atom list (``ISOBMFFBoxHeader``).
///
/// It never throws for damaged structure: a box that runs past its list, stray bytes too few for a header, or a
/// header smaller than itself end that list and come back as an ``SyntaxProblem`` beside the boxes found
/// before it. It throws only beyond the caps it was given (nesting depth, boxes walked in all), which bound the work
/// a hostile file can cause.
package struct ISOBMFFBoxWalker: Sendable {
    /// The deepest list walked (the top level is depth 0).
    package let maximumDepth: Int
    /// The most boxes walked over all lists.
    package let maximumBoxCount: Int
    /// The boxes walked so far.
    package private(set) var boxCount = 0

    /// A walker within the caps.
    package init(maximumDepth: Int, maximumBoxCount: Int) {
        self.maximumDepth = maximumDepth
        self.maximumBoxCount = maximumBoxCount
    }

    /// The boxes of one list, and the problem that ended it early, if any.
    package struct List: Hashable, Sendable {
        package var boxes: [ISOBMFFBox]
        package var problem: SyntaxProblem?
    }

    /// Counts one box walked outside ``children(of:in:fileOffset:path:depth:)`` (the movie reader's top level, read
    /// header by header from a file).
    ///
    /// - Throws: ``ISOBMFFBoxLimitError/count(limit:)`` beyond ``maximumBoxCount``.
    package mutating func count() throws(ISOBMFFBoxLimitError) {
        boxCount += 1
        guard boxCount <= maximumBoxCount else { throw .count(limit: maximumBoxCount) }
    }

    /// The boxes of the list `range` of `bytes`; `fileOffset` is the file offset of `bytes[0]` and `path` the list's
    /// path ("" for the top level), both for messages. With `keepingOverrun`, a box whose header fits but whose size
    /// runs past the list comes back too, its payload cut at the list's end, before the problem that ends the list:
    /// for checks that must see what a lenient demuxer reads (``ISOBMFFSampleTables``).
    ///
    /// - Throws: ``ISOBMFFBoxLimitError`` when `depth` exceeds ``maximumDepth`` or the walk ``maximumBoxCount``.
    package mutating func children(
        of range: Range<Int>, in bytes: [UInt8], fileOffset: Int = 0, path: String, depth: Int,
        keepingOverrun: Bool = false
    ) throws(ISOBMFFBoxLimitError) -> List {
        guard depth <= maximumDepth else { throw .depth(limit: maximumDepth, path: path) }
        let name = path.isEmpty ? "the file" : path
        var boxes: [ISOBMFFBox] = []
        var position = range.lowerBound
        while position < range.upperBound {
            let remaining = range.upperBound - position
            let at = fileOffset + position
            let header: ISOBMFFBoxHeader
            switch ISOBMFFBoxHeader.read(
                bytes[position..<Swift.min(range.upperBound, position + 32)], remaining: remaining, at: at, in: name)
            {
            case .box(let found): header = found
            case .end: return List(boxes: boxes)
            case .problem(let problem): return List(boxes: boxes, problem: problem)
            }
            let fits = Bytes.range(position, header.size, within: range.upperBound)
            guard fits != nil || (keepingOverrun && header.headerSize <= remaining) else {
                return List(boxes: boxes, problem: header.truncation(remaining: remaining, at: at, in: name))
            }
            let end = fits?.upperBound ?? range.upperBound
            try count()
            boxes.append(
                ISOBMFFBox(
                    type: header.type, start: position, payload: (position + header.headerSize)..<end,
                    path: path.isEmpty ? header.type : "\(path)/\(header.type)"))
            guard fits != nil else {
                return List(boxes: boxes, problem: header.truncation(remaining: remaining, at: at, in: name))
            }
            position = end
        }
        return List(boxes: boxes)
    }

    /// The children of a full box (ISO/IEC 14496-12 §4.2 `FullBox`): after its version and flags and `extra` more
    /// bytes (an entry count, say).
    ///
    /// - Throws: as ``children(of:in:fileOffset:path:depth:)``.
    package mutating func fullBoxChildren(
        of box: ISOBMFFBox, in bytes: [UInt8], fileOffset: Int = 0, depth: Int, skipping extra: Int = 0
    ) throws(ISOBMFFBoxLimitError) -> List {
        let start = box.payload.lowerBound + 4 + extra
        guard start <= box.payload.upperBound else {
            return List(
                boxes: [],
                problem: SyntaxProblem(
                    .malformed, "'\(box.path)' at byte \(fileOffset + box.start) is too short for its header",
                    offset: fileOffset + box.start, path: box.path))
        }
        return try children(
            of: start..<box.payload.upperBound, in: bytes, fileOffset: fileOffset, path: box.path, depth: depth)
    }

    /// The children of a `meta` box: a full box in ISO/IEC 14496-12 (§8.11.1), but in QuickTime movies' `udta` and
    /// `moov` a plain atom whose first child (`hdlr`) starts at once. The layout is told by where the `hdlr` type
    /// stands: at payload offset 4 the box has no version and flags (an ISO `meta` would need a 1.7 GB `hdlr` for
    /// those bytes to read "hdlr").
    ///
    /// - Throws: as ``children(of:in:fileOffset:path:depth:)``.
    package mutating func metaChildren(of box: ISOBMFFBox, in bytes: [UInt8], fileOffset: Int = 0, depth: Int)
        throws(ISOBMFFBoxLimitError) -> List
    {
        if Self.isQuickTimeMeta(box, in: bytes) {
            return try children(of: box.payload, in: bytes, fileOffset: fileOffset, path: box.path, depth: depth)
        }
        return try fullBoxChildren(of: box, in: bytes, fileOffset: fileOffset, depth: depth)
    }

    /// Whether a `meta` box's payload starts with a box (QuickTime) rather than version and flags (ISO).
    package static func isQuickTimeMeta(_ box: ISOBMFFBox, in bytes: [UInt8]) -> Bool {
        box.payload.count >= 8 && bytes.matches(Array("hdlr".utf8), at: box.payload.lowerBound + 4)
    }
}
