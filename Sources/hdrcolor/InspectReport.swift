import Foundation
import HDRColor

/// Everything `hdrcolor inspect` shows about an ICC profile, as plain values for text and JSON output.
struct InspectReport: Encodable {
    struct Tag: Encodable {
        var signature: String
        var type: String
        var offset: Int
        var size: Int
    }

    struct Curve: Encodable {
        var kind: String
        var functionType: Int?
        var parameters: [Double]?
        var entries: Int?
        /// The curve at signal 0, 0.25, 0.5, 0.75, 1.
        var samples: [Double]
    }

    struct Match: Encodable {
        var name: String
        var identifier: String?
        var chromaticityError: Double
        var curveError: Double
    }

    var file: String
    var byteCount: Int
    var version: String
    var deviceClass: String
    var colorSpace: String
    var connectionSpace: String
    var renderingIntent: String
    var creator: String
    var creationDate: [Int]
    var profileID: String
    var profileIDStatus: String
    var description: [String: String]
    var copyright: [String: String]
    var mediaWhitePoint: [Double]?
    var chromaticAdaptation: [[Double]]?
    var colorants: [String: [Double]]?
    var primaries: [String: [Double]]?
    var toneCurves: [String: Curve]?
    var grayToneCurve: Curve?
    var luminance: [Double]?
    var cicp: String?
    var cicpMeaning: String?
    var isMatrixShaper: Bool
    var matchedColorSpace: Match?
    var tags: [Tag]
    var findings: [String]

    init(profile: ICCProfile, file: String) {
        let header = profile.header
        self.file = file
        byteCount = profile.bytes.count
        version = header.version.description
        deviceClass = header.deviceClass.description
        colorSpace = header.colorSpace.description
        connectionSpace = header.connectionSpace.description
        renderingIntent = header.renderingIntent?.description ?? "invalid (\(header.renderingIntentCode))"
        creator = header.creator.description
        creationDate = header.creationDate
        profileID = header.profileID.map { String(format: "%02x", $0) }.joined()
        switch profile.profileIDStatus {
        case .absent: profileIDStatus = "absent"
        case .verified: profileIDStatus = "verified"
        case .mismatch: profileIDStatus = "mismatch"
        }
        func texts(_ text: ICCLocalizedText?) -> [String: String] {
            Dictionary(
                (text?.translations ?? []).map { ("\($0.language)\($0.country.isEmpty ? "" : "-" + $0.country)", $0.text) },
                uniquingKeysWith: { first, _ in first })
        }
        description = texts(profile.profileDescription)
        copyright = texts(profile.copyright)
        mediaWhitePoint = profile.mediaWhitePoint.map(Self.array)
        chromaticAdaptation = profile.chromaticAdaptation?.rows.map(Self.array)
        colorants = profile.colorants.map {
            ["red": Self.array($0.red), "green": Self.array($0.green), "blue": Self.array($0.blue)]
        }
        primaries = profile.primaries.map {
            ["red": [$0.red.x, $0.red.y], "green": [$0.green.x, $0.green.y], "blue": [$0.blue.x, $0.blue.y],
             "white": [$0.white.x, $0.white.y]]
        }
        toneCurves = profile.toneCurves.map {
            ["red": Self.curve($0.red), "green": Self.curve($0.green), "blue": Self.curve($0.blue)]
        }
        grayToneCurve = profile.grayToneCurve.map(Self.curve)
        luminance = profile.luminance.map(Self.array)
        cicp = profile.cicp?.description
        cicpMeaning = profile.cicp.map {
            "\($0.primaries.displayName) / \($0.transfer.displayName) / \($0.matrix.displayName) / "
                + ($0.videoFullRange ? "full range" : "narrow range")
        }
        isMatrixShaper = profile.isMatrixShaper
        matchedColorSpace = profile.matchingColorSpace().map {
            Match(
                name: $0.colorSpace.name, identifier: $0.colorSpace.identifier,
                chromaticityError: $0.chromaticityError, curveError: $0.curveError)
        }
        tags = profile.tags.map {
            Tag(signature: $0.signature.description, type: $0.typeSignature.description, offset: $0.offset, size: $0.size)
        }
        findings = profile.consistencyFindings().map(\.description)
    }

    private static func array(_ v: SIMD3<Double>) -> [Double] { [v.x, v.y, v.z] }

    private static func curve(_ curve: ICCToneCurve) -> Curve {
        let samples = [0, 0.25, 0.5, 0.75, 1].map { curve.evaluate($0) }
        switch curve {
        case .parametric(let p):
            return Curve(kind: "parametric", functionType: p.functionType, parameters: p.parameters, samples: samples)
        case .sampled(let table):
            return Curve(kind: "sampled", entries: table.count, samples: samples)
        }
    }

    // MARK: Text

    var text: String {
        var lines = ["\(file): ICC profile, \(byteCount) bytes"]
        func add(_ label: String, _ value: String) { lines.append(label.padding(toLength: 22, withPad: " ", startingAt: 0) + value) }
        func xyz(_ v: [Double]) -> String { v.map { String(format: "%.6f", $0) }.joined(separator: " ") }
        add("Version", version)
        add("Device class", "'\(deviceClass)'")
        add("Colour space / PCS", "'\(colorSpace)' / '\(connectionSpace)'")
        add("Rendering intent", renderingIntent)
        add("Creator", "'\(creator)'")
        add("Profile ID", "\(profileID) (\(profileIDStatus))")
        for (key, value) in description.sorted(by: { $0.key < $1.key }) { add("Description [\(key)]", value) }
        for (key, value) in copyright.sorted(by: { $0.key < $1.key }) { add("Copyright [\(key)]", value) }
        if let mediaWhitePoint { add("Media white (XYZ)", xyz(mediaWhitePoint)) }
        if let chromaticAdaptation {
            for (index, row) in chromaticAdaptation.enumerated() { add(index == 0 ? "Adaptation (chad)" : "", xyz(row)) }
        }
        if let colorants {
            for key in ["red", "green", "blue"] { add("Colorant \(key) (XYZ)", xyz(colorants[key]!)) }
        }
        if let primaries {
            let text = ["red", "green", "blue", "white"].map { key in
                "\(key.prefix(1).uppercased()) " + primaries[key]!.map { String(format: "%.4f", $0) }.joined(separator: ",")
            }
            add("Primaries (xy)", text.joined(separator: "  "))
        }
        for (name, curve) in (toneCurves ?? [:]).sorted(by: { $0.key > $1.key }) + (grayToneCurve.map { [("gray", $0)] } ?? []) {
            let form = curve.kind == "parametric"
                ? "parametric type \(curve.functionType!) [" + curve.parameters!.map { String(format: "%.6g", $0) }.joined(separator: ", ") + "]"
                : "sampled, \(curve.entries!) entries"
            add("Curve \(name)", form)
        }
        if let luminance { add("Luminance (cd/m²)", String(format: "%.2f", luminance[1])) }
        add("cicp", cicp.map { "\($0) (\(cicpMeaning!))" } ?? "none")
        add("Matrix/shaper", isMatrixShaper ? "yes" : "no")
        add("Colour space", matchedColorSpace.map {
            "\($0.name)" + ($0.identifier.map { " (\($0))" } ?? "")
                + String(format: ", xy error %.2g, curve error %.2g", $0.chromaticityError, $0.curveError)
        } ?? "no catalogd_KEEP colour space")
        lines.append("Tags (\(tags.count)):")
        for tag in tags {
            lines.append("  '\(tag.signature)'  '\(tag.type)'  offset \(tag.offset)  size \(tag.size)")
        }
        lines.append(findings.isEmpty ? "No findings." : "Findings (\(findings.count)):")
        lines += findings.map { "  - \($0)" }
        return lines.joined(separator: "\n")
    }
}
