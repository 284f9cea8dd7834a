import Foundation
import HDRColor
import MediaConversion
import VideoFiles
import MediaSyntax

extension ConvertReportFormat {
    /// The text and JSON report of one movie conversion.
    static func outcome(_ report: MovieConversionReport) -> ConvertOutcome {
        let tags = sourceTags(report.source), written = writtenTags(report.settings)
        let status: Int32 = report.validates ? 0 : 1
        return ConvertOutcome(
            input: report.input, output: report.output, status: status,
            text: movieText(report, tags: tags, written: written).joined(separator: "\n"),
            json: movieJSON(report, tags: tags, written: written, status: status))
    }

    /// What the source's tags say: CICP, HDR10 metadata, HDR10+ and Dolby Vision.
    private static func sourceTags(_ source: VideoStreamInfo) -> [String] {
        var tags: [String] = ["CICP \(source.cicp)"]
        if let m = source.masteringDisplay {
            tags.append("mastering \(format(m.minimumLuminance))–\(format(m.maximumLuminance)) cd/m²")
        }
        if let c = source.contentLightLevel {
            tags.append("MaxCLL/MaxFALL \(format(c.maxContentLightLevel))/\(format(c.maxFrameAverageLightLevel)) cd/m²")
        }
        if source.hasHDR10Plus { tags.append("HDR10+") }
        if let dv = source.dolbyVision {
            tags.append("Dolby Vision profile \(dv.profile).\(dv.compatibilityID) level \(dv.level)")
        }
        return tags
    }

    /// What was written: the encoder, the encoding and the HDR10 metadata.
    private static func writtenTags(_ settings: VideoEncodeSettings) -> [String] {
        var written: [String] = ["\(settings.codec.encoderName)", "\(settings.encoding)"]
        if let m = settings.masteringDisplay {
            written.append("mastering \(format(m.minimumLuminance))–\(format(m.maximumLuminance)) cd/m²")
        }
        if let c = settings.contentLightLevel {
            written.append("MaxCLL/MaxFALL \(format(c.maxContentLightLevel))/\(format(c.maxFrameAverageLightLevel))")
        }
        return written
    }

    /// The report's phases: the text's name, the JSON key and the time.
    private static func timeParts(_ t: MovieConversionReport.Times) -> [(String, String, Duration)] {
        [
            ("opening", "Opening", t.opening),
            ("decoding", "Decoding", t.decoding), ("converting", "Converting", t.converting),
            ("encoding and writing", "Encoding", t.encoding), ("finishing", "Finishing", t.finishing),
            ("checking", "Checking", t.checking), ("other", "Other", t.other),
        ]
    }

    /// The text report's lines.
    private static func movieText(_ report: MovieConversionReport, tags: [String], written: [String]) -> [String] {
        let source = report.source, settings = report.settings
        let streams = report.copiedStreams.map(\.label)
        let rotation = settings.displayMatrix.flatMap(\.rotation).map { "\(format($0))°" }
        let seconds = report.duration.milliseconds / 1000
        var lines = [
            "\(TextSanitizer.sanitize(report.input)) → \(TextSanitizer.sanitize(report.output))",
            "  source:  \(TextSanitizer.sanitize(source.codecName)) \(source.width)×\(source.height)"
                + "\(source.frameRate.map { " at \(format($0.doubleValue)) fps" } ?? ""), \(source.encoding)",
            "  tags:    \(tags.joined(separator: "; "))",
            "  colour:  \(TextSanitizer.sanitize(report.sourceColor.summary))",
            "  written: \(written.joined(separator: "; "))",
            "  plan:    \(report.engine)",
        ]
        lines += report.plan.map { "           · \($0)" }
        lines += sceneLines(report)
        var carried = ["\(report.frameCount) frames"]
        if !streams.isEmpty { carried.append("copied: \(streams.joined(separator: ", "))") }
        if let times = report.copiedTimes {
            carried.append(
                "cut to \(format(times.start))–\(times.end.map { format($0) } ?? "end") s at packet boundaries")
        }
        if let rotation { carried.append("rotation \(rotation)") }
        if !report.metadata.isEmpty {
            carried.append("metadata: \(report.metadata.map(\.key).joined(separator: ", "))")
        }
        lines.append("  output:  \(TextSanitizer.sanitize(carried.joined(separator: "; ")))")
        for kept in report.keptDynamicMetadata {
            lines.append(
                "  kept:    \(TextSanitizer.sanitize("\(kept.what): \(kept.frames) of \(kept.sourceFrames) frames, \(kept.carriage)"))"
                    + (kept.note.map { " (\(TextSanitizer.sanitize($0)))" } ?? ""))
        }
        for omission in report.omissions {
            lines.append("  not carried: \(TextSanitizer.sanitize("\(omission.what): \(omission.reason)"))")
        }
        lines.append(
            "  check:   \(report.check): "
                + (report.validation.isEmpty
                    ? "passes" : TextSanitizer.sanitize(report.validation.map(\.message).joined(separator: "; "))))
        if !report.inheritedFindings.isEmpty {
            lines.append(
                "  inherited from the source (not counted): "
                    + TextSanitizer.sanitize(
                        report.inheritedFindings.map { "\($0.rule): \($0.message)" }.joined(separator: "; ")))
        }
        for pass in report.passes {
            lines.append("  pass:    \(pass.name): \(pass.reason)")
        }
        let parts = timeParts(report.times)
        lines.append(
            "  time:    \(format(seconds)) s, \(format(report.framesPerSecond)) fps: "
                + parts.filter { $0.2 > .zero || $0.0 == "other" }.map { "\($0.0) \(format($0.2.milliseconds)) ms" }
                .joined(separator: ", "))
        return lines
    }

    /// The JSON report.
    private static func movieJSON(
        _ report: MovieConversionReport, tags: [String], written: [String], status: Int32
    ) -> JSONValue {
        let source = report.source, settings = report.settings
        let streams = report.copiedStreams.map(\.label)
        let parts = timeParts(report.times)
        return JSONValue.object([
            ("SourceFile", .string(report.input)), ("OutputFile", .string(report.output)),
            ("ExitStatus", .integer(Int(status))),
            (
                "Source",
                .object([
                    ("Codec", .string(source.codecName)), ("Width", .integer(source.width)),
                    ("Height", .integer(source.height)),
                    ("FrameRate", source.frameRate.map { .number($0.doubleValue) } ?? .null),
                    ("Encoding", .string("\(source.encoding)")), ("Tags", .array(tags.map { .string($0) })),
                    ("ColorDecision", .string(report.sourceColor.summary)),
                    ("Rotation", source.displayMatrix?.rotation.map { .number($0) } ?? .null),
                ])
            ),
            (
                "Target",
                .object([
                    ("ColorSpace", .string(settings.encoding.colorSpace.name)),
                    ("Encoding", .string("\(settings.encoding)")), ("Codec", .string(settings.codec.rawValue)),
                    ("Written", .array(written.map { .string($0) })),
                    ("Rotation", settings.displayMatrix?.rotation.map { .number($0) } ?? .null),
                ])
            ),
            ("Engine", .string(report.engine)), ("Plan", .array(report.plan.map { .string($0) })),
            ("Scenes", sceneJSON(report)),
            ("Frames", .integer(report.frameCount)), ("CopiedStreams", .array(streams.map { .string($0) })),
            (
                "CopiedTimes",
                report.copiedTimes.map {
                    .object([("Start", .number($0.start)), ("End", $0.end.map { .number($0) } ?? .null)])
                } ?? .null
            ),
            ("Metadata", .object(report.metadata.map { ($0.key, .string($0.value)) })),
            (
                "KeptDynamicMetadata",
                .array(
                    report.keptDynamicMetadata.map {
                        .object([
                            ("What", .string($0.what)), ("Carriage", .string($0.carriage)),
                            ("Frames", .integer($0.frames)), ("SourceFrames", .integer($0.sourceFrames)),
                            ("Note", $0.note.map { .string($0) } ?? .null),
                        ])
                    })
            ),
            (
                "NotCarried",
                .array(
                    report.omissions.map { .object([("What", .string($0.what)), ("Reason", .string($0.reason))]) })
            ),
            ("Check", .string(report.check)), ("Validates", .bool(report.validates)),
            ("Findings", .array(report.validation.map { .string($0.message) })),
            (
                "InheritedFindings",
                .array(
                    report.inheritedFindings.map {
                        .object([("Rule", .string($0.rule.rawValue)), ("Message", .string($0.message))])
                    })
            ),
            (
                "Passes",
                .array(report.passes.map { .object([("Name", .string($0.name)), ("Reason", .string($0.reason))]) })
            ),
            (
                "TimeMilliseconds",
                .object(
                    parts.map { ($0.1, .number($0.2.milliseconds)) } + [
                        ("Total", .number(report.duration.milliseconds))
                    ])
            ),
            ("FramesPerSecond", .number(report.framesPerSecond)),
        ])
    }
}
