extension ConversionRequest.Movie {
    /// Which content peak a movie's tone mapping maps from (`hdrcolor convert --source-peak`).
    public enum SourcePeak: String, CaseIterable, Hashable, Sendable {
        /// The movie's: MaxCLL and the mastering display's peak, the same curve for every frame (the default).
        case movie = "static"
        /// Each scene's, from the dynamic metadata where the frames carry it: HDR10+ (SMPTE ST 2094-40) the largest
        /// MaxSCL component of the frame's windows, Dolby Vision the RPU's level 1 max_pq; never above the mastering
        /// display's peak. Frames without dynamic metadata use the movie's peak. A dark scene is then mapped as dark
        /// as it was graded instead of being compressed for the movie's brightest highlight.
        case scene = "dynamic"
    }
}

/// One scene of a movie converted with per-scene tone mapping (``ConversionRequest/Movie-swift.struct/SourcePeak/scene``):
/// a run of frames whose dynamic metadata gave the same content peak, with what drove it.
public struct MovieScene: Hashable, Sendable, CustomStringConvertible {
    /// The scene's number, from 0.
    public var index: Int
    /// Its frames, counted from the first converted.
    public var frames: Range<Int>
    /// The content peak the tone mapping used, cd/m².
    public var sourcePeak: Double
    /// Where ``sourcePeak`` came from.
    public var origin: Origin
    /// The Dolby Vision trims the RPU carries (level 2 target peaks in cd/m², level 8 target display indices); the
    /// one for the target display is applied with ``ConversionRequest/Movie-swift.struct/DynamicCurve/metadata``
    /// (``curve`` says which).
    public var trims: [String]
    /// The tone curve the scene was mapped with: its peak into the request's operator, or its metadata's curve.
    public var curve: Curve = .peakOnly(note: nil)

    /// What drove a scene's peak.
    public enum Origin: Hashable, Sendable, CustomStringConvertible {
        /// HDR10+: the largest MaxSCL component of the frame's windows (0.1 cd/m² units in the metadata).
        case hdr10Plus(maxSCL: Double)
        /// Dolby Vision level 1 max_pq (12-bit PQ code).
        case dolbyVisionL1(maxPQ: Int)
        /// No dynamic metadata on these frames: the movie's static peak.
        case staticMetadata

        public var description: String {
            switch self {
            case .hdr10Plus(let maxSCL): "HDR10+ MaxSCL \(Self.nits(maxSCL))"
            case .dolbyVisionL1(let maxPQ): "Dolby Vision L1 max_pq \(maxPQ)"
            case .staticMetadata: "the movie's MaxCLL / mastering peak (no dynamic metadata)"
            }
        }

        static func nits(_ value: Double) -> String {
            let tenths = (value * 10).rounded() / 10
            return tenths == tenths.rounded() ? "\(Int(tenths)) cd/m²" : "\(tenths) cd/m²"
        }
    }

    public var description: String {
        "scene \(index): frames \(frames.lowerBound)…\(frames.upperBound - 1), peak \(Origin.nits(sourcePeak)) from "
            + "\(origin); \(curve)" + (trims.isEmpty ? "" : "; trims carried: \(trims.joined(separator: ", "))")
    }
}
