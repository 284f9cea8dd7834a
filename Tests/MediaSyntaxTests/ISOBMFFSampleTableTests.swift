import MediaSyntax
import Testing

@Suite("ISOBMFF sample table")
struct ISOBMFFSampleTableTests {
    typealias B = SyntaxBytes

    /// Full-box payloads (version and flags first) of a track: six samples in two chunks (4 + 2), B-frame
    /// composition offsets with a negative one, sync samples 1 and 5.
    static let tables: [BoxType: [UInt8]] = [
        .stsz: B.u32(0) + B.u32(0) + B.u32(6) + [100, 10, 20, 30, 90, 15].flatMap { B.u32($0) },
        .stsc: B.u32(0) + B.u32(2) + B.u32(1) + B.u32(4) + B.u32(1) + B.u32(2) + B.u32(2) + B.u32(1),
        .stco: B.u32(0) + B.u32(2) + B.u32(1000) + B.u32(5000),
        .stts: B.u32(0) + B.u32(2) + B.u32(5) + B.u32(512) + B.u32(1) + B.u32(1024),
        .ctts: B.u32(0) + B.u32(3) + B.u32(1) + B.u32(1024) + B.u32(1) + B.u32(0xFFFF_FE00) + B.u32(4) + B.u32(0),
        .stss: B.u32(0) + B.u32(2) + B.u32(1) + B.u32(5),
    ]

    static func table(_ tables: [BoxType: [UInt8]] = tables, limit: Int = 100, fileSize: Int = 10_000)
        -> ISOBMFFSampleTable?
    {
        ISOBMFFSampleTable(payload: { tables[$0] }, limit: limit, fileSize: fileSize)
    }

    @Test("places from sizes, chunk runs and offsets; times from stts and signed ctts; sync samples from stss")
    func decoded() throws {
        let table = try #require(Self.table())
        #expect(table.count == 6)
        #expect(table.places.map(\.offset) == [1000, 1100, 1110, 1130, 5000, 5090])
        #expect(table.places.map(\.size) == [100, 10, 20, 30, 90, 15])
        #expect(table.decodeTimes == [0, 512, 1024, 1536, 2048, 2560])
        #expect(table.compositionOffsets == [1024, -512, 0, 0, 0, 0])
        #expect(table.syncSamples == [0, 4])
        #expect(table.isSync(4) && !table.isSync(1))
    }

    @Test("a limit keeps the first samples and the declared count; no stss makes every sample a sync sample")
    func limitedAndUnlisted() throws {
        let table = try #require(Self.table(limit: 3))
        #expect(table.count == 6 && table.places.count == 3 && table.decodeTimes?.count == 3)
        var tables = Self.tables
        tables[.stss] = nil
        tables[.ctts] = nil
        let unlisted = try #require(Self.table(tables))
        #expect(unlisted.syncSamples == nil && unlisted.isSync(3))
        #expect(unlisted.compositionOffsets == [0, 0, 0, 0, 0, 0])
    }

    @Test("contradictions: a chunk that does not exist, samples beyond the file, stts runs that end early")
    func contradictions() throws {
        var tables = Self.tables
        tables[.stsc] = B.u32(0) + B.u32(1) + B.u32(3) + B.u32(4) + B.u32(1)
        #expect(Self.table(tables) == nil)
        #expect(Self.table(fileSize: 200) == nil)
        tables = Self.tables
        tables[.stco] = nil
        #expect(Self.table(tables) == nil)
        tables = Self.tables
        tables[.stts] = B.u32(0) + B.u32(1) + B.u32(2) + B.u32(512)
        #expect(try #require(Self.table(tables)).decodeTimes == nil)
    }

    @Test("runs of 2³² samples cost only the samples wanted; more samples than the file has bytes are refused")
    func hostileCounts() throws {
        var tables = Self.tables
        tables[.stsz] = B.u32(0) + B.u32(7) + B.u32(1 << 20)
        tables[.stsc] = B.u32(0) + B.u32(1) + B.u32(1) + B.u32(0xFFFF_FFFF) + B.u32(1)
        tables[.stts] = B.u32(0) + B.u32(1) + B.u32(0xFFFF_FFFF) + B.u32(1)
        let table = try #require(Self.table(tables, limit: 10, fileSize: 8 << 20))
        #expect(table.count == 1 << 20 && table.places.count == 10 && table.places[9].offset == 1063)
        tables[.stsz] = B.u32(0) + B.u32(0) + B.u32(0xFFFF_FFFF)
        #expect(Self.table(tables, limit: 10, fileSize: 8 << 20) == nil)
    }
}
