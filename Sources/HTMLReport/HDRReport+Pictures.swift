import SignalCoding
public import Foundation
import ColorTags
import ImageFiles
import PixelBuffers
import PixelConversion
import ToneMapping

/// One picture of a report: a PNG or an SVG file's bytes, with what it shows.
public struct ReportPicture: Sendable {
    /// The file name, e.g. `false-colour.png`.
    public var name: String
    /// `image/png` or `image/svg+xml`.
    public var mediaType: String
    /// The file's bytes.
    public var data: Data
    /// A title for the page.
    public var title: String
    /// What the picture tells, in a sentence or two.
    public var caption: String

    /// The picture as a `data:` URI.
    public var dataURI: String { "data:\(mediaType);base64,\(data.base64EncodedString())" }
}

extension HDRReport {
    /// The report's pictures, in page order: the SDR rendering, the false-colour map (HDR only), the histogram, the
    /// chromaticity diagram, the light level over time (movies), the gain-map renditions and the gain map itself
    /// (gain-map photos).
    ///
    /// - Throws: ``HDRReportError/encoding(_:)`` or ``HDRReportError/conversion(_:)`` when a PNG cannot be made.
    public func pictures() throws(HDRReportError) -> [ReportPicture] {
        let white = format(options.referenceWhite)
        var pictures = [
            ReportPicture(
                name: "sdr.png", mediaType: "image/png", data: try Self.png(try sdrRendering(frame)),
                title: "SDR rendering",
                caption: isHDR
                    ? "Tone mapped for an SDR display (headroom 1×, BT.2408 reference white \(white) cd/m² at SDR "
                        + "white) into sRGB, out-of-gamut colours soft-clipped."
                    : "The picture in sRGB.")
        ]
        if isHDR {
            let scale = FalseColorScale(referenceWhite: options.referenceWhite)
            pictures.append(
                ReportPicture(
                    name: "false-colour.png", mediaType: "image/png", data: try Self.png(scale.render(frame)),
                    title: "False-colour luminance",
                    caption: "Each pixel's luminance (BT.2020 Y) on a fixed scale: greys below reference white "
                        + "(\(white) cd/m²), then a colour per band; see the legend."))
        }
        pictures.append(
            ReportPicture(
                name: "histogram.svg", mediaType: "image/svg+xml", data: Data(histogramChart().render().utf8),
                title: "Luminance histogram",
                caption: "Share of pixels per luminance bin (cd/m², log scale, \(LuminanceHistogram.binsPerDecade) "
                    + "bins per decade) with reference white, MaxCLL, MaxFALL and the mastering peak marked."))
        pictures.append(
            ReportPicture(
                name: "chromaticity.svg", mediaType: "image/svg+xml",
                data: Data(try chromaticityChart().render().utf8), title: "Chromaticity (CIE 1931 xy)",
                caption: "Where the pixels' colours sit (darker cells: more pixels; pixels under "
                    + "\(format(ChromaticityDensity.minimumLuminance)) cd/m² left out) against the spectral locus, "
                    + "the BT.709, Display P3 and BT.2020 gamuts, the declared primaries and the mastering display."))
        if let timeline {
            pictures.append(
                ReportPicture(
                    name: "light-level.svg", mediaType: "image/svg+xml",
                    data: Data(lightLevelChart(timeline).render().utf8), title: "Light level over time",
                    caption: "Per-frame MaxCLL and MaxFALL measured (CTA-861.3) beside the declared values"
                        + (timeline.sceneLevels.isEmpty
                            ? ""
                            : ", and per scene the figures the stream carries, with its scene cuts ("
                                + timeline.sceneLevels.map(\.source.rawValue).joined(separator: ", ") + ")")
                        + "; " + timeline.samplingDescription + "." + Self.averagesNote(timeline)))
        }
        for rendition in renditions {
            let headroom = format(rendition.headroom)
            pictures.append(
                ReportPicture(
                    name: "rendition-\(headroom)x.png", mediaType: "image/png",
                    data: try Self.png(try sdrRendering(rendition.frame, headroom: rendition.headroom)),
                    title: "Gain-map rendition for headroom \(headroom)×",
                    caption: "The ISO 21496-1 rendition for a display with headroom \(headroom)×, shown in sRGB "
                        + "scaled so its peak fits (the brightness ratio within it is kept)."))
        }
        if let gainMap {
            pictures.append(
                ReportPicture(
                    name: "gain-map.png", mediaType: "image/png", data: try Self.png(gainMap), title: "Gain map",
                    caption: "The gain map as stored (shown at \(gainMap.width)×\(gainMap.height)): each sample's "
                        + "code as a grey, a three-channel map in colour; brighter is more gain. The metadata's gamma "
                        + "and gain range (log2) turn a code into the gain a display applies for its headroom."))
        }
        return pictures
    }

    /// What the averages on the light-level chart measure, when Dolby Vision's is among them: MaxFALL (and HDR10+'s
    /// average maxRGB) average linear light, L1 avg averages PQ code values, which reads lower for the same pictures.
    static func averagesNote(_ timeline: LightLevelTimeline) -> String {
        guard timeline.sceneLevels.contains(where: { $0.source == .dolbyVision }) else { return "" }
        return " MaxFALL averages each pixel's largest component in linear light; Dolby Vision's L1 avg averages PQ "
            + "code values and is shown in cd/m², so it reads lower than MaxFALL for the same pictures: a different "
            + "measure, not a disagreement."
    }

    /// `frame` for an sRGB display, soft-clipped: an HDR picture tone mapped onto headroom 1; a gain-map rendition
    /// for `headroom` divided by it (its peak at SDR white, the ratios within it kept).
    func sdrRendering(_ frame: LinearFrame, headroom: Double? = nil) throws(HDRReportError) -> PixelBuffer {
        var conversion = PixelConverter.Options()
        conversion.referenceWhite = options.referenceWhite
        conversion.gamut = .softClip
        var pixels = frame.pixels
        if let headroom {
            let scale = Float(1 / headroom)
            pixels.withMutableView { view in
                let plane = view.plane(0)
                for y in 0..<view.height {
                    let row = plane.row(y, as: Float.self)
                    for x in 0..<view.width {
                        (row[4 * x], row[4 * x + 1], row[4 * x + 2]) = (
                            row[4 * x] * scale, row[4 * x + 1] * scale, row[4 * x + 2] * scale
                        )
                    }
                }
            }
        } else if isHDR {
            let content = ContentLuminance(
                masteringPeak: masteringPeak?.luminance,
                maxContentLightLevel: measuredLightLevel.maxContentLightLevel > 0
                    ? measuredLightLevel.maxContentLightLevel : nil)
            conversion.toneMapping = .displayHeadroom(1, content: content)
        }
        do {
            return try PixelConverter(
                from: LinearFrame.encoding, to: PixelEncoding(format: .rgba8, colorSpace: .sRGB), options: conversion
            ).convert(pixels)
        } catch { throw .conversion("\(error)") }
    }

    /// An 8-bit sRGB PNG of RGBA 8-bit sRGB pixels.
    static func png(_ pixels: PixelBuffer) throws(HDRReportError) -> Data {
        do {
            return Data(
                try ImageFile.encode(
                    pixels, encoding: PixelEncoding(format: .rgba8, colorSpace: .sRGB),
                    options: ImageWriteOptions(fileType: .png, bitDepth: 8)))
        } catch { throw .encoding("\(error)") }
    }

    /// A luminance or ratio with sensible precision, without trailing zeros.
    func format(_ value: Double) -> String {
        NumberFormat.pictureValue(value)
    }
}
