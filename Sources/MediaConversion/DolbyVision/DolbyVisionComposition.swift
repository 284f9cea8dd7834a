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

    /// The inverse of the BT.2020-referred Hunt-Pointer-Estévez LMS matrix of IPT-PQ, rows of LMS → R, G, B (the
    /// values libplacebo hard-codes as `dovi_lms2rgb`).
    static let lmsToBT2020: [Double] = [
        3.06441879, -2.16597676, 0.10155818,
        -0.65612108, 1.78554118, -0.12943749,
        0.01736321, -0.04725154, 1.03004253,
    ]

    init(
        mapping: DolbyVisionRPU.Mapping, transform: DolbyVisionRPU.DisplayManagement.ColorTransform,
        transformID: Int, baseLayerBitDepth: Int, profile: Int?
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

    /// The steps 2 to 6 for one normalised pixel; `tabulated` evaluates the PQ curves from ``PQTables`` (the frame
    /// path), else exactly (the float64 reference).
    @inline(__always)
    private static func pixel(
        _ s: SIMD3<Double>, _ curves: UnsafeBufferPointer<Double>, _ n: UnsafeBufferPointer<Double>,
        _ offsets: SIMD3<Double>, _ l: UnsafeBufferPointer<Double>, tabulated: Bool = false
    ) -> SIMD3<Double> {
        let reshaped =
            SIMD3(
                reshape(curves, 0, s, s.x), reshape(curves, 1, s, s.y), reshape(curves, 2, s, s.z)) - offsets
        var lms = SIMD3<Double>()
        for r in 0..<3 {
            let e = n[3 * r] * reshaped.x + n[3 * r + 1] * reshaped.y + n[3 * r + 2] * reshaped.z
            lms[r] = tabulated ? PQTables.eotf(e) : pqEOTF(e)
        }
        var out = SIMD3<Double>()
        for r in 0..<3 {
            let y = l[3 * r] * lms.x + l[3 * r + 1] * lms.y + l[3 * r + 2] * lms.z
            out[r] = tabulated ? PQTables.oetf(y) : pqOETF(y)
        }
        return out
    }

    /// Component `component`'s reshaped value; `value` is the component's own normalised code, which picks the piece.
    @inline(__always)
    private static func reshape(
        _ k: UnsafeBufferPointer<Double>, _ component: Int, _ s: SIMD3<Double>, _ value: Double
    ) -> Double {
        let start = component * componentStride
        var piece = 0
        for index in start..<start + maximumPieces where value >= k[index] { piece += 1 }
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

    @inline(__always)
    static func pqEOTF(_ e: Double) -> Double {
        let p = pow(max(e, 0), 1 / m2)
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
    /// it are fetched once; per pixel, bilinear chroma, then ``pixel(_:_:_:_:_:)``.
    private func composeRows<Sample: FixedWidthInteger>(
        _ rows: Range<Int>, _ source: PixelBufferView, _ destination: MutablePixelBufferView,
        subsampling: PixelFormat.ChromaSubsampling, as: Sample.Type
    ) {
        let scale = 1 / Double((1 << baseLayerBitDepth) - 1)
        let (luma, cb, cr) = (source.plane(0), source.plane(1), source.plane(2))
        let out = destination.plane(0)
        let horizontal = subsampling.horizontalFactor, vertical = subsampling.verticalFactor
        let chromaWidth = cb.width
        curves.withUnsafeBufferPointer { c in
            nonlinear.withUnsafeBufferPointer { n in
                linear.withUnsafeBufferPointer { l in
                    for y in rows {
                        // Chroma rows around this luma row: vertically between rows for 4:2:0 (sited at 2j + ½).
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
                            func chroma(_ top: UnsafeBufferPointer<Sample>, _ bottom: UnsafeBufferPointer<Sample>)
                                -> Double
                            {
                                let upper = Double(top[i0]) * (1 - fx) + Double(top[i1]) * fx
                                let lower = Double(bottom[i0]) * (1 - fx) + Double(bottom[i1]) * fx
                                return upper * (1 - fy) + lower * fy
                            }
                            let s = SIMD3(
                                min(max(Double(lumaRow[x]) * scale, 0), 1), min(max(chroma(cb0, cb1) * scale, 0), 1),
                                min(max(chroma(cr0, cr1) * scale, 0), 1))
                            let rgb = Self.pixel(s, c, n, offsets, l, tabulated: true)
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
