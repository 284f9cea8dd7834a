import MediaSyntax
import Testing

@Suite("IVF and VP9 codec features")
struct IVFTests {
    /// A 32-byte `DKIF` header for a 640 × 360 VP9 stream, then two frames of 3 and 2 bytes.
    static let file: [UInt8] =
        Array("DKIF".utf8) + [0, 0, 32, 0] + Array("VP90".utf8) + [0x80, 0x02, 0x68, 0x01]
        + [UInt8](repeating: 0, count: 16) + [3, 0, 0, 0] + [UInt8](repeating: 0, count: 8) + [1, 2, 3]
        + [2, 0, 0, 0] + [UInt8](repeating: 0, count: 8) + [4, 5]

    @Test("the header's FourCC and size, the frames' data ranges (little-endian sizes)")
    func frames() throws {
        let header = try #require(IVF.Header(Self.file))
        #expect(
            header == IVF.Header(Self.file) && header.fourCC == "VP90" && header.width == 640 && header.height == 360)
        let (frames, cut) = IVF.frames(Self.file, limit: 10)
        #expect(frames.map { Array(Self.file[$0]) } == [[1, 2, 3], [4, 5]] && cut == nil)
        #expect(IVF.frames(Self.file, limit: 1).frames.count == 1)
        #expect(IVF.Header(Array(Self.file.prefix(31))) == nil)
    }

    @Test("a frame cut short ends the list and says where and what it declared")
    func cut() {
        let (frames, cut) = IVF.frames(Array(Self.file.dropLast(1)), limit: 10)
        #expect(frames.count == 1 && cut?.headerOffset == 47 && cut?.declaredSize == 2)
    }

    @Test("VP9 CodecPrivate: one-byte features in order, longer ones skipped, a cut feature is an error")
    func codecFeatures() throws {
        let features = try VP9CodecFeatures.parse([1, 1, 2, 9, 2, 0, 0, 3, 1, 10])
        #expect(features.map(\.id) == [1, 3] && features.map(\.value) == [2, 10])
        #expect(throws: SyntaxError.self) { try VP9CodecFeatures.parse([1, 1, 2, 3, 1]) }
    }
}
