import MediaSyntax

/// Reads the two Apple maker-note values that scale Apple's HDR gain map of older iPhone photos (`MakerApple` tags
/// 0x0021 and 0x0030, exiftool's HDRHeadroom and HDRGain) from Exif TIFF bytes (a JPEG's APP1 `Exif\0\0` payload
/// after its signature, or a HEIF `Exif` item after its offset field). Every offset is bounds-checked; anything
/// unexpected gives nil.
enum AppleMakerNote {
    /// The two values, when the Exif has an Apple maker note with at least one of them.
    static func values(tiff exif: [UInt8]) -> AppleGainMapTags.MakerNoteValues? {
        let tiff = TIFFReader(bytes: exif)
        guard let ifd0 = tiff.firstIFDOffset,
            let pointer = tiff.entries(at: ifd0).first(where: { $0.tag == 0x8769 }),
            let exifIFD = tiff.number(pointer).flatMap({ Int(exactly: $0) }),
            let note = tiff.entries(at: exifIFD).first(where: { $0.tag == 0x927C }),
            let start = note.valueOffset, let range = Bytes.range(start, note.count, within: exif.count)
        else { return nil }
        let makerNote = Array(exif[range])
        guard makerNote.starts(with: Array("Apple iOS\u{0}".utf8)), makerNote.count > 16 else { return nil }
        // "Apple iOS\0", version (2 bytes), byte order "MM"/"II", then the IFD; offsets are relative to the note.
        let reader = TIFFReader(bytes: makerNote, littleEndian: makerNote[12] == 0x49)
        let entries = reader.entries(at: 14)
        // Either tag alone is used, the other taken as 0 (iPhone 13 HEICs carry 0x0021 only; libultrahdr
        // getExifAppleHeadroom does the same).
        let headroom = entries.first(where: { $0.tag == 0x0021 }).flatMap(reader.number)
        let gain = entries.first(where: { $0.tag == 0x0030 }).flatMap(reader.number)
        guard headroom != nil || gain != nil else { return nil }
        return AppleGainMapTags.MakerNoteValues(headroom: headroom ?? 0, gain: gain ?? 0)
    }
}

/// A minimal TIFF/IFD reader over a byte array (offsets relative to its start).
struct TIFFReader {
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: Int
        /// The value field's offset (for values longer than 4 bytes: where they are; else where the field is).
        var valueOffset: Int?
    }

    let bytes: [UInt8]
    let littleEndian: Bool

    init(bytes: [UInt8], littleEndian: Bool? = nil) {
        self.bytes = bytes
        self.littleEndian = littleEndian ?? (bytes.count >= 2 && bytes[0] == 0x49)
    }

    /// The offset of IFD0 from a TIFF header.
    var firstIFDOffset: Int? {
        guard bytes.count >= 8, bytes[0] == bytes[1], bytes[0] == 0x49 || bytes[0] == 0x4D else { return nil }
        return u32(4).map(Int.init)
    }

    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        let a = UInt16(bytes[at])
        let b = UInt16(bytes[at + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u32(_ at: Int) -> UInt32? {
        guard let hi = u16(littleEndian ? at + 2 : at), let lo = u16(littleEndian ? at : at + 2) else { return nil }
        return UInt32(hi) << 16 | UInt32(lo)
    }

    /// The entries of the IFD at `offset` (at most 1 000).
    func entries(at offset: Int) -> [Entry] {
        guard let count = u16(offset) else { return [] }
        var result: [Entry] = []
        for i in 0..<min(Int(count), 1000) {
            let at = offset + 2 + 12 * i
            guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { break }
            let size = Self.typeSize(type) * Int(count)
            let valueOffset = size <= 4 ? at + 8 : u32(at + 8).map(Int.init)
            result.append(Entry(tag: tag, type: type, count: Int(count), valueOffset: valueOffset))
        }
        return result
    }

    /// A RATIONAL, SRATIONAL, FLOAT, SHORT or LONG entry's first value.
    func number(_ entry: Entry) -> Double? {
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

    static func typeSize(_ type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11: 4
        case 5, 10, 12: 8
        default: 1
        }
    }
}
