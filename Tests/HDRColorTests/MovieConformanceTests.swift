import ColorTags
import Foundation
import MediaSyntax
import TestSupport
import Testing

/// Other projects' movies and streams and the facts their own tests assert (Tests/Fixtures/conformance/movies.json,
/// with a citation per fact), checked through `ColorTagging`. The files are not committed: `make conformance-corpus`
/// assembles them into `.build-conformance/movies` from snapshots of the source repositories, and
/// `HDRCOLOR_MOVIE_CONFORMANCE_DIR` names another folder. Without them the suite is skipped, saying so.
@Suite(
    "Movie conformance corpus",
    .enabled(if: MovieConformance.directory != nil, MovieConformance.skipReason))
struct MovieConformanceTests {
    @Test("every file is present with the recorded size and SHA-256")
    func filesArePresent() throws {
        let manifest = try #require(MovieConformance.manifest)
        for file in manifest.files {
            let bytes = [UInt8](try Data(contentsOf: MovieConformance.url(file.path)))
            #expect(bytes.count == file.byteCount, "\(file.path)")
            #expect(SHA256.hex(bytes) == file.sha256, "\(file.path)")
        }
    }

    @Test("every fact holds", arguments: MovieConformance.manifest?.files.filter { !$0.facts.isEmpty } ?? [])
    func facts(of file: ConformanceCorpus.File) throws {
        let tags = try ColorTagging(contentsOf: MovieConformance.url(file.path))
        let track = try #require(tags.images.first { $0.video != nil }, "\(file.path): no video track")
        let video = try #require(track.video)
        for fact in file.facts {
            let why = ConformanceCorpus.origin(fact, file)
            let expected = fact.expected
            switch fact.kind {
            case "transfer":
                #expect(track.effective.cicp.map { Int($0.transferCharacteristics) } == expected.int, why)
            case "codec": #expect(video.codec.rawValue == expected.string, why)
            case "size":
                #expect(track.width == expected["width"]?.int && track.height == expected["height"]?.int, why)
            case "bitDepth": #expect(track.bitDepth == expected.int, why)
            case "pixelAspectRatio":
                let ratio = try #require(video.pixelAspectRatio?.value, why)
                let value = Double(ratio.horizontal) / Double(ratio.vertical)
                #expect(abs(value - (expected.double ?? .nan)) <= (fact.tolerance ?? 0), why)
            case "dolbyVisionProfile": #expect(video.dolbyVision.map { Int($0.value.profile) } == expected.int, why)
            case "rpuCount":
                // A raw stream's scan counts them; a container's per-frame scan sums them in the RPU summary.
                let count = tags.movie?.scan?.dolbyVisionRPUs ?? video.dolbyVisionRPUSummary?.value.rpus
                #expect(count == expected.int, why)
            case "rpuProfile": #expect(video.dolbyVisionRPUHeader?.value.profileHint == expected.int, why)
            case "frames": #expect(tags.movie?.scan?.frames == expected.int, why)
            case "rpuAV1Reference": try checkAV1Reference(file, expected, why)
            case let kind where kind.hasPrefix("rpu") && kind != "rpuCount" && kind != "rpuProfile":
                try checkRPUFact(kind, expected, fact.tolerance ?? 0, video, why)
            case "hdr10plus":
                guard case .bool(let present) = expected else { throw MovieConformance.FactError.notBoolean(why) }
                #expect((video.hdr10Plus != nil) == present, why)
            case "hdr10plusFrames":
                let summary = try #require(video.hdr10PlusMetadata?.summary, why)
                #expect(
                    summary.framesWithMetadata == expected["frames"]?.int && summary.framesWithoutMetadata == 0, why)
                #expect(summary.sceneCount == expected["scenes"]?.int, why)
            case "hdr10plusFirst": try MovieConformance.checkHDR10PlusFirst(video, expected, why)
            case "hdr10plusScenes":
                let summary = try #require(video.hdr10PlusMetadata?.summary, why)
                let json = HDR10PlusJSON(hevcStream: [UInt8](try Data(contentsOf: MovieConformance.url(file.path))))
                #expect(json.sceneInfoSummary.sceneFirstFrameIndex == expected["firstFrames"]?.ints, why)
                #expect(json.sceneInfoSummary.sceneFrameNumbers == expected["lengths"]?.ints, why)
                #expect(summary.sceneCount == expected["firstFrames"]?.ints?.count, why)
                #expect(summary.profile == expected["profile"]?.string && json.info.profile == summary.profile, why)
            case "hdr10plusJSON":
                // hdr10plus_tool's own export of this stream: equal but for the tool fields; and ours reads back equal.
                let path = try #require(expected.string, why)
                var upstream = try HDR10PlusJSON(json: Data(contentsOf: MovieConformance.url(path)))
                let ours = HDR10PlusJSON(hevcStream: [UInt8](try Data(contentsOf: MovieConformance.url(file.path))))
                upstream.toolInfo = ours.toolInfo
                #expect(ours == upstream, why)
                #expect(try HDR10PlusJSON(json: ours.jsonData) == ours, why)
                #expect(HDR10PlusJSON(frames: ours.frames) == ours, why)
            default: Issue.record("unknown fact kind \(fact.kind); \(why)")
            }
        }
    }

    /// An AV1 ITU-T T.35 RPU message against the HEVC RPU file of the same RPU (start code, escaped RPU), as dovi_tool's
    /// `av1_rpu` tests compare them: the unwrapped RPU, escaped, is the reference's payload, and wrapping it again
    /// gives the message back (dovi_tool's files hold it from the provider code on, without the country code).
    func checkAV1Reference(_ file: ConformanceCorpus.File, _ expected: JSON, _ why: Comment) throws {
        let message = [UInt8](try Data(contentsOf: MovieConformance.url(file.path)))
        let reference = [UInt8](try Data(contentsOf: MovieConformance.url(try #require(expected.string, why))))
        let rpu = try DolbyVisionRPU.unwrapAV1(t35: message)
        #expect(EmulationPrevention.escape(rpu) == Array(reference.dropFirst(4)), why)
        #expect(Array(DolbyVisionRPU.wrapAV1(rpu).dropFirst()) == message, why)
        #expect(try DolbyVisionRPU.parse(unescaped: rpu) == DolbyVisionRPU.parse(reference.dropFirst(4)), why)
    }

    /// A fact about the Dolby Vision RPU summary, in the units dovi_tool's `info --summary` prints (nits).
    func checkRPUFact(
        _ kind: String, _ expected: JSON, _ tolerance: Double, _ video: VideoStreamTags,
        _ why: Comment
    ) throws {
        let rpus = try #require(video.dolbyVisionRPUSummary?.value, why)
        func near(_ value: Double, _ key: String) -> Bool {
            abs(value - (expected[key]?.double ?? .nan)) <= Swift.max(tolerance, 1e-9)
        }
        switch kind {
        case "rpuCRCFailures": #expect(rpus.crcFailures == expected.int, why)
        case "rpuMalformed": #expect(rpus.malformed == expected.int, why)
        case "rpuEnhancementLayer": #expect(rpus.enhancementLayers == [expected.string ?? ""], why)
        case "rpuDMVersion": #expect(rpus.dmVersion == expected.string, why)
        case "rpuShots": #expect(rpus.shots == expected.int, why)
        case "rpuMasteringDisplay":
            let range = try #require(rpus.sourceMasteringPQ.first, why)
            let black = (DolbyVisionRPUSummary.nits(pq: range.lower) * 1e4).rounded() / 1e4
            let peak = (DolbyVisionRPUSummary.nits(pq: range.upper) / 1000).rounded() * 1000
            #expect(rpus.sourceMasteringPQ.count == 1 && near(black, "min") && near(peak, "max"), why)
        case "rpuL1":
            let maxCLL = DolbyVisionRPUSummary.nits(pq: try #require(rpus.maxL1MaxPQ, why))
            let maxFALL = DolbyVisionRPUSummary.nits(pq: try #require(rpus.maxL1AvgPQ, why))
            #expect(near(maxCLL, "maxCLL") && near(maxFALL, "maxFALL"), "\(maxCLL), \(maxFALL); \(why)")
        case "rpuL6":
            let l6 = try #require(rpus.level6.first, why)
            #expect(rpus.level6.count == 1, why)
            #expect(near(l6.masteringMinimum, "min") && near(Double(l6.masteringMaximum), "max"), why)
            #expect(l6.maxCLL == expected["maxCLL"]?.int && l6.maxFALL == expected["maxFALL"]?.int, why)
        case "rpuL2Trims":
            let nits = Set(rpus.l2TargetsPQ.map { Int((DolbyVisionRPUSummary.nits(pq: $0) / 100).rounded()) * 100 })
            #expect(nits.sorted().map(Double.init) == expected.doubles, why)
        default: Issue.record("unknown fact kind \(kind); \(why)")
        }
    }

    @Test("validate's verdict per file: the producers' files draw no error unless the file is really broken")
    func verdicts() throws {
        let manifest = try #require(MovieConformance.manifest)
        for file in manifest.files {
            guard let verdict = file.verdict else { continue }
            let findings = try ColorTagging(contentsOf: MovieConformance.url(file.path)).findings()
            let worst = findings.map(\.severity).max()
            let rules = findings.map { "\($0.rule) (\($0.severity))" }
            switch verdict {
            case "clean": #expect(worst.map { $0 < .warning } ?? true, "\(file.path): \(rules)")
            case "warning": #expect(worst == .warning, "\(file.path): \(rules)")
            case "error": #expect(worst == .error, "\(file.path): \(rules)")
            default: Issue.record("\(file.path): verdict \(verdict) is not clean, warning or error")
            }
        }
    }
}

/// Where the movie corpus is and its manifest.
enum MovieConformance {
    /// The first HDR10+ record's fields against an `hdr10plusFirst` fact.
    static func checkHDR10PlusFirst(_ video: VideoStreamTags, _ expected: JSON, _ why: Comment) throws {
        let first = try #require(video.hdr10PlusMetadata?.first.value, why)
        let window = try #require(first.windows.first, why)
        #expect(first.profile == expected["profile"]?.string, why)
        #expect(first.windows.count == 1, why)
        #expect(Int(first.targetedSystemDisplayMaximumLuminance) == expected["targeted"]?.int, why)
        #expect(Int(window.averageMaxRGB) == expected["averageMaxRGB"]?.int, why)
        #expect(window.maxSCL.map(Int.init) == expected["maxSCL"]?.ints, why)
        #expect(window.distribution.map { Int($0.percentage) } == expected["distributionIndex"]?.ints, why)
        #expect(window.distribution.map { Int($0.value) } == expected["distributionValues"]?.ints, why)
        let curve = try #require(window.toneMapping, why)
        #expect([Int(curve.kneePointX), Int(curve.kneePointY)] == expected["kneePoint"]?.ints, why)
        #expect(curve.anchors.map(Int.init) == expected["anchors"]?.ints, why)
    }

    enum FactError: Error { case notBoolean(Comment) }

    static let directory: URL? = {
        let root = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["HDRCOLOR_MOVIE_CONFORMANCE_DIR"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        candidates.append(root.appendingPathComponent(".build-conformance/movies"))
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("corpus.json").path)
        }
    }()

    static let skipReason: Comment =
        "the movie conformance corpus is not here: run `make conformance-corpus` (needs the fetched source snapshots) or set HDRCOLOR_MOVIE_CONFORMANCE_DIR"

    static let manifest: ConformanceCorpus.Manifest? = {
        guard let data = try? Fixtures.data("conformance/movies.json") else { return nil }
        return try? JSONDecoder().decode(ConformanceCorpus.Manifest.self, from: data)
    }()

    static func url(_ path: String) -> URL { (directory ?? Fixtures.directory).appendingPathComponent(path) }
}

extension JSON {
    /// An array of integers.
    var ints: [Int]? { doubles.map { $0.compactMap { Int(exactly: $0) } } }
}
