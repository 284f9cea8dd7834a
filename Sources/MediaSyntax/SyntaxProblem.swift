/// What is wrong with the structure at one place of a file, as a walker found it (ISOBMFF boxes, PNG chunks, JPEG marker
/// segments): a list that ends inside a box, chunk or segment, or a header that contradicts itself. The walk stops
/// there and returns what it found before; the readers above turn these into their own problem reports with the
/// message unchanged.
package struct SyntaxProblem: Hashable, Sendable, CustomStringConvertible {
    /// The two kinds of fault.
    package enum Kind: Hashable, Sendable {
        /// The list or the file ends before the box, chunk, segment or header does.
        case truncated
        /// A header whose fields cannot hold (a size below its own header, a full box too short for version and
        /// flags, a PNG chunk longer than 2³¹ − 1, a byte where a JPEG marker must be).
        case malformed
    }

    package var kind: Kind
    /// What is wrong, naming the box, its file offset and its list, e.g. "box 'colr' at byte 812 declares 90 bytes,
    /// but only 40 remain in meta/iprp/ipco".
    package var message: String
    /// The file offset of the first byte concerned.
    package var offset: Int
    /// The list, box or image concerned, as its message names it ("the file" for the top level of boxes, "" for a
    /// PNG file as a whole).
    package var path: String

    package init(_ kind: Kind, _ message: String, offset: Int, path: String) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.path = path
    }

    package var description: String { message }
}

/// A walk (PNG chunks, JPEG marker segments) that met more structures than the cap its caller set: the input is
/// damaged or hostile, and the caller reports the cap.
package struct SyntaxCountLimitError: Error, Hashable, Sendable {
    /// The cap that was exceeded.
    package var limit: Int

    package init(limit: Int) { self.limit = limit }
}
