import MediaSyntax
import Testing

@Suite("PNG chunk walk")
struct PNGChunksTests {
    typealias B = SyntaxBytes

    static let header = B.pngChunk("IHDR", B.u32(2) + B.u32(3) + [8, 6, 0, 0, 0])

    static func walk(_ bytes: [UInt8], maximumChunkCount: Int = 100) throws(SyntaxCountLimitError) -> PNGChunks.Walk {
        try PNGChunks.walk(bytes, maximumChunkCount: maximumChunkCount, crc32: SyntaxBytes.crc32)
    }

    @Test("chunks up to IEND, with their data ranges and CRCs checked by the function given")
    func chunks() throws {
        let bytes =
            PNGChunks.signature + Self.header + B.pngChunk("gAMA", B.u32(45455), crc: 0x1234_5678)
            + B.pngChunk("IEND", []) + [0xEE]
        let walk = try Self.walk(bytes)
        #expect(walk.problem == nil)
        #expect(walk.chunks.map(\.name) == ["IHDR", "gAMA", "IEND"])
        #expect(walk.chunks.map(\.crcMatches) == [true, false, true])
        #expect(walk.chunks[0].data == 16..<29)
        #expect(walk.chunks[1].start == 33)
        #expect(walk.chunks[2].whole.upperBound == bytes.count - 1)
    }

    @Test("a chunk written by PNGChunks.chunk walks back with its type, data and a matching CRC")
    func writtenChunk() throws {
        let written = PNGChunks.chunk(.cICP, [9, 16, 0, 1], crc32: SyntaxBytes.crc32)
        #expect(written == B.pngChunk("cICP", [9, 16, 0, 1]))
        let walk = try Self.walk(
            PNGChunks.signature + Self.header + written + PNGChunks.chunk(.IEND, [], crc32: B.crc32))
        #expect(walk.problem == nil && walk.chunks.map(\.name) == ["IHDR", "cICP", "IEND"])
        #expect(walk.chunks[1].crcMatches && walk.chunks[1].data.count == 4)
    }

    @Test("a file ending without IEND, a length past the end, an impossible length, a cut CRC")
    func faults() throws {
        let start = PNGChunks.signature + Self.header
        let noEnd = try Self.walk(start)
        #expect(
            noEnd.problem
                == SyntaxProblem(.truncated, "the file ends at byte 33 without an IEND chunk", offset: 33, path: ""))
        let past = try Self.walk(start + B.u32(10) + Array("tEXt".utf8) + [1])
        #expect(past.problem?.message == "tEXt chunk at byte 33 declares 10 bytes of data but the file has only 1 left")
        let huge = try Self.walk(start + B.u32(0x8000_0000) + Array("IDAT".utf8))
        #expect(huge.problem?.kind == .malformed)
        let cut = try Self.walk(start + B.u32(1) + Array("sRGB".utf8) + [0, 0xAB])
        #expect(cut.chunks.last?.name == "sRGB" && cut.chunks.last?.crcMatches == false)
        #expect(cut.problem?.message == "the file ends inside the CRC of the sRGB chunk at byte 33")
    }

    @Test("the walk throws beyond its chunk cap")
    func cap() {
        let bytes = PNGChunks.signature + Self.header + B.pngChunk("IDAT", []) + B.pngChunk("IEND", [])
        #expect(throws: SyntaxCountLimitError(limit: 2)) { try Self.walk(bytes, maximumChunkCount: 2) }
        #expect((try? Self.walk(bytes, maximumChunkCount: 3))?.chunks.count == 3)
    }
}
