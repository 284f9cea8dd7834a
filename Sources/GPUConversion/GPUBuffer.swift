internal import CVulkan

/// A storage buffer on a Vulkan device that the CPU reads and writes in place.
///
/// Its memory is host-visible and host-coherent (host-cached where the device has such memory, so reading results
/// back is fast) and stays mapped for the buffer's lifetime, so `withUnsafeMutableBytes` costs nothing and a kernel
/// sees the CPU's writes without a flush. That is the simplest layout and the right one for CPU drivers and unified
/// memory; on a discrete GPU, a device-local buffer filled through a staging copy would let kernels read faster.
/// The bytes start zeroed.
///
/// Not `Sendable`: the bytes are plain memory without synchronisation. Do not touch them while a kernel that uses the
/// buffer runs (``ComputeKernel/run(buffers:pushConstants:groups:)`` returns only when the kernel is done).
public final class GPUBuffer {
    /// The runner's cap on one buffer: 4 GiB. The device's `maxStorageBufferRange` may be lower.
    public static let maximumByteCount = 1 << 32

    /// The buffer's size in bytes.
    public let byteCount: Int
    /// The device the buffer lives on.
    public let device: VulkanDevice

    let buffer: VkBuffer
    private let memory: VkDeviceMemory
    private let contents: UnsafeMutableRawPointer

    /// Creates a zeroed buffer of `byteCount` bytes.
    ///
    /// - Throws: ``GPUError/invalidBufferSize(requested:maximum:limit:)`` unless 1 ≤ `byteCount` ≤
    ///   min(``maximumByteCount``, the device's `maxStorageBufferRange`); ``GPUError/noHostVisibleMemory(device:)``;
    ///   ``GPUError/vulkanCallFailed(call:result:)`` (e.g. `VK_ERROR_OUT_OF_DEVICE_MEMORY` from `vkAllocateMemory`).
    public convenience init(device: VulkanDevice, byteCount: Int) throws(GPUError) {
        let deviceLimit = device.limits.maxStorageBufferRange
        let maximum = min(Self.maximumByteCount, deviceLimit)
        guard byteCount >= 1, byteCount <= maximum else {
            throw .invalidBufferSize(
                requested: byteCount, maximum: maximum,
                limit: deviceLimit < Self.maximumByteCount
                    ? "maxStorageBufferRange of '\(device.name)'" : "GPUBuffer.maximumByteCount")
        }
        try self.init(
            device: device, allocating: byteCount,
            usage: VK_BUFFER_USAGE_STORAGE_BUFFER_BIT.rawValue | VK_BUFFER_USAGE_TRANSFER_SRC_BIT.rawValue
                | VK_BUFFER_USAGE_TRANSFER_DST_BIT.rawValue)
    }

    /// A staging buffer of `byteCount` (≥ 1) bytes for copies to and from images: transfers only, so not bounded by
    /// `maxStorageBufferRange`.
    convenience init(stagingFor device: VulkanDevice, byteCount: Int) throws(GPUError) {
        try self.init(
            device: device, allocating: byteCount,
            usage: VK_BUFFER_USAGE_TRANSFER_SRC_BIT.rawValue | VK_BUFFER_USAGE_TRANSFER_DST_BIT.rawValue)
    }

    /// Creates a zeroed, mapped buffer of `byteCount` (≥ 1, checked by the caller) bytes with `usage`
    /// (`VkBufferUsageFlags`).
    private init(device: VulkanDevice, allocating byteCount: Int, usage: UInt32) throws(GPUError) {
        let functions = device.functions
        var info = VkBufferCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
        info.size = VkDeviceSize(byteCount)
        info.usage = usage
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        var buffer: VkBuffer?
        try check(functions.createBuffer(device.device, &info, nil, &buffer), "vkCreateBuffer")
        guard let buffer else { throw .vulkanCallFailed(call: "vkCreateBuffer", result: "no buffer") }
        var keepBuffer = false
        defer { if !keepBuffer { functions.destroyBuffer(device.device, buffer, nil) } }

        var requirements = VkMemoryRequirements()
        functions.getBufferMemoryRequirements(device.device, buffer, &requirements)
        guard let typeIndex = device.hostVisibleMemoryType(allowed: requirements.memoryTypeBits) else {
            throw .noHostVisibleMemory(device: device.name)
        }
        var allocation = VkMemoryAllocateInfo()
        allocation.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
        allocation.allocationSize = requirements.size
        allocation.memoryTypeIndex = typeIndex
        var memory: VkDeviceMemory?
        try check(functions.allocateMemory(device.device, &allocation, nil, &memory), "vkAllocateMemory")
        guard let memory else { throw .vulkanCallFailed(call: "vkAllocateMemory", result: "no memory") }
        var keepMemory = false
        defer { if !keepMemory { functions.freeMemory(device.device, memory, nil) } }

        try check(functions.bindBufferMemory(device.device, buffer, memory, 0), "vkBindBufferMemory")
        var mapped: UnsafeMutableRawPointer?
        try check(functions.mapMemory(device.device, memory, 0, VkDeviceSize(byteCount), 0, &mapped), "vkMapMemory")
        guard let mapped else { throw .vulkanCallFailed(call: "vkMapMemory", result: "no pointer") }
        mapped.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)

        keepBuffer = true
        keepMemory = true
        self.device = device
        self.byteCount = byteCount
        self.buffer = buffer
        self.memory = memory
        self.contents = mapped
    }

    /// Creates a zeroed buffer for `count` values of `Element`.
    ///
    /// - Throws: ``GPUError/bufferSizeOverflow(count:stride:)`` when `count × stride` overflows `Int`; otherwise as
    ///   ``init(device:byteCount:)``.
    public convenience init<Element: BitwiseCopyable>(device: VulkanDevice, count: Int, of: Element.Type)
        throws(GPUError)
    {
        let stride = MemoryLayout<Element>.stride
        let (bytes, overflow) = count.multipliedReportingOverflow(by: stride)
        guard !overflow else { throw .bufferSizeOverflow(count: count, stride: stride) }
        try self.init(device: device, byteCount: bytes)
    }

    /// Creates a buffer holding a copy of `elements`.
    ///
    /// - Throws: As ``init(device:count:of:)``; an empty array is a zero-byte buffer, which Vulkan does not have.
    public convenience init<Element: BitwiseCopyable>(device: VulkanDevice, copying elements: [Element])
        throws(GPUError)
    {
        try self.init(device: device, count: elements.count, of: Element.self)
        withUnsafeMutableBytes { destination in
            elements.withUnsafeBytes { destination.copyMemory(from: $0) }
        }
    }

    deinit {
        device.functions.unmapMemory(device.device, memory)
        device.functions.destroyBuffer(device.device, buffer, nil)
        device.functions.freeMemory(device.device, memory, nil)
    }

    /// Calls `body` with the buffer's bytes, to write inputs or read results.
    public func withUnsafeMutableBytes<Result, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeMutableRawBufferPointer(start: contents, count: byteCount))
    }

    /// Calls `body` with the buffer's bytes, to read results.
    public func withUnsafeBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        try body(UnsafeRawBufferPointer(start: contents, count: byteCount))
    }

    /// A copy of the buffer's bytes as values of `Element` (as many whole values as fit).
    public func copyElements<Element: BitwiseCopyable>(as type: Element.Type) -> [Element] {
        let count = byteCount / MemoryLayout<Element>.stride
        return [Element](unsafeUninitializedCapacity: count) { elements, initialized in
            UnsafeMutableRawBufferPointer(elements).copyMemory(
                from: UnsafeRawBufferPointer(start: contents, count: count * MemoryLayout<Element>.stride))
            initialized = count
        }
    }
}
