import Foundation
import HDRColor
import MediaSyntax

/// The demo's HDR test frame, defined in linear BT.2020 light with 1.0 = reference white (203 cd/m², BT.2408), in
/// four bands from top to bottom:
///
/// 1. a greyscale ramp in whole stops, −8 … +4 stops around reference white (0.79 … 3248 cd/m²);
/// 2. a smooth logarithmic ramp from 0.2 to 4000 cd/m²;
/// 3. 18 % grey (26 cd/m², BT.2408), reference white, and the BT.2020 primaries and secondaries at full
///    component level (R′G′B′ components 0 or 1 × reference white), below a black strip;
/// 4. highlights of 203, 1000 and 4000 cd/m² on a 5 cd/m² surround.
struct DemoFrame {
    /// Luminance of linear 1.0 in cd/m².
    static let referenceWhite = ReferenceWhite.bt2408
    /// The brightest value in the frame, in cd/m²: the content light level and the mastering peak.
    static let peakLuminance = 4000.0
    /// The stops of the greyscale ramp, relative to reference white.
    static let stops = -8...4
    /// The highlight patches of the last band, in cd/m².
    static let highlights = [203.0, 1000, 4000]
    /// The height in pixels of the black strip above the colour patches.
    static let patchBorder = 4

    let width: Int
    let height: Int

    /// The frame as RGBA 32-bit float, extended linear BT.2020 (1.0 = reference white, alpha 1).
    func render() throws -> PixelBuffer {
        var buffer = try PixelBuffer(format: .rgbaFloat, width: width, height: height)
        buffer.withMutableView { view in
            let plane = view.plane(0)
            for y in 0..<height {
                let row = plane.row(y, as: Float.self)
                for x in 0..<width {
                    let rgb = value(x: x, y: y)
                    row[4 * x] = Float(rgb.x)
                    row[4 * x + 1] = Float(rgb.y)
                    row[4 * x + 2] = Float(rgb.z)
                    row[4 * x + 3] = 1
                }
            }
        }
        return buffer
    }

    /// Linear BT.2020 RGB at pixel (x, y), in units of reference white.
    func value(x: Int, y: Int) -> SIMD3<Double> {
        let u = (Double(x) + 0.5) / Double(width)
        let v = (Double(y) + 0.5) / Double(height)
        let white = Self.referenceWhite
        func grey(_ luminance: Double) -> SIMD3<Double> { SIMD3(repeating: luminance / white) }
        switch v {
        case ..<0.28:
            let patch = Swift.min(Int(u * Double(Self.stops.count)), Self.stops.count - 1)
            return SIMD3(repeating: exp2(Double(Self.stops.lowerBound + patch)))
        case ..<0.42:
            return grey(exp(log(0.2) + (log(Self.peakLuminance) - log(0.2)) * u))
        case ..<0.72:
            let patches: [SIMD3<Double>] = [
                grey(26), grey(white), SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(0, 1, 1), SIMD3(1, 0, 1),
                SIMD3(1, 1, 0),
            ]
            // A black strip between the bright ramp above and the patches keeps 4:2:0 chroma from the saturated
            // patches off the ramp's highlights (magenta chroma on a 1400 cd/m² grey decodes to thousands): decoded,
            // no pixel is brighter than the 4000 cd/m² highlight, and the declared MaxCLL is measured.
            if Double(y) < 0.42 * Double(height) + Double(Self.patchBorder) { return SIMD3(repeating: 0) }
            return patches[Swift.min(Int(u * Double(patches.count)), patches.count - 1)]
        default:
            // Squares a sixth of the frame height wide, centred in the band, at u = 1/4, 1/2, 3/4.
            let side = Double(height) / 6
            let centreY = 0.86 * Double(height)
            for (index, luminance) in Self.highlights.enumerated() {
                let centreX = Double(index + 1) / 4 * Double(width)
                if abs(Double(x) + 0.5 - centreX) < side / 2, abs(Double(y) + 0.5 - centreY) < side / 2 {
                    return grey(luminance)
                }
            }
            return grey(5)
        }
    }
}
