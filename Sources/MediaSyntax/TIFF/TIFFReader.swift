/// The one TIFF/IFD reader (TIFF 6.0 §2): Exif, Apple maker notes, the MPF index of multi-picture JPEGs. Offsets are
/// relative to the start of the bytes given; every read is bounds-checked and answers nil outside them.
package struct TIFFReader {
    package struct Entry {
        package var tag: UInt16
        package var type: UInt16
        package var count: Int
        /// The value field's offset (for values longer than 4 bytes: where they are; else where the field is).
        package var valueOffset: Int?
        /// The value field itself (4 bytes in the byte order): the value, or the offset of values longer than 4 bytes.
        package var field: UInt32
    }

    package let bytes: [UInt8]
    package let littleEndian: Bool

    /// A reader in the given byte order; nil takes it from the first byte (`I` for little-endian).
    package init(bytes: [UInt8], littleEndian: Bool? = nil) {
        self.bytes = bytes
        self.littleEndian = littleEndian ?? (bytes.count >= 2 && bytes[0] == 0x49)
    }

    /// A reader over bytes that start with a TIFF header (`II*\0` or `MM\0*`), in its byte order; nil without one.
    package init?(header bytes: [UInt8]) {
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) {
            self.init(bytes: bytes, littleEndian: true)
        } else if bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            self.init(bytes: bytes, littleEndian: false)
        } else {
            return nil
        }
    }

    /// The offset of IFD0 from a TIFF header.
    package var firstIFDOffset: Int? {
        guard bytes.count >= 8, bytes[0] == bytes[1], bytes[0] == 0x49 || bytes[0] == 0x4D else { return nil }
        return u32(4).map(Int.init)
    }

    /// The 16-bit value at `at` in the reader's byte order.
    package func u16(_ at: Int) -> UInt16? { bytes.u16(at, littleEndian: littleEndian) }

    /// The 32-bit value at `at` in the reader's byte order.
    package func u32(_ at: Int) -> UInt32? { bytes.u32(at, littleEndian: littleEndian) }

    /// The entries of the IFD at `offset` (at most 1 000), up to the first that lies outside the bytes.
    package func entries(at offset: Int) -> [Entry] {
        guard let count = u16(offset) else { return [] }
        var result: [Entry] = []
        for i in 0..<min(Int(count), 1000) {
            guard let entry = entry(i, ofIFDAt: offset) else { break }
            result.append(entry)
        }
        return result
    }

    /// Entry `index` of the IFD at `offset` (whose count the caller read), or nil when its 12 bytes lie outside.
    package func entry(_ index: Int, ofIFDAt offset: Int) -> Entry? {
        let at = offset + 2 + 12 * index
        guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4), let field = u32(at + 8) else {
            return nil
        }
        let (size, overflow) = Self.typeSize(type).multipliedReportingOverflow(by: Int(count))
        let valueOffset = !overflow && size <= 4 ? at + 8 : Int(field)
        return Entry(tag: tag, type: type, count: Int(count), valueOffset: valueOffset, field: field)
    }

    /// A RATIONAL, SRATIONAL, FLOAT, SHORT or LONG entry's first value.
    package func number(_ entry: Entry) -> Double? {
        guard let at = entry.valueOffset, entry.count >= 1 else { return nil }
        switch entry.type {
        case 3: return u16(at).map(Double.init)
        case 4: return u32(at).map(Double.init)
        case 5:
            guard let n = u32(at), let d = u32(at + 4), d != 0 else { return nil }
            return Double(n) / Double(d)
        case 10:
            guard let n = u32(at), let d = u32(at + 4), d != 0 else { return nil }
            return Double(Int32(bitPattern: n)) / Double(Int32(bitPattern: d))
        case 11: return u32(at).map { Double(Float(bitPattern: $0)) }
        default: return nil
        }
    }

    /// The bytes of one value of a TIFF field type (1 for unknown types).
    package static func typeSize(_ type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11: 4
        case 5, 10, 12: 8
        default: 1
        }
    }
}
