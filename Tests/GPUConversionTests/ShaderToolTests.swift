import PixelBuffers
import PixelConversion
import PixelShaders
import Testing

@testable import GPUConversion

/// shaderc and SPIRV-Cross: these need no Vulkan device and always run.
@Suite("Shader compiler and translator")
struct ShaderToolTests {
    static let kernel = """
        #version 450
        layout(local_size_x = 64) in;
        layout(std430, set = 0, binding = 0) readonly buffer Input { float x[]; } source;
        layout(std430, set = 0, binding = 1) writeonly buffer Output { uint y[]; } destination;
        layout(push_constant) uniform Parameters { uint count; float scale; } parameters;
        void main() {
            uint i = gl_GlobalInvocationID.x;
            if (i >= parameters.count) return;
            precise float v = source.x[i] * parameters.scale + 1.0;
            destination.y[i] = floatBitsToUint(v);
        }
        """

    @Test("GLSL compiles to SPIR-V 1.3 words, with and without optimisation")
    func compiles() throws {
        for optimization in [ShaderCompiler.Optimization.none, .performance] {
            let words = try ShaderCompiler(optimization: optimization).compile(Self.kernel)
            #expect(words.count > 20)
            #expect(words[0] == 0x0723_0203, "SPIR-V magic number")
            #expect(words[1] == 0x0001_0300, "SPIR-V 1.3 (Vulkan 1.1)")
        }
    }

    @Test("macros reach the preprocessor")
    func macros() throws {
        let source = """
            #version 450
            layout(local_size_x = WIDTH) in;
            layout(std430, binding = 0) buffer B { float v[]; };
            void main() { v[gl_GlobalInvocationID.x] = SCALE; }
            """
        #expect(throws: GPUError.self) { try ShaderCompiler().compile(source) }
        let words = try ShaderCompiler(macros: ["WIDTH": "32", "SCALE": "2.0"]).compile(source)
        let translation = try ShaderTranslator.metal(words)
        #expect(translation.workgroupSize == SIMD3(32, 1, 1))
    }

    @Test("a compile error is a typed error carrying shaderc's message and the line")
    func compileError() throws {
        let source = """
            #version 450
            layout(local_size_x = 64) in;
            layout(std430, binding = 0) buffer B { float v[]; };
            void main() {
                v[gl_GlobalInvocationID.x] = undeclared * 2.0;
            }
            """
        do {
            _ = try ShaderCompiler().compile(source, name: "broken.comp")
            Issue.record("the source compiled")
        } catch {
            guard case .shaderCompilationFailed(let name, let diagnostics, let log) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(name == "broken.comp")
            #expect(log.contains("undeclared"))
            let first = try #require(diagnostics.first)
            #expect(first.line == 5 && first.severity == .error && first.message.contains("undeclared"))
            #expect(error.description.contains("line 5: error:"))
        }
    }

    @Test("glslang's log lines become diagnostics")
    func diagnosticParsing() {
        let log = """
            k.comp:3: warning: something odd
            k.comp:12: error: 'x' : undeclared identifier
            k.comp: error: no main
            2 errors generated.
            """
        #expect(
            ShaderCompiler.diagnostics(in: log, name: "k.comp") == [
                ShaderDiagnostic(line: 3, severity: .warning, message: "something odd"),
                ShaderDiagnostic(line: 12, severity: .error, message: "'x' : undeclared identifier"),
                ShaderDiagnostic(line: nil, severity: .error, message: "no main"),
            ])
    }

    @Test("a NUL in the source is refused before shaderc sees it")
    func nulCharacter() {
        #expect(throws: GPUError.invalidArgument("the shader's source contains a NUL character")) {
            try ShaderCompiler().compile("#version 450\0")
        }
    }

    @Test("MSL: the kernel entry point, buffers at their binding numbers, push constants after them, no error")
    func metal() throws {
        let words = try ShaderCompiler().compile(Self.kernel)
        let translation = try ShaderTranslator.metal(words)
        #expect(translation.entryPoint == "main0")
        #expect(translation.workgroupSize == SIMD3(64, 1, 1))
        #expect(translation.pushConstantBufferIndex == 2)
        let source = translation.source
        #expect(source.contains("kernel void main0("))
        #expect(
            source.contains("[[buffer(0)]]") && source.contains("[[buffer(1)]]") && source.contains("[[buffer(2)]]"))
        #expect(source.contains("constant Parameters& parameters [[buffer(2)]]"))
        // `precise` keeps the multiply and the add apart, through SPIRV-Cross's unfusable helpers.
        #expect(source.contains("spvFAdd(spvFMul("))
        #expect(!source.lowercased().contains("fast"))
        let ios = try ShaderTranslator.metal(
            words, options: .init(platform: .iOS, languageVersion: .v3_0, invariantFloatMath: true))
        #expect(ios.source.contains("kernel void main0("))
    }

    @Test("HLSL: main with numthreads, storage buffers as UAVs at their bindings, push constants at b0")
    func hlsl() throws {
        let words = try ShaderCompiler().compile(Self.kernel)
        for model in [ShaderTranslator.HLSLShaderModel.sm50, .sm60] {
            let translation = try ShaderTranslator.hlsl(words, shaderModel: model)
            #expect(translation.entryPoint == "main")
            let source = translation.source
            #expect(source.contains("[numthreads(64, 1, 1)]"))
            #expect(source.contains("void main("))
            #expect(source.contains("RWByteAddressBuffer source : register(u0"))  // ", space0)" from SM 5.1
            #expect(source.contains("RWByteAddressBuffer destination : register(u1"))
            #expect(source.contains("cbuffer Parameters : register(b0"))
            #expect(source.contains("precise float"))
        }
    }

    @Test("MSL of a PixelShaders texture program: buffers at their bindings, textures 0, 1, 2 in binding order")
    func metalTextures() throws {
        let converter = try PixelConverter(
            from: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3))
        let program = try ShaderProgram(converter, interface: .textures)
        let words = try ShaderCompiler().compile(program.glsl)
        let metal = try ShaderTranslator.metal(words)
        #expect(metal.resources.map(\.binding) == [0, 1, 2, 3])
        #expect(metal.resources.map(\.kind) == [.storageBuffer, .storageImage, .storageImage, .storageImage])
        #expect(metal.resources.map(\.index) == [0, 0, 1, 2])
        #expect(metal.resources.dropFirst().map(\.name) == ["sourcePlane0", "sourcePlane1", "destination"])
        #expect(metal.pushConstantBufferIndex == 1)
        let source = metal.source
        #expect(source.contains("texture2d<float> sourcePlane0 [[texture(0)]]"))
        #expect(source.contains("texture2d<float> sourcePlane1 [[texture(1)]]"))
        #expect(source.contains("texture2d<float, access::write> destination [[texture(2)]]"))
        #expect(source.contains("constant Frame& frame [[buffer(1)]]"))
        #expect(source.contains("[[buffer(0)]]"))

        let hlsl = try ShaderTranslator.hlsl(words)
        #expect(hlsl.resources.map(\.index) == [0, 1, 2, 3])
        #expect(hlsl.source.contains("sourcePlane0 : register(u1)"))
        #expect(hlsl.source.contains("destination : register(u3)"))

        // A module whose images come first and whose buffer binding leaves a gap: numbers kept for buffers,
        // textures counted in binding order, push constants one past the highest buffer binding.
        let mixed = try ShaderCompiler().compile(
            """
            #version 450
            layout(local_size_x = 8, local_size_y = 8) in;
            layout(set = 0, binding = 3, rgba32f) uniform writeonly image2D written;
            layout(set = 0, binding = 0, rgba8) uniform readonly image2D read;
            layout(std430, set = 0, binding = 2) readonly buffer Scale { float scale; } parameters;
            layout(push_constant) uniform Frame { int width; } frame;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                if (p.x < frame.width) imageStore(written, p, imageLoad(read, p) * parameters.scale);
            }
            """)
        let translation = try ShaderTranslator.metal(mixed)
        #expect(
            translation.resources == [
                .init(binding: 0, kind: .storageImage, name: "read", index: 0),
                .init(binding: 2, kind: .storageBuffer, name: "Scale", index: 2),
                .init(binding: 3, kind: .storageImage, name: "written", index: 1),
            ])
        #expect(translation.pushConstantBufferIndex == 3)
        #expect(
            translation.source.contains("read [[texture(0)]]") && translation.source.contains("written [[texture(1)]]"))
        #expect(translation.source.contains("[[buffer(2)]]") && translation.source.contains("frame [[buffer(3)]]"))
    }

    @Test("words that are not SPIR-V, or lack the entry point, are typed errors")
    func invalidModules() throws {
        #expect(throws: GPUError.self) { try ShaderTranslator.metal([1, 2, 3]) }
        let words = try ShaderCompiler().compile(Self.kernel)
        do {
            _ = try ShaderTranslator.metal(words.map(\.byteSwapped))
            Issue.record("byte-swapped words translated")
        } catch {
            #expect(error.description.contains("byte-swapped"))
        }
        var garbage = words
        for index in 5..<garbage.count { garbage[index] = 0xDEAD_BEEF }
        #expect(throws: GPUError.self) { try ShaderTranslator.hlsl(garbage) }
        do {
            _ = try ShaderTranslator.hlsl(words, entryPoint: "other")
            Issue.record("a missing entry point translated")
        } catch {
            #expect(error.description.contains("no compute entry point 'other'"))
            #expect(error.description.contains("'main' (compute)"))
        }
        #expect(throws: GPUError.self) {
            try ShaderTranslator.metal(words, options: .init(languageVersion: .init(major: 2, minor: 0)))
        }
    }
}
