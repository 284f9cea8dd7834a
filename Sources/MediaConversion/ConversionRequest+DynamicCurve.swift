extension ConversionRequest.Movie {
    /// What per-scene tone mapping (``SourcePeak/scene``) takes from each scene's dynamic metadata
    /// (`hdrcolor convert --dynamic-curve`).
    public enum DynamicCurve: String, CaseIterable, Hashable, Sendable {
        /// The scene's peak only (HDR10+ MaxSCL, Dolby Vision L1 max), into the request's tone-mapping operator (the
        /// default).
        case peakOnly = "peak"
        /// The curve the metadata describes for the target display, where it describes one: the HDR10+ knee and
        /// Bézier curve (SMPTE ST 2094-40) as coded when the record's targeted display peak is the target's (within
        /// 2 %), else adapted to the target as libplacebo adapts it (a scene that fits the display takes its peak);
        /// the Dolby Vision shot's level 1 min/avg/max curve (after SMPTE ST 2094-10) with the level 2 or level 8
        /// trim for the target display, when one is within 41 PQ codes (1 % of the PQ scale) of it. Other scenes take
        /// their peak only. The target display's peak is the display headroom × the reference white.
        case metadata
    }
}
