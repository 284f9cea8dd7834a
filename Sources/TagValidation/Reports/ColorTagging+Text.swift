import ColorSpaces
import MediaSyntax
import ColorTags

extension ColorTagging {
    /// The human-readable report of `inspect`: per image its size, depth, effective colour and each tag with its
    /// location, then the findings. Every string from the file is sanitised (``TextSanitizer``).
    public func text(path: String, findings: [Finding]? = nil) -> String {
        var text = ReportText(
            lines: [
                "\(TextSanitizer.sanitize(path)): \(format), \(byteCount) bytes"
                    + (brands.isEmpty ? "" : ", brands \(brands.joined(separator: " "))")
            ])
        if let movie { text.lines.append("  " + movie.summary) }
        for (index, image) in images.enumerated() { appendImage(image, index: index, to: &text) }
        if gainMap.isPresent { appendGainMap(to: &text) }
        if let findings {
            text.lines.append(findings.isEmpty ? "  No findings." : "  Findings (\(findings.count)):")
            for finding in findings { text.lines += finding.textLines(indent: 4) }
        }
        return text.lines.joined(separator: "\n")
    }

    /// One image's title, effective colour and tags.
    private func appendImage(_ image: ImageTags, index: Int, to text: inout ReportText) {
        var title = "[\(index)] \(image.role)"
        if let id = image.itemID { title += ", item \(id)" + (image.itemType.map { " '\($0)'" } ?? "") }
        if let w = image.width, let h = image.height { title += ", \(w)×\(h)" }
        if let depth = image.bitDepth { title += ", \(depth)-bit" }
        if let channels = image.channelCount { title += ", \(channels) channel\(channels == 1 ? "" : "s")" }
        if let offset = image.offset { title += ", at byte \(offset)" }
        text.lines.append("  " + title)
        text.add("Effective Colour", image.effective.summary)
        for tag in image.cicp {
            text.lines.append("    \(tag.value.source) — \(tag.location)")
            let c = tag.value.cicp
            if tag.value.hasColorDescription {
                text.add("Color Primaries", c.primaries.description, indent: 6)
                text.add("Transfer Characteristics", c.transfer.description, indent: 6)
                text.add("Matrix Coefficients", c.matrix.description, indent: 6)
            } else {
                text.add("Color Description", "absent (2/2/2 implied)", indent: 6)
            }
            text.add("Video Full Range Flag", c.videoFullRange ? "1 (full)" : "0 (narrow)", indent: 6)
        }
        for icc in image.iccProfiles { appendICC(icc, to: &text) }
        for s in image.sRGBIntent { text.add("SRGB Rendering", "\(ImageTags.intentName(s.value)) — \(s.location)") }
        for g in image.gamma { text.add("Gamma", "\((1 / g.value).g4) (stored \(g.value.g4)) — \(g.location)") }
        for c in image.chromaticities {
            let v = c.value
            text.add(
                "Chromaticities (cHRM)",
                "W \(v.white.x.g4),\(v.white.y.g4) R \(v.red.x.g4),\(v.red.y.g4) G \(v.green.x.g4),\(v.green.y.g4) B \(v.blue.x.g4),\(v.blue.y.g4) — \(c.location)"
            )
        }
        for m in image.masteringDisplay {
            let v = m.value
            text.add(
                "Mastering Display",
                "R \(v.red.x.fixed(4)),\(v.red.y.fixed(4)) G \(v.green.x.fixed(4)),\(v.green.y.fixed(4)) "
                    + "B \(v.blue.x.fixed(4)),\(v.blue.y.fixed(4)) W \(v.white.x.fixed(4)),\(v.white.y.fixed(4))")
            text.add("", "luminance \(v.minimumLuminance.g4) – \(v.maximumLuminance.g4) cd/m² — \(m.location)")
        }
        for c in image.contentLightLevel {
            text.add(
                "Content Light Level",
                "MaxCLL \(c.value.maxContentLightLevel.g4), MaxFALL \(c.value.maxFrameAverageLightLevel.g4) cd/m² — \(c.location)"
            )
        }
        for r in image.referenceWhite { text.add("HDR Reference White", "\(r.value.g4) cd/m² — \(r.location)") }
        if let video = image.video { text.lines += video.textLines(range: image.hlsVideoRange, indent: 4) }
    }

    /// An embedded ICC profile: its name, size and what it says (the whole summary for a bare profile).
    private func appendICC(_ icc: Located<EmbeddedICCProfile>, to text: inout ReportText) {
        text.lines.append("    ICC profile — \(icc.location)")
        if let name = icc.value.name { text.add("Profile Name", name, indent: 6) }
        text.add(
            "Profile Size", "\(icc.value.bytes.count) bytes" + (icc.value.isLUTBased ? ", LUT-based" : ""),
            indent: 6)
        if let profile = icc.value.profile {
            if format == .icc {
                text.lines += ICCProfileSummary(profile).textLines.map { "      " + $0 }
            } else {
                if let description = icc.value.profileDescription {
                    text.add("Profile Description", description, indent: 6)
                }
                text.add("Profile Version", profile.header.version.description, indent: 6)
                text.add("cicp", profile.cicp.map { "\($0) (\($0.summary))" } ?? "none", indent: 6)
                if let match = profile.matchingColorSpace() {
                    text.add("Matching Colour Space", match.colorSpace.name, indent: 6)
                }
                if let lumi = profile.luminance { text.add("Luminance", "\(lumi.y.g4) cd/m²", indent: 6) }
            }
        } else if let error = icc.value.parseError {
            text.add("Error", "\(error)", indent: 6)
        }
    }

    /// The gain map's records: ISO 21496-1, XMP hdrgm, Apple's and the MPF index.
    private func appendGainMap(to text: inout ReportText) {
        text.lines.append("  Gain map" + (gainMap.imageIndex.map { " (image [\($0)])" } ?? ""))
        if let iso = gainMap.iso {
            text.add(
                "ISO 21496-1",
                "\(iso.value.versionDescription) — \(iso.location)"
            )
            if let m = iso.value.metadata {
                text.add(
                    "",
                    "gain \(m.gainMapMin.x.g4)…\(m.gainMapMax.x.g4) (log2), gamma \(m.gamma.x.g4), headroom \(m.baseHeadroom.g4) → \(m.alternateHeadroom.g4) (log2)"
                )
            }
        }
        if let xmp = gainMap.xmp {
            let x = xmp.value
            text.add(
                "XMP hdrgm",
                "Version \(x.version ?? "?"), GainMapMax \(x.gainMapMax.map(\.g4).joined(separator: ",")), HDRCapacityMax \(x.hdrCapacityMax?.g4 ?? "missing") — \(xmp.location)"
            )
        }
        if let apple = gainMap.apple {
            let a = apple.value
            let headroom =
                a.headroom.map { "headroom \($0.ratio.g4)× (\($0.source))" }
                ?? "no headroom (neither XMP nor maker note)"
            text.add(
                "Apple HDRGainMap", "version \(a.version.map(String.init) ?? "?"), \(headroom) — \(apple.location)")
        }
        if let mpf = gainMap.multiPicture {
            text.add(
                "MPF",
                "\(mpf.value.declaredImageCount) images declared, \(mpf.value.entries.count) entries read — \(mpf.location)"
            )
        }
    }
}

/// Lines of the text report, with its aligned `label: value` rows.
struct ReportText {
    var lines: [String]

    /// `label` padded to the report's column, then `value`, indented by `indent` spaces.
    mutating func add(_ label: String, _ value: String, indent: Int = 4) {
        lines.append(String(repeating: " ", count: indent) + ICCProfileSummary.column(label) + value)
    }
}

extension Finding {
    /// `error    rule-id  message [location]` and an indented `fix:` line.
    func textLines(indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var line =
            pad + severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + rule.rawValue + "  "
            + TextSanitizer.sanitize(message)
        if let location { line += " [\(TextSanitizer.sanitize(location.description))]" }
        var lines = [line]
        if !fix.isEmpty { lines.append(pad + String(repeating: " ", count: 8) + "fix: " + fix) }
        return lines
    }
}
