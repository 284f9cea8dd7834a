import ColorTags
import TagValidation
import SignalCoding
import Foundation
import TestSupport
import Testing

@Suite("Rules")
struct RuleTests {
    /// Each fixture and the exact rules it fires (notes included). Field-lesson threads are named in the corpus README
    /// and in the rule catalog.
    static let expectations: [(String, Set<RuleID>)] = [
        ("png/pq-16bit-clean.png", []),
        ("png/iccp-pq-true-curves.png", []),
        ("png/cicp-narrow-range.png", [.pngCICPNarrowRange]),  // w3c/png #312
        ("png/cicp-matrix-9.png", [.pngCICPMatrix]),  // libavif PR #2952
        ("png/cicp-reserved.png", [.cicpReservedCode]),
        ("png/cicp-unspecified.png", [.cicpUnspecifiedCode]),
        ("png/cicp-bad-range-byte.png", [.malformed, .untagged]),
        ("png/legacy-mdcv-clli.png", [.pngLegacyChunkName]),  // w3c/png #479
        ("png/mdcv-without-cicp.png", [.pngMDCVWithoutCICP, .untagged]),  // pnggroup/pngcheck PR #38
        ("png/cicp-after-idat.png", [.chunkOrder, .untagged]),
        ("png/duplicate-cicp.png", [.duplicateTag]),
        ("png/bad-crc.png", [.crcMismatch]),
        ("png/truncated.png", [.truncated]),
        ("png/length-4gib.png", [.malformed]),
        ("png/clli-fall-above-cll.png", [.clliInvalid]),
        ("png/mdcv-implausible.png", [.mdcvInvalid]),
        ("png/clli-above-mastering.png", [.clliAboveMastering]),
        ("png/cicp-pq-with-srgb-iccp.png", [.conflictPrimaries, .conflictTransfer]),
        ("png/iccp-cicp-pq-clipping.png", [.iccCICPCurvesClip]),  // mm2/Little-CMS #439
        ("png/iccp-md5-mismatch.png", [.iccProfileIDMismatch]),
        ("png/iccp-not-a-profile.png", [.iccUnparseable, .untagged]),
        ("png/iccp-corrupt-zlib.png", [.malformed, .untagged]),
        ("png/srgb-chunk-with-p3-iccp.png", [.pngICCPWithSRGB, .conflictSRGBICC]),
        ("png/srgb-gama-mismatch.png", [.conflictGammaChromaticities]),
        ("png/untagged.png", [.untagged]),
        ("jpeg/icc-bad-sequence.jpg", [.malformed, .untagged]),
        ("jpeg/ultrahdr-iso-xmp-mismatch.jpg", [.gainMapISOXMPMismatch, .untagged]),  // libultrahdr #393
        ("jpeg/ultrahdr-zero-denominator.jpg", [.gainMapMetadataInvalid, .untagged]),  // libultrahdr PR #449
        ("jpeg/ultrahdr-max-below-min.jpg", [.gainMapMetadataInvalid, .untagged]),
        ("jpeg/ultrahdr-unknown-version.jpg", [.gainMapUnknownVersion, .untagged]),  // libavif PR #2453
        ("jpeg/ultrahdr-mpf-bad-offset.jpg", [.gainMapMPFInvalid, .gainMapMissingImage, .untagged]),  // Exiv2 #3016
        ("jpeg/ultrahdr-mpf-wrong-count.jpg", [.gainMapMPFInvalid, .untagged]),  // libavif PR #1624
        ("jpeg/ultrahdr-heavy-gainmap-icc.jpg", [.gainMapHeavyICC, .untagged]),  // Homebrew/homebrew-core PR #290600
        ("jpeg/ultrahdr-headroom-exceeds-gain.jpg", [.gainMapHeadroomExceedsGain, .untagged]),  // lovell/sharp #4314
        ("jpeg/ultrahdr-ios-trailing-bytes.jpg", [.gainMapTrailingBytes, .untagged]),  // libavif ExtraBytesAfter…
        ("avif/tmap-without-brand-or-altr.avif", [.gainMapTmapIgnored]),  // libavif notmapbrand, wrongaltr
        ("avif/avif-no-colr-limited.avif", [.avifBitstreamOnlyColor, .untagged]),  // av1-avif #84
        ("avif/avif-colr-bitstream-mismatch.avif", [.avifColrBitstreamMismatch]),  // ComplianceWarden #36
        ("heif/colr-duplicate-nclx.heic", [.heifColrDuplicate]),  // av1-avif #164
        ("heif/nclx-pq-with-srgb-prof.heic", [.conflictPrimaries, .conflictTransfer]),
        ("heif/largesize-absurd.heic", [.truncated]),
        ("heif/nclx-rgb-narrow.heic", [.cicpNarrowRangeRGB]),
        ("png/cicp-hlg-vs-icc-pq-tag.png", [.conflictCICPTag, .conflictTransfer]),
        ("png/iccp-cicp-in-v42.png", [.iccCICPTagInvalid]),
        ("png/iccp-undecodable-trc.png", [.iccUndecodableTag]),
        ("../icc/srgb-curves-cicp-pq.icc", [.iccCICPPrimariesMismatch, .iccCICPTransferMismatch]),
    ]

    @Test("each fixture fires exactly its rules", arguments: expectations)
    func fixtureFires(_ name: String, _ expected: Set<RuleID>) throws {
        #expect(try Corpus.rules(name) == expected)
    }

    @Test("every rule in the catalog that a file can fire is fired by some fixture")
    func catalogCoverage() throws {
        var fired: Set<RuleID> = []
        for (name, _) in Self.expectations { fired.formUnion(try Corpus.rules(name)) }
        fired.formUnion(try Corpus.rules("png/p3-cicp-8bit.png", ValidationOptions(requirements: [.sRGB])))
        for requirement in Requirement.allCases {
            fired.formUnion(try Corpus.rules("png/untagged.png", ValidationOptions(requirements: [requirement])))
        }
        fired.formUnion(
            try Corpus.tags("png/pq-16bit-clean.png").changes(from: Corpus.tags("png/srgb-cicp-8bit.png")).map(\.rule))
        fired.formUnion(
            try Corpus.tags("png/pq-16bit-clean.png").changes(from: Corpus.tags("png/cicp-narrow-range.png")).map(
                \.rule))
        fired.formUnion(
            try Corpus.tags("png/srgb-cicp-8bit.png").changes(from: Corpus.tags("png/pq-16bit-clean.png")).map(\.rule))
        fired.formUnion(try MovieFixtures.firedRules())  // the video rules, on Tests/Fixtures/movies
        fired.formUnion(Validator().validate(file: "/nonexistent/a.png").findings.map(\.rule))
        let unfired = Set(ValidationRule.all.map(\.id)).subtracting(fired)
        #expect(unfired.isEmpty, "rules no fixture fires: \(unfired.sorted())")
    }

    @Test("rule catalog: unique ids, a fix, a source and the reason for its severity for each")
    func catalog() {
        let ids = ValidationRule.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in ValidationRule.all {
            #expect(!rule.fix.isEmpty && !rule.reference.isEmpty && !rule.title.isEmpty, "\(rule.id)")
            #expect(rule.severityReason.count > 40, "\(rule.id) states no reason for its severity")
        }
    }

    @Test("every rule id is documented in the Colour-tag rules article")
    func documented() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/HDRColor/HDRColor.docc/ColourTagRules.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        for rule in ValidationRule.all {
            #expect(text.contains("`\(rule.id)`"), "\(rule.id) missing from ColourTagRules.md")
            #expect(
                text.contains(rule.severityReason.replacingOccurrences(of: "|", with: "\\|")), "\(rule.id)'s reason")
            #expect(text.contains(rule.title.replacingOccurrences(of: "|", with: "\\|")), "\(rule.id)'s title is stale")
        }
    }

    @Test("disabling and re-weighing rules")
    func weighing() throws {
        let tags = try Corpus.tags("png/cicp-narrow-range.png")
        #expect(tags.findings(options: ValidationOptions(disabledRules: [.pngCICPNarrowRange])).isEmpty)
        #expect(
            tags.findings(options: ValidationOptions(severityOverrides: [.pngCICPNarrowRange: .error])).map(\.severity)
                == [.error])
    }

    @Test("gain-map fractions compare exactly: 1/3 is above 333333/1000000, a zero denominator compares as nothing")
    func fractions() {
        #expect(Rational(1, 3).isGreaterThanOrEqual(to: Rational(333_333, 1_000_000)) == true)
        #expect(Rational(333_333, 1_000_000).isGreaterThanOrEqual(to: Rational(1, 3)) == false)
        #expect(
            Rational(Int64(Int32.min), UInt32.max).isGreaterThanOrEqual(to: Rational(Int64(Int32.max), 1))
                == false)
        #expect(Rational(1, 0).isGreaterThanOrEqual(to: Rational(0, 1)) == nil)
        #expect(Rational(1, 0).doubleValue.isNaN)
    }
}

@Suite("Policies and comparison")
struct PolicyTests {
    @Test("requirements on the corpus (ISO 22028-5 as presented at WWDC 2023: BT.2020, PQ/HLG, ≥ 10 bits, tagged)")
    func requirements() throws {
        func unmet(_ name: String, _ requirement: Requirement) throws -> Bool {
            try Corpus.rules(name, ValidationOptions(requirements: [requirement])).contains(requirement.rule)
        }
        #expect(try !unmet("png/pq-16bit-clean.png", .isoHDR) && !unmet("png/hlg-16bit.png", .isoHDR))
        #expect(try unmet("png/pq-8bit.png", .isoHDR) && unmet("png/srgb-cicp-8bit.png", .isoHDR))
        #expect(try !unmet("png/srgb-cicp-8bit.png", .sRGB) && unmet("png/p3-cicp-8bit.png", .sRGB))
        #expect(try !unmet("png/p3-cicp-8bit.png", .displayP3) && unmet("png/srgb-cicp-8bit.png", .displayP3))
        #expect(try unmet("png/untagged.png", .tagged) && !unmet("png/srgb-cicp-8bit.png", .tagged))
        #expect(
            try !unmet("png/hlg-16bit.png", .hdr) && !unmet("jpeg/ultrahdr-xmp-only.jpg", .hdr)
                && unmet("png/untagged.png", .hdr))
        #expect(
            try !unmet("jpeg/ultrahdr-iso-only.jpg", .gainMapISO) && unmet("jpeg/ultrahdr-xmp-only.jpg", .gainMapISO))
        #expect(
            try !unmet("jpeg/ultrahdr-iso-and-xmp.jpg", .gainMapBoth)
                && unmet("jpeg/ultrahdr-iso-only.jpg", .gainMapBoth))
        #expect(
            try unmet("jpeg/ultrahdr-unknown-version.jpg", .gainMapISO),
            "an unknown minimum_version counts as no gain map")
    }

    @Test("--compare: dropped mDCV/cLLI and changed primaries, transfer and range (ImageMagick #7715, libavif #2950)")
    func comparison() throws {
        let source = try Corpus.tags("png/pq-16bit-clean.png")
        #expect(source.changes(from: source).isEmpty)
        #expect(
            Set(try Corpus.tags("png/hlg-16bit.png").changes(from: source).map(\.rule)) == [
                .compareTransfer, .compareCLLI, .compareMDCV,
            ])
        #expect(
            Set(try Corpus.tags("png/srgb-cicp-8bit.png").changes(from: source).map(\.rule))
                == [.comparePrimaries, .compareTransfer, .compareCLLI, .compareMDCV])
        #expect(
            Set(
                try Corpus.tags("png/cicp-narrow-range.png").changes(from: Corpus.tags("png/hlg-16bit.png")).map(\.rule)
            )
                == [.compareTransfer, .compareRange])
        // The AVIF avifenc made from a PQ source keeps primaries, transfer and range.
        #expect(
            try Corpus.tags("avif/avifenc-pq-10bit.avif").changes(from: Corpus.tags("png/hlg-16bit.png")).map(\.rule)
                == [.compareTransfer])
    }

    @Test("globs: * within a segment, ** across, bare names anywhere")
    func globs() {
        #expect(Glob("assets/**/*.png").matches("assets/a/b/c.png") && Glob("assets/**/*.png").matches("assets/c.png"))
        #expect(!Glob("assets/*.png").matches("assets/a/c.png") && Glob("*.png").matches("deep/dir/x.png"))
        #expect(Glob("./hdr/**").matches("hdr/x/y.avif") && !Glob("hdr/**").matches("sdr/x.avif"))
        #expect(Glob("img?.[jp]*").matches("img1.jpg") && !Glob("img?.[jp]*").matches("img12.jpg"))
    }

    @Test("policy file semantics: file-wide settings plus every matching path policy; unknown rule ids listed")
    func policyConfiguration() throws {
        let json = """
            {"fail-on": "warning", "require": ["tagged"], "disable": ["tags.untagged"],
             "severity": {"png.cicp-narrow-range": "error"},
             "paths": [{"glob": "hdr/**", "require": ["iso-hdr"]}, {"glob": "*.jpg", "disable": ["nope.rule"]}]}
            """
        let policy = try JSONDecoder().decode(PolicyConfiguration.self, from: Data(json.utf8))
        #expect(policy.failOn == .warning)
        let hdr = policy.options(for: "hdr/a/b.png", base: ValidationOptions())
        #expect(hdr.requirements == [.tagged, .isoHDR] && hdr.disabledRules.contains(.untagged))
        #expect(hdr.severityOverrides[.pngCICPNarrowRange] == .error)
        #expect(policy.options(for: "ui/b.png", base: ValidationOptions()).requirements == [.tagged])
        #expect(policy.unknownRuleIDs == ["nope.rule"])
    }

    @Test(
        "policy typos are errors: unknown keys name the known ones and the nearest, bad values list the valid ones",
        arguments: [
            (
                #"{"requires": ["hdr10"]}"#,
                "unknown key 'requires' (did you mean 'require'?); the keys are fail-on, require"
            ),
            (#"{"fail_on": "warning"}"#, "unknown key 'fail_on' (did you mean 'fail-on'?)"),
            (
                #"{"fail-on": "eror"}"#,
                "'eror' is not a valid value of 'fail-on' (did you mean 'error'?); valid values: note, warning, error"
            ),
            (
                #"{"require": ["tagged", "hdr-10"]}"#,
                "'hdr-10' is not a valid value of 'require' (did you mean 'hdr10'?)"
            ),
            (
                #"{"severity": {"tags.untagged": "warn"}}"#,
                "'warn' is not a valid value of 'severity.tags.untagged' (did you mean 'warning'?)"
            ),
            (
                #"{"paths": [{"glob": "a"}, {"glob": "b", "requir": []}]}"#,
                "unknown key 'requir' in 'paths[1]' (did you mean 'require'?); the keys are glob, require, disable, severity"
            ),
            (
                #"{"paths": [{"glob": "a", "require": "nonsense"}]}"#,
                "'nonsense' is not a valid value of 'paths[0].require'; valid values: iso-hdr"
            ),
            (#"{"frobnicate": 1}"#, "unknown key 'frobnicate'; the keys are"),
        ])
    func policyTypos(_ json: String, _ message: String) throws {
        let error = try #require(throws: PolicyError.self) {
            try JSONDecoder().decode(PolicyConfiguration.self, from: Data(json.utf8))
        }
        #expect(error.description.hasPrefix(message), "\(error)")
    }

    @Test("a list setting also takes one value; valid policies decode as before")
    func policySingleValues() throws {
        let policy = try JSONDecoder().decode(
            PolicyConfiguration.self, from: Data(#"{"require": "hdr10", "exclude": "vendor/**"}"#.utf8))
        #expect(policy.require == [.hdr10] && policy.exclude == ["vendor/**"])
    }

    @Test("untagged images get the tagging advice of their format")
    func untaggedAdvicePerFormat() throws {
        let png = try #require(try Corpus.tags("png/untagged.png").findings().first { $0.rule == .untagged })
        #expect(png.fix.contains("`hdrcolor tag FILE --cicp 1/13/0/1`"))
        let jpeg = try #require(try Corpus.tags("jpeg/pillow-untagged.jpg").findings().first { $0.rule == .untagged })
        #expect(jpeg.fix.contains("exiftool '-ICC_Profile<=srgb.icc' FILE") && !jpeg.fix.contains("hdrcolor tag"))
        #expect(TaggingAdvice.advice(for: .avif)?.contains("avifenc --cicp 1/13/6 -r full") == true)
        #expect(TaggingAdvice.advice(for: .heif)?.contains("heif-enc --colour_primaries 1") == true)
        #expect(TaggingAdvice.advice(for: .icc) == nil)
        // Rules whose fix does not depend on the format keep the catalog's.
        let matrix = try #require(try Corpus.tags("png/cicp-matrix-9.png").findings().first)
        #expect(matrix.fix == ValidationRule.rule(matrix.rule).fix)
    }

    @Test("paths that cannot be read are file.unreadable findings, checked with stat before anything opens them")
    func unreadablePaths() throws {
        let folder = try TemporaryFolder.make("unreadable-paths")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("clip.mp4").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let validator = Validator()
        // A FIFO would block open(2) until a writer appears: this returns only because it is never opened.
        let reports = [fifo, "/dev/null", "/nonexistent/a.png", folder.path].map(validator.validate(file:))
        let reasons = ["FIFO (named pipe)", "device", "no such file", "it is a folder"]
        for (report, reason) in zip(reports, reasons) {
            #expect(report.error == nil && report.tagging == nil)
            #expect(report.findings.map(\.rule) == [.fileUnreadable] && report.findings[0].severity == .error)
            #expect(report.findings[0].message.contains(reason), "\(report.findings[0].message)")
        }
        // A folder walk keeps the FIFO (named like a movie) for the validator to report; a missing path is kept too.
        let walked = FileSelection().paths(in: [folder.path, "/nonexistent/b.mp4"])
        #expect(walked == [.file(fifo), .file("/nonexistent/b.mp4")])
        // A policy can weigh the rule like any other.
        var policy = PolicyConfiguration()
        policy.severity = ["file.unreadable": .warning]
        let weighed = Validator(policy: policy).validate(file: "/nonexistent/a.png")
        #expect(weighed.findings.map(\.severity) == [.warning])
    }

    /// A highlight mastered at the peak decodes up to half a 10-bit PQ code above it (the demo's 4000 cd/m² patch
    /// reads 4015): a MaxCLL within one code of the mastering peak is not a finding; beyond it, it is.
    @Test(
        "hdr.clli-above-mastering-peak allows one 10-bit PQ code: 4015 over 4000 passes, 4060 and 1020 over 1000 fire")
    func clliAboveMasteringTolerance() throws {
        func findings(maxCLL: Int, peak: Int) throws -> [RuleID] {
            let u16 = { (v: Int) in [UInt8(v >> 8), UInt8(v & 0xFF)] }
            let u32 = { (v: Int) in HostileInputTests.u32(v) }
            let mdcv =
                [35400, 14600, 8500, 39850, 6550, 2300, 15635, 16450].flatMap(u16) + u32(peak * 10_000) + u32(1)
            let extra =
                HostileInputTests.pngChunk("cICP", [9, 16, 0, 1]) + HostileInputTests.pngChunk("mDCV", mdcv)
                + HostileInputTests.pngChunk("cLLI", u32(maxCLL * 10_000) + u32(100 * 10_000))
            let tagging = try ColorTagging(bytes: HostileInputTests.png(width: 1, height: 1, extra: extra))
            return tagging.findings(options: ValidationOptions()).map(\.rule)
        }
        #expect(try !findings(maxCLL: 4015, peak: 4000).contains(.clliAboveMastering))
        #expect(try !findings(maxCLL: 1005, peak: 1000).contains(.clliAboveMastering))
        #expect(try findings(maxCLL: 4060, peak: 4000).contains(.clliAboveMastering))
        #expect(try findings(maxCLL: 1020, peak: 1000).contains(.clliAboveMastering))
    }

    @Test("file selection walks folders by extension, with include and exclude globs, sorted")
    func selection() throws {
        let root = Corpus.url("").path
        let all = FileSelection().paths(in: [root])
        #expect(all.count == Corpus.allFiles.count && all.allSatisfy { if case .file = $0 { true } else { false } })
        let png = FileSelection(include: [Glob("png/*.png")], exclude: [Glob("*4gib*")]).paths(in: [root])
        #expect(png.count == Corpus.allFiles.filter { $0.hasPrefix("png/") }.count - 1)
        #expect(png.map(\.path) == png.map(\.path).sorted())
    }

    /// A walk that meets a symbolic link to nothing or a folder it cannot list reports it as `file.unreadable` (it
    /// used to skip the link in silence and stop the whole run at the folder); links to folders are not followed.
    @Test(
        "a dangling symbolic link and a folder that cannot be listed are file.unreadable findings; the rest is checked")
    func unreadableWhileWalking() async throws {
        let folder = try TemporaryFolder.make("walk")
        let fixture = Corpus.url("png/pq-16bit-clean.png")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("locked"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: folder.appendingPathComponent("a.png"))
        try FileManager.default.copyItem(at: fixture, to: folder.appendingPathComponent("locked/b.png"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("gone.png").path, withDestinationPath: "missing.png")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("notes.txt").path, withDestinationPath: "missing.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("loop").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("alias.png").path, withDestinationPath: "a.png")
        var selection = FileSelection()
        // Root lists any folder whatever its mode: the lister fails for "locked" as it would for another user.
        selection.listFolder = { path in
            if path.hasSuffix("/locked") { throw CocoaError(.fileReadNoPermission) }
            return try FileManager.default.contentsOfDirectory(atPath: path)
        }
        let paths = selection.paths(in: [folder.path])
        let base = folder.path
        #expect(
            paths == [
                .file(base + "/a.png"), .file(base + "/alias.png"),
                .unreadable(
                    path: base + "/gone.png", reason: "it is a symbolic link to 'missing.png', which does not exist"),
                .unreadable(path: base + "/locked", reason: "the folder cannot be listed; check its permissions"),
            ])
        let reports = await Validator().validate(paths)
        #expect(reports.map(\.findings.isEmpty) == [true, true, false, false])
        #expect(reports[2].findings.map(\.rule) == [.fileUnreadable])
        #expect(
            reports[3].findings.first?.message.contains("locked cannot be read: the folder cannot be listed") == true)
        let summary = ValidationReport(files: reports).rendered(as: .text)
        #expect(summary.contains("4 files: 2 clean, 0 with findings, 2 unreadable; 2 errors"), "\(summary)")
    }
}
