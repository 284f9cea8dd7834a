internal import CSPIRVCross

/// SPIR-V compute modules to Metal Shading Language and HLSL source, through SPIRV-Cross.
///
/// Where resources go (``Translation/resources`` lists each one with its index):
///
/// - MSL: the storage buffer at set 0, binding *n* becomes `[[buffer(n)]]`; the storage images become
///   `[[texture(0)]]`, `[[texture(1)]]` … in the order of their bindings (Metal's textures are a table of their own:
///   a PixelShaders texture program's luma, chroma and destination, at bindings 1, 2 and 3, are textures 0, 1 and 2);
///   the push-constant block becomes `[[buffer(k)]]` with *k* one past the highest buffer binding (with no buffers,
///   0).
/// - HLSL: binding *n* becomes `register(un)`, a buffer or an image (every storage buffer a `RWByteAddressBuffer`,
///   read-only ones too; images `RWTexture2D`); the push-constant block becomes `cbuffer … : register(b0)`.
///
/// **Floating point in Metal.** SPIRV-Cross writes `precise` (SPIR-V `NoContraction`) multiplies and adds as calls to
/// `[[clang::optnone]]` helpers, so Metal cannot fuse them. Metal's *fast math* is an option of the app that compiles
/// the source, not of the source: compile with `MTLCompileOptions.mathMode = .safe` (macOS 15, iOS 18) or
/// `fastMathEnabled = false` (earlier) — Metal enables fast math by default, and with it, reassociates, flushes
/// denormals and approximates division.
public enum ShaderTranslator {
    /// The Metal platform and language version to write for.
    public struct MetalOptions: Hashable, Sendable {
        /// The platform whose Metal the source is for.
        public enum Platform: Hashable, Sendable {
            case macOS, iOS
        }

        /// A Metal Shading Language version.
        public struct Version: Hashable, Sendable, Comparable, CustomStringConvertible {
            /// The major version.
            public var major: Int
            /// The minor version.
            public var minor: Int

            /// Creates a version.
            public init(major: Int, minor: Int) {
                self.major = major
                self.minor = minor
            }

            /// MSL 2.1: macOS 10.14, iOS 12.
            public static let v2_1 = Version(major: 2, minor: 1)
            /// MSL 3.0: macOS 13, iOS 16.
            public static let v3_0 = Version(major: 3, minor: 0)

            /// `2.1`.
            public var description: String { "\(major).\(minor)" }

            public static func < (lhs: Version, rhs: Version) -> Bool {
                (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
            }
        }

        /// macOS or iOS; `.macOS` by default.
        public var platform: Platform
        /// The Metal Shading Language version; 2.1 or later, ``Version/v2_1`` by default.
        public var languageVersion: Version
        /// Whether every float multiply and add (not only `precise` ones) goes through SPIRV-Cross's unfusable
        /// helpers (its `invariant_float_math` option). Slower; off by default.
        public var invariantFloatMath: Bool

        /// Creates options.
        public init(platform: Platform = .macOS, languageVersion: Version = .v2_1, invariantFloatMath: Bool = false) {
            self.platform = platform
            self.languageVersion = languageVersion
            self.invariantFloatMath = invariantFloatMath
        }
    }

    /// An HLSL shader model.
    public enum HLSLShaderModel: Int, Hashable, Sendable {
        /// Shader model 5.0 (Direct3D 11, FXC).
        case sm50 = 50
        /// Shader model 5.1 (Direct3D 12, FXC).
        case sm51 = 51
        /// Shader model 6.0 (Direct3D 12, DXC).
        case sm60 = 60
    }

    /// A translated shader.
    public struct Translation: Hashable, Sendable {
        /// The source text.
        public var source: String
        /// The kernel function's name in `source` (SPIRV-Cross renames `main` to `main0` in MSL; HLSL keeps `main`).
        public var entryPoint: String
        /// The workgroup size the module declares (Metal's threads per threadgroup; HLSL's `numthreads`), or nil when
        /// it is not a literal.
        public var workgroupSize: SIMD3<Int>?
        /// The MSL buffer index of the push constants, or nil (HLSL, or no push constants).
        public var pushConstantBufferIndex: Int?
        /// The module's storage buffers and storage images in binding order, each with the index it has in `source`.
        public var resources: [ResourceBinding]
    }

    /// Where one resource of set 0 is in a translated shader.
    public struct ResourceBinding: Hashable, Sendable, CustomStringConvertible {
        /// The Vulkan binding (set 0).
        public var binding: Int
        /// Storage buffer or storage image.
        public var kind: ComputeKernel.ResourceKind
        /// The name the module gives it: a buffer's block name (`Parameters`), an image's variable name.
        public var name: String
        /// Its index in the translation: MSL `[[buffer(index)]]` or `[[texture(index)]]` by kind; HLSL
        /// `register(u index)`.
        public var index: Int

        /// Creates a resource binding.
        public init(binding: Int, kind: ComputeKernel.ResourceKind, name: String, index: Int) {
            self.binding = binding
            self.kind = kind
            self.name = name
            self.index = index
        }

        /// `binding 1 (storage image 'sourcePlane0') → 0`.
        public var description: String { "binding \(binding) (\(kind) '\(name)') → \(index)" }
    }

    /// Translates a compute module to Metal Shading Language.
    ///
    /// - Throws: ``GPUError/invalidSPIRV(reason:)`` for words that are not a compute module with that entry point or
    ///   that use a descriptor set other than 0; ``GPUError/invalidArgument(_:)`` for an MSL version before 2.1;
    ///   ``GPUError/translationFailed(target:message:)`` with SPIRV-Cross's message.
    public static func metal(_ spirv: [UInt32], entryPoint: String = "main", options: MetalOptions = MetalOptions())
        throws(GPUError) -> Translation
    {
        let version = options.languageVersion
        guard version >= .v2_1, version.major < 100, (0..<100).contains(version.minor) else {
            throw .invalidArgument("the Metal Shading Language version \(version) is not 2.1 or later")
        }
        let target = "MSL \(version)"
        let session = try SPIRVCrossSession()
        let compiler = try session.compiler(for: spirv, backend: SPVC_BACKEND_MSL, entryPoint: entryPoint)
        let reflection = try SPIRVReflection(compiler, session: session)
        try requireSetZero(reflection)

        var compilerOptions: spvc_compiler_options?
        guard spvc_compiler_create_compiler_options(compiler, &compilerOptions) == SPVC_SUCCESS, let compilerOptions
        else { throw .translationFailed(target: target, message: session.lastError) }
        let settings: [(spvc_compiler_option, UInt32)] = [
            (SPVC_COMPILER_OPTION_MSL_VERSION, UInt32(version.major * 10_000 + version.minor * 100)),
            (
                SPVC_COMPILER_OPTION_MSL_PLATFORM,
                options.platform == .macOS ? SPVC_MSL_PLATFORM_MACOS.rawValue : SPVC_MSL_PLATFORM_IOS.rawValue
            ),
            (SPVC_COMPILER_OPTION_MSL_INVARIANT_FP_MATH, options.invariantFloatMath ? 1 : 0),
        ]
        for (option, value) in settings
        where spvc_compiler_options_set_uint(compilerOptions, option, value) != SPVC_SUCCESS {
            throw .translationFailed(target: target, message: session.lastError)
        }
        guard spvc_compiler_install_compiler_options(compiler, compilerOptions) == SPVC_SUCCESS else {
            throw .translationFailed(target: target, message: session.lastError)
        }

        // Buffer binding n → [[buffer(n)]]; images → [[texture(0)]], … in binding order; push constants one past
        // the highest buffer binding.
        let pushIndex = (reflection.storageBuffers.map(\.binding).max() ?? -1) + 1
        let images = reflection.storageImages.sorted { $0.binding < $1.binding }
        let resources =
            (reflection.storageBuffers.map {
                ResourceBinding(binding: $0.binding, kind: .storageBuffer, name: $0.name, index: $0.binding)
            }
            + images.enumerated().map {
                ResourceBinding(
                    binding: $0.element.binding, kind: .storageImage, name: $0.element.name, index: $0.offset)
            }).sorted { $0.binding < $1.binding }
        var bindings = resources.map { (set: 0, $0.binding, $0.kind, $0.index) }
        if reflection.pushConstantSize > 0 { bindings.append((Int(UInt32.max), 0, .storageBuffer, pushIndex)) }
        for (set, binding, kind, index) in bindings {
            var resource = spvc_msl_resource_binding()
            spvc_msl_resource_binding_init(&resource)
            resource.stage = SpvExecutionModelGLCompute
            resource.desc_set = UInt32(truncatingIfNeeded: set)
            resource.binding = UInt32(binding)
            if kind == .storageBuffer {
                resource.msl_buffer = UInt32(index)
            } else {
                resource.msl_texture = UInt32(index)
            }
            guard spvc_compiler_msl_add_resource_binding(compiler, &resource) == SPVC_SUCCESS else {
                throw .translationFailed(target: target, message: session.lastError)
            }
        }
        let source = try compile(compiler, session: session, target: target)
        return Translation(
            source: source, entryPoint: cleansedName(compiler, entryPoint), workgroupSize: reflection.workgroupSize,
            pushConstantBufferIndex: reflection.pushConstantSize > 0 ? pushIndex : nil, resources: resources)
    }

    /// Translates a compute module to HLSL.
    ///
    /// - Throws: As ``metal(_:entryPoint:options:)``, for the target "HLSL SM x.y".
    public static func hlsl(_ spirv: [UInt32], entryPoint: String = "main", shaderModel: HLSLShaderModel = .sm50)
        throws(GPUError) -> Translation
    {
        let target = "HLSL SM \(shaderModel.rawValue / 10).\(shaderModel.rawValue % 10)"
        let session = try SPIRVCrossSession()
        let compiler = try session.compiler(for: spirv, backend: SPVC_BACKEND_HLSL, entryPoint: entryPoint)
        let reflection = try SPIRVReflection(compiler, session: session)
        try requireSetZero(reflection)

        var compilerOptions: spvc_compiler_options?
        guard spvc_compiler_create_compiler_options(compiler, &compilerOptions) == SPVC_SUCCESS, let compilerOptions,
            spvc_compiler_options_set_uint(
                compilerOptions, SPVC_COMPILER_OPTION_HLSL_SHADER_MODEL, UInt32(shaderModel.rawValue)) == SPVC_SUCCESS,
            spvc_compiler_options_set_bool(
                compilerOptions, SPVC_COMPILER_OPTION_HLSL_FORCE_STORAGE_BUFFER_AS_UAV, spvc_bool(1)) == SPVC_SUCCESS,
            spvc_compiler_install_compiler_options(compiler, compilerOptions) == SPVC_SUCCESS
        else { throw .translationFailed(target: target, message: session.lastError) }

        if reflection.pushConstantSize > 0 {
            var resource = spvc_hlsl_resource_binding()
            spvc_hlsl_resource_binding_init(&resource)
            resource.stage = SpvExecutionModelGLCompute
            resource.desc_set = UInt32.max  // SPVC_HLSL_PUSH_CONSTANT_DESC_SET
            resource.binding = 0  // SPVC_HLSL_PUSH_CONSTANT_BINDING
            resource.cbv.register_space = 0
            resource.cbv.register_binding = 0
            guard spvc_compiler_hlsl_add_resource_binding(compiler, &resource) == SPVC_SUCCESS else {
                throw .translationFailed(target: target, message: session.lastError)
            }
        }
        // SPIRV-Cross's HLSL keeps each binding's number as its u register.
        let resources =
            (reflection.storageBuffers.map {
                ResourceBinding(binding: $0.binding, kind: .storageBuffer, name: $0.name, index: $0.binding)
            }
            + reflection.storageImages.map {
                ResourceBinding(binding: $0.binding, kind: .storageImage, name: $0.name, index: $0.binding)
            }).sorted { $0.binding < $1.binding }
        let source = try compile(compiler, session: session, target: target)
        return Translation(
            source: source, entryPoint: cleansedName(compiler, entryPoint), workgroupSize: reflection.workgroupSize,
            pushConstantBufferIndex: nil, resources: resources)
    }

    private static func requireSetZero(_ reflection: SPIRVReflection) throws(GPUError) {
        if let buffer = reflection.storageBuffers.first(where: { $0.set != 0 }) {
            throw .invalidSPIRV(
                reason: "storage buffer '\(buffer.name)' is in descriptor set \(buffer.set); the runner uses set 0 only"
            )
        }
        if let image = reflection.storageImages.first(where: { $0.set != 0 }) {
            throw .invalidSPIRV(
                reason: "storage image '\(image.name)' is in descriptor set \(image.set); the runner uses set 0 only")
        }
    }

    private static func compile(_ compiler: spvc_compiler, session: SPIRVCrossSession, target: String)
        throws(GPUError) -> String
    {
        var source: UnsafePointer<CChar>?
        guard spvc_compiler_compile(compiler, &source) == SPVC_SUCCESS, let source else {
            throw .translationFailed(target: target, message: session.lastError)
        }
        return String(cString: source)
    }

    private static func cleansedName(_ compiler: spvc_compiler, _ entryPoint: String) -> String {
        spvc_compiler_get_cleansed_entry_point_name(compiler, entryPoint, SpvExecutionModelGLCompute)
            .map { String(cString: $0) } ?? entryPoint
    }
}
