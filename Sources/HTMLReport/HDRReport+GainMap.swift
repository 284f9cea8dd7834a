import Foundation
import PixelBuffers
import PixelConversion

extension HDRReport {
    /// The stored gain map as an RGBA 8-bit picture: its samples (normalised codes in `encoding`, linear) reduced with
    /// a box filter to at most `maximumWidth`, each code 0…1 written as 0…255 as it is (no transfer function: a grey
    /// level is the stored code, brighter for more gain).
    static func gainMapPicture(
        _ samples: PixelBuffer, _ encoding: PixelEncoding, maximumWidth: Int
    ) throws(HDRReportError) -> PixelBuffer {
        let codes: PixelBuffer
        do {
            codes = try PixelConverter(
                from: encoding, to: PixelEncoding(format: .rgbaFloat, colorSpace: encoding.colorSpace)
            ).convert(samples)
        } catch { throw .conversion("the gain map: \(error)") }
        let reduced = try codes.withView { (view) throws(HDRReportError) in
            try LinearFrame(downscaling: view, maximumWidth: maximumWidth, referenceWhite: 1)
        }
        var picture: PixelBuffer
        do { picture = try PixelBuffer(format: .rgba8, width: reduced.width, height: reduced.height) } catch {
            throw .conversion("the gain map: \(error)")
        }
        reduced.pixels.withView { source in
            picture.withMutableView { view in
                for y in 0..<view.height {
                    let input = source.plane(0).row(y, as: Float.self)
                    let output = view.plane(0).row(y, as: UInt8.self)
                    for x in 0..<view.width {
                        for c in 0..<3 {
                            output[4 * x + c] = UInt8((min(max(input[4 * x + c], 0), 1) * 255).rounded())
                        }
                        output[4 * x + 3] = 255
                    }
                }
            }
        }
        return picture
    }
}
