import MediaSyntax
import VideoFiles

/// Per-scene content peaks of a movie from its frames' dynamic metadata (``ConversionRequest/Movie-swift.struct/SourcePeak/scene``),
/// and the scenes they form for the report. Disabled, it gives no peak and records nothing.
struct SceneTracker {
    let enabled: Bool
    /// The movie's static content peak (MaxCLL, mastering display), cd/m²: frames without dynamic metadata.
    let staticPeak: Double
    /// The mastering display's peak, cd/m²: no scene is brighter.
    let masteringPeak: Double?
    private(set) var scenes: [MovieScene] = []
    private var frameCount = 0

    init(enabled: Bool, staticPeak: Double, masteringPeak: Double?) {
        self.enabled = enabled
        self.staticPeak = staticPeak
        self.masteringPeak = masteringPeak.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    /// The content peak (cd/m², at least 1) to tone map `frame` from, nil when disabled; records the frame's scene.
    /// A Dolby Vision RPU (level 1 max_pq; scene_refresh_flag starts a scene) is preferred to HDR10+ (the largest
    /// MaxSCL component of the windows); metadata that does not parse counts as absent.
    mutating func peak(for frame: VideoFrame) -> Double? {
        guard enabled else { return nil }
        var origin = MovieScene.Origin.staticMetadata
        var peak = staticPeak
        var refresh = false
        var trims: [String] = []
        if let payload = frame.hdr.dolbyVisionRPUPayload, let rpu = try? DolbyVisionRPU.parse(payload),
            let dm = rpu.displayManagement
        {
            refresh = dm.sceneRefresh != 0
            for block in dm.blocks {
                switch block {
                case .level1(_, let maxPQ, _):
                    origin = .dolbyVisionL1(maxPQ: maxPQ)
                    peak = Self.nits(pq: maxPQ)
                case .level2(let trim): trims.append("L2 for \(MovieScene.Origin.nits(Self.nits(pq: trim.target)))")
                case .level8(let trim): trims.append("L8 for target display \(trim.target)")
                default: break
                }
            }
        } else if let t35 = frame.hdr.hdr10PlusPayload, let metadata = try? HDR10PlusMetadata.parse(t35: t35),
            metadata.maxSCLMaximum > 0
        {
            let maxSCL = Double(metadata.maxSCLMaximum) / 10
            origin = .hdr10Plus(maxSCL: maxSCL)
            peak = maxSCL
        }
        peak = max(1, min(peak, masteringPeak ?? peak))
        if let last = scenes.last, !refresh, last.sourcePeak == peak, last.origin == origin, last.trims == trims {
            scenes[scenes.count - 1].frames = last.frames.lowerBound..<frameCount + 1
        } else {
            scenes.append(
                MovieScene(
                    index: scenes.count, frames: frameCount..<frameCount + 1, sourcePeak: peak, origin: origin,
                    trims: trims))
        }
        frameCount += 1
        return peak
    }

    /// A 12-bit PQ code's luminance, cd/m².
    static func nits(pq code: Int) -> Double {
        10_000 * DolbyVisionComposition.pqEOTF(Double(code) / 4095)
    }
}
