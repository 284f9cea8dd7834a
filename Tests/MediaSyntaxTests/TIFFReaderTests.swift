import MediaSyntax
import Testing

@Suite("TIFF/IFD reader: both byte orders, values in and out of the field, nothing outside the bytes")
struct TIFFReaderTests {
    /// A TIFF with IFD0 at 8: a SHORT (3), a LONG (4) and a RATIONAL (5, stored at 38), in `order`.
    static func tiff(littleEndian: Bool) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            littleEndian
                ? u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16)) : u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF))
        }
        var bytes: [UInt8] = littleEndian ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]
        bytes += u32(8) + u16(3)
        bytes += u16(0x0100) + u16(3) + u32(1) + u16(640) + [0, 0]
        bytes += u16(0xB001) + u16(4) + u32(1) + u32(2)
        bytes += u16(0x0030) + u16(5) + u32(1) + u32(50)
        bytes += u32(0)  // no next IFD
        bytes += u32(3) + u32(2)  // the RATIONAL 3/2 at 50
        return bytes
    }

    @Test("entries and their first values read the same in both byte orders")
    func bothOrders() throws {
        for little in [true, false] {
            let bytes = Self.tiff(littleEndian: little)
            let reader = try #require(TIFFReader(header: bytes))
            #expect(reader.littleEndian == little)
            let ifd = try #require(reader.firstIFDOffset)
            let entries = reader.entries(at: ifd)
            #expect(entries.map(\.tag) == [0x0100, 0xB001, 0x0030])
            #expect(entries.map { reader.number($0) } == [640, 2, 1.5])
            #expect(entries[1].field == 2 && entries[2].field == 50 && entries[2].valueOffset == 50)
        }
        #expect(TIFFReader(header: [0x49, 0x49, 0x2B, 0x00]) == nil)
    }

    @Test("cut anywhere, the entries found are whole and every value lies inside")
    func cutOff() {
        let bytes = Self.tiff(littleEndian: true)
        for length in 0...bytes.count {
            let reader = TIFFReader(bytes: Array(bytes.prefix(length)))
            guard let ifd = reader.firstIFDOffset else { continue }
            let entries = reader.entries(at: ifd)
            #expect(entries.count == min(3, max(0, (length - 10) / 12)), "cut at \(length)")
            for entry in entries where reader.number(entry) != nil {
                #expect((entry.valueOffset ?? .max) < length)
            }
        }
    }
}
