// README's "Using it as a dependency", followed verbatim: Package.swift holds the README's snippet (checked by
// ReadmeExamplesTests). `make test` copies this package next to a link named HDRColor to the checkout, the layout
// the snippet's path assumes, then builds and runs it; it exits non-zero on a mismatch.
import ColorSpaces
import Foundation
import HDRColor

let toSDR = try PixelConverter(
    from: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
    to: PixelEncoding(format: .rgba8, colorSpace: .sRGB))
var frame = try PixelBuffer(format: .rgbaHalf, width: 1, height: 1)
frame.setPixel(SIMD4(1, 1, 1, 1), x: 0, y: 0)  // reference white
let white = try toSDR.convert(frame).pixel(x: 0, y: 0)
let toP3 = RGBPrimaries.bt709.conversionMatrix(to: .displayP3)
guard white == SIMD4(1, 1, 1, 1), abs(toP3[row: 0, column: 0] - 0.822_461_7) < 1e-6 else {
    print("MyApp: unexpected values \(white), \(toP3[row: 0, column: 0])")
    exit(1)
}
print("MyApp: README's dependency snippet builds; reference white → \(white), plan: \(toSDR.plan)")
