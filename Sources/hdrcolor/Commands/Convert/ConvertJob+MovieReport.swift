import Foundation
import HDRColor
import MediaConversion
import VideoFiles

extension ConvertReportFormat {
    /// The text and JSON report of one movie conversion.
    static func outcome(_ report: MovieConversionReport) -> ConvertOutcome {
        let source = report.source
        let settings = report.settings
        var tags: [String] = ["CICP \(source.cicp)"]
        if let m = source.masteringDisplay {
            tags.append("mastering \(format(m.minimumLuminance))–\(format(m.maximumLuminance)) cd/m²")
        }
        if let c = source.contentLightLevel {
            tags.append("MaxCLL/MaxFALL \(format(c.maxContentLightLevel))/\(format(c.maxFrameAverageLightLevel)) cd/m²")
        }
        if source.hasHDR10Plus { tags.append("HDR10+") }
        if let dv = source.dolbyVision {
            tags.append(
                "Dolby Vision profile \(dv.profile).\(dv.compatibilityID) level \(dv.level) (RPU not carried over)")
        }
        var written: [String] = ["\(settings.codec.encoderName)", "\(settings.encoding)"]
        if let m = settings.masteringDisplay {
            written.append("mastering \(format(m.minimumLuminance))–\(format(m.maximumLuminance)) cd/m²")
        }
        if let c = settings.contentLightLevel {
            written.append("MaxCLL/MaxFALL \(format(c.maxContentLightLevel))/\(format(c.maxFrameAverageLightLevel))")
        }
        let streams = report.copiedStreams.map { "\($0.kind) \($0.codecName)" }
        let seconds = report.duration.milliseconds / 1000
        var lines = [
            "\(TextSanitizer.sanitize(report.input)) → \(TextSanitizer.sanitize(report.output))",
            "  source:  \(TextSanitizer.sanitize(source.codecName)) \(source.width)×\(source.height)"
                + "\(source.frameRate.map { " at \(format($0.doubleValue)) fps" } ?? ""), \(source.encoding)",
            "  tags:    \(tags.joined(separator: "; "))",
            "  written: \(written.joined(separator: "; "))",
            "  plan:    \(report.engine)",
        ]
        lines += report.plan.map { "           · \($0)" }
        lines.append(
            "  output:  \(report.frameCount) frames"
                + (streams.isEmpty ? "" : "; copied: \(TextSanitizer.sanitize(streams.joined(separator: ", ")))"))
        if let validation = report.validation {
            let what = settings.encoding.colorSpace.transferFunction == .pq ? "hdr10" : "hlg"
            lines.append(
                "  check:   validate --require \(what): "
                    + (validation.isEmpty ? "passes" : validation.map(\.message).joined(separator: "; ")))
        }
        lines.append(
            "  time:    \(format(seconds)) s, \(format(report.framesPerSecond)) fps; converting "
                + "\(format(report.converting.milliseconds)) ms, waiting for the encoder "
                + "\(format(report.waitingForEncoder.milliseconds)) ms")
        let validates = report.validates
        let status: Int32 = validates == false ? 1 : 0
        let json = JSONValue.object([
            ("input", .string(report.input)), ("output", .string(report.output)), ("status", .integer(Int(status))),
            (
                "source",
                .object([
                    ("codec", .string(source.codecName)), ("width", .integer(source.width)),
                    ("height", .integer(source.height)),
                    ("frameRate", source.frameRate.map { .number($0.doubleValue) } ?? .null),
                    ("encoding", .string("\(source.encoding)")), ("tags", .array(tags.map { .string($0) })),
                ])
            ),
            (
                "target",
                .object([
                    ("colorSpace", .string(settings.encoding.colorSpace.name)),
                    ("encoding", .string("\(settings.encoding)")), ("codec", .string(settings.codec.rawValue)),
                    ("written", .array(written.map { .string($0) })),
                ])
            ),
            ("engine", .string(report.engine)), ("plan", .array(report.plan.map { .string($0) })),
            ("frames", .integer(report.frameCount)), ("copiedStreams", .array(streams.map { .string($0) })),
            ("validates", validates.map { .bool($0) } ?? .null),
            ("findings", .array((report.validation ?? []).map { .string($0.message) })),
            (
                "timeMilliseconds",
                .object([
                    ("total", .number(report.duration.milliseconds)),
                    ("converting", .number(report.converting.milliseconds)),
                    ("waitingForEncoder", .number(report.waitingForEncoder.milliseconds)),
                ])
            ),
            ("framesPerSecond", .number(report.framesPerSecond)),
        ])
        return ConvertOutcome(
            input: report.input, output: report.output, status: status, text: lines.joined(separator: "\n"),
            json: json)
    }
}
