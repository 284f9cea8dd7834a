import SignalCoding
import Foundation
import MediaSyntax
import TransferFunctions
import MediaConversion

/// A movie's dynamic light-level metadata over time, as the file carries it: the HDR10+ (SMPTE ST 2094-40) scene
/// statistics or the Dolby Vision level 1 (L1) shot statistics, read from every decoded frame and grouped into runs
/// of frames with the same figures, with the scene cuts marked.
///
/// A run is a maximal stretch of consecutive frames with equal figures and no cut inside. Where a scene starts (the
/// rule per-scene tone mapping uses too):
/// - HDR10+ has no cut flag; a scene starts where a frame's metadata differs from the previous frame's (every field
///   compared), as hdr10plus_tool groups frames into scenes (HDR10+ repeats a scene's statistics on each of its frames).
/// - Dolby Vision: a shot starts on a frame whose RPU has scene_refresh_flag set.
///
/// A frame without the metadata (or with it unreadable) ends the run; the next frame with it starts a new run, and a
/// new scene only by the rules above.
///
/// Luminances are in cd/m²: HDR10+'s 0.1 cd/m² units divided by 10; Dolby Vision's 12-bit PQ codes (0…4095)
/// through the PQ EOTF (SMPTE ST 2084).
public struct SceneLightLevels: Hashable, Sendable {
    /// The kind of dynamic metadata.
    public enum Source: String, Hashable, Sendable {
        /// SMPTE ST 2094-40 application 4: per scene, MaxSCL and the average maxRGB of the whole picture (window 1).
        case hdr10Plus = "HDR10+"
        /// Dolby Vision RPU level 1: per shot, min_pq, max_pq and avg_pq.
        case dolbyVision = "Dolby Vision L1"
    }

    /// Consecutive frames with the same figures.
    public struct Run: Hashable, Sendable {
        /// The first frame's index in presentation order.
        public var firstFrame: Int
        /// The number of frames.
        public var frameCount: Int
        /// The first frame's presentation time in seconds (nil when the stream has none).
        public var startTime: Double?
        /// The last frame's presentation time in seconds (nil when the stream has none).
        public var endTime: Double?
        /// Whether a scene (HDR10+) or shot (Dolby Vision) starts at the first frame.
        public var startsScene: Bool
        /// HDR10+: the largest MaxSCL component; Dolby Vision: max_pq; cd/m².
        public var peak: Double
        /// HDR10+: average maxRGB; Dolby Vision: avg_pq; cd/m².
        public var average: Double
        /// Dolby Vision: min_pq in cd/m²; nil for HDR10+ (which has no minimum).
        public var minimum: Double?

        /// The last frame's index.
        public var lastFrame: Int { firstFrame + frameCount - 1 }
    }

    /// What the figures are.
    public var source: Source
    /// The runs, in presentation order.
    public var runs: [Run] = []
    /// Frames decoded without this metadata (or with it unreadable), after the first frame that had it.
    public var framesWithout = 0
    /// Why some frames' metadata could not be read: the distinct parse errors, at most ``maximumErrors``.
    public var errors: [String] = []
    /// The most distinct parse errors kept.
    public static let maximumErrors = 5

    /// The last HDR10+ metadata read, to find scene changes.
    private var lastHDR10Plus: HDR10PlusMetadata?
    /// The last payload and what it gave, so that a scene's repeated payload is parsed once.
    private var lastPayload: [UInt8] = []
    private var lastParsed: Parsed?

    /// Creates an empty timeline for `source`.
    public init(source: Source) {
        self.source = source
    }

    /// Equal when the figures are: source, runs, frames without and errors (not what was kept to read the next frame).
    public static func == (a: SceneLightLevels, b: SceneLightLevels) -> Bool {
        a.source == b.source && a.runs == b.runs && a.framesWithout == b.framesWithout && a.errors == b.errors
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(runs)
        hasher.combine(framesWithout)
        hasher.combine(errors)
    }

    /// The frames where a scene or shot starts.
    public var sceneCuts: [Int] { runs.filter(\.startsScene).map(\.firstFrame) }
    /// The number of scenes or shots.
    public var sceneCount: Int { runs.count { $0.startsScene } }
    /// The number of frames with figures.
    public var frameCount: Int { runs.reduce(0) { $0 + $1.frameCount } }
    /// The largest peak over all runs (cd/m²; 0 without runs).
    public var highestPeak: Double { runs.map(\.peak).max() ?? 0 }

    /// One payload's figures and, for HDR10+, its metadata (to compare with the next frame's).
    struct Parsed: Hashable {
        var figures: Figures
        var hdr10Plus: HDR10PlusMetadata?
    }

    /// One frame's figures.
    struct Figures: Hashable {
        var peak: Double
        var average: Double
        var minimum: Double?
        var startsScene: Bool
    }

    /// Adds frame `index` (presentation order, each index once and in order) with its metadata payload, nil when it
    /// has none: an HDR10+ ITU-T T.35 payload (`FrameHDRMetadata.hdr10PlusPayload`) or a Dolby Vision RPU
    /// (`FrameHDRMetadata.dolbyVisionRPUPayload`), according to ``source``.
    public mutating func add(frame index: Int, time: Double?, payload: [UInt8]?) {
        guard let payload, let figures = figures(payload) else {
            if !runs.isEmpty { framesWithout += 1 }
            return
        }
        if let last = runs.last, last.lastFrame + 1 == index, !figures.startsScene, last.peak == figures.peak,
            last.average == figures.average, last.minimum == figures.minimum
        {
            runs[runs.count - 1].frameCount += 1
            runs[runs.count - 1].endTime = time
        } else {
            runs.append(
                Run(
                    firstFrame: index, frameCount: 1, startTime: time, endTime: time, startsScene: figures.startsScene,
                    peak: figures.peak, average: figures.average, minimum: figures.minimum))
        }
    }

    /// The figures of one payload, nil (the error kept) when it cannot be read or has none. A payload equal to the
    /// previous frame's (a scene's repeated record) is not parsed again. Scene starts follow
    /// ``DynamicMetadataFrames``'s rule, shared with per-scene tone mapping.
    private mutating func figures(_ payload: [UInt8]) -> Figures? {
        if payload != lastPayload {
            lastPayload = payload
            lastParsed = parse(payload)
        }
        guard let parsed = lastParsed else { return nil }
        var figures = parsed.figures
        if source == .hdr10Plus, let record = parsed.hdr10Plus {
            figures.startsScene = DynamicMetadataFrames.startsScene(record, after: lastHDR10Plus)
            lastHDR10Plus = record
        }
        return figures
    }

    /// Parses one payload (``DynamicMetadataFrames``'s parsers): its figures and, for HDR10+, the metadata (to compare
    /// with the next frame's).
    private mutating func parse(_ payload: [UInt8]) -> Parsed? {
        switch source {
        case .hdr10Plus:
            let metadata: HDR10PlusMetadata
            switch DynamicMetadataFrames.hdr10Plus(payload) {
            case .success(let record): metadata = record
            case .failure(let failure):
                keep(failure.message)
                return nil
            }
            guard let window = metadata.windows.first else { return nil }
            let figures = Figures(
                peak: Double(window.maxSCLMaximum) / 10, average: Double(window.averageMaxRGB) / 10, minimum: nil,
                startsScene: false)
            return Parsed(figures: figures, hdr10Plus: metadata)
        case .dolbyVision:
            let dm: DolbyVisionRPU.DisplayManagement
            switch DynamicMetadataFrames.displayManagement(payload) {
            case .success(let value): dm = value
            case .failure(let failure):
                keep(failure.message)
                return nil
            }
            guard let l1 = DynamicMetadataFrames.level1(dm) else {
                keep("an RPU without an L1 block")
                return nil
            }
            let figures = Figures(
                peak: Self.luminance(pq: l1.maxPQ), average: Self.luminance(pq: l1.avgPQ),
                minimum: Self.luminance(pq: l1.minPQ), startsScene: DynamicMetadataFrames.startsShot(dm))
            return Parsed(figures: figures)
        }
    }

    /// Keeps a parse error's message unless already kept or ``maximumErrors`` are.
    private mutating func keep(_ error: String) {
        if errors.count < Self.maximumErrors, !errors.contains(error) { errors.append(error) }
    }

    /// A 12-bit PQ code (0…4095) in cd/m² (SMPTE ST 2084).
    public static func luminance(pq code: Int) -> Double {
        10_000 * TransferFunction.pq.toLinear(Double(min(max(code, 0), 4095)) / 4095)
    }

    /// The figures in a sentence, as a person would say them: the scenes (or shots), how many frames each holds and
    /// how bright each peaks, e.g. "Dolby Vision L1: 4 shots of one frame each, each peaking at 925 cd/m²";
    /// frames without figures and unreadable payloads after it.
    public var summary: String {
        guard !runs.isEmpty else { return "\(source.rawValue): no frame with readable figures" }
        let scenes = self.scenes
        let unit = source == .hdr10Plus ? "scene" : "shot"
        var text = "\(source.rawValue): " + Self.counted(scenes.count, unit)
        let frames = Set(scenes.map(\.frames))
        if let each = frames.first, frames.count == 1 {
            text += " of " + (each == 1 ? "one frame" : "\(each) frames") + (scenes.count == 1 ? "" : " each")
        } else {
            text += " over \(frameCount) frames"
        }
        let (lowest, highest) = (Self.format(scenes.map(\.peak).min()!), Self.format(scenes.map(\.peak).max()!))
        if lowest == highest {
            text += (scenes.count == 1 ? ", peaking at " : ", each peaking at ") + "\(lowest) cd/m²"
        } else {
            text += ", peaks from \(lowest) to \(highest) cd/m²"
        }
        if framesWithout > 0 { text += ", " + Self.counted(framesWithout, "frame") + " without" }
        if !errors.isEmpty { text += "; unreadable: " + errors.joined(separator: "; ") }
        return text
    }

    /// The scenes (or shots) with their frames and highest peak: a new one at each run that starts a scene, runs
    /// before the first cut counting as one.
    var scenes: [(frames: Int, peak: Double)] {
        var scenes: [(frames: Int, peak: Double)] = []
        for run in runs {
            if run.startsScene || scenes.isEmpty {
                scenes.append((run.frameCount, run.peak))
            } else {
                scenes[scenes.count - 1].frames += run.frameCount
                scenes[scenes.count - 1].peak = max(scenes[scenes.count - 1].peak, run.peak)
            }
        }
        return scenes
    }

    /// "1 shot", "4 shots".
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// A luminance with three significant digits, or whole above 100.
    static func format(_ value: Double) -> String {
        NumberFormat.reportLuminance(value)
    }
}
