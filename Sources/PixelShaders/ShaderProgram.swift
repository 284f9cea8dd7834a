import PixelBuffers
public import PixelConversion

/// A ``PixelConverter``'s plan as a GPU program: GLSL 4.50 compute shader source and the parameter block it reads,
/// the same steps CPixelKernels runs on the CPU, with the same `Float` operations in the same order and no fused
/// multiply-adds (`precise`), and no `pow`, `exp` or `log` (curves are the CPU's tables).
///
/// Bindings, all in descriptor set 0, all storage buffers of 32-bit words (little-endian): 0 the parameter block
/// (``parameters``), 1 the source frame's planes, 2 the destination frame's planes (zeroed before a run: 8- and
/// 16-bit samples are merged into their words). The push constants (``pushConstants(width:height:)``, 56 bytes) give
/// the frame's size and where each plane lies in the two buffers (``FrameLayout``). Dispatch ``workgroups(width:height:)``
/// groups of 8 × 8 invocations.
///
/// Compile the source to SPIR-V (shaderc, glslang) for Vulkan, and translate that SPIR-V to Metal Shading Language with
/// SPIRV-Cross: the MSL an app gets is the program the tests ran (GPUConversion does both).
public struct ShaderProgram: Sendable {
    /// How the program reaches the frames.
    public enum Interface: Hashable, Sendable {
        /// Storage buffers of 32-bit words: any pixel format (bindings 1 and 2, planes placed by the push constants).
        case buffers
        /// Storage images (Metal textures): the planes of biplanar Y′CbCr ('x420', '420v' …: luma `r16`/`r8`, chroma
        /// `rg16`/`rg8`, bindings 1 and 2) or a four-channel RGB texture (binding 1) in, a four-channel RGB texture
        /// (`rgba16f` for 'RGhA', `rgba8`, `rgba16`, `rgba32f`) out at the next binding; push constants: width and
        /// height. What `CVMetalTextureCache` gives an app for a decoded video frame.
        case textures
    }

    /// What one invocation writes.
    public enum Coverage: Hashable, Sendable {
        /// One pixel (RGB and 4:4:4 destinations).
        case pixel
        /// Two pixels of a row and their chroma sample (4:2:2 destinations).
        case horizontalPair
        /// 2 × 2 pixels and their chroma sample (4:2:0 destinations).
        case block
    }

    /// Invocations per workgroup, as the shader declares them (`local_size_x`, `local_size_y`).
    public static let workgroupSize = (x: 8, y: 8)

    /// The conversion's source.
    public let source: PixelEncoding
    /// The conversion's destination.
    public let destination: PixelEncoding
    /// The GLSL 4.50 compute shader (Vulkan flavour: descriptor sets, push constants).
    public let glsl: String
    /// The parameter block (binding 0): matrices, quantisation constants, curve tables and their layouts.
    public let parameters: [UInt32]
    /// What one invocation writes.
    public let coverage: Coverage
    /// How the program reaches the frames.
    public let interface: Interface
    /// Where a gain-map rendition's row origin is in ``parameters`` (nil for a conversion): the image row of the
    /// frame's first row, 0 as made. A runner that renders the image in bands of rows sets it for each band.
    public let rowOriginIndex: Int?

    /// The program of `converter`'s plan.
    ///
    /// - Throws: ``ShaderError/unsupportedStep(_:)`` for a plan with a step that runs Swift code on the CPU (a
    ///   tone-mapping operator type of the caller's); ``ShaderError/unsupportedTextures(_:)`` for formats the texture
    ///   interface does not take.
    public init(_ converter: PixelConverter, interface: Interface = .buffers) throws(ShaderError) {
        try self.init(
            converter.listing, source: converter.source, destination: converter.destination, interface: interface)
    }

    /// The program of a gain-map rendition: the base's decoding, the gain map (its samples and the image's sampling
    /// positions in the parameter block: one program per image size), the conversion to the destination.
    ///
    /// - Throws: as ``init(_:interface:)`` for the two conversions.
    public init(_ renderer: GainMapRenderer, interface: Interface = .buffers) throws(ShaderError) {
        try self.init(
            renderer.listing, source: renderer.base, destination: renderer.destination, interface: interface)
    }

    private init(
        _ listing: ProgramListing, source: PixelEncoding, destination: PixelEncoding, interface: Interface
    ) throws(ShaderError) {
        var emitter = ShaderEmitter(listing, interface: interface)
        self.interface = interface
        (glsl, coverage) = try emitter.emit()
        rowOriginIndex = emitter.rowOriginIndex
        parameters = emitter.block.words.isEmpty ? [0] : emitter.block.words
        self.source = source
        self.destination = destination
    }

    /// Workgroups to dispatch for a `width` × `height` frame.
    public func workgroups(width: Int, height: Int) -> (x: Int, y: Int, z: Int) {
        let (w, h) =
            switch coverage {
            case .pixel: (width, height)
            case .horizontalPair: ((width + 1) / 2, height)
            case .block: ((width + 1) / 2, (height + 1) / 2)
            }
        return (
            (w + Self.workgroupSize.x - 1) / Self.workgroupSize.x,
            (h + Self.workgroupSize.y - 1) / Self.workgroupSize.y, 1
        )
    }

    /// Where a `width` × `height` source frame's planes lie in the source buffer.
    public func sourceLayout(width: Int, height: Int) throws(ShaderError) -> FrameLayout {
        guard let layout = FrameLayout(format: source.format, width: width, height: height) else {
            throw .frameTooLarge(width: width, height: height)
        }
        return layout
    }

    /// Where a `width` × `height` destination frame's planes lie in the destination buffer.
    public func destinationLayout(width: Int, height: Int) throws(ShaderError) -> FrameLayout {
        guard let layout = FrameLayout(format: destination.format, width: width, height: height) else {
            throw .frameTooLarge(width: width, height: height)
        }
        return layout
    }

    /// The push constants of a `width` × `height` frame: width, height (32-bit signed), then (buffer interface) the
    /// offsets and the strides in bytes of the source's and the destination's first three planes (32-bit),
    /// little-endian: 56 bytes, or 8 for the texture interface.
    public func pushConstants(width: Int, height: Int) throws(ShaderError) -> [UInt8] {
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .frameTooLarge(width: width, height: height)
        }
        var words = [UInt32(width), UInt32(height)]
        if interface == .buffers {
            words += try sourceLayout(width: width, height: height).words
            words += try destinationLayout(width: width, height: height).words
        }
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
    }
}
