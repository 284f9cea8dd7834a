import ColorSpaces
import PixelBuffers
import Testing
import TestSupport
import TransferFunctions

@testable import PixelConversion

/// The last curve and the destination's quantisation as one threshold table (QuantizedCurve, op `quantized_curve`),
/// and the 8-bit RGBA matrix-shaper programs built on it.
@Suite("Quantised curves and 8-bit matrix-shaper programs")
struct QuantizedCurveTests {
    /// Curves as the compiler builds them (exact `Double` evaluation rounded once), with quantisations of 8 and 10
    /// bits, full range.
    static let cases: [(name: String, curve: @Sendable (Float) -> Float, bits: Int)] = [
        ("sRGB, 8-bit", { TransferFunction.srgb.fromLinear($0, outOfRange: .clamped) }, 8),
        ("extended sRGB, 8-bit", { TransferFunction.srgb.fromLinear($0, outOfRange: .extended) }, 8),
        ("gamma 2.2, 8-bit", { TransferFunction.gamma22.fromLinear($0, outOfRange: .clamped) }, 8),
        ("BT.709, 10-bit", { TransferFunction.bt709.fromLinear($0, outOfRange: .clamped) }, 10),
        ("PQ, 10-bit", { TransferFunction.pq.fromLinear($0, outOfRange: .clamped) }, 10),
        ("HLG, 10-bit", { TransferFunction.hlg.fromLinear($0, outOfRange: .extended) }, 10),
    ]

    /// The writer's quantisation of a signal.
    static func quantize(_ signal: Float, bits: Int) -> Float {
        Float(RowKernels.code(signal, scale: Float((1 << bits) - 1), bias: 0, maxCode: Float((1 << bits) - 1)))
    }

    @Test("Every code is the exact value's code: at each threshold, on random and special inputs, on every build")
    func exactCodes() throws {
        var rng = SplitMix64(state: 11)
        for (name, curve, bits) in Self.cases {
            let scale = Float((1 << bits) - 1)
            let table = try #require(
                QuantizedCurve(curve: curve, scale: scale, bias: 0, maxCode: scale, name: name), "\(name)")
            var inputs: [Float] = []
            // Around every threshold: the cells' stored thresholds, one and two bit patterns either side.
            for cell in 0..<table.count {
                let threshold = table.cells[2 * cell + 1]
                guard threshold.isFinite else { continue }
                for delta: Int32 in -2...2 {
                    inputs.append(Float(bitPattern: UInt32(Int32(threshold.bitPattern) + delta)))
                }
            }
            for _ in 0..<20_000 { inputs.append(Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))) }
            for _ in 0..<20_000 { inputs.append(Float(rng.next() >> 40) / Float(1 << 24) * 1.5 - 0.25) }
            inputs += [
                0, -0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1, 2, .greatestFiniteMagnitude,
                .infinity, -.infinity, -1, .nan, -.nan,
            ]
            let expected = inputs.map { Self.quantize(curve($0), bits: bits) }
            for path in PixelConverter.availableCodePaths {
                let codes = table.codes(of: inputs, on: path)
                for (i, x) in inputs.enumerated() where codes[i] != expected[i] {
                    Issue.record(
                        "\(name) \(path): x = \(x) (0x\(String(x.bitPattern, radix: 16))): \(codes[i]) ≠ \(expected[i])"
                    )
                    break
                }
            }
        }
    }

    @Test("Curves that are not non-decreasing step functions with negatives at code 0 are refused")
    func refusals() {
        // Decreasing.
        #expect(QuantizedCurve(curve: { 1 - $0 }, scale: 255, bias: 0, maxCode: 255, name: "") == nil)
        // Negatives above code 0.
        #expect(QuantizedCurve(curve: { Swift.abs($0) }, scale: 255, bias: 0, maxCode: 255, name: "") == nil)
        // Constant.
        #expect(QuantizedCurve(curve: { _ in 0.5 }, scale: 255, bias: 0, maxCode: 255, name: "") == nil)
    }

    /// 8-bit RGBA and BGRA between colour spaces: one program (code table, matrix, quantised curve, store of the
    /// codes); the same bytes on every build, within one code of the float64 reference, at widths with and without
    /// a block tail.
    @Test(
        "8-bit RGBA ⇄ BGRA conversions: one program, identical bytes on every build", arguments: [1, 7, 8, 9, 61, 300])
    func matrixShaper(width: Int) throws {
        let pairs: [(PixelEncoding, PixelEncoding)] = [
            (.init(format: .rgba8, colorSpace: .sRGB), .init(format: .rgba8, colorSpace: .displayP3)),
            (.init(format: .bgra8, colorSpace: .displayP3), .init(format: .rgba8, colorSpace: .sRGB)),
            (.init(format: .rgba8, colorSpace: .adobeRGB), .init(format: .bgra8, colorSpace: .sRGB)),
            (.init(format: .bgra8, colorSpace: .displayP3), .init(format: .bgra8, colorSpace: .adobeRGB)),
        ]
        for (index, (source, destination)) in pairs.enumerated() {
            let frame = TestFrames.random(source.format, width: width, height: 3, seed: UInt64(width * 10 + index))
            var outputs: [[[UInt8]]] = []
            for path in PixelConverter.availableCodePaths {
                var options = PixelConverter.Options()
                options.codePath = path
                let converter = try PixelConverter(from: source, to: destination, options: options)
                #expect(converter.plan.steps.contains { $0.detail.contains("threshold table") }, "\(converter.plan)")
                #expect(
                    converter.plan.kernelOps == ["load_rgba8", "affine", "quantized_curve", "store_rgba8"],
                    "\(converter.plan.kernelOps)")
                let (result, out) = try AccuracyCheck.run(converter, frame)
                #expect(result.worst <= 1, "\(source) → \(destination) \(path): \(result)")
                outputs.append(out.planes.map { Array($0) })
            }
            #expect(outputs.dropFirst().allSatisfy { $0 == outputs[0] }, "\(source) → \(destination) width \(width)")
        }
    }
}
