import ColorSpaces
import Foundation
import MediaSyntax
import PixelBuffers
import PixelConversion
import Synchronization
import TransferFunctions

/// One RPU's composition parameters: flattened for the float64 reference (the three reshaping curves and the two
/// matrices, see ``DolbyVisionComposer`` for the steps), and as the kernels' ``DolbyVisionReshaping``.
struct DolbyVisionComposition: Sendable {
    /// The three curves in one array of ``componentStride`` values per component: 8 inner pivots (normalised; piece i
    /// covers [pivot i, pivot i + 1); unused ones +∞), the first and last pivots (the reshaped value is clamped to
    /// them), 8 piece kinds (0 polynomial, else the MMR order 1…3), then per piece 22 coefficients (a polynomial's c₀,
    /// c₁, c₂, or an MMR's constant then 7 weights per order).
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
    /// The same parameters for the kernels (``compose(_:into:threadCount:converters:)``).
    var reshaping: DolbyVisionReshaping

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
        reshaping = DolbyVisionReshaping(
            bitDepth: baseLayerBitDepth,
            curves: mapping.components.map { component in
                DolbyVisionReshaping.Curve(
                    pivots: component.pivotValues.map(Double.init),
                    pieces: component.pieces.map { piece in
                        switch piece {
                        case .polynomial(let c):
                            .polynomial(SIMD3((0..<3).map { $0 < c.count ? c[$0] : 0 }))
                        case .mmr(let constant, let weights):
                            // As the float64 path reads them: 3 orders at most, 7 weights each (missing ones 0).
                            .mmr(
                                constant: constant,
                                weights: weights.prefix(3).map { row in (0..<7).map { $0 < row.count ? row[$0] : 0 } })
                        case .linearInterpolation:
                            .polynomial(.zero)  // refused above
                        }
                    })
            },
            yccToRGB: nonlinear, offsets: self.offsets, lmsToRGB: linear)
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
        return colour(reshaped - offsets, n, l)
    }

    /// The steps 3 to 6 from the reshaped values less the offsets, with the exact PQ curves.
    @inline(__always)
    private static func colour(
        _ reshaped: SIMD3<Double>, _ n: UnsafeBufferPointer<Double>, _ l: UnsafeBufferPointer<Double>
    ) -> SIMD3<Double> {
        var lms = SIMD3<Double>()
        for r in 0..<3 {
            lms[r] = pqEOTF(n[3 * r] * reshaped.x + n[3 * r + 1] * reshaped.y + n[3 * r + 2] * reshaped.z)
        }
        var out = SIMD3<Double>()
        for r in 0..<3 { out[r] = pqOETF(l[3 * r] * lms.x + l[3 * r + 1] * lms.y + l[3 * r + 2] * lms.z) }
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

    /// The largest E′ the extended EOTF takes (below the pole at (c₂ ÷ c₃)^m₂ ≈ 1.9921, ``PQ/poleSignal``; about
    /// 2.6 × 10¹¹ cd/m²).
    static let maximumEOTFSignal = 1.99

    /// The PQ EOTF of `e` (TransferFunctions' `TransferFunction.pq`, 1.0 = 10 000 cd/m²), extended above 1 as the
    /// formula runs (composition meets L′M′S′ a little above 1), up to ``maximumEOTFSignal``: at the pole the formula's
    /// denominator reaches 0 and beyond it the power is NaN (an RPU whose matrices push L′M′S′ that high: FuzzComposer's
    /// find), so E′ is held there; negative E′ gives 0.
    @inline(__always)
    static func pqEOTF(_ e: Double) -> Double {
        TransferFunction.pq.toLinear(min(max(e, 0), maximumEOTFSignal))
    }

    /// The PQ inverse EOTF of `y` (1.0 = 10 000 cd/m²); negative values give the signal of 0.
    @inline(__always)
    static func pqOETF(_ y: Double) -> Double { TransferFunction.pq.fromLinear(max(y, 0)) }

    /// Composes a planar Y′CbCr picture into RGBA float rows, through the kernels (``DolbyVisionReshaping``).
    func compose(
        _ source: PixelBufferView, into destination: MutablePixelBufferView, threadCount: Int?,
        converters: ConverterCache
    ) throws(DolbyVisionComposerError) {
        let format = source.format
        guard format.colorModel == .yCbCr, format.planeCount == 3, format.sampleType == .unsignedInteger,
            format.alignment == .low, format.chromaSubsampling != nil
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
        let converter = try converters.converter(for: reshaping, format: format, threadCount: threadCount)
        do { try converter.convert(source, to: destination) } catch {
            throw .formatMismatch("\(error)")
        }
    }
}

/// The composer's converter for one reshaping, format and thread count, kept between pictures.
final class ConverterCache: Sendable {
    private struct Entry {
        let reshaping: DolbyVisionReshaping
        let format: PixelFormat
        let threadCount: Int?
        let converter: PixelConverter
    }
    private let entry = Mutex<Entry?>(nil)

    /// What ``DolbyVisionComposer/compose(_:into:threadCount:)`` writes: PQ-coded BT.2020 R′G′B′ (BT.2100 PQ).
    static let output = PixelEncoding(format: DolbyVisionComposer.outputFormat, colorSpace: .bt2100PQ)

    func converter(for reshaping: DolbyVisionReshaping, format: PixelFormat, threadCount: Int?)
        throws(DolbyVisionComposerError) -> PixelConverter
    {
        if let kept = entry.withLock({ $0 }), kept.reshaping == reshaping, kept.format == format,
            kept.threadCount == threadCount
        {
            return kept.converter
        }
        var options = PixelConverter.Options()
        options.dolbyVision = reshaping
        options.threadCount = threadCount
        let converter: PixelConverter
        do {
            converter = try PixelConverter(
                from: DolbyVisionComposer.baseLayerEncoding(format), to: Self.output, options: options)
        } catch { throw .unsupported("\(error)") }
        entry.withLock {
            $0 = Entry(reshaping: reshaping, format: format, threadCount: threadCount, converter: converter)
        }
        return converter
    }
}
