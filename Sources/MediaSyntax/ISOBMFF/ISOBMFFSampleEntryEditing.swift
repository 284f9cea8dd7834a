/// Adds a box to the sample entry of a movie's first video track, inside the bytes of its `moov` box: for what a
/// muxer does not write (FFmpeg 5.1's QuickTime muxer writes no Dolby Vision `dvcC`/`dvvC`, its MP4 muxer does).
///
/// The box goes after the entry's last child (before a QuickTime list terminator, if any), and every box that
/// encloses it (the entry, `stsd`, `stbl`, `minf`, `mdia`, `trak`, `moov`) grows by its length, in its 32-bit size
/// or its 64-bit largesize. Nothing else moves inside `moov`, so chunk offsets stay true as long as no media data
/// follows `moov` in the file: the caller's check.
package enum ISOBMFFSampleEntryEditing {
    /// Bytes of a visual sample entry's fields before its child boxes (ISO/IEC 14496-12 §12.1.3: reserved,
    /// data_reference_index, pre-defined and reserved fields, width, height, resolutions, frame_count,
    /// compressorname, depth, pre_defined).
    static let visualSampleEntryFields = 78

    /// `moov` (the whole box, from its size field) with `box` (a whole box) added to the first video track's sample
    /// entry; nil when the entry already has a child of that type.
    ///
    /// - Throws: ``SyntaxError`` when `moov` is not a `moov` box, has no video track with a sample entry, its
    ///   structure is damaged, or a size would leave its field.
    package static func adding(_ box: [UInt8], toVideoSampleEntryOf moov: [UInt8]) throws(SyntaxError) -> [UInt8]? {
        guard box.count >= 8, moov.count >= 8, Bytes.fourCC(moov[4..<8]) == "moov" else {
            throw SyntaxError("the bytes are not a moov box")
        }
        var walker = ISOBMFFBoxWalker(maximumDepth: 8, maximumBoxCount: 100_000)
        let top = try list(&walker, 0..<moov.count, in: moov, path: "", depth: 0)
        guard let moovBox = top.first(where: { $0.type == "moov" }) else { throw SyntaxError("no moov box") }
        for trak in try list(&walker, moovBox.payload, in: moov, path: moovBox.path, depth: 1)
        where trak.type == "trak" {
            guard let chain = try videoSampleEntryChain(trak, in: moov, walker: &walker) else { continue }
            let entry = chain[chain.count - 1]
            let childStart = entry.payload.lowerBound + visualSampleEntryFields
            guard childStart <= entry.payload.upperBound else {
                throw SyntaxError("the sample entry '\(entry.path)' is shorter than a visual sample entry")
            }
            let children = try list(
                &walker, childStart..<entry.payload.upperBound, in: moov, path: entry.path, depth: 7)
            if children.contains(where: { $0.type == Bytes.fourCC(box[4..<8]) }) { return nil }
            let insertAt = children.last?.payload.upperBound ?? childStart
            var out = Array(moov[..<insertAt]) + box + Array(moov[insertAt...])
            for enclosing in [moovBox] + chain { try grow(enclosing, by: box.count, in: &out) }
            return out
        }
        throw SyntaxError("the moov box has no video track with a sample entry")
    }

    /// A top-level box of a file: its type, first byte and size (header included).
    package struct TopLevelBox: Hashable, Sendable {
        package var type: String
        package var start: Int
        package var size: Int
    }

    /// The top-level boxes of a file, read header by header by seeking (at most `maximumBoxes`).
    ///
    /// - Throws: ``SyntaxError`` when a header is damaged or cut, a box runs past the end, or reading fails.
    package static func topLevelBoxes(_ source: inout some ByteSource, maximumBoxes: Int = 10_000)
        throws(SyntaxError) -> [TopLevelBox]
    {
        var boxes: [TopLevelBox] = []
        var position = 0
        while position < source.count {
            guard boxes.count < maximumBoxes else { throw SyntaxError("more than \(maximumBoxes) top-level boxes") }
            let head: [UInt8]
            do { head = try source.read(at: position, length: 32) } catch {
                throw SyntaxError("reading the box at byte \(position): \(error)")
            }
            let remaining = source.count - position
            switch ISOBMFFBoxHeader.read(head[...], remaining: remaining, at: position, in: "the file") {
            case .box(let header):
                guard header.size <= remaining else {
                    throw SyntaxError("box '\(header.type)' at byte \(position) runs past the end of the file")
                }
                boxes.append(TopLevelBox(type: header.type, start: position, size: header.size))
                position += header.size
            case .end: return boxes
            case .problem(let problem): throw SyntaxError(problem.message)
            }
        }
        return boxes
    }

    /// trak, mdia, minf, stbl, stsd and the first sample entry of a video track (`hdlr` handler `vide`); nil for
    /// other tracks.
    private static func videoSampleEntryChain(
        _ trak: ISOBMFFBox, in bytes: [UInt8], walker: inout ISOBMFFBoxWalker
    ) throws(SyntaxError) -> [ISOBMFFBox]? {
        let media = try list(&walker, trak.payload, in: bytes, path: trak.path, depth: 2)
        guard let mdia = media.first(where: { $0.type == "mdia" }) else { return nil }
        let mdiaChildren = try list(&walker, mdia.payload, in: bytes, path: mdia.path, depth: 3)
        guard let hdlr = mdiaChildren.first(where: { $0.type == "hdlr" }), hdlr.payload.count >= 12,
            Bytes.fourCC(bytes[hdlr.payload.lowerBound + 8..<hdlr.payload.lowerBound + 12]) == "vide",
            let minf = mdiaChildren.first(where: { $0.type == "minf" }),
            let stbl = try list(&walker, minf.payload, in: bytes, path: minf.path, depth: 4).first(where: {
                $0.type == "stbl"
            }),
            let stsd = try list(&walker, stbl.payload, in: bytes, path: stbl.path, depth: 5).first(where: {
                $0.type == "stsd"
            })
        else { return nil }
        let entries: ISOBMFFBoxWalker.List
        do {
            entries = try walker.fullBoxChildren(of: stsd, in: bytes, depth: 6, skipping: 4)
        } catch { throw SyntaxError("the movie's boxes go beyond the walk's limits (\(error))") }
        guard let entry = entries.boxes.first else { return nil }
        return [trak, mdia, minf, stbl, stsd, entry]
    }

    /// The boxes of a list; damage inside it is an error (a file this writer just made has none).
    private static func list(
        _ walker: inout ISOBMFFBoxWalker, _ range: Range<Int>, in bytes: [UInt8], path: String, depth: Int
    ) throws(SyntaxError) -> [ISOBMFFBox] {
        let found: ISOBMFFBoxWalker.List
        do {
            found = try walker.children(of: range, in: bytes, path: path, depth: depth)
        } catch { throw SyntaxError("the movie's boxes go beyond the walk's limits (\(error))") }
        if let problem = found.problem { throw SyntaxError(problem.message) }
        return found.boxes
    }

    /// Adds `delta` to the size of the box that starts at `box.start` (32-bit size, or the 64-bit largesize when the
    /// size field is 1; a size of 0, "to the end", stays).
    private static func grow(_ box: ISOBMFFBox, by delta: Int, in bytes: inout [UInt8]) throws(SyntaxError) {
        let size = bytes[box.start..<box.start + 4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        switch size {
        case 0: return
        case 1:
            let large = bytes[box.start + 8..<box.start + 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let (grown, overflow) = large.addingReportingOverflow(UInt64(delta))
            guard !overflow else { throw SyntaxError("'\(box.path)' would outgrow its 64-bit size") }
            for i in 0..<8 { bytes[box.start + 8 + i] = UInt8(truncatingIfNeeded: grown >> (56 - 8 * UInt64(i))) }
        default:
            let grown = size + UInt64(delta)
            guard grown <= UInt64(UInt32.max) else { throw SyntaxError("'\(box.path)' would outgrow its 32-bit size") }
            for i in 0..<4 { bytes[box.start + i] = UInt8(truncatingIfNeeded: grown >> (24 - 8 * UInt64(i))) }
        }
    }
}
