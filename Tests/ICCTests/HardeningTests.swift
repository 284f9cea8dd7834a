import ColorSpaces
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ICC

/// Header decoding pinned field by field, messages that say what is wrong, extreme arguments, and transforms shared
/// between threads.
@Suite("ICC hardening")
struct ICCHardeningTests {
    @Test("the creation date is six big-endian uint16 at bytes 24–35, decoded field by field (§7.2.8)")
    func creationDateFields() throws {
        let date = ICCDateTime(year: 2026, month: 11, day: 23, hour: 18, minute: 5, second: 9)
        let profile = try ICCProfile(colorSpace: .displayP3, creationDate: date)
        #expect(Array(profile.bytes[24..<36]) == [0x07, 0xEA, 0, 11, 0, 23, 0, 18, 0, 5, 0, 9])
        #expect(profile.header.creationDate == [2026, 11, 23, 18, 5, 9])
        // Distinct high and low bytes in every field: a swapped, shifted or misplaced read gives other numbers.
        var bytes = profile.bytes
        bytes.replaceSubrange(24..<36, with: [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C])
        let decoded = try ICCProfile(bytes: bytes).header.creationDate
        #expect(decoded == [0x0102, 0x0304, 0x0506, 0x0708, 0x090A, 0x0B0C])
    }

    @Test("ICCDateTime takes any Int64 without trapping; the floor division is right below the epoch")
    func dateExtremes() {
        #expect(ICCDateTime(secondsSince1970: -1).description == "1969-12-31T23:59:59Z")
        #expect(ICCDateTime(secondsSince1970: -86_400).description == "1969-12-31T00:00:00Z")
        #expect(ICCDateTime(secondsSince1970: -86_401).description == "1969-12-30T23:59:59Z")
        #expect(ICCDateTime(secondsSince1970: 1_795_457_109).description == "2026-11-23T18:05:09Z")
        for seconds in [Int64.min, .min + 1, .max, .max - 1] {
            let date = ICCDateTime(secondsSince1970: seconds)
            #expect((1...12).contains(date.month) && (1...31).contains(date.day) && (0...23).contains(date.hour))
        }
    }

    @Test("a large file that is not a profile is 'not an ICC profile', not 'too large'")
    func signatureBeforeSize() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("icc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let random = directory.appendingPathComponent("random.icc")
        try Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: random)
        #expect(throws: ICCError.wrongSignature(found: ICCSignature(rawValue: 0x3F64_89AE))) {
            try ICCProfile(contentsOf: random, maximumSize: 1000)
        }
        // The same bytes from memory, with a huge size field: the signature is still checked first.
        var bytes = [UInt8](try Data(contentsOf: random))
        bytes.replaceSubrange(0..<4, with: [0xFF, 0xFF, 0xFF, 0xF0])
        #expect(throws: ICCError.wrongSignature(found: ICCSignature(rawValue: 0x3F64_89AE))) {
            try ICCProfile(bytes: bytes, maximumSize: 1000)
        }
        let profile = directory.appendingPathComponent("p3.icc")
        try Data(try ICCProfile(colorSpace: .displayP3).bytes).write(to: profile)
        #expect(throws: ICCError.oversized(size: try ICCProfile(colorSpace: .displayP3).bytes.count, maximum: 100)) {
            try ICCProfile(contentsOf: profile, maximumSize: 100)
        }
        #expect(try ICCProfile(contentsOf: profile).header.colorSpace == .rgbData)
    }

    @Test("unreadable files: a plain reason naming the file, never Foundation's codes")
    func unreadableFiles() throws {
        func message(_ url: URL) -> String {
            do {
                _ = try ICCProfile(contentsOf: url)
                return "read"
            } catch { return error.description }
        }
        let missing = message(URL(fileURLWithPath: "/nonexistent/display.icc"))
        #expect(missing == "cannot read /nonexistent/display.icc: no such file; check the path")
        let folder = message(FileManager.default.temporaryDirectory)
        #expect(folder.hasSuffix("it is a folder; pass an ICC profile (.icc or .icm file)"))
        for text in [missing, folder] {
            #expect(!text.contains("error 2") && !text.contains("NSCocoaErrorDomain") && !text.contains("operation"))
        }
    }

    @Test("capacity errors name the real numbers: negative counts and overflows are not wrapped")
    func capacityMessages() throws {
        let srgb = try ICCProfile(colorSpace: .sRGB)
        let transform = try ICCTransform(from: srgb, to: srgb, sourceLayout: .rgba8, destinationLayout: .rgbaFloat)
        let source = [UInt8](repeating: 0, count: 16)
        var destination = [UInt8](repeating: 0, count: 64)
        func message(_ count: Int) -> String {
            source.withUnsafeBytes { s in
                destination.withUnsafeMutableBytes { d in
                    do throws(ICCError) {
                        try transform.transform(s, into: d, pixelCount: count)
                        return "ok"
                    } catch { return error.description }
                }
            }
        }
        #expect(message(4) == "ok")
        #expect(
            message(-3) == "invalid argument: pixel count -3 is negative; pass the number of pixels to transform (≥ 0)")
        #expect(
            message(.max)
                == "invalid argument: \(Int.max) pixels of \(ICCPixelLayout.rgba8) or \(ICCPixelLayout.rgbaFloat) need "
                + "more bytes than an Int can count; transform fewer pixels per call")
        #expect(
            message(5)
                == "invalid argument: 5 pixels need 20 source bytes (\(ICCPixelLayout.rgba8)) and 80 destination bytes "
                + "(\(ICCPixelLayout.rgbaFloat)); the buffers hold 16 and 64: pass larger buffers or a smaller pixel count"
        )
    }

    @Test("many transforms, each used from many threads at once, give the bytes one thread gives")
    func transformsOnManyThreads() throws {
        let spaces: [ColorSpace] = [.sRGB, .displayP3, .bt2100PQ, .adobeRGB]
        var pixels = [UInt8](repeating: 0, count: 4 * 4096)
        var state: UInt64 = 12_345
        for i in pixels.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        var jobs: [(ICCTransform, [UInt8])] = []
        for a in spaces {
            for b in spaces {
                let transform = try ICCTransform(
                    from: try ICCProfile(colorSpace: a), to: try ICCProfile(colorSpace: b), sourceLayout: .rgba8,
                    destinationLayout: .rgba16)
                jobs.append((transform, try transform.transform(pixels, as: UInt8.self)))
            }
        }
        let failures = Mutex<[String]>([])
        let (input, allJobs) = (pixels, jobs)
        DispatchQueue.concurrentPerform(iterations: allJobs.count * 6) { run in
            let (transform, expected) = allJobs[run % allJobs.count]
            do {
                if try transform.transform(input, as: UInt8.self) != expected {
                    failures.withLock { $0.append("run \(run) differs") }
                }
            } catch {
                failures.withLock { $0.append("run \(run): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }

    /// Found by the ICC fuzz target (a 1.3 s input of 692 bytes): LittleCMS allocates and zeroes an `mluc` tag's records
    /// before checking them against the tag's size. The bridge checks such counts first.
    @Test("tag counts beyond the tag (mluc records, v2 desc text, curv entries) are tag problems, not allocations")
    func tagCounts() throws {
        func patched(_ profile: ICCProfile, _ tag: ICCSignature, at offset: Int, to value: UInt32) throws -> ICCProfile
        {
            let entry = try #require(profile.tag(tag))
            var bytes = profile.bytes
            bytes.setUInt32(value, at: entry.offset + offset)
            return try ICCProfile(bytes: bytes)
        }
        let clock = ContinuousClock()
        let v4 = try ICCProfile(colorSpace: .displayP3)
        let v2 = try ICCProfile(colorSpace: .displayP3, version: .v2_1)
        let pq = try ICCProfile(colorSpace: .bt2100PQ)
        #expect(v4.tag(.descriptionTag)?.typeSignature.description == "mluc")
        #expect(v2.tag(.descriptionTag)?.typeSignature.description == "desc")
        #expect(pq.tag(.redToneCurveTag)?.typeSignature.description == "curv")
        for (profile, tag, offset, words) in [
            (v4, ICCSignature.descriptionTag, 8, "records of 12 bytes"), (v2, .descriptionTag, 8, "bytes of text"),
            (pq, .redToneCurveTag, 8, "curve entries"),
        ] {
            var damaged: ICCProfile?
            let time = try clock.measure { damaged = try patched(profile, tag, at: offset, to: 0x0200_0002) }
            #expect(time < .seconds(1), "\(tag): \(time)")
            let problem = try #require(damaged?.tagProblems.first { $0.tag == tag }, "\(tag)")
            #expect(problem.messages.first?.contains("declares 33554434 \(words)") == true, "\(problem)")
        }
        #expect(try patched(v4, .descriptionTag, at: 8, to: 0x0200_0002).profileDescription == nil)
        #expect(v4.profileDescription?.text == "Display P3" && v4.tagProblems.isEmpty)
    }
}
