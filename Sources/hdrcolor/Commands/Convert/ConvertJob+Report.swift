import Foundation
import HDRColor
import ImageFiles
import MediaConversion
import MediaSyntax

/// The text and JSON report of one conversion (`hdrcolor convert`, `--json`).
enum ConvertReportFormat {
    static func outcome(_ report: ConversionReport) -> ConvertOutcome {
        let (input, output, image) = (report.input, report.output, report.source)
        let (targetSpace, target, engine, plan) = (report.targetColorSpace, report.target, report.engine, report.plan)
        let validation = report.validation
        let gainMap = report.wroteGainMap
        let decode = report.times.decode.milliseconds
        let convert = report.times.convert.milliseconds
        let encode = report.times.encode.milliseconds
        let write = report.times.write.milliseconds
        let total = decode + convert + encode + write
        let megapixels = Double(image.width * image.height) / 1e6
        let rate = total > 0 ? megapixels / (total / 1000) : 0
        var tags: [String] = []
        if let primary = image.tagging?.primary {
            tags += primary.cicp.map { "CICP \($0.value.cicp) (\($0.value.source))" }
            tags += primary.iccProfiles.map { "ICC '\($0.value.profileDescription ?? "?")'" }
            if !primary.sRGBIntent.isEmpty { tags.append("sRGB chunk") }
            if !primary.gamma.isEmpty { tags.append(PNGChunkType.gAMA.rawValue) }
            if !primary.chromaticities.isEmpty { tags.append(PNGChunkType.cHRM.rawValue) }
        }
        if let m = image.masteringDisplay {
            tags.append("mDCV \(format(m.minimumLuminance))–\(format(m.maximumLuminance)) cd/m²")
        }
        if let c = image.contentLightLevel {
            tags.append("cLLI \(format(c.maxContentLightLevel))/\(format(c.maxFrameAverageLightLevel)) cd/m²")
        }
        if let g = image.gainMap {
            tags.append(
                "gain map (\(g.source)\(g.hasBothMetadata ? " + XMP" : ""), \(g.channelCount) channel, headroom "
                    + "\(format(g.metadata.alternateHeadroomRatio))×)")
        }
        let outputSummary = summary(report.written)
        let validates = validation.map(\.isEmpty)
        var lines = [
            "\(TextSanitizer.sanitize(input)) → \(TextSanitizer.sanitize(output))",
            "  source:  \(image.fileType) \(image.codedBitDepth)-bit \(image.width)×\(image.height), "
                + "\(image.colorDecision)",
            "  tags:    \(tags.isEmpty ? "none" : tags.joined(separator: "; "))",
            "  decoded: \(image.encoding)",
            "  target:  \(target)\(gainMap ? " → gain-map JPEG" : "")",
            "  plan:    \(engine)",
        ]
        lines += plan.map { "           · \($0)" }
        lines.append("  output:  \(outputSummary)")
        if let validation {
            let what = gainMap ? "gain map (ISO 21496-1 + XMP)" : "ISO HDR (validate --require iso-hdr)"
            lines.append(
                "  check:   \(what): "
                    + (validation.isEmpty ? "passes" : validation.map(\.message).joined(separator: "; ")))
        }
        for warning in image.warnings { lines.append("  warning: \(TextSanitizer.sanitize(warning))") }
        lines.append(
            "  time:    decode \(format(decode)) ms, convert \(format(convert)) ms, encode \(format(encode)) ms, "
                + "write \(format(write)) ms; \(format(megapixels)) Mpix at \(format(rate)) Mpix/s")
        let status: Int32 = validates == false ? 1 : 0
        let json = JSONValue.object([
            ("SourceFile", .string(input)), ("OutputFile", .string(output)), ("ExitStatus", .integer(Int(status))),
            (
                "Source",
                .object([
                    ("Format", .string(image.fileType.identifier)), ("Width", .integer(image.width)),
                    ("Height", .integer(image.height)), ("BitDepth", .integer(image.codedBitDepth)),
                    ("ColorSpace", .string(image.colorDecision.colorSpace.name)),
                    ("DecidedBy", .string(image.colorDecision.basis.rawValue)),
                    ("Detail", .string(image.colorDecision.detail)), ("Tags", .array(tags.map { .string($0) })),
                    ("DecodedEncoding", .string("\(image.encoding)")),
                ])
            ),
            ("Target", .object([("ColorSpace", .string(targetSpace.name)), ("Encoding", .string("\(target)"))])),
            ("Engine", .string(engine)), ("Plan", .array(plan.map { .string($0) })),
            ("OutputSummary", .string(outputSummary)),
            ("Validates", validates.map { .bool($0) } ?? .null),
            ("Findings", .array((validation ?? []).map { .string($0.message) })),
            ("Warnings", .array(image.warnings.map { .string($0) })),
            (
                "TimeMilliseconds",
                .object([
                    ("Decode", .number(decode)), ("Convert", .number(convert)), ("Encode", .number(encode)),
                    ("Write", .number(write)), ("Total", .number(total)),
                ])
            ),
            ("Megapixels", .number(megapixels)), ("MegapixelsPerSecond", .number(rate)),
        ])
        return ConvertOutcome(
            input: input, output: output, status: status, text: lines.joined(separator: "\n"), json: json)
    }

    /// `"PNG, 4 321 bytes, 16-bit, 9/16/0/1 (…) — from CICP"`.
    static func summary(_ written: ConversionReport.WrittenDescription) -> String {
        var text = "\(written.fileType), \(written.byteCount) bytes"
        if let primary = written.tagging?.primary {
            text += ", \(primary.bitDepth.map { "\($0)-bit" } ?? "?"), \(primary.effective.summary)"
        }
        return text
    }

    static func format(_ value: Double) -> String {
        NumberFormat.summaryValue(value)
    }
}
