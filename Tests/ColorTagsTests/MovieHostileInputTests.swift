import ColorTags
import Foundation
import Testing

/// Hostile and broken movies built here: impossible sizes, limits, missing structures, offsets outside the file.
/// Every case ends in tags with problems or a typed error, never a trap, and never reads more than it must.
@Suite("Movie hostile input")
struct MovieHostileInputTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = 8 + payload.count
        return [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + payload
    }

    static let ftyp = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2mp41".utf8))

    static func offset(of type: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(type.utf8)
        return (4..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == pattern }.map { $0 - 4 }
    }

    @Test("a FIFO, a folder or a device named like a movie is refused with the reason, never opened or waited on")
    func nonRegularFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("IMG_0421.MOV")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let directory = folder.appendingPathComponent("clip.mp4")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cases = [(fifo, "FIFO"), (directory, "folder"), (URL(fileURLWithPath: "/dev/zero"), "device")]
        for (url, word) in cases {
            do {
                _ = try ColorTagging(contentsOf: url)
                Issue.record("\(url.path) was read")
            } catch {
                guard case .unreadableFile(_, let reason) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(reason.contains(word), "\(reason)")
            }
        }
    }

    @Test("a moov with a 64-bit size of 2^62 is a truncation problem, read as far as the file goes")
    func absurdSize() throws {
        let bytes = try MovieFixtures.bytes("x265-pq-hdr10-faststart.mp4")
        var patched = bytes
        let moov = try #require(Self.offset(of: "moov", in: bytes))
        // Turn the moov header into a 64-bit size header: size 1, type, largesize 2^62 (overwriting 8 payload bytes
        // that belong to mvhd's header: the walk inside then reports its own damage).
        patched.replaceSubrange(moov..<(moov + 4), with: [0, 0, 0, 1])
        patched.replaceSubrange((moov + 8)..<(moov + 16), with: [0x40, 0, 0, 0, 0, 0, 0, 0])
        let tags = try ColorTagging(bytes: patched)
        #expect(tags.problems.contains { $0.rule == .truncated })
        #expect(tags.movie?.bytesRead ?? .max < 2 * bytes.count)
    }

    @Test("a moov larger than maximumMovieBoxSize is a limit error naming the box")
    func moovLimit() throws {
        do {
            _ = try MovieFixtures.tags("x265-pq-hdr10.mp4", limits: ReadLimits(maximumMovieBoxSize: 512))
            Issue.record("no limit error")
        } catch {
            guard case .limitExceeded(let what, 512) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(what.contains("'moov' box"))
        }
    }

    @Test("many top-level boxes before moov hit maximumBoxCount")
    func boxCount() throws {
        let frees = (0..<200).flatMap { _ in Self.box("free", []) }
        let bytes = Self.ftyp + frees + (try MovieFixtures.bytes("x265-pq-hdr10.mp4")).dropFirst(36)
        #expect(throws: ColorTagsError.self) {
            try ColorTagging(bytes: bytes, limits: ReadLimits(maximumBoxCount: 100))
        }
    }

    @Test("no moov, or no Tracks: a malformed-file error that says what is missing")
    func missingTrackList() throws {
        do {
            _ = try ColorTagging(bytes: Self.ftyp + Self.box("mdat", [1, 2, 3]))
            Issue.record("read without moov")
        } catch {
            #expect(error.description.contains("no 'moov' box"))
        }
        let ebml: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x84, 0x42, 0x82, 0x81, 0x61]
        let segment: [UInt8] = [0x18, 0x53, 0x80, 0x67, 0x83, 0xEC, 0x81, 0x00]  // a Void inside
        #expect(throws: ColorTagsError.self) { try ColorTagging(bytes: ebml + segment) }
        #expect(throws: ColorTagsError.self) { try ColorTagging(bytes: [0x1A, 0x45, 0xDF, 0xA3, 0x00, 0xFF]) }
    }

    @Test("a Cluster of unknown size before Tracks, with no SeekHead: the track list is reported missing")
    func unknownSizeCluster() throws {
        let ebml: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x84, 0x42, 0x82, 0x81, 0x61]
        let segment: [UInt8] = [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        let cluster: [UInt8] = [0x1F, 0x43, 0xB6, 0x75, 0xFF, 0xE7, 0x81, 0x00]
        #expect(throws: ColorTagsError.self) { try ColorTagging(bytes: ebml + segment + cluster) }
    }

    @Test("a first sample whose chunk offset lies beyond the file is a truncation problem, not a read past the end")
    func sampleOutsideFile() throws {
        var bytes = try MovieFixtures.bytes("x265-pq-hdr10.mp4")
        let stco = try #require(Self.offset(of: "stco", in: bytes))
        bytes.replaceSubrange((stco + 16)..<(stco + 20), with: [0x7F, 0xFF, 0xFF, 0x00])
        let tags = try ColorTagging(bytes: bytes)
        #expect(tags.problems.contains { $0.rule == .truncated && $0.message.contains("first sample") })
        #expect(tags.primary.effective.transfer == .pq)  // the colour still comes from colr and hvcC
        #expect(tags.primary.video?.firstSample == nil)  // FuzzMovie: recorded as read, outside the file
    }

    @Test("an SPS with an out-of-range count stops there with a problem naming the element")
    func brokenSPS() throws {
        // The hvcC of x265-pq-hdr10.mp4 with its SPS cut after 12 bytes (the NAL length patched to match).
        var bytes = try MovieFixtures.bytes("x265-pq-hdr10.mp4")
        let hvcC = try #require(Self.offset(of: "hvcC", in: bytes))
        // Find the SPS NAL (type 33: header byte 0x42) in the arrays and shorten its declared length.
        var position = hvcC + 8 + 23
        var patched = false
        for _ in 0..<Int(bytes[hvcC + 8 + 22]) {
            let type = bytes[position] & 0x3F
            let count = Int(bytes[position + 1]) << 8 | Int(bytes[position + 2])
            position += 3
            for _ in 0..<count {
                let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
                if type == 33, !patched {
                    // Overwrite the SPS body after 12 bytes with a filler NAL's worth of 0xFF: the ue() reads fail.
                    for i in (position + 2 + 12)..<(position + 2 + length) { bytes[i] = 0xFF }
                    patched = true
                }
                position += 2 + length
            }
        }
        #expect(patched)
        let tags = try ColorTagging(bytes: bytes)
        let problem = try #require(tags.problems.first { $0.rule == .malformed })
        #expect(problem.message.contains("HEVC sequence parameter set") && problem.imageIndex == 0)
        #expect(tags.primary.cicp(from: .hevcVUI) == nil && tags.primary.cicp(from: .nclx) != nil)
    }

    @Test("random bytes behind either signature end in a typed error or tags, for every length up to 64")
    func shortInputs() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 0...64 {
            var tail: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                tail.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            for head in [Self.ftyp, [0x1A, 0x45, 0xDF, 0xA3]] {
                if let tags = try? ColorTagging(bytes: head + tail) { #expect(!tags.images.isEmpty) }
            }
        }
    }
}
