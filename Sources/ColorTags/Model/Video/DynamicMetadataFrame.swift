import MediaSyntax

/// One frame's dynamic HDR metadata as an MP4/QuickTime sample or a Matroska block carries it, kept per frame when
/// ``ReadLimits/maximumDynamicMetadataFrames`` allows (`hdrcolor inspect --per-frame`).
public struct DynamicMetadataFrame: Hashable, Sendable {
    /// The frame's index in decoding order (its sample or block), from 0.
    public var sample: Int
    /// What the frame's Dolby Vision RPU says; nil without one.
    public var rpu: RPUFigures?
    /// Why the frame's RPU could not be read; nil when it was, or when there is none.
    public var rpuProblem: String?
    /// What the frame's HDR10+ record says; nil without one.
    public var hdr10Plus: HDR10PlusFigures?

    /// Creates a value.
    public init(sample: Int, rpu: RPUFigures? = nil, rpuProblem: String? = nil, hdr10Plus: HDR10PlusFigures? = nil) {
        self.sample = sample
        self.rpu = rpu
        self.rpuProblem = rpuProblem
        self.hdr10Plus = hdr10Plus
    }

    /// A Dolby Vision RPU's per-frame figures.
    public struct RPUFigures: Hashable, Sendable {
        /// The profile the RPU's header points to (5, 7, 8 …), nil when it fits none.
        public var profile: Int?
        /// scene_refresh_flag: the frame starts a shot.
        public var startsShot: Bool
        /// Level 1: the frame's darkest, average and brightest PQ codes (12-bit); nil without a level 1 block.
        public var l1: Level1?

        /// Level 1 min_pq, avg_pq and max_pq.
        public struct Level1: Hashable, Sendable {
            /// min_pq: the frame's darkest value, a 12-bit PQ code (0…4095; cd/m² through the ST 2084 EOTF).
            public var minPQ: Int
            /// avg_pq: the frame's average, a 12-bit PQ code.
            public var averagePQ: Int
            /// max_pq: the frame's brightest value, a 12-bit PQ code (3079 ≈ 1000 cd/m²).
            public var maxPQ: Int

            /// Creates a value from PQ codes.
            public init(minPQ: Int, averagePQ: Int, maxPQ: Int) {
                (self.minPQ, self.averagePQ, self.maxPQ) = (minPQ, averagePQ, maxPQ)
            }
        }

        /// The figures of `rpu`.
        public init(_ rpu: DolbyVisionRPU) {
            profile = rpu.profile
            startsShot = rpu.displayManagement?.sceneRefresh == 1
            for block in rpu.displayManagement?.blocks ?? [] {
                if case .level1(let minPQ, let maxPQ, let avgPQ) = block {
                    l1 = Level1(minPQ: minPQ, averagePQ: avgPQ, maxPQ: maxPQ)
                }
            }
        }
    }

    /// An HDR10+ record's per-frame figures, in cd/m².
    public struct HDR10PlusFigures: Hashable, Sendable {
        /// targeted_system_display_maximum_luminance.
        public var targetedDisplayPeak: Double
        /// The largest MaxSCL component of the first window.
        public var maxSCL: Double
        /// The first window's average maxRGB.
        public var averageMaxRGB: Double

        /// The figures of `metadata`.
        public init(_ metadata: HDR10PlusMetadata) {
            targetedDisplayPeak = Double(metadata.targetedSystemDisplayMaximumLuminance)
            maxSCL = Double(metadata.windows.first?.maxSCLMaximum ?? 0) / 10
            averageMaxRGB = Double(metadata.windows.first?.averageMaxRGB ?? 0) / 10
        }
    }
}
