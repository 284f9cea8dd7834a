import HalfFloat
import SignalCoding
import TestSupport
import Testing

@testable import PixelBuffers

/// One pixel at a time: `pixel(x:y:)`, `setPixel(_:x:y:)` and `pixels(inRow:)` give the values unpacking gives and
/// store the codes packing stores.
@Suite("Pixel accessors")
struct PixelAccessTests {
    static let formats: [PixelFormat] = TestImages.integerFormats + [.rgbaHalf, .rgbaFloat]

    /// The bit pattern of a value, so that NaNs compare equal to themselves.
    static func bits(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
        SIMD4(v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern)
    }

    @Test("pixel(x:y:) equals unpack's values, chroma from the sample holding the pixel", arguments: formats)
    func readMatchesUnpack(_ format: PixelFormat) throws {
        let (w, h) = (13, 7)
        let image = try TestImages.PaddedImage(format: format, width: w, height: h, extra: 3, fill: 0)
        TestImages.fillRandomBytes(image.view, seed: UInt64(format.bitDepth * 31 + format.planeCount))
        let view = image.view.readOnly
        var work = try WorkingBuffer(for: format, width: w, rowCapacity: h)
        try view.unpack(rows: 0..<h, into: &work)
        let s = format.chromaSubsampling ?? .s444
        for y in 0..<h {
            var x = 0
            for pixel in view.pixels(inRow: y) {
                var expected = SIMD4<Float>(0, 0, 0, 1)
                for c in 0..<work.planeCount {
                    let chroma = format.colorModel == .yCbCr && c > 0
                    let (px, py) = chroma ? (x / s.horizontalFactor, y / s.verticalFactor) : (x, y)
                    expected[c] = work.row(py, plane: c)[px]
                }
                #expect(Self.bits(pixel) == Self.bits(expected), "\(format) (\(x), \(y))")
                #expect(Self.bits(image.view.pixel(x: x, y: y)) == Self.bits(pixel))
                x += 1
            }
            #expect(x == w && view.pixels(inRow: y).count == w)
        }
    }

    @Test("Reading every pixel and writing it back with setPixel gives the same bytes", arguments: formats)
    func writeRoundTrips(_ format: PixelFormat) throws {
        let (w, h) = (17, 9)
        let a = try TestImages.PaddedImage(format: format, width: w, height: h, extra: 2, fill: 0)
        if format.isFloatingPoint {
            var rng = SplitMix64(state: 9)
            for y in 0..<h {
                for x in 0..<w {
                    let v = (0..<4).map { _ in Float(Double.random(in: -2...70_000, using: &rng)) }
                    a.view.setPixel(SIMD4(v[0], v[1], v[2], v[3]), x: x, y: y)
                }
            }
        } else {
            TestImages.fillAllCodes(a.view)
        }
        let b = try TestImages.PaddedImage(format: format, width: w, height: h, extra: 2, fill: 0)
        for y in 0..<h {
            let row = b.view.pixels(inRow: y)
            for (x, pixel) in a.view.readOnly.pixels(inRow: y).enumerated() { row[x] = pixel }
        }
        #expect(TestImages.bytes(b.view.readOnly) == TestImages.bytes(a.view.readOnly), "\(format)")
    }

    @Test("setPixel quantises as packing does: rounding, clamping, NaN, shared chroma, packed words")
    func setPixelValues() throws {
        var rgba = try PixelBuffer(format: .rgba8, width: 2, height: 1)
        rgba.setPixel(SIMD4(1, 0.5, -1, .nan), x: 1, y: 0)
        #expect(rgba.withView { Array($0.plane(0).row(0, as: UInt8.self)) } == [0, 0, 0, 0, 255, 128, 0, 0])
        #expect(rgba.pixel(x: 1, y: 0) == SIMD4(1, 128.0 / 255, 0, 0))

        // 'x420': 10-bit narrow-range codes in the high bits; chroma shared by a 2 × 2 block, the last write wins.
        var x420 = try PixelBuffer(format: .x420, width: 4, height: 2)
        x420.setPixel(SIMD4(0.75, 0, 0, 1), x: 0, y: 0)
        #expect(x420.withView { $0.plane(0).row(0, as: UInt16.self)[0] } == 721 << 6)
        #expect(x420.pixel(x: 0, y: 0) == SIMD4(0.75, 0, 0, 1))
        x420.setPixel(SIMD4(0.5, 0.25, -0.5, 1), x: 1, y: 1)
        #expect(x420.pixel(x: 0, y: 0) == SIMD4(0.75, 0.25, -0.5, 1))
        #expect(x420.withView { Array($0.plane(1).row(0, as: UInt16.self)[0..<2]) } == [736 << 6, 64 << 6])
        let black: Float = -64 / 876, chromaZero: Float = -512 / 896  // code 0 everywhere else
        #expect(x420.pixel(x: 2, y: 0) == SIMD4(black, chromaZero, chromaZero, 1))

        // 'l10r' keeps the other fields of its word; 'w30r' is XR10 and has no alpha.
        var l10r = try PixelBuffer(format: .argb2101010, width: 1, height: 1)
        l10r.setPixel(SIMD4(1, 0, 0.5, 1), x: 0, y: 0)
        let l10rWord: UInt32 = 3 << 30 | 1023 << 20 | 512
        #expect(l10r.withView { $0.plane(0).row(0, as: UInt32.self)[0] } == l10rWord)
        var w30r = try PixelBuffer(format: .xrgb2101010ExtendedRange, width: 1, height: 1)
        w30r.setPixel(SIMD4(1, 0, -0.5, 0.25), x: 0, y: 0)
        let word: UInt32 = 894 << 20 | 384 << 10 | 129
        #expect(w30r.pixel(x: 0, y: 0) == SIMD4(1, 0, -0.5, 1))
        #expect(w30r.withView { $0.plane(0).row(0, as: UInt32.self)[0] } == word)

        // Half and float samples as stored: extended values and NaN.
        var half = try PixelBuffer(format: .rgbaHalf, width: 1, height: 1)
        half.setPixel(SIMD4(-0.25, 7.5, 70_000, 1), x: 0, y: 0)
        #expect(half.pixel(x: 0, y: 0) == SIMD4(-0.25, 7.5, .infinity, 1))
        var float = try PixelBuffer(format: .rgbaFloat, width: 1, height: 1)
        float.setPixel(SIMD4(-0.25, 1e30, .nan, 0.5), x: 0, y: 0)
        let p = float.pixel(x: 0, y: 0)
        #expect(p.x == -0.25 && p.y == 1e30 && p.z.isNaN && p.w == 0.5)
    }
}
