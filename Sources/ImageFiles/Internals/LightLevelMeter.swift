import ColorTags
import PixelBuffers
import PixelConversion
import MediaSyntax

/// MaxCLL and MaxFALL of an image or over a movie's frames (CTA-861.3): the largest component of any pixel, and the largest frame
/// average of the pixels' largest components, in cd/m², from frames of extended linear float RGBA (1.0 = reference
/// white).
package struct LightLevelMeter {
    package let referenceWhite: Double
    private var maximum: Float = 0
    private var maximumFrameAverage = 0.0

    package init(referenceWhite: Double) {
        self.referenceWhite = referenceWhite
    }

    /// Adds one frame (format `.rgbaFloat`); non-finite and negative components count as 0.
    package mutating func add(_ frame: PixelBufferView) {
        let plane = frame.plane(0)
        var sum = 0.0
        for y in 0..<frame.height {
            let row = plane.row(y, as: Float.self)
            var rowSum: Float = 0
            var rowMaximum: Float = 0
            for x in 0..<frame.width {
                let m = max(row[4 * x], row[4 * x + 1], row[4 * x + 2])
                if m.isFinite, m > 0 {
                    rowMaximum = max(rowMaximum, m)
                    rowSum += m
                }
            }
            maximum = max(maximum, rowMaximum)
            sum += Double(rowSum)
        }
        maximumFrameAverage = max(maximumFrameAverage, sum / Double(max(1, frame.width * frame.height)))
    }

    /// Adds one frame metered by a converter (``PixelConversion/FrameLight``, in the same units: 1.0 = reference
    /// white).
    package mutating func add(_ light: FrameLight) {
        maximum = max(maximum, light.maximum)
        maximumFrameAverage = max(maximumFrameAverage, light.average)
    }

    /// The light level measured so far, rounded to whole cd/m².
    package var lightLevel: ContentLightLevel {
        ContentLightLevel(
            maxContentLightLevel: (Double(maximum) * referenceWhite).rounded(),
            maxFrameAverageLightLevel: (maximumFrameAverage * referenceWhite).rounded())
    }
}
