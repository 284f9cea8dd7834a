import Testing

@testable import MediaSyntax

/// `tkhd` display matrices and `elst` edit lists, on hand-built payloads (after the box header).
@Suite("ISOBMFF track presentation")
struct ISOBMFFTrackPresentationTests {
    typealias B = SyntaxBytes

    /// A version 0 `tkhd` payload with `matrix`.
    static func tkhd(_ matrix: [Int32], version: UInt8 = 0) -> [UInt8] {
        // Creation and modification times, track ID, reserved, duration.
        let times = [UInt8](repeating: 0, count: version == 1 ? 32 : 20)
        let fixed = [UInt8](repeating: 0, count: 16)  // reserved, layer, alternate group, volume, reserved
        return [version, 0, 0, 3] + times + fixed + matrix.flatMap { B.u32(Int(UInt32(bitPattern: $0))) }
            + B.u32(64 << 16) + B.u32(48 << 16)
    }

    @Test("the matrix's rotation with FFmpeg's sign: −90, 90, −180, 0; a short or degenerate matrix gives none")
    func rotation() throws {
        let cases: [([Int32], Double)] = [
            ([0, 0x1_0000, 0, -0x1_0000, 0, 0, 0, 0, 0x4000_0000], -90),
            ([0, -0x1_0000, 0, 0x1_0000, 0, 0, 0, 0, 0x4000_0000], 90),
            ([-0x1_0000, 0, 0, 0, -0x1_0000, 0, 0, 0, 0x4000_0000], -180),  // FFmpeg says −180
            ([0x1_0000, 0, 0, 0, 0x1_0000, 0, 0, 0, 0x4000_0000], 0),
        ]
        for (matrix, degrees) in cases {
            for version: UInt8 in [0, 1] {
                let read = try #require(ISOBMFFTrackPresentation.matrix(tkhd: Self.tkhd(matrix, version: version)[...]))
                #expect(read == matrix)
                #expect(ISOBMFFTrackPresentation.rotation(read).map { abs($0 - degrees) < 1e-9 } == true)
            }
        }
        #expect(ISOBMFFTrackPresentation.rotation([Int32](repeating: 0, count: 9)) == nil)
        let full = Self.tkhd(cases[0].0)
        for length in 0..<(40 + 36) {
            #expect(ISOBMFFTrackPresentation.matrix(tkhd: full.prefix(length)) == nil)
        }
    }

    @Test("edits of version 0 and 1, an empty edit, the entry cap, and a list cut short")
    func edits() throws {
        let v0 =
            [0, 0, 0, 0] + B.u32(2) + B.u32(40) + B.u32(1024) + B.u32(0x1_0000) + B.u32(10) + B.u32(0xFFFF_FFFF)
            + B.u32(0x1_0000)
        #expect(
            ISOBMFFTrackPresentation.edits(elst: v0[...])
                == [.init(duration: 40, mediaTime: 1024), .init(duration: 10, mediaTime: -1)])
        #expect(
            ISOBMFFTrackPresentation.edits(elst: v0[...], maximumEntries: 1) == [.init(duration: 40, mediaTime: 1024)])
        let v1 = [1, 0, 0, 0] + B.u32(1) + B.u32(0) + B.u32(5000) + B.u32(0) + B.u32(2048) + B.u32(0x1_0000)
        #expect(ISOBMFFTrackPresentation.edits(elst: v1[...]) == [.init(duration: 5000, mediaTime: 2048)])
        for length in 0..<v0.count {
            #expect(ISOBMFFTrackPresentation.edits(elst: v0.prefix(length)) == nil, "\(length)")
        }
        #expect(ISOBMFFTrackPresentation.edits(elst: ([2, 0, 0, 0] + B.u32(0))[...]) == nil)  // unknown version
    }
}
