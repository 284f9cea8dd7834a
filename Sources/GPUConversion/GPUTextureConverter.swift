public import PixelBuffers
public import PixelConversion
public import PixelShaders

/// A ``PixelConverter``'s plan running on a Vulkan device over storage images: its PixelShaders program in the
/// texture interface (`ShaderProgram(converter, interface: .textures)`), the program a Metal app runs on the textures
/// `CVMetalTextureCache` gives it, compiled to SPIR-V once.
///
/// The source is biplanar Y′CbCr ('x420', '420v' …: plane 0 an `r16` or `r8` image of luma, plane 1 an `rg16` or `rg8`
/// image of Cb, Cr) or four-channel RGB (one `rgba8`, `rgba16`, `rgba16f` or `rgba32f` image by the format's sample
/// type); the destination is four-channel RGB. A texel's components are R, G, B, A: a format whose memory order is
/// another (BGRA, ARGB …) has its channels reordered on the CPU while its planes are staged, as a Metal `bgra8Unorm`
/// texture presents them, so 'BGRA' works both ways. The images are kept from frame to frame and made again when
/// the frame size changes. Every output sample is within 1 binary16 ULP (half outputs) or 1 code (integer outputs) of
/// the CPU converter's, as with ``GPUPixelConverter``.
///
/// `@unchecked Sendable`: its images are guarded by a lock, so calls from several threads take turns.
public final class GPUTextureConverter: PreparedPixelConversion, @unchecked Sendable {
    /// The converter whose plan runs.
    public let converter: PixelConverter
    /// Its GPU program (texture interface).
    public let program: ShaderProgram
    /// The device.
    public let device: VulkanDevice
    /// The image format of each source plane, in plane order (bindings 1, 2 …).
    public let sourceFormats: [GPUImage.Format]
    /// The destination image's format (the binding after the source's).
    public let destinationFormat: GPUImage.Format
    private let kernel: ComputeKernel
    private let parameters: GPUBuffer
    private let sourceStaging: [Staging]
    private let destinationStaging: Staging
    private let lock = Lock()
    private var frame: (width: Int, height: Int, sources: [GPUImage], destination: GPUImage)?

    /// Compiles `converter`'s plan for `device`.
    ///
    /// - Throws: ``GPUError/unsupportedConversion(_:)`` for a plan with no GPU form or formats the texture interface
    ///   does not take (PixelShaders' `ShaderError`); ``GPUError/unsupportedImageFormat(_:device:)`` when the device
    ///   cannot make one of the images; the errors of compiling and building the pipeline.
    public init(_ converter: PixelConverter, device: VulkanDevice) throws(GPUError) {
        do { program = try ShaderProgram(converter, interface: .textures) } catch {
            throw .unsupportedConversion("\(error)")
        }
        self.converter = converter
        self.device = device
        let spirv = try ShaderCompiler().compile(program.glsl, name: "conversion-textures.comp")

        // The program's images, by binding: 1 … n − 1 the source's planes, n the destination.
        let images = try ComputeKernel.reflect(spirv, entryPoint: "main").storageImages.sorted {
            $0.binding < $1.binding
        }
        let sourcePlanes = converter.source.format.planes.count
        guard images.count >= 2, images.map(\.binding) == Array(1...images.count),
            images.count - 1 <= sourcePlanes, converter.destination.format.planes.count == 1
        else {
            throw .unsupportedConversion(
                "the texture program binds images at \(images.map(\.binding)); expected 1 ... k for the source's "
                    + "planes and the destination")
        }
        let formats = try images.map { image throws(GPUError) -> GPUImage.Format in
            guard let format = image.format else {
                throw .unsupportedConversion("the texture program's image '\(image.name)' has \(image.formatName)")
            }
            return format
        }
        sourceFormats = Array(formats.dropLast())
        destinationFormat = formats[formats.count - 1]
        let listing = converter.listing
        sourceStaging = try sourceFormats.enumerated().map { plane, format throws(GPUError) -> Staging in
            try Staging(
                listing.load, plane: plane, format: format,
                planeDescription: converter.source.format.planes[plane])
        }
        destinationStaging = try Staging(
            listing.store, format: destinationFormat, planeDescription: converter.destination.format.planes[0])

        kernel = try ComputeKernel(
            device: device, spirv: spirv, resources: [.storageBuffer] + formats.map { _ in .storageImage },
            pushConstantSize: 8)
        parameters = try GPUBuffer(device: device, copying: program.parameters)
    }

    /// Converts `source` into `destination` on the device (formats and sizes as the converter's): uploads the
    /// source's planes into their images, runs the kernel, downloads the destination image. Returns the kernel's
    /// timing (without the copies).
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
        let push: [UInt8]
        do { push = try program.pushConstants(width: width, height: height) } catch {
            throw .invalidArgument("\(error)")
        }
        return try lock.withLock { () throws(GPUError) -> ComputeKernel.Timing in
            let images = try images(source)
            for (index, image) in images.sources.enumerated() {
                let plane = source.plane(index)
                let staging = sourceStaging[index]
                try image.upload { y, row in staging.stage(plane.row(y), into: row) }
            }
            let timing = try kernel.run(
                resources: [.buffer(parameters)] + images.sources.map { .image($0) } + [.image(images.destination)],
                pushConstants: push, groups: program.workgroups(width: width, height: height))
            let plane = destination.plane(0)
            try images.destination.download { y, row in destinationStaging.unstage(row, into: plane.row(y)) }
            return timing
        }
    }

    /// The frame's images: those of the last frame when its size was the same.
    private func images(_ source: PixelBufferView) throws(GPUError) -> (sources: [GPUImage], destination: GPUImage) {
        if let frame, frame.width == source.width, frame.height == source.height {
            return (frame.sources, frame.destination)
        }
        frame = nil  // the old images go before the new ones are made
        var sources: [GPUImage] = []
        for (index, format) in sourceFormats.enumerated() {
            let plane = source.plane(index)
            sources.append(try GPUImage(device: device, width: plane.width, height: plane.height, format: format))
        }
        let destination = try GPUImage(
            device: device, width: source.width, height: source.height, format: destinationFormat)
        frame = (source.width, source.height, sources, destination)
        return (sources, destination)
    }

    /// ``PreparedPixelConversion``: ``run(_:to:)`` with its error as the converter's.
    public func convert(_ source: PixelBufferView, to destination: MutablePixelBufferView)
        throws(PixelConversionError)
    {
        do { try run(source, to: destination) } catch {
            throw .backend("GPU texture conversion on \(device.name): \(error)")
        }
    }
}

extension GPUTextureConverter {
    /// How a plane's pixels become an image's texels: texel component *c* holds the plane's container
    /// `order[c]` of the pixel, in host byte order. The identity for planes already in component order (copied row by
    /// row); a permutation for RGB in another memory order ('BGRA'); byte-swapped for big-endian containers.
    struct Staging {
        /// Per texel component, the pixel's container (counted in containers from the pixel's first byte).
        var order: [Int]
        /// Bytes per container.
        var containerSize: Int
        /// Big-endian containers (swapped into host order).
        var swapBytes: Bool

        var isCopy: Bool { order == Array(order.indices) && !swapBytes }

        init(order: [Int], containerSize: Int, swapBytes: Bool) {
            self.order = order
            self.containerSize = containerSize
            self.swapBytes = swapBytes
        }

        /// The staging of a source plane, from the program's load.
        init(
            _ load: ProgramListing.Load, plane: Int, format: GPUImage.Format,
            planeDescription: PixelFormat.PlaneDescription
        ) throws(GPUError) {
            switch load {
            case .rgb(let channels, _):
                try self.init(channels, format: format, bytesPerPixel: planeDescription.bytesPerPixel)
            case .yCbCr(let yCbCr):
                // The shader reads component offset % stride of each sample's texel: the plane's own order.
                let samples = [yCbCr.luma, yCbCr.cb, yCbCr.cr].filter { $0.plane == plane }
                guard let first = samples.first, first.container.byteCount == format.bytesPerComponent,
                    planeDescription.bytesPerPixel == format.bytesPerTexel
                else {
                    throw .unsupportedConversion(
                        "plane \(plane) of the source does not fit a \(format) image texel for texel")
                }
                self.init(
                    order: Array(0..<format.componentCount), containerSize: format.bytesPerComponent,
                    swapBytes: first.bigEndian && format.bytesPerComponent > 1)
            }
        }

        /// The staging of the destination plane, from the program's store.
        init(_ store: ProgramListing.Store, format: GPUImage.Format, planeDescription: PixelFormat.PlaneDescription)
            throws(GPUError)
        {
            guard case .rgb(let channels, false) = store else {
                throw .unsupportedConversion("the destination is not four-channel RGB")
            }
            try self.init(channels, format: format, bytesPerPixel: planeDescription.bytesPerPixel)
        }

        /// Four interleaved channels R, G, B, A of one container size, in any memory order.
        private init(_ channels: [ProgramListing.Samples?], format: GPUImage.Format, bytesPerPixel: Int)
            throws(GPUError)
        {
            let samples = channels.compactMap { $0 }
            guard samples.count == 4, format.componentCount == 4, bytesPerPixel == format.bytesPerTexel,
                samples.allSatisfy({
                    $0.plane == 0 && $0.stride == 4 && $0.container.byteCount == format.bytesPerComponent
                }),
                Set(samples.map(\.offset)) == [0, 1, 2, 3]
            else {
                throw .unsupportedConversion("the RGB pixels are not four interleaved channels of \(format)")
            }
            self.init(
                order: samples.map(\.offset), containerSize: format.bytesPerComponent,
                swapBytes: samples[0].bigEndian && format.bytesPerComponent > 1)
        }

        /// Writes one row of a plane's pixels as texels.
        func stage(_ pixels: UnsafeRawBufferPointer, into texels: UnsafeMutableRawBufferPointer) {
            if isCopy { return texels.copyMemory(from: UnsafeRawBufferPointer(rebasing: pixels[..<texels.count])) }
            move(from: pixels.baseAddress!, to: texels.baseAddress!, bytes: texels.count, gather: true)
        }

        /// Writes one row of texels as a plane's pixels.
        func unstage(_ texels: UnsafeRawBufferPointer, into pixels: UnsafeMutableRawBufferPointer) {
            if isCopy { return pixels.copyMemory(from: UnsafeRawBufferPointer(rebasing: texels[..<pixels.count])) }
            move(from: texels.baseAddress!, to: pixels.baseAddress!, bytes: pixels.count, gather: false)
        }

        /// Moves the containers of `bytes ÷ texel size` pixels: texel component c ← pixel container `order[c]`
        /// (`gather`) or pixel container `order[c]` ← texel component c, bytes reversed when `swapBytes`.
        private func move(
            from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, bytes: Int, gather: Bool
        ) {
            let pixelSize = order.count * containerSize
            for pixel in 0..<bytes / pixelSize {
                let base = pixel * pixelSize
                for (component, container) in order.enumerated() {
                    let from = base + (gather ? container : component) * containerSize
                    let to = base + (gather ? component : container) * containerSize
                    for byte in 0..<containerSize {
                        let read = swapBytes ? containerSize - 1 - byte : byte
                        destination.storeBytes(
                            of: source.load(fromByteOffset: from + read, as: UInt8.self), toByteOffset: to + byte,
                            as: UInt8.self)
                    }
                }
            }
        }
    }
}
