import ColorSpaces
import ConversionTestSupport
import PixelBuffers
import PixelConversion
import PixelShaders
import TestSupport
import Testing
import ToneMapping

@testable import GPUConversion

/// The texture interface on the device: `GPUTextureConverter` against the CPU converter (and against the buffer
/// interface's `GPUPixelConverter`), on random frames of odd sizes.
@Suite("GPU textures against CPU", .enabled(if: GPUTestSupport.hasDevice, GPUTestSupport.skipReason))
struct TextureConverterTests {
    static let edrHalf = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
    static let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)

    /// The conversions a Metal app runs on decoded video frames.
    static let videoFrames: [ConversionMatrix.Case] = {
        var toneMapped = PixelConverter.Options()
        toneMapped.toneMapping = .displayHeadroom(2, content: ContentLuminance(maxContentLightLevel: 4000))
        return [
            ConversionMatrix.Case("S1 'x420' PQ → RGhA EDR P3", x420PQ, edrHalf),
            ConversionMatrix.Case(
                "'x420' HLG → RGhA EDR P3",
                PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance), edrHalf),
            ConversionMatrix.Case(
                "'420v' BT.709 → RGhA EDR P3", PixelEncoding(format: .yuv420v, colorSpace: .bt709, matrix: .bt709),
                edrHalf),
            ConversionMatrix.Case("S1 tone mapped to headroom 2 (4000 cd/m² content)", x420PQ, edrHalf, toneMapped),
            ConversionMatrix.Case(
                "sRGB 'BGRA' → 'BGRA' Display P3", PixelEncoding(format: .bgra8, colorSpace: .sRGB),
                PixelEncoding(format: .bgra8, colorSpace: .displayP3)),
        ]
    }()

    /// The worst differences of one conversion run by `runner` over frames of each size in turn (one runner, so its
    /// images are made again when the size changes): against the CPU, and against the buffer interface.
    static func compare(_ conversion: ConversionMatrix.Case, sizes: [(Int, Int)], seed: UInt64) throws -> (
        cpu: ConverterComparisonTests.Difference, buffers: ConverterComparisonTests.Difference
    ) {
        let device = try GPUTestSupport.requireDevice()
        let converter = try conversion.converter()
        let runner = try GPUTextureConverter(converter, device: device)
        let bufferRunner = try GPUPixelConverter(converter, device: device)
        var worst = (cpu: ConverterComparisonTests.Difference(), buffers: ConverterComparisonTests.Difference())
        for (index, (width, height)) in sizes.enumerated() {
            let source = try ConversionMatrix.randomFrame(
                converter.source.format, width: width, height: height, seed: seed + UInt64(index))
            let cpu = try converter.convert(source)
            var gpu = try PixelBuffer(format: converter.destination.format, width: width, height: height)
            var buffers = gpu
            _ = try source.withView { s in try gpu.withMutableView { d in try runner.run(s, to: d) } }
            _ = try source.withView { s in try buffers.withMutableView { d in try bufferRunner.run(s, to: d) } }
            func located(_ d: ConverterComparisonTests.Difference) -> ConverterComparisonTests.Difference {
                var d = d
                d.place = "\(width)×\(height)" + (d.place.isEmpty ? "" : " " + d.place)
                return d
            }
            let againstCPU = ConverterComparisonTests.difference(
                cpu, gpu, cancellation: ConverterComparisonTests.cancellation(conversion))
            if againstCPU.worst > worst.cpu.worst || index == 0 { worst.cpu = located(againstCPU) }
            let againstBuffers = ConverterComparisonTests.difference(buffers, gpu)
            if againstBuffers.worst > worst.buffers.worst || index == 0 { worst.buffers = located(againstBuffers) }
        }
        return worst
    }

    @Test("video frames to an EDR layer and 'BGRA': within 1 binary16 ULP or 1 code of the CPU", arguments: videoFrames)
    func videoFrame(_ conversion: ConversionMatrix.Case) throws {
        let worst = try Self.compare(conversion, sizes: [(67, 21), (8, 2), (33, 7), (67, 21)], seed: 11)
        print("\(conversion.name): worst against the CPU \(worst.cpu); against the buffer interface \(worst.buffers)")
        #expect(worst.cpu.worst <= 1, "\(conversion.name): \(worst.cpu)")
    }

    @Test("every workload and FourCC conversion the texture interface takes: within 1 of the CPU")
    func matrix() throws {
        let device = try GPUTestSupport.requireDevice()
        var ran = 0
        var identical = 0
        var refused: [String] = []
        var worst = (0.0, "")
        for conversion in ConversionMatrix.workloads + ConversionMatrix.formats {
            let converter = try conversion.converter()
            do { _ = try GPUTextureConverter(converter, device: device) } catch {
                guard case .unsupportedConversion = error else { throw error }
                refused.append(conversion.name)
                continue
            }
            let d = try Self.compare(conversion, sizes: [(37, 9)], seed: 100)
            ran += 1
            if d.cpu.worst == 0 { identical += 1 }
            if d.cpu.worst > worst.0 || worst.1.isEmpty { worst = (d.cpu.worst, "\(conversion.name): \(d.cpu)") }
            #expect(d.cpu.worst <= 1, "\(conversion.name): \(d.cpu)")
            #expect(d.buffers.worst == 0, "\(conversion.name) against the buffer interface: \(d.buffers)")
        }
        print(
            "texture interface: \(ran) conversions ran, \(identical) identical to the CPU, worst \(worst.1); "
                + "\(refused.count) refused (not biplanar Y′CbCr or RGBA in, RGBA out)")
        #expect(ran >= 20)
    }

    @Test("formats the texture interface does not take are typed errors; frames are checked")
    func errors() throws {
        let device = try GPUTestSupport.requireDevice()
        let toYCbCr = try PixelConverter(from: Self.edrHalf, to: Self.x420PQ)
        #expect(throws: GPUError.self) { try GPUTextureConverter(toYCbCr, device: device) }
        let planar = try PixelConverter(
            from: PixelEncoding(format: .y420, colorSpace: .bt709, matrix: .bt709), to: Self.edrHalf)
        do {
            _ = try GPUTextureConverter(planar, device: device)
            Issue.record("a triplanar source was accepted")
        } catch {
            guard case .unsupportedConversion = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
        let runner = try GPUTextureConverter(try PixelConverter(from: Self.x420PQ, to: Self.edrHalf), device: device)
        #expect(runner.sourceFormats == [.r16Unorm, .rg16Unorm] && runner.destinationFormat == .rgba16Float)
        let source = try PixelBuffer(format: .x420, width: 8, height: 4)
        var wrongSize = try PixelBuffer(format: .rgbaHalf, width: 8, height: 2)
        #expect(throws: GPUError.self) {
            try source.withView { s in try wrongSize.withMutableView { d in try runner.run(s, to: d) } }
        }
        let eightBit = try GPUTextureConverter(
            try PixelConverter(
                from: PixelEncoding(format: .yuv420v, colorSpace: .bt709, matrix: .bt709),
                to: PixelEncoding(format: .rgba8, colorSpace: .sRGB)), device: device)
        #expect(eightBit.sourceFormats == [.r8Unorm, .rg8Unorm] && eightBit.destinationFormat == .rgba8Unorm)
    }
}
