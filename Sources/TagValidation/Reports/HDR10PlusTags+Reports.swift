import MediaSyntax
import ColorTags

extension HDR10PlusMetadata {
    /// `"profile B, targeted display 400 cd/m², MaxSCL 1783/1690/1425 cd/m², average maxRGB 103.7 cd/m², …"`.
    var summary: String {
        func nits(_ value: UInt32) -> String { (Double(value) / 10).g4 }
        var parts = [
            "profile \(profile)", "version \(applicationVersion)",
            "targeted display \(targetedSystemDisplayMaximumLuminance) cd/m²",
        ]
        if windows.count > 1 { parts.append("\(windows.count) windows") }
        for window in windows.prefix(1) {
            parts.append("MaxSCL \(window.maxSCL.map(nits).joined(separator: "/")) cd/m²")
            parts.append("average maxRGB \(nits(window.averageMaxRGB)) cd/m²")
            let percentiles = window.distribution.map { "\($0.percentage)%: \(nits($0.value))" }
            parts.append("percentiles [\(percentiles.joined(separator: ", "))] cd/m²")
            parts.append("bright pixels \(window.fractionBrightPixels)/1000")
            if let curve = window.toneMapping {
                parts.append(
                    "knee \(curve.kneePointX)/4095, \(curve.kneePointY)/4095, anchors [\(curve.anchors.map(String.init).joined(separator: ", "))]/1023"
                )
            }
        }
        if targetedSystemDisplayActualPeakLuminance != nil { parts.append("targeted display actual peak matrix") }
        if masteringDisplayActualPeakLuminance != nil { parts.append("mastering display actual peak matrix") }
        if let weight = colorSaturationWeight { parts.append("colour saturation weight \(weight)/8") }
        return parts.joined(separator: ", ")
    }

    var json: JSONValue {
        func matrix(_ m: PeakLuminanceMatrix?) -> JSONValue {
            .optional(m) { m in
                .object([
                    ("Columns", .integer(m.columns)),
                    ("Rows", .array(m.rows.map { .array($0.map { .integer(Int($0)) }) })),
                ])
            }
        }
        let windowValues: [JSONValue] = windows.map { w in
            .compact([
                ("MaxSCL", .array(w.maxSCL.map { .integer(Int($0)) })),
                ("AverageMaxRGB", .integer(Int(w.averageMaxRGB))),
                ("DistributionPercentages", .array(w.distribution.map { .integer(Int($0.percentage)) })),
                ("DistributionValues", .array(w.distribution.map { .integer(Int($0.value)) })),
                ("FractionBrightPixels", .integer(Int(w.fractionBrightPixels))),
                (
                    "BezierCurve",
                    .optional(w.toneMapping) { c in
                        .object([
                            ("KneePointX", .integer(Int(c.kneePointX))), ("KneePointY", .integer(Int(c.kneePointY))),
                            ("Anchors", .array(c.anchors.map { .integer(Int($0)) })),
                        ])
                    }
                ),
            ])
        }
        return .compact([
            ("Profile", .string(profile)), ("ApplicationVersion", .integer(Int(applicationVersion))),
            ("NumberOfWindows", .integer(windows.count)),
            ("TargetedSystemDisplayMaximumLuminance", .integer(Int(targetedSystemDisplayMaximumLuminance))),
            ("TargetedSystemDisplayActualPeakLuminance", matrix(targetedSystemDisplayActualPeakLuminance)),
            ("Windows", .array(windowValues)),
            ("MasteringDisplayActualPeakLuminance", matrix(masteringDisplayActualPeakLuminance)),
            ("ColorSaturationWeight", .optional(colorSaturationWeight) { .integer(Int($0)) }),
        ])
    }
}

extension HDR10PlusSummary {
    /// `"259 frames with HDR10+, 0 without, 3 scenes, profile A, MaxSCL 1751–1783 cd/m², targeted display 0 cd/m²"`.
    var text: String {
        func range(_ r: ClosedRange<Double>) -> String {
            r.lowerBound == r.upperBound ? r.lowerBound.g4 : "\(r.lowerBound.g4)–\(r.upperBound.g4)"
        }
        var parts = [
            "\(framesWithMetadata) frame\(framesWithMetadata == 1 ? "" : "s") with HDR10+",
            "\(framesWithoutMetadata) without",
            "\(sceneCount) scene\(sceneCount == 1 ? "" : "s")", "profile \(profile)",
        ]
        if unreadableRecords > 0 { parts.append("\(unreadableRecords) unreadable") }
        if let maxSCLRange { parts.append("MaxSCL \(range(maxSCLRange)) cd/m²") }
        if let targetedPeakRange { parts.append("targeted display \(range(targetedPeakRange)) cd/m²") }
        return parts.joined(separator: ", ")
    }

    var json: JSONValue {
        func range(_ r: ClosedRange<Double>?) -> JSONValue {
            .optional(r) { .object([("Min", .number($0.lowerBound)), ("Max", .number($0.upperBound))]) }
        }
        return .compact([
            ("FramesWithMetadata", .integer(framesWithMetadata)),
            ("FramesWithoutMetadata", .integer(framesWithoutMetadata)),
            ("UnreadableRecords", .integer(unreadableRecords)), ("Scenes", .integer(sceneCount)),
            ("Profile", .string(profile)), ("MaxSCLRange", range(maxSCLRange)),
            ("TargetedPeakRange", range(targetedPeakRange)),
        ])
    }
}
