import ColorSpaces
import Foundation
@testable import ICC
import TestSupport
import Testing

/// Hostile input gives typed errors and never a crash (ICC.1:2022 §7.2 header, §7.3 tag table).
@Suite struct MalformedProfileTests {
    /// A valid profile's bytes (made per test; a failure fails the test instead of crashing the run).
    let valid: [UInt8]

    init() throws { valid = try ICCProfile(colorSpace: .displayP3).bytes }

    @Test func fixturesFailWithTheDocumentedErrors() throws {
        func error(_ name: String) throws -> ICCError? {
            let data = try Fixtures.data("icc/\(name)")
            do {
                _ = try ICCProfile(data: data)
                return nil
            } catch { return error }
        }
        #expect(try error("truncated-header.icc") == .truncated(expected: 132, actual: 100))
        #expect(try error("wrong-signature.icc") == .wrongSignature(found: "acsx"))
        #expect(
            try error("huge-declared-size.icc") == .oversized(size: 0xFFFF_FFF0, maximum: ICCProfile.defaultMaximumSize)
        )
        #expect(try error("huge-tag-count.icc") == .tagCountTooLarge(count: 0x1000_0000, maximum: 0))
        guard case .tagOutOfBounds(let tag, let offset, _, _)? = try error("tag-offset-out-of-bounds.icc") else {
            Issue.record("expected tagOutOfBounds")
            return
        }
        #expect(tag == "desc" && offset == 0xFFFF_FF00)
        let minimal = try ICCProfile(data: try Fixtures.data("icc/minimal-no-tags.icc"))
        #expect(minimal.tags.isEmpty && minimal.colorants == nil && minimal.cicp == nil)
    }

    @Test func emptyAndShortDataAreTruncated() {
        for length in [0, 1, 4, 64, 127, 131] {
            #expect(throws: ICCError.truncated(expected: 132, actual: length)) {
                try ICCProfile(bytes: Array(valid.prefix(length)))
            }
        }
    }

    /// Cutting the data at every tag boundary (and one byte either side) is `truncated`; also declaring the cut
    /// length as the size makes the tags that no longer fit `tagOutOfBounds`.
    @Test func truncatedAtEveryTagBoundary() throws {
        let profile = try ICCProfile(bytes: valid)
        let boundaries = Set(profile.tags.flatMap { [$0.offset, $0.offset + $0.size] })
        for boundary in boundaries.sorted() where boundary < valid.count {
            for cut in [boundary - 1, boundary, boundary + 1] where cut >= 132 && cut < valid.count {
                let bytes = Array(valid.prefix(cut))
                #expect(throws: ICCError.truncated(expected: valid.count, actual: cut)) {
                    try ICCProfile(bytes: bytes)
                }
                var resized = bytes
                resized.setUInt32(UInt32(cut), at: 0)
                #expect(throws: ICCError.self) { try ICCProfile(bytes: resized) }
            }
        }
    }

    @Test func randomLengthsNeverCrash() {
        var random = SplitMix64(state: 2026)
        for _ in 0..<300 {
            let cut = Int.random(in: 0..<valid.count, using: &random)
            var bytes = Array(valid.prefix(cut))
            if cut >= 4, Bool.random(using: &random) { bytes.setUInt32(UInt32(cut), at: 0) }
            #expect(throws: ICCError.self) { try ICCProfile(bytes: bytes) }
        }
    }

    @Test func bogusTagOffsetsSizesAndCounts() throws {
        let count = Int(valid[128...131].reduce(0) { $0 << 8 | UInt32($1) })
        for index in 0..<count {
            let entry = 132 + 12 * index
            for (field, value) in [(4, UInt32.max), (4, 0), (4, 130), (8, UInt32.max), (8, 0), (8, 3)] {
                var bytes = valid
                bytes.setUInt32(value, at: entry + field)
                #expect(throws: ICCError.self) { try ICCProfile(bytes: bytes) }
            }
        }
        for tagCount in [UInt32(count + 1), 1 << 20, UInt32.max] {
            var bytes = valid
            bytes.setUInt32(tagCount, at: 128)
            #expect(throws: ICCError.self) { try ICCProfile(bytes: bytes) }
        }
        var tooSmall = valid
        tooSmall.setUInt32(100, at: 0)
        #expect(throws: ICCError.invalidDeclaredSize(100)) { try ICCProfile(bytes: tooSmall) }
        #expect(throws: ICCError.oversized(size: valid.count, maximum: 200)) {
            try ICCProfile(bytes: valid, maximumSize: 200)
        }
    }

    /// Random byte changes inside the tag data reach LittleCMS: each either loads (values possibly odd, problems
    /// recorded) or fails with an `ICCError`, and never crashes.
    @Test func corruptTagDataNeverCrashes() {
        var random = SplitMix64(state: 7)
        let dataStart = 132 + 12 * 10
        for _ in 0..<250 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: dataStart..<bytes.count, using: &random)] = UInt8.random(
                    in: 0...255, using: &random)
            }
            do {
                let profile = try ICCProfile(bytes: bytes)
                _ = profile.matchingColorSpace()
                _ = profile.consistencyFindings()
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    /// A tag LittleCMS refuses leaves its property nil and is reported (LittleCMS 2.14 logs no message for a tag of
    /// the wrong type, so `messages` may be empty here).
    @Test func undecodableTagsAreReported() throws {
        // Turn the 'desc' tag's type into 'XYZ ', which LittleCMS does not accept for a description.
        var bytes = valid
        let profile = try ICCProfile(bytes: bytes)
        let desc = try #require(profile.tag(.descriptionTag))
        bytes.setUInt32(ICCSignature("XYZ ").rawValue, at: desc.offset)
        let broken = try ICCProfile(bytes: bytes)
        #expect(broken.profileDescription == nil)
        let problem = try #require(broken.tagProblems.first)
        #expect(problem.tag == .descriptionTag)
        #expect(broken.consistencyFindings().contains(.undecodableTag(.descriptionTag, messages: problem.messages)))
    }

    @Test func missingFileIsUnreadable() {
        #expect(throws: ICCError.self) { try ICCProfile(contentsOf: URL(fileURLWithPath: "/nonexistent/x.icc")) }
    }
}
