/// One box header (ISO/IEC 14496-12 §4.2): the only place that reads box sizes, for the image reader's child lists,
/// the movie reader's child lists and the movie reader's top-level walk alike.
package struct ISOBMFFBoxHeader: Hashable, Sendable {
    package var type: String
    /// 8, 16 with a 64-bit size, 16 more for `uuid`.
    package var headerSize: Int
    /// The whole box in bytes, header included: size 0 (to the end of the list) resolved to `remaining`, a 64-bit
    /// size above `Int.max` clamped to it. It may exceed `remaining`: the caller decides what truncation means.
    package var size: Int

    /// What the bytes at a list position hold.
    package enum Step: Hashable, Sendable {
        case box(ISOBMFFBoxHeader)
        /// The list ends here: QuickTime lets an atom list end in a 32-bit zero (QuickTime File Format, "Atoms":
        /// "a 32-bit integer set to 0" may terminate a list of atoms, as iPhone movies' sample entries do).
        case end
        case problem(SyntaxProblem)
    }

    /// The header at the start of `bytes`, of a box `remaining` bytes before the end of its list. `bytes` holds at
    /// least the first `min(remaining, 32)` bytes there; `at` is the file offset and `path` the list, for messages
    /// ("the file" for the top level).
    package static func read(_ bytes: ArraySlice<UInt8>, remaining: Int, at: Int, in path: String) -> Step {
        let field = { (offset: Int, count: Int) -> UInt64? in
            let start = bytes.startIndex + offset
            guard offset + count <= remaining, start + count <= bytes.endIndex else { return nil }
            return bytes[start..<(start + count)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        guard remaining >= 8, let size32 = field(0, 4) else {
            if remaining == 4, field(0, 4) == 0 { return .end }
            return .problem(
                SyntaxProblem(
                    .truncated, "\(remaining) stray bytes at byte \(at) inside \(path), too few for a box header",
                    offset: at, path: path))
        }
        let type = Bytes.fourCC(bytes[(bytes.startIndex + 4)..<(bytes.startIndex + 8)])
        var header = 8
        var size = Int(size32)
        if size32 == 1 {
            guard let large = field(8, 8) else {
                return .problem(
                    SyntaxProblem(
                        .truncated, "box '\(type)' at byte \(at) is cut off in its 64-bit size", offset: at, path: path)
                )
            }
            header = 16
            size = large > UInt64(Int.max) ? Int.max : Int(large)
        } else if size32 == 0 {
            size = remaining
        }
        if type == "uuid" { header += 16 }
        guard size >= header else {
            return .problem(
                SyntaxProblem(
                    .malformed, "box '\(type)' at byte \(at) declares \(size) bytes, but its header alone is \(header)",
                    offset: at, path: path))
        }
        return .box(ISOBMFFBoxHeader(type: type, headerSize: header, size: size))
    }

    /// The problem of a box that declares more bytes than its list has left.
    package func truncation(remaining: Int, at: Int, in path: String) -> SyntaxProblem {
        SyntaxProblem(
            .truncated, "box '\(type)' at byte \(at) declares \(size) bytes, but only \(remaining) remain in \(path)",
            offset: at, path: path)
    }
}
