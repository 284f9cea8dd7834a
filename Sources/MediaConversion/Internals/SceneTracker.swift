import MediaSyntax
import ToneMapping
import TransferFunctions
import VideoFiles

/// What one scene's tone mapping is built from: its peak into the request's operator, or a curve its dynamic
/// metadata describes for the target display (``ConversionRequest/Movie-swift.struct/DynamicCurve/metadata``).
enum SceneMapping: Hashable {
    /// The request's operator from this content peak, cd/m².
    case peak(Double)
    /// The scene's HDR10+ knee and Bézier curve.
    case hdr10Plus(HDR10PlusBezierCurve)
    /// The Dolby Vision shot's L1 curve and trim.
    case dolbyVision(DolbyVisionToneCurve)
}

/// Per-scene tone mapping of a movie from its frames' dynamic metadata (``ConversionRequest/Movie-swift.struct/SourcePeak/scene``),
/// and the scenes it forms for the report. Disabled, it gives no mapping and records nothing.
///
/// A scene starts where ``DynamicMetadataFrames`` says one starts (Dolby Vision scene_refresh_flag, an HDR10+ record
/// that differs from the previous frame's) or where what drives the tone mapping changes.
struct SceneTracker {
    let enabled: Bool
    /// Whether the metadata's curves are used where they fit the target (``ConversionRequest/Movie-swift.struct/DynamicCurve``).
    let followsCurves: Bool
    /// The movie's static content peak (MaxCLL, mastering display), cd/m²: frames without dynamic metadata.
    let staticPeak: Double
    /// The mastering display's peak, cd/m²: no scene's peak is above it.
    let masteringPeak: Double?
    /// The target display's peak in cd/m² (display headroom × reference white); nil when nothing is tone mapped.
    let targetPeak: Double?
    /// The luminance of linear 1.0, cd/m², and how curves are applied (the source primaries' luminance).
    let referenceWhite: Double
    let application: ToneCurveApplication
    private(set) var scenes: [MovieScene] = []
    private var frameCount = 0
    /// The last payloads and what they gave: a scene repeats its record on every frame.
    private var lastHDR10PlusPayload: [UInt8]?
    private var lastHDR10Plus: Result<HDR10PlusMetadata, DynamicMetadataFrames.ParseFailure>?
    private var lastRPUPayload: [UInt8]?
    private var lastRPU: Result<DolbyVisionRPU.DisplayManagement, DynamicMetadataFrames.ParseFailure>?
    /// The last HDR10+ record read (frames without one in between keep it), for the scene-start rule.
    private var previousRecord: HDR10PlusMetadata?

    /// The largest distance between an L2/L8 trim's target and the target display, in 12-bit PQ codes (1 % of the
    /// scale: about ±8 % in luminance at 100 cd/m², ±10 % at 1000).
    static let trimTolerance = 41
    /// The largest relative distance between an HDR10+ record's targeted display peak and the target display's at
    /// which its curve is applied as coded; beyond it, the curve is adapted (``HDR10PlusBezierCurve/adapted``).
    static let hdr10PlusTargetTolerance = 0.02

    init(
        enabled: Bool, followsCurves: Bool = false, staticPeak: Double, masteringPeak: Double?,
        targetPeak: Double? = nil, referenceWhite: Double = ReferenceWhite.bt2408,
        application: ToneCurveApplication = .maxRGB
    ) {
        self.enabled = enabled
        self.followsCurves = followsCurves
        self.staticPeak = staticPeak
        self.masteringPeak = masteringPeak.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.targetPeak = targetPeak.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.referenceWhite = referenceWhite
        self.application = application
    }

    /// The tone mapping for `frame`, nil when disabled; records the frame's scene.
    mutating func mapping(for frame: VideoFrame) -> SceneMapping? { mapping(for: frame.hdr) }

    /// The tone mapping for a frame of this metadata, nil when disabled; records the frame's scene. A Dolby Vision RPU
    /// (level 1) is preferred to HDR10+ (the largest MaxSCL component of the windows); metadata that does not parse
    /// counts as absent.
    mutating func mapping(for hdr: FrameHDRMetadata) -> SceneMapping? {
        guard enabled else { return nil }
        var origin = MovieScene.Origin.staticMetadata
        var peak = staticPeak
        var starts = false
        var trims: [String] = []
        var curve = MovieScene.Curve.peakOnly(note: nil)
        var mapping: SceneMapping?
        var record: HDR10PlusMetadata?
        if let dm = displayManagement(hdr.dolbyVisionRPUPayload), let l1 = DynamicMetadataFrames.level1(dm) {
            starts = DynamicMetadataFrames.startsShot(dm)
            origin = .dolbyVisionL1(maxPQ: l1.maxPQ)
            peak = Self.nits(pq: l1.maxPQ)
            for block in dm.blocks {
                switch block {
                case .level2(let trim): trims.append("L2 for \(MovieScene.Origin.nits(Self.nits(pq: trim.target)))")
                case .level8(let trim): trims.append("L8 for target display \(trim.target)")
                default: break
                }
            }
            if followsCurves, let target = targetPeak {
                let selected = Self.trim(for: target, in: dm.blocks)
                let dv = DolbyVisionToneCurve(
                    sourceMinimum: Self.nits(pq: l1.minPQ), sourceAverage: Self.nits(pq: l1.avgPQ),
                    sourceMaximum: peak, targetPeak: target,
                    trim: selected.map {
                        DolbyVisionTrim(
                            slopeCode: $0.trim.slope, offsetCode: $0.trim.offset, powerCode: $0.trim.power,
                            chromaWeightCode: $0.trim.chromaWeight, saturationGainCode: $0.trim.saturationGain)
                    }, referenceWhite: referenceWhite, application: application)
                mapping = .dolbyVision(dv)
                curve = .dolbyVision(trimLevel: selected?.level, targetPeak: target)
            }
        } else if let metadata = hdr10Plus(hdr.hdr10PlusPayload), metadata.maxSCLMaximum > 0 {
            record = metadata
            starts = DynamicMetadataFrames.startsScene(metadata, after: previousRecord)
            let maxSCL = Double(metadata.maxSCLMaximum) / 10
            origin = .hdr10Plus(maxSCL: maxSCL)
            peak = maxSCL
            if followsCurves, let target = targetPeak, let window = metadata.windows.first,
                let bezier = window.toneMapping, window.maxSCLMaximum > 0
            {
                let targeted = Double(metadata.targetedSystemDisplayMaximumLuminance)
                let sceneMaximum = Double(window.maxSCLMaximum) / 10
                let (kx, ky) = (Double(bezier.kneePointX) / 4095, Double(bezier.kneePointY) / 4095)
                let anchors = bezier.anchors.map { Double($0) / 1023 }
                if abs(targeted - target) <= Self.hdr10PlusTargetTolerance * target {
                    mapping = .hdr10Plus(
                        HDR10PlusBezierCurve(
                            kneePointX: kx, kneePointY: ky, anchors: anchors, sceneMaximum: sceneMaximum,
                            targetPeak: target, referenceWhite: referenceWhite, application: application))
                    curve = .hdr10Plus(
                        kneeX: kx, kneeY: ky, anchors: anchors.count, targetedPeak: target, targetPeak: target)
                } else if targeted <= 0 {
                    curve = .peakOnly(note: "the HDR10+ record names no targeted display for its curve")
                } else if target >= sceneMaximum {
                    curve = .peakOnly(note: "the scene fits the display: its curve compresses nothing")
                } else {
                    mapping = .hdr10Plus(
                        HDR10PlusBezierCurve.adapted(
                            kneePointX: kx, kneePointY: ky, anchors: anchors, sceneMaximum: sceneMaximum,
                            targetedPeak: targeted, targetPeak: target, referenceWhite: referenceWhite,
                            application: application))
                    curve = .hdr10Plus(
                        kneeX: kx, kneeY: ky, anchors: anchors.count, targetedPeak: targeted, targetPeak: target)
                }
            }
        }
        if let record { previousRecord = record }
        peak = max(1, min(peak, masteringPeak ?? peak))
        if let last = scenes.last, !starts, last.sourcePeak == peak, last.origin == origin, last.trims == trims,
            last.curve == curve
        {
            scenes[scenes.count - 1].frames = last.frames.lowerBound..<frameCount + 1
        } else {
            var scene = MovieScene(
                index: scenes.count, frames: frameCount..<frameCount + 1, sourcePeak: peak, origin: origin,
                trims: trims)
            scene.curve = curve
            scenes.append(scene)
        }
        frameCount += 1
        return mapping ?? .peak(peak)
    }

    /// The RPU's display management, parsed once per distinct payload; nil when absent or unreadable.
    private mutating func displayManagement(_ payload: [UInt8]?) -> DolbyVisionRPU.DisplayManagement? {
        guard let payload else { return nil }
        if payload != lastRPUPayload {
            lastRPUPayload = payload
            lastRPU = DynamicMetadataFrames.displayManagement(payload)
        }
        return try? lastRPU?.get()
    }

    /// The HDR10+ record, parsed once per distinct payload; nil when absent or unreadable.
    private mutating func hdr10Plus(_ payload: [UInt8]?) -> HDR10PlusMetadata? {
        guard let payload else { return nil }
        if payload != lastHDR10PlusPayload {
            lastHDR10PlusPayload = payload
            lastHDR10Plus = DynamicMetadataFrames.hdr10Plus(payload)
        }
        return try? lastHDR10Plus?.get()
    }

    /// The trim for a display of `targetPeak` cd/m²: the level 2 block whose target_max_pq, or the level 8 block
    /// whose target display (its level 10 block's target_max_pq) is nearest the target's 12-bit PQ code, within
    /// ``trimTolerance``; level 8 (content mapping v4.0) wins a tie. A level 8 block without a level 10 block of
    /// its index refers to Dolby's predefined target displays, whose table is not published: it is not chosen.
    static func trim(for targetPeak: Double, in blocks: [DolbyVisionRPU.ExtensionBlock])
        -> (level: Int, trim: DolbyVisionRPU.ExtensionBlock.Trim)?
    {
        let code = PQ.inverseEOTF(targetPeak) * 4095
        var displays: [Int: Int] = [:]
        for case .level10(let index, let maxPQ, _, _) in blocks { displays[index] = maxPQ }
        var best: (level: Int, trim: DolbyVisionRPU.ExtensionBlock.Trim, distance: Double)?
        for block in blocks {
            let candidate: (Int, DolbyVisionRPU.ExtensionBlock.Trim, Int)
            switch block {
            case .level2(let trim): candidate = (2, trim, trim.target)
            case .level8(let trim):
                guard let maxPQ = displays[trim.target] else { continue }
                candidate = (8, trim, maxPQ)
            default: continue
            }
            let distance = abs(Double(candidate.2) - code)
            guard distance <= Double(trimTolerance) else { continue }
            if let current = best, distance > current.distance || (distance == current.distance && current.level == 8) {
                continue
            }
            best = (candidate.0, candidate.1, distance)
        }
        return best.map { ($0.level, $0.trim) }
    }

    /// A 12-bit PQ code's luminance, cd/m².
    static func nits(pq code: Int) -> Double {
        PQ.eotf(Double(code) / 4095)
    }
}
