import Foundation
import MediaSyntax
import TestSupport
import Testing

@Suite("ISOBMFF sample tables against the file")
struct ISOBMFFSampleTablesTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + payload.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + payload
    }

    static func u32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static let ftyp = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso6".utf8))

    /// A fragmented file: an empty `moov` track, one `moof` whose `trun` has `flags` and `count`, an `mdat` of
    /// `dataBytes`.
    static func fragmented(flags: UInt32, count: UInt32, entries: [UInt8] = [], dataBytes: Int = 64) -> [UInt8] {
        let stbl = box(
            "stbl",
            box("stts", u32(0) + u32(0)) + box("stsc", u32(0) + u32(0)) + box("stsz", u32(0) + u32(0) + u32(0))
                + box("stco", u32(0) + u32(0)))
        let moov = box("moov", box("trak", box("mdia", box("minf", stbl))))
        let trun = box("trun", u32(flags) + u32(count) + entries)
        let moof = box("moof", box("mfhd", u32(0) + u32(1)) + box("traf", box("tfhd", u32(0x20000) + u32(1)) + trun))
        return ftyp + moov + moof + box("mdat", [UInt8](repeating: 0, count: dataBytes))
    }

    static func problem(_ bytes: [UInt8]) throws -> SyntaxProblem? {
        var source = ArrayByteSource(bytes)
        return try ISOBMFFSampleTables.problem(in: &source)
    }

    @Test("tables that fit pass: samples with sizes in the trun, a constant stsz size, empty tables")
    func fitting() throws {
        #expect(
            try Self.problem(Self.fragmented(flags: 0x200, count: 4, entries: (0..<4).flatMap { _ in Self.u32(16) }))
                == nil)
        #expect(try Self.problem(Self.fragmented(flags: 0, count: 40)) == nil)
        let constant = Self.box(
            "moov", Self.box("trak", Self.box("stbl", Self.box("stsz", Self.u32(0) + Self.u32(4) + Self.u32(30)))))
        #expect(try Self.problem(Self.ftyp + constant + Self.box("mdat", [UInt8](repeating: 0, count: 16))) == nil)
    }

    @Test("a trun with more samples than the file has bytes is refused, with its path and offset")
    func trunBomb() throws {
        let bytes = Self.fragmented(flags: 0, count: 83_888_643)
        let problem = try #require(try Self.problem(bytes))
        #expect(problem.path == "moof/traf/trun")
        #expect(problem.message.contains("declares 83888643 samples"))
        #expect(problem.message.contains("file's \(bytes.count) bytes"))
        // Samples add up over fragments: two truns of 150 in a file of about 300 bytes.
        let half = Self.fragmented(flags: 0, count: UInt32(bytes.count / 2 + 1))
        #expect(try Self.problem(half) == nil)
        let two =
            half + Self.box("moof", Self.box("traf", Self.box("trun", Self.u32(0) + Self.u32(UInt32(bytes.count)))))
        #expect(try Self.problem(two)?.path == "moof/traf/trun")
    }

    @Test("a trun whose box runs past its traf and the file is checked as far as it goes")
    func overrunningBoxes() throws {
        var bytes = Self.fragmented(flags: 0, count: 83_888_643, dataBytes: 0)
        let trun = try #require(bytes.indices.first { Array(bytes[$0..<($0 + 4)]) == Array("trun".utf8) }) - 4
        bytes.replaceSubrange(trun..<(trun + 4), with: Self.u32(1_072))  // past the traf, the moof and the file
        #expect(try Self.problem(bytes)?.path == "moof/traf/trun")
        let moof = try #require(bytes.indices.first { Array(bytes[$0..<($0 + 4)]) == Array("moof".utf8) }) - 4
        bytes.replaceSubrange(moof..<(moof + 4), with: Self.u32(100_000))
        #expect(try Self.problem(bytes)?.path == "moof/traf/trun")
    }

    @Test("trak inside trak a hundred thousand deep is not judged past the depth cap, and does not exhaust the stack")
    func deepNesting() throws {
        // Built inside out: 800 kB of nested headers around a trun bomb.
        let nested = Self.box("trun", Self.u32(0) + Self.u32(83_888_643))
        var sizes: [Int] = []
        for _ in 0..<100_000 { sizes.append(nested.count + 8 * (sizes.count + 1)) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(sizes.count * 8 + 32)
        for size in sizes.reversed() { bytes += Self.u32(UInt32(size)) + Array("trak".utf8) }
        bytes += nested
        let moof = Self.u32(UInt32(bytes.count + 8)) + Array("moof".utf8) + bytes
        #expect(try Self.problem(Self.ftyp + moof) == nil)
        // Within the cap the same bomb is found.
        let shallow = Self.box("moof", Self.box("traf", Self.box("trun", Self.u32(0) + Self.u32(83_888_643))))
        #expect(try Self.problem(Self.ftyp + shallow)?.path == "moof/traf/trun")
    }

    @Test("a chunk-offset table whose entries need more bytes than the file is refused; one cut by its box is not")
    func tableBomb() throws {
        let stco = { (count: UInt32) in
            Self.ftyp
                + Self.box(
                    "moov",
                    Self.box(
                        "trak",
                        Self.box(
                            "mdia",
                            Self.box(
                                "minf",
                                Self.box(
                                    "stbl",
                                    Self.box("stco", Self.u32(0) + Self.u32(count) + Self.u32(8)))))))
        }
        #expect(try Self.problem(stco(3)) == nil)  // runs past its box, inside the file: the demuxer's to judge
        let problem = try #require(try Self.problem(stco(0x4000_0000)))
        #expect(problem.path == "moov/trak/mdia/minf/stbl/stco")
        #expect(problem.message.contains("declares 1073741824 entries, which need 4294967304 bytes"))
    }
}

extension ISOBMFFSampleTablesTests {
    /// Every MP4/QuickTime fixture, and the other projects' movies when `make conformance` has fetched them: none is
    /// refused (the rules bound hostile files, not real ones, including `truncated-in-moov.mp4`).
    @Test("no movie fixture or fetched conformance movie is refused")
    func realFiles() throws {
        let roots = [Fixtures.url("movies"), Fixtures.url("../../.build-conformance/movies")]
        var checked = 0
        for root in roots {
            guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in files where ["mp4", "mov", "m4v", "mp4v"].contains(url.pathExtension) {
                var source = try FileByteSource(path: url.path)
                let head = try source.read(at: 0, length: 4096)
                guard let format = MovieSignature.format(of: head), format == .mp4 || format == .mov else { continue }
                #expect(try ISOBMFFSampleTables.problem(in: &source) == nil, "\(url.lastPathComponent)")
                checked += 1
            }
        }
        #expect(checked >= 40)
    }
}
