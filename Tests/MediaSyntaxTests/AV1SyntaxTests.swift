import MediaSyntax
import Testing

@Suite("AV1 syntax: leb128 and OBU headers")
struct AV1SyntaxTests {
    @Test("leb128 reads and writes the specification's encoding, least significant group first, 8 bytes at most")
    func leb128() {
        for (value, bytes) in [
            (0, [0x00]), (127, [0x7F]), (128, [0x80, 0x01]), (300, [0xAC, 0x02]),
            (16_384, [0x80, 0x80, 0x01]),
        ] as [(Int, [UInt8])] {
            var written: [UInt8] = []
            LEB128.append(value, to: &written)
            #expect(written == bytes)
            #expect(LEB128.read((bytes + [0xFF])[...])?.value == value)
            #expect(LEB128.read(bytes[...])?.length == bytes.count)
        }
        // A padded encoding (AV1 allows leading 0x80 groups) and the limits: cut off, and more than 8 bytes.
        #expect(LEB128.read([0x85, 0x80, 0x00][...])?.value == 5)
        #expect(LEB128.read([0x80, 0x80][...]) == nil)
        #expect(LEB128.read([UInt8](repeating: 0x80, count: 8)[...] + [0x01]) == nil)
    }

    @Test("an OBU header gives its type, the bytes before its payload and its size field")
    func header() {
        // OBU_SEQUENCE_HEADER with a size field of 10.
        #expect(AV1OBUs.Header([0x0A, 0x0A][...]) == AV1OBUs.Header([0x0A, 0x0A, 0xFF][...]))
        let sequence = AV1OBUs.Header([0x0A, 0x0A][...])
        #expect(sequence?.type == AV1OBUs.sequenceHeader)
        #expect(sequence?.length == 2)
        #expect(sequence?.payloadSize == 10)
        // OBU_METADATA with an extension byte and a two-byte size (200).
        let metadata = AV1OBUs.Header([0x2E, 0x00, 0xC8, 0x01][...])
        #expect(metadata?.type == AV1OBUs.metadata)
        #expect(metadata?.length == 4)
        #expect(metadata?.payloadSize == 200)
        // No size field: the payload runs to the end of what holds it.
        #expect(AV1OBUs.Header([0x10][...])?.payloadSize == nil)
        #expect(AV1OBUs.Header([0x10][...])?.type == AV1OBUs.temporalDelimiter)
        // obu_forbidden_bit, a missing extension byte, a cut size field.
        #expect(AV1OBUs.Header([0x8A, 0x00][...]) == nil)
        #expect(AV1OBUs.Header([0x2E][...]) == nil)
        #expect(AV1OBUs.Header([0x2A, 0x80][...]) == nil)
    }

    @Test("a temporal unit splits into its OBUs, and an OBU that runs past the data ends the list")
    func split() {
        let unit: [UInt8] = [0x12, 0x00, 0x2A, 0x03, 0x04, 0xB5, 0x80, 0x32, 0x05, 1, 2]
        let obus = AV1OBUs.split(unit)
        #expect(obus.map(\.type) == [AV1OBUs.temporalDelimiter, AV1OBUs.metadata])
        #expect(obus.map(\.payload) == [2..<2, 4..<7])
        #expect(obus.map(\.hasSizeField) == [true, true])
        let payload = unit[obus[1].payload]
        #expect(AV1OBUs.itutT35(payload) == [0xB5, 0x80][...])
        #expect(AV1OBUs.withoutTrailingBits([0xB5, 0x80][...]) == [0xB5][...])
        #expect(AV1OBUs.withoutTrailingBits([0xB5, 0x01, 0x80, 0x00, 0x00][...]) == [0xB5, 0x01][...])
        // A metadata OBU without a size field runs to the end; a sized OBU longer than the data ends the list.
        let unsized = AV1OBUs.split([0x28, 0x04, 0xB5])
        #expect(unsized.map(\.hasSizeField) == [false])
        #expect(unsized.map(\.payload) == [1..<3])
        #expect(AV1OBUs.split([0x12, 0x00, 0x0A, 0x05, 0x01]).map(\.type) == [AV1OBUs.temporalDelimiter])
    }

    @Test("SEI payload types and sizes round-trip through the 0xFF-run writer")
    func seiValue() {
        for value in [0, 4, 254, 255, 256, 600] {
            var bytes: [UInt8] = []
            SEIMessages.appendValue(value, to: &bytes)
            #expect(bytes.count == value / 255 + 1)
            var position = 0
            #expect(SEIMessages.varValue(bytes, &position) == value)
            #expect(position == bytes.count)
        }
    }

    @Test("ftyp brands: major then compatible, as far as the bytes hold them; a box under 16 bytes has none")
    func fileTypeBrands() {
        let box: [UInt8] = [0, 0, 0, 28] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2mp41".utf8)
        #expect(FileTypeBox.brands(box) == ["isom", "isom", "iso2", "mp41"])
        #expect(FileTypeBox.brands(Array(box.prefix(22))) == ["isom", "isom"])
        #expect(FileTypeBox.brands(payload: box[8...]) == ["isom", "isom", "iso2", "mp41"])
        #expect(FileTypeBox.brands([0, 0, 0, 12] + Array("ftypisom".utf8)) == [])
        #expect(MovieSignature.format(of: Array(box.prefix(22))) == .mp4)
    }
}
