import SignalCoding
import Testing

@Suite("CICP bytes (PNG cICP, ICC cicp) and the 9/16/0/1 string form")
struct CICPSerializationTests {
    /// PNG Specification 3rd edition, cICP chunk examples (hdr-math.md §2.4).
    static let pngExamples: [(bytes: [UInt8], value: CICP)] = [
        ([0x09, 0x10, 0x00, 0x01], .bt2100PQ),
        ([0x09, 0x12, 0x00, 0x01], .bt2100HLG),
        ([0x0C, 0x0D, 0x00, 0x01], .displayP3),
        ([0x01, 0x01, 0x00, 0x00], CICP(primaries: .bt709, transfer: .bt709, range: .narrow)),
    ]

    @Test("PNG cICP examples decode, validate as PNG and encode back")
    func pngExamples() throws {
        for (bytes, value) in Self.pngExamples {
            let decoded = try CICP(bytes: bytes)
            #expect(decoded == value)
            #expect(decoded.bytes == bytes)
            try decoded.validate(.png)
        }
        #expect(try CICP(bytes: [0x01, 0x01, 0x00, 0x00]).range == .narrow)
    }

    @Test("Every 4-byte combination with a 0/1 flag round-trips; the codes are kept even when reserved")
    func bytesRoundTrip() throws {
        for code in 0...255 {
            let c = UInt8(code)
            let bytes: [UInt8] = [c, 255 - c, c &* 7, UInt8(code & 1)]
            let value = try CICP(bytes: bytes)
            #expect(value.bytes == bytes)
            #expect(value.colorPrimaries == c && value.transferCharacteristics == 255 - c)
            #expect(try CICP(bytes: value.bytes[...]) == value)  // any Collection, here an ArraySlice
        }
    }

    @Test("Bad byte input has typed errors")
    func badBytes() {
        for count in [0, 1, 3, 5, 12] {
            #expect(throws: CICP.Error.invalidByteCount(expected: 4, actual: count)) {
                try CICP(bytes: [UInt8](repeating: 1, count: count))
            }
        }
        for flag: UInt8 in [2, 0x80, 0xFF] {
            #expect(throws: CICP.Error.invalidVideoFullRangeFlag(flag)) { try CICP(bytes: [9, 16, 0, flag]) }
        }
        #expect(
            CICP.Error.invalidVideoFullRangeFlag(2).description
                == "VideoFullRangeFlag is 2 but must be 0 (narrow range) or 1 (full range)")
        #expect(
            CICP.Error.invalidByteCount(expected: 4, actual: 3).description
                == "CICP data must be 4 bytes (ColourPrimaries, TransferCharacteristics, MatrixCoefficients, "
                + "VideoFullRangeFlag), got 3")
    }

    @Test("ICC cicp tag: 'cicp', 4 reserved zero bytes, then the codes (ICC.1:2022 cicpType)")
    func iccTag() throws {
        let tag: [UInt8] = [0x63, 0x69, 0x63, 0x70, 0, 0, 0, 0, 0x09, 0x10, 0x00, 0x01]
        #expect(CICP.bt2100PQ.iccTagData == tag)
        #expect(try CICP(iccTagData: tag) == .bt2100PQ)
        #expect(throws: CICP.Error.invalidByteCount(expected: 12, actual: 11)) { try CICP(iccTagData: tag.dropLast()) }
        var wrongType = tag
        wrongType[0] = 0x58
        #expect(throws: CICP.Error.self) { try CICP(iccTagData: wrongType) }
        var reserved = tag
        reserved[6] = 1
        #expect(throws: CICP.Error.invalidICCTag("reserved bytes 4…7 are not zero")) { try CICP(iccTagData: reserved) }
        var flag = tag
        flag[11] = 7
        #expect(throws: CICP.Error.invalidVideoFullRangeFlag(7)) { try CICP(iccTagData: flag) }
    }

    @Test("The string form round-trips for every code")
    func stringRoundTrip() throws {
        for code in 0...255 {
            let c = UInt8(code)
            let value = CICP(
                colorPrimaries: c, transferCharacteristics: c, matrixCoefficients: 255 - c,
                videoFullRange: code % 2 == 0)
            #expect(try CICP(parsing: value.description) == value)
            #expect(CICP(value.description) == value)
        }
        #expect(try CICP(parsing: " 9 / 16 / 9 / 0 \n") == .bt2100PQVideo)
        #expect(try CICP(parsing: "09/016/000/1") == .bt2100PQ)
    }

    @Test(
        "Malformed strings are rejected",
        arguments: [
            "", "9/16/0", "9/16/0/1/1", "9/16/0/2", "256/16/0/1", "-1/16/0/1", "9//0/1", "9/16/0/one", "9,16,0,1",
            "9/16/0/1.0", "+9/16/0/1", "9/16/0/１",
        ])
    func malformedStrings(string: String) {
        #expect(throws: CICP.Error.malformedString(string)) { try CICP(parsing: string) }
        #expect(CICP(string) == nil)
    }
}
