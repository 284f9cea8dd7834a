import ColorSpaces
import MediaSyntax
import ColorTags

extension ColorTagging {
    /// What changed between a source asset and a file a pipeline derived from it: primaries, transfer, range, content
    /// light level and mastering display of the primary images (a movie's first video track), and a dropped Dolby
    /// Vision record, Dolby Vision RPUs or HDR10+ messages (`validate --compare`). ImageMagick, libvips and
    /// avifenc have each silently dropped such tags (ImageMagick #7715, libvips #3912, libavif #2950).
    public func changes(from source: ColorTagging, options: ValidationOptions = ValidationOptions()) -> [Finding] {
        var findings: [Finding] = []
        let before = source.primary
        let after = primary
        func add(_ rule: RuleID, _ message: String) {
            findings.append(Finding(rule: rule, message: message, location: after.effective.location, imageIndex: 0))
        }
        let (p0, p1) = (before.effective.primaries, after.effective.primaries)
        if let p0, let p1 {
            let error = TagChecks.chromaticityError(p0, p1)
            if error > options.chromaticityTolerance {
                add(
                    .comparePrimaries,
                    "primaries changed from \(TextSanitizer.sanitize(p0.name)) to \(TextSanitizer.sanitize(p1.name)) (up to \(error.fixed(4)) in xy)"
                )
            }
        } else if (p0 == nil) != (p1 == nil) {
            add(
                .comparePrimaries,
                "primaries changed from \(p0.map { TextSanitizer.sanitize($0.name) } ?? "unknown") to \(p1.map { TextSanitizer.sanitize($0.name) } ?? "unknown")"
            )
        }
        let (t0, t1) = (before.effective.transfer, after.effective.transfer)
        if let t0, let t1 {
            if !TagChecks.sameTransfer(t0.rawValue, t1.rawValue) {
                add(.compareTransfer, "transfer changed from \(t0) to \(t1)")
            }
        } else if t0 != t1 {
            add(
                .compareTransfer,
                "transfer changed from \(t0?.description ?? "unknown") to \(t1?.description ?? "unknown")")
        }
        if before.effective.range != after.effective.range {
            add(.compareRange, "range changed from \(before.effective.range) to \(after.effective.range)")
        }
        func close(_ a: Double, _ b: Double) -> Bool { Swift.abs(a - b) <= Swift.max(0.5, 0.001 * Swift.max(a, b)) }
        switch (before.contentLightLevel.first?.value, after.contentLightLevel.first?.value) {
        case (let c0?, nil):
            add(
                .compareCLLI,
                "content light level (MaxCLL \(c0.maxContentLightLevel.g4), MaxFALL \(c0.maxFrameAverageLightLevel.g4) cd/m²) was dropped"
            )
        case (let c0?, let c1?)
        where !close(c0.maxContentLightLevel, c1.maxContentLightLevel)
            || !close(c0.maxFrameAverageLightLevel, c1.maxFrameAverageLightLevel):
            add(
                .compareCLLI,
                "content light level changed from \(c0.maxContentLightLevel.g4)/\(c0.maxFrameAverageLightLevel.g4) to \(c1.maxContentLightLevel.g4)/\(c1.maxFrameAverageLightLevel.g4) cd/m²"
            )
        default: break
        }
        switch (before.masteringDisplay.first?.value, after.masteringDisplay.first?.value) {
        case (let m0?, nil):
            add(.compareMDCV, "mastering display metadata (peak \(m0.maximumLuminance.g4) cd/m²) was dropped")
        case (let m0?, let m1?):
            let chromaticities =
                zip([m0.red, m0.green, m0.blue, m0.white], [m1.red, m1.green, m1.blue, m1.white])
                .map { Swift.max(Swift.abs($0.x - $1.x), Swift.abs($0.y - $1.y)) }.max() ?? 0
            if chromaticities > 0.0005 || !close(m0.maximumLuminance, m1.maximumLuminance)
                || Swift.abs(m0.minimumLuminance - m1.minimumLuminance) > 0.0005
            {
                add(
                    .compareMDCV,
                    "mastering display changed from peak \(m0.maximumLuminance.g4) / black \(m0.minimumLuminance.g4) to \(m1.maximumLuminance.g4) / \(m1.minimumLuminance.g4) cd/m²"
                        + (chromaticities > 0.0005
                            ? " with primaries moved up to \(chromaticities.fixed(4)) in xy" : ""))
            }
        default: break
        }
        if let record = before.video?.dolbyVision?.value, after.video?.dolbyVision == nil {
            add(
                .compareDolbyVision,
                "the Dolby Vision configuration record (profile \(record.name)) was dropped: the derivative plays as its base layer only"
            )
        }
        if let video = before.video, video.dolbyVisionRPU != nil || video.dolbyVisionRPUSummary != nil,
            after.video?.dolbyVisionRPU == nil, after.video?.dolbyVisionRPUSummary == nil
        {
            add(
                .compareDolbyVisionRPU,
                "the Dolby Vision RPUs were dropped: Dolby Vision displays get no per-shot metadata"
                    + (after.video?.dolbyVision != nil ? ", though the configuration record promises it" : ""))
        }
        if before.video?.hdr10Plus != nil, after.video?.hdr10Plus == nil {
            add(
                .compareHDR10Plus,
                "the HDR10+ dynamic metadata (ST 2094-40) was dropped: HDR10+ displays tone map from the static metadata only"
            )
        }
        return options.weigh(findings)
    }
}
