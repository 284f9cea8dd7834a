import ColorSpaces
import ConversionTestSupport
import PixelBuffers
import PixelConversion
import PixelShaders
import TestSupport
import Testing
import ToneMapping

@testable import GPUConversion

/// Gain-map renditions (ISO 21496-1) on the GPU against `GainMapRenderer` on the CPU: the base's decoding, the
/// bilinear gain at each pixel's centre, the per-channel gain and the conversion to the destination as one program,
/// within the bounds of ``ConverterComparisonTests``.
@Suite("Gain maps on the GPU", .enabled(if: GPUTestSupport.hasDevice, GPUTestSupport.skipReason))
struct GainMapRendererTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var metadata: GainMapMetadata
        var headroom: Double
        var base: PixelEncoding
        var gainFormat: PixelFormat
        /// The image's size and the gain map's.
        var size: (Int, Int, Int, Int)
        var destination: PixelEncoding
        var workingPrimaries: RGBPrimaries? = nil
        var options = PixelConverter.Options()
        var description: String { name }
    }

    static let sdrBase = PixelEncoding(format: .rgba8, colorSpace: .displayP3)
    static let linearFloat = PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearDisplayP3)
    static let edrHalf = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
    static let threeChannel = GainMapMetadata(
        gainMapMin: SIMD3(-0.5, 0, 0.25), gainMapMax: SIMD3(2.5, 3, 1.75), gamma: SIMD3(1, 1.5, 0.8),
        baseOffset: SIMD3(1.0 / 64, 0, 0.01), alternateOffset: SIMD3(1.0 / 64, 0.002, 0), alternateHeadroom: 2.5)

    static let cases: [Case] = [
        Case(
            name: "8-bit P3 base, one-channel quarter-size map, as a file is read (RGBA float, headroom 4)",
            metadata: GainMapMetadata(gainMapMin: 0, gainMapMax: 2, alternateHeadroom: 2), headroom: 4,
            base: sdrBase, gainFormat: .rgba8, size: (64, 32, 16, 8), destination: linearFloat),
        Case(
            name: "three-channel map with γ and offsets, weight ½, odd sizes, RGhA",
            metadata: threeChannel, headroom: 2.5.squareRoot() * 2, base: sdrBase, gainFormat: .rgba8,
            size: (37, 9, 10, 3), destination: edrHalf),
        Case(
            name: "16-bit map larger than the image, BT.2020 working primaries, to 'x420' PQ",
            metadata: threeChannel, headroom: 8, base: PixelEncoding(format: .rgba16, colorSpace: .sRGB),
            gainFormat: .rgba16, size: (33, 18, 40, 20),
            destination: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
            workingPrimaries: .bt2020),
        Case(
            name: "'420v' base, tone mapped to 8-bit sRGB at headroom 3",
            metadata: GainMapMetadata(gainMapMin: -1, gainMapMax: 3, gamma: 2, alternateHeadroom: 3), headroom: 3,
            base: PixelEncoding(format: .yuv420v, colorSpace: .bt709, matrix: .bt709), gainFormat: .rgba8,
            size: (30, 14, 15, 7), destination: PixelEncoding(format: .rgba8, colorSpace: .sRGB),
            options: {
                var options = PixelConverter.Options()
                options.toneMapping = .displayHeadroom(1, content: ContentLuminance(maxContentLightLevel: 8 * 203))
                return options
            }()),
        Case(
            name: "an HDR base (headroom 4) towards its SDR alternate: negative gains, RGhA at headroom 1.5",
            metadata: GainMapMetadata(gainMapMin: -2, gainMapMax: 0, baseHeadroom: 2, alternateHeadroom: 0),
            headroom: 1.5, base: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
            gainFormat: .rgba8, size: (21, 11, 21, 11), destination: edrHalf),
    ]

    /// The rendition on the CPU and on the GPU of a random base and gain map.
    static func render(_ c: Case, seed: UInt64) throws -> (cpu: PixelBuffer, gpu: PixelBuffer) {
        let (width, height, gainWidth, gainHeight) = c.size
        let base = try ConversionMatrix.randomFrame(c.base.format, width: width, height: height, seed: seed)
        let gainMap = try ConversionMatrix.randomFrame(
            c.gainFormat, width: gainWidth, height: gainHeight, seed: seed + 1)
        var outputs: [PixelBuffer] = []
        for backend in [nil, VulkanConversionBackend(device: try GPUTestSupport.requireDevice())] {
            var options = c.options
            options.backend = backend
            let renderer = try gainMap.withView { g in
                try GainMapRenderer(
                    c.metadata, displayHeadroom: c.headroom, base: c.base, width: width, height: height, gainMap: g,
                    destination: c.destination, workingPrimaries: c.workingPrimaries, options: options)
            }
            var output = try PixelBuffer(format: c.destination.format, width: width, height: height)
            try base.withView { b in try output.withMutableView { try renderer.render(b, into: $0) } }
            outputs.append(output)
        }
        return (outputs[0], outputs[1])
    }

    @Test("each rendition on the GPU within 1 code or 1 half ULP of the CPU's", arguments: cases)
    func againstCPU(_ c: Case) throws {
        for seed: UInt64 in [11, 12] {
            let (cpu, gpu) = try Self.render(c, seed: seed)
            let d = ConverterComparisonTests.difference(cpu, gpu)
            #expect(d.worst <= 1, "\(c.name), seed \(seed): \(d)")
        }
    }

    @Test(
        "a frame larger than the device's buffers runs in bands of rows with the same result",
        arguments: [cases[1], cases[2], cases[3]])
    func bands(_ c: Case) throws {
        let (width, height, gainWidth, gainHeight) = c.size
        let base = try ConversionMatrix.randomFrame(c.base.format, width: width, height: height, seed: 5)
        let gainMap = try ConversionMatrix.randomFrame(c.gainFormat, width: gainWidth, height: gainHeight, seed: 6)
        let renderer = try gainMap.withView { g in
            try GainMapRenderer(
                c.metadata, displayHeadroom: c.headroom, base: c.base, width: width, height: height, gainMap: g,
                destination: c.destination, workingPrimaries: c.workingPrimaries, options: c.options)
        }
        var cpu = try PixelBuffer(format: c.destination.format, width: width, height: height)
        try base.withView { b in try cpu.withMutableView { try renderer.render(b, into: $0) } }
        let runner = try GPUPixelConverter(renderer, device: GPUTestSupport.requireDevice())
        // Room for 4 rows and the margin (2 per 4:2:0 side) in the larger of the two frames' buffers.
        let margin = [c.base.format, c.destination.format].filter { $0.planes.contains { $0.verticalSubsampling > 1 } }
        runner.bufferByteLimit = [c.base.format, c.destination.format].map {
            FrameLayout(format: $0, width: width, height: 4 + 2 * 2 * margin.count)!.byteCount
        }.max()!
        var gpu = try PixelBuffer(format: c.destination.format, width: width, height: height)
        _ = try base.withView { b in try gpu.withMutableView { try runner.run(b, to: $0) } }
        let d = ConverterComparisonTests.difference(cpu, gpu)
        #expect(d.worst <= 1, "\(c.name) in bands: \(d)")
        // A plain conversion in bands writes what it writes in one go.
        let converter = try PixelConverter(from: c.base, to: c.destination, options: c.options)
        let whole = try GPUPixelConverter(converter, device: GPUTestSupport.requireDevice())
        let banded = try GPUPixelConverter(converter, device: GPUTestSupport.requireDevice())
        banded.bufferByteLimit = runner.bufferByteLimit
        var outputs: [PixelBuffer] = []
        for runner in [whole, banded] {
            var output = try PixelBuffer(format: c.destination.format, width: width, height: height)
            _ = try base.withView { b in try output.withMutableView { try runner.run(b, to: $0) } }
            outputs.append(output)
        }
        let banding = ConverterComparisonTests.difference(outputs[0], outputs[1])
        #expect(banding.worst == 0, "\(c.name): the banded conversion differs: \(banding)")
        banded.bufferByteLimit = 16
        var output = try PixelBuffer(format: c.destination.format, width: width, height: height)
        _ = base.withView { b in
            output.withMutableView { o in
                #expect(throws: GPUError.self) { try banded.run(b, to: o) }
            }
        }
    }

    @Test("the program takes only the renderer's size and formats")
    func wrongFrames() throws {
        let c = Self.cases[0]
        let gainMap = try ConversionMatrix.randomFrame(.rgba8, width: 4, height: 4, seed: 1)
        let renderer = try gainMap.withView { g in
            try GainMapRenderer(
                c.metadata, displayHeadroom: 4, base: c.base, width: 8, height: 8, gainMap: g,
                destination: c.destination)
        }
        let runner = try GPUPixelConverter(renderer, device: GPUTestSupport.requireDevice())
        let base = try ConversionMatrix.randomFrame(.rgba8, width: 9, height: 8, seed: 2)
        var output = try PixelBuffer(format: .rgbaFloat, width: 9, height: 8)
        _ = base.withView { b in
            output.withMutableView { o in
                #expect(throws: GPUError.self) { try runner.run(b, to: o) }
            }
        }
    }
}
