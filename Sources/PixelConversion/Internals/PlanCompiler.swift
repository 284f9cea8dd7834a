internal import CPixelKernels
import ColorSpaces
import Foundation
import PixelBuffers
import ToneMapping
import TransferFunctions
import SignalCoding

/// Builds a ``Program`` from two encodings: decode the source to linear light in its primaries (1.0 = reference
/// white), tone map, convert the gamut, fit the tone mapping's headroom in the destination's primaries, encode for the
/// destination (fitting HLG's signal range in scene light); then fold adjacent matrices, drop identities and fold
/// leading per-channel curves into an integer reader's code table.
struct PlanCompiler {
    let source: PixelEncoding
    let destination: PixelEncoding
    let options: PixelConverter.Options
    private var operations: [Operation] = []

    init(source: PixelEncoding, destination: PixelEncoding, options: PixelConverter.Options) {
        self.source = source
        self.destination = destination
        self.options = options
    }

    /// The program and the steps of its plan.
    mutating func compile(kernels: Kernels) throws(PixelConversionError) -> (Program, [PixelConverter.Plan.Step]) {
        try validate()
        let sourceFormat = source.effectiveFormat, destinationFormat = destination.effectiveFormat
        if sourceFormat.isFloatingPoint {
            // ±∞ would turn into NaN at the first matrix with coefficients of both signs (∞ − ∞); as ±10³⁰ it stays
            // the brightest (or darkest) value and saturates wherever the destination has a limit. NaN stays NaN.
            append(.clamp(low: -Self.infinityStandIn, high: Self.infinityStandIn, name: "±∞ → ±10³⁰"))
        }
        if let composition = options.dolbyVision {
            try decodeDolbyVision(composition, sourceFormat)
        } else if sourceFormat.colorModel == .yCbCr {
            try decodeYCbCr(sourceFormat)
        } else {
            decodeSignal(source.colorSpace)
        }
        toneMap()
        convertGamut()
        fitHeadroom()
        if options.measuresLight {
            guard destinationFormat.colorModel == .yCbCr, options.backend == nil else {
                throw .invalidOption(
                    name: "measuresLight", value: "true",
                    expected: "a Y′CbCr destination converted on the CPU kernels (no backend)")
            }
            append(
                .kernel(
                    HDRK_OP_meter, parameters: [1],
                    step: .init(
                        name: "meter the light",
                        detail:
                            "max(R, G, B) of linear light (1.0 = \(Self.number(referenceWhite)) cd/m²), summed per frame"
                    )))
        }
        if destinationFormat.colorModel == .yCbCr, destination.matrix?.ictcpTransferFunction != nil {
            encodeICtCp()
        } else {
            encodeSignal(destination.colorSpace)
            if destinationFormat.colorModel == .yCbCr, let m = destination.matrix?.rgbToYCbCr {
                append(.affine(AffineMap(m), name: "R′G′B′ → Y′CbCr (\(destination.matrix!.name))"))
            }
        }
        foldAffines()

        var steps: [PixelConverter.Plan.Step] = []
        let reader: Reader
        if sourceFormat.colorModel == .yCbCr {
            let location = source.effectiveChromaLocation
            reader = .yCbCr(YCbCrReader(format: sourceFormat, filter: options.chromaFilter, location: location))
            steps.append(.init(name: "read \(sourceFormat)", detail: "Y′, Cb, Cr integer codes"))
            if let s = sourceFormat.chromaSubsampling, s != .s444 {
                let how = options.chromaFilter == .nearest ? "nearest" : "bilinear, \(location)-sited"
                steps.append(.init(name: "upsample chroma", detail: "\(s.name) → 4:4:4, \(how)"))
            }
        } else {
            let (table, folded) = codeTable(for: sourceFormat)
            reader = .rgb(RGBReader(format: sourceFormat, codeTable: table))
            if let table {
                steps.append(
                    .init(
                        name: "read \(sourceFormat)",
                        detail: "through a \(table.count)-entry code table: normalise, "
                            + folded.joined(separator: ", ")))
            } else {
                steps.append(.init(name: "read \(sourceFormat)", detail: "normalised samples"))
            }
        }
        quantizeLastCurve(for: destinationFormat)
        steps += operations.map(Self.step)
        let writer: Writer
        if destinationFormat.colorModel == .yCbCr {
            let location = destination.effectiveChromaLocation
            writer = .yCbCr(
                YCbCrWriter(
                    format: destinationFormat, location: location,
                    quantizeChromaLikeLuma: destination.matrix == .identity))
            if let s = destinationFormat.chromaSubsampling, s != .s444 {
                let horizontal = location.isHorizontallyCosited ? "[¼ ½ ¼]" : "[½ ½]"
                let vertical = s == .s420 ? (location.verticalOffset == 0.5 ? " × [½ ½]" : " × [¼ ½ ¼]") : ""
                steps.append(
                    .init(
                        name: "downsample chroma",
                        detail: "4:4:4 → \(s.name), \(horizontal)\(vertical) around \(location)-sited samples"))
            }
            steps.append(.init(name: "write \(destinationFormat)", detail: Self.quantisationDetail(destinationFormat)))
        } else {
            let codes = if case .quantizedCurve? = operations.last { true } else { false }
            writer = .rgb(RGBWriter(format: destinationFormat, codes: codes))
            steps.append(.init(name: "write \(destinationFormat)", detail: Self.quantisationDetail(destinationFormat)))
        }
        let threads = options.threadCount ?? ProcessInfoCores.active
        return (
            Program(reader: reader, operations: operations, writer: writer, kernels: kernels, threadCount: threads),
            steps
        )
    }

    /// What ±∞ from a float or half source becomes: finite, far above any light level (10³⁰).
    static let infinityStandIn: Float = 1e30

    // MARK: Validation

    private func validate() throws(PixelConversionError) {
        for (role, encoding) in [("source", source), ("destination", destination)] {
            // Parameters outside a curve's domain make it NaN everywhere: a typed error instead of NaN pixels.
            switch encoding.colorSpace.transferFunction {
            case .gamma(let g) where !(g > 0 && g.isFinite):
                throw .invalidOption(
                    name: "\(role) transfer function", value: "gamma(\(g)) of \(encoding.colorSpace.name)",
                    expected: "a finite gamma > 0")
            case .bt1886(let white, let black) where !(black >= 0 && white > black && white.isFinite):
                throw .invalidOption(
                    name: "\(role) transfer function",
                    value: "bt1886(whiteLuminance: \(white), blackLuminance: \(black)) of \(encoding.colorSpace.name)",
                    expected: "luminances with 0 ≤ black < white < ∞ (cd/m²)")
            default:
                break
            }
        }
        for encoding in [source, destination] {
            let format = encoding.format
            switch (format.colorModel, encoding.matrix) {
            case (.yCbCr, nil): throw .missingMatrix(format)
            case (.rgb, let m?) where m != .identity: throw .matrixForRGBFormat(format, m)
            case (.yCbCr, .bt2020ConstantLuminance?): throw .unsupportedMatrix(.bt2020ConstantLuminance)
            case (.yCbCr, let m?) where m.requiredCICPTransfer != nil:
                if m.ictcpTransferFunction != encoding.colorSpace.transferFunction {
                    throw .matrixTransferMismatch(m, encoding.colorSpace)
                }
            default: break
            }
        }
        func positive(_ name: String, _ value: Double) throws(PixelConversionError) {
            guard value > 0, value.isFinite else {
                throw .invalidOption(name: name, value: "\(value)", expected: "a positive finite number")
            }
        }
        try positive("referenceWhite", options.referenceWhite)
        try positive("hlgPeakLuminance", options.hlgPeakLuminance)
        guard options.hlgBlackLuminance >= 0, options.hlgBlackLuminance < options.hlgPeakLuminance else {
            throw .invalidOption(
                name: "hlgBlackLuminance", value: "\(options.hlgBlackLuminance)",
                expected: "0 ≤ black < hlgPeakLuminance")
        }
        if let gamma = options.hlgSystemGamma { try positive("hlgSystemGamma", gamma) }
        if let threads = options.threadCount, threads < 1 {
            throw .invalidOption(name: "threadCount", value: "\(threads)", expected: "at least 1, or nil for automatic")
        }
        if case .displayHeadroom(let headroom, _, let method) = options.toneMapping {
            try positive("display headroom", headroom)
            // ITU-R BT.2446 method A maps HDR onto SDR only.
            if method == .bt2446A, headroom != 1 {
                throw .invalidOption(
                    name: "display headroom", value: "\(headroom) with BT.2446 method A",
                    expected: "1 (method A maps to SDR; use .headroom or .bt2390 for HDR displays)")
            }
        }
    }

    // MARK: Decoding

    private var referenceWhite: Double { options.referenceWhite }

    private func hlgDisplay(_ primaries: RGBPrimaries) -> HLG.Display {
        HLG.Display(
            peakLuminance: options.hlgPeakLuminance, blackLuminance: options.hlgBlackLuminance,
            systemGamma: options.hlgSystemGamma, primaries: primaries)
    }

    /// Y′CbCr codes → R′G′B′ (the quantisation folded into the matrix), or ICtCp codes → linear light.
    private mutating func decodeYCbCr(_ format: PixelFormat) throws(PixelConversionError) {
        let matrix = source.matrix!
        let range = format.range ?? .full
        guard let q = try? Quantization(bitDepth: format.bitDepth, range: range) else {
            throw .invalidOption(name: "format", value: "\(format)", expected: "8 … 16-bit Y′CbCr")
        }
        let luma = (scale: q.lumaScale, offset: q.lumaOffset)
        let chroma = matrix == .identity ? luma : (scale: q.chromaScale, offset: q.chromaOffset)
        let dequantize = AffineMap.diagonal(
            SIMD3(1 / luma.scale, 1 / chroma.scale, 1 / chroma.scale),
            offset: SIMD3(-luma.offset / luma.scale, -chroma.offset / chroma.scale, -chroma.offset / chroma.scale))
        let codes = "\(range == .full ? "full" : "narrow")-range codes"
        if let toRGB = matrix.ycbcrToRGB {
            append(
                .affine(dequantize.followed(by: AffineMap(toRGB)), name: "Y′CbCr → R′G′B′ (\(matrix.name), \(codes))"))
            decodeSignal(source.colorSpace)
            return
        }
        // ICtCp (ITU-R BT.2100 Tables 6, 7): codes → L′M′S′ → LMS → linear BT.2020 RGB.
        let transfer = matrix.ictcpTransferFunction!
        append(.affine(dequantize.followed(by: AffineMap(matrix.ictcpToLMS!)), name: "ICtCp → L′M′S′ (\(codes))"))
        append(
            .curve(CurveTable(transfer, .toLinear, .extended, name: transfer == .pq ? "PQ EOTF" : "HLG inverse OETF")))
        append(.affine(AffineMap(YCbCrMatrix.ictcpLMSToRGB), name: "LMS → BT.2020 RGB"))
        if transfer == .pq {
            append(
                .affine(
                    .diagonal(SIMD3(repeating: PQ.peakLuminance / referenceWhite)), name: scaleName(toRelative: true)))
        } else {
            append(.luminanceGain(weights: HLG.lumaCoefficients, ootfGain(hlgDisplay(.bt2020)), purpose: "HLG OOTF"))
        }
    }

    /// A Dolby Vision base layer's codes → linear BT.2020 light, 1.0 = reference white (``DolbyVisionReshaping``).
    private mutating func decodeDolbyVision(_ composition: DolbyVisionReshaping, _ format: PixelFormat)
        throws(PixelConversionError)
    {
        guard format.colorModel == .yCbCr, format.bitDepth == composition.bitDepth, composition.isValid else {
            throw .invalidOption(
                name: "Dolby Vision composition", value: "\(composition.bitDepth)-bit curves for \(format)",
                expected: "a Y′CbCr base layer of the curves' bit depth, 1 … 8 pieces per curve, MMR orders 1 … 3")
        }
        let pieces = composition.curves.map { curve in
            curve.pieces.map { if case .mmr(_, let w) = $0 { "MMR order \(w.count)" } else { "polynomial" } }
                .joined(separator: ", ")
        }
        append(
            .kernel(
                HDRK_OP_reshape, parameters: composition.kernelParameters,
                step: .init(
                    name: "Dolby Vision reshaping",
                    detail:
                        "Y′: \(pieces[0]); Cb: \(pieces[1]); Cr: \(pieces[2]) (codes ÷ \((1 << format.bitDepth) - 1))"))
        )
        let m = composition.yccToRGB
        let matrix = Matrix3x3(SIMD3(m[0], m[1], m[2]), SIMD3(m[3], m[4], m[5]), SIMD3(m[6], m[7], m[8]))
        append(
            .affine(
                AffineMap(matrix, offset: -(matrix * composition.offsets)),
                name: "IPT-PQ-c2 → L′M′S′ (the RPU's ycc_to_rgb and offsets)"))
        // The EOTF's domain as the composer holds it: all in the table (no exact function per lane).
        append(.clamp(low: 0, high: 1.99, name: "L′M′S′ held in 0 … 1.99"))
        append(.curve(Self.dolbyVisionEOTF))
        let l = composition.lmsToRGB
        append(
            .affine(
                AffineMap(Matrix3x3(SIMD3(l[0], l[1], l[2]), SIMD3(l[3], l[4], l[5]), SIMD3(l[6], l[7], l[8]))),
                name: "LMS → BT.2020 RGB (the RPU's rgb_to_lms)"))
        append(
            .affine(.diagonal(SIMD3(repeating: PQ.peakLuminance / referenceWhite)), name: scaleName(toRelative: true)))
    }

    /// The PQ EOTF as the composer applies it to L′M′S′: E′ held in 0 … 1.99 (below the pole at 1.9921).
    private static let dolbyVisionEOTF: CurveTable = {
        let f: @Sendable (Double) -> Double = { e in
            TransferFunction.pq.toLinear(Swift.min(Swift.max(e, 0), 1.99), outOfRange: .extended)
        }
        let table = PiecewiseLinearTable(
            function: f, segmentsPerOctaveLog2: 11, lowEnd: .chordFromZero(tolerance: 1e-9, lowestExponent: -24),
            high: 2, saturation: 1.99, mirrored: false)
        return CurveTable(table: table, exact: { Float(f(Double($0))) }, name: "PQ EOTF (L′M′S′ → LMS, E′ ≤ 1.99)")
    }()

    /// An R′G′B′ signal of `space` → linear light in its primaries, 1.0 = reference white.
    private mutating func decodeSignal(_ space: ColorSpace) {
        let range = space.outOfRange
        switch space.transferFunction {
        case .linear:
            if range == .clamped { append(.clamp(low: 0, high: 1, name: "clamp to [0, 1] (\(space.name) is clamped)")) }
        case .pq:
            append(.curve(CurveTable(.pq, .toLinear, range, name: "PQ EOTF (SMPTE ST 2084)")))
            append(
                .affine(
                    .diagonal(SIMD3(repeating: PQ.peakLuminance / referenceWhite)), name: scaleName(toRelative: true)))
        case .hlg:
            let display = hlgDisplay(space.primaries)
            append(.curve(hlgInverseOETF(beta: display.blackLift, clamped: range == .clamped)))
            append(.luminanceGain(weights: display.lumaCoefficients, ootfGain(display), purpose: "HLG OOTF"))
        case let transfer:
            let curve = transfer.referred(to: options.sdrVideoReferral)
            append(.curve(CurveTable(curve, .toLinear, range, name: "\(curve) decode")))
        }
    }

    // MARK: Tone and gamut

    private mutating func toneMap() {
        let weights = source.colorSpace.primaries.luminanceCoefficients
        switch options.toneMapping {
        case .none:
            break
        case .displayHeadroom(let displayHeadroom, let content, let method):
            let contentHeadroom = content.headroom(referenceWhite: referenceWhite)
            guard contentHeadroom > displayHeadroom else { return }
            let mapper = ToneMapper(
                method, contentHeadroom: contentHeadroom, displayHeadroom: displayHeadroom,
                referenceWhite: referenceWhite,
                application: .luminance(weights))
            let name =
                "\(method.rawValue) \(Self.number(contentHeadroom))× → \(Self.number(displayHeadroom))× headroom, "
                + "on luminance"
            guard method != .bt2446A else { return append(.toneMap(mapper, name: name)) }
            let kink = method == .clip ? displayHeadroom : contentHeadroom
            append(
                .luminanceGain(
                    weights: weights, Self.luminanceGainTable(mapper, kink: kink, name: name), purpose: "tone map"))
        case .custom(let mapper):
            append(.toneMap(mapper, name: Self.operatorDescription(mapper)))
        }
    }

    /// The luminance-gain table of a tone curve f on luminance Y: it scales the pixel by f(Y)/Y. The gain is continuous
    /// where f becomes constant (`kink`: the content headroom; the display headroom for a clip), with a kink there;
    /// tabulated straight across it with 512 segments per octave, the one segment that straddles it is off by at most
    /// 2/(2048·τ(1 + τ)) relative (τ ≥ 1 the shoulder's end in units of its width), 5e-4 at worst. The table reaches 4×
    /// the kink, and at least 128 (every PQ value at 203 cd/m²), beyond which the gain is evaluated exactly.
    static func luminanceGainTable(_ mapper: ToneMapper, kink: Double, name: String) -> CurveTable {
        let gain: @Sendable (Double) -> Double = { y in
            y > Double(ToneCurveApplication.ratioThreshold) ? mapper.map(SIMD3(repeating: y)).x / y : 1
        }
        // At most 2^30 (absurd content peaks keep a finite, small table; the exact path covers the rest).
        let top = Swift.min(Swift.max(Int(log2(Swift.min(kink, 0x1p40)).rounded(.up)) + 2, 7), 30)
        let table = PiecewiseLinearTable(
            function: gain, segmentsPerOctaveLog2: 9, lowEnd: .chordFromZeroBelow(0x1p-16),
            high: Float(sign: .plus, exponent: top, significand: 1), mirrored: false)
        return CurveTable(table: table, exact: { Float(gain(Double($0))) }, name: name)
    }

    /// A custom operator by its type and parameters: `ToneMapper.headroom(HeadroomCurve(contentHeadroom: 4.92611, …))`,
    /// or the type name and the value's description when that does not start with it.
    static func operatorDescription(_ mapper: any ToneMappingOperator) -> String {
        let typeName = String(describing: type(of: mapper))
        let text = String(describing: mapper)
        if text.hasPrefix(typeName) { return text }
        return text.hasPrefix(".") ? typeName + text : "\(typeName): \(text)"
    }

    /// The headroom the tone mapping promises: the display headroom of `.displayHeadroom` (1 for BT.2446 method A),
    /// a custom operator's `targetHeadroom`, or `nil`.
    private var targetHeadroom: Double? {
        switch options.toneMapping {
        case .none: nil
        case .displayHeadroom(let headroom, _, let method): method == .bt2446A ? 1 : headroom
        case .custom(let mapper): mapper.targetHeadroom
        }
    }

    /// Keeps every component within the tone mapping's headroom (and the destination's peak, when lower) after the
    /// primaries conversion, with hue kept: ``HeadroomFit`` in the destination's primaries. The tone curve bounds the
    /// source's luminance (or max(R, G, B)); this bounds what the display receives.
    private mutating func fitHeadroom() {
        guard let target = targetHeadroom, target > 0 else { return }
        let bound = Swift.min(target, ceiling)
        guard bound.isFinite else { return }
        let primaries = destination.colorSpace.primaries
        appendFit(
            HeadroomFit(headroom: bound, primaries: primaries, priority: options.fitPriority), name: "fit the headroom",
            space: "\(primaries.name)"
                + (bound < target ? " (the destination's peak, below the \(Self.number(target))× headroom)" : ""))
    }

    /// ToneMapping's ``HeadroomFit`` as a step (op `headroom_fit`); `space` says what the planes hold.
    private mutating func appendFit(_ fit: HeadroomFit, name: String, space: String) {
        let h = Self.number(fit.headroom), w = fit.luminanceCoefficients
        let how =
            switch fit.priority {
            case .chromaticity: "C·\(h)/max(R, G, B) (hue and saturation kept, luminance lowered)"
            case .luminance:
                "towards grey at constant luminance Y = \(Self.number(w.x))R + \(Self.number(w.y))G + "
                    + "\(Self.number(w.z))B below Y = ¾·\(h), blending into C·\(h)/max(R, G, B) (saturation kept, "
                    + "luminance lowered) from there to Y ≥ \(h)"
            }
        let weights = SIMD3<Float>(w)
        append(
            .kernel(
                HDRK_OP_headroom_fit,
                parameters: [
                    weights.x, weights.y, weights.z, Float(fit.headroom), fit.floatLimit, fit.priority.blendFloor,
                ],
                step: .init(name: name, detail: "max(R, G, B) ≤ \(h) in \(space), hue kept: " + how)))
    }

    /// The destination's nominal peak in linear light (1.0 = reference white), or +∞ for extended destinations.
    private var ceiling: Double {
        let space = destination.colorSpace
        guard space.outOfRange == .clamped else { return .infinity }
        switch space.transferFunction {
        case .pq: return PQ.peakLuminance / referenceWhite
        case .hlg: return options.hlgPeakLuminance / referenceWhite
        case let curve: return curve.toLinear(1.0)
        }
    }

    private mutating func convertGamut() {
        let from = source.colorSpace.primaries, to = destination.colorSpace.primaries
        let name = "\(from.name) → \(to.name)"
        switch options.gamut {
        case .extended:
            append(.affine(AffineMap(from.conversionMatrix(to: to, adaptation: options.adaptation)), name: name))
        case .clip:
            append(.affine(AffineMap(from.conversionMatrix(to: to, adaptation: options.adaptation)), name: name))
            append(.clamp(low: 0, high: Float(ceiling), name: "clip to [0, \(Self.number(ceiling))]"))
        case .softClip:
            let mapper = GamutMapper(from: from, to: to, method: .softCompression, adaptation: options.adaptation)
            append(.affine(AffineMap(mapper.matrix), name: name))
            let w = SIMD3<Float>(mapper.luminanceCoefficients)
            let knee: Float = mapper.compresses ? Float(mapper.knee) : .infinity  // +∞: never compresses
            append(
                .kernel(
                    HDRK_OP_gamut_compress,
                    parameters: [w.x, w.y, w.z, knee, Float(mapper.shoulder.inverseEndSquared), .infinity],
                    step: .init(
                        name: "gamut map",
                        detail: "\(from.name) → \(to.name), hue-preserving soft compression, clipped below at 0")))
            if ceiling.isFinite {
                let (knee, top) = (Float(0.8 * ceiling), Float(ceiling))
                append(
                    .kernel(
                        HDRK_OP_highlight_shoulder, parameters: [knee, top],
                        step: .init(
                            name: "highlight shoulder",
                            detail:
                                "max(R, G, B) above \(Self.number(Double(knee))) rolls onto \(Self.number(Double(top)))"
                        )))
            }
        }
    }

    // MARK: Encoding

    /// Linear light in the destination primaries → its R′G′B′ signal.
    private mutating func encodeSignal(_ space: ColorSpace) {
        let range = space.outOfRange
        switch space.transferFunction {
        case .linear:
            if range == .clamped { append(.clamp(low: 0, high: 1, name: "clamp to [0, 1] (\(space.name) is clamped)")) }
        case .pq:
            append(
                .affine(
                    .diagonal(SIMD3(repeating: referenceWhite / PQ.peakLuminance)), name: scaleName(toRelative: false)))
            append(.curve(CurveTable(.pq, .fromLinear, range, name: "PQ inverse EOTF (SMPTE ST 2084)")))
        case .hlg:
            let display = hlgDisplay(space.primaries)
            append(
                .luminanceGain(weights: display.lumaCoefficients, inverseOOTFGain(display), purpose: "HLG inverse OOTF")
            )
            if range == .clamped {
                // The inverse OOTF divides by a power of the luminance, so a saturated colour whose components are all
                // below the peak can still need scene light above 1, which the signal clamp would clip per channel
                // (hue shift). Fit it at constant scene luminance instead: the signal of every component ≤ 1.
                appendFit(
                    HeadroomFit(headroom: 1, luminanceCoefficients: display.lumaCoefficients, priority: .luminance),
                    name: "fit the HLG signal range", space: "scene light (\(space.primaries.name))")
            }
            append(.curve(hlgOETF(beta: display.blackLift)))
            if range == .clamped { append(.clamp(low: 0, high: 1, name: "clamp to [0, 1] (\(space.name) is clamped)")) }
        case let transfer:
            let curve = transfer.referred(to: options.sdrVideoReferral)
            append(.curve(CurveTable(curve, .fromLinear, range, name: "\(curve) encode")))
        }
    }

    /// Linear BT.2020 light → ICtCp (ITU-R BT.2100 Tables 6, 7).
    private mutating func encodeICtCp() {
        let matrix = destination.matrix!
        let transfer = matrix.ictcpTransferFunction!
        if transfer == .pq {
            append(
                .affine(
                    .diagonal(SIMD3(repeating: referenceWhite / PQ.peakLuminance)), name: scaleName(toRelative: false)))
        } else {
            append(
                .luminanceGain(
                    weights: HLG.lumaCoefficients, inverseOOTFGain(hlgDisplay(.bt2020)), purpose: "HLG inverse OOTF"))
        }
        append(.affine(AffineMap(YCbCrMatrix.ictcpRGBToLMS), name: "BT.2020 RGB → LMS"))
        append(
            .curve(CurveTable(transfer, .fromLinear, .extended, name: transfer == .pq ? "PQ inverse EOTF" : "HLG OETF"))
        )
        append(.affine(AffineMap(matrix.lmsToICtCp!), name: "L′M′S′ → ICtCp"))
    }

    // MARK: HLG tables

    /// E = OETF⁻¹(max(0, (1 − β)·E′ + β)), BT.2100-2 Table 5, as one curve (inputs below −β/(1 − β) clamp to it).
    private func hlgInverseOETF(beta: Double, clamped: Bool) -> CurveTable {
        let f: @Sendable (Double) -> Double = { x in
            let lifted = (1 - beta) * x + beta
            return HLG.inverseOETF(lifted < 0 ? 0 : lifted)
        }
        let low = Float(-beta / (1 - beta))
        let clamp: ClosedRange<Float> = clamped ? 0...1 : low...Float.infinity
        let table = PiecewiseLinearTable(
            function: f, segmentsPerOctaveLog2: 11, lowEnd: .chordFromZero(tolerance: 1e-9, lowestExponent: -24),
            high: 2, clamp: clamp, mirrored: false)
        return CurveTable(
            table: table,
            exact: { x in
                let v = x.isNaN ? x : Swift.min(Swift.max(x, clamp.lowerBound), clamp.upperBound)
                return Float(f(Double(v)))
            },
            name: beta == 0 ? "HLG inverse OETF" : "HLG inverse OETF with black lift β = \(Self.number(beta))")
    }

    /// E′ = (OETF(max(E, 0)) − β)/(1 − β), the inverse of ``hlgInverseOETF(beta:clamped:)``.
    private func hlgOETF(beta: Double) -> CurveTable {
        let f: @Sendable (Double) -> Double = { e in (HLG.oetf(e < 0 ? 0 : e) - beta) / (1 - beta) }
        let table = PiecewiseLinearTable(
            function: f, segmentsPerOctaveLog2: 7, lowEnd: .chordFromZero(tolerance: 1e-7, lowestExponent: -100),
            high: 128, clamp: 0...Float.infinity, mirrored: false)
        return CurveTable(
            table: table, exact: { x in Float(f(Double(x.isNaN ? x : Swift.max(x, 0)))) },
            name: beta == 0 ? "HLG OETF" : "HLG OETF with black lift β = \(Self.number(beta))")
    }

    /// The OOTF gain α·Y^(γ−1) ÷ reference white on scene luminance Y (0 for Y ≤ 0).
    private func ootfGain(_ display: HLG.Display) -> CurveTable {
        let white = referenceWhite
        let g: @Sendable (Double) -> Double = { y in display.gain(sceneLuminance: y) / white }
        return gainTable(
            g, high: 128,
            name: "HLG OOTF gain \(Self.number(display.peakLuminance))·Y^\(Self.number(display.systemGamma - 1)) "
                + "÷ \(Self.number(white)) (L_W \(Self.number(display.peakLuminance)) cd/m², γ \(Self.number(display.systemGamma)))"
        )
    }

    /// The inverse OOTF gain on relative display luminance Y (1.0 = reference white): scene E = x·gain(Y).
    private func inverseOOTFGain(_ display: HLG.Display) -> CurveTable {
        let white = referenceWhite
        let g: @Sendable (Double) -> Double = { y in display.inverseGain(displayLuminance: y * white) * white }
        return gainTable(
            g, high: 65536,
            name: "HLG inverse OOTF gain (L_W \(Self.number(display.peakLuminance)) cd/m², "
                + "γ \(Self.number(display.systemGamma)))")
    }

    private func gainTable(_ g: @escaping @Sendable (Double) -> Double, high: Float, name: String) -> CurveTable {
        let table = PiecewiseLinearTable(
            function: g, segmentsPerOctaveLog2: 7, lowEnd: .chordFromZeroBelow(0x1p-40), high: high, mirrored: false)
        return CurveTable(table: table, exact: { y in Float(g(Double(y))) }, name: name)
    }

    // MARK: Folding

    private mutating func append(_ operation: Operation) { operations.append(operation) }

    /// Multiplies adjacent matrices into one, drops identities and folds a uniform scale after a curve into it. A
    /// uniform scale right after the light meter moves before it first (the meter scaling its values back), so that
    /// metering leaves the rest of the program as it would be without it.
    private mutating func foldAffines() {
        for i in operations.indices.dropLast() {
            guard case .kernel(HDRK_OP_meter, let parameters, let step) = operations[i],
                case .affine(let map, _) = operations[i + 1], let s = map.uniformScale
            else { continue }
            operations[i] = operations[i + 1]
            operations[i + 1] = .kernel(HDRK_OP_meter, parameters: [parameters[0] / Float(s)], step: step)
        }
        var folded: [Operation] = []
        for operation in operations {
            if case .affine(let map, let name) = operation, case .affine(let previous, let previousName)? = folded.last
            {
                folded[folded.count - 1] = .affine(previous.followed(by: map), name: previousName + " · " + name)
            } else {
                folded.append(operation)
            }
        }
        operations = []
        for operation in folded where !operation.isIdentity {
            // A uniform scale right after a curve (PQ's 10 000 ÷ 203 when the primaries stay) scales its table.
            if case .affine(let map, let name) = operation, let s = map.uniformScale,
                case .curve(let curve)? = operations.last
            {
                operations[operations.count - 1] = .curve(curve.scaled(by: s, name: curve.name + " · " + name))
            } else {
                operations.append(operation)
            }
        }
    }

    /// For an integer RGB source of ≤ 16 bits: a code → value table composed with the leading per-channel steps
    /// (evaluated exactly), which are then removed from the operations. Returns the table and the folded steps' names.
    private mutating func codeTable(for format: PixelFormat) -> ([Float]?, [String]) {
        guard let access = SampleAccess(format, channel: 0), access.isInteger, access.mask <= 0xFFFF else {
            return (nil, [])
        }
        let leading = operations.prefix {
            switch $0 {
            case .curve, .clamp: true
            default: false
            }
        }
        guard !leading.isEmpty else { return (nil, []) }
        operations.removeFirst(leading.count)
        let table = (0...Int(access.mask)).map { code -> Float in
            var v = (Float(code) - access.bias) / access.scale
            for operation in leading {
                switch operation {
                case .curve(let curve): v = curve.exact(v)
                case .clamp(let low, let high, _): v = v.isNaN ? v : Swift.min(Swift.max(v, low), high)
                default: break
                }
            }
            return v
        }
        return (table, leading.map { Self.step($0).name })
    }

    /// For a full-range integer RGB destination of at most 10 bits: the last curve, the clamps after it and the
    /// writer's quantisation as one ``QuantizedCurve`` step (left as they are when it cannot be built).
    private mutating func quantizeLastCurve(for format: PixelFormat) {
        guard format.colorModel == .rgb, format.sampleType == .unsignedInteger, format.range == .full,
            format.bitDepth <= 10, let access = SampleAccess(format, channel: 0),
            let index = operations.lastIndex(where: { if case .curve = $0 { true } else { false } }),
            case .curve(let curve) = operations[index]
        else { return }
        var clamps: [(Float, Float)] = []
        for operation in operations[(index + 1)...] {
            guard case .clamp(let low, let high, _) = operation else { return }
            clamps.append((low, high))
        }
        let composite: (Float) -> Float = { x in
            clamps.reduce(curve.exact(x)) { v, clamp in v.isNaN ? v : Swift.min(Swift.max(v, clamp.0), clamp.1) }
        }
        guard
            let quantized = QuantizedCurve(
                curve: composite, scale: access.scale, bias: access.bias, maxCode: access.maxCode,
                name: "\(curve.name) → \(format.bitDepth)-bit codes")
        else { return }
        operations.replaceSubrange(index..., with: [.quantizedCurve(quantized)])
    }

    // MARK: Descriptions

    private func scaleName(toRelative: Bool) -> String {
        toRelative
            ? "× \(Self.number(PQ.peakLuminance / referenceWhite)) (10 000 ÷ \(Self.number(referenceWhite)) cd/m²)"
            : "× \(Self.number(referenceWhite / PQ.peakLuminance)) (\(Self.number(referenceWhite)) ÷ 10 000 cd/m²)"
    }

    static func step(_ operation: Operation) -> PixelConverter.Plan.Step {
        switch operation {
        case .affine(let map, let name):
            let rows = map.rows.map {
                "[\(number(Double($0.0))) \(number(Double($0.1))) \(number(Double($0.2))) | \(number(Double($0.3)))]"
            }
            return .init(name: "matrix", detail: "\(name) = \(rows.joined(separator: " "))")
        case .curve(let curve):
            return .init(name: curve.name, detail: "per channel, \(curve.table.count)-entry table, exact outside it")
        case .quantizedCurve(let curve):
            return .init(
                name: curve.name,
                detail:
                    "per channel, \(curve.count)-cell threshold table: the exact value's code, as the writer rounds it")
        case .luminanceGain(let w, let curve, let purpose):
            return .init(
                name: purpose,
                detail: "\(curve.name); gain of the luminance Y = \(number(w.x))R + \(number(w.y))G + \(number(w.z))B, "
                    + "\(curve.table.count)-entry table")
        case .clamp(_, _, let name):
            return .init(name: name, detail: "")
        case .toneMap(_, let name):
            return .init(name: "tone map", detail: name)
        case .kernel(_, _, let step):
            return step
        }
    }

    static func quantisationDetail(_ format: PixelFormat) -> String {
        switch format.sampleType {
        case .halfFloat: return "IEEE binary16, round to nearest even" + (format.hasAlpha ? "" : "")
        case .float: return "IEEE binary32"
        case .unsignedInteger:
            let range = format.range.map { $0 == .full ? "full" : "narrow" } ?? "extended (XR10)"
            return "\(format.bitDepth)-bit \(range)-range codes, rounded half up and clamped (NaN → the code of 0)"
        }
    }

    /// A short decimal: up to six significant digits.
    static func number(_ x: Double) -> String {
        NumberFormat.wholeOr(.significant(6), below: 1e9)(x)
    }
}
