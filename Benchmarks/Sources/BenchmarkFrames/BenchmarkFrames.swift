// Frames the benchmarks convert, shared by PixelConversionBenchmarks and KernelRatios: deterministic codes (a linear
// congruential generator), SDR-range content, and destinations whose pages are mapped before timing.
import Foundation
import HDRColor

/// The frames of the benchmarks, as a namespace (`BenchmarkFrames.frame(…)`).
public enum BenchmarkFrames {
    /// A frame of `format` with deterministic samples: integer codes uniform over the nominal range, half and float
    /// values in [0, 4] (a few stops of HDR above reference white).
    public static func frame(_ format: PixelFormat, width: Int, height: Int) -> PixelBuffer {
        var buffer = try! PixelBuffer(format: format, width: width, height: height)
        buffer.withMutableView { view in
            var state: UInt32 = 0x2545_F491
            func next() -> UInt32 {
                state = state &* 1_664_525 &+ 1_013_904_223
                return state >> 8
            }
            for p in 0..<format.planeCount {
                let plane = view.plane(p)
                for r in 0..<plane.height {
                    switch (format.sampleType, format.bytesPerSample) {
                    case (.halfFloat, _):
                        let row = plane.row(r, as: UInt16.self)
                        for i in 0..<row.count {
                            row[i] = HalfFloat.bits(from: i % 4 == 3 ? 1 : Float(next() % 4096) / 1024)
                        }
                    case (_, 1):
                        let row = plane.row(r, as: UInt8.self)
                        for i in 0..<row.count { row[i] = UInt8(truncatingIfNeeded: next()) }
                    default:
                        let row = plane.row(r, as: UInt16.self)
                        let shift = format.alignment == .high ? UInt16(16 - format.bitDepth) : 0
                        let narrow = format.range == .narrow && format.bitDepth == 10
                        for i in 0..<row.count {
                            let code = narrow ? 64 + next() % 877 : next() & UInt32(format.maxCode)
                            row[i] = UInt16(code) << shift
                        }
                    }
                }
            }
        }
        return buffer
    }

    /// An 'x420' frame of SDR-range content, as most of a real HDR frame is: luma codes 64…463 (up to about 100 cd/m² in
    /// PQ), chroma within ±32 codes of neutral, in a fixed pattern.
    public static func sdrRangeFrame(width: Int, height: Int) -> PixelBuffer {
        var buffer = try! PixelBuffer(format: .x420, width: width, height: height)
        buffer.withMutableView { view in
            for p in 0..<2 {
                let plane = view.plane(p)
                for r in 0..<plane.height {
                    let row = plane.row(r, as: UInt16.self)
                    for i in 0..<row.count {
                        let code = p == 0 ? 64 + (i * 7 + r * 13) % 400 : 480 + (i * 5 + r * 3) % 64
                        row[i] = UInt16(code) << 6
                    }
                }
            }
        }
        return buffer
    }

    /// A destination frame of `format` whose memory is already mapped.
    public static func mappedFrame(_ format: PixelFormat, width: Int, height: Int) -> PixelBuffer {
        var buffer = try! PixelBuffer(format: format, width: width, height: height)
        buffer.withMutableView { view in
            for p in 0..<format.planeCount {
                let plane = view.plane(p)
                memset(plane.baseAddress, 0, plane.bytesPerRow * plane.height)
            }
        }
        return buffer
    }
}
