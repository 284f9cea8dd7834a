import ColorSpaces
import HalfFloat
import PixelBuffers
import TestSupport
import Testing

@testable import PixelConversion
import SignalCoding

/// Owned test frames with padded rows (odd strides), filled with random or edge-case samples.
enum TestFrames {
    /// A buffer of `format` whose rows are padded by `padding` bytes beyond the tightly packed row (rounded to the
    /// sample size), so that converters are exercised with strides that are not multiples of anything convenient.
    final class Frame: @unchecked Sendable {  // filled before it is shared; read-only afterwards in the tests
        let format: PixelFormat
        let width: Int, height: Int
        /// One allocation per plane (not arrays: views of several planes are taken at once).
        let planes: [UnsafeMutableRawBufferPointer]
        let strides: [Int]

        init(format: PixelFormat, width: Int, height: Int, padding: Int = 6) {
            self.format = format
            self.width = width
            self.height = height
            var planes: [UnsafeMutableRawBufferPointer] = [], strides: [Int] = []
            for p in 0..<format.planeCount {
                let d = format.plane(p)
                let stride = d.rowByteCount(forImageWidth: width) + (padding / d.bytesPerSample + 1) * d.bytesPerSample
                strides.append(stride)
                let bytes = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: stride * d.height(forImageHeight: height), alignment: 64)
                bytes.initializeMemory(as: UInt8.self, repeating: 0xA5)
                planes.append(bytes)
            }
            self.planes = planes
            self.strides = strides
        }

        deinit { for p in planes { p.deallocate() } }

        func withView<R>(_ body: (PixelBufferView) throws -> R) throws -> R {
            try withMutableView { try body($0.readOnly) }
        }

        func withMutableView<R>(_ body: (MutablePixelBufferView) throws -> R) throws -> R {
            let memory = zip(planes, strides).map { MutablePixelBufferView.PlaneMemory(bytes: $0, bytesPerRow: $1) }
            return try withExtendedLifetime(self) {
                try body(try MutablePixelBufferView(format: format, width: width, height: height, planes: memory))
            }
        }

        /// Sets the code (or half/float bits) of channel `c` at pixel (x, y) of the channel's plane resolution.
        func set(_ c: Int, _ x: Int, _ y: Int, raw: UInt64) {
            let location = format.channel(c)!
            let b = format.bytesPerSample
            let offset = y * strides[location.plane] + (x * location.stride + location.offset) * b
            switch format.sampleType {
            case .float:
                withUnsafeBytes(of: UInt32(truncatingIfNeeded: raw).littleEndian) { bytes in
                    for k in 0..<4 { planes[location.plane][offset + k] = bytes[k] }
                }
            case .halfFloat:
                planes[location.plane][offset] = UInt8(truncatingIfNeeded: raw)
                planes[location.plane][offset + 1] = UInt8(truncatingIfNeeded: raw >> 8)
            case .unsignedInteger:
                let word = UInt32(truncatingIfNeeded: raw & UInt64(location.mask)) << UInt32(location.shift)
                if case .packed10 = format.layout {
                    var current: UInt32 = 0
                    for k in 0..<4 { current |= UInt32(planes[location.plane][offset + k]) << (8 * k) }
                    if format.layout == .packed10(.rgbx1010102BigEndian) { current = current.byteSwapped }
                    current = current & ~(location.mask << UInt32(location.shift)) | word
                    if format.layout == .packed10(.rgbx1010102BigEndian) { current = current.byteSwapped }
                    for k in 0..<4 {
                        planes[location.plane][offset + k] = UInt8(truncatingIfNeeded: current >> (8 * k))
                    }
                } else {
                    for k in 0..<b { planes[location.plane][offset + k] = UInt8(truncatingIfNeeded: word >> (8 * k)) }
                }
            }
        }

        /// Channel `c`'s plane size.
        func size(ofChannel c: Int) -> (width: Int, height: Int) {
            let d = format.plane(format.channel(c)!.plane)
            return (d.width(forImageWidth: width), d.height(forImageHeight: height))
        }
    }

    /// Random codes over the whole container (foot- and headroom included) for integer formats; for half and float
    /// RGB, random values in [−0.25, 1.5] with some large, tiny, negative and non-finite ones.
    static func random(_ format: PixelFormat, width: Int, height: Int, seed: UInt64) -> Frame {
        let frame = Frame(format: format, width: width, height: height)
        var rng = SplitMix64(state: seed)
        for c in 0..<format.channelCount {
            guard let location = format.channel(c) else { continue }
            let size = frame.size(ofChannel: c)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    switch format.sampleType {
                    case .unsignedInteger:
                        frame.set(c, x, y, raw: rng.next() & UInt64(location.mask))
                    case .halfFloat:
                        frame.set(
                            c, x, y, raw: UInt64(HalfFloat.bits(from: randomValue(&rng, alpha: location.isAlpha))))
                    case .float:
                        frame.set(c, x, y, raw: UInt64(randomValue(&rng, alpha: location.isAlpha).bitPattern))
                    }
                }
            }
        }
        return frame
    }

    static func randomValue(_ rng: inout SplitMix64, alpha: Bool) -> Float {
        let u = Float(rng.next() >> 40) / Float(1 << 24)
        if alpha { return u }
        switch rng.next() % 16 {
        case 0: return u * 40  // highlights up to 40× reference white
        case 1: return u * 1e-4  // near black
        case 2: return -u * 0.5  // out of gamut
        default: return u * 1.75 - 0.25
        }
    }

    /// A Y′CbCr frame of `format` holding the codes of given normalised Y′CbCr values, in stripes, at every pixel
    /// (chroma planes take the value of their first luma pixel's stripe).
    static func yCbCr(
        _ format: PixelFormat, width: Int, height: Int, values: [SIMD3<Double>], identity: Bool = false
    ) throws -> Frame {
        let frame = Frame(format: format, width: width, height: height)
        let q = try Quantization(bitDepth: format.bitDepth, range: try #require(format.range))
        for c in 0..<3 {
            let size = frame.size(ofChannel: c)
            let hs = c == 0 ? 1 : (format.chromaSubsampling?.horizontalFactor ?? 1)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let v = values[(x * hs) % values.count][c]
                    let code = c == 0 || identity ? q.quantize(luma: v) : q.quantize(chroma: v)
                    frame.set(c, x, y, raw: UInt64(code))
                }
            }
        }
        return frame
    }
}
