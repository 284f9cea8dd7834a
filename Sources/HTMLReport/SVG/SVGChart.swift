import Foundation

/// A line chart rendered to a self-contained SVG: a plot area with gridlines, ticks labelled on both sides of each
/// axis (e.g. stops below and cd/m² above), series, dashed guide lines, labelled markers and a legend.
package struct SVGChart {
    package struct Tick {
        package var value: Double
        package var label: String
        /// The label on the opposite side (top for x, right for y); nil for none.
        package var secondary: String?
        /// A major tick draws a stronger gridline. An empty `label` draws only the secondary side.
        package var major = true

        package init(value: Double, label: String, secondary: String? = nil, major: Bool = true) {
            (self.value, self.label, self.secondary, self.major) = (value, label, secondary, major)
        }
    }

    package struct Axis {
        package var range: ClosedRange<Double>
        package var title: String
        package var secondaryTitle: String?
        package var ticks: [Tick]

        package init(range: ClosedRange<Double>, title: String, secondaryTitle: String? = nil, ticks: [Tick]) {
            (self.range, self.title, self.secondaryTitle, self.ticks) = (range, title, secondaryTitle, ticks)
        }
    }

    package struct Series {
        package var name: String
        package var color: String
        package var points: [(x: Double, y: Double)]
        package var dash: String? = nil
        package var width = 2.5
        /// The polyline's `id` in the SVG, for readers of the picture (tests); nil for none.
        package var id: String? = nil

        package init(
            name: String, color: String, points: [(x: Double, y: Double)], dash: String? = nil, width: Double = 2.5,
            id: String? = nil
        ) {
            (self.name, self.color, self.points, self.dash, self.width, self.id) = (
                name, color, points, dash, width, id
            )
        }
    }

    package struct Guide {
        package enum Orientation { case vertical, horizontal }
        package var orientation: Orientation
        package var value: Double
        package var label: String
        package var color = "#666"

        package init(orientation: Orientation, value: Double, label: String, color: String = "#666") {
            (self.orientation, self.value, self.label, self.color) = (orientation, value, label, color)
        }
    }

    package struct Marker {
        package enum Placement { case belowRight, aboveLeft }
        package var x: Double
        package var y: Double
        package var label: String
        package var color: String
        package var placement = Placement.belowRight

        package init(x: Double, y: Double, label: String, color: String, placement: Placement = .belowRight) {
            (self.x, self.y, self.label, self.color, self.placement) = (x, y, label, color, placement)
        }
    }

    package var title: String
    package var subtitle: String?
    package var xAxis: Axis
    package var yAxis: Axis
    package var series: [Series] = []
    package var guides: [Guide] = []
    package var markers: [Marker] = []
    /// A picture drawn under the series, stretched over this x and y extent in axis units (e.g. a density map as a
    /// `data:` URI).
    package var underlay: (href: String, x: ClosedRange<Double>, y: ClosedRange<Double>)?

    package init(title: String, subtitle: String? = nil, xAxis: Axis, yAxis: Axis) {
        (self.title, self.subtitle, self.xAxis, self.yAxis) = (title, subtitle, xAxis, yAxis)
    }

    package static let palette = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
    ]

    package var width = 920.0, height = 700.0
    package let left = 88.0, right = 96.0, top = 108.0
    /// The legend below the plot in this many columns (the plot gives up the height it needs) instead of in a box
    /// inside the plot's lower right corner; nil for the box.
    package var legendColumns: Int?
    /// The space under the plot: tick labels and the axis title, and the legend when it is below.
    package var bottom: Double { 78 + legendBelowHeight }

    private static let legendRowHeight = 19.0

    /// The height of the legend below the plot (0 when it is inside).
    private var legendBelowHeight: Double {
        guard let columns = legendColumns, columns > 0, !series.isEmpty else { return 0 }
        let rows = (series.count + columns - 1) / columns
        return Self.legendRowHeight * Double(rows) + 8
    }

    package var plotWidth: Double { width - left - right }
    package var plotHeight: Double { height - top - bottom }

    package func px(_ x: Double) -> Double {
        left + (x - xAxis.range.lowerBound) / (xAxis.range.upperBound - xAxis.range.lowerBound) * plotWidth
    }

    package func py(_ y: Double) -> Double {
        top + plotHeight - (y - yAxis.range.lowerBound) / (yAxis.range.upperBound - yAxis.range.lowerBound) * plotHeight
    }

    package func render() -> String {
        var svg = SVGDocument(width: width, height: height)
        svg.rect(x: 0, y: 0, width: width, height: height, fill: "white")
        svg.text(title, x: width / 2, y: 28, size: 18, anchor: .middle, weight: "bold")
        if let subtitle { svg.text(subtitle, x: width / 2, y: 48, size: 12.5, anchor: .middle, fill: "#555") }
        svg.rect(x: left, y: top, width: plotWidth, height: plotHeight, fill: "#fbfbfb", stroke: "#999")
        svg.clipRect(id: "plot", x: left, y: top, width: plotWidth, height: plotHeight)
        drawGrid(&svg)
        if let underlay {
            let n = SVGDocument.number
            let (x0, x1) = (px(underlay.x.lowerBound), px(underlay.x.upperBound))
            let (y0, y1) = (py(underlay.y.upperBound), py(underlay.y.lowerBound))
            svg.raw(
                #"<image x="\#(n(x0))" y="\#(n(y0))" width="\#(n(x1 - x0))" height="\#(n(y1 - y0))" preserveAspectRatio="none" style="image-rendering:pixelated" href="\#(underlay.href)"/>"#
            )
        }
        for guide in guides { draw(guide, &svg) }
        for s in series {
            let points = s.points.filter { $0.x.isFinite && $0.y.isFinite }.map {
                (px($0.x), py(Swift.min(Swift.max($0.y, yAxis.range.lowerBound - 1e3), yAxis.range.upperBound + 1e3)))
            }
            svg.polyline(points, stroke: s.color, width: s.width, dash: s.dash, clipPath: "plot", id: s.id)
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
        svg.text(
            xAxis.title, x: left + plotWidth / 2, y: top + plotHeight + 50, size: 13, anchor: .middle, weight: "bold")
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
        if let columns = legendColumns, columns > 0 {
            let columnWidth = plotWidth / Double(columns)
            let rows = (series.count + columns - 1) / columns
            for (i, s) in series.enumerated() {
                let x = left + columnWidth * Double(i / rows)
                let rowY = top + plotHeight + 78 + Self.legendRowHeight * Double(i % rows)
                svg.line(x1: x, y1: rowY - 4, x2: x + 26, y2: rowY - 4, stroke: s.color, width: s.width, dash: s.dash)
                svg.text(s.name, x: x + 32, y: rowY, size: 12)
            }
            return
        }
        let rowHeight = Self.legendRowHeight
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
