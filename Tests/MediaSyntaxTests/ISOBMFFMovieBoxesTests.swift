import MediaSyntax
import Testing

@Suite("ISOBMFF movie boxes: mvhd, trex, tfhd, trun from their payloads")
struct ISOBMFFMovieBoxesTests {
    static func u32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    static func u64(_ v: UInt64) -> [UInt8] { u32(UInt32(v >> 32)) + u32(UInt32(v & 0xFFFF_FFFF)) }

    @Test("mvhd versions 0 and 1: time scale, duration in seconds; all ones is unknown, time scale 0 is none")
    func movieHeader() throws {
        let v0 = [0, 0, 0, 0] + Self.u32(1) + Self.u32(2) + Self.u32(600) + Self.u32(1500)
        let header = try #require(ISOBMFFMovieBoxes.MovieHeader(payload: v0))
        #expect(header.timescale == 600 && header.seconds == 2.5)
        let v1 = [1, 0, 0, 0] + Self.u64(1) + Self.u64(2) + Self.u32(1000) + Self.u64(90_000)
        #expect(ISOBMFFMovieBoxes.MovieHeader(payload: v1)?.seconds == 90)
        let unknown = [0, 0, 0, 0] + Self.u32(1) + Self.u32(2) + Self.u32(600) + Self.u32(.max)
        #expect(ISOBMFFMovieBoxes.MovieHeader(payload: unknown)?.duration == nil)
        #expect(ISOBMFFMovieBoxes.MovieHeader(payload: [0, 0, 0, 0] + Self.u32(1) + Self.u32(2) + Self.u32(0)) == nil)
        for length in 0..<v0.count where length < 16 {
            #expect(ISOBMFFMovieBoxes.MovieHeader(payload: Array(v0.prefix(length))) == nil)
        }
    }

    @Test("tfhd and trun: the optional fields their flags announce, in order; a run cut inside a promised field is nil")
    func fragments() throws {
        // tfhd: base data offset (0x1), sample description index (0x2), default size (0x10).
        let tfhd = Self.u32(0x13) + Self.u32(7) + Self.u64(4096) + Self.u32(1) + Self.u32(1234)
        let header = try #require(ISOBMFFMovieBoxes.TrackFragmentHeader(payload: tfhd))
        #expect(header.trackID == 7 && header.baseDataOffset == 4096 && header.defaultSampleSize == 1234)
        // trun: data offset (0x1, negative), first sample flags (0x4), sample duration (0x100), size (0x200).
        let trun =
            Self.u32(0x305) + Self.u32(3) + Self.u32(UInt32(bitPattern: -8)) + Self.u32(0) + Self.u32(512)
            + Self.u32(999)
        let run = try #require(ISOBMFFMovieBoxes.TrackRunStart(payload: trun))
        #expect(run.sampleCount == 3 && run.dataOffset == -8 && run.firstSampleSize == 999)
        #expect(ISOBMFFMovieBoxes.TrackRunStart(payload: Array(trun.dropLast(2))) == nil)
        let plain = try #require(ISOBMFFMovieBoxes.TrackRunStart(payload: Self.u32(0) + Self.u32(1)))
        #expect(plain.dataOffset == 0 && plain.firstSampleSize == nil)
        let trex = Self.u32(0) + Self.u32(7) + Self.u32(1) + Self.u32(0) + Self.u32(640) + Self.u32(0)
        #expect(ISOBMFFMovieBoxes.TrackExtends(payload: trex) == .init(payload: trex))
        #expect(ISOBMFFMovieBoxes.TrackExtends(payload: trex)?.defaultSampleSize == 640)
    }
}
