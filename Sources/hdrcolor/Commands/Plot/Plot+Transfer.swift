import ArgumentParser
import Foundation
import HDRColor
import MediaConversion
import MediaSyntax
import HTMLReport

extension HDRColorCommand.Plot {
    /// `hdrcolor plot transfer`: transfer functions as signal → luminance, on a logarithmic luminance axis.
    struct Transfer: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "transfer",
            abstract: "Plot transfer functions (signal → display luminance) as SVG.",
            discussion: """
                Names: \(TransferFunction.catalog.map(\.identifier).joined(separator: ", ")), or gammaX for any X.
                PQ is absolute (ST 2084); HLG is drawn as the BT.2100 EOTF on a display of --hlg-peak; SDR curves map 1.0 to
                --reference-white.
                Example: hdrcolor plot transfer pq hlg srgb -o tf.svg
                """
        )

        @Argument(help: "Transfer functions to draw.")
        var functions: [TransferFunction]

        @Option(name: .customLong("reference-white"), help: "The luminance of SDR 1.0 in cd/m² (203 or 100).")
        var referenceWhite = ReferenceWhite.bt2408

        @Option(name: .customLong("hlg-peak"), help: "The HLG display's nominal peak in cd/m².")
        var hlgPeak = 1000.0

        @Option(name: .shortAndLong, help: "The SVG file to write.")
        var output: String

        func validate() throws {
            guard !functions.isEmpty else { throw ValidationError("name at least one transfer function") }
            guard referenceWhite.isFinite, referenceWhite > 0 else {
                throw ValidationError("--reference-white must be > 0")
            }
            guard hlgPeak.isFinite, hlgPeak > 0 else { throw ValidationError("--hlg-peak must be > 0") }
        }

        func run() throws {
            try PlotFormat.write(chart().render(), to: output)
            print("wrote \(TextSanitizer.sanitize(output))")
        }

        func chart() -> SVGChart {
            let yRange = -3.0...4.0  // log10 cd/m²: 0.001 … 10 000
            // Decades on the left; every second stop relative to reference white on the right.
            var yTicks: [SVGChart.Tick] = stride(from: -3, through: 4, by: 1).map { d in
                .init(value: Double(d), label: PlotFormat.luminance(pow(10, Double(d))))
            }
            for stop in stride(from: -20, through: 12, by: 2) {
                yTicks.append(
                    .init(
                        value: log10(referenceWhite) + Double(stop) * log10(2.0), label: "",
                        secondary: PlotFormat.stops(Double(stop))))
            }
            let xTicks: [SVGChart.Tick] = (0...10).map { i in
                let v = Double(i) / 10
                return .init(
                    value: v, label: v.fixed(1),
                    secondary: i % 2 == 0 ? String(Int((v * 1023).rounded())) : nil, major: i % 5 == 0)
            }
            var chart = SVGChart(
                title: "Transfer functions: signal → display luminance",
                subtitle:
                    "SDR curves: 1.0 = \(PlotFormat.luminance(referenceWhite)) cd/m² (reference white); HLG: BT.2100 EOTF on a "
                    + "\(PlotFormat.luminance(hlgPeak)) cd/m² display; PQ: absolute (ST 2084)",
                xAxis: .init(
                    range: 0...1, title: "signal E′ (normalised)", secondaryTitle: "10-bit full-range code",
                    ticks: xTicks),
                yAxis: .init(
                    range: yRange, title: "luminance (cd/m², log scale)",
                    secondaryTitle: "stops relative to reference white", ticks: yTicks))
            chart.guides = [
                .init(
                    orientation: .horizontal, value: log10(referenceWhite),
                    label: "reference white \(PlotFormat.luminance(referenceWhite)) cd/m²", color: "#444")
            ]
            let gamma = HLG.systemGamma(peakLuminance: hlgPeak)
            for (index, function) in functions.enumerated() {
                let color = SVGChart.palette[index % SVGChart.palette.count]
                let signals = (1...100).map { Double($0) / 100_000 } + (1...1000).map { Double($0) / 1000 }
                let points: [(x: Double, y: Double)] = signals.compactMap { e in
                    let luminance: Double
                    switch function {
                    case .pq: luminance = PQ.eotf(e)
                    case .hlg:
                        luminance =
                            HLG.eotf(SIMD3(repeating: e), peakLuminance: hlgPeak, blackLuminance: 0, gamma: gamma).y
                    default: luminance = function.toLinear(e) * referenceWhite
                    }
                    return luminance > 0 ? (x: e, y: log10(luminance)) : nil
                }
                let label = function == .hlg ? "\(function), γ = \(gamma.fixed(3))" : "\(function)"
                chart.series.append(.init(name: label, color: color, points: points))
            }
            return chart
        }
    }
}
