import ArgumentParser
import Foundation
import HDRColor
import MediaConversion
import MediaSyntax
import HTMLReport

extension HDRColorCommand.Plot {
    /// `hdrcolor plot tonemap`: the response of tone-mapping operators to grey, input and output in stops relative to
    /// reference white (and in cd/m²), with the knee, the content peak and the display peak marked.
    struct ToneMap: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tonemap",
            abstract: "Plot tone curves from a content headroom to a display headroom as SVG.",
            discussion: """
                Operators: \(ToneMappingMethod.allCases.map(\.rawValue).joined(separator: ", ")). Without --operator, all but
                bt2446a are drawn (bt2446a too when the display headroom is 1). Axes: stops relative to reference white
                (log2 of EDR linear values) with cd/m² on the opposite side.
                Examples: hdrcolor plot tonemap --content-headroom 4.9 --display-headroom 2 -o curve.svg
                          hdrcolor plot tonemap --content-headroom 19.7 --display-headroom 1 --display-headroom 4 \
                            --operator headroom -o curves.svg
                """
        )

        @Option(
            name: .customLong("content-headroom"),
            help: "Content peak ÷ reference white, e.g. 4.926 for 1000 cd/m² at 203.")
        var contentHeadroom: Double

        @Option(
            name: .customLong("display-headroom"),
            help: "Display peak ÷ reference white, e.g. 2, 8, 16 (repeatable: one curve per operator and headroom).")
        var displayHeadrooms: [Double]

        @Option(name: .customLong("operator"), help: "An operator to draw (repeatable).")
        var operators: [ToneMappingMethod] = []

        @Option(name: .customLong("reference-white"), help: "The luminance of 1.0 in cd/m² (203 or 100).")
        var referenceWhite = ReferenceWhite.bt2408

        @Option(name: .customLong("stops-below"), help: "How many stops below reference white the plot starts.")
        var stopsBelow = 4.0

        @Option(name: .shortAndLong, help: "The SVG file to write.")
        var output: String

        func validate() throws {
            guard contentHeadroom.isFinite, contentHeadroom >= 1 else {
                throw ValidationError("--content-headroom must be ≥ 1")
            }
            guard !displayHeadrooms.isEmpty, displayHeadrooms.allSatisfy({ $0.isFinite && $0 > 0 }) else {
                throw ValidationError("--display-headroom must be given and > 0")
            }
            guard referenceWhite.isFinite, referenceWhite > 0 else {
                throw ValidationError("--reference-white must be > 0")
            }
            guard stopsBelow.isFinite, stopsBelow > 0, stopsBelow <= 30 else {
                throw ValidationError("--stops-below must be in (0, 30]")
            }
        }

        /// The operators drawn for a display headroom: the chosen ones, or all but BT.2446 method A (an SDR operator)
        /// unless the headroom is 1.
        func methods(for displayHeadroom: Double) -> [ToneMappingMethod] {
            operators.isEmpty ? ToneMappingMethod.allCases.filter { $0 != .bt2446A || displayHeadroom == 1 } : operators
        }

        func run() throws {
            try PlotFormat.write(chart().render(), to: output)
            print("wrote \(TextSanitizer.sanitize(output))")
        }

        func chart() -> SVGChart {
            let displayPeak = displayHeadrooms.max()!
            let top = log2(Swift.max(contentHeadroom, displayPeak)) + 0.5
            let range = (-stopsBelow)...top
            let ticks = PlotFormat.stopTicks(range, referenceWhite: referenceWhite)
            let hc = PlotFormat.headroom(contentHeadroom)
            let hd = displayHeadrooms.map(PlotFormat.headroom).joined(separator: ", ")
            let peaks = displayHeadrooms.map { PlotFormat.luminance($0 * referenceWhite) }.joined(separator: ", ")
            var chart = SVGChart(
                title: "Tone curves: content \(hc) → display \(hd)",
                subtitle: "content peak \(PlotFormat.luminance(contentHeadroom * referenceWhite)) cd/m², display peak "
                    + "\(peaks) cd/m², reference white "
                    + "\(PlotFormat.luminance(referenceWhite)) cd/m² = 0 stops (EDR 1.0); grey input",
                xAxis: .init(
                    range: range, title: "input (stops relative to reference white)", secondaryTitle: "input (cd/m²)",
                    ticks: ticks),
                yAxis: .init(
                    range: range, title: "output (stops relative to reference white)", secondaryTitle: "output (cd/m²)",
                    ticks: ticks))
            chart.series.append(
                .init(
                    name: "identity", color: "#999",
                    points: [(range.lowerBound, range.lowerBound), (range.upperBound, range.upperBound)], dash: "3 4",
                    width: 1.5))
            chart.guides = [
                .init(orientation: .vertical, value: log2(contentHeadroom), label: "content peak \(hc)", color: "#444")
            ]
            for displayHeadroom in displayHeadrooms {
                chart.guides.append(
                    .init(
                        orientation: .horizontal, value: log2(displayHeadroom),
                        label: "display peak \(PlotFormat.headroom(displayHeadroom))", color: "#444"))
            }
            var index = 0
            for displayHeadroom in displayHeadrooms {
                for method in methods(for: displayHeadroom) {
                    let color = SVGChart.palette[index % SVGChart.palette.count]
                    index += 1
                    let mapper = ToneMapper(
                        method, contentHeadroom: contentHeadroom, displayHeadroom: displayHeadroom,
                        referenceWhite: referenceWhite)
                    var inputs = (0...800).map {
                        range.lowerBound + (range.upperBound - range.lowerBound) * Double($0) / 800
                    }
                    inputs.append(log2(contentHeadroom))
                    inputs.sort()
                    let points = inputs.map { s in (x: s, y: log2(mapper.map(SIMD3(repeating: exp2(s))).y)) }
                    let suffix = displayHeadrooms.count > 1 ? " → \(PlotFormat.headroom(displayHeadroom))" : ""
                    chart.series.append(.init(name: method.title + suffix, color: color, points: points))
                    if let knee = Self.knee(of: mapper) {
                        chart.markers.append(
                            .init(
                                x: log2(knee), y: log2(mapper.map(SIMD3(repeating: knee)).y),
                                label:
                                    "knee \(PlotFormat.headroom((knee * 100).rounded() / 100)) (\(PlotFormat.luminance(knee * referenceWhite)) cd/m²)",
                                color: color,
                                placement: method == .clip ? .aboveLeft : .belowRight))
                    }
                }
            }
            return chart
        }

        /// Where the operator stops being the identity, if it has such a point.
        static func knee(of mapper: ToneMapper) -> Double? {
            switch mapper {
            case .headroom(let curve): curve.kneePoint
            case .bt2390(let eetf): eetf.kneePoint
            case .clip(let clip): clip.displayHeadroom
            case .identity, .reinhard, .bt2446A, .tabulated: nil
            }
        }
    }
}
