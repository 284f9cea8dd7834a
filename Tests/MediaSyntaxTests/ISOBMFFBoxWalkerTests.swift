import MediaSyntax
import Testing

@Suite("ISOBMFF box walker")
struct ISOBMFFBoxWalkerTests {
    typealias B = SyntaxBytes

    static func walker(depth: Int = 8, count: Int = 100) -> ISOBMFFBoxWalker {
        ISOBMFFBoxWalker(maximumDepth: depth, maximumBoxCount: count)
    }

    @Test("size 0 runs to the end of the list, size 1 reads a 64-bit size, uuid adds 16 header bytes")
    func sizes() throws {
        let large = B.u32(1) + Array("free".utf8) + [0, 0, 0, 0] + B.u32(20) + [1, 2, 3, 4]
        let uuid = B.box("uuid", Array(repeating: 7, count: 16) + [9, 9])
        let last = B.u32(0) + Array("mdat".utf8) + [5, 6, 7]
        let bytes = large + uuid + last
        var walker = Self.walker()
        let list = try walker.children(of: 0..<bytes.count, in: bytes, path: "", depth: 0)
        #expect(list.problem == nil)
        #expect(list.boxes.map(\.type) == ["free", "uuid", "mdat"])
        #expect(list.boxes[0].payload == 16..<20)
        #expect(list.boxes[1].payload == (20 + 24)..<(20 + 26))
        #expect(list.boxes[2].payload == (46 + 8)..<bytes.count)
        #expect(list.boxes.map(\.path) == ["free", "uuid", "mdat"])
        #expect(walker.boxCount == 3)
    }

    @Test("a box past the end of its list ends the walk with a truncation naming its file offset and list")
    func truncation() throws {
        let bytes = [0xAA, 0xBB] + B.box("ispe", [0, 0, 0, 0]) + B.u32(40) + Array("colr".utf8) + [1, 2]
        var walker = Self.walker()
        let list = try walker.children(
            of: 2..<bytes.count, in: bytes, fileOffset: 1000, path: "meta/iprp/ipco", depth: 3)
        #expect(list.boxes.map(\.path) == ["meta/iprp/ipco/ispe"])
        #expect(
            list.problem
                == SyntaxProblem(
                    .truncated, "box 'colr' at byte 1014 declares 40 bytes, but only 10 remain in meta/iprp/ipco",
                    offset: 1014, path: "meta/iprp/ipco"))
    }

    @Test("keepingOverrun also yields the overrunning box, cut at the list's end, with the same truncation")
    func keepingOverrun() throws {
        let bytes = B.box("ispe", [0, 0, 0, 0]) + B.u32(40) + Array("trun".utf8) + [1, 2]
        var plain = Self.walker()
        var keeping = Self.walker()
        let cut = try plain.children(of: 0..<bytes.count, in: bytes, path: "traf", depth: 1)
        let kept = try keeping.children(of: 0..<bytes.count, in: bytes, path: "traf", depth: 1, keepingOverrun: true)
        #expect(cut.boxes.map(\.type) == ["ispe"])
        #expect(kept.boxes.map(\.type) == ["ispe", "trun"])
        #expect(kept.boxes[1].payload == 20..<22)
        #expect(kept.problem == cut.problem && kept.problem?.kind == .truncated)
        #expect(keeping.boxCount == 2)
        // A header that is itself cut off is not a box, kept or not.
        let stray = B.box("ispe", []) + B.u32(40) + [0x74]
        var walker = Self.walker()
        #expect(
            try walker.children(of: 0..<stray.count, in: stray, path: "", depth: 0, keepingOverrun: true).boxes
                .count == 1)
    }

    @Test("stray bytes too few for a header are a truncation, but QuickTime's 32-bit zero ends a list cleanly")
    func strayBytesAndTerminator() throws {
        let box = B.box("free", [])
        var walker = Self.walker()
        let stray = box + [1, 2, 3]
        let strayList = try walker.children(of: 0..<stray.count, in: stray, path: "", depth: 0)
        #expect(strayList.boxes.count == 1)
        #expect(strayList.problem?.kind == .truncated)
        #expect(strayList.problem?.message == "3 stray bytes at byte 8 inside the file, too few for a box header")
        let terminated = box + [0, 0, 0, 0]
        let terminatedList = try walker.children(of: 0..<terminated.count, in: terminated, path: "udta", depth: 1)
        #expect(terminatedList.problem == nil)
        #expect(terminatedList.boxes.count == 1)
    }

    @Test("a size below the header and a full box too short for version and flags are malformed")
    func malformedHeaders() throws {
        let bytes = B.u32(4) + Array("abcd".utf8)
        var walker = Self.walker()
        let list = try walker.children(of: 0..<bytes.count, in: bytes, path: "", depth: 0)
        #expect(list.problem?.kind == .malformed)
        #expect(list.problem?.message == "box 'abcd' at byte 0 declares 4 bytes, but its header alone is 8")
        let short = B.box("iref", [0, 0])
        let shortBox = try #require(try walker.children(of: 0..<short.count, in: short, path: "", depth: 0).boxes.first)
        let children = try walker.fullBoxChildren(of: shortBox, in: short, fileOffset: 50, depth: 1)
        #expect(children.boxes.isEmpty)
        #expect(children.problem?.message == "'iref' at byte 50 is too short for its header")
    }

    @Test("a full box's children start after version, flags and the bytes skipped")
    func fullBoxChildren() throws {
        let bytes = B.fullBox("stsd", B.u32(1) + B.box("hvc1", [1]) + B.box("avc1", []))
        var walker = Self.walker()
        let stsd = try #require(try walker.children(of: 0..<bytes.count, in: bytes, path: "", depth: 0).boxes.first)
        let entries = try walker.fullBoxChildren(of: stsd, in: bytes, depth: 1, skipping: 4)
        #expect(entries.boxes.map(\.path) == ["stsd/hvc1", "stsd/avc1"])
        #expect(entries.problem == nil)
    }

    @Test("a QuickTime meta without version and flags and an ISO meta give the same children")
    func quickTimeMeta() throws {
        let children = B.box("hdlr", Array(repeating: 0, count: 12)) + B.box("keys", [0])
        let quickTime = B.box("meta", children)
        let iso = B.fullBox("meta", children)
        for bytes in [quickTime, iso] {
            var walker = Self.walker()
            let meta = try #require(try walker.children(of: 0..<bytes.count, in: bytes, path: "", depth: 0).boxes.first)
            let list = try walker.metaChildren(of: meta, in: bytes, depth: 1)
            #expect(list.problem == nil)
            #expect(list.boxes.map(\.type) == ["hdlr", "keys"])
        }
        var walker = Self.walker()
        let isoMeta = try walker.children(of: 0..<iso.count, in: iso, path: "", depth: 0).boxes[0]
        #expect(!ISOBMFFBoxWalker.isQuickTimeMeta(isoMeta, in: iso))
    }

    @Test("the walk throws beyond its depth and box-count caps")
    func limits() throws {
        let bytes = (0..<5).flatMap { _ in B.box("free", []) }
        var deep = Self.walker(depth: 2)
        #expect(throws: ISOBMFFBoxLimitError.depth(limit: 2, path: "a/b/c")) {
            _ = try deep.children(of: 0..<bytes.count, in: bytes, path: "a/b/c", depth: 3)
        }
        var many = Self.walker(count: 4)
        #expect(throws: ISOBMFFBoxLimitError.count(limit: 4)) {
            _ = try many.children(of: 0..<bytes.count, in: bytes, path: "", depth: 0)
        }
        #expect(many.boxCount == 5)
    }

    @Test("the header reader reports a 64-bit size cut off")
    func cutLargeSize() {
        let bytes = B.u32(1) + Array("mdat".utf8) + [0, 0]
        let step = ISOBMFFBoxHeader.read(bytes[...], remaining: bytes.count, at: 7, in: "the file")
        #expect(
            step
                == .problem(
                    SyntaxProblem(
                        .truncated, "box 'mdat' at byte 7 is cut off in its 64-bit size", offset: 7, path: "the file")))
    }
}
