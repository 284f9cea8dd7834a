import ColorSpaces
import HalfFloat
import PixelBuffers
import TestSupport
import Testing
import ToneMapping

@testable import PixelConversion

/// The six workloads of the PixelConversion issue, each against the float64 reference on random frames (every code,
/// foot- and headroom included) with padded strides and odd sizes, on every code path this CPU has.
@Suite("Workloads against the float64 reference")
struct WorkloadTests {
    static let paths = PixelConverter.availableCodePaths

    static func options(_ path: PixelConverter.CodePath, _ change: (inout PixelConverter.Options) -> Void = { _ in })
        -> PixelConverter.Options
    {
        var options = PixelConverter.Options()
        options.codePath = path
        options.threadCount = 1
        change(&options)
        return options
    }

    static let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
    static let x420HLG = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
    static let edrHalf = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)

    /// 1. EDR video playback (WWDC22 "Display HDR video in EDR"): 'x420' BT.2020 PQ video range → RGBA half extended linear Display P3 (1.0 = 203 cd/m²).
    @Test("1. 'x420' PQ → RGBA half extended linear P3", arguments: paths)
    func x420PQToEDR(_ path: PixelConverter.CodePath) throws {
        let converter = try PixelConverter(from: Self.x420PQ, to: Self.edrHalf, options: Self.options(path))
        for (w, h, seed) in [(67, 21, 1), (256, 6, 2), (258, 5, 3)] as [(Int, Int, UInt64)] {
            let frame = TestFrames.random(.x420, width: w, height: h, seed: seed)
            let (result, _) = try AccuracyCheck.run(converter, frame)
            #expect(result.worst <= 1, "\(w)×\(h): \(result)")
        }
    }

    /// 2. The same from HLG, for the default 1000 cd/m² display and for a 600 cd/m² one.
    @Test("2. 'x420' HLG → RGBA half extended linear P3", arguments: paths)
    func x420HLGToEDR(_ path: PixelConverter.CodePath) throws {
        for peak in [1000.0, 600] {
            let converter = try PixelConverter(
                from: Self.x420HLG, to: Self.edrHalf, options: Self.options(path) { $0.hlgPeakLuminance = peak })
            let (result, _) = try AccuracyCheck.run(converter, TestFrames.random(.x420, width: 67, height: 21, seed: 7))
            #expect(result.worst <= 1, "peak \(peak): \(result)")
        }
    }

    /// 3. S1 with tone mapping to a 4× display in the same pass.
    @Test("3. 'x420' PQ → EDR half, tone mapped to a 4× display", arguments: paths)
    func x420PQToneMapped(_ path: PixelConverter.CodePath) throws {
        let converter = try PixelConverter(
            from: Self.x420PQ, to: Self.edrHalf,
            options: Self.options(path) {
                $0.toneMapping = .displayHeadroom(4, content: ContentLuminance(maxContentLightLevel: 4000))
            })
        let (result, _) = try AccuracyCheck.run(converter, TestFrames.random(.x420, width: 67, height: 21, seed: 9))
        #expect(result.worst <= 1, "\(result)")
    }

    /// Every named operator, content from 1000 to 10 000 cd/m², displays from 1.5× to 16× (SDR for BT.2446 method A,
    /// which maps to SDR only), on both paths.
    @Test("3b. Tone mapping in the pass: every method and headroom pair", arguments: ToneMappingMethod.allCases)
    func toneMappingMethods(_ method: ToneMappingMethod) throws {
        let frame = TestFrames.random(.x420, width: 256, height: 16, seed: 31)
        for path in Self.paths {
            let pairs =
                method == .bt2446A
                ? [(1000.0, 1.0), (4000, 1), (10_000, 1)] : [(1000.0, 1.5), (4000, 4), (10_000, 16), (1000, 8)]
            for (content, display) in pairs {
                let converter = try PixelConverter(
                    from: Self.x420PQ, to: Self.edrHalf,
                    options: Self.options(path) {
                        $0.toneMapping = .displayHeadroom(
                            display, content: ContentLuminance(maxContentLightLevel: content), method: method)
                    })
                let (result, _) = try AccuracyCheck.run(converter, frame)
                #expect(result.worst <= 1, "\(method) \(content) cd/m² on \(display)× (\(path)): \(result)")
            }
        }
    }

    /// 4. Export after editing: RGBA half extended linear P3 → 'x420' BT.2020 HLG and PQ video range.
    @Test("4. RGBA half → 'x420' HLG and PQ", arguments: paths)
    func exportToX420(_ path: PixelConverter.CodePath) throws {
        for destination in [Self.x420HLG, Self.x420PQ] {
            let converter = try PixelConverter(from: Self.edrHalf, to: destination, options: Self.options(path))
            for (w, h, seed) in [(67, 21, 11), (258, 7, 12)] as [(Int, Int, UInt64)] {
                let (result, _) = try AccuracyCheck.run(
                    converter, TestFrames.random(.rgbaHalf, width: w, height: h, seed: seed))
                #expect(result.worst <= 1, "\(destination.colorSpace.name) \(w)×\(h): \(result)")
            }
        }
    }

    /// 5. sRGB RGBA8 → Display P3 RGBA8, and RGBA half → sRGB RGBA8 thumbnails (clip, soft clip).
    @Test("5. sRGB → Display P3 8-bit; half → sRGB 8-bit thumbnail", arguments: paths)
    func rgb8(_ path: PixelConverter.CodePath) throws {
        let srgb8 = PixelEncoding(format: .rgba8, colorSpace: .sRGB)
        let p3 = try PixelConverter(
            from: srgb8, to: PixelEncoding(format: .rgba8, colorSpace: .displayP3), options: Self.options(path))
        let (r1, _) = try AccuracyCheck.run(p3, TestFrames.random(.rgba8, width: 61, height: 9, seed: 13))
        #expect(r1.worst <= 1, "\(r1)")
        for policy in [PixelConverter.GamutPolicy.clip, .softClip] {
            let thumbnail = try PixelConverter(
                from: Self.edrHalf, to: srgb8, options: Self.options(path) { $0.gamut = policy })
            let (r2, _) = try AccuracyCheck.run(thumbnail, TestFrames.random(.rgbaHalf, width: 61, height: 9, seed: 14))
            #expect(r2.worst <= 1, "\(policy): \(r2)")
        }
    }

    /// 6. Software-decoded frames for AVSampleBufferDisplayLayer: planar 4:2:0 8-bit BT.709 ('y420', a software decoder's output) → BGRA8 sRGB.
    @Test("6. 'y420' BT.709 → BGRA8 sRGB", arguments: paths)
    func y420ToBGRA(_ path: PixelConverter.CodePath) throws {
        let converter = try PixelConverter(
            from: PixelEncoding(format: .y420, colorSpace: .bt709, matrix: .bt709),
            to: PixelEncoding(format: .bgra8, colorSpace: .sRGB), options: Self.options(path))
        let (result, _) = try AccuracyCheck.run(converter, TestFrames.random(.y420, width: 63, height: 19, seed: 15))
        #expect(result.worst <= 1, "\(result)")
    }
}
