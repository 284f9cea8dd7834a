public import ColorSpaces
public import ColorTags
public import ICC

/// What decided the colour space of a decoded image, in the terms of the file's tags.
public struct ColorDecision: Hashable, Sendable, CustomStringConvertible {
    /// The tag kind that decided (CICP, ICC profile, sRGB chunk …), as ColorTags' precedence picked it.
    public var basis: EffectiveColor.Basis
    /// The colour space used.
    public var colorSpace: ColorSpace
    /// How the tag became ``colorSpace``, e.g. "ICC profile 'Display P3' matches Display P3".
    public var detail: String
    /// An ICC profile that matches no catalog colour space: ``colorSpace`` is then only an approximation (sRGB), and
    /// callers converting SDR content should transform through the profile (LittleCMS, `ICCTransform`).
    public var unmatchedProfile: ICCProfile?

    /// Creates a value.
    public init(
        basis: EffectiveColor.Basis, colorSpace: ColorSpace, detail: String, unmatchedProfile: ICCProfile? = nil
    ) {
        self.basis = basis
        self.colorSpace = colorSpace
        self.detail = detail
        self.unmatchedProfile = unmatchedProfile
    }

    /// E.g. "BT.2100 PQ (from CICP 9/16/0/1)".
    public var description: String { "\(colorSpace.name) (\(detail))" }
}
