import SignalCoding
import ColorSpaces
import ColorTags
import Foundation
import PixelBuffers
import MediaSyntax

extension HDRReport {
    /// The histogram: share of pixels (%) per bin against log10 cd/m², with vertical lines (in the legend) at
    /// reference white, MaxCLL, MaxFALL and the mastering peak.
    func histogramChart() -> SVGChart {
        let total = max(1, histogram.totalCount)
        let shares = histogram.counts.map { 100 * Double($0) / Double(total) }
        let top = max(1, (shares.max() ?? 0) * 1.1)
        let decades = (-2...4).map { d in
            SVGChart.Tick(value: Double(d), label: format(pow(10, Double(d))))
        }
        let yStep = Self.niceStep(top / 6)
        var chart = SVGChart(
            title: "Luminance histogram",
            subtitle: "\(total) pixels; \(percent(histogram.belowCount, of: total)) below "
                + "\(format(LuminanceHistogram.lowerBound)) cd/m², \(percent(histogram.aboveCount, of: total)) at or "
                + "above \(format(LuminanceHistogram.upperBound)) cd/m²",
            xAxis: .init(range: -2...4, title: "luminance (cd/m², log scale)", ticks: decades),
            yAxis: .init(
                range: 0...top, title: "pixels (%)",
                ticks: Swift.stride(from: 0, through: top, by: yStep).map { .init(value: $0, label: format($0)) }))
        chart.height = 520
        var steps: [(x: Double, y: Double)] = []
        for (index, share) in shares.enumerated() {
            let range = LuminanceHistogram.range(ofBin: index)
            steps += [(log10(range.lowerBound), share), (log10(range.upperBound), share)]
        }
        chart.series.append(.init(name: "pixels", color: "#333", points: steps, width: 1.8))
        let nits = { (value: Double) in "\(self.format(value)) cd/m²" }
        let (cll, fall) = (measuredLightLevel.maxContentLightLevel, measuredLightLevel.maxFrameAverageLightLevel)
        var marks: [(name: String, value: Double, color: String, dash: String?, id: String)] = [
            ("reference white \(nits(options.referenceWhite))", options.referenceWhite, "#2ca02c", "6 4", "white"),
            ("MaxCLL measured \(nits(cll))", cll, "#d62728", nil, "maxcll-measured"),
            ("MaxFALL measured \(nits(fall))", fall, "#1f77b4", nil, "maxfall-measured"),
        ]
        if let declared = declaredLightLevel?.maxContentLightLevel {
            marks.insert(("MaxCLL declared \(nits(declared))", declared, "#d62728", "6 4", "maxcll-declared"), at: 2)
        }
        if let peak = masteringPeak {
            marks.append(("mastering peak \(peak.label)", peak.luminance, "#9467bd", "2 3", "mastering-peak"))
        }
        for mark in marks where mark.value > 0 {
            chart.series.append(
                .init(
                    name: mark.name, color: mark.color, points: [(log10(mark.value), 0), (log10(mark.value), top)],
                    dash: mark.dash, width: 1.6, id: mark.id))
        }
        // The legend below the plot, where it hides none of the bright bins.
        chart.legendColumns = 3
        chart.height += chart.bottom - 78
        return chart
    }

    /// The chromaticity diagram: density underlay, spectral locus, gamut triangles, declared primaries and the
    /// mastering display.
    func chromaticityChart() throws(HDRReportError) -> SVGChart {
        let ticks = { (upper: Double) in
            Swift.stride(from: 0.0, through: upper, by: 0.1).map {
                SVGChart.Tick(value: $0, label: $0.fixed(1))
            }
        }
        let shares = ChromaticityDensity.Gamut.allCases.map {
            "\((100 * chromaticity.shareOutside($0)).fixed(2)) % outside \($0.rawValue)"
        }
        var chart = SVGChart(
            title: "Chromaticity (CIE 1931 xy)",
            subtitle: "\(chromaticity.placedCount) pixels placed: " + shares.joined(separator: ", "),
            xAxis: .init(range: ChromaticityDensity.xRange, title: "x", ticks: ticks(0.8)),
            yAxis: .init(range: ChromaticityDensity.yRange, title: "y", ticks: ticks(0.9)))
        chart.width = 760
        chart.height = 820
        chart.underlay = (
            "data:image/png;base64," + (try Self.png(densityPicture())).base64EncodedString(),
            ChromaticityDensity.xRange, ChromaticityDensity.yRange
        )
        // 360 → 700 nm, closed by the line of purples back to 360 nm.
        let locus = SpectralLocus.points().map { (x: $0.chromaticity.x, y: $0.chromaticity.y) }
        chart.series.append(
            .init(name: "spectral locus", color: "#555", points: locus + [locus[0]], width: 1.5, id: "spectral-locus"))
        let gamuts: [(String, RGBPrimaries, String, String?)] = [
            ("BT.709", .bt709, "#1f77b4", nil), ("Display P3", .displayP3, "#2ca02c", nil),
            ("BT.2020", .bt2020, "#ff7f0e", nil),
        ]
        for (name, primaries, color, dash) in gamuts {
            chart.series.append(
                .init(name: name, color: color, points: Self.triangle(primaries), dash: dash, width: 1.6))
        }
        if let declared = declaredPrimaries {
            chart.series.append(
                .init(
                    name: "declared: \(TextSanitizer.sanitize(declared.name))", color: "#d62728",
                    points: Self.triangle(declared), dash: "6 4", width: 2))
        }
        if let mastering = masteringDisplay {
            let corners = [mastering.red, mastering.green, mastering.blue, mastering.red].map { (x: $0.x, y: $0.y) }
            chart.series.append(
                .init(
                    name: "mastering display (\(format(mastering.maximumLuminance)) cd/m²)", color: "#9467bd",
                    points: corners, dash: "2 3", width: 2))
            chart.markers.append(
                .init(x: mastering.white.x, y: mastering.white.y, label: "white", color: "#9467bd"))
        }
        return chart
    }

    /// The density grid as an RGBA 8-bit picture, top row = highest y: white where empty, then darker blue with the
    /// log of the count.
    func densityPicture() -> PixelBuffer {
        let (columns, rows) = (ChromaticityDensity.columns, ChromaticityDensity.rows)
        var picture = try! PixelBuffer(format: .rgba8, width: columns, height: rows)  // a fixed small size
        let peak = log1p(Double(chromaticity.counts.max() ?? 0))
        picture.withMutableView { view in
            let plane = view.plane(0)
            for row in 0..<rows {
                let out = plane.row(rows - 1 - row, as: UInt8.self)
                for column in 0..<columns {
                    let count = chromaticity.count(column: column, row: row)
                    let t = count == 0 || peak == 0 ? 0 : 0.25 + 0.75 * log1p(Double(count)) / peak
                    let level = { (from: Double, to: Double) in UInt8((from + (to - from) * t).rounded()) }
                    (out[4 * column], out[4 * column + 1], out[4 * column + 2], out[4 * column + 3]) = (
                        level(255, 10), level(255, 40), level(255, 120), 255
                    )
                }
            }
        }
        return picture
    }

    /// Per-frame MaxCLL and MaxFALL against time, with the declared values and the mastering peak as dashed lines and,
    /// where the stream carries them, the HDR10+ and Dolby Vision L1 figures per scene as steps with the scene cuts.
    func lightLevelChart(_ timeline: LightLevelTimeline) -> SVGChart {
        let usesTime =
            timeline.samples.allSatisfy { $0.time != nil }
            && timeline.sceneLevels.allSatisfy { $0.runs.allSatisfy { $0.startTime != nil } }
        let xs = timeline.samples.map { usesTime ? $0.time! : Double($0.frameIndex) }
        let runEnds = timeline.sceneLevels.flatMap(\.runs).flatMap {
            usesTime ? [$0.startTime!, $0.endTime!] : [Double($0.firstFrame), Double($0.lastFrame)]
        }
        let lowest = (xs + runEnds).min() ?? 0
        let xRange = lowest...max((xs + runEnds).max() ?? 1, lowest + 1e-3)
        let values =
            timeline.samples.map(\.lightLevel.maxContentLightLevel) + timeline.sceneLevels.map(\.highestPeak) + [
                declaredLightLevel?.maxContentLightLevel ?? 0, masteringPeak?.luminance ?? 0,
            ]
        let top = max(options.referenceWhite, values.max() ?? 0) * 1.1
        let yStep = Self.niceStep(top / 6), xStep = Self.niceStep((xRange.upperBound - xRange.lowerBound) / 8)
        var chart = SVGChart(
            title: "Light level over time (CTA-861.3)",
            subtitle: ([timeline.samplingDescription] + timeline.sceneLevels.map(\.summary)).joined(separator: "; "),
            xAxis: .init(
                range: xRange, title: usesTime ? "time (s)" : "frame",
                ticks: Swift.stride(
                    from: (xRange.lowerBound / xStep).rounded(.up) * xStep, through: xRange.upperBound, by: xStep
                )
                .map { .init(value: $0, label: format($0)) }),
            yAxis: .init(
                range: 0...top, title: "cd/m²",
                ticks: Swift.stride(from: 0, through: top, by: yStep).map { .init(value: $0, label: format($0)) }))
        chart.height = 560
        let series = { (key: KeyPath<ContentLightLevel, Double>) in
            zip(xs, timeline.samples).map { (x: $0, y: $1.lightLevel[keyPath: key]) }
        }
        chart.series.append(.init(name: "MaxCLL per frame", color: "#d62728", points: series(\.maxContentLightLevel)))
        chart.series.append(
            .init(
                name: "MaxFALL per frame (mean of linear maxRGB)", color: "#1f77b4",
                points: series(\.maxFrameAverageLightLevel)))
        let flat = { (value: Double) in [(x: xRange.lowerBound, y: value), (x: xRange.upperBound, y: value)] }
        if let declared = declaredLightLevel {
            chart.series.append(
                .init(
                    name: "MaxCLL declared \(format(declared.maxContentLightLevel))", color: "#d62728",
                    points: flat(declared.maxContentLightLevel), dash: "6 4", width: 1.6))
            chart.series.append(
                .init(
                    name: "MaxFALL declared \(format(declared.maxFrameAverageLightLevel))", color: "#1f77b4",
                    points: flat(declared.maxFrameAverageLightLevel), dash: "6 4", width: 1.6))
        }
        if let peak = masteringPeak {
            chart.series.append(
                .init(
                    name: "mastering peak \(peak.label)", color: "#9467bd", points: flat(peak.luminance), dash: "2 3",
                    width: 1.6, id: "mastering-peak"))
        }
        for levels in timeline.sceneLevels where !levels.runs.isEmpty {
            chart.series += sceneSeries(levels, usesTime: usesTime, top: top)
        }
        if chart.series.count > 6 {
            // The per-scene series would fill the plot's corner: the legend goes below it, the chart grows for it.
            chart.legendColumns = 2
            chart.height += chart.bottom - 78
        }
        return chart
    }

    /// One stream's per-scene figures as steps (peak, average and, for Dolby Vision, minimum), and its scene cuts as
    /// one line that rises the full height at each cut and runs along the bottom between them.
    func sceneSeries(_ levels: SceneLightLevels, usesTime: Bool, top: Double) -> [SVGChart.Series] {
        let runs = levels.runs
        let start = { (run: SceneLightLevels.Run) in usesTime ? run.startTime! : Double(run.firstFrame) }
        // A run lasts until the next one starts when they touch, else until its own last frame.
        let end = { (index: Int) -> Double in
            if index + 1 < runs.count, runs[index + 1].firstFrame == runs[index].lastFrame + 1 {
                return start(runs[index + 1])
            }
            return usesTime ? runs[index].endTime! : Double(runs[index].lastFrame)
        }
        let steps = { (value: (SceneLightLevels.Run) -> Double?) -> [(x: Double, y: Double)] in
            var points: [(x: Double, y: Double)] = []
            for (index, run) in runs.enumerated() {
                guard let y = value(run) else { continue }
                points += [(start(run), y), (end(index), y)]
            }
            return points
        }
        let (color, names) =
            levels.source == .hdr10Plus
            ? ("#ff7f0e", ["HDR10+ MaxSCL per scene", "HDR10+ average maxRGB (linear mean)", nil])
            : (
                "#2ca02c",
                ["Dolby Vision L1 max", "Dolby Vision L1 avg (mean of PQ codes)", "Dolby Vision L1 min"]
            )
        var result: [SVGChart.Series] = [
            .init(name: names[0]!, color: color, points: steps(\.peak), width: 2),
            .init(name: names[1]!, color: color, points: steps(\.average), dash: "5 3", width: 2),
        ]
        if let name = names[2] {
            result.append(.init(name: name, color: color, points: steps(\.minimum), dash: "1 3", width: 2))
        }
        var cuts: [(x: Double, y: Double)] = []
        for run in runs where run.startsScene {
            let x = start(run)
            cuts += [(x, 0), (x, top), (x, 0)]
        }
        let unit = levels.source == .hdr10Plus ? "HDR10+ scene" : "Dolby Vision shot"
        result.append(
            .init(
                name: "\(unit) cuts (\(levels.sceneCount))", color: color, points: cuts, dash: "2 2", width: 1))
        return result
    }

    /// The closed triangle of `primaries` in xy.
    static func triangle(_ primaries: RGBPrimaries) -> [(x: Double, y: Double)] {
        [primaries.red, primaries.green, primaries.blue, primaries.red].map { (x: $0.x, y: $0.y) }
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, floor(log10(raw)))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
    }

    func percent(_ count: Int, of total: Int) -> String {
        (100 * Double(count) / Double(max(1, total))).fixed(2) + " %"
    }
}
