public import PixelBuffers
public import PixelConversion
public import PixelShaders

/// A ``PixelConverter``'s plan running on a Vulkan device: its PixelShaders program compiled to SPIR-V once, run over
/// storage buffers that are kept from frame to frame (made again only when the frame size changes), with the frame's
/// planes copied in and out. Every output sample is within 1 binary16 ULP (half outputs) or 1 code (integer outputs)
/// of the CPU converter's (Accuracy.md).
///
/// `@unchecked Sendable`: its buffers are guarded by a lock, so calls from several threads take turns.
public final class GPUPixelConverter: PreparedPixelConversion, @unchecked Sendable {
    /// The converter whose plan runs.
    public let converter: PixelConverter
    /// Its GPU program.
    public let program: ShaderProgram
    /// The device.
    public let device: VulkanDevice
    private let kernel: ComputeKernel
    private let parameters: GPUBuffer
    private let lock = Lock()
    private var frame: (width: Int, height: Int, source: GPUBuffer, destination: GPUBuffer)?

    /// Compiles `converter`'s plan for `device`.
    ///
    /// - Throws: ``GPUError/unsupportedConversion(_:)`` for a plan with no GPU form (PixelShaders' `ShaderError`), and
    ///   the errors of compiling and building the pipeline.
    public init(_ converter: PixelConverter, device: VulkanDevice) throws(GPUError) {
        do { program = try ShaderProgram(converter) } catch { throw .unsupportedConversion("\(error)") }
        self.converter = converter
        self.device = device
        let spirv = try ShaderCompiler().compile(program.glsl, name: "conversion.comp")
        kernel = try ComputeKernel(device: device, spirv: spirv, bufferCount: 3, pushConstantSize: 56)
        parameters = try GPUBuffer(device: device, copying: program.parameters)
    }

    /// Converts `source` into `destination` on the device (formats and sizes as the converter's) and returns the
    /// kernel's timing.
    @discardableResult
    public func run(_ source: PixelBufferView, to destination: MutablePixelBufferView) throws(GPUError)
        -> ComputeKernel.Timing
    {
        guard source.format == converter.source.format, destination.format == converter.destination.format,
            source.width == destination.width, source.height == destination.height
        else {
            throw .invalidArgument(
                "the frames are \(source.format) \(source.width)×\(source.height) and \(destination.format) "
                    + "\(destination.width)×\(destination.height); the converter takes \(converter.source.format) to "
                    + "\(converter.destination.format) of one size")
        }
        let (width, height) = (source.width, source.height)
        let layouts: (FrameLayout, FrameLayout)
        let push: [UInt8]
        do {
            layouts = (
                try program.sourceLayout(width: width, height: height),
                try program.destinationLayout(width: width, height: height)
            )
            push = try program.pushConstants(width: width, height: height)
        } catch { throw .invalidArgument("\(error)") }
        return try lock.withLock { () throws(GPUError) -> ComputeKernel.Timing in
            let buffers = try buffers(width, height, layouts)
            buffers.source.withUnsafeMutableBytes { layouts.0.copy(source, into: $0) }
            buffers.destination.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
            let timing = try kernel.run(
                buffers: [parameters, buffers.source, buffers.destination], pushConstants: push,
                groups: program.workgroups(width: width, height: height))
            buffers.destination.withUnsafeBytes { layouts.1.copy($0, into: destination) }
            return timing
        }
    }

    /// The frame's buffers: those of the last frame when its size was the same.
    private func buffers(_ width: Int, _ height: Int, _ layouts: (FrameLayout, FrameLayout)) throws(GPUError)
        -> (source: GPUBuffer, destination: GPUBuffer)
    {
        if let frame, frame.width == width, frame.height == height { return (frame.source, frame.destination) }
        let source = try GPUBuffer(device: device, byteCount: layouts.0.byteCount)
        let destination = try GPUBuffer(device: device, byteCount: layouts.1.byteCount)
        frame = (width, height, source, destination)
        return (source, destination)
    }

    /// ``PreparedPixelConversion``: ``run(_:to:)`` with its error as the converter's.
    public func convert(_ source: PixelBufferView, to destination: MutablePixelBufferView)
        throws(PixelConversionError)
    {
        do { try run(source, to: destination) } catch { throw .backend("GPU conversion on \(device.name): \(error)") }
    }
}

/// ``PixelConverter/Options/backend`` on a Vulkan device: every converter made with it runs as a ``GPUPixelConverter``.
public struct VulkanConversionBackend: PixelConversionBackend {
    /// The device.
    public let device: VulkanDevice

    /// A backend on `device`.
    public init(device: VulkanDevice) {
        self.device = device
    }

    /// "Vulkan (llvmpipe (LLVM 15.0.6, 256 bits))".
    public var name: String { "Vulkan (\(device.name))" }

    public func prepare(_ converter: PixelConverter) throws(PixelConversionError) -> any PreparedPixelConversion {
        do { return try GPUPixelConverter(converter, device: device) } catch {
            throw .backend("the conversion cannot run on \(device.name): \(error)")
        }
    }
}
