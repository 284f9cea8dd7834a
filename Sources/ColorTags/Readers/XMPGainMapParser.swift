import Foundation
import MediaSyntax

/// Reads Adobe/UltraHDR gain-map fields from an XMP packet without a full XML parser (see ``XMPFields``). The prefix
/// is whatever the packet binds to `http://ns.adobe.com/hdr-gain-map/1.0/`.
enum XMPGainMapParser {
    static let namespace = "http://ns.adobe.com/hdr-gain-map/1.0/"

    /// Whether the packet declares the namespace and a `Version`, and the values when it has `GainMapMax`.
    static func parse(_ xml: String) -> (declaresGainMap: Bool, values: XMPGainMap?) {
        guard let fields = XMPFields(xml, namespace: namespace) else { return (false, nil) }
        let version = fields.strings("Version")?.first
        let maximum = fields.numbers("GainMapMax")
        guard version != nil || !maximum.isEmpty else { return (false, nil) }
        guard !maximum.isEmpty else { return (true, nil) }
        let values = XMPGainMap(
            version: version.map(TextSanitizer.sanitize), gainMapMin: fields.numbers("GainMapMin").nonEmpty ?? [0],
            gainMapMax: maximum, gamma: fields.numbers("Gamma").nonEmpty ?? [1],
            offsetSDR: fields.numbers("OffsetSDR").nonEmpty ?? [1.0 / 64],
            offsetHDR: fields.numbers("OffsetHDR").nonEmpty ?? [1.0 / 64],
            hdrCapacityMin: fields.numbers("HDRCapacityMin").first ?? 0,
            hdrCapacityMax: fields.numbers("HDRCapacityMax").first,
            baseRenditionIsHDR: fields.strings("BaseRenditionIsHDR")?.first?.lowercased() == "true")
        return (true, values)
    }

    /// Apple's gain-map fields (namespace `http://ns.apple.com/HDRGainMap/1.0/`) of a packet; with
    /// `requiringAuxiliaryType` (JPEG, where the XMP is what marks the image) nil unless it names Apple's gain-map aux
    /// type (a HEIF item has it in `auxC` instead).
    static func parseApple(_ xml: String, requiringAuxiliaryType: Bool = true) -> AppleGainMapTags? {
        guard !requiringAuxiliaryType || xml.contains(AppleGainMapTags.auxiliaryType) else { return nil }
        let fields = XMPFields(xml, namespace: "http://ns.apple.com/HDRGainMap/1.0/")
        return AppleGainMapTags(
            version: fields?.numbers("HDRGainMapVersion").first.flatMap { Int(exactly: $0) },
            xmpHeadroom: fields?.numbers("HDRGainMapHeadroom").first)
    }
}

/// The fields of one namespace in an XMP packet, read without a full XML parser: attributes
/// (`hdrgm:GainMapMax="2.3"`) and elements (`<hdrgm:GainMapMax>2.3</…>`, or an `rdf:Seq` of `rdf:li` values).
struct XMPFields {
    let xml: String
    let prefix: String

    /// Nil when the packet binds no prefix to `namespace`.
    init?(_ xml: String, namespace: String) {
        guard let prefix = Self.prefix(of: namespace, in: xml) else { return nil }
        self.xml = xml
        self.prefix = prefix
    }

    /// The field's text values (one for an attribute or a plain element, one per `rdf:li`), or nil when absent.
    func strings(_ name: String) -> [String]? {
        for quote in ["\"", "'"] {
            if let start = xml.range(of: "\(prefix):\(name)=\(quote)") {
                let rest = xml[start.upperBound...]
                guard let end = rest.firstIndex(of: Character(quote)) else { return nil }
                return [String(rest[..<end])]
            }
        }
        guard let open = xml.range(of: "<\(prefix):\(name)>"),
            let close = xml.range(of: "</\(prefix):\(name)>", range: open.upperBound..<xml.endIndex)
        else { return nil }
        let content = xml[open.upperBound..<close.lowerBound]
        var items: [String] = []
        var search = content.startIndex..<content.endIndex
        while let li = content.range(of: "<rdf:li", range: search),
            let gt = content[li.upperBound...].firstIndex(of: ">"),
            let end = content.range(of: "</rdf:li>", range: content.index(after: gt)..<content.endIndex)
        {
            items.append(String(content[content.index(after: gt)..<end.lowerBound]))
            search = end.upperBound..<content.endIndex
        }
        return items.isEmpty ? [String(content)] : items
    }

    /// The field's values that parse as numbers.
    func numbers(_ name: String) -> [Double] {
        (strings(name) ?? []).compactMap { Double($0.trimmed(of: " \n\t\r")) }
    }

    /// The prefix bound to `namespace` (`xmlns:hdrgm="…"`), if any.
    static func prefix(of namespace: String, in xml: String) -> String? {
        for quote in ["\"", "'"] {
            guard let uri = xml.range(of: "=\(quote)\(namespace)\(quote)") else { continue }
            let before = xml[..<uri.lowerBound]
            guard let xmlns = before.range(of: "xmlns:", options: .backwards) else { continue }
            let prefix = before[xmlns.upperBound...].trimmed(of: " \n\t\r")
            if !prefix.isEmpty, prefix.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                return prefix
            }
        }
        return nil
    }
}

extension Array {
    var nonEmpty: Self? { isEmpty ? nil : self }
}

extension StringProtocol {
    func trimmed(of set: String) -> String {
        let characters = Set(set)
        guard let start = firstIndex(where: { !characters.contains($0) }),
            let end = lastIndex(where: { !characters.contains($0) })
        else { return "" }
        return String(self[start...end])
    }
}
