import ArgumentParser
import Foundation
import HDRColor
import MediaConversion
import HTMLReport

extension HDRColorCommand {
    /// `hdrcolor plot`: SVG plots of tone curves and transfer functions.
    struct Plot: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write SVG plots of tone-mapping curves and transfer functions.",
            subcommands: [ToneMap.self, Transfer.self]
        )
    }
}

/// Label formatting shared by the plots.
enum PlotFormat {
    /// A signed number of stops: "−2", "0", "+1.5".
    static func stops(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        let body = NumberFormat.wholeOr(.significant(6))(rounded.magnitude)
        return rounded > 0 ? "+" + body : rounded < 0 ? "−" + body : "0"
    }

    /// A luminance in cd/m² with sensible precision.
    static func luminance(_ v: Double) -> String {
        NumberFormat.axisLuminance(v)
    }

    /// A headroom ratio: "4.9×", "2×".
    static func headroom(_ v: Double) -> String {
        NumberFormat.wholeOr(.significant(3))(v) + "×"
    }

    /// Integer ticks (stops) from `range`, labelled in stops and, on the secondary side, in cd/m².
    static func stopTicks(_ range: ClosedRange<Double>, referenceWhite: Double) -> [SVGChart.Tick] {
        let first = Int(range.lowerBound.rounded(.up)), last = Int(range.upperBound.rounded(.down))
        guard first <= last else { return [] }
        return (first...last).map { s in
            SVGChart.Tick(
                value: Double(s), label: stops(Double(s)), secondary: luminance(exp2(Double(s)) * referenceWhite),
                major: s == 0)
        }
    }

    /// Writes the SVG; exits with status 2 and a plain message on standard error when the file cannot be written.
    static func write(_ svg: String, to path: String) throws {
        try OutputFile.write(Data(svg.utf8), to: path)
    }
}
