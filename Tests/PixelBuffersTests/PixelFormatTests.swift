import SignalCoding
import Testing

@testable import PixelBuffers

/// Formats, FourCCs and plane geometry (CoreVideo CVPixelBuffer.h names and sizes).
@Suite struct PixelFormatTests {
    /// CVPixelBuffer.h: kCVPixelFormatType_* constants and their four-character codes.
    static let coreVideo: [(String, UInt32)] = [
        ("RGBA", 0x5247_4241), ("BGRA", 0x4247_5241), ("l64r", 0x6C36_3472), ("RGhA", 0x5247_6841),
        ("RGfA", 0x5247_6641), ("l10r", 0x6C31_3072), ("w30r", 0x7733_3072), ("R10k", 0x5231_306B),
        ("420v", 0x3432_3076), ("420f", 0x3432_3066), ("422v", 0x3432_3276), ("422f", 0x3432_3266),
        ("444v", 0x3434_3476), ("444f", 0x3434_3466), ("x420", 0x7834_3230), ("xf20", 0x7866_3230),
        ("x422", 0x7834_3232), ("xf22", 0x7866_3232), ("x444", 0x7834_3434), ("xf44", 0x7866_3434),
        ("sv22", 0x7376_3232), ("sv44", 0x7376_3434), ("y420", 0x7934_3230), ("f420", 0x6634_3230),
    ]

    @Test func everyFourCCRoundTrips() throws {
        #expect(PixelFormat.allWithFourCC.count == Self.coreVideo.count)
        for (name, code) in Self.coreVideo {
            let byCode = try #require(PixelFormat(fourCC: code), "\(name)")
            let byName = try #require(PixelFormat(fourCC: name), "\(name)")
            #expect(byCode == byName)
            #expect(byCode.fourCC == code)
            #expect(byCode.fourCCString == name)
            #expect(PixelFormat.fourCCString(code) == name)
            #expect(byCode.description == "'\(name)'")
        }
        #expect(PixelFormat(fourCC: "abcd") == nil)
        #expect(PixelFormat(fourCC: 0) == nil)
        #expect(PixelFormat(fourCC: "x42") == nil)
        #expect(PixelFormat.fourCCString(0x0000_0020) == nil)
    }

    @Test func namedFormatsHaveTheirProperties() throws {
        let x420 = try #require(PixelFormat(fourCC: "x420"))
        #expect(x420.layout == .biplanar(.s420))
        #expect(x420.bitDepth == 10 && x420.alignment == .high && x420.range == .narrow && x420.bytesPerSample == 2)
        #expect(x420 == (try PixelFormat.biplanarYCbCr(.s420, bitDepth: 10, range: .narrow)))
        let f420 = try #require(PixelFormat(fourCC: "420f"))
        #expect(f420.range == .full && f420.bitDepth == 8 && f420.planeCount == 2)
        let i420 = try PixelFormat.planarYCbCr(.s420, bitDepth: 8, range: .narrow)
        #expect(i420.fourCCString == "y420" && i420.planeCount == 3)
        // Formats without a CoreVideo FourCC.
        let p10 = try PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .narrow)
        #expect(p10.fourCC == nil && p10.alignment == .low)
        #expect(p10.description == "planar 4:2:0 10-bit low-aligned narrow")
        #expect(try PixelFormat.planarYCbCr(.s422, bitDepth: 8, range: .full).fourCC == nil)
        // 16-bit: alignment is canonical.
        #expect(
            try PixelFormat.biplanarYCbCr(.s422, bitDepth: 16, range: .narrow, alignment: .low).fourCCString == "sv22")
        #expect(PixelFormat.rgbaHalf.range == nil && PixelFormat.rgbaHalf.isFloatingPoint)
        #expect(PixelFormat.xrgb2101010ExtendedRange.range == nil)
        #expect(PixelFormat.argb2101010.hasAlpha && !PixelFormat.rgbx1010102BigEndian.hasAlpha)
        #expect(PixelFormat.bgra8.colorModel == .rgb && PixelFormat.bgra8.chromaSubsampling == nil)
        #expect(try PixelFormat.rgba16.with(bitDepth: 8) == .rgba8)
        #expect(try x420.with(bitDepth: 8).fourCCString == "420v")
    }

    @Test func unsupportedBitDepthsThrow() {
        #expect(throws: PixelBufferError.unsupportedBitDepth(7)) {
            try PixelFormat.planarYCbCr(.s420, bitDepth: 7, range: .full)
        }
        #expect(throws: PixelBufferError.unsupportedBitDepth(17)) {
            try PixelFormat.biplanarYCbCr(.s444, bitDepth: 17, range: .full)
        }
        #expect(throws: PixelBufferError.unsupportedBitDepth(12)) { try PixelFormat.rgbaHalf.with(bitDepth: 12) }
    }

    /// Bytes per pixel and plane shapes: CVPixelBuffer.h sizes (32/64/128-bit RGBA, 12/24-bit 4:2:0).
    @Test func planeDescriptions() throws {
        #expect(PixelFormat.bgra8.bytesPerPixel == 4 && PixelFormat.bgra8.bitsPerPixel == 32)
        #expect(PixelFormat.rgba16.bytesPerPixel == 8)
        #expect(PixelFormat.rgbaHalf.bytesPerPixel == 8 && PixelFormat.rgbaFloat.bytesPerPixel == 16)
        #expect(PixelFormat.argb2101010.bytesPerPixel == 4 && PixelFormat.argb2101010.plane(0).components == 4)
        #expect(PixelFormat.rgbx1010102BigEndian.plane(0).components == 3)
        let expectations: [(String, Int, [Int], [Int], Int)] = [
            // fourCC, planes, components per plane, bytes per pixel per plane, bits per pixel
            ("420v", 2, [1, 2], [1, 2], 12), ("422f", 2, [1, 2], [1, 2], 16), ("444v", 2, [1, 2], [1, 2], 24),
            ("x420", 2, [1, 2], [2, 4], 24), ("x422", 2, [1, 2], [2, 4], 32), ("xf44", 2, [1, 2], [2, 4], 48),
            ("y420", 3, [1, 1, 1], [1, 1, 1], 12), ("sv44", 2, [1, 2], [2, 4], 48),
        ]
        for (name, planes, components, bytes, bits) in expectations {
            let f = try #require(PixelFormat(fourCC: name))
            #expect(f.planeCount == planes, "\(name)")
            #expect(f.planes.map(\.components) == components, "\(name)")
            #expect(f.planes.map(\.bytesPerPixel) == bytes, "\(name)")
            #expect(f.bitsPerPixel == bits, "\(name)")
            #expect(f.bytesPerPixel == nil)
        }
    }

    /// CoreVideo sizes subsampled chroma planes by rounding up: CVPixelBufferGetWidthOfPlane of a 1919×1079 '420v'
    /// buffer is 960 × 540.
    @Test(arguments: [(1920, 1080), (1919, 1079), (1, 1), (3, 2), (2, 3), (7, 5)])
    func chromaPlaneSizesRoundUp(width: Int, height: Int) throws {
        for s in PixelFormat.ChromaSubsampling.allCases {
            let f = try PixelFormat.biplanarYCbCr(s, bitDepth: 8, range: .narrow)
            let chroma = f.plane(1)
            let w = s == .s444 ? width : (width + 1) / 2
            let h = s == .s420 ? (height + 1) / 2 : height
            #expect(chroma.width(forImageWidth: width) == w)
            #expect(chroma.height(forImageHeight: height) == h)
            #expect(s.chromaWidth(forWidth: width) == w && s.chromaHeight(forHeight: height) == h)
            #expect(chroma.rowByteCount(forImageWidth: width) == 2 * w)
            #expect(f.plane(0).width(forImageWidth: width) == width)
            #expect(f.plane(0).height(forImageHeight: height) == height)
        }
    }

    /// Every format's planes at an odd size: Y′/RGB planes full size, chroma `ceil(w / 2)` × `ceil(h / 2)` (4:2:0),
    /// rows of plane width × components × sample bytes (4-byte words for 10:10:10:2).
    @Test func everyFormatGeometry() throws {
        for format in TestImages.integerFormats + [.rgbaHalf, .rgbaFloat] {
            let buffer = try PixelBuffer(format: format, width: 7, height: 5)
            try buffer.withView { view throws(PixelBufferError) in
                #expect(format.planes.count == format.planeCount)
                for p in 0..<format.planeCount {
                    let plane = view.plane(p)
                    let s = format.chromaSubsampling ?? .s444
                    let chroma = p > 0
                    #expect(plane.width == (chroma ? s.chromaWidth(forWidth: 7) : 7), "\(format)")
                    #expect(plane.height == (chroma ? s.chromaHeight(forHeight: 5) : 5), "\(format)")
                    let components: Int
                    let bytes: Int
                    switch format.layout {
                    case .rgba: (components, bytes) = (4, 4 * format.bytesPerSample)
                    case .packed10(let order): (components, bytes) = (order == .argb2101010 ? 4 : 3, 4)
                    case .biplanar:
                        (components, bytes) = chroma ? (2, 2 * format.bytesPerSample) : (1, format.bytesPerSample)
                    case .planar: (components, bytes) = (1, format.bytesPerSample)
                    }
                    #expect(plane.layout.components == components, "\(format)")
                    #expect(plane.rowByteCount == plane.width * bytes, "\(format)")
                }
                // A band of a 4:2:0 image owns ceil(rows / 2) chroma rows.
                let band = try view.rows(2..<5)
                #expect(band.plane(format.planeCount - 1).height == (format.chromaSubsampling == .s420 ? 2 : 3))
            }
        }
    }

    /// The test-image helpers build their format list with the throwing factories; a factory that fails shows here.
    @Test func testFormatsAreValid() {
        for result in TestImages.integerFormatsOrErrors {
            if case .failure(let error) = result { Issue.record("a test format could not be made: \(error)") }
        }
        #expect(TestImages.integerFormatsOrErrors.count == 3 * 6 * 2 * 2 * 2 + 2)
    }
}
