import ColorSpaces
import Foundation
import PixelBuffers
import TestSupport
import Testing
import TransferFunctions

@testable import PixelConversion

/// The converter writes and reads SDR video (BT.709, BT.601, BT.2020) as display light by default, like zimg and
/// libplacebo: BT.1886's inverse when encoding HDR masters, not the camera OETF.
@Suite("SDR video referral in the converter")
struct SDRVideoReferralConverterTests {
    /// PQ BT.2020 greys in cd/m², as 16-bit full-range RGB codes.
    static let greys: [Double] = [0.1, 1, 5, 10, 50, 100, 203]

    static func pqCodes(_ nits: [Double]) -> [UInt16] {
        nits.map { UInt16((TransferFunction.pq.fromLinear($0 / 10_000) * 65535).rounded()) }
    }

    /// Converts greys given as PQ codes to `format` in BT.709 and returns each pixel's green sample as stored
    /// (codes, or the float value).
    static func convert(
        _ codes: [UInt16], to format: PixelFormat, options: PixelConverter.Options = .init()
    ) throws -> (samples: [Double], plan: String) {
        var source = try PixelBuffer(format: .rgba16, width: codes.count, height: 1)
        for (x, code) in codes.enumerated() {
            source.setPixel(SIMD4(SIMD3(repeating: Float(code) / 65535), 1), x: x, y: 0)
        }
        var output = try PixelBuffer(format: format, width: codes.count, height: 1)
        let converter = try PixelConverter(
            from: PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ),
            to: PixelEncoding(format: format, colorSpace: .bt709), options: options)
        try source.withView { s in try output.withMutableView { try converter.convert(s, to: $0) } }
        let samples = (0..<codes.count).map { x in
            let g = Double(output.pixel(x: x, y: 0).y)
            return format == .rgba8 ? (g * 255).rounded() : g
        }
        return (samples, "\(converter.plan)")
    }

    @Test("PQ greys → 8-bit BT.709: zimg's display-referred codes; the plan names BT.1886")
    func displayReferredCodes() throws {
        let (codes, plan) = try Self.convert(Self.pqCodes(Self.greys), to: .rgba8)
        #expect(codes == [11, 28, 54, 73, 142, 190, 255])
        #expect(plan.contains("BT.1886"), "\(plan)")
        var scene = PixelConverter.Options()
        scene.sdrVideoReferral = .scene
        let (sceneCodes, scenePlan) = try Self.convert(Self.pqCodes(Self.greys), to: .rgba8, options: scene)
        #expect(sceneCodes == [1, 6, 28, 47, 124, 179, 255])
        #expect(scenePlan.contains("BT.709 encode"), "\(scenePlan)")
    }

    /// FFmpeg's zscale (zimg) on the same 16-bit PQ greys, 0.01 … 203 cd/m², with float output: the converter's
    /// float output agrees to 2·10⁻⁵ (zimg evaluates in Float as well).
    @Test(
        "agrees with FFmpeg's zscale (npl=203, display-referred BT.709) on a ramp of PQ greys",
        .enabled(if: ExternalTool.path("ffmpeg") != nil, "skipped: ffmpeg is not installed (apt-get install ffmpeg)"))
    func zscale() throws {
        let nits = (0...64).map { 0.01 * pow(203 / 0.01, Double($0) / 64) }
        let codes = Self.pqCodes(nits)
        let folder = try TemporaryFolder.make("zscale")
        let input = folder.appendingPathComponent("greys.rgb48")
        try Data(codes.flatMap { code in (0..<3).flatMap { _ in [UInt8(code & 0xFF), UInt8(code >> 8)] } })
            .write(to: input)
        let filter =
            "zscale=tin=smpte2084:min=bt2020nc:pin=bt2020:rin=full:t=bt709:m=bt709:p=bt709:r=full:npl=203,"
            + "format=gbrpf32le"
        let (data, status) = try ExternalTool.run(
            ExternalTool.path("ffmpeg")!,
            [
                "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb48le", "-s", "\(codes.count)x1", "-i",
                input.path, "-vf", filter, "-f", "rawvideo", "-",
            ])
        try #require(status == 0 && data.count == 12 * codes.count)
        // Planar G, B, R floats: the first plane is green.
        let zscale = (0..<codes.count).map { x in
            Double(
                Float(
                    bitPattern: data[4 * x..<4 * x + 4].enumerated().reduce(UInt32(0)) {
                        $0 | UInt32($1.element) << (8 * $1.offset)
                    }))
        }
        let (ours, _) = try Self.convert(codes, to: .rgbaFloat)
        for (x, (a, b)) in zip(ours, zscale).enumerated() {
            #expect(abs(a - b) <= 2e-5, "\(nits[x]) cd/m²: \(a) vs zscale \(b)")
        }
    }
}
