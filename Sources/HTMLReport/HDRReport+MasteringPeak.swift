import SignalCoding
import ColorTags

extension HDRReport {
    /// The peak luminance of the display the pictures were mastered on, and where the file states it.
    public struct MasteringPeak: Hashable, Sendable {
        /// Where the peak comes from, in the order the report looks.
        public enum Source: String, Hashable, Sendable {
            /// The static mastering display colour volume (`mdcv`, SEI 137, Matroska `MasteringMetadata`).
            case masteringDisplay = "mastering display"
            /// A Dolby Vision RPU's level 6, its copy of the HDR10 metadata (the highest of its distinct blocks).
            case dolbyVisionLevel6 = "Dolby Vision L6"
            /// A Dolby Vision RPU's source range (`source_max_pq` of `vdr_dm_data`, the highest of its distinct
            /// ranges).
            case dolbyVisionSourceRange = "Dolby Vision RPU source range"
        }

        /// The peak in cd/m².
        public var luminance: Double
        /// Where it comes from.
        public var source: Source

        /// The peak with its source unless that is the static mastering display, e.g. `1000 cd/m² (Dolby Vision L6)`;
        /// a PQ code's to the three significant digits it holds (3079: 1000.7 cd/m², shown as 1000).
        var label: String {
            let shown = source == .dolbyVisionSourceRange ? Double(luminance.significant(3))! : luminance
            return "\(SceneLightLevels.format(shown)) cd/m²"
                + (source == .masteringDisplay ? "" : " (\(source.rawValue))")
        }
    }

    /// The mastering peak: the static mastering display's, else the Dolby Vision RPUs' level 6, else their source
    /// range; nil when the file states none (a zero counts as none).
    public var masteringPeak: MasteringPeak? {
        if let peak = masteringDisplay?.maximumLuminance, peak > 0 {
            return MasteringPeak(luminance: peak, source: .masteringDisplay)
        }
        let rpus = tagging?.images.first { $0.video != nil }?.video?.dolbyVisionRPUSummary?.value
        if let l6 = rpus?.level6.map(\.masteringMaximum).max(), l6 > 0 {
            return MasteringPeak(luminance: Double(l6), source: .dolbyVisionLevel6)
        }
        if let pq = rpus?.sourceMasteringPQ.map(\.upper).max(), pq > 0 {
            return MasteringPeak(luminance: DolbyVisionRPUSummary.nits(pq: pq), source: .dolbyVisionSourceRange)
        }
        return nil
    }
}
