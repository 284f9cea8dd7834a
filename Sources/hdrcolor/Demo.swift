import ArgumentParser
import Foundation
import HDRColor

/// `hdrcolor demo`: the library's main job on a built-in example, printed as tables.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the built-in example: transfer functions, BT.2408 levels, matrices, CICP and one 'x420' pixel.",
        discussion: """
            Walks one 10-bit BT.2100 PQ Y'CbCr sample (the 'x420' frames of seed 002) to RGBA half-float \
            extended-linear Display P3 for an EDR layer, and prints the reference tables it relies on.
            """
    )

    func run() throws {
        printTransferFunctions()
        printReferenceLevels()
        printMatrices()
        printCICP()
        try printPixelWalk()
        printToneMapping()
    }

    private func printTransferFunctions() {
        section("Transfer functions: signal -> linear (PQ in cd/m2, HLG scene light, SDR relative)")
        let signals: [Double] = [0, 0.1, 0.25, 0.5, 0.75, 1]
        print(row("signal", signals.map { fmt($0, 2) }))
        print(row("sRGB", signals.map { fmt(TransferFunction.srgb.toLinear($0)) }))
        print(row("BT.709", signals.map { fmt(TransferFunction.bt709.toLinear($0)) }))
        print(row("gamma 2.2", signals.map { fmt(TransferFunction.gamma22.toLinear($0)) }))
        print(row("PQ", signals.map { fmt(PQ.eotf($0)) }))
        print(row("HLG", signals.map { fmt(TransferFunction.hlg.toLinear($0)) }))
    }

    private func printReferenceLevels() {
        section("ITU-R BT.2408 reference white (203 cd/m2)")
        let pq = PQ.inverseEOTF(203)
        let narrow = try! Quantization(bitDepth: 10, range: .narrow)
        let full = try! Quantization(bitDepth: 10, range: .full)
        print("PQ signal        \(fmt(pq, 10))  10-bit codes: \(narrow.quantize(luma: pq)) narrow, \(full.quantize(luma: pq)) full")
        let hlg = HLG.eotf(SIMD3(repeating: 0.75), peakLuminance: 1000, blackLuminance: 0)
        print("HLG 75 % on a 1000 cd/m2 display (gamma \(fmt(HLG.systemGamma(peakLuminance: 1000), 3, width: 0))): \(fmt(hlg.x, 3, width: 0)) cd/m2")
    }

    private func printMatrices() {
        section("Gamut matrices (linear RGB, D65)")
        for (name, m) in [
            ("BT.2020 -> Display P3", RGBPrimaries.bt2020.conversionMatrix(to: .displayP3)),
            ("BT.2020 -> BT.709", RGBPrimaries.bt2020.conversionMatrix(to: .bt709)),
        ] {
            print(name)
            for r in 0..<3 { print("  " + (0..<3).map { fmt(m[row: r, column: $0], 10, width: 14) }.joined()) }
        }
    }

    private func printCICP() {
        section("CICP code points (ITU-T H.273) and their names")
        for cicp in [CICP.bt2100PQ, .bt2100HLG, .displayP3, .bt709Video] {
            let cv = cicp.name(in: .coreVideo) ?? "-"
            let ff = cicp.name(in: .ffmpegName) ?? "-"
            print("\(cicp)".padding(toLength: 14, withPad: " ", startingAt: 0) + " \(cicp.summary)  CoreVideo: \(cv)  FFmpeg: \(ff)")
        }
    }

    private func printPixelWalk() throws {
        section("One 'x420' sample: 10-bit narrow BT.2100 PQ Y'CbCr -> RGBA half extended-linear Display P3")
        let q = try Quantization(bitDepth: 10, range: .narrow)
        let codes = (y: 600, cb: 470, cr: 560)
        let ycc = SIMD3(q.dequantize(luma: codes.y), q.dequantize(chroma: codes.cb), q.dequantize(chroma: codes.cr))
        let rgbPQ = YCbCrMatrix.bt2020NonConstantLuminance.rgb(fromYCbCr: ycc)
        let conversion = ColorSpace.Conversion(from: .bt2100PQ, to: .extendedLinearDisplayP3)
        let linearP3 = conversion.apply(rgbPQ)
        let halves = (0..<3).map { HalfFloat.bits(from: Float(linearP3[$0])) }
        print("codes Y Cb Cr      \(codes.y) \(codes.cb) \(codes.cr)")
        print("Y' Cb Cr           \(fmt(ycc.x, 6)) \(fmt(ycc.y, 6)) \(fmt(ycc.z, 6))")
        print("R'G'B' (PQ)        \(fmt(rgbPQ.x, 6)) \(fmt(rgbPQ.y, 6)) \(fmt(rgbPQ.z, 6))")
        print("linear P3 (1 = 203 cd/m2)  \(fmt(linearP3.x, 6)) \(fmt(linearP3.y, 6)) \(fmt(linearP3.z, 6))")
        print("half bits          " + halves.map { String(format: "0x%04X", $0) }.joined(separator: " ") + " 0x3C00 (alpha 1)")
    }

    private func printToneMapping() {
        let content = 1000 / ReferenceWhite.bt2408
        section("EDR tone mapping of 1000 cd/m2 content (headroom \(fmt(content, 3, width: 0))x) with DynamicRange.high")
        let inputs: [Double] = [0.5, 1, 2, 3, 4, content]
        print(row("input", inputs.map { fmt($0, 3) }))
        for display in [1.0, 2, 4, 8, 16] {
            let mapper = DynamicRange.high.toneMapper(contentHeadroom: content, displayHeadroom: display)
            print(row("on \(Int(display))x", inputs.map { fmt(mapper.map(SIMD3(repeating: $0)).x, 3) }))
        }
    }

    // MARK: Formatting

    private func section(_ title: String) { print("\n== \(title)") }

    private func row(_ label: String, _ cells: [String]) -> String {
        label.padding(toLength: 10, withPad: " ", startingAt: 0) + cells.joined()
    }

    private func fmt(_ x: Double, _ digits: Int = 5, width: Int = 12) -> String {
        let s = String(format: "%.\(digits)f", x)
        return String(repeating: " ", count: max(0, width - s.count)) + s
    }
}
