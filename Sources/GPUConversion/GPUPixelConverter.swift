public import PixelBuffers
public import PixelConversion
public import PixelShaders

/// A ``PixelConverter``'s plan, or a ``GainMapRenderer``'s rendition, running on a Vulkan device: its PixelShaders
/// program compiled to SPIR-V once, run over storage buffers that are kept from frame to frame (made again only when
/// a frame needs more), with the frame's planes copied in and out; a frame larger than the device's storage buffers
/// take (`maxStorageBufferRange`, 128 MiB on many devices) runs in bands of rows. Every output sample is within 1 code (integer
/// outputs) or 1 binary16 ULP plus 2⁻²¹ of the pixel's largest component (half outputs) of the CPU's (Accuracy.md).
///
/// `@unchecked Sendable`: its buffers are guarded by a lock, so calls from several threads take turns.
public final class GPUPixelConverter: PreparedPixelConversion, @unchecked Sendable {
    /// The GPU program.
    public let program: ShaderProgram
    /// The device.
    public let device: VulkanDevice
    /// The one frame size a gain-map rendition's program takes; nil: any.
    private let size: (width: Int, height: Int)?
    private let kernel: ComputeKernel
    private let parameters: GPUBuffer
    private let lock = Lock()
    private var frame: Frame?
    /// The most bytes one storage buffer may hold: the device's `maxStorageBufferRange` or
    /// ``GPUBuffer/maximumByteCount`` (lower in tests, to run frames in bands).
    var bufferByteLimit: Int
    /// The frame buffers, kept while frames fit them.
    private var buffers: (source: GPUBuffer, destination: GPUBuffer)

    /// Compiles `converter`'s plan for `device`.
    ///
    /// - Throws: ``GPUError/unsupportedConversion(_:)`` for a plan with no GPU form (PixelShaders' `ShaderError`), and
    ///   the errors of compiling and building the pipeline.
    public convenience init(_ converter: PixelConverter, device: VulkanDevice) throws(GPUError) {
        let program: ShaderProgram
        do { program = try ShaderProgram(converter) } catch { throw .unsupportedConversion("\(error)") }
        try self.init(program, size: nil, device: device)
    }

    /// Compiles a gain-map rendition for `device`: frames of the renderer's size only.
    ///
    /// - Throws: as the converter's initializer (``GPUError/unsupportedConversion(_:)`` and the compiler's errors).
    public convenience init(_ renderer: GainMapRenderer, device: VulkanDevice) throws(GPUError) {
        let program: ShaderProgram
        do { program = try ShaderProgram(renderer) } catch { throw .unsupportedConversion("\(error)") }
        try self.init(program, size: (renderer.width, renderer.height), device: device)
    }

    private init(_ program: ShaderProgram, size: (width: Int, height: Int)?, device: VulkanDevice) throws(GPUError) {
        self.program = program
        self.size = size
        self.device = device
        let spirv = try ShaderCompiler().compile(program.glsl, name: "conversion.comp")
        kernel = try ComputeKernel(device: device, spirv: spirv, bufferCount: 3, pushConstantSize: 56)
        parameters = try GPUBuffer(device: device, copying: program.parameters)
        buffers = (try GPUBuffer(device: device, byteCount: 4), try GPUBuffer(device: device, byteCount: 4))
        bufferByteLimit = min(GPUBuffer.maximumByteCount, device.limits.maxStorageBufferRange)
    }

    /// Converts `source` into `destination` on the device (formats and sizes as the program's) and returns the
    /// kernel's timing (summed over the bands of a frame larger than the device's buffers take).
    @discardableResult
    public func run(_ source: PixelBufferView, to destination: MutablePixelBufferView) throws(GPUError)
        -> ComputeKernel.Timing
    {
        let (from, to) = (program.source.format, program.destination.format)
        guard source.format == from, destination.format == to, source.width == destination.width,
            source.height == destination.height, size.map({ $0 == (source.width, source.height) }) ?? true
        else {
            let size = size.map { " of \($0.width)×\($0.height)" } ?? " of one size"
            throw .invalidArgument(
                "the frames are \(source.format) \(source.width)×\(source.height) and \(destination.format) "
                    + "\(destination.width)×\(destination.height); the program takes \(from) to \(to)\(size)")
        }
        return try lock.withLock { () throws(GPUError) -> ComputeKernel.Timing in
            let band = try bandHeight(width: source.width, height: source.height)
            var total = ComputeKernel.Timing(kernelSeconds: 0, wallSeconds: 0)
            var y0 = 0
            while y0 < source.height {
                let rows = y0..<min(y0 + band, source.height)
                let timing = try run(source, to: destination, rows: rows)
                total.wallSeconds += timing.wallSeconds
                total.kernelSeconds = timing.kernelSeconds.flatMap { k in total.kernelSeconds.map { $0 + k } }
                y0 = rows.upperBound
            }
            return total
        }
    }

    /// Rows decoded beyond each side of a band so that the band's own rows are exact: 2 for a vertically subsampled
    /// source (its chroma upsampling), plus 2 for such a destination (its chroma filter), as the CPU's gain-map bands.
    private var margin: Int {
        [program.source.format, program.destination.format].reduce(0) { m, format in
            m + (format.planes.contains { $0.verticalSubsampling > 1 } ? 2 : 0)
        }
    }

    /// The rows per band: the whole frame when its planes fit ``bufferByteLimit``, else the most rows (even) that fit
    /// with the margin.
    private func bandHeight(width: Int, height: Int) throws(GPUError) -> Int {
        func fits(_ rows: Int) -> Bool {
            [program.source.format, program.destination.format].allSatisfy { format in
                FrameLayout(format: format, width: width, height: rows).map { $0.byteCount <= bufferByteLimit } ?? false
            }
        }
        if fits(height) { return height }
        guard fits(2 + 2 * margin) else {
            throw .invalidArgument(
                "a \(width)-pixel-wide frame does not fit the device's storage buffers (\(bufferByteLimit) bytes) even "
                    + "in bands of 2 rows")
        }
        var (pairs, tooMany) = (1, (height + 1) / 2)  // row pairs: `pairs` fit, `tooMany` do not
        while tooMany - pairs > 1 {
            let middle = (pairs + tooMany) / 2
            if fits(2 * middle + 2 * margin) { pairs = middle } else { tooMany = middle }
        }
        return 2 * pairs
    }

    /// Converts image rows `rows` (starting on an even row) through a frame of those rows and the margin around them.
    private func run(_ source: PixelBufferView, to destination: MutablePixelBufferView, rows: Range<Int>)
        throws(GPUError) -> ComputeKernel.Timing
    {
        let context = max(rows.lowerBound - margin, 0)..<min(rows.upperBound + margin, source.height)
        let frame = try frame(source.width, context.count)
        let (input, output): (PixelBufferView, MutablePixelBufferView)
        do throws(PixelBufferError) {
            (input, output) = (try source.rows(context), try destination.rows(rows))
        } catch { throw .invalidArgument("\(error)") }
        if let index = program.rowOriginIndex {
            parameters.withUnsafeMutableBytes {
                $0.storeBytes(of: UInt32(context.lowerBound), toByteOffset: 4 * index, as: UInt32.self)
            }
        }
        buffers.source.withUnsafeMutableBytes { frame.layouts.source.copy(input, into: $0) }
        buffers.destination.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
        let timing = try kernel.run(
            buffers: [parameters, buffers.source, buffers.destination], pushConstants: frame.pushConstants,
            groups: program.workgroups(width: source.width, height: context.count))
        buffers.destination.withUnsafeBytes {
            frame.layouts.destination.copy($0, firstRow: rows.lowerBound - context.lowerBound, into: output)
        }
        return timing
    }

    /// What a frame size needs: its layouts and push constants, made once per size.
    private struct Frame {
        let width: Int, height: Int
        let layouts: (source: FrameLayout, destination: FrameLayout)
        let pushConstants: [UInt8]
    }

    /// The frame of this size (the last one's when its size was the same), with buffers large enough for it.
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
        if buffers.source.byteCount < layouts.0.byteCount {
            buffers.source = try GPUBuffer(device: device, byteCount: layouts.0.byteCount)
        }
        if buffers.destination.byteCount < layouts.1.byteCount {
            buffers.destination = try GPUBuffer(device: device, byteCount: layouts.1.byteCount)
        }
        let made = Frame(width: width, height: height, layouts: layouts, pushConstants: push)
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

/// ``PixelConverter/Options/backend`` on a Vulkan device: every converter and gain-map renderer made with it runs as a
/// ``GPUPixelConverter``.
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

    public func prepare(_ renderer: GainMapRenderer) throws(PixelConversionError) -> any PreparedPixelConversion {
        do { return try GPUPixelConverter(renderer, device: device) } catch {
            throw .backend("the gain-map rendition cannot run on \(device.name): \(error)")
        }
    }
}
