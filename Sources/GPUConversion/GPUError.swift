/// An error of the GPU runner: no Vulkan loader or device, a Vulkan call that failed, a shader that does not compile
/// or translate, or an argument out of its documented range.
///
/// Every case reads as one sentence through `description`, naming what was asked for and what was found.
public enum GPUError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The Vulkan loader library could not be opened, or it lacks `vkGetInstanceProcAddr`. `reason` is the dynamic
    /// linker's message.
    case noLoader(library: String, reason: String)
    /// The loader or driver does not offer an entry point the runner needs (e.g. a Vulkan 1.0 loader).
    case missingEntryPoint(String)
    /// The loader (instance) supports an older Vulkan than the runner needs (1.1).
    case unsupportedVulkanVersion(found: VulkanVersion, required: VulkanVersion)
    /// No Vulkan device fits: none at all (no driver installed), none of Vulkan 1.1 or later, or none whose name
    /// contains `requested` (from the argument or `HDRCOLOR_VULKAN_DEVICE`). `available` lists the devices seen.
    case noDevice(requested: String?, available: [String])
    /// The device has no queue family with compute.
    case noComputeQueue(device: String)
    /// A Vulkan call returned an error: the call's name and the `VkResult` name (e.g. `VK_ERROR_OUT_OF_DEVICE_MEMORY`).
    case vulkanCallFailed(call: String, result: String)
    /// The device has no memory type that is host-visible and host-coherent for a storage buffer.
    case noHostVisibleMemory(device: String)
    /// shaderc rejected a GLSL source. `diagnostics` are its errors and warnings with their line numbers; `log` is
    /// shaderc's whole message.
    case shaderCompilationFailed(name: String, diagnostics: [ShaderDiagnostic], log: String)
    /// The words are not a SPIR-V module the runner can use (`reason` says why: the magic number, SPIRV-Cross's parse
    /// message, no compute entry point, a resource the kernel does not bind).
    case invalidSPIRV(reason: String)
    /// SPIRV-Cross could not translate the module to `target` ("MSL 2.1", "HLSL SM 5.0"); `message` is its own.
    case translationFailed(target: String, message: String)
    /// A buffer of `requested` bytes cannot be made: zero or negative, or larger than `maximum` (the runner's cap or
    /// the device's `maxStorageBufferRange`, which `limit` names).
    case invalidBufferSize(requested: Int, maximum: Int, limit: String)
    /// `count` elements of `stride` bytes overflow `Int`.
    case bufferSizeOverflow(count: Int, stride: Int)
    /// The device cannot make storage images of `format` (see ``VulkanDevice/storageImageFormats``).
    case unsupportedImageFormat(GPUImage.Format, device: String)
    /// A `width` × `height` image cannot be made: a side below 1 or above `maximum` (the device's
    /// `maxImageDimension2D`), or a byte count that overflows `Int`.
    case invalidImageSize(width: Int, height: Int, maximum: Int)
    /// An argument is out of its documented range (the sentence says which and why).
    case invalidArgument(String)
    /// A conversion whose plan has no GPU form (PixelShaders' reason).
    case unsupportedConversion(String)

    /// One sentence naming the numbers and names involved.
    public var description: String {
        switch self {
        case .noLoader(let library, let reason):
            "no Vulkan loader (\(library)): \(reason); on Debian: apt-get install libvulkan1 mesa-vulkan-drivers"
        case .missingEntryPoint(let name):
            "the Vulkan loader or driver has no entry point \(name)"
        case .unsupportedVulkanVersion(let found, let required):
            "the Vulkan loader supports Vulkan \(found); the GPU runner needs \(required) or later"
        case .noDevice(let requested, let available):
            Self.noDeviceSentence(requested: requested, available: available)
        case .noComputeQueue(let device):
            "the Vulkan device '\(device)' has no compute queue"
        case .vulkanCallFailed(let call, let result):
            "\(call) failed: \(result)"
        case .noHostVisibleMemory(let device):
            "the Vulkan device '\(device)' has no host-visible, host-coherent memory for storage buffers"
        case .shaderCompilationFailed(let name, let diagnostics, let log):
            diagnostics.isEmpty
                ? "shaderc could not compile \(name): \(log)"
                : "shaderc could not compile \(name): "
                    + diagnostics.map(\.description).joined(separator: "; ")
        case .invalidSPIRV(let reason):
            "not a usable SPIR-V compute module: \(reason)"
        case .translationFailed(let target, let message):
            "SPIRV-Cross could not translate the module to \(target): \(message)"
        case .invalidBufferSize(let requested, let maximum, let limit):
            "a GPU buffer of \(requested) bytes is not possible: it must be 1 ... \(maximum) bytes (\(limit))"
        case .bufferSizeOverflow(let count, let stride):
            "a GPU buffer of \(count) elements of \(stride) bytes overflows Int"
        case .unsupportedImageFormat(let format, let device):
            "the Vulkan device '\(device)' cannot use \(format) as a storage image"
                + (format.needsExtendedStorageFormats
                    ? " (it needs optimal-tiling storage-image support and the feature shaderStorageImageExtendedFormats)"
                    : " (no optimal-tiling storage-image and transfer support)")
        case .invalidImageSize(let width, let height, let maximum):
            "a GPU image of \(width) × \(height) texels is not possible: each side must be 1 ... \(maximum) "
                + "(maxImageDimension2D)"
        case .invalidArgument(let sentence):
            "invalid argument: \(sentence)"
        case .unsupportedConversion(let reason):
            "the conversion cannot run on the GPU: \(reason)"
        }
    }

    private static func noDeviceSentence(requested: String?, available: [String]) -> String {
        let seen = available.isEmpty ? "none" : available.map { "'\($0)'" }.joined(separator: ", ")
        if let requested {
            return "no Vulkan device whose name contains '\(requested)' (devices: \(seen)); "
                + "set HDRCOLOR_VULKAN_DEVICE to part of one of those names, or unset it"
        }
        if available.isEmpty {
            return "no Vulkan device: the loader found no driver; "
                + "on Debian: apt-get install mesa-vulkan-drivers (lavapipe, a Vulkan driver on the CPU)"
        }
        return "no Vulkan 1.1 device (devices: \(seen))"
    }
}

/// One message of a shader compiler: its line in the source (1-based; nil when the compiler names none), whether it
/// is an error or a warning, and its text.
public struct ShaderDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Error or warning.
    public enum Severity: String, Hashable, Sendable {
        case error, warning
    }

    /// The 1-based line of the source the message is about, when the compiler names one.
    public var line: Int?
    /// Error or warning.
    public var severity: Severity
    /// The compiler's text, e.g. `'y' : undeclared identifier`.
    public var message: String

    /// Creates a diagnostic.
    public init(line: Int?, severity: Severity, message: String) {
        self.line = line
        self.severity = severity
        self.message = message
    }

    /// `line 5: error: 'y' : undeclared identifier`.
    public var description: String {
        (line.map { "line \($0): " } ?? "") + "\(severity.rawValue): \(message)"
    }
}
