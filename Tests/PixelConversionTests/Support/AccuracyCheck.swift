import ColorSpaces
import HalfFloat
import PixelBuffers
import Testing

@testable import PixelConversion

/// The accuracy bounds of the converter against the float64 reference (issue "PixelConversion", "How exact"):
/// half outputs within 1 half-ulp + 1e-5 × the pixel's largest component, integer outputs within 1 code; float
/// outputs within 4e-5 × the pixel's largest component (the lookup tables' 3e-5 relative bound plus rounding).
/// Pixels that the tone mapping's headroom fit moves (issue 22): the pixel-relative term is ``fittedRelative``
/// instead, because the fit passes the tone curve's table error in luminance on with a gain of up to about
/// 1/(the smallest luminance weight) for colours whose luminance is near the headroom.
enum AccuracyCheck {
    struct Result: CustomStringConvertible {
        /// The largest error ÷ bound (≤ 1 passes).
        var worst = 0.0
        var worstAt = ""
        var samples = 0
        /// The largest integer code difference.
        var maxCodeDifference = 0
        /// The largest half-float error in units in the last place of the reference's half value.
        var maxHalfULPs = 0.0
        var description: String { "worst \(worst) of the bound at \(worstAt) over \(samples) samples" }

        mutating func record(_ ratio: Double, _ at: @autoclosure () -> String) {
            samples += 1
            if ratio > worst || ratio.isNaN {
                worst = ratio.isNaN ? .infinity : ratio
                worstAt = at()
            }
        }
    }

    /// The pixel-relative error allowed for pixels the headroom fit moved (1e-5 for the others).
    static let fittedRelative = 2e-4

    /// The spacing of binary16 values at |v|.
    static func halfULP(_ v: Double) -> Double {
        let m = Swift.abs(v)
        if m < 0x1p-14 { return 0x1p-24 }
        return Double(sign: .plus, exponent: m.exponent - 10, significand: 1)
    }

    static func compare(
        _ view: PixelBufferView, _ expected: ReferenceConverter.Expected, _ encoding: PixelEncoding
    ) -> Result {
        var result = Result()
        let format = encoding.effectiveFormat
        if format.colorModel == .rgb {
            for y in 0..<view.height {
                for x in 0..<view.width {
                    let ref = expected.pixels[y * view.width + x]
                    var scale = Swift.max(Swift.abs(ref.x), Swift.abs(ref.y), Swift.abs(ref.z))
                    if expected.fitted.indices.contains(y * view.width + x), expected.fitted[y * view.width + x] {
                        scale *= fittedRelative / 1e-5
                    }
                    for c in 0..<4 {
                        guard let location = format.channel(c) else { continue }
                        check(
                            view, format, location, x, y, ref[c], pixelScale: c == 3 ? 0 : scale, &result,
                            "(\(x), \(y)) c\(c)")
                    }
                }
            }
            return result
        }
        for y in 0..<view.height {
            for x in 0..<view.width {
                check(
                    view, format, format.channel(0)!, x, y, expected.pixels[y * view.width + x].x, pixelScale: 0,
                    &result, "Y′(\(x), \(y))")
            }
        }
        for j in 0..<(expected.chroma.count / Swift.max(expected.chromaWidth, 1)) {
            for i in 0..<expected.chromaWidth {
                let v = expected.chroma[j * expected.chromaWidth + i]
                check(view, format, format.channel(1)!, i, j, v.x, pixelScale: 0, &result, "Cb(\(i), \(j))", encoding)
                check(view, format, format.channel(2)!, i, j, v.y, pixelScale: 0, &result, "Cr(\(i), \(j))", encoding)
            }
        }
        return result
    }

    private static func check(
        _ view: PixelBufferView, _ format: PixelFormat, _ location: ChannelLocation, _ x: Int, _ y: Int,
        _ ref: Double, pixelScale: Double, _ result: inout Result, _ at: @autoclosure () -> String,
        _ encoding: PixelEncoding? = nil
    ) {
        let row = view.plane(location.plane).row(y).baseAddress!
        let index = x * location.stride + location.offset
        switch format.sampleType {
        case .halfFloat:
            let out = HalfFloat.double(
                fromBits: UInt16(littleEndian: row.load(fromByteOffset: 2 * index, as: UInt16.self)))
            if !ref.isFinite || Swift.abs(ref) >= 65520 {
                let same = ref.isNaN ? out.isNaN : out == (ref > 0 ? .infinity : -.infinity)
                result.record(same ? 0 : .infinity, at() + " ref \(ref) out \(out)")
                return
            }
            let bound = halfULP(ref) + 1e-5 * pixelScale
            result.maxHalfULPs = Swift.max(result.maxHalfULPs, Swift.abs(out - ref) / halfULP(ref))
            result.record(Swift.abs(out - ref) / bound, at() + " ref \(ref) out \(out)")
        case .float:
            let out = Double(row.load(fromByteOffset: 4 * index, as: Float.self))
            if !ref.isFinite {
                result.record(out == ref || (out.isNaN && ref.isNaN) ? 0 : .infinity, at())
                return
            }
            let bound = 4e-5 * Swift.max(pixelScale, Swift.abs(ref)) + 1e-12
            result.record(Swift.abs(out - ref) / bound, at() + " ref \(ref) out \(out)")
        case .unsignedInteger:
            var q = format.quantization(of: location)
            if let encoding, encoding.matrix == .identity, location.isChroma {
                q = format.quantization(of: format.channel(0)!)
            }
            let word: UInt32
            switch format.bytesPerSample {
            case 1: word = UInt32(row.load(fromByteOffset: index, as: UInt8.self))
            case 2: word = UInt32(UInt16(littleEndian: row.load(fromByteOffset: 2 * index, as: UInt16.self)))
            default:
                let raw = row.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)
                word =
                    format.layout == .packed10(.rgbx1010102BigEndian)
                    ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
            }
            let code = Int((word >> UInt32(location.shift)) & location.mask)
            let exact = ref.isNaN ? q.offset : ref * q.scale + q.offset
            let expectedCode = Int(
                Swift.min(Swift.max(exact.rounded(.toNearestOrAwayFromZero), 0), Double(location.mask)))
            let difference = Swift.abs(code - expectedCode)
            result.maxCodeDifference = Swift.max(result.maxCodeDifference, difference)
            result.record(Double(difference), at() + " ref \(ref) (code \(expectedCode)) out \(code)")
        }
    }

    /// Converts `frame` with `converter` into a fresh destination frame and checks it against the reference.
    static func run(
        _ converter: PixelConverter, _ frame: TestFrames.Frame, destinationPadding: Int = 10
    ) throws -> (Result, TestFrames.Frame) {
        let destination = TestFrames.Frame(
            format: converter.destination.format, width: frame.width, height: frame.height, padding: destinationPadding)
        try frame.withView { source in
            try destination.withMutableView { try converter.convert(source, to: $0) }
        }
        let reference = ReferenceConverter(
            source: converter.source, destination: converter.destination, options: converter.options)
        let expected = try frame.withView { try reference.expected($0) }
        let result = try destination.withView { compare($0, expected, converter.destination) }
        return (result, destination)
    }
}
