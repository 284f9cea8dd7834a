import SignalCoding
import ColorTags
import Foundation
import MediaSyntax

extension HDRReport {
    /// The report as one self-contained HTML page: every picture a `data:` URI, no script, no external resource (a
    /// Content-Security-Policy forbids any), every text from the file sanitised and HTML-escaped.
    ///
    /// - Throws: as ``pictures()``.
    public func html() throws(HDRReportError) -> String {
        try html(pictures: pictures())
    }

    /// The page for `pictures` (from ``pictures()``).
    public func html(pictures: [ReportPicture]) -> String {
        let name = Self.escape(URL(fileURLWithPath: path).lastPathComponent)
        var body: [String] = [
            "<h1>HDR report: \(name)</h1>",
            "<p class=\"muted\">\(Self.escape(path)) · made by hdrcolor report · reference white "
                + "\(format(options.referenceWhite)) cd/m²</p>",
            summaryTable(),
        ]
        if !notes.isEmpty {
            body.append("<ul class=\"notes\">" + notes.map { "<li>\(Self.escape($0))</li>" }.joined() + "</ul>")
        }
        for picture in pictures {
            var figure = "<figure id=\"\(Self.escape(picture.name))\"><h2>\(Self.escape(picture.title))</h2>"
            figure += "<img src=\"\(picture.dataURI)\" alt=\"\(Self.escape(picture.title))\">"
            figure += "<figcaption>\(Self.escape(picture.caption))</figcaption>"
            if picture.name == "false-colour.png" { figure += falseColorLegend() }
            body.append(figure + "</figure>")
        }
        body.append(findingsSection())
        if let tagging {
            body.append(
                "<h2>Tags, as <code>hdrcolor inspect</code> reads them</h2><pre id=\"tags\">"
                    + Self.escapeLines(tagging.text(path: URL(fileURLWithPath: path).lastPathComponent)) + "</pre>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>HDR report: \(name)</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    static let style = """
        body{font:14px/1.45 Helvetica,Arial,sans-serif;color:#222;max-width:1060px;margin:24px auto;padding:0 16px}\
        h1{font-size:22px}h2{font-size:17px;margin:28px 0 8px}.muted{color:#666}\
        table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;\
        vertical-align:top}th{background:#f3f3f3}figure{margin:0 0 12px}img{max-width:100%;border:1px solid #ddd}\
        figcaption{color:#555;margin-top:4px}pre{background:#f7f7f7;padding:10px;font-size:12px;white-space:pre-wrap;\
        overflow-wrap:anywhere}\
        .swatch{display:inline-block;width:14px;height:14px;border:1px solid #999;vertical-align:middle;\
        margin-right:4px}.legend span.item{margin-right:14px;white-space:nowrap}.error{color:#b00}.warning{color:#a60}
        """

    /// The key figures: encoding, size, light levels declared and measured, gamut shares, percentiles.
    func summaryTable() -> String {
        var rows: [(String, String)] = [
            ("File", isMovie ? "movie" : "image"),
            ("Encoding", encodingDescription + (isHDR ? " (HDR)" : " (SDR)")),
            (
                "Size",
                "\(size.width)×\(size.height)\(turnDescription) (picture shown at \(frame.width)×\(frame.height))"
            ),
            (
                "MaxCLL / MaxFALL measured",
                "\(format(measuredLightLevel.maxContentLightLevel)) / "
                    + "\(format(measuredLightLevel.maxFrameAverageLightLevel)) cd/m² (CTA-861.3)"
            ),
            (
                "MaxCLL / MaxFALL declared",
                declaredLightLevel.map {
                    "\(format($0.maxContentLightLevel)) / \(format($0.maxFrameAverageLightLevel)) cd/m²"
                } ?? "none"
            ),
            (
                "Mastering display",
                masteringDisplay.map {
                    "\(format($0.maximumLuminance)) cd/m² peak, \(format($0.minimumLuminance)) cd/m² black, primaries "
                        + "R \($0.red) G \($0.green) B \($0.blue) W \($0.white)"
                } ?? masteringPeak.map { "none in the container or SEI; peak \($0.label)" } ?? "none"
            ),
            ("Declared primaries", declaredPrimaries.map { TextSanitizer.sanitize($0.name) } ?? "none"),
        ]
        if let median = histogram.percentile(0.5), let high = histogram.percentile(0.99) {
            rows.append(("Luminance", "median ≤ \(format(median)) cd/m², 99 % of pixels ≤ \(format(high)) cd/m²"))
        }
        rows.append(
            (
                "Outside gamut",
                ChromaticityDensity.Gamut.allCases.map {
                    "\($0.rawValue) \((100 * chromaticity.shareOutside($0)).fixed(2)) %"
                }.joined(separator: ", ")
            ))
        if let timeline {
            rows.append(("Light level over time", timeline.samplingDescription))
            for levels in timeline.sceneLevels { rows.append(("Dynamic metadata", levels.summary)) }
        }
        return "<table>"
            + rows.map { "<tr><th>\(Self.escape($0.0))</th><td>\(Self.escape($0.1))</td></tr>" }.joined()
            + "</table>"
    }

    /// How a movie's pictures are turned for display, e.g. ` as displayed (display matrix: rotation −90°)`; empty
    /// without a display matrix.
    var turnDescription: String {
        guard let matrix = displayMatrix else { return "" }
        let rotation = matrix.rotation.map { "rotation \(format($0).replacingOccurrences(of: "-", with: "−"))°" }
        return " as displayed (display matrix: \(rotation ?? "degenerate"))"
    }

    /// The false-colour legend: the grey ramp and each band's colour and range.
    func falseColorLegend() -> String {
        let scale = FalseColorScale(referenceWhite: options.referenceWhite)
        var items = [
            "<span class=\"item\"><span class=\"swatch\" style=\"background:linear-gradient(90deg,#000,#e6e6e6)\">"
                + "</span>below \(format(scale.referenceWhite)) cd/m² (grey ramp)</span>"
        ]
        for (index, band) in scale.bands.enumerated() {
            let upper = index + 1 < scale.bands.count ? "–\(format(scale.bands[index + 1].lowerBound))" : " and above"
            items.append(
                "<span class=\"item\"><span class=\"swatch\" style=\"background:\(band.hex)\"></span>"
                    + "\(format(band.lowerBound))\(upper) cd/m²</span>")
        }
        return "<p class=\"legend\">" + items.joined(separator: " ") + "</p>"
    }

    /// The findings of `hdrcolor validate`'s rules, each with its rule's title, reason and fix.
    func findingsSection() -> String {
        var html = "<h2>Findings, as <code>hdrcolor validate</code> judges them</h2>"
        guard !findings.isEmpty else { return html + "<p>No findings: every rule passes.</p>" }
        html += "<table><tr><th>Severity</th><th>Rule</th><th>Finding</th><th>Why this severity</th><th>Fix</th></tr>"
        for finding in findings {
            let rule = ValidationRule.rule(finding.rule)
            html += "<tr class=\"\(finding.severity)\"><td>\(finding.severity)</td>"
            html += "<td><code>\(Self.escape(finding.rule.rawValue))</code><br>\(Self.escape(rule.title))</td>"
            html += "<td>\(Self.escape(finding.message))</td><td>\(Self.escape(rule.severityReason))</td>"
            html += "<td>\(Self.escape(finding.fix))</td></tr>"
        }
        return html + "</table>"
    }

    /// `text` safe for HTML: control characters escaped visibly (``TextSanitizer``), then `& < > " '` as entities.
    static func escape(_ text: String) -> String {
        SVGDocument.escape(TextSanitizer.sanitize(text)).replacingOccurrences(of: "'", with: "&#39;")
    }

    /// Lines of `text` (a report's own line breaks, kept for a `<pre>`), each made safe by ``escape(_:)``.
    static func escapeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(separator: "\n")
    }
}
