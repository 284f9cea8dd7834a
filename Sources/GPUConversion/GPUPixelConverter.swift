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
    private var frame: Frame?

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
        return try lock.withLock { () throws(GPUError) -> ComputeKernel.Timing in
            let frame = try frame(width, height)
            frame.source.withUnsafeMutableBytes { frame.layouts.source.copy(source, into: $0) }
            frame.destination.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
            let timing = try kernel.run(
                buffers: frame.buffers, pushConstants: frame.pushConstants,
                groups: program.workgroups(width: width, height: height))
            frame.destination.withUnsafeBytes { frame.layouts.destination.copy($0, into: destination) }
            return timing
        }
    }

    /// What a frame size needs: its layouts, push constants and buffers, made once per size.
    private struct Frame {
        let width: Int, height: Int
        let layouts: (source: FrameLayout, destination: FrameLayout)
        let pushConstants: [UInt8]
        let source: GPUBuffer, destination: GPUBuffer
        let buffers: [GPUBuffer]
    }

    /// The frame of this size: the last one's when its size was the same.
    private func frame(_ width: Int, _ height: Int) throws(GPUError) -> Frame {
        if let frame, frame.width == width, frame.height == height { return frame }
        let layouts: (FrameLayout, FrameLayout)
        let push: [UInt8]
        do {
            layouts = (
                try program.sourceLayout(width: width, height: height),
                try program.destinationLayout(width: width, height: height)
            )
            push = try program.pushConstants(width: width, height: height)
        } catch { throw .invalidArgument("\(error)") }
        let source = try GPUBuffer(device: device, byteCount: layouts.0.byteCount)
        let destination = try GPUBuffer(device: device, byteCount: layouts.1.byteCount)
        let made = Frame(
            width: width, height: height, layouts: layouts, pushConstants: push, source: source,
            destination: destination, buffers: [parameters, source, destination])
        frame = made
        return made
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
