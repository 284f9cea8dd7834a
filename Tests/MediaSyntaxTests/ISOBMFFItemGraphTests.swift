import MediaSyntax
import Testing

@Suite("ISOBMFF item graph")
struct ISOBMFFItemGraphTests {
    typealias B = SyntaxBytes

    /// `ftyp`, `meta` (hdlr, pitm 1, iinf with an `hvc1` item 1 and a `mime` item 2, iref `cdsc` 2 → 1, iprp with
    /// `ispe` and `colr` associated to item 1, the second essential and the first named twice, iloc: item 1 in the
    /// file, item 2 in `idat`), then an `mdat` with item 1's four bytes.
    static func file(iinfCount: Int? = nil, pitm: Int = 1) -> [UInt8] {
        let ftyp = B.box("ftyp", Array("heic".utf8) + B.u32(0) + Array("mif1heic".utf8))
        let infes =
            B.fullBox("infe", version: 2, B.u16(1) + B.u16(0) + Array("hvc1".utf8) + [0])
            + B.fullBox(
                "infe", version: 2,
                B.u16(2) + B.u16(0) + Array("mime".utf8) + [0] + Array("application/rdf+xml".utf8) + [0])
        let iprp = B.box(
            "iprp",
            B.box(
                "ipco",
                B.fullBox("ispe", B.u32(64) + B.u32(48))
                    + B.box("colr", Array("nclx".utf8) + [0, 9, 0, 16, 0, 9, 0x80]))
                + B.fullBox("ipma", B.u32(1) + B.u16(1) + [3, 0x01, 0x82, 0x01]))
        let idat = B.box("idat", [0xA0, 0xA1, 0xA2])
        func meta(mdatPayloadOffset: Int) -> [UInt8] {
            // iloc version 1: offset_size 4, length_size 4, base_offset_size 0, index_size 0.
            let iloc = B.fullBox(
                "iloc", version: 1,
                [0x44, 0x00] + B.u16(2)
                    + B.u16(1) + B.u16(0) + B.u16(0) + B.u16(1) + B.u32(mdatPayloadOffset) + B.u32(4)
                    + B.u16(2) + B.u16(1) + B.u16(0) + B.u16(1) + B.u32(1) + B.u32(2))
            return B.fullBox(
                "meta",
                B.fullBox("hdlr", B.u32(0) + Array("pict".utf8) + Array(repeating: 0, count: 13))
                    + B.fullBox("pitm", B.u16(pitm)) + B.fullBox("iinf", B.u16(iinfCount ?? 2) + infes)
                    + B.fullBox("iref", B.box("cdsc", B.u16(2) + B.u16(1) + B.u16(1))) + iprp + iloc + idat)
        }
        let length = ftyp.count + meta(mdatPayloadOffset: 0).count
        return ftyp + meta(mdatPayloadOffset: length + 8) + B.box("mdat", [1, 2, 3, 4])
    }

    static func parse(_ bytes: [UInt8], maximumItemCount: Int = 100) throws(ISOBMFFItemGraph.ParseError)
        -> ISOBMFFItemGraph.Parsed
    {
        var walker = ISOBMFFBoxWalker(maximumDepth: 8, maximumBoxCount: 1000)
        return try ISOBMFFItemGraph.parse(bytes, walker: &walker, maximumItemCount: maximumItemCount)
    }

    @Test("items, content types, references, property associations and locations are read from meta")
    func graph() throws {
        let bytes = Self.file()
        let parsed = try Self.parse(bytes)
        let graph = parsed.graph
        #expect(parsed.problems.isEmpty)
        #expect(graph.primaryID == 1)
        #expect(graph.order == [1, 2])
        #expect(graph.items[1]?.type == "hvc1")
        #expect(graph.items[2]?.contentType == "application/rdf+xml")
        #expect(graph.items[1]?.properties == [1, 2])
        #expect(graph.items[1]?.essentialProperties == [2])
        #expect(graph.properties.map(\.type) == ["ispe", "colr"])
        #expect(parsed.propertyBoxes.map(\.path) == ["meta/iprp/ipco/ispe", "meta/iprp/ipco/colr"])
        #expect(graph.references.map(\.type) == ["cdsc"])
        #expect(graph.references(.cdsc, from: 2) == [1] && graph.items(referring: .cdsc, to: 1) == [2])
        #expect(try graph.data(of: 1, in: bytes, maximumSize: 100) == [1, 2, 3, 4])
        #expect(try graph.data(of: 2, in: bytes, maximumSize: 100) == [0xA1, 0xA2])
        let ispe = try #require(graph.property(.ispe, of: 1))
        let extents = try ImageSpatialExtents(payload: bytes[ispe.payload])
        #expect(extents.width == 64 && extents.height == 48)
    }

    /// A graph of `iden` items 1…`items` whose `dimg` references are `links` (from, inputs).
    static func derivations(_ links: [(Int, [Int])], items: Int = 3) throws -> ISOBMFFItemGraph {
        let iref = B.fullBox(
            "iref", version: 1,
            links.flatMap { from, to in B.box("dimg", B.u32(from) + B.u16(to.count) + to.flatMap { B.u32($0) }) })
        let infes = (1...items).flatMap {
            B.fullBox("infe", version: 2, B.u16($0) + B.u16(0) + Array("iden".utf8) + [0])
        }
        let meta = B.fullBox(
            "meta",
            B.fullBox("hdlr", B.u32(0) + Array("pict".utf8) + Array(repeating: 0, count: 13))
                + B.fullBox("pitm", B.u16(1)) + B.fullBox("iinf", B.u16(items) + infes) + iref)
        var walker = ISOBMFFBoxWalker(maximumDepth: 8, maximumBoxCount: 10_000)
        return try ISOBMFFItemGraph.parse(
            B.box("ftyp", Array("heic".utf8) + B.u32(0)) + meta, walker: &walker, maximumItemCount: 100
        ).graph
    }

    @Test("derivation cycles: a self-reference, a longer loop, the first in input order; none in a tree or a diamond")
    func derivationCycles() throws {
        #expect(try Self.derivations([(1, [1])]).derivationCycle(from: 1) == [1, 1])
        #expect(try Self.derivations([(1, [2]), (2, [3]), (3, [2])]).derivationCycle(from: 1) == [1, 2, 3, 2])
        #expect(try Self.derivations([(1, [3, 2]), (2, [1]), (3, [1])]).derivationCycle(from: 1) == [1, 2, 1])
        #expect(try Self.derivations([(1, [2, 3]), (2, [3])]).derivationCycle(from: 1) == nil)  // a diamond
        #expect(try Self.derivations([(1, [2, 3])]).derivationCycle(from: 2) == nil)
        #expect(try Self.derivations([(1, [2]), (2, [4])]).nonImageDerivationInput(from: 1)! == (2, 4, nil))
    }

    @Test("a dimg chain 5 000 items long: the derivation checks stay within their visit cap, in linear time")
    func longDerivationChain() throws {
        let links = 5_000
        let chain = try Self.derivations((1...links).map { ($0, [$0 + 1]) }, items: 1)
        #expect(chain.references.count == links)
        #expect(chain.derivationCycle(from: 1) == nil)  // past 4 096 items: not judged
        #expect(chain.nonImageDerivationInput(from: 1)! == (1, 2, nil))
        let loop = try Self.derivations((1...100).map { ($0, [$0 % 100 + 1]) }, items: 1)
        #expect(loop.derivationCycle(from: 1) == Array(1...100) + [1])
    }

    @Test("no meta, a mini box instead, no primary item and too many items are errors; a cut list is a problem")
    func errors() throws {
        let ftyp = B.box("ftyp", Array("avif".utf8) + B.u32(0))
        #expect(throws: ISOBMFFItemGraph.ParseError.noMeta(hasMinimizedImageBox: false)) { try Self.parse(ftyp) }
        #expect(throws: ISOBMFFItemGraph.ParseError.noMeta(hasMinimizedImageBox: true)) {
            try Self.parse(ftyp + B.box("mini", [0]))
        }
        #expect(throws: ISOBMFFItemGraph.ParseError.noPrimaryItem) { try Self.parse(Self.file(pitm: 7)) }
        #expect(throws: ISOBMFFItemGraph.ParseError.itemCount(2, limit: 1)) {
            try Self.parse(Self.file(), maximumItemCount: 1)
        }
        let cut = Self.file() + B.u32(100) + Array("free".utf8)
        let parsed = try Self.parse(cut)
        #expect(parsed.problems.map(\.kind) == [.truncated])
        #expect(parsed.problems.first?.path == "the file")
    }
}
