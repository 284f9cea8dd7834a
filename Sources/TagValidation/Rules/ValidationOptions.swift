public import ICC
import ColorTags

/// What `validate` checks beyond the always-on rules, and how findings are weighed.
public struct ValidationOptions: Hashable, Sendable {
    /// Policies every file must meet (`--require`).
    public var requirements: Set<Requirement>
    /// Rules whose findings are dropped.
    public var disabledRules: Set<RuleID>
    /// Severities that replace a rule's default.
    public var severityOverrides: [RuleID: Severity]
    /// Tolerance for primaries and white points, largest |Δx| or |Δy| in CIE 1931 xy (default 0.001, as
    /// `ICCProfile.defaultChromaticityTolerance`).
    public var chromaticityTolerance: Double
    /// Tolerance for tone curves, largest difference in linear light on 1025 signal values (default 0.001, as
    /// `ICCProfile.defaultCurveTolerance`: sRGB and gamma 2.2 differ by up to 0.006).
    public var curveTolerance: Double

    /// Creates options; defaults check every rule with the default tolerances and no policy.
    public init(
        requirements: Set<Requirement> = [], disabledRules: Set<RuleID> = [],
        severityOverrides: [RuleID: Severity] = [:],
        chromaticityTolerance: Double = ICCProfile.defaultChromaticityTolerance,
        curveTolerance: Double = ICCProfile.defaultCurveTolerance
    ) {
        self.requirements = requirements
        self.disabledRules = disabledRules
        self.severityOverrides = severityOverrides
        self.chromaticityTolerance = chromaticityTolerance
        self.curveTolerance = curveTolerance
    }

    /// Drops disabled rules and applies severity overrides.
    func weigh(_ findings: [Finding]) -> [Finding] {
        findings.compactMap { finding in
            guard !disabledRules.contains(finding.rule) else { return nil }
            var weighed = finding
            if let severity = severityOverrides[finding.rule] { weighed.severity = severity }
            return weighed
        }
    }
}

/// A policy a file must meet (`--require NAME`, or `require:` in `.hdrcolor.yml`).
public enum Requirement: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// ISO 22028-5 HDR: BT.2020 primaries, PQ or HLG, ≥ 10 bits per component, CICP or ICC present.
    case isoHDR = "iso-hdr"
    /// The effective colour is sRGB (BT.709 primaries, sRGB transfer); untagged PNG/JPEG count as sRGB.
    case sRGB = "srgb"
    /// The effective colour is Display P3 (P3-D65 primaries, sRGB transfer).
    case displayP3 = "display-p3"
    /// The file carries an explicit colour tag (no assumed sRGB or MIAF default).
    case tagged
    /// HDR: PQ or HLG, or a gain map with metadata.
    case hdr
    /// A gain map with ISO 21496-1 metadata.
    case gainMapISO = "gain-map-iso"
    /// A gain map with both ISO 21496-1 and XMP hdrgm metadata.
    case gainMapBoth = "gain-map-both"
    /// HDR10 (CTA-861.3, the HDR10 Media Profile): BT.2020 primaries, PQ, at least 10 bits, a mastering display
    /// colour volume and a content light level (in a box, Matroska element, SEI message or AV1 metadata OBU).
    case hdr10
    /// HLG (ITU-R BT.2100): BT.2020 primaries, HLG (also through the alternative transfer characteristics SEI), at
    /// least 10 bits.
    case hlg
    /// A Dolby Vision configuration record (`dvcC`, `dvvC`, `dvwC`, or a Matroska `BlockAdditionMapping`).
    case dolbyVision = "dolby-vision"
    /// CMAF (ISO/IEC 23000-19 §9.3.2.2): every MP4 video track of H.264 or HEVC has a `colr` box of type `nclx`,
    /// as HLS fMP4 and DASH delivery expect.
    case cmaf
    /// HDR10+: the ``hdr10`` requirements plus HDR10+ (SMPTE ST 2094-40) metadata that parses.
    case hdr10Plus = "hdr10plus"

    public var description: String { rawValue }

    /// The rule a failed requirement reports under.
    public var rule: RuleID {
        switch self {
        case .isoHDR: .policyISOHDR
        case .sRGB: .policySRGB
        case .displayP3: .policyDisplayP3
        case .tagged: .policyTagged
        case .hdr: .policyHDR
        case .gainMapISO: .policyGainMapISO
        case .gainMapBoth: .policyGainMapBoth
        case .hdr10: .policyHDR10
        case .hlg: .policyHLG
        case .dolbyVision: .policyDolbyVision
        case .cmaf: .policyCMAF
        case .hdr10Plus: .policyHDR10Plus
        }
    }
}
