public import ColorSpaces

/// A cataloged colour space that a matrix/TRC profile encodes, with how closely it matched.
public struct ICCColorSpaceMatch: Hashable, Sendable {
    /// The colour space.
    public var colorSpace: ColorSpace
    /// The largest |Δx| or |Δy| between the profile's primaries and white (after undoing the PCS adaptation) and the
    /// colour space's.
    public var chromaticityError: Double
    /// The largest |Δ| between a profile tone curve and the colour space's `toLinear` (clamped) on the comparison
    /// grid, in linear units (1.0 = the curve's peak).
    public var curveError: Double
}
