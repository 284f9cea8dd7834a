import HalfFloat
import TestSupport
import Testing

@testable import GPUConversion

/// Storage images: copies in and out, a kernel over images, and the errors.
@Suite("Storage images", .enabled(if: GPUTestSupport.hasDevice, GPUTestSupport.skipReason))
struct GPUImageTests {
    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(state: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    @Test("the device lists its storage image formats; the extended ones only with shaderStorageImageExtendedFormats")
    func formats() throws {
        let device = try GPUTestSupport.requireDevice()
        let supported = GPUImage.Format.allCases.filter { device.storageImageFormats.contains($0) }
        print(
            "\(device.name): storage images of \(supported.map(\.glslName).joined(separator: ", ")); "
                + "shaderStorageImageExtendedFormats \(device.hasExtendedStorageImageFormats)")
        if !device.hasExtendedStorageImageFormats {
            #expect(!device.storageImageFormats.contains { $0.needsExtendedStorageFormats })
        }
        #expect(GPUImage.Format.allCases.map(\.bytesPerTexel) == [1, 2, 4, 2, 4, 8, 8, 16])
    }

    @Test("every format: bytes in, bytes out, exactly (padded rows, odd sizes, uploaded twice)")
    func roundTrip() throws {
        let device = try GPUTestSupport.requireDevice()
        for (index, format) in GPUImage.Format.allCases.enumerated() {
            guard device.storageImageFormats.contains(format) else {
                #expect(throws: GPUError.unsupportedImageFormat(format, device: device.name)) {
                    try GPUImage(device: device, width: 3, height: 3, format: format)
                }
                continue
            }
            for (width, height) in [(67, 21), (1, 1), (8, 2)] {
                let image = try GPUImage(device: device, width: width, height: height, format: format)
                #expect(image.rowByteCount == width * format.bytesPerTexel)
                let stride = image.rowByteCount + 12
                for pass in 0..<2 {
                    let bytes = Self.randomBytes(stride * height, seed: UInt64(index * 10 + pass))
                    try bytes.withUnsafeBytes { try image.upload($0, bytesPerRow: stride) }
                    // Read back twice, into a packed and a padded layout (the padding left as it was).
                    var packed = [UInt8](repeating: 0, count: image.byteCount)
                    try packed.withUnsafeMutableBytes { try image.download(into: $0, bytesPerRow: image.rowByteCount) }
                    var padded = [UInt8](repeating: 0xA5, count: (image.rowByteCount + 4) * height)
                    try padded.withUnsafeMutableBytes {
                        try image.download(into: $0, bytesPerRow: image.rowByteCount + 4)
                    }
                    for y in 0..<height {
                        let expected = bytes[y * stride..<y * stride + image.rowByteCount]
                        let row = y * image.rowByteCount
                        #expect(packed[row..<row + image.rowByteCount].elementsEqual(expected), "\(format) row \(y)")
                        let paddedRow = y * (image.rowByteCount + 4)
                        #expect(padded[paddedRow..<paddedRow + image.rowByteCount].elementsEqual(expected))
                        #expect(
                            padded[paddedRow + image.rowByteCount..<paddedRow + image.rowByteCount + 4].allSatisfy {
                                $0 == 0xA5
                            })
                    }
                }
            }
        }
    }

    @Test("sizes and byte counts are checked")
    func sizeErrors() throws {
        let device = try GPUTestSupport.requireDevice()
        let maximum = device.limits.maxImageDimension2D
        #expect(throws: GPUError.invalidImageSize(width: 0, height: 4, maximum: maximum)) {
            try GPUImage(device: device, width: 0, height: 4, format: .rgba8Unorm)
        }
        #expect(throws: GPUError.invalidImageSize(width: 4, height: maximum + 1, maximum: maximum)) {
            try GPUImage(device: device, width: 4, height: maximum + 1, format: .rgba8Unorm)
        }
        let image = try GPUImage(device: device, width: 5, height: 3, format: .rgba8Unorm)
        let bytes = [UInt8](repeating: 1, count: 60)
        // Rows shorter than a row of texels; too few bytes for the last row.
        #expect(throws: GPUError.self) { try bytes.withUnsafeBytes { try image.upload($0, bytesPerRow: 16) } }
        #expect(throws: GPUError.self) {
            try bytes.dropLast().withUnsafeBytes { try image.upload($0, bytesPerRow: 20) }
        }
        // The last row needs only its texels, not a whole stride.
        let strided = [UInt8](repeating: 2, count: 24 * 2 + 20)
        try strided.withUnsafeBytes { try image.upload($0, bytesPerRow: 24) }
        #expect(throws: GPUError.self) {
            try strided.dropLast().withUnsafeBytes { try image.upload($0, bytesPerRow: 24) }
        }
        var out = [UInt8](repeating: 0, count: 59)
        #expect(throws: GPUError.self) {
            try out.withUnsafeMutableBytes { try image.download(into: $0, bytesPerRow: 20) }
        }
    }

    /// Luma from an `r16` image, Cb and Cr from a half-size `rg16` image, a scale from a storage buffer: an
    /// `rgba16f` image of (Y′ · s, Cb · s, Cr · s, 1).
    static let planesToHalf = """
        #version 450
        layout(local_size_x = 8, local_size_y = 8) in;
        layout(std430, set = 0, binding = 0) readonly buffer Parameters { float scale; } parameters;
        layout(set = 0, binding = 1, r16) uniform readonly image2D luma;
        layout(set = 0, binding = 2, rg16) uniform readonly image2D chroma;
        layout(set = 0, binding = 3, rgba16f) uniform writeonly image2D destination;
        layout(push_constant) uniform Frame { int width; int height; } frame;
        void main() {
            ivec2 p = ivec2(gl_GlobalInvocationID.xy);
            if (p.x >= frame.width || p.y >= frame.height) return;
            float y = imageLoad(luma, p).r;
            vec2 c = imageLoad(chroma, p / 2).rg;
            imageStore(destination, p, vec4(vec3(y, c) * parameters.scale, 1.0));
        }
        """

    @Test("a kernel reads r16 and rg16 images and a buffer, and writes an rgba16f image")
    func planesKernel() throws {
        let device = try GPUTestSupport.requireDevice()
        for format in [GPUImage.Format.r16Unorm, .rg16Unorm, .rgba16Float]
        where !device.storageImageFormats.contains(format) {
            Issue.record("the device lacks \(format); the texture converter cannot run there")
            return
        }
        let kernel = try ComputeKernel(
            device: device, spirv: GPUTestSupport.spirv(Self.planesToHalf),
            resources: [.storageBuffer, .storageImage, .storageImage, .storageImage], pushConstantSize: 8)
        #expect(kernel.imageFormats == [1: .r16Unorm, 2: .rg16Unorm, 3: .rgba16Float])
        #expect(kernel.bufferCount == 1)
        let (width, height) = (67, 21)
        let (chromaWidth, chromaHeight) = ((width + 1) / 2, (height + 1) / 2)
        var random = SplitMix64(state: 7)
        let lumaCodes = (0..<width * height).map { _ in UInt16.random(in: 0...UInt16.max, using: &random) }
        let chromaCodes = (0..<chromaWidth * chromaHeight * 2).map { _ in
            UInt16.random(in: 0...UInt16.max, using: &random)
        }
        let luma = try GPUImage(device: device, width: width, height: height, format: .r16Unorm)
        let chroma = try GPUImage(device: device, width: chromaWidth, height: chromaHeight, format: .rg16Unorm)
        let destination = try GPUImage(device: device, width: width, height: height, format: .rgba16Float)
        try lumaCodes.withUnsafeBytes { try luma.upload($0, bytesPerRow: width * 2) }
        try chromaCodes.withUnsafeBytes { try chroma.upload($0, bytesPerRow: chromaWidth * 4) }
        let scale: Float = 0.5
        let parameters = try GPUBuffer(device: device, copying: [scale])
        let push = [UInt32(width), UInt32(height)].flatMap { v in
            (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
        }

        // Twice: the second run starts from the images' GENERAL and TRANSFER_SRC layouts.
        for _ in 0..<2 {
            _ = try kernel.run(
                resources: [.buffer(parameters), .image(luma), .image(chroma), .image(destination)],
                pushConstants: push,
                groups: (
                    ComputeKernel.groupCount(covering: width, workgroupSize: 8),
                    ComputeKernel.groupCount(covering: height, workgroupSize: 8), 1
                ))
            var halves = [UInt16](repeating: 0, count: width * height * 4)
            try halves.withUnsafeMutableBytes { try destination.download(into: $0, bytesPerRow: width * 8) }

            // Each value against code ÷ 65535 · s rounded to binary16, in half ULPs (a store into an rgba16f image
            // may round to nearest or toward zero: Vulkan allows either; count how often each matches).
            var worst = 0
            var exact = 0
            var towardZero = 0
            for y in 0..<height {
                for x in 0..<width {
                    let codes = [
                        lumaCodes[y * width + x], chromaCodes[((y / 2) * chromaWidth + x / 2) * 2],
                        chromaCodes[((y / 2) * chromaWidth + x / 2) * 2 + 1],
                    ]
                    for c in 0..<3 {
                        let value = Float(codes[c]) / 65535 * scale
                        let expected = Int(HalfFloat.bits(from: value))
                        let truncated = HalfFloat.float(fromBits: UInt16(expected)) > value ? expected - 1 : expected
                        let found = Int(halves[(y * width + x) * 4 + c])
                        worst = max(worst, abs(expected - found))
                        if expected == found { exact += 1 }
                        if truncated == found { towardZero += 1 }
                    }
                    #expect(halves[(y * width + x) * 4 + 3] == 0x3C00, "alpha 1 at (\(x), \(y))")
                }
            }
            print(
                "r16 + rg16 → rgba16f on \(device.name): of \(width * height * 3) values \(exact) rounded to nearest, "
                    + "\(towardZero) toward zero; worst \(worst) ULP from round to nearest")
            #expect(worst <= 1)
        }
    }

    @Test("kernels with images check the module, the kinds, the formats and the devices")
    func kernelErrors() throws {
        let device = try GPUTestSupport.requireDevice()
        let words = try GPUTestSupport.spirv(Self.planesToHalf)
        // An image where the kernel binds a buffer, and the other way round.
        do {
            _ = try ComputeKernel(device: device, spirv: words, bufferCount: 4, pushConstantSize: 8)
            Issue.record("images bound as buffers were accepted")
        } catch {
            #expect(error.description.contains("storage image 'luma' is at set 0, binding 1"))
        }
        #expect(throws: GPUError.self) {
            try ComputeKernel(
                device: device, spirv: words, resources: [.storageImage, .storageImage, .storageImage, .storageImage],
                pushConstantSize: 8)
        }
        #expect(throws: GPUError.self) {
            try ComputeKernel(
                device: device, spirv: words, resources: [.storageBuffer, .storageImage, .storageImage],
                pushConstantSize: 8)
        }
        // An image without a format qualifier.
        let unformatted = try GPUTestSupport.spirv(
            """
            #version 450
            layout(local_size_x = 1) in;
            layout(set = 0, binding = 0) uniform writeonly image2D target;
            void main() { imageStore(target, ivec2(0), vec4(1.0)); }
            """)
        do {
            _ = try ComputeKernel(device: device, spirv: unformatted, resources: [.storageImage])
            Issue.record("an image without a format was accepted")
        } catch {
            #expect(error.description.contains("no format"))
        }

        let kernel = try ComputeKernel(
            device: device, spirv: words, resources: [.storageBuffer, .storageImage, .storageImage, .storageImage],
            pushConstantSize: 8)
        let buffer = try GPUBuffer(device: device, byteCount: 4)
        let luma = try GPUImage(device: device, width: 2, height: 2, format: .r16Unorm)
        let chroma = try GPUImage(device: device, width: 1, height: 1, format: .rg16Unorm)
        let wrong = try GPUImage(device: device, width: 2, height: 2, format: .rgba8Unorm)
        let destination = try GPUImage(device: device, width: 2, height: 2, format: .rgba16Float)
        let push = [UInt8](repeating: 0, count: 8)
        do {
            _ = try kernel.run(
                resources: [.buffer(buffer), .image(luma), .image(chroma), .image(wrong)], pushConstants: push,
                groups: (1, 1, 1))
            Issue.record("an image of the wrong format was bound")
        } catch {
            #expect(error.description.contains("binding 3"))
        }
        #expect(throws: GPUError.self) {
            try kernel.run(
                resources: [.buffer(buffer), .buffer(buffer), .image(chroma), .image(destination)],
                pushConstants: push, groups: (1, 1, 1))
        }
        #expect(throws: GPUError.self) { try kernel.run(buffers: [buffer], pushConstants: push, groups: (1, 1, 1)) }
        // A destination that was never uploaded runs from the undefined layout.
        _ = try kernel.run(
            resources: [.buffer(buffer), .image(luma), .image(chroma), .image(destination)], pushConstants: push,
            groups: (1, 1, 1))
    }
}
