import ColorSpaces
import Foundation
import PixelBuffers
import TestSupport
import Testing
import ToneMapping

@testable import PixelConversion

/// Writes the pixel-conversion section of Docs/Accuracy.md from measurement (`make accuracy`, which sets
/// HDRCOLOR_WRITE_ACCURACY=1): the workloads of the PixelConversion issue on larger random frames than the unit tests
/// use, on every code path, against the float64 reference. The same bounds are asserted by ``WorkloadTests`` and
/// ``FormatCoverageTests`` on every run.
@Suite("Pixel conversion accuracy report")
struct AccuracyReportTests {
    static let enabled = ProcessInfo.processInfo.environment["HDRCOLOR_WRITE_ACCURACY"] == "1"
    static let begin = "<!-- BEGIN pixel-conversion -->"
    static let end = "<!-- END pixel-conversion -->"

    static let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
    static let x420HLG = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
    static let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
    static let srgb8 = PixelEncoding(format: .rgba8, colorSpace: .sRGB)

    /// (name, source, destination, option change)
    static let workloads: [(String, PixelEncoding, PixelEncoding, @Sendable (inout PixelConverter.Options) -> Void)] = [
        ("1. 'x420' PQ → 'RGhA' extended linear P3", x420PQ, edr, { _ in }),
        ("2. 'x420' HLG → 'RGhA' extended linear P3", x420HLG, edr, { _ in }),
        (
            "3. 'x420' PQ → 'RGhA', tone mapped 4000 cd/m² → 4×", x420PQ, edr,
            {
                $0.toneMapping = .displayHeadroom(4, content: ContentLuminance(maxContentLightLevel: 4000))
            }
        ),
        ("4. 'RGhA' → 'x420' HLG", edr, x420HLG, { _ in }),
        ("4. 'RGhA' → 'x420' PQ", edr, x420PQ, { _ in }),
        ("5. sRGB 'RGBA' → Display P3 'RGBA'", srgb8, PixelEncoding(format: .rgba8, colorSpace: .displayP3), { _ in }),
        ("5. 'RGhA' → sRGB 'RGBA', soft clip", edr, srgb8, { $0.gamut = .softClip }),
        (
            "6. 'y420' BT.709 → sRGB 'BGRA'", PixelEncoding(format: .y420, colorSpace: .bt709, matrix: .bt709),
            PixelEncoding(format: .bgra8, colorSpace: .sRGB), { _ in }
        ),
        ("RGBA16 PQ BT.2020 → 'RGhA' linear P3", PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ), edr, { _ in }),
    ]

    static var pathNames: String { PixelConverter.availableCodePaths.map(\.description).joined(separator: ", ") }

    @Test(.enabled(if: enabled, "set HDRCOLOR_WRITE_ACCURACY=1 (make accuracy) to rewrite Docs/Accuracy.md"))
    func writeAccuracyTable() throws {
        var lines = [
            Self.begin,
            "## Pixel conversion",
            "",
            "Written by `make accuracy` (`HDRCOLOR_WRITE_ACCURACY=1 swift test --filter PixelConversionTests.AccuracyReportTests`).",
            "Random frames of 512 × 64 pixels (every code of the container, foot- and headroom included; half sources "
                + "in [−0.25, 40] with NaN-free outliers) with padded strides, converted by `PixelConverter` and by "
                + "the float64 reference in the tests (SignalCoding's `Quantization`, `YCbCrMatrix`, "
                + "`ColorSpace.decode`/`encode`, ToneMapping's exact operators and `HeadroomFit`, chroma filters "
                + "restated in `Double`).",
            "Bounds: half outputs 1 half-ulp + 1e-5 × the pixel's largest component (2e-4 × for pixels the tone "
                + "mapping's headroom fit moves: the fit passes the tone curve's table error in luminance on with a "
                + "gain of up to about 1/(the smallest luminance weight) near the headroom); integer outputs 1 code. "
                + "\"of bound\" is the worst error ÷ bound (≤ 1 passes); code paths: \(PixelConverter.availableCodePaths.map(\.description).joined(separator: ", ")) "
                + "(identical bytes). The half error in ulps of the reference is largest for tiny components beside bright "
                + "ones (a saturated colour's out-of-gamut component), where the 1e-5 × max term of the bound governs; "
                + "components near the pixel's maximum are within 0.5 ulp.",
            "",
            "Measured on each instruction set's build of the kernels separately (\(Self.pathNames)); the columns give "
                + "the worst over all of them, and the last one each build's worst of bound, in that order.",
            "",
            "| workload | samples per build | worst, of bound | max half error (ulp) | max code difference | "
                + "worst of bound per build |",
            "|---|---:|---:|---:|---:|---|",
        ]
        for (name, source, destination, change) in Self.workloads {
            var worst = AccuracyCheck.Result()
            var perPath: [String] = []
            for path in PixelConverter.availableCodePaths {
                var options = PixelConverter.Options()
                options.codePath = path
                change(&options)
                let converter = try PixelConverter(from: source, to: destination, options: options)
                let frame = TestFrames.random(source.format, width: 512, height: 64, seed: 2026)
                let (result, _) = try AccuracyCheck.run(converter, frame)
                #expect(result.worst <= 1, "\(name) \(path): \(result)")
                if result.worst >= worst.worst { worst.worst = result.worst }
                perPath.append(String(format: "%.3f", result.worst))
                worst.samples = result.samples
                worst.maxHalfULPs = max(worst.maxHalfULPs, result.maxHalfULPs)
                worst.maxCodeDifference = max(worst.maxCodeDifference, result.maxCodeDifference)
            }
            let half = destination.format.sampleType == .halfFloat
            lines.append(
                "| \(name) | \(worst.samples) | \(String(format: "%.3f", worst.worst)) | "
                    + (half ? String(format: "%.3f", worst.maxHalfULPs) : "–") + " | "
                    + (half ? "–" : "\(worst.maxCodeDifference)") + " | " + perPath.joined(separator: " / ") + " |")
        }
        lines.append(Self.end)
        let section = lines.joined(separator: "\n")
        let url = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/Accuracy.md")
        var text = try String(contentsOf: url, encoding: .utf8)
        if let start = text.range(of: Self.begin), let stop = text.range(of: Self.end),
            start.lowerBound < stop.lowerBound
        {
            text.replaceSubrange(start.lowerBound..<stop.upperBound, with: section)
        } else {
            text += (text.hasSuffix("\n") ? "\n" : "\n\n") + section + "\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
