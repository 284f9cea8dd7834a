import ColorTags
import TagValidation
import Foundation
import Testing

/// A 1 GiB movie costs a few kilobytes of reads: `moov` after a 1 GiB `mdat` that is a file hole (sparse, never
/// written), read through `ColorTagging(contentsOf:)`. This test checks bytes read, not seconds; the timing and the
/// resident memory are measured by `Benchmarks/Benchmarks/ColorTagsBenchmarks` (results in Docs/Performance.md).
@Suite("Movie throughput")
struct MovieThroughputTests {
    /// `x265-pq-hdr10.mp4` (moov last) with `gap` bytes of hole added to its `mdat` before `moov`: the chunk offsets
    /// still point at the real samples at the start of `mdat`.
    static func sparseMovie(gap: Int, at url: URL) throws {
        let bytes = try MovieFixtures.bytes("x265-pq-hdr10.mp4")
        // ftyp (28) + free (8), then mdat at byte 36, then moov.
        let mdatSize = Int(bytes[36]) << 24 | Int(bytes[37]) << 16 | Int(bytes[38]) << 8 | Int(bytes[39])
        let moovStart = 36 + mdatSize
        let newSize = UInt32(mdatSize + gap)
        var head = Array(bytes[0..<moovStart])
        head[36] = UInt8(newSize >> 24)
        head[37] = UInt8((newSize >> 16) & 0xFF)
        head[38] = UInt8((newSize >> 8) & 0xFF)
        head[39] = UInt8(newSize & 0xFF)
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(head)))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(moovStart + gap))  // the hole: nothing is written in between
        try handle.write(contentsOf: Data(bytes[moovStart...]))
    }

    @Test("tags of a sparse 1 GiB MP4 (moov after mdat) come from a few kilobytes of reads")
    func gibibyteMovie() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hdrcolor-sparse-\(UUID().uuidString).mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.sparseMovie(gap: 1 << 30, at: url)
        let tags = try ColorTagging(contentsOf: url)
        #expect(tags.byteCount > 1 << 30)
        #expect(tags.format == .mp4 && tags.primary.effective.transfer == .pq)
        #expect(tags.primary.masteringDisplay.count == 1 && tags.primary.contentLightLevel.count == 1)
        #expect(tags.findings().isEmpty)
        let read = try #require(tags.movie?.bytesRead)
        // 4 KiB signature sniff, three top-level box headers, moov (≈ 600 B) and the first sample (≈ 1.2 KiB).
        #expect(read < 16 * 1024, "read \(read) bytes of a \(tags.byteCount)-byte file")
    }
}
