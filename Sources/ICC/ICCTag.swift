/// One entry of the tag table (ICC.1:2022 §7.3) with the type signature found at the start of the tag's data (§10).
public struct ICCTagEntry: Hashable, Sendable {
    /// Tag signature, e.g. 'rTRC'.
    public var signature: ICCSignature
    /// Type signature, e.g. 'curv' or 'para'.
    public var typeSignature: ICCSignature
    /// Offset of the tag data from the start of the profile, in bytes.
    public var offset: Int
    /// Size of the tag data in bytes.
    public var size: Int
}

/// A tag that is present but could not be decoded.
public struct ICCTagProblem: Hashable, Sendable {
    /// The tag signature.
    public var tag: ICCSignature
    /// LittleCMS's messages (may be empty when it gave none).
    public var messages: [String]
}
