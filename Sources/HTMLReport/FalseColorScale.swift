import Foundation
public import PixelBuffers

/// The report's fixed false-colour scale for luminance in cd/m².
///
/// Below reference white a pixel is grey, its level the sRGB encoding of 0.8 × luminance ÷ reference white (so
/// detail in the shadows stays visible and reference white itself is not confused with a band). From reference
/// white up, each band has one colour:
///
/// | cd/m² | colour |
/// |---|---|
/// | reference white (203) … 400 | green |
/// | 400 … 1000 | yellow |
/// | 1000 … 2000 | orange |
/// | 2000 … 4000 | red |
/// | 4000 … 10 000 | magenta |
/// | 10 000 and above (beyond PQ) | cyan |
///
/// Each band includes its lower edge. The scale does not change with the picture, so two reports compare.
public struct FalseColorScale: Hashable, Sendable {
    /// One band: from `lowerBound` cd/m² (included) to the next band's lower bound, drawn in `color`.
    public struct Band: Hashable, Sendable {
        /// The band's lower edge in cd/m².
        public var lowerBound: Double
        /// The colour, 8-bit sRGB.
        public var color: SIMD3<UInt8>
        /// The colour's name, for legends.
        public var name: String

        /// The colour as CSS hex, `#rrggbb`.
        public var hex: String {
            "#" + [color.x, color.y, color.z].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// The luminance in cd/m² where the first band starts (and greys end).
    public var referenceWhite: Double
    /// The bands, ascending.
    public var bands: [Band]

    /// The scale with its first band at `referenceWhite` cd/m² (203 by default, ITU-R BT.2408) and the others at
    /// 400, 1000, 2000, 4000 and 10 000 cd/m².
    public init(referenceWhite: Double = 203) {
        self.referenceWhite = referenceWhite
        bands = [
            Band(lowerBound: referenceWhite, color: SIMD3(46, 160, 44), name: "green"),
            Band(lowerBound: 400, color: SIMD3(255, 215, 0), name: "yellow"),
            Band(lowerBound: 1000, color: SIMD3(255, 127, 14), name: "orange"),
            Band(lowerBound: 2000, color: SIMD3(214, 39, 40), name: "red"),
            Band(lowerBound: 4000, color: SIMD3(227, 60, 227), name: "magenta"),
            Band(lowerBound: 10000, color: SIMD3(0, 230, 255), name: "cyan"),
        ]
    }

    /// The index of the band `luminance` (cd/m²) falls in; nil below reference white or not finite.
    public func band(for luminance: Double) -> Int? {
        guard luminance.isFinite, luminance >= referenceWhite else { return nil }
        return bands.lastIndex { luminance >= $0.lowerBound }
    }

    /// The 8-bit sRGB colour for `luminance` in cd/m² (non-finite and negative luminance count as 0).
    public func color(for luminance: Double) -> SIMD3<UInt8> {
        if let band = band(for: luminance) { return bands[band].color }
        let relative = luminance.isFinite ? max(0, 0.8 * luminance / referenceWhite) : 0
        let encoded = relative <= 0.0031308 ? 12.92 * relative : 1.055 * pow(relative, 1 / 2.4) - 0.055
        let level = UInt8((min(1, encoded) * 255).rounded())
        return SIMD3(repeating: level)
    }

    /// The false-colour picture of `frame`: RGBA 8-bit sRGB, opaque, one pixel per pixel of the frame, coloured by
    /// each pixel's luminance (BT.2020 Y × reference white of the frame), over rows in parallel.
    public func render(_ frame: LinearFrame) -> PixelBuffer {
        // Infallible: the same size as a frame that exists.
        var output = try! PixelBuffer(format: .rgba8, width: frame.width, height: frame.height)
        let referenceWhite = frame.referenceWhite
        frame.pixels.withView { source in
            output.withMutableView { destination in
                let input = source.plane(0), target = destination.plane(0)
                _ = RowChunks.map(frame.height) { rows in
                    for y in rows {
                        let row = input.row(y, as: Float.self), out = target.row(y, as: UInt8.self)
                        for x in 0..<frame.width {
                            let y = LinearFrame.luminance(row[4 * x], row[4 * x + 1], row[4 * x + 2])
                            let c = color(for: y * referenceWhite)
                            (out[4 * x], out[4 * x + 1], out[4 * x + 2], out[4 * x + 3]) = (c.x, c.y, c.z, 255)
                        }
                    }
                }
            }
        }
        return output
    }
}
