import ConversionTestSupport
import Foundation
import PixelConversion
import PixelShaders
import TestSupport
import Testing

/// Every conversion of the matrix becomes GLSL that glslang compiles for Vulkan.
@Suite("Shader emission")
struct ShaderEmissionTests {
    static let glslang = ExternalTool.path("glslangValidator")

    @Test(
        "every conversion of the matrix compiles with glslang",
        .enabled(if: glslang != nil, "skipped: glslang is not installed (apt-get install glslang-tools)"),
        arguments: ConversionMatrix.workloads + ConversionMatrix.formats)
    func compiles(_ conversion: ConversionMatrix.Case) throws {
        let program = try ShaderProgram(conversion.converter())
        let folder = try TemporaryFolder.make("glsl")
        let file = folder.appendingPathComponent("program.comp")
        try program.glsl.write(to: file, atomically: true, encoding: .utf8)
        let (output, status) = try ExternalTool.run(
            Self.glslang!,
            ["-V", "--target-env", "vulkan1.1", file.path, "-o", folder.appendingPathComponent("p.spv").path])
        #expect(status == 0, "\(conversion.name):\n\(String(decoding: output, as: UTF8.self))")
    }
}
