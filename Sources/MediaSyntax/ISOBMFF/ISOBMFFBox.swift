/// A box inside a list of boxes held in memory: its type, where it starts and its payload (after the
/// size/type/largesize/uuid header), as indices into the bytes it was walked in, and its path for messages.
package struct ISOBMFFBox: Hashable, Sendable {
    /// The four-character type, non-printable bytes escaped (``Bytes/fourCC(_:)``).
    package var type: String
    /// The index of the box's first byte (its size field) in the bytes walked.
    package var start: Int
    /// The payload's indices in the bytes walked, after the size, type, 64-bit size and `uuid` fields.
    package var payload: Range<Int>
    /// The types from the top level down, joined by `/` (`meta/iprp/ipco/colr`), for messages.
    package var path: String

    package init(type: String, start: Int, payload: Range<Int>, path: String) {
        self.type = type
        self.start = start
        self.payload = payload
        self.path = path
    }
}

/// A walk that went beyond the caps the caller set on nesting and box count: the input is damaged or hostile.
package enum ISOBMFFBoxLimitError: Error, Hashable, Sendable {
    /// Boxes nested deeper than `limit` (at the list `path`).
    case depth(limit: Int, path: String)
    /// More than `limit` boxes walked.
    case count(limit: Int)
}
