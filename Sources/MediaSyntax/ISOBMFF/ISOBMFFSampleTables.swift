/// The sample tables of an MP4/QuickTime file measured against their boxes and the file, before a demuxer trusts the
/// counts they declare. FFmpeg 5.1's mov demuxer sizes its sample index (32 bytes a sample) from a `trun`'s
/// sample_count before reading one entry, and allocates `stco`/`stsz` arrays from their entry counts: a 2.7 KB file
/// whose `trun` declared 83 888 643 samples made it allocate 2.7 GB and take 5–9 s (`ffprobe` and `FuzzVideoFile` alike).
///
/// Two rules that no real file breaks, however damaged, and that bound what a demuxer allocates by the file's size:
/// - a table's entries fit in the file: `stsz` (variable sizes), `stz2`, `stco`, `co64`, `stss`, `stps`, `stsc`,
///   `stts`, `ctts`, and `trun` with the fields its flags select (a table that only runs past its box is left to the
///   demuxer, which reads what is there);
/// - samples take at least one byte each, so all the samples the `stsz`, `stz2` and `trun` boxes declare together do
///   not outnumber the file's bytes (one byte a sample, so that a file cut short, whose tables describe more than
///   it holds, still opens).
package enum ISOBMFFSampleTables {
    /// The boxes walked at most (top level and inside `moov` and `moof` boxes); a file with more is not judged further.
    package static let maximumBoxCount = 1 << 20
    /// The deepest box list walked (`moov/trak/mdia/minf/stbl` is depth 4); deeper nesting is not judged further.
    package static let maximumDepth = 8
    /// The largest `moov` or `moof` read for the check; a larger one is passed over, not refused.
    package static let maximumContainerBytes = 256 << 20

    /// The first table of the file in `source` that cannot hold what it declares, or nil when every table fits.
    ///
    /// - Throws: ``ByteSourceError`` when the file cannot be read.
    package static func problem<Source: ByteSource>(in source: inout Source) throws(ByteSourceError) -> SyntaxProblem? {
        var check = Check(fileSize: source.count)
        var position = 0
        while position < source.count {
            let remaining = source.count - position
            let head = try source.read(at: position, length: 32)
            guard case .box(let header) = ISOBMFFBoxHeader.read(head[...], remaining: remaining, at: position, in: ""),
                (try? check.walker.count()) != nil
            else { break }
            // A box that runs past the end of the file is checked as far as it goes: demuxers read it all the same.
            let available = Swift.min(header.size, remaining)
            if header.type == "moov" || header.type == "moof", available >= header.headerSize,
                available - header.headerSize <= maximumContainerBytes
            {
                let payload = try source.read(at: position + header.headerSize, length: available - header.headerSize)
                // Beyond the walker's caps the file is not judged further.
                if let problem = try? check.container(
                    payload, range: payload.indices, fileOffset: position + header.headerSize, path: header.type,
                    depth: 1)
                {
                    return problem
                }
            }
            guard header.size > 0, let next = Bytes.add(position, header.size) else { break }
            position = next
        }
        return nil
    }

    private struct Check {
        let fileSize: Int
        var walker = ISOBMFFBoxWalker(maximumDepth: maximumDepth, maximumBoxCount: maximumBoxCount)
        /// The samples the tables walked so far declare.
        var samples = 0

        /// The boxes in `range` of a container's payload `bytes` (`bytes[0]` at file offset `fileOffset`). A box that
        /// runs past its parent is checked as far as the parent goes (FFmpeg reads its counts).
        mutating func container(_ bytes: [UInt8], range: Range<Int>, fileOffset: Int, path: String, depth: Int)
            throws(ISOBMFFBoxLimitError) -> SyntaxProblem?
        {
            let list = try walker.children(
                of: range, in: bytes, fileOffset: fileOffset, path: path, depth: depth, keepingOverrun: true)
            for box in list.boxes {
                let problem: SyntaxProblem?
                switch box.type {
                case "trak", "mdia", "minf", "stbl", "traf":
                    problem = try container(
                        bytes, range: box.payload, fileOffset: fileOffset, path: box.path, depth: depth + 1)
                default:
                    problem = table(box.type, bytes[box.payload], at: fileOffset + box.start, path: box.path)
                }
                if let problem { return problem }
            }
            return nil
        }

        /// One table box's payload (after the box header: version, flags, fields).
        mutating func table(_ type: String, _ payload: ArraySlice<UInt8>, at offset: Int, path: String)
            -> SyntaxProblem?
        {
            let p = Array(payload.prefix(12))  // the fields read; the entries themselves are never copied
            let count = { (at: Int) in p.u32(at).map(Int.init) }
            // (entry count field, bytes before the entries, bytes per entry)
            var layout: (count: Int?, head: Int, entry: Int)
            switch type {
            case "stco", "stss", "stps": layout = (count(4), 8, 4)
            case "co64", "stts", "ctts": layout = (count(4), 8, 8)
            case "stsc": layout = (count(4), 8, 12)
            case "stsz":
                guard let size = count(4), let entries = count(8) else { return nil }
                if let problem = declare(entries, path: path, at: offset) { return problem }
                layout = (size == 0 ? entries : 0, 12, 4)
            case "stz2":
                guard let field = p.u8(7), let entries = count(8) else { return nil }
                if let problem = declare(entries, path: path, at: offset) { return problem }
                return fits(entries * Int(field) / 8 + 12, entries: entries, path: path, at: offset)
            case "trun":
                guard let flags = count(0).map({ $0 & 0xFF_FFFF }), let entries = count(4) else { return nil }
                if let problem = declare(entries, path: path, at: offset) { return problem }
                let head = 8 + (flags & 0x1 != 0 ? 4 : 0) + (flags & 0x4 != 0 ? 4 : 0)
                let entry = [0x100, 0x200, 0x400, 0x800].filter { flags & $0 != 0 }.count * 4
                layout = (entries, head, entry)
            default:
                return nil
            }
            guard let entries = layout.count else { return nil }
            // entries < 2³², entry ≤ 16: no overflow.
            return fits(layout.head + entries * layout.entry, entries: entries, path: path, at: offset)
        }

        /// Counts `entries` samples; a problem once all counted outnumber the file's bytes.
        mutating func declare(_ entries: Int, path: String, at offset: Int) -> SyntaxProblem? {
            samples += entries  // entries < 2³², at most maximumBoxCount tables: no overflow
            guard samples > fileSize else { return nil }
            return SyntaxProblem(
                .malformed,
                "'\(path)' at byte \(offset) declares \(entries) samples: with the samples before it, more than the "
                    + "file's \(fileSize) bytes can hold", offset: offset, path: path)
        }

        /// A problem when a table's `entries` need more bytes than the whole file has (a table that merely runs past
        /// its box is left to the demuxer, which reads what is there).
        func fits(_ needed: Int, entries: Int, path: String, at offset: Int) -> SyntaxProblem? {
            guard needed > fileSize else { return nil }
            return SyntaxProblem(
                .malformed,
                "'\(path)' at byte \(offset) declares \(entries) entries, which need \(needed) bytes; the file has "
                    + "\(fileSize)", offset: offset, path: path)
        }
    }
}
