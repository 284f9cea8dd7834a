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
