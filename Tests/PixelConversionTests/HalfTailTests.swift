import ColorSpaces
import HalfFloat
import TestSupport
import Testing

@testable import PixelBuffers
@testable import PixelConversion

/// Conversions to half-float RGBA run their steps and writer as one fused C kernel on the SIMD path (an affine map, a
/// curve and an affine map at most, as for the EDR decoding workloads); the portable path runs the same steps one by
/// one. Both must write the same bytes, also where the fused pass hands a block back to the separate steps.
@Suite("Fused half-float output")
struct HalfTailTests {
    static let simdAvailable = PixelConverter.availableCodePaths.contains(.avx2)

    /// Half-float BGRA, which no FourCC names but the writer supports: the fused kernels swap R and B on output.
    static let bgraHalf = PixelFormat(
        layout: .rgba(.bgra), sampleType: .halfFloat, bitDepth: 16, alignment: .low, range: nil)

    static let sources: [PixelEncoding] = [
        PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
        PixelEncoding(format: .xf20, colorSpace: .bt709, matrix: .bt709),
        PixelEncoding(format: .y420, colorSpace: .sRGB, matrix: .bt601),
        PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ),
        PixelEncoding(format: .rgba8, colorSpace: .sRGB),
        PixelEncoding(format: .bgra8, colorSpace: .displayP3),
        PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearBT2020),
        PixelEncoding(format: .rgbaHalf, colorSpace: .extendedSRGB),
    ]

    static let destinations: [PixelEncoding] = [
        PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
        PixelEncoding(format: .rgbaHalf, colorSpace: .bt2100PQ),
        PixelEncoding(format: .rgbaHalf, colorSpace: .extendedSRGB),
        PixelEncoding(format: bgraHalf, colorSpace: .extendedLinearDisplayP3),
        PixelEncoding(format: bgraHalf, colorSpace: .bt2100HLG),
    ]

    /// The bytes `converter` writes for `frame`.
    static func bytes(_ converter: PixelConverter, _ frame: TestFrames.Frame, to format: PixelFormat) throws
        -> [[UInt8]]
    {
        let out = TestFrames.Frame(format: format, width: frame.width, height: frame.height)
        try frame.withView { s in try out.withMutableView { try converter.convert(s, to: $0) } }
        return out.planes.map { Array($0) }
    }

    static func converters(_ from: PixelEncoding, _ to: PixelEncoding) throws -> (
        fused: PixelConverter, steps: PixelConverter
    ) {
        var options = PixelConverter.Options()
        options.threadCount = 1
        options.codePath = .avx2
        let fused = try PixelConverter(from: from, to: to, options: options)
        options.codePath = .portable
        return (fused, try PixelConverter(from: from, to: to, options: options))
    }

    @Test("Fused and separate steps write identical bytes, over chunk edges and row tails", .enabled(if: simdAvailable))
    func fusedMatchesSteps() throws {
        for (s, source) in Self.sources.enumerated() {
            for (d, destination) in Self.destinations.enumerated() {
                let (fused, steps) = try Self.converters(source, destination)
                // Decoding to linear light always fits the fused shape; encoding fits when the source needs no
                // curve of its own, and HLG's OOTF never does.
                if destination.colorSpace == .extendedLinearDisplayP3 { #expect(fused.plan.isFused, "\(source)") }
                // Widths: shorter than a vector, a vector tail, one chunk plus a tail, several chunks.
                for width in [1, 7, 37, 300, 517] {
                    let frame = TestFrames.random(
                        source.format, width: width, height: 3, seed: UInt64(1000 * s + 10 * d + width))
                    #expect(
                        try Self.bytes(fused, frame, to: destination.format)
                            == Self.bytes(steps, frame, to: destination.format),
                        "\(source) → \(destination), width \(width)")
                }
            }
        }
    }

    @Test("The EDR decoding workloads run fused", .enabled(if: simdAvailable))
    func workloadsFuse() throws {
        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        for source in [Self.sources[0], Self.sources[3]] {
            #expect(try Self.converters(source, edr).fused.plan.isFused, "\(source)")
            #expect(try !Self.converters(source, edr).steps.plan.isFused, "\(source)")
        }
    }

    /// NaN, infinities and values past the top of the PQ encoding table make the fused pass hand their block to the
    /// separate steps (the exact path); the rest of the row stays fused. Both give the portable bytes.
    @Test("Values a fused curve does not cover take the exact path", .enabled(if: simdAvailable))
    func uncoveredValues() throws {
        let source = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        let destination = PixelEncoding(format: .rgbaHalf, colorSpace: .bt2100PQ)
        let (fused, steps) = try Self.converters(source, destination)
        #expect(fused.plan.isFused)
        let specials: [Float] = [.nan, .infinity, -.infinity, 1e4, 65504, -3, 0.5, -0.0]
        for width in [9, 64, 200, 300] {
            let frame = TestFrames.random(.rgbaHalf, width: width, height: 2, seed: UInt64(width))
            for (k, value) in specials.enumerated() {
                // One special per block of 64 pixels at most, in varying channels and places.
                let x = (k * 67 + 5) % width
                frame.set(k % 3, x, k % 2, raw: UInt64(HalfFloat.bits(from: value)))
            }
            #expect(
                try Self.bytes(fused, frame, to: destination.format)
                    == Self.bytes(steps, frame, to: destination.format), "width \(width)")
        }
    }
}
