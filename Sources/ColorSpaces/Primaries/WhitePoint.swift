/// A white point: the chromaticity that an RGB space's equal R = G = B maps to, with a name.
///
/// Its tristimulus values are normalised to Y = 1 (``xyz``). Equality compares the name as well as the chromaticity;
/// use ``isApproximatelyEqual(to:tolerance:)`` to compare colorimetry only.
public struct WhitePoint: Hashable, Sendable, CustomStringConvertible {
    /// The CIE 1931 xy chromaticity.
    public var chromaticity: Chromaticity
    /// A short human-readable name, e.g. "D65".
    public var name: String

    /// Creates a white point from a chromaticity and a name.
    @inlinable
    public init(_ chromaticity: Chromaticity, name: String) {
        self.chromaticity = chromaticity
        self.name = name
    }

    /// Creates a white point from CIE 1931 x and y.
    @inlinable
    public init(x: Double, y: Double, name: String) {
        self.init(Chromaticity(x: x, y: y), name: name)
    }

    /// The CIE x coordinate.
    @inlinable public var x: Double { chromaticity.x }
    /// The CIE y coordinate.
    @inlinable public var y: Double { chromaticity.y }

    /// The tristimulus values normalised to Y = 1: (x/y, 1, (1 − x − y)/y).
    @inlinable public var xyz: SIMD3<Double> { chromaticity.xyz(luminance: 1) }

    /// Whether the chromaticities differ by at most `tolerance` in x and in y; names are ignored.
    @inlinable
    public func isApproximatelyEqual(
        to other: WhitePoint,
        tolerance: Double = RGBPrimaries.defaultChromaticityTolerance
    ) -> Bool {
        chromaticity.isApproximatelyEqual(to: other.chromaticity, tolerance: tolerance)
    }

    public var description: String { "\(name) \(chromaticity)" }
}

extension WhitePoint {
    /// CIE standard illuminant D65 as ITU-R BT.709 / BT.2020 and ITU-T H.273 Table 2 round it: (0.3127, 0.3290).
    public static let d65 = WhitePoint(x: 0.3127, y: 0.3290, name: "D65")
    /// CIE illuminant D50 (ICC profile connection space, ROMM RGB), (0.3457, 0.3585) (ISO 22028-2; CIE 15).
    public static let d50 = WhitePoint(x: 0.3457, y: 0.3585, name: "D50")
    /// The DCI projector white of SMPTE RP 431-2 (H.273 ColourPrimaries 11), (0.314, 0.351).
    public static let dci = WhitePoint(x: 0.314, y: 0.351, name: "DCI")
    /// CIE illuminant C as ITU-T H.273 Table 2 gives it for BT.470 System M and generic film: (0.310, 0.316).
    /// (CIE 15 gives 0.31006, 0.31616.)
    public static let c = WhitePoint(x: 0.310, y: 0.316, name: "C")
    /// The equal-energy illuminant E, (1/3, 1/3) (SMPTE ST 428-1 XYZ, H.273 ColourPrimaries 10).
    public static let e = WhitePoint(x: 1.0 / 3.0, y: 1.0 / 3.0, name: "E")
    /// The ACES white of SMPTE ST 2065-1 (≈ D60), (0.32168, 0.33767).
    public static let aces = WhitePoint(x: 0.32168, y: 0.33767, name: "ACES")

    /// The named white points above.
    public static let all: [WhitePoint] = [.d65, .d50, .dci, .c, .e, .aces]
}
