import ColorTags
import TagValidation
import Foundation
import ICC
import SignalCoding
import TestSupport
import Testing

/// Hand-built hostile files: declared sizes beyond the limits, and structures that point into themselves so that a
/// naive reader does work proportional to the square of the file size (or allocates without bound).
@Suite("Hostile input")
struct HostileInputTests {
    // MARK: Builders

    static func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    static func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v) }

    /// CRC-32 (ISO 3309) as PNG uses it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return u32(data.count) + body + u32(Int(crc32(body)))
    }

    static func png(width: Int, height: Int, extra: [UInt8] = []) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + pngChunk("IHDR", u32(width) + u32(height) + [8, 6, 0, 0, 0]) + extra + pngChunk("IDAT", [])
            + pngChunk("IEND", [])
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        u32(8 + payload.count) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(u32(flags).dropFirst()) + payload)
    }

    /// A HEIF file: `ftyp`, then `meta` with `pitm` (item 1), `iinf` listing `items`, `iprp` with `properties` and an
    /// `ipma` payload, and optional `iloc`; then `trailer` (e.g. an `mdat`).
    static func heif(
        items: [(id: Int, type: String)], properties: [[UInt8]], ipma: [UInt8], iloc: [UInt8]? = nil,
        trailer: [UInt8] = []
    ) -> [UInt8] {
        let infes = items.flatMap { fullBox("infe", version: 2, u16($0.id) + u16(0) + Array($0.type.utf8) + [0]) }
        var meta = fullBox("pitm", u16(1)) + fullBox("iinf", u16(items.count) + infes)
        meta += box("iprp", box("ipco", properties.flatMap { $0 }) + fullBox("ipma", ipma))
        if let iloc { meta += iloc }
        return box("ftyp", Array("heic".utf8) + u32(0) + Array("mif1heic".utf8)) + fullBox("meta", meta) + trailer
    }

    /// A hang guard, not a speed measurement: inputs that took minutes to hours before their fix must finish within
    /// it. A debug build reads each in well under a second; ASan and TSan builds on a loaded 2-core machine took up
    /// to 8 s, so the guard leaves room for those and still fails a regression to the old behaviour.
    static let linearTime = Duration.seconds(60)

    static func elapsed(_ body: () throws -> Void) rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    // MARK: PNG

    @Test("cICP with MatrixCoefficients 1 is flagged; the writer and `tag` refuse it")
    func pngMatrixOne() throws {
        let clean = try Corpus.bytes("png/pq-16bit-clean.png")
        let cicp = Self.pngChunk("cICP", [9, 16, 1, 1])
        let tags = try ColorTagging(bytes: Self.png(width: 4, height: 4, extra: cicp))
        #expect(tags.findings().map(\.rule).contains(.pngCICPMatrix))
        let identity = try ColorTagging(
            bytes: Self.png(width: 4, height: 4, extra: Self.pngChunk("cICP", [9, 16, 0, 1])))
        #expect(!identity.findings().map(\.rule).contains(.pngCICPMatrix))
        #expect(throws: ColorTagsError.self) {
            try PNGTagWriter.applying(
                PNGTagEdit(
                    cicp: CICP(
                        colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 1, videoFullRange: true)),
                to: clean)
        }
    }

    @Test("image dimensions beyond the pixel limit are an explicit error; impossible PNG sizes are problems")
    func dimensions() throws {
        let huge = Self.png(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)
        #expect(
            throws: ColorTagsError.limitExceeded(
                "PNG image dimensions 2147483647×2147483647 (4611686014132420609 pixels)", limit: 1 << 32)
        ) { try ColorTagging(bytes: huge) }
        let tags = try ColorTagging(bytes: huge, limits: ReadLimits(maximumPixelCount: .max))
        #expect(tags.primary.width == 0x7FFF_FFFF && tags.problems.isEmpty)
        #expect(throws: ColorTagsError.limitExceeded("PNG image dimensions 100×100 (10000 pixels)", limit: 9_999)) {
            try ColorTagging(bytes: Self.png(width: 100, height: 100), limits: ReadLimits(maximumPixelCount: 9_999))
        }
        for (width, height) in [(0, 5), (5, 0), (0x8000_0000, 1), (0xFFFF_FFFF, 1)] {
            let tags = try ColorTagging(bytes: Self.png(width: width, height: height))
            #expect(tags.problems.map(\.rule) == [.malformed], "\(width)×\(height)")
            #expect(tags.problems.first?.message.contains("PNG allows 1 to 2147483647") == true)
        }
        // JPEG and HEIF fixtures report their sizes under the default limit and fail under a tiny one.
        for name in ["jpeg/ultrahdr-iso-and-xmp.jpg", "avif/avifenc-pq-10bit.avif"] {
            #expect(try Corpus.tags(name).primary.width != nil, "\(name)")
            #expect(throws: ColorTagsError.self, "\(name)") {
                try Corpus.tags(name, limits: ReadLimits(maximumPixelCount: 1))
            }
        }
    }

    @Test("every limit is an explicit error naming the quantity")
    func everyLimit() throws {
        func limitError(_ name: String, _ limits: ReadLimits) -> (String, Int)? {
            do {
                _ = try Corpus.tags(name, limits: limits)
                return nil
            } catch {
                guard case .limitExceeded(let what, let limit) = error else { return nil }
                return (what, limit)
            }
        }
        let depth = try #require(limitError("heif/nclx-pq-10bit.heic", ReadLimits(maximumBoxDepth: 1)))
        #expect(depth.0.hasPrefix("ISOBMFF box nesting deeper than 1") && depth.1 == 1)
        let segments = try #require(limitError("jpeg/ultrahdr-iso-and-xmp.jpg", ReadLimits(maximumSegmentCount: 2)))
        #expect(segments.0 == "JPEG segment count above 2" && segments.1 == 2)
        let size = try #require(limitError("png/pq-16bit-clean.png", ReadLimits(maximumFileSize: 100)))
        #expect(size.0.hasPrefix("file size ") && size.1 == 100)
        let inflated = try #require(limitError("png/iccp-pq-true-curves.png", ReadLimits(maximumDecompressedSize: 100)))
        #expect(inflated.0 == "iCCP profile inflating to more than 100 bytes" && inflated.1 == 100)
    }

    // MARK: JPEG

    /// A JPEG whose MPF index lists `entries` images, all at one secondary SOI followed by `fill` bytes of 0xFF:
    /// every walk from an entry scans the whole fill run.
    static func jpegWithOverlappingMPF(entries: Int, fill: Int) -> [UInt8] {
        // SOI, APP2 MPF (TIFF header, IFD with NumberOfImages and MPEntry), SOS; then the secondary image.
        let ifdEntries = 2
        let entryDataOffset = 8 + 2 + 12 * ifdEntries + 4
        var tiff = [0x4D, 0x4D, 0x00, 0x2A] + u32(8) + u16(ifdEntries)
        tiff += u16(0xB001) + u16(4) + u32(1) + u32(entries)
        tiff += u16(0xB002) + u16(7) + u32(16 * entries) + u32(entryDataOffset)
        tiff += u32(0)
        let segmentStart = 2 + 4  // SOI, marker and length
        let tiffStart = segmentStart + 4  // after "MPF\0"
        let payloadLength = 4 + tiff.count + 16 * entries
        let secondary = segmentStart + payloadLength + 4  // after the SOS segment
        for index in 0..<entries {
            let offset = index == 0 ? 0 : secondary - tiffStart
            tiff += u32(0x0002_0000) + u32(1000) + u32(offset) + u16(0) + u16(0)
        }
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE2] + u16(payloadLength + 2) + Array("MPF\0".utf8) + tiff
        bytes += [0xFF, 0xDA] + u16(2)
        bytes += [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: fill) + [0xD9]
        return bytes
    }

    @Test("MPF entries that all lead into one long image are read in linear time, with a problem")
    func overlappingMPF() throws {
        let bytes = Self.jpegWithOverlappingMPF(entries: 4000, fill: 1 << 20)
        var tags: ColorTagging?
        let time = try Self.elapsed { tags = try ColorTagging(bytes: bytes) }
        #expect(time < Self.linearTime, "\(time)")
        let read = try #require(tags)
        #expect(read.gainMap.multiPicture?.value.entries.count == 4000)
        #expect(read.images.count < 10)
        #expect(read.problems.contains { $0.rule == .gainMapMPFInvalid && $0.message.contains("overlap") })
        // The last entry's walk running out of budget is reported too.
        let last = try ColorTagging(bytes: Self.jpegWithOverlappingMPF(entries: 4, fill: 1 << 20))
        #expect(last.problems.contains { $0.rule == .gainMapMPFInvalid && $0.message.contains("MP entry 4") })
        // Two entries into a short image: both read, no problem (the budget does not bite on ordinary files).
        let few = try ColorTagging(bytes: Self.jpegWithOverlappingMPF(entries: 3, fill: 100))
        #expect(few.images.count == 3)
        #expect(!few.problems.contains { $0.message.contains("overlap") })
    }

    // MARK: HEIF

    @Test("an item naming one large ICC property 261 120 times decodes it once")
    func repeatedAssociations() throws {
        var icc = try ICCProfile(colorSpace: .displayP3).bytes
        icc += [UInt8](repeating: 0, count: 256 << 10)  // trailing bytes are kept with the profile
        let colr = Self.box("colr", Array("prof".utf8) + icc)
        // 1024 ipma entries for item 1, each with 255 associations to property 1: 261 120 associations (the reader
        // used to copy the property and parse its profile for each: minutes).
        var ipma = Self.u32(1024)
        for _ in 0..<1024 { ipma += Self.u16(1) + [255] + [UInt8](repeating: 0x81, count: 255) }
        let bytes = Self.heif(items: [(1, "hvc1")], properties: [colr], ipma: ipma)
        var tags: ColorTagging?
        let time = try Self.elapsed { tags = try ColorTagging(bytes: bytes) }
        #expect(time < Self.linearTime, "\(time)")
        let primary = try #require(tags?.primary)
        #expect(primary.iccProfiles.count == 1 && primary.iccProfiles[0].value.profile != nil)
    }

    @Test("a tmap item of 65 535 extents of 1 MiB is not read (1 MiB in all), not a 64 GiB allocation")
    func manyExtents() throws {
        let extents = 65_535
        var iloc = Self.u16(0x4400) + Self.u16(1)  // offset and length 4 bytes, no base offset; one item
        iloc += Self.u16(2) + Self.u16(0) + Self.u16(extents)
        for _ in 0..<extents { iloc += Self.u32(0) + Self.u32(1 << 20) }
        let bytes = Self.heif(
            items: [(1, "hvc1"), (2, "tmap")], properties: [], ipma: Self.u32(0),
            iloc: Self.fullBox("iloc", iloc), trailer: Self.box("mdat", [UInt8](repeating: 0, count: 1 << 20)))
        var tags: ColorTagging?
        let time = try Self.elapsed { tags = try ColorTagging(bytes: bytes) }
        #expect(time < Self.linearTime, "\(time)")
        let read = try #require(tags)
        #expect(read.images.map(\.itemType) == ["hvc1", "tmap"] && read.gainMap.iso == nil)
    }

    /// Found by the ISOBMFF fuzz target (a timeout): with offset and length sizes 0, extents take no bytes, and each
    /// item's 65 535 of them were read one by one (4 096 items: 268 million iterations and 4 GiB of extents).
    @Test("iloc extents of zero bytes are not looped over one by one")
    func zeroSizeExtents() throws {
        let items = 4096
        var iloc = Self.u16(0x0000) + Self.u16(items)  // offset, length and base offset sizes 0
        for id in 1...items { iloc += Self.u16(id) + Self.u16(0) + Self.u16(65_535) }
        let bytes = Self.heif(
            items: [(1, "hvc1"), (2, "tmap")], properties: [], ipma: Self.u32(0), iloc: Self.fullBox("iloc", iloc))
        var tags: ColorTagging?
        let time = try Self.elapsed { tags = try ColorTagging(bytes: bytes) }
        #expect(time < Self.linearTime, "\(time)")
        #expect(tags?.images.count == 2)
        // The fuzzer's input itself (no primary item: a typed error, quickly).
        let found = [UInt8](try Fixtures.data("fuzz/isobmff/iloc-zero-size-extents.heic"))
        let foundTime = Self.elapsed {
            #expect(throws: ColorTagsError.self) { try ColorTagging(bytes: found) }
        }
        #expect(foundTime < Self.linearTime, "\(foundTime)")
    }
}
