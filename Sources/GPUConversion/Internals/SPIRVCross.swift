internal import CSPIRVCross

/// One SPIRV-Cross context (`spvc_context`): everything made in it (parsed modules, compilers, options, strings) is
/// freed with it. Used by one thread at a time, for one reflection or translation.
final class SPIRVCrossSession {
    let context: spvc_context

    init() throws(GPUError) {
        var context: spvc_context?
        guard spvc_context_create(&context) == SPVC_SUCCESS, let context else {
            throw .translationFailed(target: "SPIRV-Cross", message: "spvc_context_create failed")
        }
        self.context = context
    }

    deinit { spvc_context_destroy(context) }

    /// SPIRV-Cross's message for the last failure in this context.
    var lastError: String {
        spvc_context_get_last_error_string(context).map { String(cString: $0) } ?? "no message"
    }

    /// Parses `words` and makes a compiler for `backend` whose entry point is the compute entry point `entryPoint`.
    ///
    /// - Throws: ``GPUError/invalidSPIRV(reason:)`` for words that are not SPIR-V (magic number, SPIRV-Cross's parse)
    ///   or a module without that compute entry point.
    func compiler(for words: [UInt32], backend: spvc_backend, entryPoint: String) throws(GPUError) -> spvc_compiler {
        guard words.count >= 5 else {
            throw .invalidSPIRV(reason: "\(words.count) words are shorter than a SPIR-V header (5 words)")
        }
        guard words[0] == 0x0723_0203 else {
            throw .invalidSPIRV(
                reason: words[0] == 0x0302_2307
                    ? "the words are byte-swapped (magic number 0x03022307)"
                    : "the first word is 0x\(String(words[0], radix: 16)), not the magic number 0x07230203")
        }
        var parsed: spvc_parsed_ir?
        let parse = words.withUnsafeBufferPointer {
            spvc_context_parse_spirv(context, $0.baseAddress, $0.count, &parsed)
        }
        guard parse == SPVC_SUCCESS, let parsed else { throw .invalidSPIRV(reason: lastError) }
        var compiler: spvc_compiler?
        guard
            spvc_context_create_compiler(context, backend, parsed, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP, &compiler)
                == SPVC_SUCCESS, let compiler
        else { throw .invalidSPIRV(reason: lastError) }

        var entries: UnsafePointer<spvc_entry_point>?
        var entryCount = 0
        guard spvc_compiler_get_entry_points(compiler, &entries, &entryCount) == SPVC_SUCCESS else {
            throw .invalidSPIRV(reason: lastError)
        }
        let all = (0..<entryCount).compactMap { index -> (name: String, compute: Bool)? in
            guard let entry = entries?[index], let name = entry.name else { return nil }
            return (String(cString: name), entry.execution_model == SpvExecutionModelGLCompute)
        }
        guard all.contains(where: { $0.name == entryPoint && $0.compute }) else {
            let found = all.map { "'\($0.name)'" + ($0.compute ? " (compute)" : "") }.joined(separator: ", ")
            throw .invalidSPIRV(
                reason: "no compute entry point '\(entryPoint)' (entry points: \(found.isEmpty ? "none" : found))")
        }
        guard spvc_compiler_set_entry_point(compiler, entryPoint, SpvExecutionModelGLCompute) == SPVC_SUCCESS else {
            throw .invalidSPIRV(reason: lastError)
        }
        return compiler
    }
}

/// What a compute module declares: its workgroup size, storage buffers, storage images and push constants, and any
/// other resource (which the runner does not bind).
struct SPIRVReflection {
    /// One storage buffer: its descriptor set and binding, and its block's name.
    struct Buffer: Hashable {
        var set: Int
        var binding: Int
        var name: String
    }

    /// One storage image (`image2D` …): its descriptor set and binding, name, declared format (nil for a format
    /// ``GPUImage/Format`` lacks, `formatName` says which) and whether it is 2D.
    struct Image: Hashable {
        var set: Int
        var binding: Int
        var name: String
        var format: GPUImage.Format?
        var formatName: String
        var is2D: Bool
    }

    /// The `LocalSize` execution mode (`layout(local_size_x = …) in;`), or nil when the size is given by
    /// specialisation constants or `LocalSizeId`.
    var workgroupSize: SIMD3<Int>?
    var storageBuffers: [Buffer]
    var storageImages: [Image]
    /// The declared size of the push-constant block in bytes (0 without one).
    var pushConstantSize: Int
    /// Resources other than storage buffers, storage images and push constants, as `kind 'name'`.
    var otherResources: [String]

    /// Reflects the module `compiler` was made for.
    init(_ compiler: spvc_compiler, session: SPIRVCrossSession) throws(GPUError) {
        var resources: spvc_resources?
        guard spvc_compiler_create_shader_resources(compiler, &resources) == SPVC_SUCCESS, let resources else {
            throw .invalidSPIRV(reason: session.lastError)
        }
        func list(_ type: spvc_resource_type) -> [spvc_reflected_resource] {
            var items: UnsafePointer<spvc_reflected_resource>?
            var count = 0
            guard spvc_resources_get_resource_list_for_type(resources, type, &items, &count) == SPVC_SUCCESS,
                let items
            else { return [] }
            return Array(UnsafeBufferPointer(start: items, count: count))
        }
        func name(_ resource: spvc_reflected_resource) -> String {
            resource.name.map { String(cString: $0) } ?? "id \(resource.id)"
        }

        storageBuffers = list(SPVC_RESOURCE_TYPE_STORAGE_BUFFER).map {
            Buffer(
                set: Int(spvc_compiler_get_decoration(compiler, $0.id, SpvDecorationDescriptorSet)),
                binding: Int(spvc_compiler_get_decoration(compiler, $0.id, SpvDecorationBinding)), name: name($0))
        }
        storageImages = list(SPVC_RESOURCE_TYPE_STORAGE_IMAGE).map { resource in
            let type = spvc_compiler_get_type_handle(compiler, resource.base_type_id)
            let format = type.map { spvc_type_get_image_storage_format($0) } ?? SpvImageFormatUnknown
            return Image(
                set: Int(spvc_compiler_get_decoration(compiler, resource.id, SpvDecorationDescriptorSet)),
                binding: Int(spvc_compiler_get_decoration(compiler, resource.id, SpvDecorationBinding)),
                name: name(resource), format: GPUImage.Format(spirv: format),
                formatName: format == SpvImageFormatUnknown ? "no format" : "SPIR-V image format \(format.rawValue)",
                is2D: type.map { spvc_type_get_image_dimension($0) == SpvDim2D } ?? false)
        }
        pushConstantSize = 0
        for block in list(SPVC_RESOURCE_TYPE_PUSH_CONSTANT) {
            var size = 0
            let type = spvc_compiler_get_type_handle(compiler, block.base_type_id)
            guard spvc_compiler_get_declared_struct_size(compiler, type, &size) == SPVC_SUCCESS else {
                throw .invalidSPIRV(reason: session.lastError)
            }
            pushConstantSize = max(pushConstantSize, size)
        }
        let others: [(spvc_resource_type, String)] = [
            (SPVC_RESOURCE_TYPE_UNIFORM_BUFFER, "uniform buffer"), (SPVC_RESOURCE_TYPE_SAMPLED_IMAGE, "sampled image"),
            (SPVC_RESOURCE_TYPE_SEPARATE_IMAGE, "texture"),
            (SPVC_RESOURCE_TYPE_SEPARATE_SAMPLERS, "sampler"), (SPVC_RESOURCE_TYPE_ATOMIC_COUNTER, "atomic counter"),
            (SPVC_RESOURCE_TYPE_ACCELERATION_STRUCTURE, "acceleration structure"),
        ]
        otherResources = others.flatMap { type, kind in list(type).map { "\(kind) '\(name($0))'" } }

        let size = SIMD3(
            (0..<3).map {
                Int(spvc_compiler_get_execution_mode_argument_by_index(compiler, SpvExecutionModeLocalSize, $0))
            }
        )
        workgroupSize = size.x > 0 ? size : nil
    }
}

extension GPUImage.Format {
    /// The format of a SPIR-V image format qualifier, or nil for one ``GPUImage/Format`` lacks.
    init?(spirv format: SpvImageFormat) {
        switch format {
        case SpvImageFormatR8: self = .r8Unorm
        case SpvImageFormatRg8: self = .rg8Unorm
        case SpvImageFormatRgba8: self = .rgba8Unorm
        case SpvImageFormatR16: self = .r16Unorm
        case SpvImageFormatRg16: self = .rg16Unorm
        case SpvImageFormatRgba16: self = .rgba16Unorm
        case SpvImageFormatRgba16f: self = .rgba16Float
        case SpvImageFormatRgba32f: self = .rgba32Float
        default: return nil
        }
    }
}
