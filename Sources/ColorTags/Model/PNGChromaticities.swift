public import ColorSpaces

/// The PNG `cHRM` chunk: white point and primaries (CIE 1931 xy).
public struct PNGChromaticities: Hashable, Sendable {
    /// White point.
    public var white: Chromaticity
    /// Red primary.
    public var red: Chromaticity
    /// Green primary.
    public var green: Chromaticity
    /// Blue primary.
    public var blue: Chromaticity

    /// The chromaticities as primaries (for comparisons through ColorSpaces).
    public var primaries: RGBPrimaries {
        RGBPrimaries(red: red, green: green, blue: blue, white: WhitePoint(white, name: "cHRM white"), name: "PNG cHRM")
    }
}
