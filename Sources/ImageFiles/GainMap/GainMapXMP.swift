import SignalCoding
import Foundation
import ToneMapping

/// The XMP packets of a gain-map JPEG (Adobe gain map / UltraHDR v1): `hdrgm:Version` and a GContainer directory on
/// the primary image, the `hdrgm` values on the gain-map image; a user's own XMP is kept.
enum GainMapXMP {
    static let hdrgmNamespace = "http://ns.adobe.com/hdr-gain-map/1.0/"

    /// The gain-map image's packet.
    static func gainMapPacket(_ m: GainMapMetadata) -> String {
        let multichannel = m.isMultichannel
        func value(_ v: SIMD3<Double>) -> String {
            multichannel
                ? "<rdf:Seq><rdf:li>\(number(v.x))</rdf:li><rdf:li>\(number(v.y))</rdf:li><rdf:li>\(number(v.z))</rdf:li></rdf:Seq>"
                : number(v.x)
        }
        let fields: [(String, SIMD3<Double>)] = [
            ("GainMapMin", m.gainMapMin), ("GainMapMax", m.gainMapMax), ("Gamma", m.gamma),
            ("OffsetSDR", m.baseOffset), ("OffsetHDR", m.alternateOffset),
        ]
        var description = "<rdf:Description rdf:about=\"\" xmlns:hdrgm=\"\(hdrgmNamespace)\" hdrgm:Version=\"1.0\""
        description += " hdrgm:HDRCapacityMin=\"\(number(m.baseHeadroom))\""
        description += " hdrgm:HDRCapacityMax=\"\(number(m.alternateHeadroom))\" hdrgm:BaseRenditionIsHDR=\"False\""
        if multichannel {
            description += ">"
            for (name, v) in fields { description += "<hdrgm:\(name)>\(value(v))</hdrgm:\(name)>" }
            description += "</rdf:Description>"
        } else {
            for (name, v) in fields { description += " hdrgm:\(name)=\"\(value(v))\"" }
            description += "/>"
        }
        return wrap(description)
    }

    /// The primary image's packet: the user's XMP (without any earlier gain-map description) plus a description with
    /// `hdrgm:Version` and the GContainer directory naming the gain-map image's length.
    static func primaryPacket(userXMP: String?, gainMapLength: Int) -> String {
        let description = """
            <rdf:Description rdf:about="" xmlns:hdrgm="\(hdrgmNamespace)" \
            xmlns:Container="http://ns.google.com/photos/1.0/container/" \
            xmlns:Item="http://ns.google.com/photos/1.0/container/item/" hdrgm:Version="1.0">\
            <Container:Directory><rdf:Seq>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" \
            Item:Length="\(gainMapLength)"/></rdf:li>\
            </rdf:Seq></Container:Directory></rdf:Description>
            """
        guard let user = userXMP, let close = user.range(of: "</rdf:RDF>") else { return wrap(description) }
        var kept = removingGainMapDescriptions(String(user[..<close.lowerBound]))
        kept += description
        kept += user[close.lowerBound...]
        return kept
    }

    /// `text` without `rdf:Description` elements that declare the hdrgm or GContainer namespaces.
    static func removingGainMapDescriptions(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "<rdf:Description") {
            result += rest[..<start.lowerBound]
            let afterName = rest[start.upperBound...]
            guard let tagEnd = afterName.firstIndex(of: ">") else {
                result += rest[start.lowerBound...]
                return result
            }
            let selfClosing = afterName[..<tagEnd].hasSuffix("/")
            let elementEnd: String.Index
            if selfClosing {
                elementEnd = afterName.index(after: tagEnd)
            } else if let close = afterName.range(of: "</rdf:Description>") {
                elementEnd = close.upperBound
            } else {
                result += rest[start.lowerBound...]
                return result
            }
            let element = rest[start.lowerBound..<elementEnd]
            if !(element.contains(hdrgmNamespace) || element.contains("photos/1.0/container")) { result += element }
            rest = rest[elementEnd...]
        }
        return result + rest
    }

    static func wrap(_ description: String) -> String {
        "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" x:xmptk=\"HDRColor\">"
            + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\(description)</rdf:RDF></x:xmpmeta>"
    }

    /// A decimal with up to 9 significant digits, no exponent.
    static func number(_ value: Double) -> String {
        NumberFormat.wholeOr(.trimmedDecimals(9), below: 1e9)(value)
    }
}
