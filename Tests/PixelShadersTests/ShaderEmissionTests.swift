import ColorSpaces
import ConversionTestSupport
import Foundation
import PixelBuffers
import PixelConversion
import PixelShaders
import TestSupport
import Testing
import ToneMapping

/// Every conversion of the matrix becomes GLSL that glslang compiles for Vulkan.
@Suite("Shader emission")
struct ShaderEmissionTests {
    static let glslang = ExternalTool.path("glslangValidator")

    /// Compiles `glsl` for Vulkan 1.1 with glslang; returns its messages and status.
    static func compile(_ glsl: String) throws -> (String, Int32) {
        let folder = try TemporaryFolder.make("glsl")
        let file = folder.appendingPathComponent("program.comp")
        try glsl.write(to: file, atomically: true, encoding: .utf8)
        let (output, status) = try ExternalTool.run(
            Self.glslang!,
            ["-V", "--target-env", "vulkan1.1", file.path, "-o", folder.appendingPathComponent("p.spv").path])
        return (String(decoding: output, as: UTF8.self), status)
    }

    @Test(
        "every conversion of the matrix compiles with glslang",
        .enabled(if: glslang != nil, "skipped: glslang is not installed (apt-get install glslang-tools)"),
        arguments: ConversionMatrix.workloads + ConversionMatrix.formats)
    func compiles(_ conversion: ConversionMatrix.Case) throws {
        let program = try ShaderProgram(conversion.converter())
        let (messages, status) = try Self.compile(program.glsl)
        #expect(status == 0, "\(conversion.name):\n\(messages)")
    }

    /// The texture interface of the EDR video pipeline: 'x420' PQ and HLG and 8-bit '420v' frames as CoreVideo's
    /// Metal textures give them, to an `rgba16f` extended-linear Display P3 texture.
    @Test(
        "the texture interface compiles for 'x420' PQ, 'x420' HLG and '420v' to RGhA",
        .enabled(if: glslang != nil, "skipped: glslang is not installed (apt-get install glslang-tools)"))
    func textures() throws {
        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        for source in [
            PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
            PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance),
            PixelEncoding(format: .yuv420v, colorSpace: .bt709, matrix: .bt709),
        ] {
            let program = try ShaderProgram(PixelConverter(from: source, to: edr), interface: .textures)
            #expect(program.glsl.contains("r16) uniform readonly image2D") || source.format == .yuv420v)
            #expect(program.glsl.contains("rgba16f) uniform writeonly image2D destination;"))
            let (messages, status) = try Self.compile(program.glsl)
            #expect(status == 0, "\(source):\n\(messages)")
            #expect(try program.pushConstants(width: 64, height: 36).count == 8)
        }
        // A 4:2:0 destination has no texture form here.
        #expect(throws: ShaderError.self) {
            try ShaderProgram(
                PixelConverter(from: edr, to: ConversionMatrix.workloads[3].destination), interface: .textures)
        }
    }

    /// A tone-mapping operator type of the caller's runs Swift per pixel: no shader has it.
    struct Halving: ToneMappingOperator {
        func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> { rgb / 2 }
        func apply(
            red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
            blue: UnsafeMutableBufferPointer<Float>
        ) {
            for plane in [red, green, blue] { for i in plane.indices { plane[i] /= 2 } }
        }
        var targetHeadroom: Double? { nil }
    }

    @Test("a caller's own tone-mapping operator type is a typed error that names the step")
    func hostStep() throws {
        var options = PixelConverter.Options()
        options.toneMapping = .custom(Halving())
        let converter = try PixelConverter(
            from: ConversionMatrix.workloads[0].source, to: ConversionMatrix.workloads[0].destination, options: options)
        #expect {
            try ShaderProgram(converter)
        } throws: { error in
            guard case .unsupportedStep(let name) = error as? ShaderError else { return false }
            return name.contains("Halving")
        }
    }
}
