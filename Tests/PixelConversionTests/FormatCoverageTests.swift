import ColorSpaces
import ConversionTestSupport
import PixelBuffers
import TestSupport
import Testing

@testable import PixelConversion

/// Every FourCC format as a source and as a destination, against the float64 reference, on every code path; and the
/// code paths against each other, byte for byte.
@Suite("Formats and code paths")
struct FormatCoverageTests {
    /// An encoding for any format (the converter's test matrix's).
    static func encoding(_ format: PixelFormat, _ variant: Int) -> PixelEncoding {
        ConversionMatrix.encoding(format, variant)
    }

    static let formats = PixelFormat.allWithFourCC

    @Test("Each format as a source, to RGBA half extended linear P3", arguments: formats)
    func asSource(_ format: PixelFormat) throws {
        for path in PixelConverter.availableCodePaths {
            for variant in 0..<3 {
                var options = PixelConverter.Options()
                options.codePath = path
                options.threadCount = 1
                options.chromaFilter = variant == 2 ? .nearest : .bilinear
                let source = Self.encoding(format, variant + (format.colorModel == .rgb ? 0 : 3 * (variant % 2)))
                let converter = try PixelConverter(
                    from: source, to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
                    options: options)
                let frame = TestFrames.random(format, width: 37, height: 9, seed: UInt64(variant + 100))
                let (result, _) = try AccuracyCheck.run(converter, frame)
                #expect(result.worst <= 1, "\(source) \(path): \(result)")
            }
        }
    }

    @Test("Each format as a destination, from RGBA half extended linear BT.2020", arguments: formats)
    func asDestination(_ format: PixelFormat) throws {
        for path in PixelConverter.availableCodePaths {
            for variant in 0..<3 {
                var options = PixelConverter.Options()
                options.codePath = path
                options.threadCount = 1
                let destination = Self.encoding(format, variant + (format.colorModel == .rgb ? 0 : 2 * variant))
                let converter = try PixelConverter(
                    from: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearBT2020), to: destination,
                    options: options)
                let frame = TestFrames.random(.rgbaHalf, width: 37, height: 9, seed: UInt64(variant + 200))
                let (result, _) = try AccuracyCheck.run(converter, frame)
                #expect(result.worst <= 1, "\(destination) \(path): \(result)")
            }
        }
    }

    /// Every instruction set's build of the kernels does the same operations in the same order, so every byte is equal,
    /// NaN and infinities included (the random half and float frames hold some).
    @Test(
        "Every build of the kernels writes identical bytes", .enabled(if: PixelConverter.availableCodePaths.count > 1))
    func pathsAgree() throws {
        var rng = SplitMix64(state: 42)
        let formats = Self.formats
        for round in 0..<40 {
            let from = formats[Int(rng.next() % UInt64(formats.count))]
            let to = formats[Int(rng.next() % UInt64(formats.count))]
            let source = Self.encoding(from, Int(rng.next() % 8)), destination = Self.encoding(to, Int(rng.next() % 8))
            let width = 1 + Int(rng.next() % 300), height = 1 + Int(rng.next() % 7)
            let frame = TestFrames.random(from, width: width, height: height, seed: rng.next())
            var outputs: [[[UInt8]]] = []
            for path in PixelConverter.availableCodePaths {
                var options = PixelConverter.Options()
                options.codePath = path
                options.threadCount = 1
                options.gamut = PixelConverter.GamutPolicy.allCases[round % 3]
                let converter = try PixelConverter(from: source, to: destination, options: options)
                let out = TestFrames.Frame(format: to, width: width, height: height)
                try frame.withView { s in try out.withMutableView { try converter.convert(s, to: $0) } }
                outputs.append(out.planes.map { Array($0) })
            }
            #expect(
                outputs.dropFirst().allSatisfy { $0 == outputs[0] }, "\(source) → \(destination) \(width)×\(height)")
        }
    }
}
