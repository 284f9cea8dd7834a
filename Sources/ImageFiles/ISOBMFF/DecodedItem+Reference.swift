import ColorSpaces
import PixelBuffers
import SignalCoding
import TransferFunctions

extension DecodedItem {
    /// The item as RGBA float through the float64 reference matrices (`YCbCrMatrix.rgb(fromYCbCr:)`), for matrices
    /// `PixelConverter` has no kernels for: identity (G′B′R′ planes) and BT.2020 constant luminance (H.273
    /// MatrixCoefficients 10, decoded with `transfer` to linear light and encoded again, so the result is R′G′B′ in the
    /// file's own transfer function like every other decode). Subsampled chroma is taken from the co-sited sample
    /// (nearest); alpha is 1. About 0.1 µs a pixel: for still images, not video.
    func referenceRGB(matrix: YCbCrMatrix, range: SignalRange, transfer: TransferFunction) throws(ImageFileError)
        -> PixelBuffer
    {
        let quantization: Quantization
        do { quantization = try Quantization(bitDepth: bitDepth, range: range) } catch {
            throw .unsupportedContent(path: nil, format: .avif, reason: "\(bitDepth)-bit samples")
        }
        var output = try Conversion.buffer(.rgbaFloat, width: width, height: height)
        let (sx, sy) = (subsampling == .s444 ? 1 : 2, subsampling == .s420 ? 2 : 1)
        pixels.withView { source in
            output.withMutableView { destination in
                let plane = destination.plane(0)
                for y in 0..<height {
                    let row = plane.row(y, as: Float.self)
                    for x in 0..<width {
                        let codes = (
                            source.code(plane: 0, x: x, y: y),
                            source.code(plane: 1, x: x / sx, y: y / sy), source.code(plane: 2, x: x / sx, y: y / sy)
                        )
                        var rgb: SIMD3<Double>
                        if matrix == .identity {
                            // G′B′R′: every plane quantised as luma (H.273 §8.3 with MatrixCoefficients 0).
                            let g = quantization.dequantize(luma: codes.0)
                            let b = quantization.dequantize(luma: codes.1)
                            let r = quantization.dequantize(luma: codes.2)
                            rgb = SIMD3(r, g, b)
                        } else {
                            let ycc = SIMD3(
                                quantization.dequantize(luma: codes.0), quantization.dequantize(chroma: codes.1),
                                quantization.dequantize(chroma: codes.2))
                            if matrix == .bt2020ConstantLuminance {
                                let linear = YCbCrMatrix.linearRGB(
                                    fromConstantLuminanceYCbCr: ycc, transferFunction: transfer)
                                rgb = SIMD3(
                                    transfer.fromLinear(linear.x), transfer.fromLinear(linear.y),
                                    transfer.fromLinear(linear.z))
                            } else {
                                rgb = matrix.rgb(fromYCbCr: ycc)
                            }
                        }
                        (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) =
                            (Float(rgb.x), Float(rgb.y), Float(rgb.z), 1)
                    }
                }
            }
        }
        return output
    }
}

extension PixelBufferView {
    /// The integer sample at (x, y) of plane `plane` of a planar integer format (8 bits in bytes, more in 16-bit
    /// words).
    fileprivate func code(plane index: Int, x: Int, y: Int) -> Int {
        let plane = plane(index)
        return format.bitDepth > 8 ? Int(plane.row(y, as: UInt16.self)[x]) : Int(plane.row(y, as: UInt8.self)[x])
    }
}
