/// A CIE 1931 xy chromaticity coordinate.
///
/// `z = 1 − x − y` is implied. Coordinates are unitless; a chromaticity carries no luminance.
public struct Chromaticity: Hashable, Sendable, CustomStringConvertible {
    /// The CIE x coordinate.
    public var x: Double
    /// The CIE y coordinate.
    public var y: Double

    /// Creates a chromaticity from CIE 1931 x and y.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The implied z = 1 − x − y.
    @inlinable public var z: Double { 1 - x - y }

    /// The unnormalised tristimulus direction (x, y, z): XYZ up to a positive scale. Unlike ``xyz(luminance:)`` it
    /// is finite for y = 0 (e.g. the ST 428-1 blue primary at (0, 0)).
    @inlinable public var xyzDirection: SIMD3<Double> { SIMD3(x, y, 1 - x - y) }

    /// The CIE XYZ tristimulus values with luminance Y = `luminance` (X = x·Y/y, Z = z·Y/y).
    /// Infinite or NaN when y = 0.
    @inlinable
    public func xyz(luminance: Double = 1) -> SIMD3<Double> {
        SIMD3(x / y * luminance, luminance, (1 - x - y) / y * luminance)
    }

    /// The chromaticity of XYZ tristimulus values, or `nil` when X + Y + Z is zero or any value is not finite.
    @inlinable
    public init?(xyz: SIMD3<Double>) {
        let sum = xyz.sum()
        guard sum != 0, sum.isFinite, xyz.x.isFinite, xyz.y.isFinite, xyz.z.isFinite else { return nil }
        self.init(x: xyz.x / sum, y: xyz.y / sum)
    }

    /// Whether both coordinates differ from `other`'s by at most `tolerance` (Chebyshev distance in xy).
    @inlinable
    public func isApproximatelyEqual(to other: Chromaticity, tolerance: Double) -> Bool {
        Swift.abs(x - other.x) <= tolerance && Swift.abs(y - other.y) <= tolerance
    }

    public var description: String { "(\(x), \(y))" }
}
