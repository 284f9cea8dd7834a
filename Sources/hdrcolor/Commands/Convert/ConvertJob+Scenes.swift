import ArgumentParser
import HDRColor
import MediaConversion

extension ConversionRequest.Movie.SourcePeak: ExpressibleByArgument {}
extension ConversionRequest.Movie.DynamicCurve: ExpressibleByArgument {}

extension ConvertReportFormat {
    /// The text lines of per-scene tone mapping (`--source-peak dynamic`): one per scene, what drove its peak.
    static func sceneLines(_ report: MovieConversionReport) -> [String] {
        guard !report.scenes.isEmpty else { return [] }
        return ["  scenes:  \(report.scenes.count), tone mapped per scene (what drove each: peak, curve, trim)"]
            + report.scenes.map { "           · \(TextSanitizer.sanitize($0.description))" }
    }

    /// The JSON of the scenes: index, first and last frame, peak in cd/m², origin, the curve and trims listed.
    static func sceneJSON(_ report: MovieConversionReport) -> JSONValue {
        .array(
            report.scenes.map { scene in
                .object([
                    ("Index", .integer(scene.index)), ("FirstFrame", .integer(scene.frames.lowerBound)),
                    ("LastFrame", .integer(scene.frames.upperBound - 1)), ("SourcePeak", .number(scene.sourcePeak)),
                    ("Origin", .string(scene.origin.description)), ("Curve", .string(scene.curve.description)),
                    ("Trims", .array(scene.trims.map { .string($0) })),
                ])
            })
    }
}
