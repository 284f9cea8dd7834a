@testable import GPUConversion
import Testing

/// Opening the loader and devices, and what a missing loader or device says.
@Suite("Vulkan device")
struct VulkanDeviceTests {
    @Test("a missing loader is a typed error naming the library and the package to install")
    func missingLoader() {
        let result = VulkanLoader.open(["libvulkan-hdrcolor-missing.so.1"])
        guard case .failure(let error) = result else {
            Issue.record("a loader that does not exist opened")
            return
        }
        guard case .noLoader(let library, let reason) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(library == "libvulkan-hdrcolor-missing.so.1")
        #expect(!reason.isEmpty)
        #expect(error.description.hasPrefix("no Vulkan loader (libvulkan-hdrcolor-missing.so.1): "))
        #expect(error.description.contains("apt-get install libvulkan1 mesa-vulkan-drivers"))
    }

    @Test("VkResult names")
    func resultNames() {
        #expect(vulkanResultName(rawValue: -2) == "VK_ERROR_OUT_OF_DEVICE_MEMORY")
        #expect(vulkanResultName(rawValue: -1_000_069_000) == "VK_ERROR_OUT_OF_POOL_MEMORY")
        #expect(vulkanResultName(rawValue: -77) == "VkResult -77")
        #expect(
            GPUError.vulkanCallFailed(call: "vkAllocateMemory", result: "VK_ERROR_OUT_OF_DEVICE_MEMORY").description
                == "vkAllocateMemory failed: VK_ERROR_OUT_OF_DEVICE_MEMORY")
    }

    @Test(
        "the default device: name, driver, Vulkan 1.1 or later, limits",
        .enabled(if: GPUTestSupport.hasDevice, GPUTestSupport.skipReason))
    func defaultDevice() throws {
        let device = try GPUTestSupport.requireDevice()
        #expect(!device.name.isEmpty)
        #expect(device.apiVersion >= .v1_1)
        #expect(device.loaderLibrary.hasPrefix("libvulkan"))
        #expect(device.limits.maxStorageBufferRange >= 1 << 27)
        #expect(device.limits.maxPushConstantsSize >= 128)
        #expect(device.limits.maxComputeWorkGroupCount.x >= 65_535)
        #expect(device.limits.maxStorageBuffersPerStage >= 4)
        if device.driverName == "llvmpipe" { #expect(device.isCPU) }
        let listed = try VulkanDevice.availableDevices()
        #expect(listed.contains(device.properties))
        print("Vulkan device: \(device.properties); timestamps: \(device.supportsTimestamps)")
        print("Vulkan devices: \(listed.map(\.description).joined(separator: "; "))")
    }

    @Test("the device reports its float controls", .enabled(if: GPUTestSupport.hasDevice, GPUTestSupport.skipReason))
    func floatControls() throws {
        let device = try GPUTestSupport.requireDevice()
        let controls = try #require(device.floatControls, "\(device.name) reports no float controls")
        print("Float controls of \(device.name): \(controls)")
        if device.apiVersion >= VulkanVersion(major: 1, minor: 2) {
            // Every Vulkan 1.2 driver supports the 32-bit round-to-nearest-even mode shaders run in by default.
            #expect(controls.roundingModeRTE.contains(.float32) || controls.roundingModeRTZ.contains(.float32))
        }
        if device.driverName == "llvmpipe" {
            // Mesa's lavapipe keeps signed zeros, infinities and NaNs and rounds to nearest even at every width (it
            // offers no denormal mode either way; FloatBehaviourTests finds subnormals kept).
            #expect(controls.signedZeroInfNanPreserve.contains(.float32))
            #expect(controls.roundingModeRTE.contains(.float32))
        }
    }

    @Test(
        "HDRCOLOR_VULKAN_DEVICE naming no device is a typed error listing the devices",
        .enabled(if: GPUTestSupport.hasDevice, GPUTestSupport.skipReason))
    func missingDeviceFromEnvironment() throws {
        let present = try GPUTestSupport.requireDevice()
        do {
            _ = try VulkanDevice(
                named: nil, environment: [VulkanDevice.deviceVariable: "no-such-device-hdrcolor"])
            Issue.record("a device named no-such-device-hdrcolor opened")
        } catch {
            guard case .noDevice(let requested, let available) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(requested == "no-such-device-hdrcolor")
            #expect(available.contains(present.name))
            #expect(error.description.hasPrefix("no Vulkan device whose name contains 'no-such-device-hdrcolor'"))
            #expect(error.description.contains("HDRCOLOR_VULKAN_DEVICE"))
            #expect(error.description.contains(present.name))
        }
        // The argument wins over the variable; an empty variable is no request.
        let byName = try VulkanDevice(
            named: String(present.name.prefix(4)).uppercased(),
            environment: [VulkanDevice.deviceVariable: "no-such-device-hdrcolor"])
        #expect(byName.name == present.name || byName.name.lowercased().contains(present.name.prefix(4).lowercased()))
        let unnamed = try VulkanDevice(named: nil, environment: [VulkanDevice.deviceVariable: ""])
        #expect(unnamed.properties == present.properties)
    }

    @Test("no device at all says what to install")
    func noDriverSentence() {
        let error = GPUError.noDevice(requested: nil, available: [])
        #expect(error.description.contains("apt-get install mesa-vulkan-drivers"))
    }
}
