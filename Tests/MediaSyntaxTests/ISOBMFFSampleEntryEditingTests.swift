import Testing

@testable import MediaSyntax

/// Adding a box to a movie's video sample entry inside its `moov` (what FFmpeg 5.1's QuickTime muxer leaves out: the
/// Dolby Vision record), on hand-built boxes.
@Suite("ISOBMFF sample entry editing")
struct ISOBMFFSampleEntryEditingTests {
    typealias B = SyntaxBytes

    /// A track with a handler and one sample entry of `entryType` whose child boxes are `children` (then `tail`).
    static func trak(handler: String, entryType: String = "hvc1", children: [UInt8], tail: [UInt8] = []) -> [UInt8] {
        let entry = B.box(entryType, [UInt8](repeating: 0, count: 78) + children + tail)
        let stsd = B.fullBox("stsd", B.u32(1) + entry)
        let stbl = B.box("stbl", stsd + B.fullBox("stsz", B.u32(0) + B.u32(0)))
        let hdlr = B.fullBox("hdlr", B.u32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
        return B.box(
            "trak",
            B.box(
                "mdia",
                B.fullBox("mdhd", [UInt8](repeating: 0, count: 20)) + hdlr
                    + B.box("minf", stbl)))
    }

    static let record = DolbyVisionConfiguration(bytes: [1, 0, 0x10, 0x0D, 0x10], boxType: "dvvC")!

    @Test("the record goes after the video entry's last child, every enclosing size grows by 32, nothing else moves")
    func adds() throws {
        let audio = Self.trak(handler: "soun", entryType: "mp4a", children: [])
        let video = Self.trak(handler: "vide", children: B.box("hvcC", [1, 2, 3]) + B.box("colr", [4]))
        let moov = B.box("moov", B.box("mvhd", [0]) + audio + video)
        let box = Self.record.box
        #expect(box.count == 32 && Array(box[4..<8]) == Array("dvvC".utf8))
        let added = try #require(try ISOBMFFSampleEntryEditing.adding(box, toVideoSampleEntryOf: moov))
        let expected = B.box(
            "moov",
            B.box("mvhd", [0]) + audio
                + Self.trak(handler: "vide", children: B.box("hvcC", [1, 2, 3]) + B.box("colr", [4]) + box))
        #expect(added == expected)
        // The record reads back as it was; adding it again changes nothing.
        let type = try #require(added.indices.dropLast(3).first { Array(added[$0..<$0 + 4]) == Array("dvvC".utf8) })
        let payload = added[type + 4..<type + 28]
        #expect(DolbyVisionConfiguration(bytes: payload, boxType: "dvvC") == Self.record)
        #expect(try ISOBMFFSampleEntryEditing.adding(box, toVideoSampleEntryOf: added) == nil)
    }

    @Test("a QuickTime list terminator stays last, after the added box")
    func beforeTerminator() throws {
        let moov = B.box("moov", Self.trak(handler: "vide", children: B.box("hvcC", [1]), tail: [0, 0, 0, 0]))
        let added = try #require(try ISOBMFFSampleEntryEditing.adding(Self.record.box, toVideoSampleEntryOf: moov))
        #expect(
            added
                == B.box(
                    "moov",
                    Self.trak(handler: "vide", children: B.box("hvcC", [1]) + Self.record.box, tail: [0, 0, 0, 0])))
    }

    @Test("no video track, not a moov box, a damaged child list: errors naming why, never a guess")
    func refusals() throws {
        let audioOnly = B.box("moov", Self.trak(handler: "soun", entryType: "mp4a", children: []))
        #expect(throws: SyntaxError.self) {
            try ISOBMFFSampleEntryEditing.adding(Self.record.box, toVideoSampleEntryOf: audioOnly)
        }
        #expect(throws: SyntaxError.self) {
            try ISOBMFFSampleEntryEditing.adding(Self.record.box, toVideoSampleEntryOf: B.box("free", [0]))
        }
        var damaged = B.box("moov", Self.trak(handler: "vide", children: B.box("hvcC", [1])))
        let hvcC = try #require(damaged.indices.dropLast(3).first { Array(damaged[$0..<$0 + 4]) == Array("hvcC".utf8) })
        damaged[hvcC - 1] = 0x7F  // hvcC claims more bytes than its entry holds
        #expect(throws: SyntaxError.self) {
            try ISOBMFFSampleEntryEditing.adding(Self.record.box, toVideoSampleEntryOf: damaged)
        }
        // Every truncation of a good moov: an error or nil, never a trap.
        let moov = B.box("moov", Self.trak(handler: "vide", children: B.box("hvcC", [1])))
        for length in 0..<moov.count {
            _ = try? ISOBMFFSampleEntryEditing.adding(Self.record.box, toVideoSampleEntryOf: Array(moov.prefix(length)))
        }
    }

    @Test("the top-level walk of a file read by seeking: types, starts and sizes; a box past the end is an error")
    func topLevel() throws {
        let file = B.box("ftyp", Array("qt  ".utf8)) + B.box("mdat", [1, 2, 3]) + B.box("moov", [])
        var source = ArrayByteSource(file)
        let boxes = try ISOBMFFSampleEntryEditing.topLevelBoxes(&source)
        #expect(boxes.map(\.type) == ["ftyp", "mdat", "moov"])
        #expect(boxes.map(\.start) == [0, 12, 23] && boxes.map(\.size) == [12, 11, 8])
        var cut = ArrayByteSource(Array(file.dropLast(2)))
        #expect(throws: SyntaxError.self) { try ISOBMFFSampleEntryEditing.topLevelBoxes(&cut) }
    }
}
