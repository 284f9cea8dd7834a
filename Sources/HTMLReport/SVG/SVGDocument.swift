import SignalCoding
import Foundation

/// A minimal SVG 1.1 writer: elements appended in order, text escaped, numbers with two decimals.
package struct SVGDocument {
    package let width: Double
    package let height: Double
    private(set) var body: [String] = []

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    package static func number(_ v: Double) -> String { v.fixed(2) }

    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    package mutating func raw(_ element: String) { body.append(element) }

    package mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String = "none", opacity: Double = 1
    ) {
        let n = Self.number
        body.append(
            #"<rect x="\#(n(x))" y="\#(n(y))" width="\#(n(width))" height="\#(n(height))" fill="\#(fill)" stroke="\#(stroke)" fill-opacity="\#(n(opacity))"/>"#
        )
    }

    package mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dash: String? = nil
    ) {
        let n = Self.number
        let dashAttribute = dash.map { #" stroke-dasharray="\#($0)""# } ?? ""
        body.append(
            #"<line x1="\#(n(x1))" y1="\#(n(y1))" x2="\#(n(x2))" y2="\#(n(y2))" stroke="\#(stroke)" stroke-width="\#(n(width))"\#(dashAttribute)/>"#
        )
    }

    package mutating func polyline(
        _ points: [(Double, Double)], stroke: String, width: Double, dash: String? = nil, clipPath: String? = nil,
        id: String? = nil
    ) {
        guard points.count > 1 else { return }
        let list = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
        let dashAttribute = dash.map { #" stroke-dasharray="\#($0)""# } ?? ""
        let clip = clipPath.map { #" clip-path="url(#\#($0))""# } ?? ""
        let idAttribute = id.map { #" id="\#(Self.escape($0))""# } ?? ""
        body.append(
            #"<polyline\#(idAttribute) points="\#(list)" fill="none" stroke="\#(stroke)" stroke-width="\#(Self.number(width))" stroke-linejoin="round"\#(dashAttribute)\#(clip)/>"#
        )
    }

    package mutating func circle(x: Double, y: Double, radius: Double, fill: String, stroke: String = "white") {
        let n = Self.number
        body.append(
            #"<circle cx="\#(n(x))" cy="\#(n(y))" r="\#(n(radius))" fill="\#(fill)" stroke="\#(stroke)" stroke-width="1.5"/>"#
        )
    }

    package enum Anchor: String { case start, middle, end }

    package mutating func text(
        _ string: String, x: Double, y: Double, size: Double = 12, anchor: Anchor = .start, fill: String = "#222",
        weight: String = "normal", rotate: Double? = nil, halo: Bool = false
    ) {
        let n = Self.number
        let transform = rotate.map { #" transform="rotate(\#(n($0)) \#(n(x)) \#(n(y)))""# } ?? ""
        let outline = halo ? #" stroke="white" stroke-width="3.5" paint-order="stroke""# : ""
        body.append(
            #"<text x="\#(n(x))" y="\#(n(y))" font-size="\#(n(size))" text-anchor="\#(anchor.rawValue)" fill="\#(fill)" font-weight="\#(weight)"\#(transform)\#(outline)>\#(Self.escape(string))</text>"#
        )
    }

    package mutating func clipRect(id: String, x: Double, y: Double, width: Double, height: Double) {
        let n = Self.number
        body.append(
            #"<defs><clipPath id="\#(id)"><rect x="\#(n(x))" y="\#(n(y))" width="\#(n(width))" height="\#(n(height))"/></clipPath></defs>"#
        )
    }

    /// The complete document.
    package var rendered: String {
        let header =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Self.number(width))" height="\#(Self.number(height))" viewBox="0 0 \#(Self.number(width)) \#(Self.number(height))" font-family="Helvetica, Arial, sans-serif">"#
        return ([#"<?xml version="1.0" encoding="UTF-8"?>"#, header] + body + ["</svg>", ""]).joined(separator: "\n")
    }
}
