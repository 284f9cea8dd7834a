import ColorSpaces
import Foundation
import ICC
import MediaSyntax
import SignalCoding
import ColorTags

/// What `inspect` shows about an ICC profile: header, texts, colorants, curves, cicp, tags and the matching colour
/// space, as text (control characters escaped) and JSON (exiftool field names, non-finite numbers as `null`).
public struct ICCProfileSummary: Sendable {
    /// The profile.
    public let profile: ICCProfile

    /// Summarises a profile.
    public init(_ profile: ICCProfile) { self.profile = profile }

    var header: ICCHeader { profile.header }

    var profileIDStatus: String {
        switch profile.profileIDStatus {
        case .absent: "absent"
        case .verified: "verified"
        case .mismatch: "mismatch"
        }
    }

    func texts(_ text: ICCLocalizedText?) -> [(String, String)] {
        (text?.translations ?? []).map {
            // The language and country codes are raw bytes of the file too.
            (
                TextSanitizer.sanitize("\($0.language)\($0.country.isEmpty ? "" : "-" + $0.country)"),
                TextSanitizer.sanitize($0.text)
            )
        }
    }

    /// The few fields shown for every embedded profile.
    var headlineJSON: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let description = profile.profileDescription?.text {
            members.append(("ProfileDescription", .string(description)))
        }
        members += [
            ("ProfileVersion", .string(header.version.description)),
            ("ProfileClass", .string(header.deviceClass.description)),
            ("ColorSpaceData", .string(header.colorSpace.description)),
            ("ProfileConnectionSpace", .string(header.connectionSpace.description)),
            ("ProfileDateTime", .string(dateText)), ("ProfileIDStatus", .string(profileIDStatus)),
        ]
        if let cicp = profile.cicp { members.append(("cicp", .string(cicp.description))) }
        if let match = profile.matchingColorSpace() {
            members.append(("MatchingColorSpace", .string(match.colorSpace.name)))
        }
        if let luminance = profile.luminance { members.append(("Luminance", .number(luminance.y))) }
        return members
    }

    var dateText: String {
        let d = header.creationDate
        guard d.count == 6 else { return "" }
        return String(format: "%04d:%02d:%02d %02d:%02d:%02d", d[0], d[1], d[2], d[3], d[4], d[5])
    }

    /// Every field, for `inspect --json` of an `.icc` file.
    public var json: JSONValue {
        func vector(_ v: SIMD3<Double>) -> JSONValue { .array([.number(v.x), .number(v.y), .number(v.z)]) }
        var members: [(String, JSONValue)] = [
            ("ProfileSize", .integer(profile.bytes.count)), ("ProfileVersion", .string(header.version.description)),
            ("ProfileClass", .string(header.deviceClass.description)),
            ("ColorSpaceData", .string(header.colorSpace.description)),
            ("ProfileConnectionSpace", .string(header.connectionSpace.description)),
            (
                "RenderingIntent",
                .string(header.renderingIntent?.description ?? "invalid (\(header.renderingIntentCode))")
            ),
            ("ProfileCreator", .string(header.creator.description)), ("ProfileDateTime", .string(dateText)),
            ("ProfileID", .string(header.profileID.map { String(format: "%02x", $0) }.joined())),
            ("ProfileIDStatus", .string(profileIDStatus)),
            ("ProfileDescription", .object(texts(profile.profileDescription).map { ($0.0, .string($0.1)) })),
            ("ProfileCopyright", .object(texts(profile.copyright).map { ($0.0, .string($0.1)) })),
        ]
        if let white = profile.mediaWhitePoint { members.append(("MediaWhitePoint", vector(white))) }
        if let chad = profile.chromaticAdaptation {
            members.append(("ChromaticAdaptation", .array(chad.rows.map(vector))))
        }
        if let c = profile.colorants {
            members += [
                ("RedMatrixColumn", vector(c.red)), ("GreenMatrixColumn", vector(c.green)),
                ("BlueMatrixColumn", vector(c.blue)),
            ]
        }
        if let p = profile.primaries {
            members.append(
                (
                    "Primaries",
                    .object([
                        ("Red", xy(p.red)), ("Green", xy(p.green)), ("Blue", xy(p.blue)),
                        ("White", xy(p.white.chromaticity)),
                    ])
                ))
        }
        if let curves = profile.toneCurves {
            members.append(
                (
                    "ToneCurves",
                    .object([("Red", curve(curves.red)), ("Green", curve(curves.green)), ("Blue", curve(curves.blue))])
                ))
        }
        if let gray = profile.grayToneCurve { members.append(("GrayTRC", curve(gray))) }
        if let luminance = profile.luminance { members.append(("Luminance", vector(luminance))) }
        if let cicp = profile.cicp { members.append(("cicp", .object(cicp.json))) }
        members.append(("MatrixShaper", .bool(profile.isMatrixShaper)))
        if let match = profile.matchingColorSpace() {
            members.append(
                (
                    "MatchingColorSpace",
                    .compact([
                        ("Name", .string(match.colorSpace.name)),
                        ("Identifier", .optional(match.colorSpace.identifier) { .string($0) }),
                        ("ChromaticityError", .number(match.chromaticityError)),
                        ("CurveError", .number(match.curveError)),
                    ])
                ))
        }
        members.append(
            (
                "Tags",
                .array(
                    profile.tags.map { tag in
                        .object([
                            ("Signature", .string(Bytes.fourCC(tag.signature.description.utf8))),
                            ("Type", .string(Bytes.fourCC(tag.typeSignature.description.utf8))),
                            ("Offset", .integer(tag.offset)), ("Size", .integer(tag.size)),
                        ])
                    })
            ))
        return .object(members)
    }

    func curve(_ curve: ICCToneCurve) -> JSONValue {
        let samples = JSONValue.array([0, 0.25, 0.5, 0.75, 1].map { .number(curve.evaluate($0)) })
        switch curve {
        case .parametric(let p):
            return .object([
                ("Kind", .string("parametric")), ("FunctionType", .integer(p.functionType)),
                ("Parameters", .array(p.parameters.map(JSONValue.number))), ("Samples", samples),
            ])
        case .sampled(let table):
            return .object([("Kind", .string("sampled")), ("Entries", .integer(table.count)), ("Samples", samples)])
        }
    }

    /// The detailed text lines (labels padded to 26 columns).
    public var textLines: [String] {
        var lines: [String] = []
        func add(_ label: String, _ value: String) { lines.append(Self.column(label) + value) }
        func v(_ x: SIMD3<Double>) -> String { [x.x, x.y, x.z].map { $0.fixed(6) }.joined(separator: " ") }
        add("Profile Version", header.version.description)
        add("Profile Class", "'\(Bytes.fourCC(header.deviceClass.description.utf8))'")
        add(
            "Color Space Data",
            "'\(Bytes.fourCC(header.colorSpace.description.utf8))' / PCS '\(Bytes.fourCC(header.connectionSpace.description.utf8))'"
        )
        add("Rendering Intent", header.renderingIntent?.description ?? "invalid (\(header.renderingIntentCode))")
        add("Profile Creator", "'\(Bytes.fourCC(header.creator.description.utf8))'")
        add("Profile Date Time", dateText)
        add("Profile ID", header.profileID.map { String(format: "%02x", $0) }.joined() + " (\(profileIDStatus))")
        for (key, value) in texts(profile.profileDescription) { add("Profile Description [\(key)]", value) }
        for (key, value) in texts(profile.copyright) { add("Profile Copyright [\(key)]", value) }
        if let white = profile.mediaWhitePoint { add("Media White Point", v(white)) }
        if let chad = profile.chromaticAdaptation {
            for (index, row) in chad.rows.enumerated() { add(index == 0 ? "Chromatic Adaptation" : "", v(row)) }
        }
        if let c = profile.colorants {
            add("Red Matrix Column", v(c.red))
            add("Green Matrix Column", v(c.green))
            add("Blue Matrix Column", v(c.blue))
        }
        if let p = profile.primaries {
            add(
                "Primaries (xy)",
                [("R", p.red), ("G", p.green), ("B", p.blue), ("W", p.white.chromaticity)]
                    .map { "\($0.0) \($0.1.x.fixed(4)),\($0.1.y.fixed(4))" }.joined(separator: "  "))
        }
        if let curves = profile.toneCurves {
            for (name, c) in [("Red TRC", curves.red), ("Green TRC", curves.green), ("Blue TRC", curves.blue)] {
                add(name, curveText(c))
            }
        }
        if let gray = profile.grayToneCurve { add("Gray TRC", curveText(gray)) }
        if let luminance = profile.luminance { add("Luminance (cd/m²)", luminance.y.fixed(2)) }
        add("cicp", profile.cicp.map { "\($0) (\($0.summary))" } ?? "none")
        add("Matrix/shaper", profile.isMatrixShaper ? "yes" : "no")
        add(
            "Matching colour space",
            profile.matchingColorSpace().map {
                "\($0.colorSpace.name)" + ($0.colorSpace.identifier.map { " (\($0))" } ?? "")
                    + ", xy error \($0.chromaticityError.g4), curve error \($0.curveError.g4)"
            } ?? "none in the catalog")
        lines.append("Tags (\(profile.tags.count)):")
        for tag in profile.tags {
            lines.append(
                "  '\(Bytes.fourCC(tag.signature.description.utf8))'  '\(Bytes.fourCC(tag.typeSignature.description.utf8))'  offset \(tag.offset)  size \(tag.size)"
            )
        }
        return lines
    }

    /// A label padded to 26 columns (longer labels keep one space).
    static func column(_ label: String) -> String {
        label.count >= 26 ? label + " " : label.padding(toLength: 26, withPad: " ", startingAt: 0)
    }

    func curveText(_ curve: ICCToneCurve) -> String {
        switch curve {
        case .parametric(let p):
            "parametric type \(p.functionType) [" + p.parameters.map(\.g4).joined(separator: ", ") + "]"
        case .sampled(let table): "sampled, \(table.count) entries"
        }
    }
}
