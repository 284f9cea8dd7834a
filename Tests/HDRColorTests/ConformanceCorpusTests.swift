import ColorTags
import Foundation
import HDRColor
import ImageFiles
import TestSupport
import Testing

/// Other projects' test files and the facts their own tests assert (Tests/Fixtures/conformance/corpus.json, with a
/// citation per fact), checked through the public API. The files are not in this repository (fetched files are not
/// committed): `make conformance-corpus` assembles them into `.build-conformance/corpus` from snapshots of the source
/// repositories; `HDRCOLOR_CONFORMANCE_DIR` names another folder, and `../shared/conformance` is used when present.
/// Without the files the suite is skipped, saying so.
@Suite("Conformance corpus", .enabled(if: ConformanceCorpus.directory != nil, ConformanceCorpus.skipReason))
struct ConformanceCorpusTests {
    static let corpus = ConformanceCorpus.manifest

    @Test("every file is present with the recorded size and SHA-256")
    func filesArePresent() throws {
        let corpus = try #require(Self.corpus)
        for file in corpus.files {
            let bytes = try ConformanceCorpus.bytes(file.path)
            #expect(bytes.count == file.byteCount, "\(file.path)")
            #expect(SHA256.hex(bytes) == file.sha256, "\(file.path)")
        }
    }

    @Test("every typed fact holds", arguments: ConformanceCorpus.manifest?.files ?? [])
    func facts(of file: ConformanceCorpus.File) throws {
        for fact in file.facts where fact.kind != "other" {
            try ConformanceCorpus.check(fact, of: file)
        }
    }

    @Test("validate's verdict per file: clean files draw no warning or error, corrupt ones an error")
    func verdicts() throws {
        let corpus = try #require(Self.corpus)
        for file in corpus.files {
            guard let verdict = file.verdict else { continue }
            let url = ConformanceCorpus.url(file.path)
            let findings: [Finding]
            do { findings = try ColorTagging(contentsOf: url).findings() } catch {
                #expect(verdict == "unreadable", "\(file.path): \(error)")
                continue
            }
            let worst = findings.map(\.severity).max()
            switch verdict {
            case "clean":
                #expect(worst.map { $0 < .warning } ?? true, "\(file.path): \(findings.map(\.rule))")
            case "warning": #expect(worst == .warning, "\(file.path): \(findings.map(\.rule))")
            case "error": #expect(worst == .error, "\(file.path): \(findings.map(\.rule))")
            default: Issue.record("\(file.path): verdict \(verdict) is not clean, warning, error or unreadable")
            }
        }
    }
}

/// The manifest and the checks of each fact kind.
enum ConformanceCorpus {
    struct Manifest: Decodable {
        var schema: Int
        var files: [File]
    }

    struct File: Decodable, Sendable, CustomTestStringConvertible {
        var path: String
        var byteCount: Int
        var sha256: String
        var verdict: String?
        var facts: [Fact]
        var testDescription: String { path }
    }

    struct Fact: Decodable, Sendable {
        var kind: String
        var expected: JSON
        var tolerance: Double?
        var citation: Citation
        /// Where HDRColor does otherwise on purpose, what it does instead and why.
        var ours: Divergence?

        enum CodingKeys: String, CodingKey {
            case kind = "fact"
            case expected, tolerance, citation, ours
        }
    }

    /// A documented divergence from the upstream assertion: `base-with-warning` (the file decodes, shows its base and
    /// says why; validate reports `rule`), `applied-with-finding` (the gain map is applied; validate reports `rule`) or
    /// `unsupported` (a layout not read yet: reading fails with an error naming it).
    struct Divergence: Decodable, Sendable {
        var behaviour: String
        var rule: String
        var why: String
    }

    struct Citation: Decodable, Sendable {
        var path: String
        var line: Int
        var quote: String
        var source: String?
    }

    /// Where the files are, or nil: `HDRCOLOR_CONFORMANCE_DIR`, `.build-conformance/corpus` (all of the project's
    /// manifest), or `../shared/conformance/images` (the redistributable part, with a `corpus.json` of its own).
    static let directory: URL? = {
        let root = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["HDRCOLOR_CONFORMANCE_DIR"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        candidates.append(root.appendingPathComponent(".build-conformance/corpus"))
        candidates.append(root.deletingLastPathComponent().appendingPathComponent("shared/conformance/images"))
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("libavif").path)
        }
    }()

    static let skipReason: Comment =
        "the conformance corpus is not here: run `make conformance-corpus` (needs the fetched source snapshots) or set HDRCOLOR_CONFORMANCE_DIR"

    /// The manifest of the files here, loaded once.
    static let manifest = load()

    /// The project's manifest (Tests/Fixtures/conformance/corpus.json), narrowed to the files the folder's own
    /// `corpus.json` lists when it has one (the redistributable subset); the files left out are printed.
    static func load() -> Manifest? {
        guard let data = try? Fixtures.data("conformance/corpus.json"),
            var manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return nil }
        guard let directory, let local = try? Data(contentsOf: directory.appendingPathComponent("corpus.json")),
            let present = try? JSONDecoder().decode(Listing.self, from: local)
        else { return manifest }
        let listed = Set(present.files.map(\.path))
        let absent = manifest.files.map(\.path).filter { !listed.contains($0) }
        manifest.files.removeAll { !listed.contains($0.path) }
        if !absent.isEmpty {
            print(
                "conformance: \(directory.path) holds \(manifest.files.count) of the manifest's files; not there "
                    + "(licences that forbid redistribution): \(absent.joined(separator: ", "))")
        }
        return manifest
    }

    /// A folder's own listing: the paths it holds.
    struct Listing: Decodable {
        struct Entry: Decodable { var path: String }
        var files: [Entry]
    }

    static func url(_ path: String) -> URL { (directory ?? Fixtures.directory).appendingPathComponent(path) }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(path))) }

    /// A message naming the fact and its citation.
    static func origin(_ fact: Fact, _ file: File) -> Comment {
        "\(file.path): \(fact.kind) (\(fact.citation.source.map { "\($0) " } ?? "")\(fact.citation.path):\(fact.citation.line) \"\(fact.citation.quote)\")"
    }

    static func check(_ fact: Fact, of file: File) throws {
        let url = url(file.path)
        let why = origin(fact, file)
        let expected = fact.expected
        if let ours = fact.ours, ours.behaviour == "unsupported" {
            do {
                _ = try ColorTagging(contentsOf: url)
                Issue.record("read although documented as unsupported; \(why)")
            } catch { #expect("\(error)".contains("'mini' box"), "\(error); \(why)") }
            return
        }
        if let ours = fact.ours {
            let image = try ImageFile.read(contentsOf: url)
            let findings = try ColorTagging(contentsOf: url).findings().map(\.rule.rawValue)
            #expect(findings.contains(ours.rule), "\(findings); ours: \(ours.why); \(why)")
            switch ours.behaviour {
            case "base-with-warning": #expect(image.gainMap?.weight == nil && !image.warnings.isEmpty, why)
            case "applied-with-finding": #expect(abs(image.gainMap?.weight ?? 0) == 1, why)
            default: Issue.record("unknown divergence \(ours.behaviour); \(why)")
            }
            return
        }
        switch fact.kind {
        case "size":
            let image = try ImageFile.read(contentsOf: url, options: ImageReadOptions(gainMap: .base))
            #expect(image.width == expected["width"]?.int && image.height == expected["height"]?.int, why)
        case "gainMapSize":
            let image = try ImageFile.read(contentsOf: url, options: ImageReadOptions(gainMap: .base))
            let gainMap = try #require(image.gainMap, why)
            #expect(gainMap.gainMapWidth == expected["width"]?.int, why)
            #expect(gainMap.gainMapHeight == expected["height"]?.int, why)
        case "gainMapMetadata":
            let image = try ImageFile.read(contentsOf: url, options: ImageReadOptions(gainMap: .base))
            let m = try #require(image.gainMap?.metadata, why)
            let tolerance = fact.tolerance ?? 1e-6
            let vectors: [(String, SIMD3<Double>)] = [
                ("gainMapMin", m.gainMapMin), ("gainMapMax", m.gainMapMax), ("gamma", m.gamma),
                ("baseOffset", m.baseOffset), ("alternateOffset", m.alternateOffset),
            ]
            for (name, value) in vectors {
                guard let want = expected[name]?.doubles, want.count == 3 else { continue }
                for c in 0..<3 { #expect(abs(value[c] - want[c]) <= tolerance, "\(name)[\(c)] = \(value[c]); \(why)") }
            }
            for (name, value) in [("baseHeadroom", m.baseHeadroom), ("alternateHeadroom", m.alternateHeadroom)] {
                guard let want = expected[name]?.double else { continue }
                #expect(abs(value - want) <= tolerance, "\(name) = \(value); \(why)")
            }
        case "noGainMap":
            let image = try ImageFile.read(contentsOf: url)
            #expect(image.gainMap == nil || image.gainMap?.weight == nil, why)
            #expect(!image.hasUnrenderedGainMap, why)
        case "cicp":
            let tags = try ColorTagging(contentsOf: url)
            let cicp = try #require(tags.primary.effective.cicp, why)
            #expect("\(cicp)" == expected.string, why)
        case "bitDepth":
            let image = try ImageFile.read(contentsOf: url, options: ImageReadOptions(gainMap: .base))
            #expect(image.codedBitDepth == expected.int, why)
        case "contentLightLevel":
            let image = try ImageFile.read(contentsOf: url, options: ImageReadOptions(gainMap: .base))
            let level = try #require(image.contentLightLevel, why)
            #expect(level.maxContentLightLevel == expected["maxCLL"]?.double, why)
            #expect(level.maxFrameAverageLightLevel == expected["maxFALL"]?.double, why)
        case "masteringDisplay":
            let image = try ImageFile.read(contentsOf: url, options: ImageReadOptions(gainMap: .base))
            let display = try #require(image.masteringDisplay, why)
            if let peak = expected["maxLuminance"]?.double { #expect(abs(display.maximumLuminance - peak) < 1e-3, why) }
            if let black = expected["minLuminance"]?.double {
                #expect(abs(display.minimumLuminance - black) < 1e-6, why)
            }
        case "hasAlpha":
            let tags = try ColorTagging(contentsOf: url)
            #expect(hasAlpha(tags) == expected.bool, why)
        case "decodeFails":
            #expect(throws: (any Error).self, why) { try ImageFile.read(contentsOf: url) }
        case "corrupt":
            do {
                let findings = try ColorTagging(contentsOf: url).findings()
                #expect(findings.contains { $0.severity == .error }, why)
            } catch {}  // unreadable is a verdict too
        case "psnr":
            let reference = try #require(expected["reference"]?.string, why)
            let minimum = try #require(expected["minimumDB"]?.double, why)
            let headroom = expected["displayHeadroom"]?.double
            let domain = expected["domain"]?.string ?? "srgb"
            let db = try psnr(file.path, reference, displayHeadroom: headroom, domain: domain)
            #expect(db >= minimum, "\(db) dB; \(why)")
        case "avifdecAgreesDB":
            // avifdec's PNG carries no colour chunk; it holds the AVIF's own R′G′B′ signal (the README says so).
            let reference = try #require(expected["reference"]?.string, why)
            let minimum = try #require(expected["minimumDB"]?.double, why)
            let db = try psnr(file.path, reference, displayHeadroom: nil, domain: "signal")
            #expect(db >= minimum, "\(db) dB; \(why)")
        default:
            Issue.record("unknown fact kind \(fact.kind); \(why)")
        }
    }

    /// Whether the tags show an alpha channel: PNG colour types 4 and 6, a HEIF/AVIF alpha auxiliary image.
    static func hasAlpha(_ tags: ColorTagging) -> Bool {
        if let type = tags.primary.pngColorType { return type == 4 || type == 6 }
        return tags.images.contains {
            if case .auxiliary(let type) = $0.role { return type.contains("alpha") || type.hasSuffix("auxid:1") }
            return false
        }
    }

    /// PSNR in dB over Y′CbCr (BT.601) of `path` (rendered for `displayHeadroom` when given, else its base) against
    /// `reference` (its base), both converted to RGB float in `domain`: "pq" (BT.2100 PQ signal), "srgb" (sRGB signal), "linear" (extended
    /// linear sRGB, peak 1 taken as the signal's full scale) or "signal" (`path`'s own colour space, the reference's
    /// pixels taken to be in it).
    static func psnr(_ path: String, _ reference: String, displayHeadroom: Double?, domain: String) throws -> Double {
        let rendering: GainMapRendering = displayHeadroom.map { .displayHeadroom($0) } ?? .base
        let a = try ImageFile.read(contentsOf: url(path), options: ImageReadOptions(gainMap: rendering))
        var b = try ImageFile.read(contentsOf: url(reference), options: ImageReadOptions(gainMap: .base))
        let space: ColorSpace
        switch domain {
        case "pq": space = .bt2100PQ
        case "linear": space = .extendedLinearSRGB
        case "signal":
            space = a.encoding.colorSpace
            b.encoding.colorSpace = space
        default: space = .sRGB
        }
        var options = PixelConverter.Options()
        options.gamut = .clip
        let target = PixelEncoding(format: .rgbaFloat, colorSpace: space)
        let x = try PixelConverter(from: a.encoding, to: target, options: options).convert(a.pixels)
        let y = try PixelConverter(from: b.encoding, to: target, options: options).convert(b.pixels)
        guard x.width == y.width, x.height == y.height else { return -.infinity }
        // Over Y′, Cb, Cr (BT.601, the matrix of libavif's test files), as libavif's testutil::GetPsnr measures.
        let matrix = YCbCrMatrix.bt601.rgbToYCbCr!
        var sum = 0.0
        var count = 0.0
        x.withView { xv in
            y.withView { yv in
                for row in 0..<xv.height {
                    let p = xv.plane(0).row(row, as: Float.self)
                    let q = yv.plane(0).row(row, as: Float.self)
                    for i in stride(from: 0, to: 4 * xv.width, by: 4) {
                        func clamped(_ row: UnsafeBufferPointer<Float>) -> SIMD3<Double> {
                            SIMD3((0..<3).map { Double(min(max(row[i + $0], 0), 1)) })
                        }
                        let d = matrix * clamped(p) - matrix * clamped(q)
                        sum += (d * d).sum()
                        count += 3
                    }
                }
            }
        }
        let mse = sum / max(count, 1)
        return mse == 0 ? .infinity : 10 * log10(1 / mse)
    }
}

/// A JSON value of the manifest's `expected` fields.
enum JSON: Decodable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSON])
    case object([String: JSON])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }
    var int: Int? { double.flatMap { Int(exactly: $0) } }
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }
    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
    var doubles: [Double]? {
        if case .array(let values) = self { return values.compactMap(\.double) }
        return nil
    }
}

/// SHA-256 (FIPS 180-4), for checking that corpus files are the ones the manifest describes.
enum SHA256 {
    static func hex(_ message: [UInt8]) -> String {
        let k: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
            0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
            0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
            0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
            0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
            0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
            0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
            0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
        ]
        var h: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        var data = message + [0x80]
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                w[i] = (0..<4).reduce(0) { $0 << 8 | UInt32(data[chunk + 4 * i + $1]) }
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, v) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ v }
        }
        return h.map { String($0, radix: 16).leftPadded(8) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
