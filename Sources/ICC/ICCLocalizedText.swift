/// One translation of a multi-localised text (ICC.1:2022 §10.15 multiLocalizedUnicodeType).
public struct ICCLocalizedString: Hashable, Sendable {
    /// ISO 639-1 language code, e.g. "en"; empty when the record has none.
    public var language: String
    /// ISO 3166-1 country code, e.g. "US"; empty when the record has none.
    public var country: String
    /// The text.
    public var text: String

    /// A translation.
    public init(language: String, country: String, text: String) {
        self.language = language
        self.country = country
        self.text = text
    }
}

/// A text tag with all its translations (`desc`, `cprt`; mluc in v4, textDescriptionType/textType in v2).
public struct ICCLocalizedText: Hashable, Sendable {
    /// Every translation, in the tag's order.
    public var translations: [ICCLocalizedString]

    /// A text with the given translations.
    public init(translations: [ICCLocalizedString]) { self.translations = translations }

    /// The en-US text, else the first English one, else the first translation; nil when there is none.
    public var text: String? {
        (translations.first { $0.language == "en" && $0.country == "US" }
            ?? translations.first { $0.language == "en" } ?? translations.first)?.text
    }
}

/// Whether the header's profile ID (ICC.1:2022 §7.2.18) matches the MD5 of the profile.
public enum ICCProfileIDStatus: Hashable, Sendable {
    /// The ID field is all zero (allowed: the ID is optional).
    case absent
    /// The ID matches the computed MD5.
    case verified
    /// The ID differs from the computed MD5 (the profile was changed after the ID was computed, or is corrupt; in
    /// version 2 profiles the field was reserved and may hold anything).
    case mismatch(computed: [UInt8])
}
