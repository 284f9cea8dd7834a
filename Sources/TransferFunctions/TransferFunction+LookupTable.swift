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

        @usableFromInline let values: [Float]
        @usableFromInline let layout: Layout

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
        public var count: Int { values.count }

        /// Builds the table for one direction of `transferFunction`.
        public init(
            _ transferFunction: TransferFunction,
            direction: Direction,
            outOfRange: OutOfRangeBehavior = .extended
        ) {
            self.transferFunction = transferFunction
            self.direction = direction
            self.outOfRange = outOfRange
            (values, layout) = Self.build(transferFunction, direction: direction, outOfRange: outOfRange)
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
            withKernel { kernel in
                if kernel.layout.clamps {
                    for i in 0..<count { output[i] = kernel.convert(input[i], clamping: true) }
                    return
                }
                // Blocks whose inputs the table covers (the usual case) run a loop without branches or calls; a
                // block with an input outside the table takes the checked loop.
                var start = 0
                while start < count {
                    let end = Swift.min(start &+ 64, count)
                    var outside: UInt32 = 0
                    for i in start..<end { outside |= kernel.outside(input[i].bitPattern) }
                    if outside == 0 {
                        for i in start..<end { output[i] = kernel.interpolate(input[i].bitPattern) }
                    } else {
                        for i in start..<end { output[i] = kernel.convert(input[i], clamping: false) }
                    }
                    start = end
                }
            }
        }

        /// Converts one value.
        @inlinable
        public func callAsFunction(_ x: Float) -> Float {
            withKernel { $0(x) }
        }

        /// Calls `body` with a kernel that converts single values without touching the table's storage bookkeeping:
        /// use it inside fused per-pixel loops. The kernel must not escape `body`.
        @inlinable
        public func withKernel<R, E: Error>(_ body: (Kernel) throws(E) -> R) throws(E) -> R {
            try values.withUnsafeBufferPointer { (table) throws(E) -> R in
                // The table always holds at least two entries, so the base address exists.
                try body(Kernel(
                    table: table.baseAddress.unsafelyUnwrapped, layout: layout, function: transferFunction,
                    direction: direction, outOfRange: outOfRange))
            }
        }

        /// The per-value converter of a ``LookupTable``, valid inside ``LookupTable/withKernel(_:)`` only.
        public struct Kernel {
            // Only trivial values, so that the optimiser keeps them in registers across the loop.
            @usableFromInline let table: UnsafePointer<Float>
            @usableFromInline let layout: Layout
            @usableFromInline let function: TransferFunction
            @usableFromInline let direction: Direction
            @usableFromInline let outOfRange: OutOfRangeBehavior

            @usableFromInline
            init(
                table: UnsafePointer<Float>, layout: Layout, function: TransferFunction, direction: Direction,
                outOfRange: OutOfRangeBehavior
            ) {
                self.table = table
                self.layout = layout
                self.function = function
                self.direction = direction
                self.outOfRange = outOfRange
            }

            /// Converts one value.
            @inlinable @inline(__always)
            public func callAsFunction(_ input: Float) -> Float {
                convert(input, clamping: layout.clamps)
            }

            @inlinable @inline(__always)
            func convert(_ input: Float, clamping: Bool) -> Float {
                var x = input
                if clamping {
                    x = x < layout.clampLow ? layout.clampLow : x
                    x = x > layout.clampHigh ? layout.clampHigh : x
                }
                let bits = x.bitPattern
                return outside(bits) == 0 ? interpolate(bits) : exactValue(input)
            }

            /// 0 when the table covers an input with these bits, else non-zero (the input needs the exact curve).
            @inlinable @inline(__always)
            func outside(_ bits: UInt32) -> UInt32 {
                let beyond: UInt32 = bits & 0x7FFF_FFFF >= layout.highBits ? 1 : 0
                let unmirrored: UInt32 = bits > 0x8000_0000 ? layout.unmirrored : 0
                return beyond | unmirrored
            }

            /// The table's value for the bit pattern of a covered input (others give a meaningless but safe result).
            @inlinable @inline(__always)
            func interpolate(_ bits: UInt32) -> Float {
                var magnitude = bits & 0x7FFF_FFFF
                let sign = magnitude == 0 ? 0 : bits & 0x8000_0000  // −0 keeps f(0)
                magnitude = magnitude < layout.highBits ? magnitude : layout.highBits &- 1  // keeps the index in range
                let offset = (magnitude < layout.lowBits ? layout.lowBits : magnitude) &- layout.lowBits
                // Masking shifts: the amounts are below 32, and smart shifts would add branches.
                let index = Int(truncatingIfNeeded: offset &>> layout.shift)
                let fraction = Float(bitPattern: 0x3F80_0000 | ((offset &<< layout.fractionShift) & 0x007F_FFFF)) - 1
                let y0 = table[index], y1 = table[index &+ 1]
                var interpolated = y0 + (y1 - y0) * fraction
                interpolated = interpolated < layout.floor ? layout.floor : interpolated
                let toe = layout.toeOffset + layout.toeSlope * Float(bitPattern: magnitude)
                // Integer selects and a sign-bit flip compile to conditional moves rather than branches.
                let y = magnitude < layout.toeBits ? toe.bitPattern : interpolated.bitPattern
                return Float(bitPattern: y ^ sign)
            }
        }

    }
}

extension TransferFunction.LookupTable.Kernel {
    /// The exact scalar result, for inputs outside the table.
    @usableFromInline
    func exactValue(_ x: Float) -> Float {
        switch direction {
        case .toLinear: function.toLinear(x, outOfRange: outOfRange)
        case .fromLinear: function.fromLinear(x, outOfRange: outOfRange)
        }
    }
}

// MARK: - Construction

extension TransferFunction.LookupTable {
    /// Where the table sits in the space of `Float` bit patterns, and the toe and clamp that frame it.
    @usableFromInline
    struct Layout: Sendable {
        /// Bit pattern of the first tabulated magnitude (a power of two).
        @usableFromInline var lowBits: UInt32
        /// Bit pattern of the first magnitude past the table: such inputs are evaluated exactly.
        @usableFromInline var highBits: UInt32
        /// Magnitudes below this use the toe line `toeOffset + toeSlope·|x|`.
        @usableFromInline var toeBits: UInt32
        /// 23 − m: the mantissa bits below the segment index.
        @usableFromInline var shift: UInt32
        /// m: moves the in-segment bits to the top of a mantissa.
        @usableFromInline var fractionShift: UInt32
        @usableFromInline var toeOffset: Float
        @usableFromInline var toeSlope: Float
        /// Whether inputs are clamped to `clampLow … clampHigh` (the clamped policy).
        @usableFromInline var clamps: Bool
        @usableFromInline var clampLow: Float
        @usableFromInline var clampHigh: Float
        /// 0 when negative inputs are the sign-mirror of positive ones, else 1 (they are evaluated exactly).
        @usableFromInline var unmirrored: UInt32
        /// A lower bound on the interpolated magnitude (β for the BT.709 family's `toLinear`, else −∞).
        @usableFromInline var floor: Float
    }

    /// A linear toe: where it ends and its slope; and, for the BT.709 family's `toLinear`, the power segment alone
    /// (tabulated) with the floor β that the exact curve applies to it.
    private struct Toe {
        /// Whether the toe applies to an input (`Double` of a `Float` magnitude).
        var applies: (Double) -> Bool
        var slope: Double
        var upper: ((Double) -> Double)? = nil
        var floor = -Double.infinity
    }

    private static func toe(of curve: TransferFunction, direction: Direction) -> Toe? {
        let decoding = direction == .toLinear
        func bt709Family(alpha: Double, beta: Double, slope: Double) -> Toe {
            decoding
                ? Toe(
                    applies: { $0 < slope * beta }, slope: 1 / slope,
                    upper: { Curves.bt709DecodePower($0, alpha: alpha) }, floor: beta)
                : Toe(applies: { $0 < beta }, slope: slope)
        }
        switch curve {
        case .srgb:
            return decoding
                ? Toe(applies: { $0 <= 0.04045 }, slope: 1 / 12.92) : Toe(applies: { $0 <= 0.0031308 }, slope: 12.92)
        case .bt709, .iec61966_2_4, .bt1361:
            return bt709Family(alpha: Curves.bt709Alpha, beta: Curves.bt709Beta, slope: 4.5)
        case .bt2020TwelveBit:
            return bt709Family(alpha: Curves.bt2020TwelveBitAlpha, beta: Curves.bt2020TwelveBitBeta, slope: 4.5)
        case .smpte240m:
            return bt709Family(alpha: Curves.smpte240mAlpha, beta: Curves.smpte240mBeta, slope: 4)
        case .log100 where !decoding:
            return Toe(applies: { $0 < 0.01 }, slope: 0)
        case .log100Sqrt10 where !decoding:
            return Toe(applies: { $0 < 0.0031622776601683794 }, slope: 0)
        default:
            return nil
        }
    }

    private static func build(
        _ curve: TransferFunction,
        direction: Direction,
        outOfRange: OutOfRangeBehavior
    ) -> ([Float], Layout) {
        let decoding = direction == .toLinear
        var f: (Double) -> Double
        if decoding { f = { curve.decodeNominal($0) } } else { f = { curve.encodeNominal($0) } }
        let toe = toe(of: curve, direction: direction)
        // Exponential-like curves (PQ, HLG and log signals) need finer segments than power laws.
        let steep: Bool
        switch curve {
        case .pq, .hlg, .log100, .log100Sqrt10: steep = decoding
        default: steep = false
        }
        let m: UInt32 = decoding ? (steep ? 9 : 8) : 7
        let shift = 23 - m
        let f0 = f(0)

        // The low end: a linear toe, or the chord from f(0) below the octave where f has moved away from f(0) by
        // less than the tolerance.
        var lowBits: UInt32, toeBits: UInt32, toeOffset: Double, toeSlope: Double
        if let toe {
            var first = Float(0.5)
            while toe.applies(Double(first)) { first *= 2 }
            var low: Float = 0, high = first  // bisect on bit patterns for the first Float outside the toe
            while high.bitPattern - low.bitPattern > 1 {
                let middle = Float(bitPattern: low.bitPattern + (high.bitPattern - low.bitPattern) / 2)
                if toe.applies(Double(middle)) { low = middle } else { high = middle }
            }
            toeBits = high.bitPattern
            lowBits = toeBits & 0x7F80_0000
            toeOffset = 0
            toeSlope = toe.slope
            if let upper = toe.upper { f = upper }
        } else {
            let tolerance = decoding ? 1e-9 : 1e-7
            let limit = decoding ? -24 : -100
            var exponent = -8
            func departure(_ exponent: Int) -> Double {
                Swift.abs(f(Double(sign: .plus, exponent: exponent, significand: 1)) - f0)
            }
            while exponent > limit && departure(exponent) > tolerance { exponent -= 1 }
            let start = Float(sign: .plus, exponent: exponent, significand: 1)
            lowBits = start.bitPattern
            toeBits = lowBits
            toeOffset = f0
            toeSlope = (f(Double(start)) - f0) / Double(start)
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
        let highStart = Float(sign: .plus, exponent: highExponent, significand: 1).bitPattern
        let includesEnd = curve == .pq && decoding
        let segments = Int((highStart - lowBits) >> shift) + (includesEnd ? 1 : 0)
        let highBits = includesEnd ? highStart + 1 : highStart

        var table = [Double](repeating: 0, count: segments + 1)
        for k in 0...segments {
            table[k] = f(Double(Float(bitPattern: lowBits + UInt32(k) << shift)))
        }
        // The segment that straddles the end of a linear toe: extend the upper branch's chord to the grid point below,
        // so that interpolation is exact at the toe's end.
        let straddle = Int((toeBits - lowBits) >> shift)
        if toeBits != lowBits, (toeBits - lowBits) & ((1 << shift) - 1) != 0, straddle + 1 <= segments {
            let x0 = Double(Float(bitPattern: lowBits + UInt32(straddle) << shift))
            let x1 = Double(Float(bitPattern: lowBits + UInt32(straddle + 1) << shift))
            let t = Double(Float(bitPattern: toeBits))
            table[straddle] = table[straddle + 1] + (f(t) - table[straddle + 1]) * (x1 - x0) / (x1 - t)
        }

        let (clampLow, clampHigh): (Float, Float)
        switch outOfRange {
        case .extended:
            (clampLow, clampHigh) = (-.infinity, .infinity)
        case .clamped where decoding:
            (clampLow, clampHigh) = (0, 1)
        case .clamped:
            let bounds = curve.nominalLinearBounds
            (clampLow, clampHigh) = (Float(bounds.lower), Float(bounds.upper))
        }
        let layout = Layout(
            lowBits: lowBits, highBits: highBits, toeBits: toeBits, shift: shift, fractionShift: m,
            toeOffset: Float(toeOffset), toeSlope: Float(toeSlope), clamps: outOfRange == .clamped,
            clampLow: clampLow, clampHigh: clampHigh,
            unmirrored: curve.isOddExtension ? 0 : 1, floor: Float(toe?.floor ?? -.infinity))
        return (table.map { Float($0) }, layout)
    }
}
