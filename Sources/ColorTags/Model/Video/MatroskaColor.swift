import MediaSyntax

/// The Matroska `Video/Colour` element (Matroska specification §5.1.4.1.28.x) as stored: every child is optional, so
/// a missing one stays nil rather than taking the specification's default.
public struct MatroskaColor: Hashable, Sendable {
    /// `MatrixCoefficients` (H.273 Table 4).
    public var matrixCoefficients: UInt64?
    /// `BitsPerChannel`.
    public var bitsPerChannel: UInt64?
    /// `ChromaSubsamplingHorz`.
    public var chromaSubsamplingHorizontal: UInt64?
    /// `ChromaSubsamplingVert`.
    public var chromaSubsamplingVertical: UInt64?
    /// `ChromaSitingHorz`: 0 unspecified, 1 left collocated, 2 half.
    public var chromaSitingHorizontal: UInt64?
    /// `ChromaSitingVert`: 0 unspecified, 1 top collocated, 2 half.
    public var chromaSitingVertical: UInt64?
    /// `Range`: 0 unspecified, 1 broadcast (narrow), 2 full, 3 defined by the matrix and transfer.
    public var range: UInt64?
    /// `TransferCharacteristics` (H.273 Table 3).
    public var transferCharacteristics: UInt64?
    /// `Primaries` (H.273 Table 2).
    public var primaries: UInt64?
    /// `MaxCLL` in cd/m².
    public var maxCLL: UInt64?
    /// `MaxFALL` in cd/m².
    public var maxFALL: UInt64?
    /// `MasteringMetadata`: primaries and white point as CIE 1931 xy floats, luminances in cd/m² (missing children
    /// read as 0).
    public var masteringMetadata: MasteringDisplayColorVolume?

    /// Creates an empty element.
    public init() {}

    /// Whether `Range` says narrow (1) or full (2); nil when it is absent, 0 or 3.
    public var fullRange: Bool? {
        switch range {
        case 1: false
        case 2: true
        default: nil
        }
    }
}
