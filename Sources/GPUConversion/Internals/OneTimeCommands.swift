internal import CVulkan

/// A command pool, its one command buffer and a fence, for work that is recorded, submitted and waited for at once
/// (a ``ComputeKernel``'s runs, the copies of a ``GPUImage``). Not thread-safe: its owner uses it from one thread at a
/// time.
final class OneTimeCommands {
    let device: VulkanDevice
    private let pool: VkCommandPool
    private let commandBuffer: VkCommandBuffer
    private let fence: VkFence

    init(device: VulkanDevice) throws(GPUError) {
        let vk = device.functions
        let handle = device.device
        var poolInfo = VkCommandPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT.rawValue
        poolInfo.queueFamilyIndex = device.queueFamilyIndex
        var pool: VkCommandPool?
        try check(vk.createCommandPool(handle, &poolInfo, nil, &pool), "vkCreateCommandPool")
        guard let pool else { throw .vulkanCallFailed(call: "vkCreateCommandPool", result: "no pool") }
        var keepPool = false
        defer { if !keepPool { vk.destroyCommandPool(handle, pool, nil) } }

        var allocation = VkCommandBufferAllocateInfo()
        allocation.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        allocation.commandPool = pool
        allocation.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        allocation.commandBufferCount = 1
        var commandBuffer: VkCommandBuffer?
        try check(vk.allocateCommandBuffers(handle, &allocation, &commandBuffer), "vkAllocateCommandBuffers")
        guard let commandBuffer else {
            throw .vulkanCallFailed(call: "vkAllocateCommandBuffers", result: "no command buffer")
        }

        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        var fence: VkFence?
        try check(vk.createFence(handle, &fenceInfo, nil, &fence), "vkCreateFence")
        guard let fence else { throw .vulkanCallFailed(call: "vkCreateFence", result: "no fence") }

        keepPool = true
        self.device = device
        self.pool = pool
        self.commandBuffer = commandBuffer
        self.fence = fence
    }

    deinit {
        // `run` waits for its work, so nothing is pending here.
        device.functions.destroyFence(device.device, fence, nil)
        device.functions.destroyCommandPool(device.device, pool, nil)  // frees the command buffer
    }

    /// Records `body` into the command buffer, submits it and waits until the device has done it.
    func run(_ body: (VkCommandBuffer) -> Void) throws(GPUError) {
        let vk = device.functions
        try check(vk.resetCommandBuffer(commandBuffer, 0), "vkResetCommandBuffer")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue
        try check(vk.beginCommandBuffer(commandBuffer, &begin), "vkBeginCommandBuffer")
        body(commandBuffer)
        try check(vk.endCommandBuffer(commandBuffer), "vkEndCommandBuffer")
        var fences: [VkFence?] = [fence]
        try check(vk.resetFences(device.device, 1, &fences), "vkResetFences")
        try device.submit(commandBuffer, fence: fence)
        try check(vk.waitForFences(device.device, 1, &fences, VkBool32(VK_TRUE), UInt64.max), "vkWaitForFences")
    }
}
