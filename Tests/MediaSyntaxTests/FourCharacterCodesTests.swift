import MediaSyntax
import Testing

@Suite("Four-character code catalogues")
struct FourCharacterCodesTests {
    @Test("every code is four printable ASCII bytes, once per catalogue")
    func spellings() {
        for catalogue in fourCharacterCodeCatalogues {
            #expect(Set(catalogue).count == catalogue.count, "\(catalogue)")
            for code in catalogue {
                #expect(code.utf8.count == 4 && code.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(code)")
            }
        }
        #expect(BoxType.hvcC.bytes == [0x68, 0x76, 0x63, 0x43])
    }

    @Test("a code read from a file compares with a case; a switch goes over the case it names")
    func comparisons() {
        let read = Bytes.fourCC([0x63, 0x6F, 0x6C, 0x72])
        #expect(read == BoxType.colr && BoxType.colr == read && read != BoxType.clli)
        #expect(("tmap" as String?) == ItemType.tmap && !((nil as String?) == ItemType.tmap))
        #expect("irot".isOne(of: BoxType.clap, .irot, .imir) && !"ispe".isOne(of: BoxType.clap, .irot))
        #expect(BoxType(rawValue: "zzzz") == nil && PNGChunkType(rawValue: "cLLi") == .cLLi)
    }

    @Test("a code stored as a big-endian number reads as its four characters, unprintable bytes escaped")
    func numericCodes() {
        #expect(Bytes.fourCC(0x6476_7643) == "dvvC")
        #expect(Bytes.fourCC(0x6476_0A43) == "dv\\x0AC")
    }

    @Test("an EBML unsigned integer's data at a width: the low bytes, big-endian, that EBML.uint reads back")
    func ebmlIntegerData() {
        #expect(EBML.uintData(1000, count: 2) == [0x03, 0xE8])
        #expect(EBML.uintData(1000, count: 4) == [0, 0, 0x03, 0xE8])
        #expect(EBML.uintData(0x1_0000, count: 2) == [0, 0])
        for value: UInt64 in [0, 1, 255, 65_535, 0x0123_4567_89AB_CDEF] {
            #expect(EBML.uint(EBML.uintData(value, count: 8)[...]) == value)
        }
    }
}
