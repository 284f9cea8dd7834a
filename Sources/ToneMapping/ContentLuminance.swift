/// What a file says about the brightness of its content, and the content headroom that follows.
///
/// Headroom H is peak luminance ÷ reference white (EDR convention: linear 1.0 = reference white). The content
/// peak is the smallest of the known, positive values among MaxCLL (CTA-861.3 content light level) and the
/// mastering display's peak (SMPTE ST 2086 / mDCV): content cannot be brighter than either. Without either, the
/// peak is ``defaultPeakLuminance`` (1000 cd/m², the usual HDR10 mastering peak and BT.2100 HLG's nominal peak).
/// A gain map states its headroom directly: see ``GainMapMetadata/alternateHeadroomRatio``.
public struct ContentLuminance: Hashable, Sendable {
    /// The mastering display's peak luminance in cd/m² (ST 2086 max_display_mastering_luminance), if known.
    public var masteringPeak: Double?
    /// The mastering display's black level in cd/m² (ST 2086 min_display_mastering_luminance), if known.
    public var masteringBlack: Double?
    /// The maximum content light level (MaxCLL) in cd/m², if known. 0 means unknown (CTA-861.3).
    public var maxContentLightLevel: Double?

    /// The peak assumed when no metadata gives one: 1000 cd/m².
    public static let defaultPeakLuminance = 1000.0

    /// Creates a description from metadata; leave unknown values `nil` (or 0, which the standards use for unknown).
    public init(masteringPeak: Double? = nil, masteringBlack: Double? = nil, maxContentLightLevel: Double? = nil) {
        self.masteringPeak = masteringPeak
        self.masteringBlack = masteringBlack
        self.maxContentLightLevel = maxContentLightLevel
    }

    /// The content's peak luminance in cd/m²: the smallest known positive finite value of MaxCLL and the mastering
    /// peak, or ``defaultPeakLuminance``.
    public var peakLuminance: Double {
        let known = [maxContentLightLevel, masteringPeak].compactMap { $0 }.filter { $0.isFinite && $0 > 0 }
        return known.min() ?? Self.defaultPeakLuminance
    }

    /// The content's black level in cd/m²: the mastering black when known, finite and ≥ 0, else 0.
    public var blackLuminance: Double {
        guard let black = masteringBlack, black.isFinite, black >= 0 else { return 0 }
        return black
    }

    /// The content headroom, ``peakLuminance`` ÷ `referenceWhite`, never below 1 (content is at least SDR).
    ///
    /// - Parameter referenceWhite: The luminance of linear 1.0 in cd/m² (203 by default; see ``ReferenceWhite``).
    ///   Non-positive or non-finite values give headroom 1.
    public func headroom(referenceWhite: Double = ReferenceWhite.bt2408) -> Double {
        guard referenceWhite.isFinite, referenceWhite > 0 else { return 1 }
        return Swift.max(peakLuminance / referenceWhite, 1)
    }
}
