/// The one table engine of the package: a `Float` function approximated piecewise-linearly on a grid that splits
/// every octave of the input (every interval [2^e, 2^(e+1))) into 2^m equal segments, indexed directly by the input's
/// bit pattern.
///
/// The exponent and the top m mantissa bits of |x| select a segment; the remaining mantissa bits are the position in
/// it. Relative resolution is therefore the same over the whole covered range, which suits power laws, PQ, HLG and
/// tone curves far better than a uniform grid, and the index costs a subtraction and a shift (no logarithm, no
/// division), so the same arithmetic runs in scalar Swift and in SIMD C kernels with bit-identical results.
///
/// Regions of |x| (see ``Layout``): below `toeBits` a straight line `toeOffset + toeSlope·|x|` (an exact linear toe,
/// or the chord from f(0)); up to `highBits` the table; at and above `highBits` (and NaN) the input is *outside*, and
/// callers evaluate it their own way (the exact curve, a constant). Negative inputs are either the sign-mirror of
/// positive ones or outside. ``TransferFunction/LookupTable``, ToneMapping's `TabulatedToneCurve` and
/// PixelConversion's curve steps are built on it.
@usableFromInline
package struct PiecewiseLinearTable: Hashable, Sendable {
    /// Where the table sits in the space of `Float` bit patterns, and what frames it. Only trivial values, so that a
    /// copy lives in registers across a loop (and is passed as is to the C kernels).
    @usableFromInline
    package struct Layout: Hashable, Sendable {
        /// Bit pattern of the first tabulated magnitude (a power of two).
        @usableFromInline package var lowBits: UInt32
        /// Bit pattern of the first magnitude past the table: such inputs are outside.
        @usableFromInline package var highBits: UInt32
        /// Magnitudes below this use the toe line `toeOffset + toeSlope·|x|`.
        @usableFromInline package var toeBits: UInt32
        /// 23 − m: the mantissa bits below the segment index.
        @usableFromInline package var shift: UInt32
        /// m: moves the in-segment bits to the top of a mantissa.
        @usableFromInline package var fractionShift: UInt32
        @usableFromInline package var toeOffset: Float
        @usableFromInline package var toeSlope: Float
        /// Whether inputs are clamped to `clampLow … clampHigh` before anything else.
        @usableFromInline package var clamps: Bool
        @usableFromInline package var clampLow: Float
        @usableFromInline package var clampHigh: Float
        /// 0 when negative inputs are the sign-mirror of positive ones, else 1 (negative inputs are outside).
        @usableFromInline package var unmirrored: UInt32
        /// A lower bound on the interpolated value (e.g. β for the BT.709 family's decoding), else −∞.
        @usableFromInline package var floor: Float
    }

    /// The function at the grid nodes (at least two).
    @usableFromInline package let values: [Float]
    /// The layout of ``values``.
    @usableFromInline package let layout: Layout

    /// The number of entries.
    package var count: Int { values.count }

    // MARK: Evaluation

    /// 0 when the table covers an input with these bits (after clamping), else non-zero.
    @inlinable @inline(__always)
    package static func outside(_ bits: UInt32, _ layout: Layout) -> UInt32 {
        let beyond: UInt32 = bits & 0x7FFF_FFFF >= layout.highBits ? 1 : 0
        let unmirrored: UInt32 = bits > 0x8000_0000 ? layout.unmirrored : 0
        return beyond | unmirrored
    }

    /// The input after the layout's clamp (the identity when it does not clamp). NaN stays NaN.
    @inlinable @inline(__always)
    package static func clamped(_ x: Float, _ layout: Layout) -> Float {
        guard layout.clamps else { return x }
        var v = x < layout.clampLow ? layout.clampLow : x
        v = v > layout.clampHigh ? layout.clampHigh : v
        return v
    }

    /// The table's value for the bit pattern of a covered input (others give a meaningless but safe result).
    /// The kernels in CPixelKernels repeat exactly these operations, in this order.
    @inlinable @inline(__always)
    package static func interpolate(_ bits: UInt32, _ layout: Layout, _ table: UnsafePointer<Float>) -> Float {
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

    /// Evaluates one value: the table where it covers the (clamped) input, `outside(x)` of the *unclamped* input
    /// otherwise.
    @inlinable @inline(__always)
    package func evaluate(_ x: Float, outside evaluateOutside: (Float) -> Float) -> Float {
        let v = Self.clamped(x, layout)
        guard Self.outside(v.bitPattern, layout) == 0 else { return evaluateOutside(x) }
        return values.withUnsafeBufferPointer {
            Self.interpolate(v.bitPattern, layout, $0.baseAddress.unsafelyUnwrapped)
        }
    }

    /// Evaluates `count` values from `input` into `output` (which may be the same memory), taking `outside` for the
    /// inputs the table does not cover. Blocks whose inputs are all covered (the usual case) run without branches.
    @inlinable
    package func evaluate(
        _ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int,
        outside evaluateOutside: (Float) -> Float
    ) {
        values.withUnsafeBufferPointer { buffer in
            Self.evaluate(
                input, into: output, count: count, layout: layout, table: buffer.baseAddress.unsafelyUnwrapped,
                outside: evaluateOutside)
        }
    }

    /// ``evaluate(_:into:count:outside:)`` on a table held elsewhere (a copy of ``values`` with this ``layout``).
    @inlinable
    package static func evaluate(
        _ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int, layout: Layout,
        table: UnsafePointer<Float>, outside evaluateOutside: (Float) -> Float
    ) {
        var start = 0
        while start < count {
            let end = Swift.min(start &+ 64, count)
            var anyOutside: UInt32 = 0
            if layout.clamps {
                for i in start..<end { anyOutside |= outside(clamped(input[i], layout).bitPattern, layout) }
            } else {
                for i in start..<end { anyOutside |= outside(input[i].bitPattern, layout) }
            }
            if anyOutside == 0 {
                if layout.clamps {
                    for i in start..<end {
                        output[i] = interpolate(clamped(input[i], layout).bitPattern, layout, table)
                    }
                } else {
                    for i in start..<end { output[i] = interpolate(input[i].bitPattern, layout, table) }
                }
            } else {
                for i in start..<end {
                    let x = input[i], v = clamped(x, layout)
                    output[i] =
                        outside(v.bitPattern, layout) == 0
                        ? interpolate(v.bitPattern, layout, table) : evaluateOutside(x)
                }
            }
            start = end
        }
    }
}

// MARK: - Construction

extension PiecewiseLinearTable {
    /// How the table treats small magnitudes.
    package enum LowEnd {
        /// An exact linear toe: `slope·|x|` where `applies(|x|)`; above it, `upper` (when given) replaces the
        /// function (the power segment alone, so that interpolation never straddles a jump) and interpolated values
        /// are kept at or above `floor`.
        case linearToe(
            applies: (Double) -> Bool, slope: Double, upper: ((Double) -> Double)? = nil, floor: Double = -.infinity)
        /// The chord from f(0) below the largest power of two 2^e (e ≤ −8, e > `lowestExponent`) at which f has
        /// moved away from f(0) by no more than `tolerance`.
        case chordFromZero(tolerance: Double, lowestExponent: Int)
        /// The chord from f(0) below the given power of two.
        case chordFromZeroBelow(Float)
    }

    /// Tabulates f on [the low end, `high`) with 2^`segmentsPerOctaveLog2` segments per octave.
    ///
    /// - Parameters:
    ///   - function: f on magnitudes (x ≥ 0), in `Double`.
    ///   - segmentsPerOctaveLog2: m, 1 … 12.
    ///   - lowEnd: The toe.
    ///   - high: The first magnitude past the table (a power of two; inputs from it on are outside), unless
    ///     `includingHigh`, which also tabulates `high` itself.
    ///   - saturation: Where f becomes constant (a kink inside the table): nodes past it continue the chord through
    ///     f(saturation), and magnitudes from it on are outside.
    ///   - clamp: The range inputs are clamped to before evaluation, if any.
    ///   - mirrored: Whether negative inputs are the sign-mirror of positive ones (else outside).
    package init(
        function f0: (Double) -> Double, segmentsPerOctaveLog2 m: UInt32, lowEnd: LowEnd, high: Float,
        includingHigh: Bool = false, saturation: Double? = nil, clamp: ClosedRange<Float>? = nil, mirrored: Bool
    ) {
        precondition((1...12).contains(m) && high > 0 && high.isFinite, "invalid table layout")
        var f = f0
        let shift = 23 - m
        let zero = f0(0)

        var lowBits: UInt32, toeBits: UInt32, toeOffset: Double, toeSlope: Double, floor = -Double.infinity
        switch lowEnd {
        case .linearToe(let applies, let slope, let upper, let lowest):
            var first = Float(0.5)
            while applies(Double(first)) { first *= 2 }
            var low: Float = 0, high = first  // bisect on bit patterns for the first Float outside the toe
            while high.bitPattern - low.bitPattern > 1 {
                let middle = Float(bitPattern: low.bitPattern + (high.bitPattern - low.bitPattern) / 2)
                if applies(Double(middle)) { low = middle } else { high = middle }
            }
            toeBits = high.bitPattern
            lowBits = toeBits & 0x7F80_0000
            (toeOffset, toeSlope, floor) = (0, slope, lowest)
            if let upper { f = upper }
        case .chordFromZero(let tolerance, let lowestExponent):
            var exponent = -8
            func departure(_ exponent: Int) -> Double {
                Swift.abs(f0(Double(sign: .plus, exponent: exponent, significand: 1)) - zero)
            }
            while exponent > lowestExponent && departure(exponent) > tolerance { exponent -= 1 }
            let start = Float(sign: .plus, exponent: exponent, significand: 1)
            (lowBits, toeBits) = (start.bitPattern, start.bitPattern)
            (toeOffset, toeSlope) = (zero, (f0(Double(start)) - zero) / Double(start))
        case .chordFromZeroBelow(let start):
            (lowBits, toeBits) = (start.bitPattern, start.bitPattern)
            (toeOffset, toeSlope) = (zero, (f0(Double(start)) - zero) / Double(start))
        }

        var highBits = includingHigh ? high.bitPattern + 1 : high.bitPattern
        let kink = saturation.flatMap { s -> Float? in
            let k = Float(s)
            return k > Float(bitPattern: lowBits) && k.bitPattern < highBits ? k : nil
        }
        if let kink { highBits = kink.bitPattern }
        let segments = Int((highBits - 1 - lowBits) >> shift) + 1
        func node(_ k: Int) -> Double { Double(Float(bitPattern: lowBits + UInt32(k) << shift)) }
        var table = (0...segments).map { f(node($0)) }
        // The segment that straddles the end of a linear toe: extend the upper branch's chord to the node below, so
        // that interpolation is exact at the toe's end.
        let straddle = Int((toeBits - lowBits) >> shift)
        if toeBits != lowBits, (toeBits - lowBits) & ((1 << shift) - 1) != 0, straddle + 1 <= segments {
            let (x0, x1, t) = (node(straddle), node(straddle + 1), Double(Float(bitPattern: toeBits)))
            table[straddle] = table[straddle + 1] + (f(t) - table[straddle + 1]) * (x1 - x0) / (x1 - t)
        }
        // The segment that straddles the kink: its far node continues the chord from the near node through f(kink).
        if let kink {
            let k = Int((kink.bitPattern - lowBits) >> shift)
            let (x0, s) = (node(k), Double(kink))
            if s > x0, k + 1 <= segments {
                table[k + 1] = table[k] + (f(s) - table[k]) / (s - x0) * (node(k + 1) - x0)
            }
        }
        values = table.map { Float($0) }
        layout = Layout(
            lowBits: lowBits, highBits: highBits, toeBits: toeBits, shift: shift, fractionShift: m,
            toeOffset: Float(toeOffset), toeSlope: Float(toeSlope), clamps: clamp != nil,
            clampLow: clamp?.lowerBound ?? -.infinity, clampHigh: clamp?.upperBound ?? .infinity,
            unmirrored: mirrored ? 0 : 1, floor: Float(floor))
    }
}

// MARK: - Scaling

extension PiecewiseLinearTable {
    /// The table of s·f for s > 0: the values, the toe line and the floor multiplied by s (each rounded to `Float`);
    /// the layout's regions are unchanged, so `outside` inputs stay outside.
    package func scaled(by s: Float) -> PiecewiseLinearTable {
        precondition(s > 0 && s.isFinite, "a table scale must be positive and finite")
        var scaledLayout = layout
        scaledLayout.toeOffset *= s
        scaledLayout.toeSlope *= s
        scaledLayout.floor *= s
        return PiecewiseLinearTable(values: values.map { $0 * s }, layout: scaledLayout)
    }
}
