import HDRColor
import Testing

/// The adapters between ICC and PixelBuffers that live in the umbrella module, the layer that owns both.
@Suite struct ICCPixelBufferAdapterTests {
    let srgb: ICCProfile
    let displayP3: ICCProfile

    /// Suites are made per test; a profile that cannot be made fails the test instead of crashing the run.
    init() throws {
        srgb = try ICCProfile(colorSpace: .sRGB)
        displayP3 = try ICCProfile(colorSpace: .displayP3)
    }

    @Test func pixelBufferViews() throws {
        var source: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0, 255, 255, 255, 7]  // 2×2 RGBA, 16 bytes
        var destination = [Float](repeating: -1, count: 16)
        let transform = try ICCTransform(
            from: srgb, to: displayP3, sourceLayout: .rgba8, destinationLayout: .rgbaFloat,
            intent: .relativeColorimetric)
        try source.withUnsafeMutableBytes { input in
            try destination.withUnsafeMutableBytes { output in
                let view = try PixelBufferView(
                    format: .rgba8, width: 2, height: 2, baseAddress: input.baseAddress!, bytesPerRow: 8)
                let out = try MutablePixelBufferView(
                    format: .rgbaFloat, width: 2, height: 2, baseAddress: output.baseAddress!, bytesPerRow: 32)
                try transform.transform(view, into: out)
                let wrong = try MutablePixelBufferView(
                    format: .rgbaHalf, width: 2, height: 2, baseAddress: output.baseAddress!, bytesPerRow: 16)
                #expect(throws: ICCError.self) { try transform.transform(view, into: wrong) }
            }
        }
        let p3Red = ColorSpace.Conversion(from: .sRGB, to: .displayP3).apply(SIMD3(1, 0, 0))
        #expect(abs(Double(destination[0]) - p3Red.x) < 2e-3 && destination[3] == 1)
        #expect(abs(destination[15] - 7.0 / 255) < 1e-6)
        #expect(ICCPixelLayout(PixelFormat.bgra8) == .bgra8 && ICCPixelLayout(.rgbaHalf) == .rgbaHalf)
        #expect(ICCPixelLayout(.argb2101010) == nil)
    }
}
