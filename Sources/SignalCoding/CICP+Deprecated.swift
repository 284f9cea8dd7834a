// The British spellings of identifiers before issue 43 (one spelling in identifiers: Color), kept for one release.

extension CICP {
    @available(*, deprecated, renamed: "ColorPrimaries")
    public typealias ColourPrimaries = ColorPrimaries

    @available(*, deprecated, renamed: "colorPrimaries")
    public var colourPrimaries: UInt8 {
        get { colorPrimaries }
        set { colorPrimaries = newValue }
    }

    @available(
        *, deprecated, renamed: "init(colorPrimaries:transferCharacteristics:matrixCoefficients:videoFullRange:)"
    )
    public init(colourPrimaries: UInt8, transferCharacteristics: UInt8, matrixCoefficients: UInt8, videoFullRange: Bool)
    {
        self.init(
            colorPrimaries: colourPrimaries, transferCharacteristics: transferCharacteristics,
            matrixCoefficients: matrixCoefficients, videoFullRange: videoFullRange)
    }
}

extension CICP.Field {
    @available(*, deprecated, renamed: "colorPrimaries")
    public static var colourPrimaries: Self { .colorPrimaries }
}

extension CICP.NameTableRow.Subject {
    @available(*, deprecated, renamed: "colorPrimaries")
    public static func colourPrimaries(_ code: CICP.ColorPrimaries) -> Self { .colorPrimaries(code) }
}
