import MediaSyntax
import Testing

@Suite("MPEG-2 transport stream: packets, PSI sections, program map streams, descriptors, PES headers")
struct TransportStreamTests {
    /// A 188-byte packet of `pid` carrying `payload` (padded with 0xFF), payload_unit_start as given.
    static func packet(pid: Int, unitStart: Bool, _ payload: [UInt8]) -> [UInt8] {
        let header: [UInt8] = [0x47, UInt8(pid >> 8) | (unitStart ? 0x40 : 0), UInt8(pid & 0xFF), 0x10]
        return header + payload + [UInt8](repeating: 0xFF, count: 184 - payload.count)
    }

    /// A program association section naming program 1 at PID 0x100 (CRC not checked).
    static let pat: [UInt8] = [0x00, 0xB0, 13, 0, 1, 0xC1, 0, 0] + [0, 1, 0xE1, 0x00] + [0, 0, 0, 0]

    /// A program map section: an AAC stream (0x0F, PID 0x101), then HEVC (0x24, PID 0x102) with a 0xB0 descriptor.
    static let pmt: [UInt8] = {
        let streams: [UInt8] =
            [0x0F, 0xE1, 0x01, 0xF0, 0x00] + [0x24, 0xE1, 0x02, 0xF0, 0x06] + [0xB0, 4, 1, 0, 0x10, 0x3F]
        let body: [UInt8] = [0, 1, 0xC1, 0, 0, 0xE1, 0x02, 0xF0, 0x00] + streams + [0, 0, 0, 0]
        return [0x02, 0xB0, UInt8(body.count)] + body
    }()

    @Test("packets, PSI sections and the first program's streams and descriptors")
    func tables() throws {
        let bytes =
            Self.packet(pid: 0, unitStart: true, [0] + Self.pat)
            + Self.packet(pid: 0x100, unitStart: true, [0] + Self.pmt)
        let first = try #require(TransportStream.Packet(bytes, at: 0))
        #expect(first.pid == 0 && first.unitStart && first.payload == 4..<188)
        var pending: [UInt8]?
        let pat = try #require(TransportStream.section(bytes, first.payload!, unitStart: true, pending: &pending))
        #expect(pat == Self.pat && TransportStream.firstProgramMapPID(pat) == 0x100)
        let second = try #require(TransportStream.Packet(bytes, at: 188))
        let pmt = try #require(TransportStream.section(bytes, second.payload!, unitStart: true, pending: &pending))
        let streams = try #require(TransportStream.programMapStreams(pmt))
        #expect(streams.map(\.streamType) == [0x0F, 0x24] && streams.map(\.pid) == [0x101, 0x102])
        let descriptors = TransportStream.descriptors(pmt, in: streams[1].descriptors)
        #expect(descriptors.map(\.tag) == [0xB0] && descriptors[0].body.count == 4)
        #expect(TransportStream.programMapStreams(pat) == nil && TransportStream.Packet(bytes, at: 1) == nil)
    }

    @Test("a section split over two packets is whole only after the second; a PES header gives its data start")
    func continuation() throws {
        var pending: [UInt8]?
        let head = Self.packet(pid: 0x100, unitStart: true, [0] + Array(Self.pmt.prefix(10)))
        let tail = Self.packet(pid: 0x100, unitStart: false, Array(Self.pmt.dropFirst(10)))
        let headPayload = 4..<(4 + 11)  // the pointer field and the first 10 bytes, no stuffing
        #expect(TransportStream.section(head, headPayload, unitStart: true, pending: &pending) == nil)
        let tailPayload = 4..<(4 + Self.pmt.count - 10)
        #expect(TransportStream.section(tail, tailPayload, unitStart: false, pending: &pending) == Self.pmt)
        let pes: [UInt8] = [0, 0, 1, 0xE0, 0, 0, 0x80, 0x80, 5] + [UInt8](repeating: 0, count: 5) + [0, 0, 0, 1]
        #expect(TransportStream.pesDataStart(pes, payloadStart: 0) == 14)
        #expect(TransportStream.pesDataStart([0, 0, 2, 0xE0], payloadStart: 0) == nil)
    }
}
