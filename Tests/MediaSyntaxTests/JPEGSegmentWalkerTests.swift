import MediaSyntax
import Testing

@Suite("JPEG segment walk")
struct JPEGSegmentWalkerTests {
    typealias B = SyntaxBytes

    /// Every step of a walk up to its end.
    static func steps(_ bytes: [UInt8], start: Int = 0, budget: Int = 1 << 20, maximumSegmentCount: Int = 100)
        throws(SyntaxCountLimitError) -> (segments: [JPEGSegment], end: SyntaxProblem?)
    {
        var walker = JPEGSegmentWalker(
            bytes: bytes, imageAt: start, name: "primary image", budget: budget,
            maximumSegmentCount: maximumSegmentCount)
        var segments: [JPEGSegment] = []
        while true {
            switch try walker.next() {
            case .segment(let segment): segments.append(segment)
            case .end(let problem): return (segments, problem)
            }
        }
    }

    @Test("segments up to SOS with fill bytes and RST markers passed over; APPn told by signature")
    func segments() throws {
        let app1 = B.jpegSegment(0xE1, JPEGSegmentWalker.xmpSignature + Array("<x/>".utf8))
        let bytes =
            [0xFF, 0xD8] + app1 + [0xFF, 0xFF, 0xFF, 0xD0] + B.jpegSegment(0xC0, [8, 0, 2, 0, 3, 1])
            + B.jpegSegment(0xDA, [1]) + [0x12, 0x34]
        let (segments, end) = try Self.steps(bytes)
        #expect(end == nil)
        #expect(segments.map(\.marker) == [0xE1, 0xC0, 0xDA])
        #expect(segments[0].start == 2 && segments[0].payload == 6..<(6 + app1.count - 4))
        #expect(JPEGSegmentWalker.payload(segments[0].payload, of: bytes, startsWith: JPEGSegmentWalker.xmpSignature))
        #expect(!JPEGSegmentWalker.payload(segments[0].payload, of: bytes, startsWith: JPEGSegmentWalker.mpfSignature))
        #expect(segments[1].start == 2 + app1.count + 4)
    }

    @Test("faults end the walk with a problem naming the image; EOI ends it cleanly")
    func faults() throws {
        let soi: [UInt8] = [0xFF, 0xD8]
        #expect(try Self.steps(soi + [0xFF, 0xD9]).end == nil)
        #expect(
            try Self.steps(soi).end
                == SyntaxProblem(
                    .truncated, "the primary image ends at byte 2 before its image data (SOS)", offset: 2,
                    path: "primary image"))
        #expect(
            try Self.steps(soi + [0x00]).end?.message
                == "expected a JPEG marker at byte 2 of the primary image, found 0x00")
        #expect(try Self.steps(soi + [0xFF, 0xD8]).end?.message == "a second SOI marker at byte 2")
        let short = try Self.steps(soi + [0xFF, 0xE0, 0x00, 0x01])
        #expect(short.end?.kind == .malformed)
        #expect(short.end?.message == "segment 0xE0 at byte 2 declares 1 bytes (at least 2 are needed)")
        let past = try Self.steps(soi + [0xFF, 0xE0, 0x00, 0x10, 0x00])
        #expect(past.end?.kind == .truncated)
    }

    @Test("the budget ends the walk quietly; the segment cap throws")
    func bounds() throws {
        let bytes = [0xFF, 0xD8] + B.jpegSegment(0xE0, Array(repeating: 0, count: 50)) + B.jpegSegment(0xDA, [1])
        let tight = try Self.steps(bytes, budget: 20)
        #expect(tight.segments.isEmpty && tight.end == nil)
        #expect(throws: SyntaxCountLimitError(limit: 1)) { try Self.steps(bytes, maximumSegmentCount: 1) }
    }
}
