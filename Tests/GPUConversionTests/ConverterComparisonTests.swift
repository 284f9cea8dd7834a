import ConversionTestSupport
import HalfFloat
import PixelBuffers
import PixelConversion
import PixelShaders
import TestSupport
import Testing

@testable import GPUConversion

/// The GPU program of every conversion in the converter's test matrix against the CPU converter, on random frames
/// (every code, odd sizes) and ramps: each sample within 1 code (integer outputs), 1 binary16 ULP plus 2⁻²¹ of the
/// pixel's largest colour component (half outputs: a small component made by cancellation inherits the float32
/// rounding of the large ones) or 2⁻¹¹ of its magnitude (float outputs), NaN where the CPU has NaN.
@Suite("GPU against CPU", .enabled(if: GPUTestSupport.hasDevice, GPUTestSupport.skipReason))
struct ConverterComparisonTests {
    /// The worst difference between two frames of one format, per the bounds above: in codes, in units of the half
    /// bound, or relative float error in units of 2⁻¹¹; and where.
    struct Difference: CustomStringConvertible {
        var worst = 0.0
        var place = ""
        var description: String { "\(worst) at \(place)" }
    }

    static func difference(_ cpu: PixelBuffer, _ gpu: PixelBuffer, cancellation: Double = 0x1p-21) -> Difference {
        let format = cpu.format
        var result = Difference()
        cpu.withView { a in
            gpu.withView { b in
                for y in 0..<a.height {
                    for x in 0..<a.width {
                        let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                        let scale = [p.x, p.y, p.z].filter(\.isFinite).map(abs).max() ?? 0
                        for c in 0..<format.channelCount {
                            let d = Self.distance(
                                p[c], q[c], format: format, channel: c, pixelScale: scale, cancellation: cancellation)
                            if d > result.worst || (d.isNaN && !result.worst.isNaN) {
                                result.worst = d
                                result.place = "(\(x), \(y)) channel \(c): CPU \(p[c]), GPU \(q[c])"
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The distance of two decoded samples: codes for integer formats; for halves ULPs up to 1, beyond that the
    /// difference ÷ (1 ULP + `cancellation` (2⁻²¹) × `pixelScale`, the largest finite colour component of the CPU's
    /// pixel); units of
    /// 2⁻¹¹ relative for floats; NaN against a number is infinite.
    static func distance(
        _ a: Float, _ b: Float, format: PixelFormat, channel: Int, pixelScale: Float = 0, cancellation: Double = 0x1p-21
    ) -> Double {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN ? 0 : .infinity }
        switch format.sampleType {
        case .halfFloat:
            func ordered(_ v: Float) -> Int {
                let bits = Int(HalfFloat.bits(from: v))
                return bits & 0x8000 != 0 ? -(bits & 0x7FFF) : bits
            }
            let ulps = abs(ordered(a) - ordered(b))
            if ulps <= 1 { return Double(ulps) }  // ±∞ beside the largest finite half included
            guard a.isFinite, b.isFinite else { return .infinity }
            let ulp = Double(sign: .plus, exponent: max(Int(max(abs(a), abs(b)).exponent), -14) - 10, significand: 1)
            return Double(abs(a - b)) / (ulp + cancellation * Double(pixelScale))
        case .float:
            if a == b { return 0 }
            return Double(abs(a - b)) / (Double(max(abs(a), abs(b))) * 0x1p-11)
        default:
            guard let location = format.channel(channel) else { return 0 }
            return (Double(abs(a - b)) * format.quantization(of: location).scale).rounded()
        }
    }

    /// Runs `conversion` on the CPU and the GPU over a random frame (a ramp frame when `seed` is nil) and returns the
    /// worst difference.
    static func compare(_ conversion: ConversionMatrix.Case, width: Int, height: Int, seed: UInt64?) throws
        -> Difference
    {
        let converter = try conversion.converter()
        let format = converter.source.format
        let source =
            try seed.map { try ConversionMatrix.randomFrame(format, width: width, height: height, seed: $0) }
            ?? ConversionMatrix.rampFrame(format, width: width, height: height)
        let cpu = try converter.convert(source)
        var gpu = try PixelBuffer(format: converter.destination.format, width: width, height: height)
        let runner = try GPUPixelConverter(converter, device: GPUTestSupport.requireDevice())
        _ = try source.withView { s in try gpu.withMutableView { d in try runner.run(s, to: d) } }
        return difference(cpu, gpu, cancellation: cancellation(conversion))
    }

    /// The half bound's share of the pixel's largest component for `conversion`: 2⁻²¹, or 2⁻¹⁶ for a curve on ICtCp
    /// intensity, which goes to L′M′S′ and back through the PQ curves in float32 (the CPU in `Double`), where the
    /// EOTF's slope and the LMS → RGB matrix leave a few 10⁻⁶ of the largest component.
    static func cancellation(_ conversion: ConversionMatrix.Case) -> Double {
        conversion.name.contains("ICtCp intensity") ? 0x1p-16 : 0x1p-21
    }

    @Test(
        "the workloads: EDR decoding, tone mapping, HLG and PQ export, SDR; random frames and ramps",
        arguments: ConversionMatrix.workloads)
    func workloads(_ conversion: ConversionMatrix.Case) throws {
        for (width, height, seed) in [(67, 21, 1), (8, 2, 2), (33, 7, 3), (1024, 4, nil)] as [(Int, Int, UInt64?)] {
            let d = try Self.compare(conversion, width: width, height: height, seed: seed)
            #expect(d.worst <= 1, "\(conversion.name) \(width)×\(height): \(d)")
        }
    }

    @Test("every FourCC format as a source and as a destination", arguments: ConversionMatrix.formats)
    func formats(_ conversion: ConversionMatrix.Case) throws {
        let d = try Self.compare(conversion, width: 37, height: 9, seed: 100)
        #expect(d.worst <= 1, "\(conversion.name): \(d)")
    }
}
