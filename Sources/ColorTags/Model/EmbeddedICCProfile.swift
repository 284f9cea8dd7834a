public import ICC
import MediaSyntax

/// An ICC profile embedded in an image (PNG `iCCP`, JPEG `APP2 ICC_PROFILE`, ISOBMFF `colr` `prof`/`rICC`) or read
/// from an `.icc` file.
public struct EmbeddedICCProfile: Hashable, Sendable {
    /// The profile name of a PNG `iCCP` chunk (Latin-1 keyword), nil elsewhere.
    public var name: String?
    /// The profile bytes as stored (inflated for PNG).
    public var bytes: [UInt8]
    /// The parsed profile, or nil when it does not parse (see ``parseError``).
    public var profile: ICCProfile?
    /// Why the profile does not parse.
    public var parseError: ICCError?

    /// Parses `bytes` as a profile, recording a failure instead of throwing.
    public init(bytes: [UInt8], name: String? = nil, maximumSize: Int = ICCProfile.defaultMaximumSize) {
        self.name = name
        self.bytes = bytes
        do {
            profile = try ICCProfile(bytes: bytes, maximumSize: maximumSize)
            parseError = nil
        } catch {
            profile = nil
            parseError = error
        }
    }

    /// The profile description (`desc`), sanitised for terminals; nil without one.
    public var profileDescription: String? { profile?.profileDescription?.text.map(TextSanitizer.sanitize) }

    /// Whether the profile is LUT-based (has `A2B0`/`B2A0`/`A2B1`… tags) rather than a pure matrix/TRC profile.
    public var isLUTBased: Bool {
        guard let profile else { return false }
        let lutTags: Set<String> = ["A2B0", "A2B1", "A2B2", "B2A0", "B2A1", "B2A2", "D2B0", "B2D0"]
        return profile.tags.contains { lutTags.contains($0.signature.description) }
    }
}
