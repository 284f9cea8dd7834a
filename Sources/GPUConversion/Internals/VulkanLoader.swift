internal import CVulkan

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The Vulkan loader, opened at run time with `dlopen`: nothing in the package links it, so a binary that uses
/// GPUConversion starts on a machine without Vulkan and gets ``GPUError/noLoader(library:reason:)`` when it asks for a
/// device. Every entry point comes from `vkGetInstanceProcAddr` (the headers are compiled with `VK_NO_PROTOTYPES`).
///
/// `@unchecked Sendable`: it holds one C function pointer, set once.
struct VulkanLoader: @unchecked Sendable {
    /// The library that was opened.
    let library: String
    /// The loader's one exported entry point.
    let getInstanceProcAddr: PFN_vkGetInstanceProcAddr

    /// The names tried, in order: the loader's SONAME, then (on Apple platforms) the Vulkan SDK's and Homebrew's
    /// loader and MoltenVK, which exports the same entry point.
    static let libraryNames: [String] = {
        #if canImport(Darwin)
        return [
            "libvulkan.1.dylib", "/usr/local/lib/libvulkan.1.dylib", "/opt/homebrew/lib/libvulkan.1.dylib",
            "libMoltenVK.dylib", "/usr/local/lib/libMoltenVK.dylib", "/opt/homebrew/lib/libMoltenVK.dylib",
        ]
        #else
        return ["libvulkan.so.1", "libvulkan.so"]
        #endif
    }()

    /// The process's loader, opened on first use (thread-safe: a static `let` is initialised once) and kept open for
    /// the life of the process.
    static let shared: Result<VulkanLoader, GPUError> = open(libraryNames)

    /// Opens the first of `names` that loads and exports `vkGetInstanceProcAddr`; otherwise the error names the first
    /// library and the dynamic linker's last message.
    static func open(_ names: [String]) -> Result<VulkanLoader, GPUError> {
        var reason = "not found"
        for name in names {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
                continue
            }
            guard let symbol = dlsym(handle, "vkGetInstanceProcAddr") else {
                reason = "\(name) does not export vkGetInstanceProcAddr"
                dlclose(handle)
                continue
            }
            return .success(
                VulkanLoader(
                    library: name, getInstanceProcAddr: unsafeBitCast(symbol, to: PFN_vkGetInstanceProcAddr.self))
            )
        }
        return .failure(.noLoader(library: names.first ?? "libvulkan", reason: reason))
    }

    /// An entry point through `vkGetInstanceProcAddr` (`instance` nil for the global ones), cast to its `PFN_` type.
    func function<Function>(_ name: String, instance: VkInstance?) throws(GPUError) -> Function {
        guard let raw = getInstanceProcAddr(instance, name) else { throw .missingEntryPoint(name) }
        return unsafeBitCast(raw, to: Function.self)
    }

    /// An entry point through `vkGetInstanceProcAddr` that may be missing (e.g. `vkEnumerateInstanceVersion` in a
    /// Vulkan 1.0 loader).
    func optionalFunction<Function>(_ name: String, instance: VkInstance?) -> Function? {
        guard let raw = getInstanceProcAddr(instance, name) else { return nil }
        return unsafeBitCast(raw, to: Function.self)
    }
}

/// The instance-level entry points the runner calls, fetched once per instance.
///
/// `@unchecked Sendable`: C function pointers, immutable.
struct InstanceFunctions: @unchecked Sendable {
    let destroyInstance: PFN_vkDestroyInstance
    let enumeratePhysicalDevices: PFN_vkEnumeratePhysicalDevices
    let getPhysicalDeviceProperties: PFN_vkGetPhysicalDeviceProperties
    let getPhysicalDeviceProperties2: PFN_vkGetPhysicalDeviceProperties2
    let getPhysicalDeviceQueueFamilyProperties: PFN_vkGetPhysicalDeviceQueueFamilyProperties
    let getPhysicalDeviceMemoryProperties: PFN_vkGetPhysicalDeviceMemoryProperties
    let getPhysicalDeviceFeatures: PFN_vkGetPhysicalDeviceFeatures
    let getPhysicalDeviceFormatProperties: PFN_vkGetPhysicalDeviceFormatProperties
    let enumerateDeviceExtensionProperties: PFN_vkEnumerateDeviceExtensionProperties
    let createDevice: PFN_vkCreateDevice
    let getDeviceProcAddr: PFN_vkGetDeviceProcAddr

    init(loader: VulkanLoader, instance: VkInstance) throws(GPUError) {
        destroyInstance = try loader.function("vkDestroyInstance", instance: instance)
        enumeratePhysicalDevices = try loader.function("vkEnumeratePhysicalDevices", instance: instance)
        getPhysicalDeviceProperties = try loader.function("vkGetPhysicalDeviceProperties", instance: instance)
        getPhysicalDeviceProperties2 = try loader.function("vkGetPhysicalDeviceProperties2", instance: instance)
        getPhysicalDeviceQueueFamilyProperties = try loader.function(
            "vkGetPhysicalDeviceQueueFamilyProperties", instance: instance)
        getPhysicalDeviceMemoryProperties = try loader.function(
            "vkGetPhysicalDeviceMemoryProperties", instance: instance)
        getPhysicalDeviceFeatures = try loader.function("vkGetPhysicalDeviceFeatures", instance: instance)
        getPhysicalDeviceFormatProperties = try loader.function(
            "vkGetPhysicalDeviceFormatProperties", instance: instance)
        enumerateDeviceExtensionProperties = try loader.function(
            "vkEnumerateDeviceExtensionProperties", instance: instance)
        createDevice = try loader.function("vkCreateDevice", instance: instance)
        getDeviceProcAddr = try loader.function("vkGetDeviceProcAddr", instance: instance)
    }
}

/// The device-level entry points the runner calls, fetched once per device through `vkGetDeviceProcAddr` (which
/// skips the loader's dispatch).
///
/// `@unchecked Sendable`: C function pointers, immutable.
struct DeviceFunctions: @unchecked Sendable {
    let destroyDevice: PFN_vkDestroyDevice
    let deviceWaitIdle: PFN_vkDeviceWaitIdle
    let getDeviceQueue: PFN_vkGetDeviceQueue
    let queueSubmit: PFN_vkQueueSubmit
    // Memory and buffers.
    let createBuffer: PFN_vkCreateBuffer
    let destroyBuffer: PFN_vkDestroyBuffer
    let getBufferMemoryRequirements: PFN_vkGetBufferMemoryRequirements
    let allocateMemory: PFN_vkAllocateMemory
    let freeMemory: PFN_vkFreeMemory
    let bindBufferMemory: PFN_vkBindBufferMemory
    let mapMemory: PFN_vkMapMemory
    let unmapMemory: PFN_vkUnmapMemory
    // Images.
    let createImage: PFN_vkCreateImage
    let destroyImage: PFN_vkDestroyImage
    let getImageMemoryRequirements: PFN_vkGetImageMemoryRequirements
    let bindImageMemory: PFN_vkBindImageMemory
    let createImageView: PFN_vkCreateImageView
    let destroyImageView: PFN_vkDestroyImageView
    // Pipelines and descriptors.
    let createShaderModule: PFN_vkCreateShaderModule
    let destroyShaderModule: PFN_vkDestroyShaderModule
    let createDescriptorSetLayout: PFN_vkCreateDescriptorSetLayout
    let destroyDescriptorSetLayout: PFN_vkDestroyDescriptorSetLayout
    let createPipelineLayout: PFN_vkCreatePipelineLayout
    let destroyPipelineLayout: PFN_vkDestroyPipelineLayout
    let createComputePipelines: PFN_vkCreateComputePipelines
    let destroyPipeline: PFN_vkDestroyPipeline
    let createDescriptorPool: PFN_vkCreateDescriptorPool
    let destroyDescriptorPool: PFN_vkDestroyDescriptorPool
    let allocateDescriptorSets: PFN_vkAllocateDescriptorSets
    let updateDescriptorSets: PFN_vkUpdateDescriptorSets
    // Commands, queries and fences.
    let createCommandPool: PFN_vkCreateCommandPool
    let destroyCommandPool: PFN_vkDestroyCommandPool
    let allocateCommandBuffers: PFN_vkAllocateCommandBuffers
    let resetCommandBuffer: PFN_vkResetCommandBuffer
    let beginCommandBuffer: PFN_vkBeginCommandBuffer
    let endCommandBuffer: PFN_vkEndCommandBuffer
    let cmdBindPipeline: PFN_vkCmdBindPipeline
    let cmdBindDescriptorSets: PFN_vkCmdBindDescriptorSets
    let cmdPushConstants: PFN_vkCmdPushConstants
    let cmdDispatch: PFN_vkCmdDispatch
    let cmdPipelineBarrier: PFN_vkCmdPipelineBarrier
    let cmdCopyBufferToImage: PFN_vkCmdCopyBufferToImage
    let cmdCopyImageToBuffer: PFN_vkCmdCopyImageToBuffer
    let cmdResetQueryPool: PFN_vkCmdResetQueryPool
    let cmdWriteTimestamp: PFN_vkCmdWriteTimestamp
    let createQueryPool: PFN_vkCreateQueryPool
    let destroyQueryPool: PFN_vkDestroyQueryPool
    let getQueryPoolResults: PFN_vkGetQueryPoolResults
    let createFence: PFN_vkCreateFence
    let destroyFence: PFN_vkDestroyFence
    let resetFences: PFN_vkResetFences
    let waitForFences: PFN_vkWaitForFences

    init(getDeviceProcAddr: PFN_vkGetDeviceProcAddr, device: VkDevice) throws(GPUError) {
        func load<Function>(_ name: String) throws(GPUError) -> Function {
            guard let raw = getDeviceProcAddr(device, name) else { throw .missingEntryPoint(name) }
            return unsafeBitCast(raw, to: Function.self)
        }
        destroyDevice = try load("vkDestroyDevice")
        deviceWaitIdle = try load("vkDeviceWaitIdle")
        getDeviceQueue = try load("vkGetDeviceQueue")
        queueSubmit = try load("vkQueueSubmit")
        createBuffer = try load("vkCreateBuffer")
        destroyBuffer = try load("vkDestroyBuffer")
        getBufferMemoryRequirements = try load("vkGetBufferMemoryRequirements")
        allocateMemory = try load("vkAllocateMemory")
        freeMemory = try load("vkFreeMemory")
        bindBufferMemory = try load("vkBindBufferMemory")
        mapMemory = try load("vkMapMemory")
        unmapMemory = try load("vkUnmapMemory")
        createImage = try load("vkCreateImage")
        destroyImage = try load("vkDestroyImage")
        getImageMemoryRequirements = try load("vkGetImageMemoryRequirements")
        bindImageMemory = try load("vkBindImageMemory")
        createImageView = try load("vkCreateImageView")
        destroyImageView = try load("vkDestroyImageView")
        createShaderModule = try load("vkCreateShaderModule")
        destroyShaderModule = try load("vkDestroyShaderModule")
        createDescriptorSetLayout = try load("vkCreateDescriptorSetLayout")
        destroyDescriptorSetLayout = try load("vkDestroyDescriptorSetLayout")
        createPipelineLayout = try load("vkCreatePipelineLayout")
        destroyPipelineLayout = try load("vkDestroyPipelineLayout")
        createComputePipelines = try load("vkCreateComputePipelines")
        destroyPipeline = try load("vkDestroyPipeline")
        createDescriptorPool = try load("vkCreateDescriptorPool")
        destroyDescriptorPool = try load("vkDestroyDescriptorPool")
        allocateDescriptorSets = try load("vkAllocateDescriptorSets")
        updateDescriptorSets = try load("vkUpdateDescriptorSets")
        createCommandPool = try load("vkCreateCommandPool")
        destroyCommandPool = try load("vkDestroyCommandPool")
        allocateCommandBuffers = try load("vkAllocateCommandBuffers")
        resetCommandBuffer = try load("vkResetCommandBuffer")
        beginCommandBuffer = try load("vkBeginCommandBuffer")
        endCommandBuffer = try load("vkEndCommandBuffer")
        cmdBindPipeline = try load("vkCmdBindPipeline")
        cmdBindDescriptorSets = try load("vkCmdBindDescriptorSets")
        cmdPushConstants = try load("vkCmdPushConstants")
        cmdDispatch = try load("vkCmdDispatch")
        cmdPipelineBarrier = try load("vkCmdPipelineBarrier")
        cmdCopyBufferToImage = try load("vkCmdCopyBufferToImage")
        cmdCopyImageToBuffer = try load("vkCmdCopyImageToBuffer")
        cmdResetQueryPool = try load("vkCmdResetQueryPool")
        cmdWriteTimestamp = try load("vkCmdWriteTimestamp")
        createQueryPool = try load("vkCreateQueryPool")
        destroyQueryPool = try load("vkDestroyQueryPool")
        getQueryPoolResults = try load("vkGetQueryPoolResults")
        createFence = try load("vkCreateFence")
        destroyFence = try load("vkDestroyFence")
        resetFences = try load("vkResetFences")
        waitForFences = try load("vkWaitForFences")
    }
}

/// Throws ``GPUError/vulkanCallFailed(call:result:)`` unless `result` is `VK_SUCCESS`.
@inline(__always)
func check(_ result: VkResult, _ call: String) throws(GPUError) {
    guard result == VK_SUCCESS else { throw .vulkanCallFailed(call: call, result: vulkanResultName(result)) }
}

/// The name of a `VkResult` (`VK_ERROR_OUT_OF_DEVICE_MEMORY`), or its number when it is not one the headers of
/// Vulkan 1.3 name for core or common extensions.
func vulkanResultName(_ result: VkResult) -> String {
    vulkanResultName(rawValue: Int32(truncatingIfNeeded: result.rawValue))
}

/// The name of a `VkResult` value.
func vulkanResultName(rawValue value: Int32) -> String {
    let names: [Int32: String] = [
        0: "VK_SUCCESS", 1: "VK_NOT_READY", 2: "VK_TIMEOUT", 3: "VK_EVENT_SET", 4: "VK_EVENT_RESET",
        5: "VK_INCOMPLETE", -1: "VK_ERROR_OUT_OF_HOST_MEMORY", -2: "VK_ERROR_OUT_OF_DEVICE_MEMORY",
        -3: "VK_ERROR_INITIALIZATION_FAILED", -4: "VK_ERROR_DEVICE_LOST", -5: "VK_ERROR_MEMORY_MAP_FAILED",
        -6: "VK_ERROR_LAYER_NOT_PRESENT", -7: "VK_ERROR_EXTENSION_NOT_PRESENT", -8: "VK_ERROR_FEATURE_NOT_PRESENT",
        -9: "VK_ERROR_INCOMPATIBLE_DRIVER", -10: "VK_ERROR_TOO_MANY_OBJECTS", -11: "VK_ERROR_FORMAT_NOT_SUPPORTED",
        -12: "VK_ERROR_FRAGMENTED_POOL", -13: "VK_ERROR_UNKNOWN", -1_000_069_000: "VK_ERROR_OUT_OF_POOL_MEMORY",
        -1_000_072_003: "VK_ERROR_INVALID_EXTERNAL_HANDLE", -1_000_161_000: "VK_ERROR_FRAGMENTATION",
        -1_000_257_000: "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS", 1_000_297_000: "VK_PIPELINE_COMPILE_REQUIRED",
        -1_000_000_000: "VK_ERROR_SURFACE_LOST_KHR", -1_000_001_004: "VK_ERROR_OUT_OF_DATE_KHR",
        -1_000_012_000: "VK_ERROR_INVALID_SHADER_NV", -1_000_174_001: "VK_ERROR_NOT_PERMITTED_KHR",
    ]
    return names[value] ?? "VkResult \(value)"
}

/// The text of a fixed-size C character array (a `char[N]` field imported as a tuple), up to its first NUL.
func string<Tuple>(fromCharacters tuple: Tuple) -> String {
    withUnsafeBytes(of: tuple) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
