@testable import GPUConversion
import TestSupport
import Testing

/// Kernels on the default device, compared bit for bit with the CPU.
@Suite("Compute kernels", .enabled(if: GPUTestSupport.hasDevice, GPUTestSupport.skipReason))
struct ComputeKernelTests {
    /// x·2 + 1 (`precise`: one rounding, after the add) and an integer bit trick on the float's bits, up to the count
    /// in the push constants.
    static let affineAndBits = """
        #version 450
        layout(local_size_x = 256) in;
        layout(std430, set = 0, binding = 0) readonly buffer Input { float x[]; };
        layout(std430, set = 0, binding = 1) writeonly buffer Affine { float y[]; };
        layout(std430, set = 0, binding = 2) writeonly buffer Bits { uint bits[]; };
        layout(push_constant) uniform Parameters { uint count; } parameters;
        void main() {
            uint i = gl_GlobalInvocationID.x;
            if (i >= parameters.count) return;
            precise float v = x[i] * 2.0 + 1.0;
            y[i] = v;
            uint b = floatBitsToUint(x[i]);
            bits[i] = ((b >> 7) ^ (b << 9)) + 0x9E3779B9u;
        }
        """

    static func bitTrick(_ value: Float) -> UInt32 {
        let b = value.bitPattern
        return ((b >> 7) ^ (b << 9)) &+ 0x9E37_79B9
    }

    static func bytes(_ values: [UInt32]) -> [UInt8] {
        values.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    }

    @Test("1 000 003 floats: x·2 + 1 and a bit trick, bit for bit as on the CPU")
    func affineMillion() throws {
        let device = try GPUTestSupport.requireDevice()
        let count = 1_000_003
        let kernel = try ComputeKernel(
            device: device, spirv: GPUTestSupport.spirv(Self.affineAndBits), bufferCount: 3, pushConstantSize: 4)
        #expect(kernel.workgroupSize == SIMD3(256, 1, 1))
        let inputs = GPUTestSupport.normalFloats(count: count, seed: 41)
        let input = try GPUBuffer(device: device, copying: inputs)
        let affine = try GPUBuffer(device: device, count: count, of: Float.self)
        let bits = try GPUBuffer(device: device, count: count, of: UInt32.self)
        let groups = ComputeKernel.groupCount(covering: count, workgroupSize: 256)
        #expect(groups == 3907 && groups * 256 > count)

        var timings: [ComputeKernel.Timing] = []
        for _ in 0..<3 {
            timings.append(
                try kernel.run(
                    buffers: [input, affine, bits], pushConstants: Self.bytes([UInt32(count)]),
                    groups: (groups, 1, 1)))
        }
        let gpuAffine = affine.copyElements(as: Float.self)
        let gpuBits = bits.copyElements(as: UInt32.self)
        var affineMismatches = 0
        var bitMismatches = 0
        for index in 0..<count {
            let x = inputs[index]
            let expected = x * 2 + 1
            if gpuAffine[index].bitPattern != expected.bitPattern { affineMismatches += 1 }
            if gpuBits[index] != Self.bitTrick(x) { bitMismatches += 1 }
        }
        #expect(affineMismatches == 0)
        #expect(bitMismatches == 0)
        if device.supportsTimestamps {
            #expect(timings.allSatisfy { ($0.kernelSeconds ?? -1) > 0 })
        }
        #expect(timings.allSatisfy { $0.wallSeconds > 0 })
        print("\(device.name): \(count) elements in \(groups) groups of 256: \(timings.map(\.description))")
    }

    @Test("push constants reach the shader; elements past the count stay untouched")
    func pushConstants() throws {
        let device = try GPUTestSupport.requireDevice()
        let source = """
            #version 450
            layout(local_size_x = 64) in;
            layout(std430, binding = 0) buffer Data { float v[]; };
            layout(push_constant) uniform P { uint count; float scale; float offset; uint marker; } p;
            void main() {
                uint i = gl_GlobalInvocationID.x;
                if (i >= p.count) return;
                precise float r = v[i] * p.scale + p.offset;
                v[i] = i == 0u ? uintBitsToFloat(p.marker) : r;
            }
            """
        let kernel = try ComputeKernel(
            device: device, spirv: GPUTestSupport.spirv(source), bufferCount: 1, pushConstantSize: 16)
        let values = (0..<1000).map { Float($0) * 0.25 }
        let data = try GPUBuffer(device: device, copying: values)
        let scale: Float = 3.5
        let offset: Float = -0.125
        let marker: UInt32 = 0x7FC0_1234  // a quiet NaN with a payload, passed through by bits
        let constants = Self.bytes([700, scale.bitPattern, offset.bitPattern, marker])
        _ = try kernel.run(
            buffers: [data], pushConstants: constants,
            groups: (ComputeKernel.groupCount(covering: 700, workgroupSize: 64), 1, 1))
        let result = data.copyElements(as: Float.self)
        #expect(result[0].bitPattern == marker)
        for index in 1..<700 { #expect(result[index] == values[index] * scale + offset, "element \(index)") }
        for index in 700..<1000 { #expect(result[index] == values[index], "element \(index) past the count") }

        // A second run on the same kernel with other buffers and constants.
        let other = try GPUBuffer(device: device, copying: [Float](repeating: 2, count: 64))
        _ = try kernel.run(
            buffers: [other], pushConstants: Self.bytes([64, Float(10).bitPattern, Float(1).bitPattern, 0]),
            groups: (1, 1, 1))
        #expect(other.copyElements(as: Float.self)[1...] == [Float](repeating: 21, count: 63)[...])
    }

    @Test("kernels run from several tasks at once")
    func concurrentRuns() async throws {
        let device = try GPUTestSupport.requireDevice()
        let kernel = try ComputeKernel(
            device: device, spirv: GPUTestSupport.spirv(Self.affineAndBits), bufferCount: 3, pushConstantSize: 4)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    let count = 10_000 + task
                    let inputs = GPUTestSupport.normalFloats(count: count, seed: UInt64(task))
                    let input = try GPUBuffer(device: device, copying: inputs)
                    let affine = try GPUBuffer(device: device, count: count, of: Float.self)
                    let bits = try GPUBuffer(device: device, count: count, of: UInt32.self)
                    for _ in 0..<3 {
                        _ = try kernel.run(
                            buffers: [input, affine, bits], pushConstants: Self.bytes([UInt32(count)]),
                            groups: (ComputeKernel.groupCount(covering: count, workgroupSize: 256), 1, 1))
                    }
                    let y = affine.copyElements(as: Float.self)
                    return (0..<count).allSatisfy { y[$0].bitPattern == (inputs[$0] * 2 + 1).bitPattern }
                }
            }
            var all: [Bool] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results == [true, true, true, true])
    }

    @Test("arguments out of range are typed errors")
    func argumentErrors() throws {
        let device = try GPUTestSupport.requireDevice()
        let words = try GPUTestSupport.spirv(Self.affineAndBits)
        let kernel = try ComputeKernel(device: device, spirv: words, bufferCount: 3, pushConstantSize: 4)
        let buffer = try GPUBuffer(device: device, byteCount: 16)
        let push = Self.bytes([4])
        #expect(throws: GPUError.self) { try kernel.run(buffers: [buffer], pushConstants: push, groups: (1, 1, 1)) }
        #expect(throws: GPUError.self) {
            try kernel.run(buffers: [buffer, buffer, buffer], pushConstants: [1, 2], groups: (1, 1, 1))
        }
        #expect(throws: GPUError.self) {
            try kernel.run(buffers: [buffer, buffer, buffer], pushConstants: push, groups: (-1, 1, 1))
        }
        let tooMany = device.limits.maxComputeWorkGroupCount.y + 1
        #expect(throws: GPUError.self) {
            try kernel.run(buffers: [buffer, buffer, buffer], pushConstants: push, groups: (1, tooMany, 1))
        }
        // Zero groups dispatch nothing.
        _ = try kernel.run(buffers: [buffer, buffer, buffer], pushConstants: push, groups: (0, 1, 1))

        // Kernels whose module does not fit what they are told.
        #expect(throws: GPUError.self) {
            try ComputeKernel(device: device, spirv: words, bufferCount: 2, pushConstantSize: 4)
        }
        #expect(throws: GPUError.self) { try ComputeKernel(device: device, spirv: words, bufferCount: 3) }
        #expect(throws: GPUError.self) {
            try ComputeKernel(device: device, spirv: words, bufferCount: 3, pushConstantSize: 6)
        }
        #expect(throws: GPUError.self) {
            try ComputeKernel(device: device, spirv: [0x0723_0203, 1, 2], bufferCount: 0)
        }
        #expect(throws: GPUError.self) {
            try ComputeKernel(device: device, spirv: words, bufferCount: 3, pushConstantSize: 4, entryPoint: "other")
        }
        let uniform = try GPUTestSupport.spirv(
            """
            #version 450
            layout(local_size_x = 1) in;
            layout(std140, binding = 0) uniform U { float k; };
            layout(std430, binding = 1) buffer B { float v[]; };
            void main() { v[0] = k; }
            """)
        do {
            _ = try ComputeKernel(device: device, spirv: uniform, bufferCount: 2)
            Issue.record("a uniform buffer was accepted")
        } catch {
            #expect(error.description.contains("uniform buffer"))
        }
        let huge = try GPUTestSupport.spirv(
            "#version 450\nlayout(local_size_x = 1024, local_size_y = 1024) in;\nvoid main() {}\n")
        #expect(throws: GPUError.self) { try ComputeKernel(device: device, spirv: huge, bufferCount: 0) }
    }

    @Test("buffer sizes are checked: zero, overflow, over the cap or the device's range")
    func bufferSizes() throws {
        let device = try GPUTestSupport.requireDevice()
        #expect(throws: GPUError.self) { try GPUBuffer(device: device, byteCount: 0) }
        #expect(throws: GPUError.self) { try GPUBuffer(device: device, byteCount: -4) }
        do {
            _ = try GPUBuffer(device: device, count: Int.max / 2, of: UInt32.self)
            Issue.record("an overflowing byte count was accepted")
        } catch {
            #expect(error == .bufferSizeOverflow(count: Int.max / 2, stride: 4))
            #expect(error.description.contains("overflows"))
        }
        let limit = min(GPUBuffer.maximumByteCount, device.limits.maxStorageBufferRange)
        do {
            _ = try GPUBuffer(device: device, byteCount: limit + 1)
            Issue.record("a buffer over the limit was accepted")
        } catch {
            guard case .invalidBufferSize(let requested, let maximum, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(requested == limit + 1 && maximum == limit)
        }
        #expect(throws: GPUError.self) { try GPUBuffer(device: device, copying: [Float]()) }
        let small = try GPUBuffer(device: device, byteCount: 7)
        #expect(small.withUnsafeBytes { Array($0) } == [UInt8](repeating: 0, count: 7))
    }

    @Test("a kernel without buffers or push constants runs")
    func emptyKernel() throws {
        let device = try GPUTestSupport.requireDevice()
        let words = try GPUTestSupport.spirv("#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n")
        let kernel = try ComputeKernel(device: device, spirv: words, bufferCount: 0)
        let timing = try kernel.run(buffers: [], groups: (1, 1, 1))
        #expect(timing.wallSeconds >= 0)
    }
}
