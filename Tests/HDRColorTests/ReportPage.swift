import Foundation
import Testing

/// A page of `hdrcolor report` read as a person reads it: its pictures by name, the series of its SVG charts in the
/// axes' units, and the lines of its tags block.
struct ReportPage {
    let html: String

    init(html: String) {
        self.html = html
    }

    init(contentsOf url: URL) throws {
        html = try String(contentsOf: url, encoding: .utf8)
    }

    /// The bytes of picture `name` (its figure's id: `sdr.png`, `chromaticity.svg` …) from its `data:` URI.
    func picture(_ name: String) throws -> Data {
        let figure = try Regex(#"<figure id="([^"]+)"><h2>[^<]*</h2><img src="data:[^;"]+;base64,([^"]+)""#)
        let match = try #require(
            html.matches(of: figure).first { $0.output[1].substring == Substring(name) }, "no picture \(name)")
        return try #require(Data(base64Encoded: String(match.output[2].substring ?? "")), "\(name) is not base64")
    }

    /// The SVG chart `name` (`histogram.svg`, `chromaticity.svg`, `light-level.svg`).
    func chart(_ name: String) throws -> SVGChartReading {
        SVGChartReading(svg: String(decoding: try picture(name), as: UTF8.self))
    }

    /// The lines of the tags block (`hdrcolor inspect`'s text), HTML entities decoded.
    func tagLines() throws -> [String] {
        let block = try #require(html.firstMatch(of: try Regex(#"<pre id="tags">([^<]*)</pre>"#)), "no tags block")
        return String(block.output[1].substring ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            .map { Self.unescape(String($0)) }
    }

    /// `text` with the entities the page writes (`&amp; &lt; &gt; &quot; &#39;`) decoded.
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// An SVG chart of the report as drawn: its texts, and its polylines in the axes' units, which the chart's own tick
/// labels give (the numbers written below the x axis and left of the y axis, the outermost two fixing each scale).
struct SVGChartReading {
    let svg: String

    /// One `<text>` element: where it is drawn, its anchor and its text.
    struct Text {
        var x: Double
        var y: Double
        var anchor: String
        var text: String
    }

    var texts: [Text] {
        let element = try! Regex(  // a fixed, valid pattern
            #"<text x="([-0-9.]+)" y="([-0-9.]+)" font-size="[0-9.]+" text-anchor="([a-z]+)"[^>]*>([^<]*)</text>"#)
        return svg.matches(of: element).map { match in
            let field = { (index: Int) in String(match.output[index].substring ?? "") }
            return Text(
                x: Double(field(1)) ?? .nan, y: Double(field(2)) ?? .nan, anchor: field(3),
                text: ReportPage.unescape(field(4)))
        }
    }

    /// The points of the polyline with `id`, in axis units; `logarithmicX` for an x axis labelled in powers of ten
    /// (then x is the label's log10).
    func points(of id: String, logarithmicX: Bool = false) throws -> [(x: Double, y: Double)] {
        let polyline = try Regex(#"<polyline id="\#(id)" points="([^"]+)""#)
        let match = try #require(svg.firstMatch(of: polyline), "no polyline \(id)")
        let (x, y) = (try scale(.x, logarithmic: logarithmicX), try scale(.y))
        return String(match.output[1].substring ?? "").split(separator: " ").map { pair in
            let p = pair.split(separator: ",").map { Double($0) ?? .nan }
            return (x.toAxis(p[0]), y.toAxis(p[1]))
        }
    }

    /// Where the point (`x`, `y`) in axis units is drawn, in SVG pixels.
    func drawingPoint(x: Double, y: Double) throws -> (x: Double, y: Double) {
        (try scale(.x).toDrawing(x), try scale(.y).toDrawing(y))
    }

    enum Axis { case x, y }

    /// The linear maps between drawing and axis units through the axis's first and last labelled tick: x ticks are
    /// centred below the plot, y ticks end left of it, 4 px below their line.
    private func scale(_ axis: Axis, logarithmic: Bool = false) throws -> (
        toAxis: (Double) -> Double, toDrawing: (Double) -> Double
    ) {
        let ticks = texts.filter { $0.anchor == (axis == .x ? "middle" : "end") }.compactMap { text in
            Double(text.text).map { (position: axis == .x ? text.x : text.y - 4, value: logarithmic ? log10($0) : $0) }
        }.sorted { $0.position < $1.position }
        let (a, b) = (try #require(ticks.first), try #require(ticks.last))
        try #require(b.position > a.position, "one tick label")
        let slope = (b.value - a.value) / (b.position - a.position)
        return ({ a.value + ($0 - a.position) * slope }, { a.position + ($0 - a.value) / slope })
    }
}
