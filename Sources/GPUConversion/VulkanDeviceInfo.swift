/// A Vulkan version: `major.minor.patch` (the packed `VK_MAKE_API_VERSION` form without its variant bits).
public struct VulkanVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The major version (1).
    public var major: Int
    /// The minor version (1 for Vulkan 1.1).
    public var minor: Int
    /// The patch (header) version.
    public var patch: Int

    /// Creates a version from its parts.
    public init(major: Int, minor: Int, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Unpacks a `VK_MAKE_API_VERSION` value (variant in bits 29–31, major 22–28, minor 12–21, patch 0–11).
    public init(packed: UInt32) {
        self.init(major: Int((packed >> 22) & 0x7F), minor: Int((packed >> 12) & 0x3FF), patch: Int(packed & 0xFFF))
    }

    /// Vulkan 1.1, the version the runner asks for.
    public static let v1_1 = VulkanVersion(major: 1, minor: 1)

    /// The packed form, variant 0.
    public var packed: UInt32 { UInt32(major & 0x7F) << 22 | UInt32(minor & 0x3FF) << 12 | UInt32(patch & 0xFFF) }

    /// `1.3.230`.
    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (lhs: VulkanVersion, rhs: VulkanVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

/// What a Vulkan physical device is (`VkPhysicalDeviceType`), in the order the runner prefers them.
public enum VulkanDeviceKind: String, Hashable, Sendable, CaseIterable {
    /// A separate GPU.
    case discreteGPU = "discrete GPU"
    /// A GPU in or beside the CPU, sharing its memory.
    case integratedGPU = "integrated GPU"
    /// A GPU of a virtual machine.
    case virtualGPU = "virtual GPU"
    /// A driver on the CPU, e.g. Mesa's lavapipe (llvmpipe) or SwiftShader.
    case cpu = "CPU"
    /// Anything else the driver reports.
    case other = "other"

    /// Lower is preferred: discrete, integrated, virtual, CPU, other.
    var preference: Int { Self.allCases.firstIndex(of: self) ?? Self.allCases.count }
}

/// A set of IEEE floating-point widths, for the float-control capabilities of a device.
public struct FloatWidths: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// binary16 (half).
    public static let float16 = FloatWidths(rawValue: 1)
    /// binary32 (float).
    public static let float32 = FloatWidths(rawValue: 2)
    /// binary64 (double).
    public static let float64 = FloatWidths(rawValue: 4)

    /// `[16, 32]`: the widths in the set, in bits.
    public var description: String {
        "["
            + [(Self.float16, "16"), (.float32, "32"), (.float64, "64")].filter { contains($0.0) }.map(\.1)
            .joined(separator: ", ") + "]"
    }
}

/// The float controls of a device (`VkPhysicalDeviceFloatControlsProperties`, Vulkan 1.2 or
/// `VK_KHR_shader_float_controls`): what a shader may ask of denormals, signed zeros, infinities, NaNs and rounding
/// through the SPIR-V execution modes `DenormPreserve`, `DenormFlushToZero`, `SignedZeroInfNanPreserve`,
/// `RoundingModeRTE` and `RoundingModeRTZ`.
///
/// These are capabilities, not defaults: a shader that declares none of those modes gets the driver's default
/// behaviour, which Vulkan leaves open (denormals may be flushed; rounding of `+ − ×` is round-to-nearest-even for
/// 32-bit floats in practice but only "correctly rounded or better than 1 ULP" by the letter of the specification).
public struct FloatControls: Hashable, Sendable, CustomStringConvertible {
    /// How the widths' settings relate (`VkShaderFloatControlsIndependence`).
    public enum Independence: String, Hashable, Sendable {
        /// 16- and 64-bit share one setting; 32-bit has its own.
        case only32BitIndependent = "32-bit only"
        /// Every width has its own setting.
        case all = "all"
        /// One setting for every width.
        case none = "none"
    }

    /// Whether denormal behaviour can be set per width.
    public var denormBehaviorIndependence: Independence
    /// Whether the rounding mode can be set per width.
    public var roundingModeIndependence: Independence
    /// Widths for which a shader may ask to keep signed zeros, infinities and NaNs.
    public var signedZeroInfNanPreserve: FloatWidths
    /// Widths for which a shader may ask to keep denormals.
    public var denormPreserve: FloatWidths
    /// Widths for which a shader may ask to flush denormals to zero.
    public var denormFlushToZero: FloatWidths
    /// Widths for which a shader may ask for round-to-nearest-even.
    public var roundingModeRTE: FloatWidths
    /// Widths for which a shader may ask for round-towards-zero.
    public var roundingModeRTZ: FloatWidths

    /// Creates a set of float controls.
    public init(
        denormBehaviorIndependence: Independence, roundingModeIndependence: Independence,
        signedZeroInfNanPreserve: FloatWidths, denormPreserve: FloatWidths, denormFlushToZero: FloatWidths,
        roundingModeRTE: FloatWidths, roundingModeRTZ: FloatWidths
    ) {
        self.denormBehaviorIndependence = denormBehaviorIndependence
        self.roundingModeIndependence = roundingModeIndependence
        self.signedZeroInfNanPreserve = signedZeroInfNanPreserve
        self.denormPreserve = denormPreserve
        self.denormFlushToZero = denormFlushToZero
        self.roundingModeRTE = roundingModeRTE
        self.roundingModeRTZ = roundingModeRTZ
    }

    /// One line, e.g. `denorm preserve [16, 32, 64], flush to zero [], signed zero/inf/NaN preserve [16, 32, 64], …`.
    public var description: String {
        "denorm preserve \(denormPreserve), denorm flush to zero \(denormFlushToZero), "
            + "signed zero/inf/NaN preserve \(signedZeroInfNanPreserve), rounding RTE \(roundingModeRTE), "
            + "RTZ \(roundingModeRTZ), denorm independence \(denormBehaviorIndependence.rawValue), "
            + "rounding independence \(roundingModeIndependence.rawValue)"
    }
}

/// The limits of a device that bound what the runner can do (`VkPhysicalDeviceLimits`).
public struct VulkanDeviceLimits: Hashable, Sendable {
    /// The largest storage buffer a shader can address, in bytes (`maxStorageBufferRange`).
    public var maxStorageBufferRange: Int
    /// The most push-constant bytes (`maxPushConstantsSize`; at least 128).
    public var maxPushConstantsSize: Int
    /// The most storage buffers one shader can bind (`maxPerStageDescriptorStorageBuffers`; at least 4).
    public var maxStorageBuffersPerStage: Int
    /// The most workgroups per dispatch in x, y, z (`maxComputeWorkGroupCount`; at least 65 535 each).
    public var maxComputeWorkGroupCount: SIMD3<Int>
    /// The largest workgroup a shader may declare in x, y, z (`maxComputeWorkGroupSize`).
    public var maxComputeWorkGroupSize: SIMD3<Int>
    /// The most invocations in one workgroup (`maxComputeWorkGroupInvocations`).
    public var maxComputeWorkGroupInvocations: Int
    /// Nanoseconds per timestamp tick (`timestampPeriod`).
    public var timestampPeriod: Double
    /// The most storage images one shader can bind (`maxPerStageDescriptorStorageImages`; at least 4).
    public var maxStorageImagesPerStage: Int
    /// The largest width and height of a 2D image, in texels (`maxImageDimension2D`; at least 4096).
    public var maxImageDimension2D: Int

    /// Creates a set of limits (the image limits default to Vulkan's minimums).
    public init(
        maxStorageBufferRange: Int, maxPushConstantsSize: Int, maxStorageBuffersPerStage: Int,
        maxComputeWorkGroupCount: SIMD3<Int>,
        maxComputeWorkGroupSize: SIMD3<Int>, maxComputeWorkGroupInvocations: Int, timestampPeriod: Double,
        maxStorageImagesPerStage: Int = 4, maxImageDimension2D: Int = 4096
    ) {
        self.maxStorageImagesPerStage = maxStorageImagesPerStage
        self.maxImageDimension2D = maxImageDimension2D
        self.maxStorageBufferRange = maxStorageBufferRange
        self.maxPushConstantsSize = maxPushConstantsSize
        self.maxStorageBuffersPerStage = maxStorageBuffersPerStage
        self.maxComputeWorkGroupCount = maxComputeWorkGroupCount
        self.maxComputeWorkGroupSize = maxComputeWorkGroupSize
        self.maxComputeWorkGroupInvocations = maxComputeWorkGroupInvocations
        self.timestampPeriod = timestampPeriod
    }
}

/// What the runner knows of one Vulkan physical device, without opening it.
public struct VulkanDeviceDescription: Hashable, Sendable, CustomStringConvertible {
    /// The device's name, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)` or `NVIDIA H200`.
    public var name: String
    /// The driver's name (`VkPhysicalDeviceDriverProperties.driverName`, e.g. `llvmpipe`), or `""` when the device
    /// does not report it (before Vulkan 1.2 without `VK_KHR_driver_properties`).
    public var driverName: String
    /// The driver's version text (`driverInfo`, e.g. `Mesa 22.3.6 (LLVM 15.0.6)`), or `""`.
    public var driverInfo: String
    /// The Vulkan version the device supports.
    public var apiVersion: VulkanVersion
    /// Discrete, integrated, virtual, CPU or other.
    public var kind: VulkanDeviceKind
    /// The PCI vendor ID (0x10DE NVIDIA, 0x1002 AMD, 0x8086 Intel, 0x10005 Mesa).
    public var vendorID: Int
    /// The vendor's device ID.
    public var deviceID: Int

    /// Creates a description.
    public init(
        name: String, driverName: String, driverInfo: String, apiVersion: VulkanVersion, kind: VulkanDeviceKind,
        vendorID: Int, deviceID: Int
    ) {
        self.name = name
        self.driverName = driverName
        self.driverInfo = driverInfo
        self.apiVersion = apiVersion
        self.kind = kind
        self.vendorID = vendorID
        self.deviceID = deviceID
    }

    /// Whether the device is a driver on the CPU (Mesa's lavapipe, SwiftShader).
    public var isCPU: Bool { kind == .cpu }

    /// `llvmpipe (LLVM 15.0.6, 256 bits) (CPU, Vulkan 1.3.230, llvmpipe Mesa 22.3.6 (LLVM 15.0.6))`.
    public var description: String {
        let driver = [driverName, driverInfo].filter { !$0.isEmpty }.joined(separator: " ")
        return "\(name) (\(kind.rawValue), Vulkan \(apiVersion)" + (driver.isEmpty ? ")" : ", \(driver))")
    }
}
