import TransferFunctions

/// A fast `Float` approximation of any ``ToneCurve``: a table indexed by the bits of the input, piecewise linear in x
/// with 256 segments per octave (2^(−16) … the table's top), for bulk conversion where exact `pow`/`log` per pixel
/// costs too much (e.g. ``BT2390EETF``, which evaluates PQ four times per value).
///
/// Outside the table: below 2^(−16) it interpolates linearly between f(0) and the first entry; at and above the
/// saturation input S (where the curve becomes constant: the content headroom, or the display headroom when nothing
/// is compressed) it returns f(S) exactly, and the segment that straddles S interpolates towards f(S) so that the
/// kink costs no accuracy; negative inputs follow the module's policy f(0) + x. Both `map` forms use the table, so the result is
/// the same in `Double` and `Float` (apart from rounding). Maximum relative error against the exact curves of this
/// module: below 2e-5 (tested).
public struct TabulatedToneCurve: ToneCurve, Hashable {
    /// How the curve is applied to pixels (the source curve's).
    public let application: ToneCurveApplication
    /// The largest tabulated input; above it the output is constant.
    public let top: Float
    /// The tabulated curve's ``ToneMappingOperator/targetHeadroom``.
    public let targetHeadroom: Double?

    /// The table (the package's one table engine, shared with transfer functions and pixel conversion).
    @usableFromInline package let table: PiecewiseLinearTable
    @usableFromInline let zeroValue: Float
    @usableFromInline let saturationValue: Float
    @usableFromInline static var bottom: Float { 0x1p-16 }

    /// Tabulates `curve` from 2^(−16) up to `top` (rounded up to a power of two, clamped to [1, 2^30]).
    ///
    /// - Parameters:
    ///   - curve: The curve.
    ///   - top: The largest input of interest (2^10 by default).
    ///   - saturation: The input S from which the curve is constant (its kink); `nil` or outside (2^(−16), top)
    ///     means `top`.
    public init(_ curve: some ToneCurve, top: Float = 0x1p10, saturation: Double? = nil) {
        application = curve.application
        targetHeadroom = curve.targetHeadroom
        let topValue = Swift.min(Swift.max(top.isFinite ? top : 0x1p10, 1), 0x1p30)
        let octaves = Int((topValue.exponent - Self.bottom.exponent)) + (topValue.significand > 1 ? 1 : 0)
        let topPower = Float(sign: .plus, exponent: Self.bottom.exponent + octaves, significand: 1)
        self.top = topPower
        var limit = topPower
        if let s = saturation.map(Float.init), s > Self.bottom, s < topPower { limit = s }
        saturationValue = Float(curve.map(Double(limit)))
        zeroValue = Float(curve.map(0.0))
        table = PiecewiseLinearTable(
            function: { curve.map($0) }, segmentsPerOctaveLog2: 8, lowEnd: .chordFromZeroBelow(Self.bottom),
            high: topPower, saturation: Double(limit), mirrored: false)
    }

    /// Tabulates the scalar operator inside `mapper`, or returns `nil` for ``ToneMapper/identity`` and
    /// ``ToneMapper/bt2446A(_:)``, which are not scalar curves.
    public init?(_ mapper: ToneMapper) {
        switch mapper {
        case .headroom(let c):
            self.init(
                c, top: Self.top(for: c.contentHeadroom, c.displayHeadroom),
                saturation: Swift.max(c.contentHeadroom, c.displayHeadroom))
        case .bt2390(let c):
            let peak = c.sourcePeak / c.referenceWhite
            self.init(c, top: Self.top(for: peak, c.targetPeak / c.referenceWhite), saturation: peak)
        case .reinhard(let c):
            self.init(
                c, top: Self.top(for: c.contentHeadroom, c.displayHeadroom),
                saturation: Swift.max(c.contentHeadroom, c.displayHeadroom))
        case .clip(let c):
            self.init(c, top: Self.top(for: c.displayHeadroom, 1), saturation: c.displayHeadroom)
        case .tabulated(let c): self = c
        case .identity, .bt2446A: return nil
        }
    }

    static func top(for a: Double, _ b: Double) -> Float { Float(Swift.max(a, b, 1) * 2) }

    /// The value for inputs the table does not cover: negatives f(0) + x, NaN, and the constant from the saturation
    /// input on.
    @usableFromInline
    package func outsideValue(_ value: Float) -> Float {
        if value < 0 { return zeroValue + value }
        return value.isNaN ? value : saturationValue
    }

    /// The curve from the table, in `Float`.
    @inlinable
    public func map(_ value: Float) -> Float {
        table.evaluate(value) { outsideValue($0) }
    }

    /// The curve from the table, in `Double` (table values are `Float`).
    @inlinable
    public func map(_ value: Double) -> Double {
        if value < 0 { return Double(zeroValue) + value }
        return Double(map(Float(value)))
    }
}
