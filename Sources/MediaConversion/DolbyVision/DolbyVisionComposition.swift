import Foundation
import MediaSyntax
import PixelBuffers

/// One RPU's composition parameters, flattened for the per-pixel loop: the three reshaping curves and the two
/// matrices (see ``DolbyVisionComposer`` for the steps).
struct DolbyVisionComposition: Sendable {
    /// The three curves in one array of ``componentStride`` values per component, read per pixel without reference
    /// counting: 8 inner pivots (normalised; piece i covers [pivot i, pivot i + 1); unused ones +∞), the first and
    /// last pivots (the reshaped value is clamped to them), 8 piece kinds (0 polynomial, else the MMR order 1…3), then
    /// per piece 22 coefficients (a polynomial's c₀, c₁, c₂, or an MMR's constant then 7 weights per order).
    var curves: [Double]

    static let maximumPieces = 8
    static let pieceStride = 22
    static let componentStride = 2 * maximumPieces + 2 + maximumPieces * pieceStride

    /// ycc_to_rgb (row-major) and its offsets.
    var nonlinear: [Double]
    var offsets: SIMD3<Double>
    /// The fixed LMS → BT.2020 RGB matrix times rgb_to_lms (row-major).
    var linear: [Double]
    var baseLayerBitDepth: Int
    var transformID: Int
    /// The mapping the curves come from, so that an RPU repeating it keeps the tables.
    var mapping: DolbyVisionRPU.Mapping
    /// The frame path's lookup of each component's reshaping, indexed by k = 8 × the component's code (0 … 8 ×
    /// (2^bl_bit_depth − 1)): chroma upsampled bilinearly (weights ½ across, ¼ and ¾ down) is always a whole number of
    /// eighths of a code, so every value the frame path meets has its entry. ``pieceIndex`` holds the piece each k
    /// falls in (the pivot search done once per RPU); ``reshaped`` the reshaped value itself for components whose
    /// pieces are all polynomials (then the value depends on k alone), computed by the float64 equations, so the
    /// lookup is exact. Empty for base layers deeper than ``maximumTabulatedBitDepth``.
    var pieceIndex: [UInt8] = []
    var reshaped: [Double] = []
    /// Whether component 0, 1, 2 is read from ``reshaped``.
    var tabulated: SIMD3<Int> = .zero
    /// Entries per component in ``pieceIndex`` and ``reshaped``.
    var tableStride = 0

    /// The deepest base layer whose reshaping is tabulated: 12 bits make 32 761 entries per component (256 KiB of
    /// `Double`s); deeper layers search the pivots per pixel.
    static let maximumTabulatedBitDepth = 12

    /// The inverse of the BT.2020-referred Hunt-Pointer-Estévez LMS matrix of IPT-PQ, rows of LMS → R, G, B (the
    /// values libplacebo hard-codes as `dovi_lms2rgb`).
    static let lmsToBT2020: [Double] = [
        3.06441879, -2.16597676, 0.10155818,
        -0.65612108, 1.78554118, -0.12943749,
        0.01736321, -0.04725154, 1.03004253,
    ]

    init(
        mapping: DolbyVisionRPU.Mapping, transform: DolbyVisionRPU.DisplayManagement.ColorTransform,
        transformID: Int, baseLayerBitDepth: Int, profile: Int?, previous: DolbyVisionComposition? = nil
    ) throws(DolbyVisionComposerError) {
        guard (8...16).contains(baseLayerBitDepth) else {
            throw .unsupported("a \(baseLayerBitDepth)-bit base layer")
        }
        guard mapping.components.count == 3 else {
            throw .unsupported("the mapping has \(mapping.components.count) components, not 3")
        }
        let scale = Double((1 << baseLayerBitDepth) - 1)
        var curves: [Double] = []
        for (index, component) in mapping.components.enumerated() {
            let pivots = component.pivotValues.map { Double($0) / scale }
            guard pivots.count >= 2, component.pieces.count == pivots.count - 1 else {
                throw .unsupported("component \(index) has \(pivots.count) pivots and \(component.pieces.count) pieces")
            }
            guard component.pieces.count <= Self.maximumPieces else {
                throw .unsupported(
                    "component \(index) has \(component.pieces.count) pieces, more than the \(Self.maximumPieces) of "
                        + "Dolby Vision's decoders")
            }
            var values = [Double](repeating: 0, count: Self.componentStride)
            for k in 0..<Self.maximumPieces { values[k] = k < pivots.count - 2 ? pivots[k + 1] : .infinity }
            values[Self.maximumPieces] = pivots[0]
            values[Self.maximumPieces + 1] = pivots[pivots.count - 1]
            for (p, piece) in component.pieces.enumerated() {
                let base = 2 * Self.maximumPieces + 2 + p * Self.pieceStride
                switch piece {
                case .polynomial(let c):
                    for (k, value) in c.prefix(3).enumerated() { values[base + k] = value }
                case .mmr(let constant, let weights):
                    values[Self.maximumPieces + 2 + p] = Double(weights.count)
                    values[base] = constant
                    for (k, row) in weights.prefix(3).enumerated() {
                        for (j, value) in row.prefix(7).enumerated() { values[base + 1 + 7 * k + j] = value }
                    }
                case .linearInterpolation:
                    throw .unsupported(
                        "component \(index) uses a linear-interpolation piece (linear_interp_flag), which no decoder "
                            + "applies (FFmpeg and libplacebo refuse it too)")
                }
            }
            curves += values
        }
        guard transform.yccToRGB.count == 9, transform.rgbToLMS.count == 9, transform.yccToRGBOffsets.count == 3 else {
            throw .unsupported("the colour transform is incomplete")
        }
        let lms = transform.linearMatrix
        var linear = [Double](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 {
                linear[3 * r + c] = (0..<3).reduce(0) { $0 + Self.lmsToBT2020[3 * r + $1] * lms[3 * $1 + c] }
            }
        }
        self.curves = curves
        self.nonlinear = transform.nonlinearMatrix
        let offsets = transform.nonlinearOffsets(profile: profile)
        self.offsets = SIMD3(offsets[0], offsets[1], offsets[2])
        self.linear = linear
        self.baseLayerBitDepth = baseLayerBitDepth
        self.transformID = transformID
        self.mapping = mapping
        if let previous, previous.mapping == mapping, previous.baseLayerBitDepth == baseLayerBitDepth {
            // The same curves as the last RPU's (most RPUs of a shot repeat them): the same tables.
            (pieceIndex, reshaped, tabulated, tableStride) =
                (previous.pieceIndex, previous.reshaped, previous.tabulated, previous.tableStride)
        } else if baseLayerBitDepth <= Self.maximumTabulatedBitDepth {
            tabulate()
        }
    }

    /// Fills ``pieceIndex`` and ``reshaped`` (see there).
    private mutating func tabulate() {
        let last = 8 * ((1 << baseLayerBitDepth) - 1)
        let stride = last + 1
        let scale = 1 / Double((1 << baseLayerBitDepth) - 1)
        var pieces = [UInt8](repeating: 0, count: 3 * stride)
        var values = [Double](repeating: 0, count: 3 * stride)
        var polynomialOnly = SIMD3<Int>.zero
        curves.withUnsafeBufferPointer { c in
            for component in 0..<3 {
                let start = component * Self.componentStride
                let kinds = (0..<Self.maximumPieces).map { c[start + Self.maximumPieces + 2 + $0] }
                polynomialOnly[component] = kinds.allSatisfy { $0 == 0 } ? 1 : 0
                for k in 0...last {
                    // The frame path's value: k eighths of a code, normalised as a decoded sample is.
                    let value = min(max(Double(k) * 0.125 * scale, 0), 1)
                    let piece = Self.piece(c, component, value)
                    pieces[component * stride + k] = UInt8(piece)
                    if polynomialOnly[component] == 1 {
                        values[component * stride + k] = Self.evaluate(
                            c, component, piece, SIMD3(repeating: value), value)
                    }
                }
            }
        }
        pieceIndex = pieces
        reshaped = values
        tabulated = polynomialOnly
        tableStride = stride
    }

    /// PQ-coded BT.2020 R′G′B′ of one pixel's base-layer codes.
    func compose(_ codes: SIMD3<Double>) -> SIMD3<Double> {
        let scale = 1 / Double((1 << baseLayerBitDepth) - 1)
        let s = SIMD3(
            min(max(codes.x * scale, 0), 1), min(max(codes.y * scale, 0), 1), min(max(codes.z * scale, 0), 1))
        return curves.withUnsafeBufferPointer { c in
            nonlinear.withUnsafeBufferPointer { n in
                linear.withUnsafeBufferPointer { l in
                    Self.pixel(s, c, n, offsets, l)
                }
            }
        }
    }

    /// The steps 2 to 6 for one normalised pixel, in float64 with the exact PQ curves: the reference.
    @inline(__always)
    private static func pixel(
        _ s: SIMD3<Double>, _ curves: UnsafeBufferPointer<Double>, _ n: UnsafeBufferPointer<Double>,
        _ offsets: SIMD3<Double>, _ l: UnsafeBufferPointer<Double>
    ) -> SIMD3<Double> {
        let reshaped = SIMD3(
            reshape(curves, 0, s, s.x), reshape(curves, 1, s, s.y), reshape(curves, 2, s, s.z))
        return colour(reshaped - offsets, n, l, pq: nil)
    }

    /// The steps 3 to 6 from the reshaped values less the offsets: the PQ curves from the ``PQTables`` tables when
    /// `pq` holds them (the frame path), else exact.
    @inline(__always)
    private static func colour(
        _ reshaped: SIMD3<Double>, _ n: UnsafeBufferPointer<Double>, _ l: UnsafeBufferPointer<Double>,
        pq: (eotf: UnsafeBufferPointer<Double>, oetf: UnsafeBufferPointer<Double>)?
    ) -> SIMD3<Double> {
        var lms = SIMD3<Double>()
        for r in 0..<3 {
            let e = n[3 * r] * reshaped.x + n[3 * r + 1] * reshaped.y + n[3 * r + 2] * reshaped.z
            if let pq { lms[r] = PQTables.eotf(e, pq.eotf) } else { lms[r] = pqEOTF(e) }
        }
        var out = SIMD3<Double>()
        for r in 0..<3 {
            let y = l[3 * r] * lms.x + l[3 * r + 1] * lms.y + l[3 * r + 2] * lms.z
            if let pq { out[r] = PQTables.oetf(y, pq.oetf) } else { out[r] = pqOETF(y) }
        }
        return out
    }

    /// Component `component`'s reshaped value; `value` is the component's own normalised code, which picks the piece.
    @inline(__always)
    private static func reshape(
        _ k: UnsafeBufferPointer<Double>, _ component: Int, _ s: SIMD3<Double>, _ value: Double
    ) -> Double {
        evaluate(k, component, piece(k, component, value), s, value)
    }

    /// The piece of component `component` whose pivots enclose `value`.
    @inline(__always)
    static func piece(_ k: UnsafeBufferPointer<Double>, _ component: Int, _ value: Double) -> Int {
        let start = component * componentStride
        var piece = 0
        for index in start..<start + maximumPieces where value >= k[index] { piece += 1 }
        return piece
    }

    /// Piece `piece` of component `component` at the normalised pixel `s` (`value`: the component's own), clamped to
    /// the curve's first and last pivots.
    @inline(__always)
    static func evaluate(
        _ k: UnsafeBufferPointer<Double>, _ component: Int, _ piece: Int, _ s: SIMD3<Double>, _ value: Double
    ) -> Double {
        let start = component * componentStride
        let order = Int(k[start + maximumPieces + 2 + piece])
        let base = start + 2 * maximumPieces + 2 + piece * pieceStride
        var v: Double
        if order == 0 {
            v = k[base] + (k[base + 1] + k[base + 2] * value) * value
        } else {
            let t1 = SIMD8(s.x, s.y, s.z, s.x * s.y, s.x * s.z, s.y * s.z, s.x * s.y * s.z, 0)
            v = k[base]
            var t = t1
            for o in 0..<order {
                let w = base + 1 + 7 * o
                v +=
                    k[w] * t[0] + k[w + 1] * t[1] + k[w + 2] * t[2] + k[w + 3] * t[3] + k[w + 4] * t[4]
                    + k[w + 5] * t[5] + k[w + 6] * t[6]
                t *= t1
            }
        }
        return min(max(v, k[start + maximumPieces]), k[start + maximumPieces + 1])
    }

    // SMPTE ST 2084 constants.
    private static let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
    private static let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
    /// The largest E′ the extended EOTF takes (below the pole at (c₂ ÷ c₃)^m₂ ≈ 1.9926; about 2.6 × 10¹¹ cd/m²).
    static let maximumEOTFSignal = 1.99

    /// The PQ EOTF of `e`, extended above 1 as the formula runs (composition meets L′M′S′ a little above 1), up to
    /// ``maximumEOTFSignal``: at (c₂ ÷ c₃)^m₂ ≈ 1.9926 the formula's denominator reaches 0 and beyond it the power is
    /// NaN (an RPU whose matrices push L′M′S′ that high: FuzzComposer's find), so E′ is held there.
    @inline(__always)
    static func pqEOTF(_ e: Double) -> Double {
        let p = pow(min(max(e, 0), maximumEOTFSignal), 1 / m2)
        return pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    @inline(__always)
    static func pqOETF(_ y: Double) -> Double {
        let p = pow(max(y, 0), m1)
        return pow((c1 + c2 * p) / (1 + c3 * p), m2)
    }

    /// Composes a planar Y′CbCr picture into RGBA float rows.
    func compose(_ source: PixelBufferView, into destination: MutablePixelBufferView, threadCount: Int?)
        throws(DolbyVisionComposerError)
    {
        let format = source.format
        guard format.colorModel == .yCbCr, format.planeCount == 3, format.sampleType == .unsignedInteger,
            format.alignment == .low, let subsampling = format.chromaSubsampling
        else {
            throw .formatMismatch("the base layer is \(format), not planar Y′CbCr with samples in the low bits")
        }
        guard destination.format == DolbyVisionComposer.outputFormat else {
            throw .formatMismatch("the output is \(destination.format), not RGBA float")
        }
        guard destination.width == source.width, destination.height == source.height else {
            throw .formatMismatch(
                "the output is \(destination.width)×\(destination.height), the picture \(source.width)×\(source.height)"
            )
        }
        let wide = format.plane(0).bytesPerSample == 2
        let height = source.height
        let threads = max(1, min(threadCount ?? ProcessInfo.processInfo.activeProcessorCount, height / 16, 64))
        let band = (height + threads - 1) / threads
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            let rows = index * band..<min(height, (index + 1) * band)
            composeRows(rows, source, destination, wide: wide, subsampling: subsampling)
        }
    }

    private func composeRows(
        _ rows: Range<Int>, _ source: PixelBufferView, _ destination: MutablePixelBufferView, wide: Bool,
        subsampling: PixelFormat.ChromaSubsampling
    ) {
        if wide {
            composeRows(rows, source, destination, subsampling: subsampling, as: UInt16.self)
        } else {
            composeRows(rows, source, destination, subsampling: subsampling, as: UInt8.self)
        }
    }

    /// The rows `rows` of a picture whose samples are `Sample`s: per row the luma row and the two chroma rows around
    /// it are fetched once; per pixel, bilinear chroma, the reshaping from the tables (``pieceIndex``, ``reshaped``;
    /// the pivot search for a base layer too deep for them), then the colour steps with tabulated PQ curves. Nothing
    /// is allocated and no table is looked up through a global per pixel.
    private func composeRows<Sample: FixedWidthInteger>(
        _ rows: Range<Int>, _ source: PixelBufferView, _ destination: MutablePixelBufferView,
        subsampling: PixelFormat.ChromaSubsampling, as: Sample.Type
    ) {
        let scale = 1 / Double((1 << baseLayerBitDepth) - 1)
        let (luma, cb, cr) = (source.plane(0), source.plane(1), source.plane(2))
        let out = destination.plane(0)
        let horizontal = subsampling.horizontalFactor, vertical = subsampling.verticalFactor
        let chromaWidth = cb.width
        let (stride, last, tabulated, offsets) = (tableStride, tableStride - 1, tabulated, offsets)
        curves.withUnsafeBufferPointer { c in
            nonlinear.withUnsafeBufferPointer { n in
                linear.withUnsafeBufferPointer { l in
                    pieceIndex.withUnsafeBufferPointer { pieces in
                        reshaped.withUnsafeBufferPointer { values in
                            PQTables.eotfTable.withUnsafeBufferPointer { eotf in
                                PQTables.oetfTable.withUnsafeBufferPointer { oetf in
                                    for y in rows {
                                        // Chroma rows around this luma row: vertically between rows for 4:2:0
                                        // (sited at 2j + ½).
                                        let cy = vertical == 2 ? (Double(y) - 0.5) / 2 : Double(y)
                                        let j0 = min(max(Int(cy.rounded(.down)), 0), cb.height - 1)
                                        let j1 = min(j0 + 1, cb.height - 1)
                                        let fy = vertical == 2 ? min(max(cy - Double(j0), 0), 1) : 0
                                        let lumaRow = luma.row(y, as: Sample.self)
                                        let (cb0, cb1) = (cb.row(j0, as: Sample.self), cb.row(j1, as: Sample.self))
                                        let (cr0, cr1) = (cr.row(j0, as: Sample.self), cr.row(j1, as: Sample.self))
                                        let row = out.row(y, as: Float.self)
                                        for x in 0..<source.width {
                                            let i0 = min(x / horizontal, chromaWidth - 1)
                                            let i1 = min(i0 + 1, chromaWidth - 1)
                                            let fx = horizontal == 2 && i1 != i0 ? Double(x & 1) / 2 : 0
                                            // Whole eighths of a code (weights ½, ¼, ¾): exact in Double.
                                            let codes = SIMD3(
                                                Double(lumaRow[x]),
                                                (Double(cb0[i0]) * (1 - fx) + Double(cb0[i1]) * fx) * (1 - fy)
                                                    + (Double(cb1[i0]) * (1 - fx) + Double(cb1[i1]) * fx) * fy,
                                                (Double(cr0[i0]) * (1 - fx) + Double(cr0[i1]) * fx) * (1 - fy)
                                                    + (Double(cr1[i0]) * (1 - fx) + Double(cr1[i1]) * fx) * fy)
                                            let s = SIMD3(
                                                min(max(codes.x * scale, 0), 1), min(max(codes.y * scale, 0), 1),
                                                min(max(codes.z * scale, 0), 1))
                                            var v = SIMD3<Double>()
                                            if last >= 0 {
                                                for component in 0..<3 {
                                                    let k = component * stride + min(Int(codes[component] * 8), last)
                                                    v[component] =
                                                        tabulated[component] != 0
                                                        ? values[k]
                                                        : Self.evaluate(c, component, Int(pieces[k]), s, s[component])
                                                }
                                            } else {
                                                v = SIMD3(
                                                    Self.reshape(c, 0, s, s.x), Self.reshape(c, 1, s, s.y),
                                                    Self.reshape(c, 2, s, s.z))
                                            }
                                            let rgb = Self.colour(v - offsets, n, l, pq: (eotf, oetf))
                                            row[4 * x] = Float(rgb.x)
                                            row[4 * x + 1] = Float(rgb.y)
                                            row[4 * x + 2] = Float(rgb.z)
                                            row[4 * x + 3] = 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
