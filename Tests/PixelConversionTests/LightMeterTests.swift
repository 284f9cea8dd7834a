import ColorSpaces
import ConversionTestSupport
import TestSupport
import Testing
import ToneMapping

@testable import PixelBuffers
@testable import PixelConversion

/// ``PixelConverter/convertMeasuringLight(_:to:)``: the `meter` op's light equals max(R, G, B) of a separate conversion
/// to linear float RGBA (the same ops up to the encoding), the same on every build and thread count, and the pixels
/// written stay those of a conversion without it.
@Suite("Light metering")
struct LightMeterTests {
    static let pq420 = PixelEncoding(
        format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance, chromaLocation: .topLeft)
    static let sdr420 = PixelEncoding(format: .y420, colorSpace: .bt709, matrix: .bt709)

    /// The light of `frame` measured as LightLevelMeter does, from a conversion to extended linear float RGBA in the
    /// destination's primaries with the same options: the largest component and the frame mean of max(R, G, B) of
    /// the components finite and above 0.
    static func reference(
        _ frame: TestFrames.Frame, from source: PixelEncoding, to destination: PixelEncoding,
        options: PixelConverter.Options
    ) throws -> (maximum: Float, average: Double) {
        var options = options
        options.measuresLight = false
        let primaries = destination.colorSpace.primaries
        let linear = PixelEncoding(
            format: .rgbaFloat,
            colorSpace: ColorSpace(
                name: "linear", primaries: primaries, transferFunction: .linear, outOfRange: .extended))
        let out = try InstructionSetTests.bytes(
            PixelConverter(from: source, to: linear, options: options), frame, to: .rgbaFloat, padding: 0)[0]
        let values = out.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let stride = values.count / frame.height  // floats per row, padding included
        var maximum: Float = 0
        var sum = 0.0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = y * stride + 4 * x
                let m = (0..<3).map { values[p + $0] }.map { $0 > 0 && $0 < .infinity ? $0 : 0 }.max()!
                maximum = max(maximum, m)
                sum += Double(m)
            }
        }
        return (maximum, sum / Double(frame.width * frame.height))
    }

    /// The light and the bytes of a metering conversion.
    static func metered(_ converter: PixelConverter, _ frame: TestFrames.Frame) throws -> (FrameLight, [[UInt8]]) {
        let out = TestFrames.Frame(
            format: converter.destination.format, width: frame.width, height: frame.height, padding: 6)
        let light = try frame.withView { s in
            try out.withMutableView { try converter.convertMeasuringLight(s, to: $0) }
        }
        return (light, out.planes.map { Array($0) })
    }

    @Test(
        "the light is max(R, G, B) of the linear light before the encoding: PQ → PQ, PQ tone mapped → SDR, 4:2:0 and 4:4:4",
        arguments: [0, 1, 2])
    func matchesLinearConversion(_ index: Int) throws {
        var options = PixelConverter.Options()
        var destination = Self.pq420
        switch index {
        case 0: break
        case 1:
            destination = Self.sdr420
            options.toneMapping = .displayHeadroom(1, content: ContentLuminance(masteringPeak: 4000), method: .bt2390)
        default:
            destination = PixelEncoding(
                format: .xf44, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance, chromaLocation: .topLeft)
        }
        let frame = TestFrames.random(Self.pq420.format, width: 301, height: 38, seed: UInt64(41 + index))
        let expected = try Self.reference(frame, from: Self.pq420, to: destination, options: options)
        options.measuresLight = true
        let (light, _) = try Self.metered(PixelConverter(from: Self.pq420, to: destination, options: options), frame)
        // The metered values may be scaled back from the encoding's domain (a float rounding or two); each pixel is
        // rounded to 1/4096 in the sum.
        #expect(abs(light.maximum - expected.maximum) <= 1e-6 * expected.maximum, "\(light) \(expected)")
        #expect(abs(light.average - expected.average) <= 1.0 / 8192 + 1e-6 * expected.average, "\(light) \(expected)")
        #expect(index == 1 ? light.maximum == 1 : light.maximum > 1, "tone mapped under headroom 1, else brighter")
    }

    @Test(
        "every build and thread count meters the same light; the bytes are those of a converter without metering")
    func sameEverywhere() throws {
        let frame = TestFrames.random(Self.pq420.format, width: 517, height: 70, seed: 7)
        var results: [FrameLight] = []
        for path in PixelConverter.availableCodePaths {
            for threads in [1, 2, 3] {
                var options = PixelConverter.Options()
                options.codePath = path
                options.threadCount = threads
                options.measuresLight = true
                let converter = try PixelConverter(from: Self.pq420, to: Self.pq420, options: options)
                let (light, bytes) = try Self.metered(converter, frame)
                results.append(light)
                options.measuresLight = false
                let plain = try PixelConverter(from: Self.pq420, to: Self.pq420, options: options)
                #expect(bytes == (try InstructionSetTests.bytes(plain, frame, to: Self.pq420.format)))
                #expect(plain.plan.steps.count == converter.plan.steps.count - 1, "only the meter added")
            }
        }
        #expect(Set(results).count == 1, "\(results)")
    }

    @Test("a frame below black meters 0: negative light counts as none")
    func black() throws {
        var options = PixelConverter.Options()
        options.measuresLight = true
        let converter = try PixelConverter(from: Self.pq420, to: Self.pq420, options: options)
        let frame = TestFrames.Frame(format: Self.pq420.format, width: 16, height: 4, padding: 0)
        // Luma code 60 (below narrow-range black 64: negative light, metered as 0), chroma neutral (512), high bits.
        for (p, code) in [(0, UInt16(60 << 6)), (1, UInt16(512 << 6))] {
            let bytes = frame.planes[p]
            for i in 0..<(bytes.count / 2) { bytes.storeBytes(of: code, toByteOffset: 2 * i, as: UInt16.self) }
        }
        let (light, _) = try Self.metered(converter, frame)
        #expect(light == FrameLight(maximum: 0, average: 0))
    }

    @Test("metering needs the option, a Y′CbCr destination and the CPU kernels")
    func refused() throws {
        let plain = try PixelConverter(from: Self.pq420, to: Self.pq420)
        let frame = TestFrames.random(Self.pq420.format, width: 8, height: 2, seed: 1)
        #expect(throws: PixelConversionError.self) { _ = try Self.metered(plain, frame) }
        var options = PixelConverter.Options()
        options.measuresLight = true
        #expect(throws: PixelConversionError.self) {
            _ = try PixelConverter(
                from: Self.pq420, to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
                options: options)
        }
    }
}
