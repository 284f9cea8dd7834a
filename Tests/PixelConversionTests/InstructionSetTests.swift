import CPixelKernels
import ColorSpaces
import ConversionTestSupport
import HalfFloat
import TestSupport
import Testing
import ToneMapping

@testable import PixelBuffers
@testable import PixelConversion

/// The kernels are written once and compiled per instruction set (baseline, AVX2, AVX-512 on x86-64; NEON on arm64,
/// checked by `make test-arm64`). Every build this CPU runs must write the bytes of the baseline build: over block
/// edges and row tails, through every op of the op list, and where a curve hands values to its exact function.
@Suite("Instruction sets")
struct InstructionSetTests {
    static let paths = PixelConverter.availableCodePaths

    /// Half-float BGRA, which no FourCC names but the kernels load and store (R and B swapped).
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
        PixelEncoding(format: bgraHalf, colorSpace: .extendedSRGB),
        PixelEncoding(format: .argb2101010, colorSpace: .bt2100HLG),
    ]

    static let destinations: [PixelEncoding] = [
        PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
        PixelEncoding(format: .rgbaHalf, colorSpace: .bt2100PQ),
        PixelEncoding(format: bgraHalf, colorSpace: .bt2100HLG),
        PixelEncoding(format: .bgra8, colorSpace: .sRGB),
        PixelEncoding(format: .rgba16, colorSpace: .displayP3),
        PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance),
        PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearDisplayP3),
    ]

    /// The bytes `converter` writes for `frame`.
    static func bytes(_ converter: PixelConverter, _ frame: TestFrames.Frame, to format: PixelFormat, padding: Int = 6)
        throws -> [[UInt8]]
    {
        let out = TestFrames.Frame(format: format, width: frame.width, height: frame.height, padding: padding)
        try frame.withView { s in try out.withMutableView { try converter.convert(s, to: $0) } }
        return out.planes.map { Array($0) }
    }

    /// The converters of every build for one conversion.
    static func converters(
        _ from: PixelEncoding, _ to: PixelEncoding, _ change: (inout PixelConverter.Options) -> Void = { _ in }
    ) throws -> [PixelConverter] {
        try paths.map { path in
            var options = PixelConverter.Options()
            options.threadCount = 1
            options.codePath = path
            change(&options)
            return try PixelConverter(from: from, to: to, options: options)
        }
    }

    /// Whether every converter writes the baseline's bytes for `frame`.
    static func agree(_ converters: [PixelConverter], _ frame: TestFrames.Frame, padding: Int = 6) throws -> Bool {
        let format = converters[0].destination.format
        let reference = try bytes(converters[0], frame, to: format, padding: padding)
        return try converters.dropFirst().allSatisfy { try bytes($0, frame, to: format, padding: padding) == reference }
    }

    @Test("Every build writes the baseline's bytes, over block edges and row tails")
    func buildsAgree() throws {
        for (s, source) in Self.sources.enumerated() {
            for (d, destination) in Self.destinations.enumerated() {
                let converters = try Self.converters(source, destination)
                // Widths: shorter than a block, block edges of 8 and 16 lanes, a chunk plus a tail, several chunks.
                for width in [1, 7, 15, 16, 17, 37, 300, 517] {
                    let frame = TestFrames.random(
                        source.format, width: width, height: 3, seed: UInt64(1000 * s + 10 * d + width))
                    #expect(try Self.agree(converters, frame), "\(source) → \(destination), width \(width)")
                }
            }
        }
    }

    /// Rows of 64-byte-aligned destinations take streaming stores on AVX2 and AVX-512; the bytes stay the same.
    @Test("Streaming stores to aligned rows write the same bytes")
    func alignedRows() throws {
        let source = Self.sources[0]
        for destination in [Self.destinations[0], Self.destinations[3], Self.destinations[4]] {
            let frame = TestFrames.random(source.format, width: 512, height: 4, seed: 5)
            #expect(try Self.agree(Self.converters(source, destination), frame, padding: 0), "\(destination)")
        }
    }

    /// Blocks smaller than a cache line (8-bit RGBA: 16 bytes at baseline, 32 on AVX2) stream when aligned to their own
    /// size: rows that start 16 or 32 bytes past a line take streaming stores of those sizes; the bytes stay the same.
    @Test("Streaming stores of blocks smaller than a cache line, on rows 16 and 32 bytes off a line")
    func rowsOffALine() throws {
        let source = Self.sources[0]
        for destination in [Self.destinations[3], PixelEncoding(format: .rgba8, colorSpace: .displayP3)] {
            for padding in [15, 31] {  // strides of 4·512 + 16 and 4·512 + 32 bytes
                let frame = TestFrames.random(source.format, width: 512, height: 5, seed: UInt64(padding))
                #expect(
                    try Self.agree(Self.converters(source, destination), frame, padding: padding),
                    "\(destination), padding \(padding)")
            }
        }
        for padding in [14, 30] {  // half RGBA: strides of 8·512 + 16 and 8·512 + 32 bytes
            let frame = TestFrames.random(source.format, width: 512, height: 5, seed: UInt64(padding))
            #expect(
                try Self.agree(Self.converters(source, Self.destinations[0]), frame, padding: padding),
                "padding \(padding)")
        }
    }

    /// NaN, infinities and values past the top of a curve's table take the curve's exact function inside the
    /// program, lane by lane; every build gives the same bytes.
    @Test("Values a curve's table does not cover take its exact function on every build")
    func uncoveredValues() throws {
        let source = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        for destination in [
            PixelEncoding(format: .rgbaHalf, colorSpace: .bt2100PQ),
            PixelEncoding(format: .rgbaHalf, colorSpace: .bt2100HLG),
            PixelEncoding(format: .rgba8, colorSpace: .extendedSRGB),
        ] {
            let converters = try Self.converters(source, destination)
            let specials: [Float] = [.nan, .infinity, -.infinity, 1e4, 65504, -3, 0.5, -0.0]
            for width in [9, 64, 200, 300] {
                let frame = TestFrames.random(.rgbaHalf, width: width, height: 2, seed: UInt64(width))
                for (k, value) in specials.enumerated() {
                    let x = (k * 67 + 5) % width
                    frame.set(k % 3, x, k % 2, raw: UInt64(HalfFloat.bits(from: value)))
                }
                #expect(try Self.agree(converters, frame), "\(destination) width \(width)")
            }
        }
    }

    /// The options that bring in the other ops: tone mapping on luminance (`luminance_gain`, `headroom_fit`), a
    /// Swift operator (`host`), soft clipping (`gamut_compress`, `highlight_shoulder`), clipping (`clamp`).
    @Test("Every op of the op list runs on every build with the same bytes")
    func everyOp() throws {
        let x420 = Self.sources[0], edr = Self.destinations[0], half = Self.sources[6]
        let sdr = PixelEncoding(format: .rgba8, colorSpace: .sRGB)
        let cases: [(PixelEncoding, PixelEncoding, @Sendable (inout PixelConverter.Options) -> Void)] = [
            (x420, edr, { $0.toneMapping = .displayHeadroom(2) }),
            (x420, edr, { $0.toneMapping = .custom(ToneMapper(.reinhard, contentHeadroom: 8, displayHeadroom: 2)) }),
            (half, sdr, { $0.gamut = .softClip }),
            (half, PixelEncoding(format: .rgbaHalf, colorSpace: .bt2100HLG), { $0.gamut = .clip }),
            (Self.sources[4], Self.destinations[3], { _ in }),
            (Self.sources[3], Self.destinations[4], { _ in }),
            (x420, Self.destinations[6], { _ in }),
            (ConversionMatrix.dolbyVisionBase, Self.destinations[5], { $0.dolbyVision = ConversionMatrix.dolbyVision }),
            (x420, Self.destinations[5], { $0.measuresLight = true }),  // the light itself: LightMeterTests
        ]
        var seen = Set<String>()
        for (index, (source, destination, change)) in cases.enumerated() {
            let converters = try Self.converters(source, destination, change)
            seen.formUnion(converters[0].plan.kernelOps)
            for width in [13, 300] {
                let frame = TestFrames.random(source.format, width: width, height: 3, seed: UInt64(77 + index))
                #expect(
                    try Self.agree(converters, frame), "\(source) → \(destination): \(converters[0].plan.kernelOps)")
            }
        }
        for source in Self.sources {
            seen.formUnion(try Self.converters(source, Self.destinations[0])[0].plan.kernelOps)
        }
        let all = (0..<HDRK_OP_COUNT.rawValue).map { String(cString: hdrk_op_name(HDRKOp(rawValue: $0))) }
        #expect(Set(all) == seen, "not exercised: \(Set(all).subtracting(seen).sorted())")
    }

    @Test("The plan names the build and its program")
    func planNamesTheBuild() throws {
        let converter = try PixelConverter(from: Self.sources[0], to: Self.destinations[0])
        #expect(converter.plan.codePath == Self.paths.last)
        #expect(converter.plan.kernelOps == ["load_ycbcr", "affine", "curve", "affine", "store_rgba_half"])
        let listing = String(reflecting: converter.plan)
        #expect(listing.hasSuffix("load_ycbcr → affine → curve → affine → store_rgba_half)"))
        #expect(
            listing.contains("\(converter.plan.codePath) kernels, \(converter.plan.pixelsPerBlock) pixels per block"))
        #expect(PixelConverter.availableCodePaths.first == (Self.isX86 ? .baseline : .neon))
        var options = PixelConverter.Options()
        options.codePath = Self.isX86 ? .neon : .avx2
        #expect(throws: PixelConversionError.self) {
            try PixelConverter(from: Self.sources[0], to: Self.destinations[0], options: options)
        }
    }

    static var isX86: Bool {
        #if arch(x86_64)
        true
        #else
        false
        #endif
    }
}
