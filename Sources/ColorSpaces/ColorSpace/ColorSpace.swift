import TransferFunctions

/// An RGB colour space: primaries and white point, a transfer function, and what happens outside [0, 1].
///
/// Values of the same space are linked to Apple's `CGColorSpace` names where one exists
/// (``cgColorSpaceName``), and have a kebab-case ``identifier`` for command lines (``named(_:)`` finds either).
public struct ColorSpace: Hashable, Sendable, CustomStringConvertible {
    /// A human-readable name, e.g. "Display P3".
    public var name: String
    /// The primaries and white point.
    public var primaries: RGBPrimaries
    /// The transfer function between the encoded signal and linear light.
    public var transferFunction: TransferFunction
    /// How values outside [0, 1] are treated: `OutOfRangeBehavior.extended` for Apple's "extended" spaces (values
    /// below 0 and above 1 are meaningful), `OutOfRangeBehavior.clamped` otherwise.
    public var outOfRange: OutOfRangeBehavior
    /// The `CGColorSpace` name string Apple platforms use for this space (e.g. "kCGColorSpaceDisplayP3"), if any.
    public var cgColorSpaceName: String?
    /// A short kebab-case identifier, e.g. "extended-linear-display-p3", if the space has one.
    public var identifier: String?

    /// Creates a colour space.
    public init(
        name: String,
        primaries: RGBPrimaries,
        transferFunction: TransferFunction,
        outOfRange: OutOfRangeBehavior = .clamped,
        cgColorSpaceName: String? = nil,
        identifier: String? = nil
    ) {
        self.name = name
        self.primaries = primaries
        self.transferFunction = transferFunction
        self.outOfRange = outOfRange
        self.cgColorSpaceName = cgColorSpaceName
        self.identifier = identifier
    }

    /// Whether the space is linear (its transfer function is `TransferFunction.linear`).
    public var isLinear: Bool { transferFunction == .linear }

    /// Whether the space is HDR-encoded (PQ or HLG).
    public var isHDR: Bool { transferFunction == .pq || transferFunction == .hlg }

    public var description: String { name }
}
