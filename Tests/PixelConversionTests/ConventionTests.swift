import ColorSpaces
import Foundation
import HalfFloat
import PixelBuffers
import TestSupport
import Testing
import TransferFunctions

@testable import PixelConversion

/// Golden values of the conventions (ITU-R BT.2408, BT.2100), the HLG OOTF and its inverse, NaN handling.
@Suite("Conventions and golden values")
struct ConventionTests {
    /// Converts one-row frames of RGBA 16-bit full-range signals and returns the output halves of each pixel.
    static func halves(_ signals: [SIMD3<Double>], from space: ColorSpace, options: PixelConverter.Options = .init())
        throws -> [SIMD3<Double>]
    {
        let frame = TestFrames.Frame(format: .rgba16, width: signals.count, height: 1)
        for (x, s) in signals.enumerated() {
            for c in 0..<3 { frame.set(c, x, 0, raw: UInt64((s[c] * 65535).rounded())) }
            frame.set(3, x, 0, raw: 65535)
        }
        let converter = try PixelConverter(
            from: PixelEncoding(format: .rgba16, colorSpace: space),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearBT2020), options: options)
        let out = TestFrames.Frame(format: .rgbaHalf, width: signals.count, height: 1)
        try frame.withView { s in try out.withMutableView { try converter.convert(s, to: $0) } }
        return try out.withView { view in
            (0..<signals.count).map { x in
                let row = view.plane(0).row(0, as: UInt16.self)
                return SIMD3((0..<3).map { HalfFloat.double(fromBits: row[4 * x + $0]) })
            }
        }
    }

    /// ITU-R BT.2408 §2.2: HDR reference white is PQ 0.5806888810 (203 cd/m²) and HLG 75 % (203.152 cd/m² on a
    /// 1000 cd/m² display, γ 1.2); with 1.0 = 203 cd/m² both decode to ≈ 1.
    @Test("BT.2408 reference white: PQ 0.58069 → 1.0 and HLG 0.75 → 1.00075 (1.0 = 203 cd/m²)")
    func referenceWhite() throws {
        let pq = try Self.halves([SIMD3(repeating: 0.5806888810416109)], from: .bt2100PQ)[0]
        #expect(abs(pq.x - 1) <= AccuracyCheck.halfULP(1))
        let hlg = try Self.halves([SIMD3(repeating: 0.75)], from: .bt2100HLG)[0]
        #expect(abs(hlg.x - 203.15214593754538 / 203) <= AccuracyCheck.halfULP(1))
        // The same white at 100 cd/m² reference white is 2.03.
        var sdr = PixelConverter.Options()
        sdr.referenceWhite = 100
        let pq100 = try Self.halves([SIMD3(repeating: 0.5806888810416109)], from: .bt2100PQ, options: sdr)[0]
        #expect(abs(pq100.x - 2.03) <= AccuracyCheck.halfULP(2.03))
    }

    /// BT.2100-2 Table 5: the OOTF scales by Y_S^(γ−1) of the luminance, not per channel: a saturated HLG red keeps
    /// its hue (G = B = 0) and gets the gain of its own luminance; the peak (1, 1, 1) lands on L_W.
    @Test("HLG OOTF is luminance-weighted with γ = 1.2 + 0.42·log10(L_W/1000)")
    func hlgOOTF() throws {
        for peak in [1000.0, 600, 2000] {
            var options = PixelConverter.Options()
            options.hlgPeakLuminance = peak
            let out = try Self.halves([SIMD3(1, 1, 1), SIMD3(1, 0, 0)], from: .bt2100HLG, options: options)
            #expect(abs(out[0].x - peak / 203) <= AccuracyCheck.halfULP(peak / 203))
            let gamma = 1.2 + 0.42 * log10(peak / 1000)
            let red = peak * pow(0.2627, gamma - 1) / 203  // E = 1 in R only: Y_S = 0.2627
            #expect(abs(out[1].x - red) <= AccuracyCheck.halfULP(red), "peak \(peak)")
            #expect(out[1].y == 0 && out[1].z == 0)
        }
    }

    /// Exporting to HLG and reading it back with the same display: signal 0.5 (and a colour) comes back.
    @Test("HLG inverse OOTF: 0.5 and a colour round-trip through linear light")
    func hlgRoundTrip() throws {
        let signals = [SIMD3(repeating: 0.5), SIMD3(0.75, 0.5, 0.25), SIMD3(0.2, 0.8, 0.4)]
        let linear = try Self.halves(signals, from: .bt2100HLG)
        let frame = TestFrames.Frame(format: .rgbaFloat, width: signals.count, height: 1)
        for (x, v) in linear.enumerated() {
            for c in 0..<3 { frame.set(c, x, 0, raw: UInt64(Float(v[c]).bitPattern)) }
            frame.set(3, x, 0, raw: UInt64(Float(1).bitPattern))
        }
        let back = try PixelConverter(
            from: PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearBT2020),
            to: PixelEncoding(format: .rgba16, colorSpace: .bt2100HLG))
        let out = TestFrames.Frame(format: .rgba16, width: signals.count, height: 1)
        try frame.withView { s in try out.withMutableView { try back.convert(s, to: $0) } }
        try out.withView { view in
            let row = view.plane(0).row(0, as: UInt16.self)
            for (x, s) in signals.enumerated() {
                for c in 0..<3 {
                    // Half precision of the intermediate limits this to about 2e-4 of the signal.
                    #expect(abs(Double(row[4 * x + c]) / 65535 - s[c]) < 3e-4, "pixel \(x) channel \(c)")
                }
            }
        }
    }

    /// NaN never reaches an integer code: it becomes the code of 0 (black luma, neutral chroma; 0 for RGB). ±∞ are read
    /// as ±10³⁰, so they saturate instead of turning into NaN at a gamut matrix.
    @Test("NaN and infinities give defined codes")
    func nonFinite() throws {
        let frame = TestFrames.Frame(format: .rgbaHalf, width: 4, height: 2)
        let values: [UInt16] = [0x7E00, 0x7C00, 0xFC00, 0xFE00]  // NaN, +∞, −∞, −NaN
        for y in 0..<2 {
            for x in 0..<4 {
                for c in 0..<3 { frame.set(c, x, y, raw: UInt64(values[x])) }
                frame.set(3, x, y, raw: 0x3C00)
            }
        }
        for path in PixelConverter.availableCodePaths {
            var options = PixelConverter.Options()
            options.codePath = path
            let toVideo = try PixelConverter(
                from: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
                to: PixelEncoding(format: .x444, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
                options: options)
            let video = TestFrames.Frame(format: .x444, width: 4, height: 2)
            try frame.withView { s in try video.withMutableView { try toVideo.convert(s, to: $0) } }
            try video.withView { view in
                let luma = view.plane(0).row(0, as: UInt16.self).map { $0 >> 6 }
                let chroma = view.plane(1).row(0, as: UInt16.self).map { $0 >> 6 }
                #expect(luma[0] == 64 && chroma[0] == 512 && chroma[1] == 512, "NaN → black, neutral (\(path))")
                #expect(luma[1] == 940, "+∞ → PQ peak (\(path))")
                #expect(luma[2] == 64 && luma[3] == 64, "−∞ and −NaN → black (\(path))")
            }
            let toSRGB = try PixelConverter(
                from: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
                to: PixelEncoding(format: .rgba8, colorSpace: .sRGB), options: options)
            let rgb = TestFrames.Frame(format: .rgba8, width: 4, height: 2)
            try frame.withView { s in try rgb.withMutableView { try toSRGB.convert(s, to: $0) } }
            try rgb.withView { view in
                let row = Array(view.plane(0).row(0, as: UInt8.self))
                #expect(Array(row[0..<3]) == [0, 0, 0] && Array(row[4..<7]) == [255, 255, 255], "\(path)")
            }
        }
    }

    /// Export after decoding for EDR: 'x420' PQ → EDR half → 'x420' PQ gives the input codes back, within
    /// one code, for pixels inside the Display P3 gamut (a grey ramp and P3-bounded colours, 4:2:0 chroma constant
    /// over each 2 × 2 block).
    @Test("Round trip 'x420' PQ → RGBA half → 'x420' PQ within one code")
    func roundTrip() throws {
        let x420 = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
        let half = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        let toP3 = RGBPrimaries.displayP3.conversionMatrix(to: .bt2020)
        var values: [SIMD3<Double>] = []
        for k in 0..<40 {  // P3 colours, encoded as BT.2020 PQ Y′CbCr
            let t = Double(k) / 39
            let p3 = SIMD3(t, 0.6 * t + 0.1, 0.3 + 0.5 * (1 - t)) * (k % 2 == 0 ? 1 : 0.2)
            let pq = (toP3 * p3 * (400.0 / 10_000)).map { TransferFunction.pq.fromLinear($0) }
            values.append(YCbCrMatrix.bt2020NonConstantLuminance.ycbcr(fromRGB: pq))
        }
        // Each colour fills a block 8 pixels wide (4 chroma samples): inside it resampling is the identity, so the
        // chroma samples whose neighbours lie in the same block, and every luma sample, must come back.
        let pairs = values.flatMap { Array(repeating: $0, count: 8) }
        let frame = try TestFrames.yCbCr(.x420, width: pairs.count, height: 4, values: pairs)
        let decode = try PixelConverter(from: x420, to: half)
        let encode = try PixelConverter(from: half, to: x420)
        let middle = TestFrames.Frame(format: .rgbaHalf, width: frame.width, height: frame.height)
        let back = TestFrames.Frame(format: .x420, width: frame.width, height: frame.height)
        try frame.withView { s in try middle.withMutableView { try decode.convert(s, to: $0) } }
        try middle.withView { s in try back.withMutableView { try encode.convert(s, to: $0) } }
        try frame.withView { original in
            try back.withView { result in
                var worst = 0
                for y in 0..<frame.height {
                    let a = original.plane(0).row(y, as: UInt16.self), b = result.plane(0).row(y, as: UInt16.self)
                    for x in 0..<frame.width { worst = max(worst, abs(Int(a[x] >> 6) - Int(b[x] >> 6))) }
                }
                for j in 0..<2 {
                    let a = original.plane(1).row(j, as: UInt16.self), b = result.plane(1).row(j, as: UInt16.self)
                    for i in 0..<(frame.width / 2) where i % 4 == 1 || i % 4 == 2 {
                        for c in 0..<2 { worst = max(worst, abs(Int(a[2 * i + c] >> 6) - Int(b[2 * i + c] >> 6))) }
                    }
                }
                #expect(worst <= 1, "largest code difference \(worst)")
            }
        }
    }
}

extension SIMD3 where Scalar == Double {
    func map(_ f: (Double) -> Double) -> SIMD3<Double> { SIMD3(f(x), f(y), f(z)) }
}
