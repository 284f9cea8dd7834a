internal import CSPIRVCross
internal import CVulkan

/// A compute shader ready to run on a device: its pipeline, descriptor set, command buffer, fence and timestamp
/// queries are made once, in `init`.
///
/// The shader binds resources at descriptor set 0, bindings 0 … n − 1 in the order of ``resourceKinds`` (and of the
/// resources given to `run`): storage buffers (``GPUBuffer``) and storage images (``GPUImage``, in layout `GENERAL`
/// while the shader runs), and reads `pushConstantSize` bytes of push constants. The caller dispatches workgroup
/// counts; ``workgroupSize`` says how many invocations the shader declares per workgroup, and
/// ``groupCount(covering:workgroupSize:)`` rounds a count up to whole groups.
///
/// `@unchecked Sendable`: the Vulkan handles are immutable after `init`; `run` holds the kernel's lock while it
/// records, submits and waits, so concurrent calls take turns (use one kernel per thread to overlap them).
public final class ComputeKernel: @unchecked Sendable {
    /// What a kernel binds at one binding of set 0.
    public enum ResourceKind: Hashable, Sendable, CustomStringConvertible {
        /// A storage buffer (`buffer` block, `VK_DESCRIPTOR_TYPE_STORAGE_BUFFER`; a Metal buffer).
        case storageBuffer
        /// A 2D storage image (`image2D`, `VK_DESCRIPTOR_TYPE_STORAGE_IMAGE`; a Metal texture).
        case storageImage

        /// `storage buffer`, `storage image`.
        public var description: String { self == .storageBuffer ? "storage buffer" : "storage image" }
    }

    /// A resource bound to one binding by ``run(resources:pushConstants:groups:)``.
    public enum Resource {
        /// A storage buffer, bound whole.
        case buffer(GPUBuffer)
        /// A storage image, bound through its view in layout `GENERAL`.
        case image(GPUImage)

        /// Its kind.
        public var kind: ResourceKind {
            switch self {
            case .buffer: .storageBuffer
            case .image: .storageImage
            }
        }

        var device: VulkanDevice {
            switch self {
            case .buffer(let buffer): buffer.device
            case .image(let image): image.device
            }
        }
    }

    /// How long one `run` took.
    public struct Timing: Hashable, Sendable, CustomStringConvertible {
        /// The kernel's time on the device, between timestamps written before and after the dispatch, in seconds;
        /// nil when the device's compute queue has no timestamps.
        public var kernelSeconds: Double?
        /// The time the CPU spent in `run`, from recording the command buffer to reading the timestamps after the
        /// fence signalled, in seconds.
        public var wallSeconds: Double

        /// Creates a timing.
        public init(kernelSeconds: Double?, wallSeconds: Double) {
            self.kernelSeconds = kernelSeconds
            self.wallSeconds = wallSeconds
        }

        /// `kernel 1.234 ms, wall 2.345 ms`.
        public var description: String {
            func milliseconds(_ seconds: Double) -> String {
                let value = (seconds * 1e6).rounded() / 1e3
                return "\(value) ms"
            }
            return "kernel \(kernelSeconds.map(milliseconds) ?? "not measured"), wall \(milliseconds(wallSeconds))"
        }
    }

    /// The device the kernel runs on.
    public let device: VulkanDevice
    /// What `run` binds at set 0, binding 0, 1, …
    public let resourceKinds: [ResourceKind]
    /// How many storage buffers are among ``resourceKinds`` (all of them for a kernel made with a `bufferCount`).
    public var bufferCount: Int { resourceKinds.count(where: { $0 == .storageBuffer }) }
    /// The format each storage image of the shader declares (`layout(r16)` …), by binding: an image bound there must
    /// have that format.
    public let imageFormats: [Int: GPUImage.Format]
    /// How many bytes of push constants `run` takes.
    public let pushConstantSize: Int
    /// The workgroup size the shader declares (`layout(local_size_x = …)`), or nil when it is not a literal.
    public let workgroupSize: SIMD3<Int>?

    private let setLayout: VkDescriptorSetLayout
    private let pipelineLayout: VkPipelineLayout
    private let pipeline: VkPipeline
    private let descriptorPool: VkDescriptorPool?
    private let descriptorSet: VkDescriptorSet?
    /// The command buffer each run records again, and its fence.
    private let commands: OneTimeCommands
    private let queryPool: VkQueryPool?
    private let runLock = Lock()

    /// Builds the pipeline for a SPIR-V compute module that binds `bufferCount` storage buffers (bindings 0 …
    /// `bufferCount` − 1): ``init(device:spirv:resources:pushConstantSize:entryPoint:)`` with that many
    /// ``ResourceKind/storageBuffer``s.
    ///
    /// - Parameter bufferCount: The storage buffers `run` binds, 0 … the device's `maxStorageBuffersPerStage`.
    public convenience init(
        device: VulkanDevice, spirv: [UInt32], bufferCount: Int, pushConstantSize: Int = 0, entryPoint: String = "main"
    ) throws(GPUError) {
        guard bufferCount >= 0 else { throw .invalidArgument("bufferCount \(bufferCount) is negative") }
        try self.init(
            device: device, spirv: spirv, resources: Array(repeating: .storageBuffer, count: bufferCount),
            pushConstantSize: pushConstantSize, entryPoint: entryPoint)
    }

    /// Builds the pipeline for a SPIR-V compute module.
    ///
    /// The module is checked first (with SPIRV-Cross): it must have the compute entry point `entryPoint`, its
    /// storage buffers and storage images must be in set 0 at bindings below `resources.count` whose kind is theirs,
    /// each storage image must be 2D with a format qualifier of ``GPUImage/Format`` that the device can use
    /// (``VulkanDevice/storageImageFormats``), its push constants must fit in `pushConstantSize` bytes, it may use no
    /// other resource, and its workgroup must fit the device.
    ///
    /// - Parameters:
    ///   - device: The device to run on.
    ///   - spirv: The module's words (e.g. from ``ShaderCompiler/compile(_:name:entryPoint:)``).
    ///   - resources: What `run` binds at bindings 0, 1, …: at most the device's `maxStorageBuffersPerStage`
    ///     buffers and `maxStorageImagesPerStage` images. A binding the shader does not use is still bound.
    ///   - pushConstantSize: The push-constant bytes `run` takes: a multiple of 4, at most the device's
    ///     `maxPushConstantsSize` (at least 128 on every device).
    ///   - entryPoint: The compute entry point, `main` by default.
    /// - Throws: ``GPUError/invalidSPIRV(reason:)`` or ``GPUError/invalidArgument(_:)`` for a module or arguments that
    ///   do not fit; ``GPUError/unsupportedImageFormat(_:device:)`` for an image format the device lacks;
    ///   ``GPUError/vulkanCallFailed(call:result:)`` when the driver refuses an object.
    public init(
        device: VulkanDevice, spirv: [UInt32], resources: [ResourceKind], pushConstantSize: Int = 0,
        entryPoint: String = "main"
    ) throws(GPUError) {
        let limits = device.limits
        let bufferCount = resources.count(where: { $0 == .storageBuffer })
        let imageCount = resources.count - bufferCount
        guard bufferCount <= limits.maxStorageBuffersPerStage, imageCount <= limits.maxStorageImagesPerStage else {
            throw .invalidArgument(
                "\(bufferCount) storage buffers and \(imageCount) storage images exceed the device's "
                    + "\(limits.maxStorageBuffersPerStage) and \(limits.maxStorageImagesPerStage) per shader")
        }
        guard pushConstantSize >= 0, pushConstantSize % 4 == 0, pushConstantSize <= limits.maxPushConstantsSize else {
            throw .invalidArgument(
                "pushConstantSize \(pushConstantSize) is not a multiple of 4 in 0 ... \(limits.maxPushConstantsSize)")
        }
        let reflection = try Self.reflect(spirv, entryPoint: entryPoint)
        try Self.validate(
            reflection, resources: resources, pushConstantSize: pushConstantSize, entryPoint: entryPoint,
            device: device)

        let vk = device.functions
        let handle = device.device
        var undo: [() -> Void] = []
        var built = false
        defer { if !built { for step in undo.reversed() { step() } } }

        let setLayout = try Self.makeSetLayout(vk, handle, resources: resources)
        undo.append { vk.destroyDescriptorSetLayout(handle, setLayout, nil) }
        let pipelineLayout = try Self.makePipelineLayout(
            vk, handle, setLayout: setLayout, pushConstantSize: pushConstantSize)
        undo.append { vk.destroyPipelineLayout(handle, pipelineLayout, nil) }
        let pipeline = try Self.makePipeline(vk, handle, spirv: spirv, entryPoint: entryPoint, layout: pipelineLayout)
        undo.append { vk.destroyPipeline(handle, pipeline, nil) }
        // One descriptor set for the resources (none without resources: a pool needs at least one descriptor).
        var descriptorPool: VkDescriptorPool?
        var descriptorSet: VkDescriptorSet?
        if !resources.isEmpty {
            let pool = try Self.makeDescriptorPool(vk, handle, buffers: bufferCount, images: imageCount)
            undo.append { vk.destroyDescriptorPool(handle, pool, nil) }
            descriptorPool = pool
            descriptorSet = try Self.allocateSet(vk, handle, pool: pool, layout: setLayout)
        }

        let commands = try OneTimeCommands(device: device)
        var queryPool: VkQueryPool?
        if device.supportsTimestamps {
            let pool = try Self.makeTimestampPool(vk, handle)
            undo.append { vk.destroyQueryPool(handle, pool, nil) }
            queryPool = pool
        }

        built = true
        self.device = device
        self.resourceKinds = resources
        self.imageFormats = Dictionary(
            reflection.storageImages.compactMap { image in image.format.map { (image.binding, $0) } },
            uniquingKeysWith: { first, _ in first })
        self.pushConstantSize = pushConstantSize
        self.workgroupSize = reflection.workgroupSize
        self.setLayout = setLayout
        self.pipelineLayout = pipelineLayout
        self.pipeline = pipeline
        self.descriptorPool = descriptorPool
        self.descriptorSet = descriptorSet
        self.commands = commands
        self.queryPool = queryPool
    }

    deinit {
        // `run` waits for its work, so nothing of this kernel is pending on the device here.
        let vk = device.functions
        let handle = device.device
        if let queryPool { vk.destroyQueryPool(handle, queryPool, nil) }
        if let descriptorPool { vk.destroyDescriptorPool(handle, descriptorPool, nil) }  // frees the set
        vk.destroyPipeline(handle, pipeline, nil)
        vk.destroyPipelineLayout(handle, pipelineLayout, nil)
        vk.destroyDescriptorSetLayout(handle, setLayout, nil)
    }

    /// The number of workgroups of `workgroupSize` invocations that cover `count` items: ⌈count / workgroupSize⌉.
    public static func groupCount(covering count: Int, workgroupSize: Int) -> Int {
        guard count > 0, workgroupSize > 0 else { return 0 }
        return (count - 1) / workgroupSize + 1
    }

    /// Runs a kernel of storage buffers only: ``run(resources:pushConstants:groups:)`` with `buffers` bound in
    /// order to bindings 0, 1, …
    public func run(buffers: [GPUBuffer], pushConstants: [UInt8] = [], groups: (x: Int, y: Int, z: Int))
        throws(GPUError) -> Timing
    {
        try run(resources: buffers.map { .buffer($0) }, pushConstants: pushConstants, groups: groups)
    }

    /// Runs the shader once over `groups` workgroups and waits for it.
    ///
    /// Records the command buffer (bind pipeline and resources, move each image to layout `GENERAL` after its
    /// previous use, push constants, dispatch, a barrier that makes the shader's writes visible to the host and to
    /// transfers such as ``GPUImage/download(into:bytesPerRow:)``), submits it, waits on the fence and reads the
    /// timestamps. Afterwards the buffers and images hold the results.
    ///
    /// - Parameters:
    ///   - resources: One per binding, of the kinds of ``resourceKinds`` and of this kernel's device; each image of
    ///     the format its binding declares (``imageFormats``).
    ///   - pushConstants: Exactly `pushConstantSize` bytes, laid out as the shader's push-constant block (std430,
    ///     host byte order).
    ///   - groups: Workgroup counts, each 0 … the device's `maxComputeWorkGroupCount` (0 dispatches nothing).
    /// - Returns: The kernel time (timestamps) and wall time.
    /// - Throws: ``GPUError/invalidArgument(_:)`` for wrong counts, kinds, formats, sizes or a resource of another
    ///   device; ``GPUError/vulkanCallFailed(call:result:)`` (e.g. `VK_ERROR_DEVICE_LOST` from `vkWaitForFences`).
    public func run(resources: [Resource], pushConstants: [UInt8] = [], groups: (x: Int, y: Int, z: Int))
        throws(GPUError) -> Timing
    {
        guard resources.map(\.kind) == resourceKinds else {
            throw .invalidArgument(
                "the kernel binds [\(resourceKinds.map(\.description).joined(separator: ", "))]; run got "
                    + "[\(resources.map(\.kind.description).joined(separator: ", "))]")
        }
        if let index = resources.firstIndex(where: { $0.device !== device }) {
            throw .invalidArgument("the resource at binding \(index) belongs to another VulkanDevice than the kernel")
        }
        for (binding, resource) in resources.enumerated() {
            guard case .image(let image) = resource, let declared = imageFormats[binding], image.format != declared
            else { continue }
            throw .invalidArgument(
                "the image at binding \(binding) is \(image.format); the shader declares \(declared) there")
        }
        guard pushConstants.count == pushConstantSize else {
            throw .invalidArgument(
                "the kernel takes \(pushConstantSize) push-constant bytes; run got \(pushConstants.count)")
        }
        let counts = [groups.x, groups.y, groups.z]
        let maximum = device.limits.maxComputeWorkGroupCount
        for axis in 0..<3 where !(0...maximum[axis]).contains(counts[axis]) {
            throw .invalidArgument(
                "\(["x", "y", "z"][axis]) group count \(counts[axis]) is not in 0 ... \(maximum[axis]) (the device's limit)"
            )
        }
        return try withExtendedLifetime(resources) { () throws(GPUError) -> Timing in
            try runLock.withLock { () throws(GPUError) -> Timing in
                do throws(GPUError) {
                    return try record(resources: resources, pushConstants: pushConstants, counts: counts)
                } catch {
                    for case .image(let image) in resources { image.resetLayout() }
                    throw error
                }
            }
        }
    }

    /// Records, submits, waits and reads the timestamps; called with the run lock held.
    private func record(resources: [Resource], pushConstants: [UInt8], counts: [Int]) throws(GPUError) -> Timing {
        let vk = device.functions
        let handle = device.device
        let clock = ContinuousClock()
        let start = clock.now

        if let descriptorSet {
            // Every binding's info (the unused one of each pair ignored by Vulkan), kept alive for the update.
            let bufferInfos = resources.map { resource in
                guard case .buffer(let buffer) = resource else { return VkDescriptorBufferInfo() }
                return VkDescriptorBufferInfo(buffer: buffer.buffer, offset: 0, range: UInt64.max)
            }
            let imageInfos = resources.map { resource in
                guard case .image(let image) = resource else { return VkDescriptorImageInfo() }
                return VkDescriptorImageInfo(sampler: nil, imageView: image.view, imageLayout: VK_IMAGE_LAYOUT_GENERAL)
            }
            bufferInfos.withUnsafeBufferPointer { buffers in
                imageInfos.withUnsafeBufferPointer { images in
                    let writes = resources.indices.map { index in
                        var write = VkWriteDescriptorSet()
                        write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
                        write.dstSet = descriptorSet
                        write.dstBinding = UInt32(index)
                        write.descriptorCount = 1
                        write.descriptorType = resourceKinds[index].descriptorType
                        if resourceKinds[index] == .storageBuffer {
                            write.pBufferInfo = buffers.baseAddress! + index
                        } else {
                            write.pImageInfo = images.baseAddress! + index
                        }
                        return write
                    }
                    vk.updateDescriptorSets(handle, UInt32(writes.count), writes, 0, nil)
                }
            }
        }

        try commands.run { commandBuffer in
            if let queryPool {
                vk.cmdResetQueryPool(commandBuffer, queryPool, 0, 2)
                vk.cmdWriteTimestamp(commandBuffer, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queryPool, 0)
            }
            // Each image in GENERAL for the shader, after its upload or its previous run.
            for case .image(let image) in resources { image.transition(commandBuffer, to: VK_IMAGE_LAYOUT_GENERAL) }
            vk.cmdBindPipeline(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline)
            if let descriptorSet {
                var sets: [VkDescriptorSet?] = [descriptorSet]
                vk.cmdBindDescriptorSets(
                    commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout, 0, 1, &sets, 0, nil)
            }
            if pushConstantSize > 0 {
                pushConstants.withUnsafeBytes { bytes in
                    vk.cmdPushConstants(
                        commandBuffer, pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT.rawValue, 0, UInt32(bytes.count),
                        bytes.baseAddress)
                }
            }
            vk.cmdDispatch(commandBuffer, UInt32(counts[0]), UInt32(counts[1]), UInt32(counts[2]))
            if let queryPool {
                vk.cmdWriteTimestamp(commandBuffer, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queryPool, 1)
            }
            // The shader's writes, visible to the host once the fence signals, and to later copies out of images.
            var barrier = VkMemoryBarrier()
            barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
            barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT.rawValue
            barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT.rawValue | VK_ACCESS_TRANSFER_READ_BIT.rawValue
            vk.cmdPipelineBarrier(
                commandBuffer, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT.rawValue,
                VK_PIPELINE_STAGE_HOST_BIT.rawValue | VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue, 0, 1, &barrier, 0, nil,
                0,
                nil)
        }

        var kernelSeconds: Double?
        if let queryPool {
            var stamps: [UInt64] = [0, 0]
            let result = stamps.withUnsafeMutableBytes { bytes in
                vk.getQueryPoolResults(
                    handle, queryPool, 0, 2, bytes.count, bytes.baseAddress, 8,
                    VK_QUERY_RESULT_64_BIT.rawValue | VK_QUERY_RESULT_WAIT_BIT.rawValue)
            }
            try check(result, "vkGetQueryPoolResults")
            let bits = device.timestampValidBits
            let mask: UInt64 = bits >= 64 ? .max : (1 << UInt64(bits)) - 1
            let ticks = (stamps[1] &- stamps[0]) & mask
            kernelSeconds = Double(ticks) * device.limits.timestampPeriod * 1e-9
        }
        let elapsed = (clock.now - start).components
        return Timing(
            kernelSeconds: kernelSeconds,
            wallSeconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
    }
}

// MARK: - Checking the module

extension ComputeKernel {
    static func reflect(_ spirv: [UInt32], entryPoint: String) throws(GPUError) -> SPIRVReflection {
        let session = try SPIRVCrossSession()
        let compiler = try session.compiler(for: spirv, backend: SPVC_BACKEND_NONE, entryPoint: entryPoint)
        return try SPIRVReflection(compiler, session: session)
    }

    fileprivate static func validate(
        _ reflection: SPIRVReflection, resources: [ResourceKind], pushConstantSize: Int, entryPoint: String,
        device: VulkanDevice
    ) throws(GPUError) {
        let limits = device.limits
        if let other = reflection.otherResources.first {
            throw .invalidSPIRV(
                reason: "the shader uses a \(other); the runner binds storage buffers and storage images only")
        }
        let declared =
            reflection.storageBuffers.map { ($0.set, $0.binding, $0.name, ResourceKind.storageBuffer) }
            + reflection.storageImages.map { ($0.set, $0.binding, $0.name, ResourceKind.storageImage) }
        for (set, binding, name, kind) in declared
        where set != 0 || !resources.indices.contains(binding) || resources[binding] != kind {
            let bound =
                resources.isEmpty
                ? "the kernel binds nothing"
                : "the kernel binds set 0: "
                    + resources.enumerated().map { "\($0.offset) \($0.element)" }.joined(separator: ", ")
            throw .invalidSPIRV(reason: "\(kind) '\(name)' is at set \(set), binding \(binding); \(bound)")
        }
        for image in reflection.storageImages {
            guard image.is2D else {
                throw .invalidSPIRV(reason: "storage image '\(image.name)' is not 2D; the runner binds 2D images only")
            }
            guard let format = image.format else {
                throw .invalidSPIRV(
                    reason: "storage image '\(image.name)' has \(image.formatName); the runner binds "
                        + GPUImage.Format.allCases.map(\.glslName).joined(separator: ", "))
            }
            guard device.storageImageFormats.contains(format) else {
                throw .unsupportedImageFormat(format, device: device.name)
            }
        }
        if reflection.pushConstantSize > pushConstantSize {
            throw .invalidSPIRV(
                reason: "the shader's push constants take \(reflection.pushConstantSize) bytes; "
                    + "the kernel was given \(pushConstantSize)")
        }
        if let size = reflection.workgroupSize {
            let maximum = limits.maxComputeWorkGroupSize
            let invocations = size.x * size.y * size.z
            guard (0..<3).allSatisfy({ size[$0] <= maximum[$0] }), invocations <= limits.maxComputeWorkGroupInvocations
            else {
                throw .invalidSPIRV(
                    reason: "the workgroup \(size.x) × \(size.y) × \(size.z) exceeds the device's "
                        + "\(maximum.x) × \(maximum.y) × \(maximum.z), \(limits.maxComputeWorkGroupInvocations) invocations"
                )
            }
        }
    }
}

extension ComputeKernel.ResourceKind {
    var descriptorType: VkDescriptorType {
        self == .storageBuffer ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
    }
}

// MARK: The Vulkan objects of a kernel, one each (the caller destroys them when a later step fails)

extension ComputeKernel {
    /// Descriptor set layout: bindings 0 … n − 1, storage buffers and images, compute stage.
    private static func makeSetLayout(_ vk: DeviceFunctions, _ handle: VkDevice, resources: [ResourceKind])
        throws(GPUError) -> VkDescriptorSetLayout
    {
        let bindings = resources.enumerated().map { index, kind in
            var binding = VkDescriptorSetLayoutBinding()
            binding.binding = UInt32(index)
            binding.descriptorType = kind.descriptorType
            binding.descriptorCount = 1
            binding.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT.rawValue
            return binding
        }
        var setLayout: VkDescriptorSetLayout?
        let result = bindings.withUnsafeBufferPointer { list in
            var info = VkDescriptorSetLayoutCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO
            info.bindingCount = UInt32(list.count)
            info.pBindings = list.baseAddress
            return vk.createDescriptorSetLayout(handle, &info, nil, &setLayout)
        }
        try check(result, "vkCreateDescriptorSetLayout")
        guard let setLayout else { throw .vulkanCallFailed(call: "vkCreateDescriptorSetLayout", result: "no layout") }
        return setLayout
    }

    /// Pipeline layout: the set, and the push-constant range.
    private static func makePipelineLayout(
        _ vk: DeviceFunctions, _ handle: VkDevice, setLayout: VkDescriptorSetLayout, pushConstantSize: Int
    ) throws(GPUError) -> VkPipelineLayout {
        var pushRange = VkPushConstantRange()
        pushRange.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT.rawValue
        pushRange.offset = 0
        pushRange.size = UInt32(pushConstantSize)
        var setLayouts: [VkDescriptorSetLayout?] = [setLayout]
        var pipelineLayout: VkPipelineLayout?
        let result = setLayouts.withUnsafeMutableBufferPointer { layouts in
            withUnsafePointer(to: &pushRange) { range in
                var info = VkPipelineLayoutCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO
                info.setLayoutCount = 1
                info.pSetLayouts = UnsafePointer(layouts.baseAddress)
                info.pushConstantRangeCount = pushConstantSize > 0 ? 1 : 0
                info.pPushConstantRanges = pushConstantSize > 0 ? range : nil
                return vk.createPipelineLayout(handle, &info, nil, &pipelineLayout)
            }
        }
        try check(result, "vkCreatePipelineLayout")
        guard let pipelineLayout else { throw .vulkanCallFailed(call: "vkCreatePipelineLayout", result: "no layout") }
        return pipelineLayout
    }

    /// Shader module and compute pipeline; the module is not needed once the pipeline exists.
    private static func makePipeline(
        _ vk: DeviceFunctions, _ handle: VkDevice, spirv: [UInt32], entryPoint: String, layout: VkPipelineLayout
    ) throws(GPUError) -> VkPipeline {
        var module: VkShaderModule?
        let moduleResult = spirv.withUnsafeBufferPointer { words in
            var info = VkShaderModuleCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO
            info.codeSize = words.count * 4
            info.pCode = words.baseAddress
            return vk.createShaderModule(handle, &info, nil, &module)
        }
        try check(moduleResult, "vkCreateShaderModule")
        guard let module else { throw .vulkanCallFailed(call: "vkCreateShaderModule", result: "no module") }
        defer { vk.destroyShaderModule(handle, module, nil) }
        var pipeline: VkPipeline?
        let pipelineResult = entryPoint.withCString { name in
            var info = VkComputePipelineCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO
            info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO
            info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT
            info.stage.module = module
            info.stage.pName = name
            info.layout = layout
            return vk.createComputePipelines(handle, nil, 1, &info, nil, &pipeline)
        }
        try check(pipelineResult, "vkCreateComputePipelines")
        guard let pipeline else { throw .vulkanCallFailed(call: "vkCreateComputePipelines", result: "no pipeline") }
        return pipeline
    }

    /// A pool for one set of `buffers` storage buffers and `images` storage images (not both 0).
    private static func makeDescriptorPool(_ vk: DeviceFunctions, _ handle: VkDevice, buffers: Int, images: Int)
        throws(GPUError) -> VkDescriptorPool
    {
        let sizes = [(ResourceKind.storageBuffer, buffers), (.storageImage, images)].filter { $0.1 > 0 }
            .map { VkDescriptorPoolSize(type: $0.0.descriptorType, descriptorCount: UInt32($0.1)) }
        var pool: VkDescriptorPool?
        let result = sizes.withUnsafeBufferPointer { sizes in
            var info = VkDescriptorPoolCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
            info.maxSets = 1
            info.poolSizeCount = UInt32(sizes.count)
            info.pPoolSizes = sizes.baseAddress
            return vk.createDescriptorPool(handle, &info, nil, &pool)
        }
        try check(result, "vkCreateDescriptorPool")
        guard let pool else { throw .vulkanCallFailed(call: "vkCreateDescriptorPool", result: "no pool") }
        return pool
    }

    /// The kernel's one descriptor set, from `pool` (freed with it).
    private static func allocateSet(
        _ vk: DeviceFunctions, _ handle: VkDevice, pool: VkDescriptorPool, layout: VkDescriptorSetLayout
    ) throws(GPUError) -> VkDescriptorSet {
        var setLayouts: [VkDescriptorSetLayout?] = [layout]
        var descriptorSet: VkDescriptorSet?
        let result = setLayouts.withUnsafeMutableBufferPointer { layouts in
            var info = VkDescriptorSetAllocateInfo()
            info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
            info.descriptorPool = pool
            info.descriptorSetCount = 1
            info.pSetLayouts = UnsafePointer(layouts.baseAddress)
            return vk.allocateDescriptorSets(handle, &info, &descriptorSet)
        }
        try check(result, "vkAllocateDescriptorSets")
        guard let descriptorSet else { throw .vulkanCallFailed(call: "vkAllocateDescriptorSets", result: "no set") }
        return descriptorSet
    }

    /// Two timestamp queries: the start and end of `run`'s dispatch.
    private static func makeTimestampPool(_ vk: DeviceFunctions, _ handle: VkDevice) throws(GPUError) -> VkQueryPool {
        var info = VkQueryPoolCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO
        info.queryType = VK_QUERY_TYPE_TIMESTAMP
        info.queryCount = 2
        var pool: VkQueryPool?
        try check(vk.createQueryPool(handle, &info, nil, &pool), "vkCreateQueryPool")
        guard let pool else { throw .vulkanCallFailed(call: "vkCreateQueryPool", result: "no pool") }
        return pool
    }
}
