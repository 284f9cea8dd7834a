import Foundation

/// Reads Adobe/UltraHDR gain-map fields from an XMP packet without a full XML parser: attributes
/// (`hdrgm:GainMapMax="2.3"`) and elements (`<hdrgm:GainMapMax>2.3</…>`, or an `rdf:Seq` of three `rdf:li` values for
/// multichannel maps). The prefix is whatever the packet binds to `http://ns.adobe.com/hdr-gain-map/1.0/`.
enum XMPGainMapParser {
    static let namespace = "http://ns.adobe.com/hdr-gain-map/1.0/"

    /// Whether the packet declares the namespace and a `Version`, and the values when it has `GainMapMax`.
    static func parse(_ xml: String) -> (declaresGainMap: Bool, values: XMPGainMap?) {
        guard let prefix = prefix(in: xml) else { return (false, nil) }
        func field(_ name: String) -> [String]? {
            let attribute = "\(prefix):\(name)=\""
            if let start = xml.range(of: attribute) {
                let rest = xml[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { return nil }
                return [String(rest[..<end])]
            }
            let attributeSingle = "\(prefix):\(name)='"
            if let start = xml.range(of: attributeSingle) {
                let rest = xml[start.upperBound...]
                guard let end = rest.firstIndex(of: "'") else { return nil }
                return [String(rest[..<end])]
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
        func numbers(_ name: String) -> [Double] {
            (field(name) ?? []).compactMap { Double($0.trimmed(of: " \n\t\r")) }
        }
        let version = field("Version")?.first
        let maximum = numbers("GainMapMax")
        guard version != nil || !maximum.isEmpty else { return (false, nil) }
        guard !maximum.isEmpty else { return (true, nil) }
        let capacityMax = numbers("HDRCapacityMax").first
        let values = XMPGainMap(
            version: version.map(TextSanitizer.sanitize), gainMapMin: numbers("GainMapMin").nonEmpty ?? [0],
            gainMapMax: maximum, gamma: numbers("Gamma").nonEmpty ?? [1],
            offsetSDR: numbers("OffsetSDR").nonEmpty ?? [1.0 / 64],
            offsetHDR: numbers("OffsetHDR").nonEmpty ?? [1.0 / 64],
            hdrCapacityMin: numbers("HDRCapacityMin").first ?? 0, hdrCapacityMax: capacityMax,
            baseRenditionIsHDR: field("BaseRenditionIsHDR")?.first?.lowercased() == "true")
        return (true, values)
    }

    /// The prefix bound to the hdrgm namespace (`xmlns:hdrgm="…"`), if any.
    static func prefix(in xml: String) -> String? {
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
