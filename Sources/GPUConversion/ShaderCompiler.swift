internal import CShaderc

/// GLSL compute shaders to SPIR-V, through shaderc (glslang, then spirv-opt).
///
/// The target is Vulkan 1.1, SPIR-V 1.3. Neither level of optimisation changes floating-point results: spirv-opt
/// has no fast-math passes (no reassociation, no contraction, no reciprocal approximation), so a value the GLSL
/// computes in a given order is rounded as written; results marked `precise` keep their `NoContraction` decoration,
/// which forbids a driver to fuse a multiply and an add.
///
/// Each `compile` creates and releases its own shaderc compiler, so one `ShaderCompiler` may be used from several
/// threads at once.
public struct ShaderCompiler: Hashable, Sendable {
    /// How much spirv-opt works on the module.
    public enum Optimization: Hashable, Sendable {
        /// glslang's output as it is: names kept, so that translations to MSL and HLSL read like the GLSL. Drivers
        /// optimise the module themselves.
        case none
        /// spirv-opt's performance passes (inlining, dead code, constant folding with IEEE rounding). They also strip
        /// the names, so MSL and HLSL translations name variables `_36`, `_m0`.
        case performance
    }

    /// How much spirv-opt works on the module; `.none` by default.
    public var optimization: Optimization
    /// Preprocessor macros, as `-D name=value` (an empty value defines the name as empty).
    public var macros: [String: String]

    /// Creates a compiler with the given optimisation and macros.
    public init(optimization: Optimization = .none, macros: [String: String] = [:]) {
        self.optimization = optimization
        self.macros = macros
    }

    /// Compiles a GLSL 4.50 compute shader to SPIR-V words.
    ///
    /// - Parameters:
    ///   - source: The GLSL source, starting with `#version 450` (or later).
    ///   - name: The file name the diagnostics mention (`shader.comp` by default).
    ///   - entryPoint: The entry point's name in the SPIR-V (`main`).
    /// - Returns: The module's 32-bit words, host byte order, starting with the SPIR-V magic number 0x07230203.
    /// - Throws: ``GPUError/shaderCompilationFailed(name:diagnostics:log:)`` with shaderc's message and the line of
    ///   each error; ``GPUError/invalidArgument(_:)`` for a source or name containing a NUL character.
    public func compile(_ source: String, name: String = "shader.comp", entryPoint: String = "main") throws(GPUError)
        -> [UInt32]
    {
        for (label, text) in [("source", source), ("name", name), ("entry point", entryPoint)]
        where text.utf8.contains(0) {
            throw .invalidArgument("the shader's \(label) contains a NUL character")
        }
        guard let compiler = shaderc_compiler_initialize() else {
            throw .shaderCompilationFailed(name: name, diagnostics: [], log: "shaderc could not initialise")
        }
        defer { shaderc_compiler_release(compiler) }
        guard let options = shaderc_compile_options_initialize() else {
            throw .shaderCompilationFailed(name: name, diagnostics: [], log: "shaderc could not create options")
        }
        defer { shaderc_compile_options_release(options) }
        shaderc_compile_options_set_source_language(options, shaderc_source_language_glsl)
        shaderc_compile_options_set_target_env(
            options, shaderc_target_env_vulkan, UInt32(shaderc_env_version_vulkan_1_1.rawValue))
        shaderc_compile_options_set_target_spirv(options, shaderc_spirv_version_1_3)
        shaderc_compile_options_set_optimization_level(
            options,
            optimization == .none ? shaderc_optimization_level_zero : shaderc_optimization_level_performance)
        for (macro, value) in macros.sorted(by: { $0.key < $1.key }) {
            shaderc_compile_options_add_macro_definition(
                options, macro, macro.utf8.count, value, value.utf8.count)
        }
        let result = shaderc_compile_into_spv(
            compiler, source, source.utf8.count, shaderc_compute_shader, name, entryPoint, options)
        guard let result else {
            throw .shaderCompilationFailed(name: name, diagnostics: [], log: "shaderc returned no result")
        }
        defer { shaderc_result_release(result) }
        let status = shaderc_result_get_compilation_status(result)
        guard status == shaderc_compilation_status_success else {
            let log = shaderc_result_get_error_message(result).map { String(cString: $0) } ?? ""
            throw .shaderCompilationFailed(
                name: name, diagnostics: Self.diagnostics(in: log, name: name),
                log: log.isEmpty ? Self.statusName(status) : log)
        }
        let length = shaderc_result_get_length(result)
        guard length > 0, length % 4 == 0, let bytes = shaderc_result_get_bytes(result) else {
            throw .shaderCompilationFailed(
                name: name, diagnostics: [], log: "shaderc returned \(length) bytes, not whole SPIR-V words")
        }
        return [UInt32](unsafeUninitializedCapacity: length / 4) { words, count in
            UnsafeMutableRawBufferPointer(words).copyMemory(
                from: UnsafeRawBufferPointer(start: UnsafeRawPointer(bytes), count: length))
            count = length / 4
        }
    }

    /// The errors and warnings of a glslang log, whose lines read `name:LINE: error: text` (or `warning:`); a line
    /// without a number (e.g. `name: error: …`) gives a diagnostic without one. The summary (`1 error generated.`)
    /// is left out.
    static func diagnostics(in log: String, name: String) -> [ShaderDiagnostic] {
        var found: [ShaderDiagnostic] = []
        for rawLine in log.split(separator: "\n") {
            var rest = Substring(rawLine)
            if rest.hasPrefix(name + ":") { rest = rest.dropFirst(name.count + 1) }
            var line: Int?
            if let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]) {
                line = number
                rest = rest[rest.index(after: colon)...]
            }
            rest = rest.drop { $0 == " " }
            for severity in [ShaderDiagnostic.Severity.error, .warning] where rest.hasPrefix(severity.rawValue + ":") {
                let message = rest.dropFirst(severity.rawValue.count + 1).drop { $0 == " " }
                found.append(ShaderDiagnostic(line: line, severity: severity, message: String(message)))
            }
        }
        return found
    }

    private static func statusName(_ status: shaderc_compilation_status) -> String {
        switch status {
        case shaderc_compilation_status_invalid_stage: "invalid shader stage"
        case shaderc_compilation_status_compilation_error: "compilation error"
        case shaderc_compilation_status_internal_error: "internal error"
        case shaderc_compilation_status_null_result_object: "no result object"
        case shaderc_compilation_status_invalid_assembly: "invalid assembly"
        case shaderc_compilation_status_validation_error: "validation error"
        case shaderc_compilation_status_transformation_error: "transformation error"
        case shaderc_compilation_status_configuration_error: "configuration error"
        default: "status \(status.rawValue)"
        }
    }
}
