@testable import GPUConversion
import TestSupport
import Testing

/// The IEEE 754 behaviour GPU conversion relies on, measured on the default device: `+ − ×` correctly rounded and not
/// contracted into a fused multiply-add when marked `precise`, bit casts exact, 8- and 16-bit fields read from a
/// `uint[]` by shifts and masks. What the Vulkan specification leaves open (denormals, division, `sqrt`, contraction
/// without `precise`, half conversions) is measured and printed, and asserted only where the device promises it.
@Suite("IEEE behaviour of the device", .enabled(if: GPUTestSupport.hasDevice, GPUTestSupport.skipReason))
struct FloatBehaviourTests {
    /// Eight results per element, as bit patterns.
    static let operations = """
        #version 450
        layout(local_size_x = 64) in;
        layout(std430, binding = 0) readonly buffer A { float a[]; };
        layout(std430, binding = 1) readonly buffer B { float b[]; };
        layout(std430, binding = 2) readonly buffer C { float c[]; };
        layout(std430, binding = 3) writeonly buffer Out { uint r[]; };
        layout(push_constant) uniform P { uint count; } p;
        void main() {
            uint i = gl_GlobalInvocationID.x;
            if (i >= p.count) return;
            float x = a[i], y = b[i], z = c[i];
            precise float sum = x + y;
            precise float difference = x - y;
            precise float product = x * y;
            precise float unfused = x * y + z;
            float contractible = x * y + z;
            r[8u * i + 0u] = floatBitsToUint(sum);
            r[8u * i + 1u] = floatBitsToUint(difference);
            r[8u * i + 2u] = floatBitsToUint(product);
            r[8u * i + 3u] = floatBitsToUint(unfused);
            r[8u * i + 4u] = floatBitsToUint(contractible);
            r[8u * i + 5u] = floatBitsToUint(x / y);
            r[8u * i + 6u] = floatBitsToUint(sqrt(abs(x)));
            r[8u * i + 7u] = floatBitsToUint(fma(x, y, z));
        }
        """

    struct Outcome {
        var mismatches = [Int](repeating: 0, count: 8)
        var maxULP = [UInt32](repeating: 0, count: 8)
        /// Elements where the fused and the unfused a·b + c differ (finite, not NaN).
        var fusionVisible = 0
        /// Among those, `a × b + c` without `precise`, and `fma`, that equal the fused result.
        var contractedFused = 0
        var fmaFused = 0
        var fmaUnfused = 0
    }

    /// Runs `operations` over the inputs and counts, per result, the elements that differ from the CPU's IEEE result.
    static func measure(_ a: [Float], _ b: [Float], _ c: [Float], optimization: ShaderCompiler.Optimization)
        throws -> Outcome
    {
        let device = try GPUTestSupport.requireDevice()
        let count = a.count
        let kernel = try ComputeKernel(
            device: device, spirv: GPUTestSupport.spirv(operations, optimization: optimization), bufferCount: 4,
            pushConstantSize: 4)
        let buffers = [
            try GPUBuffer(device: device, copying: a), try GPUBuffer(device: device, copying: b),
            try GPUBuffer(device: device, copying: c), try GPUBuffer(device: device, count: 8 * count, of: UInt32.self),
        ]
        let countBytes = withUnsafeBytes(of: UInt32(count).littleEndian) { Array($0) }
        _ = try kernel.run(
            buffers: buffers, pushConstants: countBytes,
            groups: (ComputeKernel.groupCount(covering: count, workgroupSize: 64), 1, 1))
        let results = buffers[3].copyElements(as: UInt32.self)
        var outcome = Outcome()
        for i in 0..<count {
            let (x, y, z) = (a[i], b[i], c[i])
            let expected: [Float] = [
                x + y, x - y, x * y, x * y + z, x * y + z, x / y, abs(x).squareRoot(), z.addingProduct(x, y),
            ]
            for k in 0..<8 {
                let gpu = Float(bitPattern: results[8 * i + k])
                let cpu = expected[k]
                if gpu.bitPattern != cpu.bitPattern && !(gpu.isNaN && cpu.isNaN) {
                    outcome.mismatches[k] += 1
                    if gpu.isFinite && cpu.isFinite && gpu.sign == cpu.sign {
                        let distance = max(gpu.bitPattern, cpu.bitPattern) - min(gpu.bitPattern, cpu.bitPattern)
                        outcome.maxULP[k] = max(outcome.maxULP[k], distance)
                    }
                }
            }
            let fused = z.addingProduct(x, y)
            let unfused = x * y + z
            if fused.isFinite, unfused.isFinite, fused.bitPattern != unfused.bitPattern {
                outcome.fusionVisible += 1
                if results[8 * i + 4] == fused.bitPattern { outcome.contractedFused += 1 }
                if results[8 * i + 7] == fused.bitPattern { outcome.fmaFused += 1 }
                if results[8 * i + 7] == unfused.bitPattern { outcome.fmaUnfused += 1 }
            }
        }
        return outcome
    }

    static let names = ["a + b", "a − b", "a × b", "precise a × b + c", "a × b + c", "a / b", "sqrt", "fma"]

    @Test(
        "+ − × correctly rounded, precise a·b + c not fused, on normal numbers",
        arguments: [
            ShaderCompiler.Optimization.none, .performance,
        ])
    func arithmetic(optimization: ShaderCompiler.Optimization) throws {
        let count = 200_000
        let a = GPUTestSupport.normalFloats(count: count, seed: 1).map { $0 == 0 ? 1 : $0 }
        // b and c near a's magnitude, so that sums and products neither overflow nor underflow to subnormals.
        var random = SplitMix64(state: 2)
        let b = a.map { x -> Float in
            let factor = Float.random(in: 0.5...2, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            return x.isFinite ? x * factor : x
        }
        let c = a.map { x -> Float in x.isFinite ? x * x * Float.random(in: -1...1, using: &random) : 1 }
        let inRange = (0..<count).filter { i in
            let values = [a[i], b[i], c[i], a[i] * b[i], a[i] * b[i] + c[i], a[i] + b[i], a[i] - b[i]]
            return values.allSatisfy { $0.isNaN || $0.isInfinite || $0 == 0 || $0.isNormal }
        }
        let outcome = try Self.measure(
            inRange.map { a[$0] }, inRange.map { b[$0] }, inRange.map { c[$0] }, optimization: optimization)
        let device = try GPUTestSupport.requireDevice()
        print(
            "\(device.name), \(optimization): \(inRange.count) elements; differing from IEEE binary32: "
                + (0..<8).map { "\(Self.names[$0]) \(outcome.mismatches[$0]) (max \(outcome.maxULP[$0]) ULP)" }
                .joined(separator: ", ")
                + "; where fused and unfused a × b + c differ (\(outcome.fusionVisible) elements): a × b + c without "
                + "precise fused \(outcome.contractedFused), fma() fused \(outcome.fmaFused), unfused \(outcome.fmaUnfused)"
        )
        #expect(outcome.mismatches[0] == 0, "a + b")
        #expect(outcome.mismatches[1] == 0, "a − b")
        #expect(outcome.mismatches[2] == 0, "a × b")
        #expect(outcome.mismatches[3] == 0, "precise a × b + c must round twice")
        #expect(outcome.fusionVisible > 1000, "the inputs must tell fused from unfused")
        // fma() is not asserted: Vulkan gives it the precision of a multiply then an add, fused or not.
    }

    @Test("subnormal inputs and results: printed, and held to the device's float controls")
    func subnormals() throws {
        let device = try GPUTestSupport.requireDevice()
        let tiny = Float(bitPattern: 0x0000_1234)  // a subnormal
        let a: [Float] = [tiny, 1e-20, Float.leastNormalMagnitude, Float(bitPattern: 0x0020_AAAA), -tiny]
        let b: [Float] = [1, 1e-20, 0.5, 0, 1]
        let c: [Float] = [0, 0, 0, 0, 0]
        let words = try GPUTestSupport.spirv(Self.operations)
        let kernel = try ComputeKernel(device: device, spirv: words, bufferCount: 4, pushConstantSize: 4)
        let buffers = [
            try GPUBuffer(device: device, copying: a), try GPUBuffer(device: device, copying: b),
            try GPUBuffer(device: device, copying: c),
            try GPUBuffer(device: device, count: 8 * a.count, of: UInt32.self),
        ]
        _ = try kernel.run(buffers: buffers, pushConstants: [UInt8(a.count), 0, 0, 0], groups: (1, 1, 1))
        let r = buffers[3].copyElements(as: UInt32.self)
        let inputKept = Float(bitPattern: r[2]) == tiny * 1  // subnormal × 1
        let resultKept = Float(bitPattern: r[8 + 2]) == Float(1e-20) * Float(1e-20)  // normal × normal → subnormal
        let halvedKept = Float(bitPattern: r[16 + 2]) == Float.leastNormalMagnitude * 0.5
        let sumKept = r[24] == 0x0020_AAAA  // subnormal + 0
        let negativeKept = r[32 + 2] == (-tiny).bitPattern
        print(
            "\(device.name): subnormal input × 1 kept: \(inputKept); normal × normal → subnormal kept: \(resultKept); "
                + "leastNormal × 0.5 kept: \(halvedKept); subnormal + 0 kept: \(sumKept); −subnormal × 1 kept: "
                + "\(negativeKept); float controls: \(device.floatControls.map(String.init(describing:)) ?? "none")")
        if device.driverName == "llvmpipe" {
            // Measured on Mesa 22.3's lavapipe (x86-64): subnormals are kept, in and out.
            #expect(inputKept && resultKept && halvedKept && sumKept && negativeKept)
        }
    }

    @Test("floatBitsToUint and uintBitsToFloat are exact for every class of float, NaN payloads included")
    func bitCasts() throws {
        let device = try GPUTestSupport.requireDevice()
        let source = """
            #version 450
            layout(local_size_x = 64) in;
            layout(std430, binding = 0) buffer Data { uint v[]; };
            layout(push_constant) uniform P { uint count; } p;
            void main() {
                uint i = gl_GlobalInvocationID.x;
                if (i >= p.count) return;
                float f = uintBitsToFloat(v[i]);
                v[i] = floatBitsToUint(f) ^ 0x80000000u;   // through a float and back, with the sign flipped by bits
            }
            """
        var random = SplitMix64(state: 7)
        var patterns: [UInt32] = [
            0, 0x8000_0000, 0x0000_0001, 0x007F_FFFF, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000,
            0x7F80_0001, 0xFFC0_1234, 0x7FBF_FFFF,
        ]
        patterns += (0..<100_000).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) }
        let kernel = try ComputeKernel(
            device: device, spirv: GPUTestSupport.spirv(source), bufferCount: 1, pushConstantSize: 4)
        let data = try GPUBuffer(device: device, copying: patterns)
        _ = try kernel.run(
            buffers: [data], pushConstants: withUnsafeBytes(of: UInt32(patterns.count)) { Array($0) },
            groups: (ComputeKernel.groupCount(covering: patterns.count, workgroupSize: 64), 1, 1))
        let result = data.copyElements(as: UInt32.self)
        let wrong = (0..<patterns.count).filter { result[$0] != patterns[$0] ^ 0x8000_0000 }
        #expect(wrong.isEmpty, "first differing patterns: \(wrong.prefix(5).map { String(patterns[$0], radix: 16) })")
    }

    @Test("8- and 16-bit fields read from a uint[] by shifting and masking")
    func narrowLoads() throws {
        let device = try GPUTestSupport.requireDevice()
        let source = """
            #version 450
            layout(local_size_x = 64) in;
            layout(std430, binding = 0) readonly buffer Packed { uint words[]; };
            layout(std430, binding = 1) writeonly buffer Bytes { uint bytes[]; };
            layout(std430, binding = 2) writeonly buffer Halves { uint halves[]; };
            layout(push_constant) uniform P { uint byteCount; } p;
            void main() {
                uint i = gl_GlobalInvocationID.x;
                if (i >= p.byteCount) return;
                bytes[i] = (words[i >> 2] >> ((i & 3u) * 8u)) & 0xFFu;
                if (i < p.byteCount / 2u) halves[i] = (words[i >> 1] >> ((i & 1u) * 16u)) & 0xFFFFu;
            }
            """
        var random = SplitMix64(state: 9)
        let raw = (0..<40_004).map { _ in UInt8.random(in: 0...255, using: &random) }
        let words = stride(from: 0, to: raw.count, by: 4).map { start in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(raw[start + $1]) << (8 * $1) }
        }
        let kernel = try ComputeKernel(
            device: device, spirv: GPUTestSupport.spirv(source), bufferCount: 3, pushConstantSize: 4)
        let packed = try GPUBuffer(device: device, copying: words)
        let bytes = try GPUBuffer(device: device, count: raw.count, of: UInt32.self)
        let halves = try GPUBuffer(device: device, count: raw.count / 2, of: UInt32.self)
        _ = try kernel.run(
            buffers: [packed, bytes, halves], pushConstants: withUnsafeBytes(of: UInt32(raw.count)) { Array($0) },
            groups: (ComputeKernel.groupCount(covering: raw.count, workgroupSize: 64), 1, 1))
        #expect(bytes.copyElements(as: UInt32.self) == raw.map(UInt32.init))
        let expectedHalves = (0..<raw.count / 2).map { (index: Int) -> UInt32 in
            let low = UInt32(raw[2 * index])
            let high = UInt32(raw[2 * index + 1])
            return low | high << 8
        }
        #expect(halves.copyElements(as: UInt32.self) == expectedHalves)
    }

    @Test("binary16: unpackHalf2x16 over all 65 536 halves, packHalf2x16's rounding, printed and checked")
    func halfConversions() throws {
        let device = try GPUTestSupport.requireDevice()
        let source = """
            #version 450
            layout(local_size_x = 64) in;
            layout(std430, binding = 0) readonly buffer Halves { uint pairs[]; };
            layout(std430, binding = 1) writeonly buffer Floats { uint unpacked[]; };
            layout(std430, binding = 2) readonly buffer Inputs { float inputs[]; };
            layout(std430, binding = 3) writeonly buffer Packed { uint packed[]; };
            layout(push_constant) uniform P { uint pairCount; uint inputCount; } p;
            void main() {
                uint i = gl_GlobalInvocationID.x;
                if (i < p.pairCount) {
                    vec2 v = unpackHalf2x16(pairs[i]);
                    unpacked[2u * i] = floatBitsToUint(v.x);
                    unpacked[2u * i + 1u] = floatBitsToUint(v.y);
                }
                if (i < p.inputCount) packed[i] = packHalf2x16(vec2(inputs[i], 0.0)) & 0xFFFFu;
            }
            """
        let pairs = (0..<32_768).map { (index: Int) -> UInt32 in
            let low = UInt32(2 * index)
            let high = UInt32(2 * index + 1)
            return low | high << 16
        }
        var random = SplitMix64(state: 5)
        // Floats in and around binary16's range, halfway cases included.
        var inputs: [Float] = (0..<100_000).map { _ in
            Float(bitPattern: UInt32.random(in: 0x3300_0000...0x4780_0000, using: &random))
                * (Bool.random(using: &random) ? 1 : -1)
        }
        // Exactly halfway between neighbouring normal halves: the ties.
        inputs += stride(from: 0x0400, to: 0x7BFF, by: 7).map { bits -> Float in
            (Float(Float16(bitPattern: UInt16(bits))) + Float(Float16(bitPattern: UInt16(bits + 1)))) / 2
        }
        inputs += [65_520, 65_519, -65_520, 1e-8, 6e-8, 3e-8]
        let kernel = try ComputeKernel(
            device: device, spirv: GPUTestSupport.spirv(source), bufferCount: 4, pushConstantSize: 8)
        let halves = try GPUBuffer(device: device, copying: pairs)
        let unpacked = try GPUBuffer(device: device, count: 65_536, of: UInt32.self)
        let inputBuffer = try GPUBuffer(device: device, copying: inputs)
        let packed = try GPUBuffer(device: device, count: inputs.count, of: UInt32.self)
        let constants: [UInt8] = [UInt32(pairs.count), UInt32(inputs.count)].flatMap { (value: UInt32) -> [UInt8] in
            withUnsafeBytes(of: value) { Array($0) }
        }
        _ = try kernel.run(
            buffers: [halves, unpacked, inputBuffer, packed], pushConstants: constants,
            groups: (ComputeKernel.groupCount(covering: max(pairs.count, inputs.count), workgroupSize: 64), 1, 1))

        let floats = unpacked.copyElements(as: UInt32.self)
        var unpackWrong = 0
        var nanPayloadsDiffer = 0
        for bits in 0..<65_536 {
            let expected = Float(Float16(bitPattern: UInt16(bits)))
            let gpu = Float(bitPattern: floats[bits])
            if expected.isNaN {
                if !gpu.isNaN {
                    unpackWrong += 1
                } else if gpu.bitPattern != expected.bitPattern {
                    nanPayloadsDiffer += 1
                }
            } else if gpu.bitPattern != expected.bitPattern {
                unpackWrong += 1
            }
        }
        let results = packed.copyElements(as: UInt32.self)
        var nearestEven = 0
        var towardZero = 0
        var neither = 0
        for (index, value) in inputs.enumerated() {
            let gpu = UInt16(truncatingIfNeeded: results[index])
            let rte = Float16(value).bitPattern
            if gpu == rte { nearestEven += 1 }
            let magnitude = Float16(value.magnitude)
            let rtz = Float(magnitude) > value.magnitude ? magnitude.nextDown : magnitude
            let rtzBits = (value.sign == .minus ? 0x8000 : 0) | rtz.bitPattern
            if gpu == rtzBits { towardZero += 1 }
            if gpu != rte && gpu != rtzBits { neither += 1 }
        }
        print(
            "\(device.name): unpackHalf2x16 differs from binary16 → binary32 for \(unpackWrong) of 65 536 halves "
                + "(NaN payloads differing: \(nanPayloadsDiffer)); packHalf2x16 of \(inputs.count) floats: "
                + "round-to-nearest-even \(nearestEven), toward zero \(towardZero), neither \(neither)")
        #expect(unpackWrong == 0, "unpackHalf2x16 must be exact for every non-NaN half")
    }
}
