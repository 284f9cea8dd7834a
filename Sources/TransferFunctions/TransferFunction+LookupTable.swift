extension TransferFunction {
    /// A fast `Float` approximation of one direction of a transfer function, for bulk pixel work.
    ///
    /// The table is indexed by the input's floating-point representation: its exponent and top mantissa bits select
    /// one of 2^m segments per octave (m = 8 for `toLinear`, 9 for the PQ, HLG and log `toLinear`, 7 for
    /// `fromLinear`), and the result is interpolated linearly inside the segment. Relative resolution is therefore the
    /// same from 10⁻⁶ to 100, which suits power laws and PQ far better than a uniform table. Linear toe segments
    /// (sRGB, BT.709 …) are evaluated exactly; below the table's smallest octave other curves use the chord from f(0).
    /// Inputs the table does not cover (|x| ≥ 4 for `toLinear`, ≥ 2 for HLG and log; ≥ 128 for `fromLinear`; PQ
    /// signals above 1 and PQ linear light ≥ 2; ±∞; NaN; negative values of BT.1361 and of BT.1886 with a black level)
    /// are evaluated exactly, so every input gets the scalar API's defined result.
    ///
    /// The accuracy guarantee is ``errorBound``: |approximation − exact| ≤ absolute + relative·|exact|, checked by the
    /// tests for every curve, direction and ``OutOfRangeBehavior`` (measured values in Docs/Accuracy.md). Building a
    /// table evaluates the exact curve at 1 500 – 13 000 points (6 – 52 KB); build it once and reuse it. Speed: about
    /// 3 ns per value at baseline x86-64, 3 – 12 times LittleCMS's `cmsEvalToneCurveFloat` (Docs/Performance.md).
    public struct LookupTable: Sendable {
        /// Which way the table converts.
        public enum Direction: Hashable, Sendable {
            /// Signal to linear light, as `TransferFunction.toLinear(_:outOfRange:)`.
            case toLinear
            /// Linear light to signal, as `TransferFunction.fromLinear(_:outOfRange:)`.
            case fromLinear
        }

        /// A guaranteed bound on the approximation error: |approximation − exact| ≤ absolute + relative·|exact|.
        public struct ErrorBound: Hashable, Sendable {
            /// The bound relative to the exact value.
            public var relative: Double
            /// The bound in absolute terms (dominant near zero).
            public var absolute: Double
        }

        /// The curve this table approximates.
        public let transferFunction: TransferFunction
        /// The direction this table converts.
        public let direction: Direction
        /// The out-of-range policy the table applies.
        public let outOfRange: OutOfRangeBehavior

        /// The table (the package's one table engine, shared with tone curves and pixel conversion).
        @usableFromInline package let table: PiecewiseLinearTable

        /// The accuracy this table guarantees: `toLinear` relative 3·10⁻⁵ (plus 10⁻⁹ absolute near zero), `fromLinear`
        /// absolute 2·10⁻⁶ (a seventh of a 16-bit code) plus 4·10⁻⁶ relative (for signals above 1). For the log
        /// curves' `toLinear`, inputs in (0, 2⁻²⁴) are excluded: the exact curve jumps from 0 to 0.01 there.
        public var errorBound: ErrorBound {
            switch direction {
            case .toLinear: ErrorBound(relative: 3e-5, absolute: 1e-9)
            case .fromLinear: ErrorBound(relative: 4e-6, absolute: 2e-6)
            }
        }

        /// The number of table entries (4 bytes each).
        public var count: Int { table.count }

        /// Builds the table for one direction of `transferFunction`.
        public init(
            _ transferFunction: TransferFunction,
            direction: Direction,
            outOfRange: OutOfRangeBehavior = .extended
        ) {
            self.transferFunction = transferFunction
            self.direction = direction
            self.outOfRange = outOfRange
            table = Self.build(transferFunction, direction: direction, outOfRange: outOfRange)
        }

        /// Converts `values` in place.
        @inlinable
        public func apply(_ values: UnsafeMutableBufferPointer<Float>) {
            apply(UnsafeBufferPointer(values), into: values)
        }

        /// Converts `source` into `destination`. Converts `min(source.count, destination.count)` elements; the buffers
        /// may be the same memory.
        @inlinable
        public func apply(_ source: UnsafeBufferPointer<Float>, into destination: UnsafeMutableBufferPointer<Float>) {
            let count = Swift.min(source.count, destination.count)
            guard count > 0, let input = source.baseAddress, let output = destination.baseAddress else { return }
            table.evaluate(input, into: output, count: count) { exactValue($0) }
        }

        /// Converts one value.
        @inlinable
        public func callAsFunction(_ x: Float) -> Float {
            table.evaluate(x) { exactValue($0) }
        }

        /// The exact scalar result, for inputs outside the table.
        @usableFromInline
        func exactValue(_ x: Float) -> Float {
            switch direction {
            case .toLinear: transferFunction.toLinear(x, outOfRange: outOfRange)
            case .fromLinear: transferFunction.fromLinear(x, outOfRange: outOfRange)
            }
        }
    }
}

// MARK: - Construction

extension TransferFunction.LookupTable {
    /// The linear toe of the curves that have one, as the table engine's low end: where it ends and its slope; and,
    /// for the BT.709 family's `toLinear`, the power segment alone (tabulated) with the floor β that the exact curve
    /// applies to it.
    private static func toe(of curve: TransferFunction, direction: Direction) -> PiecewiseLinearTable.LowEnd? {
        let decoding = direction == .toLinear
        func bt709Family(_ p: BT709Curve.Parameters) -> PiecewiseLinearTable.LowEnd {
            decoding
                ? .linearToe(
                    applies: { $0 < p.slope * p.beta }, slope: 1 / p.slope,
                    upper: { BT709Curve.decodePower($0, alpha: p.alpha) }, floor: p.beta)
                : .linearToe(applies: { $0 < p.beta }, slope: p.slope)
        }
        switch curve {
        case .srgb:
            return decoding
                ? .linearToe(applies: { $0 <= SRGBCurve.decodeThreshold }, slope: 1 / SRGBCurve.slope)
                : .linearToe(applies: { $0 <= SRGBCurve.encodeThreshold }, slope: SRGBCurve.slope)
        case .bt709, .iec61966_2_4, .bt1361:
            return bt709Family(.bt709)
        case .bt2020TwelveBit:
            return bt709Family(.bt2020TwelveBit)
        case .smpte240m:
            return bt709Family(.smpte240M)
        case .log100 where !decoding:
            return .linearToe(applies: { $0 < LogCurve.threshold(decades: 2) }, slope: 0)
        case .log100Sqrt10 where !decoding:
            return .linearToe(applies: { $0 < LogCurve.threshold(decades: 2.5) }, slope: 0)
        default:
            return nil
        }
    }

    private static func build(
        _ curve: TransferFunction,
        direction: Direction,
        outOfRange: OutOfRangeBehavior
    ) -> PiecewiseLinearTable {
        let decoding = direction == .toLinear
        let f: (Double) -> Double = decoding ? { curve.decodeNominal($0) } : { curve.encodeNominal($0) }
        // Exponential-like curves (PQ, HLG and log signals) need finer segments than power laws.
        let steep: Bool
        switch curve {
        case .pq, .hlg, .log100, .log100Sqrt10: steep = decoding
        default: steep = false
        }
        // The high end: signals up to 4 (2 for HLG and log), linear light up to 128; PQ signals up to 1 inclusive
        // (its pole is at 1.9921, and the EOTF is too steep above 1 for the segment width there), PQ linear light
        // up to 2.
        let highExponent: Int
        switch (curve, direction) {
        case (.pq, .toLinear): highExponent = 0
        case (.pq, .fromLinear): highExponent = 1
        case (_, .toLinear): highExponent = steep ? 1 : 2
        case (_, .fromLinear): highExponent = 7
        }
        let clamp: ClosedRange<Float>?
        switch outOfRange {
        case .extended:
            clamp = nil
        case .clamped where decoding:
            clamp = 0...1
        case .clamped:
            // Invalid BT.1886 luminances make the curve (and so its bounds) NaN: no clamp then, rather than a trap
            // forming the range NaN...NaN; the table holds NaN as the curve does.
            let bounds = curve.nominalLinearBounds
            clamp = bounds.lower <= bounds.upper ? Float(bounds.lower)...Float(bounds.upper) : nil
        }
        return PiecewiseLinearTable(
            function: f, segmentsPerOctaveLog2: decoding ? (steep ? 9 : 8) : 7,
            lowEnd: toe(of: curve, direction: direction)
                ?? .chordFromZero(tolerance: decoding ? 1e-9 : 1e-7, lowestExponent: decoding ? -24 : -100),
            high: Float(sign: .plus, exponent: highExponent, significand: 1),
            includingHigh: curve == .pq && decoding, clamp: clamp, mirrored: curve.isOddExtension)
    }
}
