internal import CVulkan

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One Vulkan device with a compute queue: a GPU, or Mesa's lavapipe on the CPU where no GPU is.
///
/// Opening one opens the Vulkan loader (`libvulkan.so.1`, at run time), creates an instance (Vulkan 1.1, no layers),
/// picks a physical device and creates a logical device with one compute queue. The device is picked by name when a
/// name is given (the argument, else the environment variable `HDRCOLOR_VULKAN_DEVICE`: the first device whose name
/// contains it, case-insensitively), otherwise by kind: discrete GPU, integrated GPU, virtual GPU, CPU.
///
/// `@unchecked Sendable`: every Vulkan handle is set in `init` and never changes; submissions to the one queue (which
/// Vulkan requires to be externally synchronised) hold a lock. Buffers and kernels keep their device alive; the
/// device is destroyed (after `vkDeviceWaitIdle`) with its instance when the last of them is released.
public final class VulkanDevice: @unchecked Sendable {
    /// The environment variable that names the device to use when `init(named:)` gets no name: any part of a device's
    /// name, case-insensitive (e.g. `llvmpipe`, `NVIDIA`).
    public static let deviceVariable = "HDRCOLOR_VULKAN_DEVICE"

    /// Name, driver, Vulkan version and kind of the device.
    public let properties: VulkanDeviceDescription
    /// The limits that bound buffers, push constants and dispatches.
    public let limits: VulkanDeviceLimits
    /// What shaders may ask of denormals and rounding, or nil when the device does not say (before Vulkan 1.2 without
    /// `VK_KHR_shader_float_controls`).
    public let floatControls: FloatControls?
    /// Whether the compute queue writes timestamps, so that ``ComputeKernel/Timing/kernelSeconds`` is measured.
    public let supportsTimestamps: Bool
    /// The loader library that was opened (e.g. `libvulkan.so.1`).
    public let loaderLibrary: String
    /// The ``GPUImage/Format``s the device can make storage images of: optimal tiling with
    /// `VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT` and transfers both ways, and for the formats that need it
    /// (``GPUImage/Format/needsExtendedStorageFormats``) the feature `shaderStorageImageExtendedFormats`.
    public let storageImageFormats: Set<GPUImage.Format>
    /// Whether the device has `shaderStorageImageExtendedFormats` (enabled when the device was opened), which storage
    /// images of `r8`, `rg8`, `r16`, `rg16` and `rgba16` need.
    public let hasExtendedStorageImageFormats: Bool

    /// The device's name, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`.
    public var name: String { properties.name }
    /// The driver's name, e.g. `llvmpipe`, or `""` when the device does not report it.
    public var driverName: String { properties.driverName }
    /// The Vulkan version the device supports.
    public var apiVersion: VulkanVersion { properties.apiVersion }
    /// Whether the device is a driver on the CPU (lavapipe, SwiftShader).
    public var isCPU: Bool { properties.isCPU }

    let functions: DeviceFunctions
    let device: VkDevice
    let queue: VkQueue
    let queueFamilyIndex: UInt32
    /// How many low bits of a timestamp are valid (0: no timestamps).
    let timestampValidBits: UInt32
    /// `VkMemoryPropertyFlags` of each memory type, by index.
    let memoryTypeFlags: [UInt32]
    private let instance: VkInstance
    private let instanceFunctions: InstanceFunctions
    private let submissionLock = Lock()

    /// Opens a device.
    ///
    /// - Parameter name: Part of the device's name (case-insensitive), or nil to read `HDRCOLOR_VULKAN_DEVICE`, and
    ///   when that is unset or empty to take the preferred kind (discrete > integrated > virtual > CPU).
    /// - Throws: ``GPUError/noLoader(library:reason:)`` without a Vulkan loader; ``GPUError/noDevice(requested:available:)``
    ///   without a driver, a Vulkan 1.1 device or a device of that name; ``GPUError/noComputeQueue(device:)``;
    ///   ``GPUError/vulkanCallFailed(call:result:)`` when creating the instance or device fails.
    public convenience init(named name: String? = nil) throws(GPUError) {
        try self.init(named: name, environment: nil)
    }

    /// Opens a device, reading the device name from `environment` instead of the process's environment when given
    /// (for tests).
    convenience init(named name: String?, environment: [String: String]?) throws(GPUError) {
        let variable =
            environment.map { $0[Self.deviceVariable] }
            ?? getenv(Self.deviceVariable).map { String(cString: $0) }
        let requested = [name, variable].compactMap { $0 }.first { !$0.isEmpty }
        self.init(opened: try Self.open(requested: requested))
    }

    private init(opened: Opened) {
        loaderLibrary = opened.loaderLibrary
        instance = opened.instance
        instanceFunctions = opened.instanceFunctions
        device = opened.device
        functions = opened.functions
        queue = opened.queue
        queueFamilyIndex = opened.queueFamily.index
        timestampValidBits = opened.queueFamily.timestampValidBits
        memoryTypeFlags = opened.memoryTypeFlags
        properties = opened.candidate.description
        limits = opened.candidate.limits
        floatControls = opened.candidate.floatControls
        supportsTimestamps = opened.queueFamily.timestampValidBits > 0 && opened.candidate.limits.timestampPeriod > 0
        storageImageFormats = opened.candidate.storageImageFormats
        hasExtendedStorageImageFormats = opened.candidate.extendedStorageImageFormats
    }

    deinit {
        _ = functions.deviceWaitIdle(device)
        functions.destroyDevice(device, nil)
        instanceFunctions.destroyInstance(instance, nil)
    }

    /// The Vulkan devices the loader sees, in its order, with the Vulkan version and kind of each (devices before
    /// Vulkan 1.1 too, which the runner does not open).
    ///
    /// - Throws: ``GPUError/noLoader(library:reason:)``, ``GPUError/unsupportedVulkanVersion(found:required:)``, or
    ///   ``GPUError/vulkanCallFailed(call:result:)``. No driver at all gives an empty list.
    public static func availableDevices() throws(GPUError) -> [VulkanDeviceDescription] {
        let loader = try VulkanLoader.shared.get()
        guard let created = try createInstance(loader) else { return [] }
        let (instance, functions) = created
        defer { functions.destroyInstance(instance, nil) }
        return try candidates(instance: instance, functions: functions).map(\.description)
    }

    /// Submits one command buffer to the queue, signalling `fence` when it completes.
    func submit(_ commandBuffer: VkCommandBuffer, fence: VkFence) throws(GPUError) {
        var buffers: [VkCommandBuffer?] = [commandBuffer]
        let result = submissionLock.withLock { () -> VkResult in
            buffers.withUnsafeMutableBufferPointer { list in
                var info = VkSubmitInfo()
                info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
                info.commandBufferCount = 1
                info.pCommandBuffers = UnsafePointer(list.baseAddress)
                return functions.queueSubmit(queue, 1, &info, fence)
            }
        }
        try check(result, "vkQueueSubmit")
    }

    /// The index of a memory type among `allowed` (a `memoryTypeBits` mask) that is host-visible and host-coherent,
    /// preferring host-cached (fast reads back on the CPU) and then device-local.
    func hostVisibleMemoryType(allowed: UInt32) -> UInt32? {
        let required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue
        let cached = VK_MEMORY_PROPERTY_HOST_CACHED_BIT.rawValue
        let local = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue
        let usable = memoryTypeFlags.indices.filter {
            $0 < 32 && allowed & (1 << UInt32($0)) != 0 && memoryTypeFlags[$0] & required == required
        }
        let best = usable.min { a, b in
            let scoreA = (memoryTypeFlags[a] & cached != 0 ? 0 : 2) + (memoryTypeFlags[a] & local != 0 ? 0 : 1)
            let scoreB = (memoryTypeFlags[b] & cached != 0 ? 0 : 2) + (memoryTypeFlags[b] & local != 0 ? 0 : 1)
            return scoreA < scoreB
        }
        return best.map { UInt32($0) }
    }

    /// The index of a memory type among `allowed` for an image: device-local where there is one, else the first.
    func deviceMemoryType(allowed: UInt32) -> UInt32? {
        let local = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue
        let usable = memoryTypeFlags.indices.filter { $0 < 32 && allowed & (1 << UInt32($0)) != 0 }
        return (usable.first { memoryTypeFlags[$0] & local != 0 } ?? usable.first).map { UInt32($0) }
    }
}

// MARK: - Opening

extension VulkanDevice {
    /// One physical device, described.
    struct Candidate {
        var physicalDevice: VkPhysicalDevice
        var description: VulkanDeviceDescription
        var limits: VulkanDeviceLimits
        var floatControls: FloatControls?
        /// The queue family the runner would use: compute, preferring one with timestamps.
        var queueFamily: (index: UInt32, timestampValidBits: UInt32)?
        var extensions: Set<String>
        /// `shaderStorageImageExtendedFormats`, enabled at device creation when the device has it.
        var extendedStorageImageFormats: Bool
        var storageImageFormats: Set<GPUImage.Format>
    }

    /// Everything `init` stores, made by `open`.
    private struct Opened {
        var loaderLibrary: String
        var instance: VkInstance
        var instanceFunctions: InstanceFunctions
        var candidate: Candidate
        var queueFamily: (index: UInt32, timestampValidBits: UInt32)
        var device: VkDevice
        var functions: DeviceFunctions
        var queue: VkQueue
        var memoryTypeFlags: [UInt32]
    }

    private static func open(requested: String?) throws(GPUError) -> Opened {
        let loader = try VulkanLoader.shared.get()
        guard let created = try createInstance(loader) else {
            throw .noDevice(requested: requested, available: [])
        }
        let (instance, instanceFunctions) = created
        var keepInstance = false
        defer { if !keepInstance { instanceFunctions.destroyInstance(instance, nil) } }

        let all = try candidates(instance: instance, functions: instanceFunctions)
        let names = all.map(\.description.name)
        var eligible = all.filter { $0.description.apiVersion >= .v1_1 }
        if let requested {
            eligible = eligible.filter { $0.description.name.lowercased().contains(requested.lowercased()) }
        }
        // The preferred kind; among equals, the loader's order.
        guard
            let candidate = eligible.enumerated().min(by: {
                ($0.element.description.kind.preference, $0.offset) < (
                    $1.element.description.kind.preference, $1.offset
                )
            })?.element
        else { throw .noDevice(requested: requested, available: names) }
        guard let queueFamily = candidate.queueFamily else {
            throw .noComputeQueue(device: candidate.description.name)
        }

        let destroyDevice: PFN_vkDestroyDevice = try loader.function("vkDestroyDevice", instance: instance)
        let device = try createDevice(candidate, queueFamily: queueFamily.index, functions: instanceFunctions)
        var keepDevice = false
        defer { if !keepDevice { destroyDevice(device, nil) } }
        let functions = try DeviceFunctions(getDeviceProcAddr: instanceFunctions.getDeviceProcAddr, device: device)
        var queue: VkQueue?
        functions.getDeviceQueue(device, queueFamily.index, 0, &queue)
        guard let queue else { throw .noComputeQueue(device: candidate.description.name) }

        var memory = VkPhysicalDeviceMemoryProperties()
        instanceFunctions.getPhysicalDeviceMemoryProperties(candidate.physicalDevice, &memory)
        let typeCount = min(Int(memory.memoryTypeCount), Int(VK_MAX_MEMORY_TYPES))
        let memoryTypeFlags = withUnsafeBytes(of: memory.memoryTypes) { raw in
            (0..<typeCount).map {
                raw.load(fromByteOffset: $0 * MemoryLayout<VkMemoryType>.stride, as: VkMemoryType.self).propertyFlags
            }
        }

        keepInstance = true
        keepDevice = true
        return Opened(
            loaderLibrary: loader.library, instance: instance, instanceFunctions: instanceFunctions,
            candidate: candidate, queueFamily: queueFamily, device: device, functions: functions, queue: queue,
            memoryTypeFlags: memoryTypeFlags)
    }

    /// A Vulkan 1.1 instance with no layers (and `VK_KHR_portability_enumeration` where the loader has it, so that
    /// MoltenVK is listed), or nil when the loader finds no driver (`VK_ERROR_INCOMPATIBLE_DRIVER`).
    static func createInstance(_ loader: VulkanLoader) throws(GPUError) -> (VkInstance, InstanceFunctions)? {
        let enumerateVersion: PFN_vkEnumerateInstanceVersion? = loader.optionalFunction(
            "vkEnumerateInstanceVersion", instance: nil)
        var packed = VulkanVersion(major: 1, minor: 0).packed
        if let enumerateVersion { try check(enumerateVersion(&packed), "vkEnumerateInstanceVersion") }
        let found = VulkanVersion(packed: packed)
        guard found >= .v1_1 else { throw .unsupportedVulkanVersion(found: found, required: .v1_1) }

        let enumerateExtensions: PFN_vkEnumerateInstanceExtensionProperties = try loader.function(
            "vkEnumerateInstanceExtensionProperties", instance: nil)
        let portability = "VK_KHR_portability_enumeration"
        let usePortability = try extensionNames(call: "vkEnumerateInstanceExtensionProperties") {
            enumerateExtensions(nil, $0, $1)
        }.contains(portability)
        let create: PFN_vkCreateInstance = try loader.function("vkCreateInstance", instance: nil)

        var instance: VkInstance?
        let result = "HDRColor".withCString { application in
            portability.withCString { portabilityName in
                var app = VkApplicationInfo()
                app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO
                app.pApplicationName = application
                app.pEngineName = application
                app.apiVersion = VulkanVersion.v1_1.packed
                let extensions: [UnsafePointer<CChar>?] = usePortability ? [portabilityName] : []
                return withUnsafePointer(to: &app) { appInfo in
                    extensions.withUnsafeBufferPointer { names in
                        var info = VkInstanceCreateInfo()
                        info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
                        info.pApplicationInfo = appInfo
                        info.enabledExtensionCount = UInt32(names.count)
                        info.ppEnabledExtensionNames = names.baseAddress
                        info.flags = usePortability ? VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR.rawValue : 0
                        return create(&info, nil, &instance)
                    }
                }
            }
        }
        if result == VK_ERROR_INCOMPATIBLE_DRIVER { return nil }
        try check(result, "vkCreateInstance")
        guard let instance else { throw .vulkanCallFailed(call: "vkCreateInstance", result: "no instance") }
        do {
            return (instance, try InstanceFunctions(loader: loader, instance: instance))
        } catch {
            let destroy: PFN_vkDestroyInstance? = loader.optionalFunction("vkDestroyInstance", instance: instance)
            destroy?(instance, nil)
            throw error
        }
    }

    /// Every physical device of the instance, described.
    static func candidates(instance: VkInstance, functions: InstanceFunctions) throws(GPUError) -> [Candidate] {
        var count: UInt32 = 0
        try check(functions.enumeratePhysicalDevices(instance, &count, nil), "vkEnumeratePhysicalDevices")
        var devices = [VkPhysicalDevice?](repeating: nil, count: Int(count))
        let result = functions.enumeratePhysicalDevices(instance, &count, &devices)
        guard result == VK_SUCCESS || result == VK_INCOMPLETE else {
            throw .vulkanCallFailed(call: "vkEnumeratePhysicalDevices", result: vulkanResultName(result))
        }
        var found: [Candidate] = []
        for device in devices.prefix(Int(count)).compactMap({ $0 }) {
            found.append(try describe(device, functions: functions))
        }
        return found
    }

    private static func describe(_ physicalDevice: VkPhysicalDevice, functions: InstanceFunctions) throws(GPUError)
        -> Candidate
    {
        var properties = VkPhysicalDeviceProperties()
        functions.getPhysicalDeviceProperties(physicalDevice, &properties)
        var features = VkPhysicalDeviceFeatures()
        functions.getPhysicalDeviceFeatures(physicalDevice, &features)
        let extended = features.shaderStorageImageExtendedFormats != 0
        let apiVersion = VulkanVersion(packed: properties.apiVersion)
        let extensions = try extensionNames(call: "vkEnumerateDeviceExtensionProperties") {
            functions.enumerateDeviceExtensionProperties(physicalDevice, nil, $0, $1)
        }

        // Driver and float-control properties through vkGetPhysicalDeviceProperties2 (a Vulkan 1.1 device).
        var driverName = ""
        var driverInfo = ""
        var floatControls: FloatControls?
        if apiVersion >= .v1_1 {
            let vulkan12 = apiVersion >= VulkanVersion(major: 1, minor: 2)
            let hasDriver = vulkan12 || extensions.contains("VK_KHR_driver_properties")
            let hasFloatControls = vulkan12 || extensions.contains("VK_KHR_shader_float_controls")
            var driver = VkPhysicalDeviceDriverProperties()
            driver.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES
            var floats = VkPhysicalDeviceFloatControlsProperties()
            floats.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES
            var properties2 = VkPhysicalDeviceProperties2()
            properties2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2
            withUnsafeMutablePointer(to: &driver) { driverPointer in
                withUnsafeMutablePointer(to: &floats) { floatsPointer in
                    var next: UnsafeMutableRawPointer?
                    if hasDriver {
                        driverPointer.pointee.pNext = next
                        next = UnsafeMutableRawPointer(driverPointer)
                    }
                    if hasFloatControls {
                        floatsPointer.pointee.pNext = next
                        next = UnsafeMutableRawPointer(floatsPointer)
                    }
                    properties2.pNext = next
                    functions.getPhysicalDeviceProperties2(physicalDevice, &properties2)
                }
            }
            if hasDriver {
                driverName = string(fromCharacters: driver.driverName)
                driverInfo = string(fromCharacters: driver.driverInfo)
            }
            if hasFloatControls { floatControls = FloatControls(floats) }
        }

        let limits = properties.limits
        let description = VulkanDeviceDescription(
            name: string(fromCharacters: properties.deviceName), driverName: driverName, driverInfo: driverInfo,
            apiVersion: apiVersion, kind: VulkanDeviceKind(properties.deviceType), vendorID: Int(properties.vendorID),
            deviceID: Int(properties.deviceID))
        return Candidate(
            physicalDevice: physicalDevice, description: description,
            limits: VulkanDeviceLimits(
                maxStorageBufferRange: Int(limits.maxStorageBufferRange),
                maxPushConstantsSize: Int(limits.maxPushConstantsSize),
                maxStorageBuffersPerStage: Int(limits.maxPerStageDescriptorStorageBuffers),
                maxComputeWorkGroupCount: SIMD3(
                    Int(limits.maxComputeWorkGroupCount.0), Int(limits.maxComputeWorkGroupCount.1),
                    Int(limits.maxComputeWorkGroupCount.2)),
                maxComputeWorkGroupSize: SIMD3(
                    Int(limits.maxComputeWorkGroupSize.0), Int(limits.maxComputeWorkGroupSize.1),
                    Int(limits.maxComputeWorkGroupSize.2)),
                maxComputeWorkGroupInvocations: Int(limits.maxComputeWorkGroupInvocations),
                timestampPeriod: Double(limits.timestampPeriod),
                maxStorageImagesPerStage: Int(limits.maxPerStageDescriptorStorageImages),
                maxImageDimension2D: Int(limits.maxImageDimension2D)),
            floatControls: floatControls,
            queueFamily: computeQueueFamily(physicalDevice, functions: functions),
            extensions: extensions, extendedStorageImageFormats: extended,
            storageImageFormats: storageImageFormats(physicalDevice, extended: extended, functions: functions))
    }

    /// The formats whose optimal-tiling features include storage images and transfers both ways (and, for the
    /// extended storage formats, when the device has `shaderStorageImageExtendedFormats`).
    private static func storageImageFormats(
        _ physicalDevice: VkPhysicalDevice, extended: Bool, functions: InstanceFunctions
    ) -> Set<GPUImage.Format> {
        let required =
            VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT.rawValue | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT.rawValue
            | VK_FORMAT_FEATURE_TRANSFER_DST_BIT.rawValue
        return Set(
            GPUImage.Format.allCases.filter { format in
                var properties = VkFormatProperties()
                functions.getPhysicalDeviceFormatProperties(physicalDevice, format.vulkanFormat, &properties)
                return properties.optimalTilingFeatures & required == required
                    && (extended || !format.needsExtendedStorageFormats)
            })
    }

    /// A queue family with compute, preferring one that writes timestamps; among equals the first.
    private static func computeQueueFamily(_ physicalDevice: VkPhysicalDevice, functions: InstanceFunctions) -> (
        index: UInt32, timestampValidBits: UInt32
    )? {
        var count: UInt32 = 0
        functions.getPhysicalDeviceQueueFamilyProperties(physicalDevice, &count, nil)
        var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(count))
        functions.getPhysicalDeviceQueueFamilyProperties(physicalDevice, &count, &families)
        let compute = families.prefix(Int(count)).enumerated().filter {
            $0.element.queueFlags & VK_QUEUE_COMPUTE_BIT.rawValue != 0 && $0.element.queueCount > 0
        }
        let best = compute.first { $0.element.timestampValidBits > 0 } ?? compute.first
        return best.map { (UInt32($0.offset), $0.element.timestampValidBits) }
    }

    /// A logical device with one queue of `queueFamily` (and `VK_KHR_portability_subset` where the device has it, as
    /// the specification requires), with `shaderStorageImageExtendedFormats` enabled where the device has it.
    private static func createDevice(_ candidate: Candidate, queueFamily: UInt32, functions: InstanceFunctions)
        throws(GPUError) -> VkDevice
    {
        let portability = "VK_KHR_portability_subset"
        let usePortability = candidate.extensions.contains(portability)
        var priority: Float = 1
        var features = VkPhysicalDeviceFeatures()
        features.shaderStorageImageExtendedFormats = VkBool32(
            candidate.extendedStorageImageFormats ? VK_TRUE : VK_FALSE)
        var device: VkDevice?
        let result = portability.withCString { portabilityName in
            withUnsafePointer(to: &features) { enabledFeatures in
                withUnsafePointer(to: &priority) { priorities in
                    var queueInfo = VkDeviceQueueCreateInfo()
                    queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
                    queueInfo.queueFamilyIndex = queueFamily
                    queueInfo.queueCount = 1
                    queueInfo.pQueuePriorities = priorities
                    let extensions: [UnsafePointer<CChar>?] = usePortability ? [portabilityName] : []
                    return withUnsafePointer(to: &queueInfo) { queues in
                        extensions.withUnsafeBufferPointer { names in
                            var info = VkDeviceCreateInfo()
                            info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
                            info.queueCreateInfoCount = 1
                            info.pQueueCreateInfos = queues
                            info.enabledExtensionCount = UInt32(names.count)
                            info.ppEnabledExtensionNames = names.baseAddress
                            info.pEnabledFeatures = enabledFeatures
                            return functions.createDevice(candidate.physicalDevice, &info, nil, &device)
                        }
                    }
                }
            }
        }
        try check(result, "vkCreateDevice")
        guard let device else { throw .vulkanCallFailed(call: "vkCreateDevice", result: "no device") }
        return device
    }

    /// The names of a `vkEnumerate…ExtensionProperties` call (count, then list).
    private static func extensionNames(
        call: String,
        _ enumerate: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<VkExtensionProperties>?) -> VkResult
    ) throws(GPUError) -> Set<String> {
        var count: UInt32 = 0
        try check(enumerate(&count, nil), call)
        var list = [VkExtensionProperties](repeating: VkExtensionProperties(), count: Int(count))
        let result = list.withUnsafeMutableBufferPointer { enumerate(&count, $0.baseAddress) }
        guard result == VK_SUCCESS || result == VK_INCOMPLETE else {
            throw .vulkanCallFailed(call: call, result: vulkanResultName(result))
        }
        return Set(list.prefix(Int(count)).map { string(fromCharacters: $0.extensionName) })
    }
}

extension VulkanDeviceKind {
    init(_ type: VkPhysicalDeviceType) {
        switch type {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: self = .discreteGPU
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: self = .integratedGPU
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: self = .virtualGPU
        case VK_PHYSICAL_DEVICE_TYPE_CPU: self = .cpu
        default: self = .other
        }
    }
}

extension FloatControls {
    init(_ properties: VkPhysicalDeviceFloatControlsProperties) {
        func widths(_ bits16: VkBool32, _ bits32: VkBool32, _ bits64: VkBool32) -> FloatWidths {
            var widths: FloatWidths = []
            if bits16 != 0 { widths.insert(.float16) }
            if bits32 != 0 { widths.insert(.float32) }
            if bits64 != 0 { widths.insert(.float64) }
            return widths
        }
        func independence(_ value: VkShaderFloatControlsIndependence) -> Independence {
            switch value {
            case VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_32_BIT_ONLY: .only32BitIndependent
            case VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_ALL: .all
            default: .none
            }
        }
        let p = properties
        self.init(
            denormBehaviorIndependence: independence(p.denormBehaviorIndependence),
            roundingModeIndependence: independence(p.roundingModeIndependence),
            signedZeroInfNanPreserve: widths(
                p.shaderSignedZeroInfNanPreserveFloat16, p.shaderSignedZeroInfNanPreserveFloat32,
                p.shaderSignedZeroInfNanPreserveFloat64),
            denormPreserve: widths(
                p.shaderDenormPreserveFloat16, p.shaderDenormPreserveFloat32, p.shaderDenormPreserveFloat64),
            denormFlushToZero: widths(
                p.shaderDenormFlushToZeroFloat16, p.shaderDenormFlushToZeroFloat32, p.shaderDenormFlushToZeroFloat64),
            roundingModeRTE: widths(
                p.shaderRoundingModeRTEFloat16, p.shaderRoundingModeRTEFloat32, p.shaderRoundingModeRTEFloat64),
            roundingModeRTZ: widths(
                p.shaderRoundingModeRTZFloat16, p.shaderRoundingModeRTZFloat32, p.shaderRoundingModeRTZFloat64))
    }
}
