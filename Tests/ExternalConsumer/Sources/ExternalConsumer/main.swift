// Uses the contract spellings of issues 2 and 3 from outside the library (no @testable), and checks a few values,
// exiting non-zero on a mismatch. Built and run by `make test`.
import ColorSpaces
import Foundation
import HDRColor
import HalfFloat
import ImageFiles
import TransferFunctions

var failures = 0
@MainActor func check(_ condition: Bool, _ what: String) {
    if !condition {
        failures += 1
        print("FAIL: \(what)")
    }
}
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * max(1, abs(b)) }

// TransferFunctions (ITU-R BT.2408: 203 cd/m² ↔ PQ 0.5806888810).
check(near(TransferFunction.pq.toLinear(0.5806888810416109) * 10_000, 203), "pq.toLinear")
check(near(TransferFunction.pq.fromLinear(0.0203), 0.5806888810416109), "pq.fromLinear")
check(near(TransferFunction.hlg.toLinear(0.75), 0.26496256042100724), "hlg.toLinear")
check(near(TransferFunction.hlg.fromLinear(0.26496256042100724), 0.75), "hlg.fromLinear")
check(near(TransferFunction.srgb.fromLinear(0.18), 0.46135612950044164), "srgb")
check(near(TransferFunction.bt709.fromLinear(0.18), 0.4090077288641504), "bt709")
check(TransferFunction.linear.toLinear(Float(0.25)) == 0.25, "linear (Float)")
check(near(TransferFunction.gamma(2.2).toLinear(0.5), 0.217637640824031), "gamma")
check(TransferFunction(cicp: 16) == .pq && TransferFunction.hlg.cicp == 18, "cicp")
check(near(HLG.systemGamma(peakLuminance: 1000), 1.2), "HLG.systemGamma")
let hlgWhite: SIMD3<Double> = HLG.eotf(SIMD3(repeating: 0.75), peakLuminance: 1000, blackLuminance: 0)
check(near(hlgWhite.x, 203.15, 1e-4), "HLG.eotf")
let ootf = HLG.ootf(SIMD3(repeating: 0.5), peakLuminance: 1000)
check(near(HLG.inverseOOTF(ootf, peakLuminance: 1000).x, 0.5), "HLG.ootf / inverseOOTF")

// ColorSpaces.
let m = RGBPrimaries.bt2020.conversionMatrix(to: .bt709, adaptation: .bradford)
check(near(m[row: 0, column: 0], 1.6604910021, 1e-9), "conversionMatrix")
let xyz = RGBPrimaries.bt709.rgbToXYZ * SIMD3<Double>(1, 1, 1)
check(near(xyz.y, 1), "rgbToXYZ white")
check(near((RGBPrimaries.bt709.xyzToRGB * xyz).x, 1), "xyzToRGB")
let bradford = ChromaticAdaptation.bradford.matrix(from: .d65, to: .d50)
check(near((bradford * WhitePoint.d65.xyz).z, WhitePoint.d50.xyz.z), "Bradford")
check((m * m.inverse!)[row: 1, column: 1] > 0.999_999_999, "Matrix3x3 inverse")
let spaces: [ColorSpace] = [
    .sRGB, .extendedSRGB, .linearSRGB, .displayP3, .extendedLinearDisplayP3, .bt709, .bt2020,
    .extendedLinearBT2020, .bt2100PQ, .bt2100HLG, .displayP3PQ, .displayP3HLG, .acesCG,
]
check(spaces.allSatisfy { !$0.name.isEmpty }, "ColorSpace catalog")
let ycc = YCbCrMatrix.bt2020NonConstantLuminance.ycbcr(fromRGB: SIMD3(1, 0, 0))
check(near(ycc.x, 0.2627), "YCbCrMatrix")
let cicp = try CICP(colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance, range: .narrow)
check(cicp.colorPrimaries == 9 && cicp.transferCharacteristics == 16 && cicp.matrixCoefficients == 9, "CICP")

// HalfFloat (IEEE 754 binary16).
check(HalfFloat.bits(from: Float(1)) == 0x3C00, "HalfFloat.bits(from: Float)")
check(HalfFloat.bits(from: 1 + 0x1p-11 + 0x1p-30 as Double) == 0x3C01, "HalfFloat.bits(from: Double)")
check(HalfFloat.float(fromBits: 0x7BFF) == 65504, "HalfFloat.float(fromBits:)")

// PixelConversion: the contract of the PixelConversion issue, exactly as written there.
do {
    var frame = try PixelBuffer(format: .x420, width: 64, height: 32)
    frame.withMutableView { view in  // BT.2408 reference white, grey: Y′ 573, Cb = Cr = 512 (10-bit, narrow)
        let luma = view.plane(0), chroma = view.plane(1)
        for y in 0..<luma.height { for x in 0..<luma.width { luma.row(y, as: UInt16.self)[x] = 573 << 6 } }
        for y in 0..<chroma.height { for i in 0..<(2 * chroma.width) { chroma.row(y, as: UInt16.self)[i] = 512 << 6 } }
    }
    var output = try PixelBuffer(format: .rgbaHalf, width: 64, height: 32)
    try frame.withView { source in
        try output.withMutableView { destination in
            var options = PixelConverter.Options()  // threadCount, referenceWhite, chroma, toneMapping, gamut policy…
            options.threadCount = 1
            let converter = try PixelConverter(
                from: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
                to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
                options: options)
            try converter.convert(source, to: destination)  // PixelBufferView → MutablePixelBufferView, any row strides
        }
    }
    let white = output.withView { HalfFloat.float(fromBits: $0.plane(0).row(5, as: UInt16.self)[40]) }
    let expected = TransferFunction.pq.toLinear(509.0 / 876) * 10_000 / 203  // code 573 of BT.2408's white, 1.0039
    check(abs(Double(white) - expected) < 1e-3, "PixelConverter: PQ code 573 → \(expected) (got \(white))")
    check(PixelFormat(fourCC: "x420") == .x420 && PixelFormat.xf20.fourCCString == "xf20", "PixelFormat FourCC statics")
    check(PixelFormat.x444.fourCCString == "x444" && PixelFormat.y420.fourCCString == "y420", "PixelFormat statics")
    let fromCICP = try PixelEncoding(cicp: .bt2100PQVideo, format: .x420)
    check(
        fromCICP.matrix == .bt2020NonConstantLuminance && fromCICP.effectiveChromaLocation == .topLeft,
        "PixelEncoding(cicp:)")
}

// ImageFiles (its own product): a 16-bit PQ buffer through PNG and lossless 10-bit AVIF bytes and back.
do {
    var frame = try PixelBuffer(format: .rgba16, width: 8, height: 4)
    frame.withMutableView { view in
        for y in 0..<4 {
            let row = view.plane(0).row(y, as: UInt16.self)
            for i in 0..<row.count { row[i] = i % 4 == 3 ? 0xFFFF : UInt16(y * 8000 + i * 1000) }
        }
    }
    let pq = PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ)
    let png = try ImageFile.encode(frame, encoding: pq, options: ImageWriteOptions(fileType: .png))
    let decodedPNG = try ImageFile.decode(png)
    check(decodedPNG.encoding == pq && decodedPNG.colorDecision.basis == .cicp, "ImageFile PNG round trip")
    let avif = try ImageFile.encode(
        frame, encoding: pq, options: ImageWriteOptions(fileType: .avif, bitDepth: 10, lossless: true))
    let decodedAVIF = try ImageFile.decode(avif)
    check(decodedAVIF.codedBitDepth == 10 && decodedAVIF.encoding.colorSpace == .bt2100PQ, "ImageFile AVIF 10-bit")
}

if failures > 0 {
    print("ExternalConsumer: \(failures) contract check(s) failed")
    exit(1)
}
print("ExternalConsumer: contract spellings compile and agree with the published values")
