import Foundation
@testable import HTMLReport
import MediaConversion
import MediaSyntax
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

/// The report's per-scene dynamic metadata: HDR10+ and Dolby Vision L1 read from each frame of the movie fixtures,
/// checked against MediaSyntax's parse of each frame, ffprobe's `-show_frames` side data and the values
/// `gen_movies.py` wrote (Tests/Fixtures/movies/README.md).
@Suite("HDR report: light level per scene")
struct SceneLightLevelsTests {
    static let scenes = Fixtures.url("movies/x265-hdr10plus-dv-scenes.mp4")

    /// SMPTE ST 2084's EOTF in float64, here rather than the library's: a PQ signal 0…1 in cd/m².
    static func pqLuminance(_ signal: Double) -> Double {
        let (m1, m2) = (2610.0 / 16384, 2523.0 / 4096 * 128)
        let (c1, c2, c3) = (3424.0 / 4096, 2413.0 / 4096 * 32, 2392.0 / 4096 * 32)
        let p = pow(signal, 1 / m2)
        return 10_000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// ffprobe's per-frame side data: the HDR10+ MaxSCL components and average maxRGB (cd/m²) and the Dolby Vision
    /// scene_refresh_flag, from its default (key=value) output, which keeps the three `maxscl` lines JSON would merge.
    struct ProbedFrame {
        var maxSCL: [Double] = []
        var averageMaxRGB: Double?
        var sceneRefresh: Int?
    }

    static func probeFrames(_ url: URL) throws -> [ProbedFrame] {
        let text = try MovieTestSupport.run(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_frames", url.path])
        /// A rational such as `9000/100000` (of 10 000 cd/m²) in cd/m².
        func luminance(_ value: Substring) -> Double? {
            let parts = value.split(separator: "/").compactMap { Double($0) }
            return parts.count == 2 && parts[1] > 0 ? 10_000 * parts[0] / parts[1] : nil
        }
        var frames: [ProbedFrame] = []
        for line in text.split(separator: "\n") {
            if line == "[FRAME]" { frames.append(ProbedFrame()) }
            guard !frames.isEmpty, let equals = line.firstIndex(of: "=") else { continue }
            let (key, value) = (line[..<equals], line[line.index(after: equals)...])
            switch key {
            case "maxscl": luminance(value).map { frames[frames.count - 1].maxSCL.append($0) }
            case "average_maxrgb": frames[frames.count - 1].averageMaxRGB = luminance(value)
            case "scene_refresh_flag": frames[frames.count - 1].sceneRefresh = Int(value)
            default: break
            }
        }
        return frames
    }

    /// Each frame's payloads as MovieReader hands them out.
    static func payloads(_ url: URL) throws -> [(hdr10Plus: [UInt8]?, rpu: [UInt8]?)] {
        let reader = try MovieReader(contentsOf: url)
        var payloads: [(hdr10Plus: [UInt8]?, rpu: [UInt8]?)] = []
        while let frame = try reader.nextFrame({ ($0.hdr.hdr10PlusPayload, $0.hdr.dolbyVisionRPUPayload) }) {
            payloads.append(frame)
        }
        return payloads
    }

    /// The run that holds frame `index`.
    static func run(_ levels: SceneLightLevels, holding index: Int) -> SceneLightLevels.Run? {
        levels.runs.first { $0.firstFrame <= index && index <= $0.lastFrame }
    }

    @Test(
        "HDR10+ per scene: two scenes cut at frame 3, each frame's MaxSCL and average maxRGB as MediaSyntax parses it")
    func hdr10PlusScenes() throws {
        let report = try HDRReport(contentsOf: Self.scenes)
        let timeline = try #require(report.timeline)
        #expect(timeline.sceneLevels.map(\.source) == [.hdr10Plus, .dolbyVision])
        let levels = try #require(timeline.sceneLevels.first)
        // gen_movies.py: frames 0–2 MaxSCL (900, 800, 700) cd/m² and average 100; frames 3–5 (2000, 1200, 400), 250.
        #expect(levels.sceneCuts == [0, 3] && levels.runs.count == 2)
        #expect(levels.runs.map(\.peak) == [900, 2000] && levels.runs.map(\.average) == [100, 250])
        #expect(levels.runs.map(\.frameCount) == [3, 3] && levels.framesWithout == 0 && levels.errors.isEmpty)
        let times: [Double] = levels.runs.flatMap { run -> [Double] in [run.startTime ?? -1, run.endTime ?? -1] }
        let expectedTimes: [Double] = [0, 0.08, 0.12, 0.2]  // 25 fps
        #expect(zip(times, expectedTimes).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
        for (index, payload) in try Self.payloads(Self.scenes).enumerated() {
            let metadata = try HDR10PlusMetadata.parse(t35: try #require(payload.hdr10Plus))
            let run = try #require(Self.run(levels, holding: index))
            #expect(run.peak == Double(metadata.windows[0].maxSCL.max()!) / 10, "frame \(index)")
            #expect(run.average == Double(metadata.windows[0].averageMaxRGB) / 10, "frame \(index)")
        }
        let chart = try #require(try report.pictures().first { $0.name == "light-level.svg" })
        let svg = String(decoding: chart.data, as: UTF8.self)
        #expect(svg.contains("HDR10+ MaxSCL per scene") && svg.contains("HDR10+ scene cuts (2)"))
        #expect(svg.contains("HDR10+: 2 scenes of 3 frames each, peaks from 900 to 2000 cd/m²"))
    }

    @Test(
        "HDR10+ per scene agrees with ffprobe's -show_frames side data, frame by frame",
        .enabled(if: MovieTestSupport.hasFFprobe, "skipped: ffprobe is not installed"))
    func hdr10PlusAgainstFFprobe() throws {
        for name in ["x265-hdr10plus-dv-scenes.mp4", "x265-hdr10plus.mp4"] {
            let url = Fixtures.url("movies/\(name)")
            let timeline = try #require(try HDRReport(contentsOf: url).timeline)
            let levels = try #require(timeline.sceneLevels.first)
            #expect(levels.source == .hdr10Plus)
            let probed = try Self.probeFrames(url)
            // FFmpeg decodes 1 of x265-hdr10plus.mp4's 3 samples (the SEI was inserted before the stream's first
            // slice only), both here and in ffprobe.
            #expect(
                probed.count == (name == "x265-hdr10plus.mp4" ? 1 : 6) && probed.count == timeline.decodedFrameCount)
            var previous: (peak: Double, average: Double)?
            var cuts: [Int] = []
            for (index, frame) in probed.enumerated() {
                let run = Self.run(levels, holding: index)
                guard let average = frame.averageMaxRGB, let peak = frame.maxSCL.max() else {
                    #expect(run == nil, "\(name) frame \(index) has no HDR10+ in ffprobe")
                    continue
                }
                #expect(frame.maxSCL.count == 3)
                #expect(abs((run?.peak ?? -1) - peak) < 1e-9 && abs((run?.average ?? -1) - average) < 1e-9)
                if previous.map({ $0 != (peak, average) }) ?? true { cuts.append(index) }
                previous = (peak, average)
            }
            #expect(levels.sceneCuts == cuts, "\(name)")
        }
        // x265-hdr10plus.mp4 carries HDR10+ on its first frame (MaxSCL 900 cd/m², average 100).
        let single = try #require(try HDRReport(contentsOf: Fixtures.url("movies/x265-hdr10plus.mp4")).timeline)
        #expect(single.sceneLevels.count == 1)
        #expect(single.sceneLevels[0].runs.map(\.peak) == [900] && single.sceneLevels[0].runs.map(\.average) == [100])
    }

    @Test("Dolby Vision L1 per shot: cuts where scene_refresh_flag is set (as ffprobe reads it), PQ codes in cd/m²")
    func dolbyVisionShots() throws {
        let levels = try #require(try HDRReport(contentsOf: Self.scenes).timeline?.sceneLevels.last)
        #expect(levels.source == .dolbyVision)
        // gen_movies.py: shots start on frames 0, 2 and 4 with L1 (min, max, avg) (62, 2875, 1100), (0, 3079, 1500),
        // (20, 2600, 900).
        #expect(levels.sceneCuts == [0, 2, 4] && levels.runs.count == 3 && levels.errors.isEmpty)
        let l1: [(Double, Double, Double)] = [(62, 2875, 1100), (0, 3079, 1500), (20, 2600, 900)]
        for (run, (minimum, maximum, average)) in zip(levels.runs, l1) {
            #expect(abs(run.peak - Self.pqLuminance(maximum / 4095)) < 1e-6 * run.peak)
            #expect(abs(run.average - Self.pqLuminance(average / 4095)) < 1e-6 * run.average)
            #expect(abs((run.minimum ?? -1) - Self.pqLuminance(minimum / 4095)) < 1e-6)
        }
        #expect(abs(levels.runs[1].peak - 1000) < 10)  // PQ code 3079 ≈ 1000 cd/m²
        for (index, payload) in try Self.payloads(Self.scenes).enumerated() {
            let rpu = try DolbyVisionRPU.parse(try #require(payload.rpu))
            let dm = try #require(rpu.displayManagement)
            #expect((dm.sceneRefresh != 0) == levels.sceneCuts.contains(index), "frame \(index)")
            guard case .level1(_, let maximum, _) = dm.cmV29.first else {
                Issue.record("frame \(index) has no L1")
                continue
            }
            #expect(Self.run(levels, holding: index)?.peak == SceneLightLevels.luminance(pq: maximum))
        }
        if MovieTestSupport.hasFFprobe {
            let refresh = try Self.probeFrames(Self.scenes).map(\.sceneRefresh)
            #expect(refresh == [1, 0, 1, 0, 1, 0])
        }
        let chart = try #require(
            try HDRReport(contentsOf: Self.scenes).pictures().first { $0.name == "light-level.svg" })
        let svg = String(decoding: chart.data, as: UTF8.self)
        #expect(svg.contains("Dolby Vision L1 max") && svg.contains("Dolby Vision shot cuts (3)"))
    }

    @Test("runs: a repeated record continues its scene, a gap restarts the run, unreadable payloads are counted")
    func runsAndGaps() throws {
        let payloads = try Self.payloads(Self.scenes).map { try #require($0.hdr10Plus) }
        let (a, b) = (payloads[0], payloads[3])
        var levels = SceneLightLevels(source: .hdr10Plus)
        for (index, payload) in [a, a, nil, a, b, [0xB5, 0x00]].enumerated() {
            levels.add(frame: index, time: nil, payload: payload)
        }
        #expect(levels.runs.map(\.firstFrame) == [0, 3, 4] && levels.runs.map(\.frameCount) == [2, 1, 1])
        #expect(levels.runs.map(\.startsScene) == [true, false, true] && levels.sceneCuts == [0, 4])
        #expect(levels.framesWithout == 2 && levels.errors.count == 1)
        #expect(levels.summary.contains("2 scenes over 4 frames") && levels.summary.contains("unreadable"))
        // Equality is the figures', not the parse state's: the same runs and counts, a different last payload read.
        var again = SceneLightLevels(source: .hdr10Plus)
        for (index, payload) in [a, a, nil, a, b].enumerated() { again.add(frame: index, time: nil, payload: payload) }
        again.framesWithout += 1
        again.errors = levels.errors
        #expect(again == levels)
        // A Dolby Vision source given HDR10+ bytes: every frame unreadable, no run.
        var wrong = SceneLightLevels(source: .dolbyVision)
        wrong.add(frame: 0, time: nil, payload: a)
        #expect(wrong.runs.isEmpty && wrong.errors.count == 1 && wrong.framesWithout == 0)
    }

    @Test("the summary says the shots as a person would: counts, frames per shot, equal peaks once")
    func summaryWords() {
        /// Levels of runs given as (frames, peak), each starting a shot unless its frames are negative.
        func levels(_ runs: [(Int, Double)]) -> SceneLightLevels {
            var levels = SceneLightLevels(source: .dolbyVision)
            var first = 0
            for (frames, peak) in runs {
                levels.runs.append(
                    SceneLightLevels.Run(
                        firstFrame: first, frameCount: abs(frames), startTime: nil, endTime: nil,
                        startsScene: frames > 0, peak: peak, average: peak / 10, minimum: 0))
                first += abs(frames)
            }
            return levels
        }
        let cases: [([(Int, Double)], String)] = [
            ([(1, 925), (1, 925), (1, 925), (1, 925)], "4 shots of one frame each, each peaking at 925 cd/m²"),
            ([(6, 925)], "1 shot of 6 frames, peaking at 925 cd/m²"),
            ([(1, 203)], "1 shot of one frame, peaking at 203 cd/m²"),
            ([(2, 600), (-1, 1000), (3, 203)], "2 shots of 3 frames each, peaks from 203 to 1000 cd/m²"),
            ([(2, 600), (1, 600), (3, 600)], "3 shots over 6 frames, each peaking at 600 cd/m²"),
        ]
        for (runs, words) in cases {
            #expect(levels(runs).summary == "Dolby Vision L1: " + words)
        }
        var gap = levels([(2, 925)])
        gap.framesWithout = 1
        #expect(gap.summary == "Dolby Vision L1: 1 shot of 2 frames, peaking at 925 cd/m², 1 frame without")
    }
}
