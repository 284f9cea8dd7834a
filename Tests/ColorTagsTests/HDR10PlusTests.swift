import Foundation
import Testing
import TestSupport

@testable import ColorTags
import MediaSyntax
import TagValidation

/// HDR10+ (SMPTE ST 2094-40 application 4) payloads built here bit by bit: every field, every optional branch,
/// truncation at every bit, headers of other T.35 records; scenes and the hdr10plus_tool JSON document.
@Suite("HDR10+ metadata")
struct HDR10PlusTests {
    /// Writes a T.35 payload field by field (the encoder the parser is checked against, written from the syntax).
    struct Writer {
        var bits: [Bool] = []
        mutating func u(_ count: Int, _ value: some BinaryInteger) {
            for i in stride(from: count - 1, through: 0, by: -1) { bits.append((UInt64(value) >> UInt64(i)) & 1 == 1) }
        }
        var bytes: [UInt8] {
            stride(from: 0, to: bits.count, by: 8).map { start in
                (0..<8).reduce(UInt8(0)) { $0 << 1 | (start + $1 < bits.count && bits[start + $1] ? 1 : 0) }
            }
        }

        static func payload(_ m: HDR10PlusMetadata) -> (bytes: [UInt8], bitCount: Int) {
            var w = Writer()
            w.u(8, m.countryCode)
            w.u(16, m.terminalProviderCode)
            w.u(16, m.terminalProviderOrientedCode)
            w.u(8, m.applicationIdentifier)
            w.u(8, m.applicationVersion)
            w.u(2, m.windows.count)
            for p in m.processingWindows {
                for v in [
                    p.upperLeftCornerX, p.upperLeftCornerY, p.lowerRightCornerX, p.lowerRightCornerY,
                    p.centerOfEllipseX, p.centerOfEllipseY,
                ] { w.u(16, v) }
                w.u(8, p.rotationAngle)
                for v in [
                    p.semimajorAxisInternalEllipse, p.semimajorAxisExternalEllipse, p.semiminorAxisExternalEllipse,
                ] {
                    w.u(16, v)
                }
                w.u(1, p.overlapProcessOption ? 1 : 0)
            }
            w.u(27, m.targetedSystemDisplayMaximumLuminance)
            func matrix(_ x: HDR10PlusMetadata.PeakLuminanceMatrix?) {
                w.u(1, x == nil ? 0 : 1)
                guard let x else { return }
                w.u(5, x.rows.count)
                w.u(5, x.columns)
                for row in x.rows { for v in row { w.u(4, v) } }
            }
            matrix(m.targetedSystemDisplayActualPeakLuminance)
            for window in m.windows {
                for v in window.maxSCL { w.u(17, v) }
                w.u(17, window.averageMaxRGB)
                w.u(4, window.distribution.count)
                for p in window.distribution {
                    w.u(7, p.percentage)
                    w.u(17, p.value)
                }
                w.u(10, window.fractionBrightPixels)
            }
            matrix(m.masteringDisplayActualPeakLuminance)
            for window in m.windows {
                w.u(1, window.toneMapping == nil ? 0 : 1)
                if let c = window.toneMapping {
                    w.u(12, c.kneePointX)
                    w.u(12, c.kneePointY)
                    w.u(4, c.anchors.count)
                    for a in c.anchors { w.u(10, a) }
                }
            }
            w.u(1, m.colorSaturationWeight == nil ? 0 : 1)
            if let weight = m.colorSaturationWeight { w.u(6, weight) }
            return (w.bytes, w.bits.count)
        }
    }

    static let percentages: [UInt8] = [1, 5, 10, 25, 50, 75, 90, 95, 99]

    /// x265's Tool_Verification first frame, as hdr10plus_tool's sample01 test asserts it.
    static let profileB = HDR10PlusMetadata(
        targetedSystemDisplayMaximumLuminance: 400,
        windows: [
            .init(
                maxSCL: [17830, 16895, 14252], averageMaxRGB: 1037,
                distribution: zip(percentages, [3, 14024, 43, 56, 219, 1036, 2714, 4668, 14445]).map {
                    .init(percentage: $0, value: $1)
                }, fractionBrightPixels: 0,
                toneMapping: .init(
                    kneePointX: 17, kneePointY: 64, anchors: [265, 666, 741, 800, 848, 887, 920, 945, 957]))
        ])

    /// Three windows, both actual peak matrices, saturation weight: every optional branch, extreme field values.
    static let everything: HDR10PlusMetadata = {
        let window = HDR10PlusMetadata.ProcessingWindow(
            upperLeftCornerX: 1, upperLeftCornerY: 2, lowerRightCornerX: 65535, lowerRightCornerY: 1079,
            centerOfEllipseX: 960, centerOfEllipseY: 540, rotationAngle: 180, semimajorAxisInternalEllipse: 100,
            semimajorAxisExternalEllipse: 200, semiminorAxisExternalEllipse: 150, overlapProcessOption: true)
        var second = window
        second.overlapProcessOption = false
        second.rotationAngle = 7
        return HDR10PlusMetadata(
            applicationVersion: 0, processingWindows: [window, second],
            targetedSystemDisplayMaximumLuminance: (1 << 27) - 1,
            targetedSystemDisplayActualPeakLuminance: .init(rows: [[1, 2, 3], [15, 0, 7]], columns: 3),
            windows: [
                .init(
                    maxSCL: [131071, 0, 1], averageMaxRGB: 131071,
                    distribution: (0..<15).map { .init(percentage: UInt8($0 * 8), value: UInt32($0 * 9000)) },
                    fractionBrightPixels: 1023, toneMapping: nil),
                .init(
                    maxSCL: [5, 6, 7], averageMaxRGB: 8, distribution: [], fractionBrightPixels: 1,
                    toneMapping: .init(kneePointX: 4095, kneePointY: 0, anchors: [])),
                .init(
                    maxSCL: [1, 2, 3], averageMaxRGB: 4, distribution: [.init(percentage: 127, value: 1)],
                    fractionBrightPixels: 500,
                    toneMapping: .init(kneePointX: 1, kneePointY: 4095, anchors: (0..<15).map { UInt16($0 * 73) })),
            ],
            masteringDisplayActualPeakLuminance: .init(rows: [], columns: 31), colorSaturationWeight: 63)
    }()

    @Test("every field of a profile B record, with the profile letter")
    func profileBFields() throws {
        let (bytes, _) = Writer.payload(Self.profileB)
        let parsed = try HDR10PlusMetadata.parse(t35: bytes + [0x80])
        #expect(parsed == Self.profileB)
        #expect(parsed.profile == "B")
        #expect(parsed.windows[0].maxSCL == [17830, 16895, 14252])
        #expect(parsed.windows[0].toneMapping?.anchors == [265, 666, 741, 800, 848, 887, 920, 945, 957])
        // The head as the T.35 registry lays it out: B5 003C 0001 04 01.
        #expect(Array(bytes.prefix(6)) == [0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04])
    }

    @Test("three windows, processing window geometry, actual peak matrices and saturation weight")
    func everyBranch() throws {
        let (bytes, _) = Writer.payload(Self.everything)
        let parsed = try HDR10PlusMetadata.parse(t35: bytes)
        #expect(parsed == Self.everything)
        #expect(parsed.processingWindows.count == 2 && parsed.windows.count == 3)
        #expect(parsed.masteringDisplayActualPeakLuminance?.columns == 31)
        #expect(parsed.maxSCLMaximum == 131071)
        // The last window has a curve with anchors but the target exceeds 0 only with a curve: profile B.
        #expect(parsed.profile == "B")
    }

    @Test("profile letters follow hdr10plus_tool's rule")
    func profiles() {
        var m = Self.profileB
        #expect(m.profile == "B")
        m.windows[0].toneMapping?.anchors = []
        #expect(m.profile == "N/A")  // a curve without anchors
        m.windows[0].toneMapping = nil
        #expect(m.profile == "N/A")  // no curve but a targeted display
        m.targetedSystemDisplayMaximumLuminance = 0
        #expect(m.profile == "A")
        m.windows[0].toneMapping = .init(kneePointX: 0, kneePointY: 0, anchors: [1])
        #expect(m.profile == "N/A")  // a curve for a zero target
    }

    @Test("a payload cut at any bit throws a truncation error naming the field")
    func truncations() throws {
        for record in [Self.profileB, Self.everything] {
            let (bytes, bitCount) = Writer.payload(record)
            // Every whole byte short of the last field's end.
            for length in 0..<(bitCount / 8) {
                #expect(throws: HDR10PlusError.self) { try HDR10PlusMetadata.parse(t35: bytes.prefix(length)) }
                do {
                    _ = try HDR10PlusMetadata.parse(t35: bytes.prefix(length))
                } catch {
                    guard case .truncated(let why) = error else {
                        Issue.record("\(length) bytes: \(error)")
                        continue
                    }
                    #expect(why.contains("it ends inside"), "\(why)")
                }
            }
        }
        do {
            _ = try HDR10PlusMetadata.parse(t35: Writer.payload(Self.profileB).bytes.prefix(20))
            Issue.record("20 bytes parsed")
        } catch {
            #expect("\(error)".contains("truncated HDR10+ metadata"))
        }
    }

    @Test("other T.35 records and num_windows 0 are typed errors")
    func invalidHeaders() {
        var bytes = Writer.payload(Self.profileB).bytes
        bytes[5] = 5
        #expect(
            throws: HDR10PlusError.notHDR10Plus(
                "country 0xB5, provider 0x003C, oriented code 0x0001, application 5 (HDR10+ is 0xB5, 0x003C, 0x0001, 4)"
            )
        ) {
            try HDR10PlusMetadata.parse(t35: bytes)
        }
        bytes[5] = 4
        bytes[7] &= 0x3F  // num_windows 0
        #expect(throws: HDR10PlusError.invalid("num_windows is 0 (1 to 3 allowed)")) {
            try HDR10PlusMetadata.parse(t35: bytes)
        }
        // A payload whose bytes hold 00 00 03 is read as it is: emulation prevention was removed with the SEI.
        var zeros = Self.profileB
        zeros.windows[0].maxSCL = [0, 0, 3]
        zeros.windows[0].averageMaxRGB = 0
        let (escaped, _) = Writer.payload(zeros)
        #expect((try? HDR10PlusMetadata.parse(t35: escaped)) == zeros)
    }

    @Test("scenes start where the exported values change; the curve counts only in profile B")
    func scenes() {
        let a = Self.profileB
        var b = a
        b.windows[0].averageMaxRGB += 1
        var curveOnly = a
        curveOnly.windows[0].toneMapping?.kneePointX = 1
        var fractionOnly = a
        fractionOnly.windows[0].fractionBrightPixels = 9  // not exported: same scene
        let frames = [a, a, b, b, curveOnly, fractionOnly, a]
        #expect(HDR10PlusScenes.profile(of: frames) == "B")
        #expect(HDR10PlusScenes.firstFrames(of: frames, profile: "B") == [0, 2, 4, 5])
        #expect(HDR10PlusScenes.firstFrames(of: frames, profile: "A") == [0, 2, 4])
        let json = HDR10PlusJSON(frames: frames)
        #expect(json.sceneInfoSummary.sceneFirstFrameIndex == [0, 2, 4, 5])
        #expect(json.sceneInfoSummary.sceneFrameNumbers == [2, 2, 1, 2])
        #expect(json.sceneInfo.map(\.sceneId) == [0, 0, 1, 1, 2, 3, 3])
        #expect(json.sceneInfo.map(\.sceneFrameIndex) == [0, 1, 0, 1, 0, 0, 1])
    }

    @Test("the JSON document reads back equal, and its frames keep every exported value")
    func jsonRoundTrip() throws {
        var b = Self.profileB
        b.windows[0].maxSCL = [1, 2, 3]
        let json = HDR10PlusJSON(frames: [Self.profileB, b, b], tool: "hdrcolor", toolVersion: "9")
        let read = try HDR10PlusJSON(json: json.jsonData)
        #expect(read == json)
        #expect(read.frames == [Self.profileB, b, b])
        #expect(read.info.profile == "B" && read.info.version == "1.0")
        let text = String(decoding: json.jsonData, as: UTF8.self)
        #expect(text.contains("\"HDR10plusProfile\" : \"B\"") && text.contains("\"KneePointX\" : 17"))
        #expect(throws: HDR10PlusJSONError.self) { try HDR10PlusJSON(json: Data("{}".utf8)) }
        var bad = json
        bad.sceneInfo[1].luminanceParameters.maxScl = [1]
        #expect(throws: HDR10PlusJSONError.self) { try HDR10PlusJSON(json: bad.jsonData) }
    }
}

/// HDR10+ read from movies: the committed fixtures (Tests/Fixtures/movies).
@Suite("HDR10+ in movies")
struct HDR10PlusMovieTests {
    @Test("a raw stream's frames in display order: summary, scenes, exported JSON")
    func rawStream() throws {
        let tags = try MovieFixtures.tags("hdr10plus-inconsistent.hevc")
        let hdr10Plus = try #require(tags.primary.video?.hdr10PlusMetadata)
        #expect(hdr10Plus.first.value.targetedSystemDisplayMaximumLuminance == 2000)
        #expect(hdr10Plus.first.value.windows.first?.maxSCL == [20000, 9000, 100])
        let summary = try #require(hdr10Plus.summary)
        #expect(summary.framesWithMetadata == 3 && summary.framesWithoutMetadata == 0)
        #expect(summary.maxSCLRange == 1200...2000 && summary.targetedPeakRange == 1500...2000)
        #expect(summary.profile == "N/A")
        // Decoding order I, P, B holds records A, A, B; display order I, B, P shows A, B, A: three scenes.
        #expect(summary.sceneCount == 3)
        let bytes = [UInt8](try Data(contentsOf: MovieFixtures.url("hdr10plus-inconsistent.hevc")))
        let json = HDR10PlusJSON(hevcStream: bytes)
        #expect(json.sceneInfo.map(\.targetedSystemDisplayMaximumLuminance) == [2000, 1500, 2000])
        #expect(json.sceneInfoSummary.sceneFirstFrameIndex == [0, 1, 2])
        let text = tags.text(path: "stream.hevc")
        #expect(text.contains("HDR10+ Frames") && text.contains("3 scenes"))
        let report = tags.json(path: "stream.hevc").serialized()
        #expect(
            report.contains("\"HDR10PlusSummary\"")
                && report.contains("\"TargetedSystemDisplayMaximumLuminance\": 2000"))
    }

    @Test("a container: every sample read (the record on the first of 3 frames, as ffprobe shows); --require hdr10plus")
    func container() throws {
        let tags = try MovieFixtures.tags("x265-hdr10plus.mp4")
        let hdr10Plus = try #require(tags.primary.video?.hdr10PlusMetadata)
        #expect(tags.primary.video?.dynamicMetadataScan == DynamicMetadataScan(samples: 3, complete: true))
        #expect(hdr10Plus.summary?.framesWithMetadata == 1 && hdr10Plus.summary?.framesWithoutMetadata == 2)
        #expect(hdr10Plus.first.value.windows.first?.distribution == [.init(percentage: 99, value: 9000)])
        let policy = ValidationOptions(requirements: [.hdr10Plus])
        #expect(!tags.findings(options: policy).contains { $0.rule == .policyHDR10Plus })
        let plain = try MovieFixtures.tags("x265-pq-hdr10.mp4")
        let failed = plain.findings(options: policy).filter { $0.rule == .policyHDR10Plus }
        #expect(failed.count == 1 && failed.first?.message.contains("no HDR10+") == true)
        #expect(plain.findings(options: ValidationOptions(requirements: [.hdr10])).isEmpty)
    }
}

/// The first frame's HDR10+ as FFmpeg 5.1 parses it into frame side data (`ffprobe -show_frames`, default format:
/// JSON output keeps only the last of repeated keys), against ours.
@Suite("HDR10+ against ffprobe", .enabled(if: ExternalTool.path("ffprobe") != nil, "ffprobe is not installed"))
struct HDR10PlusFFprobeTests {
    @Test("every field ffprobe prints agrees", arguments: ["hdr10plus-inconsistent.hevc"])
    func firstFrame(_ name: String) throws {
        let path = try #require(ExternalTool.path("ffprobe"))
        let (output, status) = try ExternalTool.run(
            path,
            [
                "-v", "error", "-show_frames", "-read_intervals", "%+#1", "-select_streams", "v:0", "-of", "default",
                MovieFixtures.url(name).path,
            ])
        #expect(status == 0)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("SMPTE2094-40") }) else {
            Issue.record("ffprobe shows no HDR10+ side data for \(name)")
            return
        }
        let fields = lines[start...].prefix { !$0.hasPrefix("[/SIDE_DATA]") }.compactMap { line -> (String, String)? in
            guard let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
        /// The numerators of a key's values scaled to `denominator` (FFmpeg prints rationals such as 17830/100000).
        func values(_ key: String, _ denominator: Int) -> [Int] {
            fields.filter { $0.0 == key }.compactMap { field in
                let parts = field.1.split(separator: "/").compactMap { Int($0) }
                guard let numerator = parts.first else { return nil }
                let scale = parts.count == 2 ? parts[1] : 1
                return numerator * denominator / scale
            }
        }
        let ours = try #require(MovieFixtures.tags(name).primary.video?.hdr10PlusMetadata?.first.value)
        let window = try #require(ours.windows.first)
        #expect(values("num_windows", 1) == [ours.windows.count])
        #expect(
            values("targeted_system_display_maximum_luminance", 1) == [Int(ours.targetedSystemDisplayMaximumLuminance)])
        #expect(values("maxscl", 100_000) == window.maxSCL.map(Int.init))
        #expect(values("average_maxrgb", 100_000) == [Int(window.averageMaxRGB)])
        #expect(values("distribution_maxrgb_percentage", 1) == window.distribution.map { Int($0.percentage) })
        #expect(values("distribution_maxrgb_percentile", 100_000) == window.distribution.map { Int($0.value) })
        #expect(values("fraction_bright_pixels", 1000) == [Int(window.fractionBrightPixels)])
        #expect(values("knee_point_x", 4095) == (window.toneMapping.map { [Int($0.kneePointX)] } ?? []))
        #expect(values("bezier_curve_anchors", 1023) == (window.toneMapping?.anchors.map(Int.init) ?? []))
    }
}
