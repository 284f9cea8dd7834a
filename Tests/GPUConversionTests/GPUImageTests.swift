import HalfFloat
import TestSupport
import Testing

@testable import GPUConversion

/// Storage images: copies in and out, and the errors.
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
}
