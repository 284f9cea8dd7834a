// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import GPUConversion
import HDRColor
import PixelShaders
import Testing

/// "Converting frames in a Metal shader": the Swift blocks, with checks of what the article says about them (the
/// Metal bindings, the parameter block's size, the kernel shared by two headrooms). The Metal side itself needs an
/// Apple GPU; the program it binds runs on Vulkan against the CPU in GPUConversionTests.
extension ArticleExamplesTests {
    @Test("Converting frames in a Metal shader: the kernel and its bindings")
    func metalKernel() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let converter = try PixelConverter(
            from: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3))
        let program = try ShaderProgram(converter, interface: .textures)
        let metal = try ShaderTranslator.metal(ShaderCompiler().compile(program.glsl))
        print(metal.entryPoint)  // main0
        print(metal.resources.map(\.description))
        // binding 0 (storage buffer 'Parameters') → 0, binding 1 (storage image 'sourcePlane0') → 0,
        // binding 2 (storage image 'sourcePlane1') → 1, binding 3 (storage image 'destination') → 2
        let parameterBytes = program.parameters.count * 4  // 105 712 bytes for this plan

        #expect(printed.first == "main0")
        #expect(
            metal.resources.map(\.description) == [
                "binding 0 (storage buffer 'Parameters') → 0", "binding 1 (storage image 'sourcePlane0') → 0",
                "binding 2 (storage image 'sourcePlane1') → 1", "binding 3 (storage image 'destination') → 2",
            ])
        #expect(parameterBytes == 105_712)
        #expect(metal.pushConstantBufferIndex == 1)  // width and height at [[buffer(1)]]
        for declaration in [
            "[[buffer(0)]]", "constant Frame& frame [[buffer(1)]]", "[[texture(0)]]", "[[texture(1)]]",
            "texture2d<float, access::write> destination [[texture(2)]]", "kernel void main0",
        ] {
            #expect(metal.source.contains(declaration), "\(declaration)")
        }
        #expect(metal.workgroupSize == SIMD3(8, 8, 1))
        #expect(program.workgroups(width: 3840, height: 2160) == (480, 270, 1))  // ⌈width ÷ 8⌉ × ⌈height ÷ 8⌉
    }

    @Test("Converting frames in a Metal shader: one kernel for every headroom")
    func metalHeadroom() throws {
        let pq = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        func program(forHeadroom headroom: Double) throws -> ShaderProgram {
            var options = PixelConverter.Options()
            options.toneMapping = .displayHeadroom(headroom, content: ContentLuminance(maxContentLightLevel: 4000))
            return try ShaderProgram(PixelConverter(from: pq, to: edr, options: options), interface: .textures)
        }
        let onTwo = try program(forHeadroom: 2)
        let onFive = try program(forHeadroom: 5)
        let sameKernel = onTwo.glsl == onFive.glsl  // true: bind onFive.parameters instead

        #expect(sameKernel)
        #expect(onTwo.parameters != onFive.parameters)
        // Content that fits the headroom gets no tone curve: another kernel.
        #expect(try program(forHeadroom: 25).glsl != onTwo.glsl)
        // An 8-bit source reads r8 textures: another kernel.
        let eightBit = try ShaderProgram(
            PixelConverter(
                from: PixelEncoding(format: .yuv420v, colorSpace: .bt709, matrix: .bt709), to: edr),
            interface: .textures)
        #expect(eightBit.glsl.contains("binding = 1, r8)") && onTwo.glsl.contains("binding = 1, r16)"))
    }

    @Test("Converting frames in a Metal shader: a gain-map photo")
    func metalGainMap() throws {
        var gain = try PixelBuffer(format: .rgba8, width: 1008, height: 756)
        gain.withMutableView { view in
            for y in 0..<view.height {
                let row = view.plane(0).row(y, as: UInt8.self)
                for x in 0..<(4 * view.width) { row[x] = UInt8((x / 4 + y) % 256) }
            }
        }
        let metadata = GainMapMetadata(gainMapMin: 0, gainMapMax: 2, alternateHeadroom: 2)

        let photoBase = PixelEncoding(format: .rgba8, colorSpace: .displayP3)
        let photoEDR = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        let renderer = try gain.withView { map in
            try GainMapRenderer(
                metadata, displayHeadroom: 4, base: photoBase, width: 4032, height: 3024, gainMap: map,
                destination: photoEDR)
        }
        let photo = try ShaderProgram(renderer, interface: .textures)  // the base's texture in, RGBA half out

        #expect(photo.glsl.contains("binding = 1, rgba8)") && photo.glsl.contains("binding = 2, rgba16f)"))
        // The samples (3 words each) and each column's and row's (i0, i1, weight) are in the block.
        #expect(photo.parameters.count > 1008 * 756 * 3 + (4032 + 3024) * 3)
        #expect(photo.rowOriginIndex.map { photo.parameters[$0] } == 0)
        // Another headroom: the same kernel, other tables.
        let onTwo = try gain.withView { map in
            try ShaderProgram(
                GainMapRenderer(
                    metadata, displayHeadroom: 2, base: photoBase, width: 4032, height: 3024, gainMap: map,
                    destination: photoEDR),
                interface: .textures)
        }
        #expect(onTwo.glsl == photo.glsl && onTwo.parameters != photo.parameters)
    }
}

#if canImport(Metal)
import CoreVideo
import Metal

// The article's Metal host code: compiled where Metal is (Apple platforms), never run by the tests (it needs a GPU
// and a decoded frame). No session of this project has compiled it: none had Apple hardware.
/// Runs the kernel `hdrcolor shader` wrote for 'x420' → 'RGhA' on one decoded frame.
final class EDRFrameConverter {
    struct MissingKernel: Error {}
    let pipeline: any MTLComputePipelineState
    let parameters: any MTLBuffer
    let textureCache: CVMetalTextureCache

    init(device: any MTLDevice, metalSource: String, parameterWords: [UInt32]) throws {
        let options = MTLCompileOptions()
        if #available(macOS 15, iOS 18, tvOS 18, visionOS 2, *) {
            options.mathMode = .safe  // no fast math: the arithmetic the tests ran
        } else {
            options.fastMathEnabled = false
        }
        let library = try device.makeLibrary(source: metalSource, options: options)
        guard let kernel = library.makeFunction(name: "main0"),
            let parameters = device.makeBuffer(
                bytes: parameterWords, length: parameterWords.count * 4, options: .storageModeShared)
        else { throw MissingKernel() }
        pipeline = try device.makeComputePipelineState(function: kernel)
        self.parameters = parameters
        var cache: CVMetalTextureCache?
        CVMetalTextureCacheCreate(nil, nil, device, nil, &cache)
        guard let cache else { throw MissingKernel() }
        textureCache = cache
    }

    /// Encodes the conversion of `frame` into `destination` (rgba16Float, shaderWrite usage). Keep the returned
    /// textures until `commands` has completed.
    func encode(_ frame: CVPixelBuffer, into destination: any MTLTexture, on commands: any MTLCommandBuffer)
        -> [CVMetalTexture]
    {
        let planes = [(0, MTLPixelFormat.r16Unorm), (1, MTLPixelFormat.rg16Unorm)].compactMap { plane, format in
            var texture: CVMetalTexture?
            CVMetalTextureCacheCreateTextureFromImage(
                nil, textureCache, frame, nil, format, CVPixelBufferGetWidthOfPlane(frame, plane),
                CVPixelBufferGetHeightOfPlane(frame, plane), plane, &texture)
            return texture
        }
        guard planes.count == 2, let encoder = commands.makeComputeCommandEncoder() else { return [] }
        var size = SIMD2<Int32>(Int32(destination.width), Int32(destination.height))
        encoder.setComputePipelineState(pipeline)
        encoder.setBuffer(parameters, offset: 0, index: 0)
        encoder.setBytes(&size, length: MemoryLayout<SIMD2<Int32>>.size, index: 1)
        encoder.setTexture(CVMetalTextureGetTexture(planes[0]), index: 0)
        encoder.setTexture(CVMetalTextureGetTexture(planes[1]), index: 1)
        encoder.setTexture(destination, index: 2)
        let groups = MTLSize(width: (destination.width + 7) / 8, height: (destination.height + 7) / 8, depth: 1)
        encoder.dispatchThreadgroups(groups, threadsPerThreadgroup: MTLSize(width: 8, height: 8, depth: 1))
        encoder.endEncoding()
        return planes
    }
}
#endif
