import MediaSyntax

/// A box inside a list of boxes held in memory: its type, where it starts and its payload (after the
/// size/type/largesize/uuid header), as indices into the bytes it was walked in, and its path for messages.
struct ISOBMFFBox {
    var type: String
    var start: Int
    var payload: Range<Int>
    var path: String
}

/// One box header (ISO/IEC 14496-12 §4.2): the only place that reads box sizes, for the image reader's child lists,
/// the movie reader's child lists and the movie reader's top-level walk alike.
struct ISOBMFFBoxHeader {
    var type: String
    /// 8, 16 with a 64-bit size, 16 more for `uuid`.
    var headerSize: Int
    /// The whole box in bytes, header included: size 0 (to the end of the list) resolved to `remaining`, a 64-bit
    /// size above `Int.max` clamped to it. It may exceed `remaining`: the caller decides what truncation means.
    var size: Int

    /// What the bytes at a list position hold.
    enum Step {
        case box(ISOBMFFBoxHeader)
        /// The list ends here: QuickTime lets an atom list end in a 32-bit zero (QuickTime File Format, "Atoms":
        /// "a 32-bit integer set to 0" may terminate a list of atoms, as iPhone movies' sample entries do).
        case end
        case problem(ReadProblem)
    }

    /// The header at the start of `bytes`, of a box `remaining` bytes before the end of its list. `bytes` holds at
    /// least the first `min(remaining, 32)` bytes there; `at` is the file offset and `path` the list, for messages.
    static func read(_ bytes: ArraySlice<UInt8>, remaining: Int, at: Int, in path: String) -> Step {
        let field = { (offset: Int, count: Int) -> UInt64? in
            let start = bytes.startIndex + offset
            guard offset + count <= remaining, start + count <= bytes.endIndex else { return nil }
            return bytes[start..<(start + count)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        guard remaining >= 8, let size32 = field(0, 4) else {
            if remaining == 4, field(0, 4) == 0 { return .end }
            return .problem(
                ReadProblem(
                    .truncated, "\(remaining) stray bytes at byte \(at) inside \(path), too few for a box header"))
        }
        let type = Bytes.fourCC(bytes[(bytes.startIndex + 4)..<(bytes.startIndex + 8)])
        var header = 8
        var size = Int(size32)
        if size32 == 1 {
            guard let large = field(8, 8) else {
                return .problem(ReadProblem(.truncated, "box '\(type)' at byte \(at) is cut off in its 64-bit size"))
            }
            header = 16
            size = large > UInt64(Int.max) ? Int.max : Int(large)
        } else if size32 == 0 {
            size = remaining
        }
        if type == "uuid" { header += 16 }
        guard size >= header else {
            return .problem(
                ReadProblem(
                    .malformed, "box '\(type)' at byte \(at) declares \(size) bytes, but its header alone is \(header)")
            )
        }
        return .box(ISOBMFFBoxHeader(type: type, headerSize: header, size: size))
    }

    /// The problem of a box that declares more bytes than its list has left.
    static func truncation(of header: ISOBMFFBoxHeader, remaining: Int, at: Int, in path: String) -> ReadProblem {
        ReadProblem(
            .truncated,
            "box '\(header.type)' at byte \(at) declares \(header.size) bytes, but only \(remaining) remain in \(path)")
    }

    /// The boxes of the list `range` of `bytes`, within the depth and count limits; `fileOffset` is the file offset of
    /// `bytes[0]`, `path` the list's path ("" for the top level). A structural fault ends the list and becomes a
    /// problem.
    static func list(
        in bytes: [UInt8], _ range: Range<Int>, fileOffset: Int, path: String, depth: Int, limits: ReadLimits,
        boxCount: inout Int, problems: inout [ReadProblem]
    ) throws(ColorTagsError) -> [ISOBMFFBox] {
        guard depth <= limits.maximumBoxDepth else {
            throw .limitExceeded(
                "ISOBMFF box nesting deeper than \(limits.maximumBoxDepth) (at \(path))", limit: limits.maximumBoxDepth)
        }
        let name = path.isEmpty ? "the file" : path
        var boxes: [ISOBMFFBox] = []
        var position = range.lowerBound
        while position < range.upperBound {
            let remaining = range.upperBound - position
            let at = fileOffset + position
            let header: ISOBMFFBoxHeader
            switch read(
                bytes[position..<Swift.min(range.upperBound, position + 32)], remaining: remaining, at: at, in: name)
            {
            case .box(let found): header = found
            case .end: return boxes
            case .problem(let problem):
                problems.append(problem)
                return boxes
            }
            guard let box = Bytes.range(position, header.size, within: range.upperBound) else {
                problems.append(truncation(of: header, remaining: remaining, at: at, in: name))
                return boxes
            }
            boxCount += 1
            guard boxCount <= limits.maximumBoxCount else {
                throw .limitExceeded("ISOBMFF box count above \(limits.maximumBoxCount)", limit: limits.maximumBoxCount)
            }
            boxes.append(
                ISOBMFFBox(
                    type: header.type, start: position, payload: (position + header.headerSize)..<box.upperBound,
                    path: path.isEmpty ? header.type : "\(path)/\(header.type)"))
            position = box.upperBound
        }
        return boxes
    }
}
