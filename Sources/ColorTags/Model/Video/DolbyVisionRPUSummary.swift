import MediaSyntax
import TransferFunctions

/// What the Dolby Vision RPUs of a stream say, gathered RPU by RPU in bounded memory (counts, ranges and short lists of
/// distinct values, never a list of frames), like dovi_tool's `info --summary`. PQ values are 12-bit codes (0…4095
/// for 0…10 000 cd/m²); ``nits(pq:)`` converts them.
public struct DolbyVisionRPUSummary: Hashable, Sendable {
    /// RPUs read, whether they parse or not.
    public var rpus = 0
    /// RPUs whose rpu_data_crc32 does not match their data.
    public var crcFailures = 0
    /// RPUs that break their syntax (too short, a value out of range, a disallowed block level).
    public var malformed = 0
    /// The first failure, naming the RPU (1-based) and the reason.
    public var firstFailure: String?
    /// The distinct Dolby Vision profiles the RPUs point to (sorted; 0 when a header fits none).
    public var profiles: [Int] = []
    /// The distinct enhancement-layer kinds of profile 7 RPUs: "FEL", "MEL" (sorted).
    public var enhancementLayers: [String] = []
    /// RPUs with CM v2.9 display-management data and with CM v4.0 extension blocks.
    public var cmV29RPUs = 0
    public var cmV40RPUs = 0
    /// Shots: RPUs with scene_refresh_flag 1.
    public var shots = 0
    /// Shots that hold no frame: an RPU starting a shot followed by another such RPU before any picture (a raw
    /// stream, where pictures are counted; every RPU of an RPU file is a frame).
    public var zeroFrameShots = 0
    /// RPUs whose scene_refresh_flag is neither 0 nor 1.
    public var invalidSceneRefresh = 0
    /// The distinct mastering displays of vdr_dm_data (source_min_pq, source_max_pq), as PQ codes.
    public var sourceMasteringPQ: [PQRange] = []
    /// The highest L1 max_pq and avg_pq: dovi_tool's "RPU content light level (L1)" MaxCLL and MaxFALL as PQ codes.
    public var maxL1MaxPQ: Int?
    public var maxL1AvgPQ: Int?
    /// The lowest and highest per-shot peak (the largest L1 max_pq within a shot), as PQ codes; frames before the
    /// first shot count as a shot.
    public var shotPeakPQ: PQRange? {
        guard let open = openShotPeak else { return closedShotPeaks }
        guard let closed = closedShotPeaks else { return PQRange(open, open) }
        return PQRange(Swift.min(closed.lower, open), Swift.max(closed.upper, open))
    }
    /// L1 blocks out of range: min_pq above avg_pq or avg_pq above max_pq.
    public var l1OutOfRange = 0
    /// The distinct level 6 blocks (the RPU's copy of the HDR10 static metadata).
    public var level6: [Level6] = []
    /// The distinct L2 trim targets (target_max_pq, PQ codes), sorted.
    public var l2TargetsPQ: [Int] = []
    /// The distinct L8 target displays (target_display_index), sorted.
    public var l8TargetDisplays: [Int] = []
    /// The range of each L5 active-area offset (pixels) over the RPUs that carry one.
    public var activeArea: ActiveArea?
    /// The distinct L9 source primaries indices and L11 content types, sorted.
    public var l9SourcePrimaries: [Int] = []
    public var l11ContentTypes: [Int] = []
    /// The distinct extension block levels present, sorted (e.g. [1, 2, 5, 6, 8, 9, 11, 254]).
    public var levels: [Int] = []

    private var closedShotPeaks: PQRange?
    private var openShotPeak: Int?
    private var picturesSinceShotStart = 0
    private var inShot = false

    /// The most distinct values kept per list (a stream with more is reported by its first ones).
    public static let maximumDistinct = 16

    /// A range of PQ codes, e.g. the mastering display's black and peak.
    public struct PQRange: Hashable, Sendable, Comparable {
        public var lower: Int
        public var upper: Int
        public init(_ lower: Int, _ upper: Int) { (self.lower, self.upper) = (lower, upper) }
        public static func < (a: PQRange, b: PQRange) -> Bool { (a.lower, a.upper) < (b.lower, b.upper) }
    }

    /// Level 6: mastering display peak and black, MaxCLL and MaxFALL, in cd/m².
    public struct Level6: Hashable, Sendable {
        public var masteringMaximum: Int
        public var masteringMinimum: Double
        public var maxCLL: Int
        public var maxFALL: Int
    }

    /// Level 5 offsets from each edge in pixels, each as the range over the RPUs.
    public struct ActiveArea: Hashable, Sendable {
        public var left: ClosedRange<Int>
        public var right: ClosedRange<Int>
        public var top: ClosedRange<Int>
        public var bottom: ClosedRange<Int>
    }

    public init() {}

    /// Luminance in cd/m² of a 12-bit PQ code (SMPTE ST 2084).
    public static func nits(pq: Int) -> Double { PQ.eotf(Double(pq) / 4095) }

    /// dovi_tool's DM version line: "1 (CM v2.9)", "2 (CM v4.0)" or "1 + 2 (CM 2.9 and 4.0)"; nil without DM data.
    public var dmVersion: String? {
        if cmV29RPUs == 0 && cmV40RPUs == 0 { return nil }
        if cmV40RPUs == cmV29RPUs { return "2 (CM v4.0)" }
        return cmV40RPUs == 0 ? "1 (CM v2.9)" : "1 + 2 (CM 2.9 and 4.0)"
    }

    /// The nits of an L8 target display index, as dovi_tool's `trim_target_nits` names Dolby's preset displays.
    public static func l8TargetNits(_ index: Int) -> Int {
        switch index {
        case 16, 18, 21: 48
        case 42: 108
        case 24, 25: 300
        case 27, 28: 600
        case 48, 49: 1000
        case 37, 38: 2000
        default: 100
        }
    }

    /// Counts a picture of the stream (a raw stream's access unit), for the shot lengths.
    mutating func picture() { picturesSinceShotStart += 1 }

    /// Counts an RPU that could not be read.
    mutating func add(_ error: DolbyVisionRPUError) {
        rpus += 1
        if case .crcMismatch = error { crcFailures += 1 } else { malformed += 1 }
        if firstFailure == nil { firstFailure = "RPU \(rpus): \(error)" }
    }

    /// Adds a parsed RPU; `countsAsPicture` when the RPU is its own frame (an RPU file).
    mutating func add(_ rpu: DolbyVisionRPU, countsAsPicture: Bool) {
        rpus += 1
        insert(rpu.profile ?? 0, into: &profiles)
        if let layer = rpu.enhancementLayer, rpu.profile == 7 { insert(layer.rawValue, into: &enhancementLayers) }
        guard let dm = rpu.displayManagement else { return }
        cmV29RPUs += 1
        if dm.cmV40 != nil { cmV40RPUs += 1 }
        if dm.sceneRefresh > 1 { invalidSceneRefresh += 1 }
        if dm.sceneRefresh == 1 {
            // In a raw stream the RPU follows its picture's slices: no picture since the last shot's RPU means
            // that shot holds none.
            if inShot, !countsAsPicture, picturesSinceShotStart == 0 { zeroFrameShots += 1 }
            shots += 1
            inShot = true
            picturesSinceShotStart = 0
            if let open = openShotPeak {
                closedShotPeaks =
                    closedShotPeaks.map { PQRange(Swift.min($0.lower, open), Swift.max($0.upper, open)) }
                    ?? PQRange(open, open)
            }
            openShotPeak = nil
        }
        if let minimum = dm.sourceMinPQ, let maximum = dm.sourceMaxPQ {
            insert(PQRange(minimum, maximum), into: &sourceMasteringPQ)
        }
        for block in dm.blocks { add(block) }
    }

    private mutating func add(_ block: DolbyVisionRPU.ExtensionBlock) {
        insert(Int(block.level), into: &levels)
        switch block {
        case .level1(let minPQ, let maxPQ, let avgPQ):
            maxL1MaxPQ = Swift.max(maxL1MaxPQ ?? 0, maxPQ)
            maxL1AvgPQ = Swift.max(maxL1AvgPQ ?? 0, avgPQ)
            openShotPeak = Swift.max(openShotPeak ?? 0, maxPQ)
            if minPQ > avgPQ || avgPQ > maxPQ { l1OutOfRange += 1 }
        case .level2(let trim): insert(trim.target, into: &l2TargetsPQ)
        case .level5(let area):
            activeArea = ActiveArea(
                left: widen(activeArea?.left, area.left), right: widen(activeArea?.right, area.right),
                top: widen(activeArea?.top, area.top), bottom: widen(activeArea?.bottom, area.bottom))
        case .level6(let l6):
            insert(
                Level6(
                    masteringMaximum: l6.masteringMaxNits,
                    masteringMinimum: Double(l6.masteringMinTenThousandths) / 10_000,
                    maxCLL: l6.maxCLL, maxFALL: l6.maxFALL), into: &level6)
        case .level8(let trim): insert(trim.target, into: &l8TargetDisplays)
        case .level9(let index): insert(index, into: &l9SourcePrimaries)
        case .level11(let contentType, _, _): insert(contentType, into: &l11ContentTypes)
        default: break
        }
    }

    private func widen(_ range: ClosedRange<Int>?, _ value: Int) -> ClosedRange<Int> {
        guard let range else { return value...value }
        return Swift.min(range.lowerBound, value)...Swift.max(range.upperBound, value)
    }

    /// Inserts `value` into the sorted list `list` unless present or full.
    private func insert<T: Comparable>(_ value: T, into list: inout [T]) {
        let index = list.firstIndex { $0 >= value } ?? list.endIndex
        guard index == list.endIndex || list[index] != value, list.count < Self.maximumDistinct else { return }
        list.insert(value, at: index)
    }
}

extension DolbyVisionRPUSummary.Level6: Comparable {
    public static func < (a: Self, b: Self) -> Bool {
        (a.masteringMaximum, a.masteringMinimum, a.maxCLL, a.maxFALL)
            < (b.masteringMaximum, b.masteringMinimum, b.maxCLL, b.maxFALL)
    }
}
