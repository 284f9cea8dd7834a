// The British spellings of identifiers before issue 43 (one spelling in identifiers: Color), kept for one release.

@available(*, deprecated, renamed: "MatroskaColor")
public typealias MatroskaColour = MatroskaColor

extension CICPTag.Source {
    @available(*, deprecated, renamed: "matroskaColor")
    public static var matroskaColour: Self { .matroskaColor }
}

extension ImageTags {
    @available(*, deprecated, renamed: "colorBoxTypes")
    public var colourBoxTypes: [Located<String>] {
        get { colorBoxTypes }
        set { colorBoxTypes = newValue }
    }
}
