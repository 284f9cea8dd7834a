import Foundation

/// A line chart rendered to a self-contained SVG: a plot area with gridlines, ticks labelled on both sides of each
/// axis (e.g. stops below and cd/m² above), series, dashed guide lines, labelled markers and a legend.
struct SVGChart {
    struct Tick {
        var value: Double
        var label: String
        /// The label on the opposite side (top for x, right for y); nil for none.
        var secondary: String?
        /// A major tick draws a stronger gridline. An empty `label` draws only the secondary side.
        var major = true
    }

    struct Axis {
        var range: ClosedRange<Double>
        var title: String
        var secondaryTitle: String?
        var ticks: [Tick]
    }

    struct Series {
        var name: String
        var color: String
        var points: [(x: Double, y: Double)]
        var dash: String? = nil
        var width = 2.5
    }

    struct Guide {
        enum Orientation { case vertical, horizontal }
        var orientation: Orientation
        var value: Double
        var label: String
        var color = "#666"
    }

    struct Marker {
        enum Placement { case belowRight, aboveLeft }
        var x: Double
        var y: Double
        var label: String
        var color: String
        var placement = Placement.belowRight
    }

    var title: String
    var subtitle: String?
    var xAxis: Axis
    var yAxis: Axis
    var series: [Series] = []
    var guides: [Guide] = []
    var markers: [Marker] = []

    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]

    let width = 920.0, height = 700.0
    let left = 88.0, right = 96.0, top = 108.0, bottom = 78.0

    var plotWidth: Double { width - left - right }
    var plotHeight: Double { height - top - bottom }

    func px(_ x: Double) -> Double {
        left + (x - xAxis.range.lowerBound) / (xAxis.range.upperBound - xAxis.range.lowerBound) * plotWidth
    }

    func py(_ y: Double) -> Double {
        top + plotHeight - (y - yAxis.range.lowerBound) / (yAxis.range.upperBound - yAxis.range.lowerBound) * plotHeight
    }

    func render() -> String {
        var svg = SVGDocument(width: width, height: height)
        svg.rect(x: 0, y: 0, width: width, height: height, fill: "white")
        svg.text(title, x: width / 2, y: 28, size: 18, anchor: .middle, weight: "bold")
        if let subtitle { svg.text(subtitle, x: width / 2, y: 48, size: 12.5, anchor: .middle, fill: "#555") }
        svg.rect(x: left, y: top, width: plotWidth, height: plotHeight, fill: "#fbfbfb", stroke: "#999")
        svg.clipRect(id: "plot", x: left, y: top, width: plotWidth, height: plotHeight)
        drawGrid(&svg)
        for guide in guides { draw(guide, &svg) }
        for s in series {
            let points = s.points.filter { $0.x.isFinite && $0.y.isFinite }.map {
                (px($0.x), py(Swift.min(Swift.max($0.y, yAxis.range.lowerBound - 1e3), yAxis.range.upperBound + 1e3)))
            }
            svg.polyline(points, stroke: s.color, width: s.width, dash: s.dash, clipPath: "plot")
        }
        // Labels move down in steps until they no longer overlap one placed before.
        var placed: [(x: ClosedRange<Double>, y: ClosedRange<Double>)] = []
        for marker in markers where xAxis.range.contains(marker.x) && yAxis.range.contains(marker.y) {
            let x = px(marker.x), y = py(marker.y)
            svg.circle(x: x, y: y, radius: 5, fill: marker.color)
            let width = 6.6 * Double(marker.label.count)
            var labelX = x + 9, labelY = y + 17
            var anchor = SVGDocument.Anchor.start
            if marker.placement == .aboveLeft {
                labelX = x - 9 - width
                labelY = y - 9
                anchor = .start
            }
            for _ in 0..<6
            where placed.contains(where: {
                $0.x.overlaps(labelX...(labelX + width)) && $0.y.overlaps((labelY - 12)...labelY)
            }) {
                labelY += 15
            }
            placed.append((labelX...(labelX + width), (labelY - 12)...labelY))
            svg.text(
                marker.label, x: labelX, y: labelY, size: 11.5, anchor: anchor, fill: marker.color, weight: "bold",
                halo: true)
        }
        drawLegend(&svg)
        return svg.rendered
    }

    private func drawGrid(_ svg: inout SVGDocument) {
        for tick in xAxis.ticks where xAxis.range.contains(tick.value) {
            let x = px(tick.value)
            if !tick.label.isEmpty {
                svg.line(x1: x, y1: top, x2: x, y2: top + plotHeight, stroke: tick.major ? "#d8d8d8" : "#eeeeee")
                svg.line(x1: x, y1: top + plotHeight, x2: x, y2: top + plotHeight + 5, stroke: "#666")
                svg.text(tick.label, x: x, y: top + plotHeight + 19, size: 11.5, anchor: .middle)
            }
            if let secondary = tick.secondary {
                svg.line(x1: x, y1: top - 5, x2: x, y2: top, stroke: "#666")
                svg.text(secondary, x: x, y: top - 9, size: 11, anchor: .middle, fill: "#555")
            }
        }
        for tick in yAxis.ticks where yAxis.range.contains(tick.value) {
            let y = py(tick.value)
            if !tick.label.isEmpty {
                svg.line(x1: left, y1: y, x2: left + plotWidth, y2: y, stroke: tick.major ? "#d8d8d8" : "#eeeeee")
                svg.line(x1: left - 5, y1: y, x2: left, y2: y, stroke: "#666")
                svg.text(tick.label, x: left - 8, y: y + 4, size: 11.5, anchor: .end)
            }
            if let secondary = tick.secondary {
                svg.line(x1: left + plotWidth, y1: y, x2: left + plotWidth + 5, y2: y, stroke: "#666")
                svg.text(secondary, x: left + plotWidth + 8, y: y + 4, size: 11, fill: "#555")
            }
        }
        svg.text(xAxis.title, x: left + plotWidth / 2, y: height - 28, size: 13, anchor: .middle, weight: "bold")
        if let secondaryTitle = xAxis.secondaryTitle {
            svg.text(secondaryTitle, x: left + plotWidth / 2, y: top - 30, size: 12, anchor: .middle, fill: "#555")
        }
        svg.text(yAxis.title, x: 24, y: top + plotHeight / 2, size: 13, anchor: .middle, weight: "bold", rotate: -90)
        if let secondaryTitle = yAxis.secondaryTitle {
            svg.text(
                secondaryTitle, x: width - 20, y: top + plotHeight / 2, size: 12, anchor: .middle, fill: "#555",
                rotate: 90)
        }
    }

    private func draw(_ guide: Guide, _ svg: inout SVGDocument) {
        switch guide.orientation {
        case .vertical:
            guard xAxis.range.contains(guide.value) else { return }
            let x = px(guide.value)
            svg.line(x1: x, y1: top, x2: x, y2: top + plotHeight, stroke: guide.color, width: 1.3, dash: "6 4")
            svg.text(guide.label, x: x - 6, y: top + 16, size: 11.5, anchor: .end, fill: guide.color)
        case .horizontal:
            guard yAxis.range.contains(guide.value) else { return }
            let y = py(guide.value)
            svg.line(x1: left, y1: y, x2: left + plotWidth, y2: y, stroke: guide.color, width: 1.3, dash: "6 4")
            svg.text(guide.label, x: left + 8, y: y - 6, size: 11.5, fill: guide.color)
        }
    }

    private func drawLegend(_ svg: inout SVGDocument) {
        guard !series.isEmpty else { return }
        let rowHeight = 19.0
        let longest = series.map(\.name.count).max() ?? 0
        let boxWidth = 46 + 6.6 * Double(longest)
        let boxHeight = rowHeight * Double(series.count) + 12
        let x = left + plotWidth - boxWidth - 12, y = top + plotHeight - boxHeight - 12
        svg.rect(x: x, y: y, width: boxWidth, height: boxHeight, fill: "white", stroke: "#bbb", opacity: 0.92)
        for (i, s) in series.enumerated() {
            let rowY = y + 16 + rowHeight * Double(i)
            svg.line(x1: x + 8, y1: rowY - 4, x2: x + 34, y2: rowY - 4, stroke: s.color, width: s.width, dash: s.dash)
            svg.text(s.name, x: x + 40, y: rowY, size: 12)
        }
    }
}
