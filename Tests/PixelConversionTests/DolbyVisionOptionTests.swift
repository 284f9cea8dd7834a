import ColorSpaces
import ConversionTestSupport
import PixelBuffers
import Testing

@testable import PixelConversion

/// `PixelConverter.Options.dolbyVision`: what the kernels cannot take is a typed error when the converter is made.
@Suite("Dolby Vision composition options")
struct DolbyVisionOptionTests {
    static func converter(_ composition: DolbyVisionReshaping, source: PixelEncoding = ConversionMatrix.dolbyVisionBase)
        throws(PixelConversionError) -> PixelConverter
    {
        var options = PixelConverter.Options()
        options.dolbyVision = composition
        return try PixelConverter(
            from: source, to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3), options: options)
    }

    @Test("a valid composition compiles to the reshape op; invalid ones and other sources are typed errors")
    func validation() throws {
        let valid = ConversionMatrix.dolbyVision
        #expect(try Self.converter(valid).plan.kernelOps.starts(with: ["load_ycbcr", "reshape"]))
        var noPieces = valid
        noPieces.curves[0] = .init(pivots: [0], pieces: [])
        var pivots = valid
        pivots.curves[1].pivots.append(1023)
        var order = valid
        order.curves[1] = .init(
            pivots: [0, 1023], pieces: [.mmr(constant: 0, weights: Array(repeating: [0, 0, 0, 0, 0, 0, 0], count: 4))])
        var depth = valid
        depth.bitDepth = 12
        var matrix = valid
        matrix.yccToRGB.removeLast()
        for invalid in [noPieces, pivots, order, depth, matrix] {
            #expect(throws: PixelConversionError.self) { try Self.converter(invalid) }
        }
        #expect(throws: PixelConversionError.self) {
            try Self.converter(valid, source: PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ))
        }
    }
}
