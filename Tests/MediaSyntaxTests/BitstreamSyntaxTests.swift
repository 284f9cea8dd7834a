import MediaSyntax
import Testing

/// The bitstream parsers the readers above share, tested where they live: the RBSP bit reader, an HEVC SPS with its
/// VUI (x265's, from `Tests/Fixtures/movies/x265-hlg.mp4`), a VP9 key frame header and EBML element headers.
@Suite("Bitstream syntax: RBSP, HEVC SPS and VUI, VP9 frame header, EBML")
struct BitstreamSyntaxTests {
    @Test("RBSP: bits, flags and Exp-Golomb codes across emulation-prevention bytes; reading past the end throws")
    func rbsp() throws {
        // 1 | 010 (ue 1) | 00111 (ue 6) | 011 (se −1)... after 00 00 03 (the 03 dropped).
        var reader = RBSPReader([0b1010_0011, 0b1011_0000, 0x00, 0x00, 0x03, 0x01])
        #expect(try reader.flag() == true)
        #expect(try reader.ue() == 1)
        #expect(try reader.ue() == 6)
        #expect(try reader.se() == -1)
        #expect(try reader.bits(4) == 0)
        #expect(try reader.bits(16) == 0)
        #expect(try reader.bits(8) == 1)  // the 0x01 after the dropped 0x03
        #expect(throws: SyntaxError.self) { try reader.bits(1) }
    }

    @Test("HEVC SPS: Main 10, 64 × 64, 4:2:0, and the VUI's BT.2020 / HLG / BT.2020 NCL colour, narrow range")
    func hevcSPS() throws {
        let hex = "42010102200000030090000003000003001ea0208104d965654a4c2f016a12241208000003000800000300c840"
        let bytes = stride(from: 0, to: hex.count, by: 2).map {
            UInt8(
                hex[hex.index(hex.startIndex, offsetBy: $0)..<hex.index(hex.startIndex, offsetBy: $0 + 2)], radix: 16)!
        }
        let sps = try HEVCSequenceParameters.parse(nal: bytes[...])
        #expect(sps.profileIDC == 2 && sps.chromaFormat == 1 && sps.lumaBitDepth == 10 && sps.chromaBitDepth == 10)
        #expect(sps.width == 64 && sps.height == 64)
        let vui = try #require(sps.vui)
        #expect(vui.colorDescription?.primaries == 9 && vui.colorDescription?.transfer == 18)
        #expect(vui.colorDescription?.matrix == 9 && vui.fullRange == false)
        // Cut anywhere, it throws or parses: never traps.
        for length in 2..<bytes.count { _ = try? HEVCSequenceParameters.parse(nal: bytes.prefix(length)) }
    }

    @Test("VP9 key frame, profile 0: 8-bit, color_space 2 (BT.709 matrix), narrow range, 640 × 360")
    func vp9() throws {
        let header = try #require(
            try VP9FrameHeader.parse([0x82, 0x49, 0x83, 0x42, 0x40, 0x27, 0xF0, 0x16, 0x70][...]))
        #expect(header.profile == 0 && header.bitDepth == 8 && header.colorSpace == 2 && header.matrixCoefficients == 1)
        #expect(!header.fullRange && header.chromaFormat == 1 && header.width == 640 && header.height == 360)
        #expect(throws: SyntaxError.self) { try VP9FrameHeader.parse([0x82, 0x49, 0x83, 0x41, 0x40][...]) }
    }

    @Test("EBML: element IDs keep their length marker, sizes lose it, all ones is unknown, children stay in range")
    func ebml() throws {
        // Colour (55 B0) of 9 bytes: MatrixCoefficients (55 B1) = 9, MaxCLL (55 BC) = 0x03E8 in two bytes.
        let bytes: [UInt8] = [0x55, 0xB0, 0x89, 0x55, 0xB1, 0x81, 0x09, 0x55, 0xBC, 0x82, 0x03, 0xE8]
        let colour = try #require(EBML.header(bytes, at: 0))
        #expect(colour.id == MatroskaID.colour && colour.dataStart == 3 && colour.size == 9)
        let children = EBML.children(bytes, in: 3..<12)
        #expect(
            !children.truncated && children.elements.map(\.id) == [MatroskaID.matrixCoefficients, MatroskaID.maxCLL])
        #expect(EBML.uint(bytes[children.elements[1].data]) == 1000)
        #expect(EBML.vint([0xFF], at: 0)?.value == nil && EBML.vint([0x40, 0x02], at: 0)?.value == 2)
        #expect(EBML.children(bytes, in: 3..<11).truncated)
    }

    @Test("the first picture's NAL unit type of a length-prefixed sample, after parameter sets, SEI and delimiters")
    func firstPictureUnitType() {
        // HEVC: AUD (35), VPS (32), prefix SEI (39), then a CRA slice (21); H.264: SPS (7), PPS (8), IDR slice (5).
        let hevc: [UInt8] =
            [0, 0, 0, 3, 35 << 1, 1, 0x50] + [0, 0, 0, 2, 32 << 1, 1] + [0, 0, 0, 2, 39 << 1, 1]
            + [0, 0, 0, 3, 21 << 1, 1, 0x80]
        #expect(NALUnits.firstPictureUnitType(hevc, lengthSize: 4, hevc: true) == 21)
        let avc: [UInt8] = [0, 2, 0x67, 0x42] + [0, 2, 0x68, 0xCE] + [0, 2, 0x65, 0x88]
        #expect(NALUnits.firstPictureUnitType(avc, lengthSize: 2, hevc: false) == 5)
        #expect(NALUnits.firstPictureUnitType(Array(hevc.prefix(19)), lengthSize: 4, hevc: true) == nil)
        #expect(NALUnits.firstPictureUnitType(avc, lengthSize: 3, hevc: false) == nil)
        // Only the start of a sample read (x265's SEI fills the first KiB): the slice's header byte is enough.
        let cut = [0, 0, 0, 40, 39 << 1, 1] + [UInt8](repeating: 0x55, count: 38) + [0, 0, 0x0C, 0x5E, 20 << 1, 1]
        #expect(NALUnits.firstPictureUnitType(cut, lengthSize: 4, hevc: true) == 20)
        #expect(NALUnits.firstPictureUnitType(Array(cut.prefix(48)), lengthSize: 4, hevc: true) == nil)
    }
}
