internal import CVulkan

/// A 2D storage image on a Vulkan device (a Metal texture's counterpart): `width` × `height` texels of one
/// ``Format``, read and written by shaders with `imageLoad`/`imageStore`.
///
/// The image is in device memory with optimal tiling; ``upload(_:bytesPerRow:)`` and ``download(into:bytesPerRow:)``
/// copy through a host-visible staging buffer that the image keeps (``byteCount`` bytes), each a submission that
/// returns when the copy is done. Texels are in memory as Vulkan and Metal lay them out: components in R, G, B, A
/// order, 16- and 32-bit components in the host's byte order (little-endian on every platform Swift runs on), unorm
/// components as codes (a code *c* reads as *c* ÷ (2ⁿ − 1) in a shader).
///
/// Layouts: a new image is undefined; an upload leaves it in `TRANSFER_DST_OPTIMAL`, ``ComputeKernel`` moves it to
/// `GENERAL` for the shader, a download to `TRANSFER_SRC_OPTIMAL`, each with the barrier that orders it after the
/// image's previous use. The image tracks its layout on the host.
///
/// Not `Sendable`: use an image from one thread at a time, and not while a kernel that binds it runs.
public final class GPUImage {
    /// A texel format a storage image can have: one, two or four components of 8- or 16-bit unsigned normalised
    /// integers, or four of binary16 or binary32.
    public enum Format: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// One 8-bit unorm component (`VK_FORMAT_R8_UNORM`, GLSL `r8`, Metal `r8Unorm`): 8-bit luma.
        case r8Unorm
        /// Two 8-bit unorm components (`VK_FORMAT_R8G8_UNORM`, `rg8`, `rg8Unorm`): 8-bit Cb, Cr.
        case rg8Unorm
        /// Four 8-bit unorm components (`VK_FORMAT_R8G8B8A8_UNORM`, `rgba8`, `rgba8Unorm`).
        case rgba8Unorm
        /// One 16-bit unorm component (`VK_FORMAT_R16_UNORM`, `r16`, `r16Unorm`): 10- or 16-bit luma.
        case r16Unorm
        /// Two 16-bit unorm components (`VK_FORMAT_R16G16_UNORM`, `rg16`, `rg16Unorm`): 10- or 16-bit Cb, Cr.
        case rg16Unorm
        /// Four 16-bit unorm components (`VK_FORMAT_R16G16B16A16_UNORM`, `rgba16`, `rgba16Unorm`).
        case rgba16Unorm
        /// Four binary16 components (`VK_FORMAT_R16G16B16A16_SFLOAT`, `rgba16f`, `rgba16Float`): an EDR layer.
        case rgba16Float
        /// Four binary32 components (`VK_FORMAT_R32G32B32A32_SFLOAT`, `rgba32f`, `rgba32Float`).
        case rgba32Float

        /// Components per texel: 1, 2 or 4.
        public var componentCount: Int {
            switch self {
            case .r8Unorm, .r16Unorm: 1
            case .rg8Unorm, .rg16Unorm: 2
            case .rgba8Unorm, .rgba16Unorm, .rgba16Float, .rgba32Float: 4
            }
        }

        /// Bytes per component: 1, 2 or 4.
        public var bytesPerComponent: Int {
            switch self {
            case .r8Unorm, .rg8Unorm, .rgba8Unorm: 1
            case .r16Unorm, .rg16Unorm, .rgba16Unorm, .rgba16Float: 2
            case .rgba32Float: 4
            }
        }

        /// Bytes per texel: 1 … 16.
        public var bytesPerTexel: Int { componentCount * bytesPerComponent }

        /// The GLSL image format qualifier (`layout(r16) uniform image2D …`).
        public var glslName: String {
            switch self {
            case .r8Unorm: "r8"
            case .rg8Unorm: "rg8"
            case .rgba8Unorm: "rgba8"
            case .r16Unorm: "r16"
            case .rg16Unorm: "rg16"
            case .rgba16Unorm: "rgba16"
            case .rgba16Float: "rgba16f"
            case .rgba32Float: "rgba32f"
            }
        }

        /// Whether a storage image of the format needs the device feature `shaderStorageImageExtendedFormats`
        /// (Vulkan requires storage support without it only for `rgba8`, `rgba16f` and `rgba32f` of these).
        public var needsExtendedStorageFormats: Bool {
            switch self {
            case .rgba8Unorm, .rgba16Float, .rgba32Float: false
            case .r8Unorm, .rg8Unorm, .r16Unorm, .rg16Unorm, .rgba16Unorm: true
            }
        }

        /// `r16Unorm (GLSL r16)`.
        public var description: String { "\(rawValue) (GLSL \(glslName))" }

        var vulkanFormat: VkFormat {
            switch self {
            case .r8Unorm: VK_FORMAT_R8_UNORM
            case .rg8Unorm: VK_FORMAT_R8G8_UNORM
            case .rgba8Unorm: VK_FORMAT_R8G8B8A8_UNORM
            case .r16Unorm: VK_FORMAT_R16_UNORM
            case .rg16Unorm: VK_FORMAT_R16G16_UNORM
            case .rgba16Unorm: VK_FORMAT_R16G16B16A16_UNORM
            case .rgba16Float: VK_FORMAT_R16G16B16A16_SFLOAT
            case .rgba32Float: VK_FORMAT_R32G32B32A32_SFLOAT
            }
        }
    }

    /// The device the image lives on.
    public let device: VulkanDevice
    /// Width in texels.
    public let width: Int
    /// Height in texels.
    public let height: Int
    /// The texel format.
    public let format: Format
    /// The bytes of one row of texels, without padding: `width × format.bytesPerTexel`.
    public let rowByteCount: Int
    /// The bytes of all texels, rows without padding: `rowByteCount × height`.
    public let byteCount: Int

    let image: VkImage
    let view: VkImageView
    private let memory: VkDeviceMemory
    private let staging: GPUBuffer
    private let commands: OneTimeCommands
    /// The layout the image is in once the commands recorded so far have run.
    private(set) var layout = VK_IMAGE_LAYOUT_UNDEFINED

    /// Creates an image whose texels are undefined until an upload or a kernel writes them.
    ///
    /// - Throws: ``GPUError/invalidImageSize(width:height:maximum:)`` unless 1 ≤ `width`, `height` ≤ the device's
    ///   `maxImageDimension2D`; ``GPUError/unsupportedImageFormat(_:device:)`` when `format` is not among the device's
    ///   ``VulkanDevice/storageImageFormats``; ``GPUError/vulkanCallFailed(call:result:)`` (e.g.
    ///   `VK_ERROR_OUT_OF_DEVICE_MEMORY`).
    public init(device: VulkanDevice, width: Int, height: Int, format: Format) throws(GPUError) {
        let maximum = device.limits.maxImageDimension2D
        guard (1...maximum).contains(width), (1...maximum).contains(height) else {
            throw .invalidImageSize(width: width, height: height, maximum: maximum)
        }
        let (rowBytes, o1) = width.multipliedReportingOverflow(by: format.bytesPerTexel)
        let (bytes, o2) = rowBytes.multipliedReportingOverflow(by: height)
        guard !o1, !o2 else { throw .invalidImageSize(width: width, height: height, maximum: maximum) }
        guard device.storageImageFormats.contains(format) else {
            throw .unsupportedImageFormat(format, device: device.name)
        }

        let vk = device.functions
        let handle = device.device
        var info = VkImageCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO
        info.imageType = VK_IMAGE_TYPE_2D
        info.format = format.vulkanFormat
        info.extent = VkExtent3D(width: UInt32(width), height: UInt32(height), depth: 1)
        info.mipLevels = 1
        info.arrayLayers = 1
        info.samples = VK_SAMPLE_COUNT_1_BIT
        info.tiling = VK_IMAGE_TILING_OPTIMAL
        info.usage =
            VK_IMAGE_USAGE_STORAGE_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue
            | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED
        var image: VkImage?
        try check(vk.createImage(handle, &info, nil, &image), "vkCreateImage")
        guard let image else { throw .vulkanCallFailed(call: "vkCreateImage", result: "no image") }
        var keepImage = false
        defer { if !keepImage { vk.destroyImage(handle, image, nil) } }

        var requirements = VkMemoryRequirements()
        vk.getImageMemoryRequirements(handle, image, &requirements)
        guard let typeIndex = device.deviceMemoryType(allowed: requirements.memoryTypeBits) else {
            throw .vulkanCallFailed(call: "vkGetImageMemoryRequirements", result: "no memory type for the image")
        }
        var allocation = VkMemoryAllocateInfo()
        allocation.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
        allocation.allocationSize = requirements.size
        allocation.memoryTypeIndex = typeIndex
        var memory: VkDeviceMemory?
        try check(vk.allocateMemory(handle, &allocation, nil, &memory), "vkAllocateMemory")
        guard let memory else { throw .vulkanCallFailed(call: "vkAllocateMemory", result: "no memory") }
        var keepMemory = false
        defer { if !keepMemory { vk.freeMemory(handle, memory, nil) } }
        try check(vk.bindImageMemory(handle, image, memory, 0), "vkBindImageMemory")

        var viewInfo = VkImageViewCreateInfo()
        viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO
        viewInfo.image = image
        viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D
        viewInfo.format = format.vulkanFormat
        viewInfo.subresourceRange = Self.colorRange
        var view: VkImageView?
        try check(vk.createImageView(handle, &viewInfo, nil, &view), "vkCreateImageView")
        guard let view else { throw .vulkanCallFailed(call: "vkCreateImageView", result: "no view") }
        var keepView = false
        defer { if !keepView { vk.destroyImageView(handle, view, nil) } }

        let staging = try GPUBuffer(stagingFor: device, byteCount: bytes)
        let commands = try OneTimeCommands(device: device)

        keepImage = true
        keepMemory = true
        keepView = true
        self.device = device
        self.width = width
        self.height = height
        self.format = format
        self.rowByteCount = rowBytes
        self.byteCount = bytes
        self.image = image
        self.memory = memory
        self.view = view
        self.staging = staging
        self.commands = commands
    }

    deinit {
        // Uploads, downloads and kernel runs wait for their work, so the device no longer uses the image here.
        let vk = device.functions
        vk.destroyImageView(device.device, view, nil)
        vk.destroyImage(device.device, image, nil)
        vk.freeMemory(device.device, memory, nil)
    }

    /// Replaces every texel with `height` rows of `bytes`, `bytesPerRow` bytes apart (texels as the type describes).
    ///
    /// - Throws: ``GPUError/invalidArgument(_:)`` when `bytesPerRow` < ``rowByteCount`` or `bytes` is shorter than
    ///   `bytesPerRow × (height − 1) + rowByteCount`; ``GPUError/vulkanCallFailed(call:result:)``.
    public func upload(_ bytes: UnsafeRawBufferPointer, bytesPerRow: Int) throws(GPUError) {
        try checkRows(count: bytes.count, bytesPerRow: bytesPerRow, call: "upload")
        guard let base = bytes.baseAddress else { return }  // unreachable: checkRows needs at least one row
        try upload { y, row in
            row.copyMemory(from: UnsafeRawBufferPointer(start: base + y * bytesPerRow, count: rowByteCount))
        }
    }

    /// Copies every texel into `bytes`: `height` rows, `bytesPerRow` bytes apart (the bytes between rows are left as
    /// they were).
    ///
    /// - Throws: As ``upload(_:bytesPerRow:)``.
    public func download(into bytes: UnsafeMutableRawBufferPointer, bytesPerRow: Int) throws(GPUError) {
        try checkRows(count: bytes.count, bytesPerRow: bytesPerRow, call: "download")
        guard let base = bytes.baseAddress else { return }
        try download { y, row in (base + y * bytesPerRow).copyMemory(from: row.baseAddress!, byteCount: row.count) }
    }

    /// Fills the staging buffer row by row (`fill(y, row)` writes the ``rowByteCount`` bytes of row `y`), then copies
    /// it into the image and waits.
    func upload(_ fill: (Int, UnsafeMutableRawBufferPointer) -> Void) throws(GPUError) {
        staging.withUnsafeMutableBytes { bytes in
            for y in 0..<height {
                fill(y, UnsafeMutableRawBufferPointer(rebasing: bytes[y * rowByteCount..<(y + 1) * rowByteCount]))
            }
        }
        try submit { commandBuffer in
            // The whole image is overwritten: its old contents need not be kept (old layout undefined).
            transition(commandBuffer, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, discarding: true)
            var region = copyRegion
            device.functions.cmdCopyBufferToImage(
                commandBuffer, staging.buffer, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region)
        }
    }

    /// Copies the image into the staging buffer, waits, then hands each row to `read(y, row)`.
    func download(_ read: (Int, UnsafeRawBufferPointer) -> Void) throws(GPUError) {
        try submit { commandBuffer in
            transition(commandBuffer, to: VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL)
            var region = copyRegion
            device.functions.cmdCopyImageToBuffer(
                commandBuffer, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging.buffer, 1, &region)
            // The copy's writes, visible to the host once the fence signals.
            var barrier = VkMemoryBarrier()
            barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
            barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
            barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT.rawValue
            device.functions.cmdPipelineBarrier(
                commandBuffer, VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue, VK_PIPELINE_STAGE_HOST_BIT.rawValue, 0, 1,
                &barrier, 0, nil, 0, nil)
        }
        staging.withUnsafeBytes { bytes in
            for y in 0..<height {
                read(y, UnsafeRawBufferPointer(rebasing: bytes[y * rowByteCount..<(y + 1) * rowByteCount]))
            }
        }
    }

    /// Records the barrier that moves the image from its layout to `newLayout`, after every earlier use of the image
    /// (transfers and compute shaders) and before the uses of `newLayout`; `discarding` drops the texels.
    func transition(_ commandBuffer: VkCommandBuffer, to newLayout: VkImageLayout, discarding: Bool = false) {
        let (sourceStage, sourceAccess): (VkPipelineStageFlagBits, VkAccessFlagBits) =
            switch layout {
            case VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL: (VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT)
            case VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL: (VK_PIPELINE_STAGE_TRANSFER_BIT, VkAccessFlagBits(0))
            case VK_IMAGE_LAYOUT_GENERAL: (VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT)
            default: (VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VkAccessFlagBits(0))
            }
        let (destinationStage, destinationAccess): (VkPipelineStageFlagBits, UInt32) =
            switch newLayout {
            case VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL:
                (VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT.rawValue)
            case VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL:
                (VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT.rawValue)
            default:
                (
                    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                    VK_ACCESS_SHADER_READ_BIT.rawValue | VK_ACCESS_SHADER_WRITE_BIT.rawValue
                )
            }
        var barrier = VkImageMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        barrier.srcAccessMask = sourceAccess.rawValue
        barrier.dstAccessMask = destinationAccess
        barrier.oldLayout = discarding ? VK_IMAGE_LAYOUT_UNDEFINED : layout
        barrier.newLayout = newLayout
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.image = image
        barrier.subresourceRange = Self.colorRange
        device.functions.cmdPipelineBarrier(
            commandBuffer, sourceStage.rawValue, destinationStage.rawValue, 0, 0, nil, 0, nil, 1, &barrier)
        layout = newLayout
    }

    /// Forgets the layout after a submission that failed, so that the next use starts from an undefined image.
    func resetLayout() { layout = VK_IMAGE_LAYOUT_UNDEFINED }

    /// Runs `record` as one submission and waits; the layout is forgotten when that fails.
    private func submit(_ record: (VkCommandBuffer) -> Void) throws(GPUError) {
        do { try commands.run(record) } catch {
            resetLayout()
            throw error
        }
    }

    private static let colorRange = VkImageSubresourceRange(
        aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, baseMipLevel: 0, levelCount: 1, baseArrayLayer: 0,
        layerCount: 1)

    /// The whole image, rows packed in the staging buffer.
    private var copyRegion: VkBufferImageCopy {
        VkBufferImageCopy(
            bufferOffset: 0, bufferRowLength: 0, bufferImageHeight: 0,
            imageSubresource: VkImageSubresourceLayers(
                aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, mipLevel: 0, baseArrayLayer: 0, layerCount: 1),
            imageOffset: VkOffset3D(x: 0, y: 0, z: 0),
            imageExtent: VkExtent3D(width: UInt32(width), height: UInt32(height), depth: 1))
    }

    private func checkRows(count: Int, bytesPerRow: Int, call: String) throws(GPUError) {
        let (last, o1) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        let (needed, o2) = last.addingReportingOverflow(rowByteCount)
        guard bytesPerRow >= rowByteCount, !o1, !o2, count >= needed else {
            throw .invalidArgument(
                "\(call) of a \(width) × \(height) \(format.rawValue) image needs bytesPerRow ≥ \(rowByteCount) and "
                    + "bytesPerRow × \(height - 1) + \(rowByteCount) bytes; got bytesPerRow \(bytesPerRow), "
                    + "\(count) bytes")
        }
    }
}
