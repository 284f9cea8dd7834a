import ColorSpaces
import HalfFloat
import PixelBuffers
import ToneMapping
import Testing
import TransferFunctions

@testable import PixelConversion
import SignalCoding

/// A float64 reference of a whole-buffer conversion, pixel by pixel, written independently of the converter: it
/// shares only the published building blocks (SignalCoding's `Quantization`, `YCbCrMatrix`, `ColorSpace.decode` /
/// `encode` with `ColorSpace.Conversion.Options`, ToneMapping's operators) and restates the chroma filters in
/// `Double`.
struct ReferenceConverter {
    let source: PixelEncoding
    let destination: PixelEncoding
    let options: PixelConverter.Options

    /// The expected destination values before quantisation: per pixel R, G, B, A (RGB destinations) or Y′ and, per
    /// chroma sample, Cb and Cr (Y′CbCr destinations); plus per pixel the linear light in the destination primaries
    /// (1.0 = reference white), for error bounds.
    struct Expected {
        var width: Int, height: Int
        /// R′G′B′A (or Y′ in `.x`) per pixel, row-major.
        var pixels: [SIMD4<Double>]
        /// Cb, Cr per chroma sample, row-major over the chroma plane.
        var chroma: [SIMD2<Double>]
        var chromaWidth: Int
        /// Per pixel, whether the tone mapping's headroom fit moved it (its output then inherits the tone curve's
        /// table error through the fit's sensitivity to luminance; see ``AccuracyCheck``).
        var fitted: [Bool] = []
    }

    func expected(_ view: PixelBufferView) throws -> Expected {
        let w = view.width, h = view.height
        var signals = [SIMD3<Double>](repeating: .zero, count: w * h)
        var alphas = [Double](repeating: 1, count: w * h)
        var fitted = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let (rgb, alpha) = try linear(view, x, y)
                (signals[y * w + x], fitted[y * w + x]) = encodeNoting(rgb)
                alphas[y * w + x] = alpha
            }
        }
        let format = destination.effectiveFormat
        guard format.colorModel == .yCbCr else {
            return Expected(
                width: w, height: h,
                pixels: (0..<(w * h)).map { SIMD4(signals[$0].x, signals[$0].y, signals[$0].z, alphas[$0]) },
                chroma: [], chromaWidth: 0, fitted: fitted)
        }
        let s = format.chromaSubsampling!
        let cw = s.chromaWidth(forWidth: w), ch = s.chromaHeight(forHeight: h)
        var chroma = [SIMD2<Double>](repeating: .zero, count: cw * ch)
        let location = destination.effectiveChromaLocation
        for j in 0..<ch {
            for i in 0..<cw {
                chroma[j * cw + i] = downsampled(signals, w, h, i, j, s, location)
            }
        }
        return Expected(
            width: w, height: h, pixels: signals.map { SIMD4($0.x, 0, 0, 1) }, chroma: chroma, chromaWidth: cw)
    }

    // MARK: Source → linear light in the source primaries, 1.0 = reference white

    func linear(_ view: PixelBufferView, _ x: Int, _ y: Int) throws -> (SIMD3<Double>, Double) {
        let format = source.effectiveFormat
        let conventions = options.conversionOptions
        if format.colorModel == .rgb {
            var v = rgbSample(view, format, x, y)
            // The converter reads ±∞ of float and half sources as ±10³⁰ (PixelConverter documentation).
            for c in 0..<3 where v[c].isInfinite { v[c] = v[c] > 0 ? 1e30 : -1e30 }
            return (source.colorSpace.decode(SIMD3(v.x, v.y, v.z), options: conventions), v.w)
        }
        let q = try Quantization(bitDepth: format.bitDepth, range: try #require(format.range))
        let matrix = try #require(source.matrix)
        let codes = yCbCrCodes(view, format, x, y)
        // GBR (MatrixCoefficients 0) quantises all three like luma (ITU-T H.273).
        let chromaQ: (Double) -> Double =
            matrix == .identity
            ? { ($0 - q.lumaOffset) / q.lumaScale } : { ($0 - q.chromaOffset) / q.chromaScale }
        let ycc = SIMD3((codes.x - q.lumaOffset) / q.lumaScale, chromaQ(codes.y), chromaQ(codes.z))
        switch matrix {
        case .ictcpPQ:
            return (matrix.rgb(fromYCbCr: ycc) * (PQ.peakLuminance / options.referenceWhite), 1)
        case .ictcpHLG:
            let display = HLG.Display(
                peakLuminance: options.hlgPeakLuminance, blackLuminance: options.hlgBlackLuminance,
                systemGamma: options.hlgSystemGamma, primaries: .bt2020)
            return (display.ootf(matrix.rgb(fromYCbCr: ycc)) / options.referenceWhite, 1)
        default:
            return (source.colorSpace.decode(matrix.rgb(fromYCbCr: ycc), options: conventions), 1)
        }
    }

    /// Tone map, gamut, encode: linear in the source primaries → the destination's normalised signal (R′G′B′ or
    /// Y′CbCr / ICtCp).
    func encode(_ linearSource: SIMD3<Double>) -> SIMD3<Double> { encodeNoting(linearSource).signal }

    /// ``encode(_:)``, and whether the headroom fit moved the pixel.
    func encodeNoting(_ linearSource: SIMD3<Double>) -> (signal: SIMD3<Double>, fitted: Bool) {
        var rgb = linearSource
        let weights = source.colorSpace.primaries.luminanceCoefficients
        switch options.toneMapping {
        case .none: break
        case .displayHeadroom(let display, let content, let method):
            let contentHeadroom = content.headroom(referenceWhite: options.referenceWhite)
            if contentHeadroom > display {
                rgb = ToneMapper(
                    method, contentHeadroom: contentHeadroom, displayHeadroom: display,
                    referenceWhite: options.referenceWhite, application: .luminance(weights)
                ).map(rgb)
            }
        case .custom(let mapper): rgb = mapper.map(rgb)
        }
        let from = source.colorSpace.primaries, to = destination.colorSpace.primaries
        let ceiling = self.ceiling
        switch options.gamut {
        case .extended:
            rgb = from.conversionMatrix(to: to, adaptation: options.adaptation) * rgb
        case .clip:
            rgb = from.conversionMatrix(to: to, adaptation: options.adaptation) * rgb
            for i in 0..<3 { rgb[i] = rgb[i].isNaN ? rgb[i] : Swift.min(Swift.max(rgb[i], 0), ceiling) }
        case .softClip:
            rgb = GamutMapper(from: from, to: to, method: .softCompression, adaptation: options.adaptation).map(rgb)
            if ceiling.isFinite {
                let knee = 0.8 * ceiling, m = rgb.max()
                if m > knee {
                    let t = (m - knee) / (ceiling - knee)
                    rgb *= (knee + (ceiling - knee) * t / (1 + t)) / m
                }
            }
        }
        // The tone mapping's headroom, kept in the destination's primaries (ToneMapping's HeadroomFit, in Double).
        let target: Double? =
            switch options.toneMapping {
            case .none: nil
            case .displayHeadroom(let display, _, let method): method == .bt2446A ? 1 : display
            case .custom(let mapper): mapper.targetHeadroom
            }
        var fitted = false
        if let target, Swift.min(target, ceiling).isFinite {
            let before = rgb
            rgb = HeadroomFit(headroom: Swift.min(target, ceiling), primaries: to, priority: options.fitPriority).map(
                rgb)
            fitted = rgb != before
        }
        let matrix = destination.matrix
        if destination.effectiveFormat.colorModel == .yCbCr, let m = matrix, m.ictcpTransferFunction != nil {
            if m == .ictcpPQ { return (m.ycbcr(fromRGB: rgb * (options.referenceWhite / PQ.peakLuminance)), fitted) }
            let display = HLG.Display(
                peakLuminance: options.hlgPeakLuminance, blackLuminance: options.hlgBlackLuminance,
                systemGamma: options.hlgSystemGamma, primaries: .bt2020)
            return (m.ycbcr(fromRGB: display.inverseOOTF(rgb * options.referenceWhite)), fitted)
        }
        var signal = destination.colorSpace.encode(rgb, options: options.conversionOptions)
        let space = destination.colorSpace
        if space.transferFunction == .hlg, space.outOfRange == .clamped {
            // Scene light fitted into the signal range at constant scene luminance before the OETF, hue kept.
            let display = HLG.Display(
                peakLuminance: options.hlgPeakLuminance, blackLuminance: options.hlgBlackLuminance,
                systemGamma: options.hlgSystemGamma, primaries: space.primaries)
            let scene = HeadroomFit(headroom: 1, luminanceCoefficients: display.lumaCoefficients, priority: .luminance)
                .map(display.inverseOOTF(rgb * options.referenceWhite))
            let beta = display.blackLift
            for i in 0..<3 {
                let e = (HLG.oetf(scene[i] < 0 ? 0 : scene[i]) - beta) / (1 - beta)
                signal[i] = e.isNaN ? e : Swift.min(Swift.max(e, 0), 1)
            }
        }
        if destination.effectiveFormat.colorModel == .yCbCr { return (matrix!.ycbcr(fromRGB: signal), fitted) }
        return (signal, fitted)
    }

    var ceiling: Double {
        let space = destination.colorSpace
        guard space.outOfRange == .clamped else { return .infinity }
        switch space.transferFunction {
        case .pq: return PQ.peakLuminance / options.referenceWhite
        case .hlg: return options.hlgPeakLuminance / options.referenceWhite
        case let curve: return curve.toLinear(1.0)
        }
    }

    // MARK: Samples

    func rgbSample(_ view: PixelBufferView, _ format: PixelFormat, _ x: Int, _ y: Int) -> SIMD4<Double> {
        var v = SIMD4<Double>(0, 0, 0, 1)
        for c in 0..<4 {
            guard let location = format.channel(c) else { continue }
            let row = view.plane(0).row(y).baseAddress!
            let index = x * location.stride + location.offset
            switch format.sampleType {
            case .float: v[c] = Double(row.load(fromByteOffset: 4 * index, as: Float.self))
            case .halfFloat:
                v[c] = HalfFloat.double(
                    fromBits: UInt16(littleEndian: row.load(fromByteOffset: 2 * index, as: UInt16.self)))
            case .unsignedInteger:
                let code = Double(rawCode(row, format, index, location))
                let q = format.quantization(of: location)
                v[c] = (code - q.offset) / q.scale
            }
        }
        return v
    }

    func rawCode(_ row: UnsafeRawPointer, _ format: PixelFormat, _ index: Int, _ location: ChannelLocation) -> UInt32 {
        let word: UInt32
        switch format.bytesPerSample {
        case 1: word = UInt32(row.load(fromByteOffset: index, as: UInt8.self))
        case 2: word = UInt32(UInt16(littleEndian: row.load(fromByteOffset: 2 * index, as: UInt16.self)))
        default:
            let raw = row.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)
            word =
                format.layout == .packed10(.rgbx1010102BigEndian) ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
        }
        return (word >> UInt32(location.shift)) & location.mask
    }

    /// Y′, Cb, Cr codes at pixel (x, y), chroma upsampled in `Double` with the source siting and the options' filter.
    func yCbCrCodes(_ view: PixelBufferView, _ format: PixelFormat, _ x: Int, _ y: Int) -> SIMD3<Double> {
        func code(_ c: Int, _ px: Int, _ py: Int) -> Double {
            let location = format.channel(c)!
            let row = view.plane(location.plane).row(py).baseAddress!
            return Double(rawCode(row, format, px * location.stride + location.offset, location))
        }
        let luma = code(0, x, y)
        let s = format.chromaSubsampling!
        if s == .s444 { return SIMD3(luma, code(1, x, y), code(2, x, y)) }
        let cw = s.chromaWidth(forWidth: view.width), ch = s.chromaHeight(forHeight: view.height)
        let location = source.effectiveChromaLocation
        // Chroma sample (i, j) sits at luma (2i + hOffset, 2j + vOffset).
        let hOffset = location.isHorizontallyCosited ? 0.0 : 0.5
        let vOffset = s == .s420 ? location.verticalOffset : 0
        func taps(_ position: Double, _ count: Int) -> [(Int, Double)] {
            let lower = position.rounded(.down), t = position - lower
            let clamp = { (k: Int) in Swift.min(Swift.max(k, 0), count - 1) }
            return [(clamp(Int(lower)), 1 - t), (clamp(Int(lower) + 1), t)]
        }
        var out = SIMD3(luma, 0, 0)
        for c in 1...2 {
            if options.chromaFilter == .nearest {
                out[c] = code(c, x / 2, s == .s420 ? y / 2 : y)
                continue
            }
            let horizontal = taps((Double(x) - hOffset) / 2, cw)
            let vertical = s == .s420 ? taps((Double(y) - vOffset) / 2, ch) : [(y, 1.0)]
            var sum = 0.0
            for (j, wj) in vertical where wj != 0 {
                for (i, wi) in horizontal where wi != 0 { sum += wi * wj * code(c, i, j) }
            }
            out[c] = sum
        }
        return out
    }

    /// Chroma sample (i, j) of Y′CbCr signals, averaged with the siting: [¼ ½ ¼] around a co-sited position, [½ ½]
    /// around a centred one, edges repeated.
    func downsampled(
        _ signals: [SIMD3<Double>], _ w: Int, _ h: Int, _ i: Int, _ j: Int, _ s: PixelFormat.ChromaSubsampling,
        _ location: ChromaLocation
    ) -> SIMD2<Double> {
        if s == .s444 { return SIMD2(signals[j * w + i].y, signals[j * w + i].z) }
        func taps(centre: Int, cosited: Bool, count: Int) -> [(Int, Double)] {
            let clamp = { (k: Int) in Swift.min(Swift.max(k, 0), count - 1) }
            return cosited
                ? [(clamp(centre - 1), 0.25), (clamp(centre), 0.5), (clamp(centre + 1), 0.25)]
                : [(clamp(centre), 0.5), (clamp(centre + 1), 0.5)]
        }
        let horizontal = taps(centre: 2 * i, cosited: location.isHorizontallyCosited, count: w)
        let vertical: [(Int, Double)]
        if s == .s420 {
            switch location.verticalOffset {
            case 0: vertical = taps(centre: 2 * j, cosited: true, count: h)
            case 1: vertical = taps(centre: 2 * j + 1, cosited: true, count: h)
            default: vertical = taps(centre: 2 * j, cosited: false, count: h)
            }
        } else {
            vertical = [(j, 1)]
        }
        var sum = SIMD2<Double>()
        for (y, wy) in vertical {
            for (x, wx) in horizontal {
                let v = signals[y * w + x]
                sum += SIMD2(v.y, v.z) * (wx * wy)
            }
        }
        return sum
    }
}
