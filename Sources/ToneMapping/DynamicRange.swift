/// How much of a display's headroom HDR content may use: the three options of Apple's image views
/// (`preferredImageDynamicRange` = `.high`, `.constrainedHigh`, `.standard`; WWDC 2023 "Support HDR images in your
/// app").
///
/// - ``high``: use the display's headroom.
/// - ``constrainedHigh``: cap the headroom (2× by default, or ``constrainedHigh(maximumHeadroom:)``), so HDR
///   thumbnails sit beside SDR ones without making them look dull.
/// - ``standard``: tone map to SDR (headroom 1), like Core Image's `toneMapHDRtoSDR`.
///
/// Non-HDR content (content headroom ≤ 1) passes through unchanged in all three, and so does content that fits the
/// target headroom.
public struct DynamicRange: Hashable, Sendable {
    /// The largest headroom content may use (∞ for ``high``).
    public let maximumHeadroom: Double

    private init(maximumHeadroom: Double) {
        self.maximumHeadroom = maximumHeadroom
    }

    /// Use the display's full headroom.
    public static let high = DynamicRange(maximumHeadroom: .infinity)
    /// Use at most 2× headroom (one stop above reference white).
    public static let constrainedHigh = DynamicRange(maximumHeadroom: 2)
    /// Tone map to SDR: headroom 1.
    public static let standard = DynamicRange(maximumHeadroom: 1)

    /// Use at most `maximumHeadroom` (values below 1, NaN or non-finite negative count as 1; +∞ is ``high``).
    public static func constrainedHigh(maximumHeadroom: Double) -> DynamicRange {
        DynamicRange(maximumHeadroom: maximumHeadroom >= 1 ? maximumHeadroom : 1)
    }

    /// The headroom to tone map to on a display with `displayHeadroom`: min(display, cap), at least 1.
    public func targetHeadroom(displayHeadroom: Double) -> Double {
        let display = displayHeadroom.isFinite && displayHeadroom >= 1 ? displayHeadroom : 1
        return Swift.min(display, maximumHeadroom)
    }

    /// The operator that shows content of `contentHeadroom` on a display of `displayHeadroom` under this option.
    ///
    /// Returns ``ToneMapper/identity`` when the content is SDR (headroom ≤ 1) or fits the target headroom;
    /// otherwise `method` (the ``HeadroomCurve`` by default) from the content headroom to ``targetHeadroom(displayHeadroom:)``.
    public func toneMapper(
        contentHeadroom: Double,
        displayHeadroom: Double,
        method: ToneMappingMethod = .headroom,
        referenceWhite: Double = ReferenceWhite.bt2408
    ) -> ToneMapper {
        let target = targetHeadroom(displayHeadroom: displayHeadroom)
        guard contentHeadroom.isFinite, contentHeadroom > 1, contentHeadroom > target else { return .identity }
        return ToneMapper(
            method, contentHeadroom: contentHeadroom, displayHeadroom: target, referenceWhite: referenceWhite)
    }
}
