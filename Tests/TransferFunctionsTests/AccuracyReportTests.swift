import Foundation
import TestSupport
import Testing
import TransferFunctions

/// Regenerates the transfer-function section of Docs/Accuracy.md from measurement (`make accuracy`, which sets
/// HDRCOLOR_WRITE_ACCURACY=1). The same measurements are asserted by ``ReferenceSweepTests`` and
/// ``LookupTableTests`` on every run; this test only writes them down.
@Suite("Accuracy report")
struct AccuracyReportTests {
    static let enabled = ProcessInfo.processInfo.environment["HDRCOLOR_WRITE_ACCURACY"] == "1"
    static let begin = "<!-- BEGIN transfer-functions -->"
    static let end = "<!-- END transfer-functions -->"

    @Test(.enabled(if: enabled, "set HDRCOLOR_WRITE_ACCURACY=1 (make accuracy) to rewrite Docs/Accuracy.md"))
    func writeAccuracyTable() throws {
        let section = try Self.section()
        let url = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs/Accuracy.md")
        var text =
            (try? String(contentsOf: url, encoding: .utf8)) ?? """
                # Accuracy

                Every number in this file is measured, not typed: each section is written by its module's test target from \
                the same comparisons the tests assert (float64 reference fixtures produced by the Python generators in \
                Tests/Fixtures/Generators, and dense sweeps of the fast paths). Regenerate with `make accuracy`.

                """
        if let start = text.range(of: Self.begin), let stop = text.range(of: Self.end),
            start.lowerBound < stop.lowerBound
        {
            text.replaceSubrange(start.lowerBound..<stop.upperBound, with: section)
        } else {
            text += (text.hasSuffix("\n\n") ? "" : "\n") + section + "\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(written.contains(section))
    }

    static func section() throws -> String {
        var lines = [
            begin,
            "## Transfer functions",
            "",
            "Written by `make accuracy` (`HDRCOLOR_WRITE_ACCURACY=1 swift test --filter TransferFunctionsTests`).",
            "",
            "- **Reference**: colour-science 0.4.7 float64 values in `Tests/Fixtures/transfer-functions/*.csv` "
                + "(≥ 10 000 values per direction, dense at segment joins; each file's header names the compared "
                + "domain and where colour-science's convention differs). Inputs are float32 values, so the same "
                + "points test `Double` and `Float`.",
            "- **Double**: `toLinear(_:)`/`fromLinear(_:)` on `Double`; target 1e-12 relative where |reference| ≥ "
                + "1e-3, 1e-15 absolute below. **Float**: the `Float` overloads, in ulps from the reference rounded to "
                + "`Float`; target 2 ulp.",
            "- **LUT**: `TransferFunction.LookupTable` (extended policy) against the exact `Double` curve on a sweep "
                + "of ≥ 2 points per table segment over 2⁻³⁰ … 8 (`toLinear`) and 2⁻⁴⁴ … 256 (`fromLinear`), both "
                + "signs; bound |error| ≤ 1e-9 + 3e-5·|exact| (`toLinear`) and 2e-6 + 4e-6·|exact| (`fromLinear`). "
                + "LUT relative errors are over values where the relative term dominates.",
            "",
            "| function | H.273 | direction | compared | Double max rel. | Double max abs. (<1e-3) | Float max ulp "
                + "| LUT max rel. | LUT max abs. (\\|exact\\| ≤ 1) | LUT entries |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        for curve in Catalog.curves {
            let reference = try curve.fixture.map { _ in try ReferenceAccuracy.measure(curve) }
            for direction in [TransferFunction.LookupTable.Direction.toLinear, .fromLinear] {
                let table = TransferFunction.LookupTable(curve.function, direction: direction)
                let lut = LookupTableAccuracy.measure(table, inputs: LookupTableAccuracy.sweep(direction))
                let code = curve.function.cicp.map(String.init) ?? "–"
                let name = direction == .toLinear ? "toLinear" : "fromLinear"
                let exact: String
                if let reference {
                    let r = direction == .toLinear ? reference.toLinear : reference.fromLinear
                    exact = "\(r.count) | \(format(r.doubleRelative)) | \(format(r.doubleAbsolute)) | \(r.floatULPs)"
                } else {
                    exact = "identity | 0 | 0 | 0"
                }
                lines.append(
                    "| `\(curve.name)` | \(code) | \(name) | \(exact) | \(format(lut.maxRelative)) | "
                        + "\(format(lut.maxAbsolute)) | \(lut.entries) |")
            }
        }
        lines.append(end)
        return lines.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String {
        value == 0 ? "0" : String(format: "%.1e", value)
    }
}
