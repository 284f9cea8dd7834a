import SignalCoding
import Testing

@Suite("Quantization")
struct QuantizationTests {
    static let depths = [8, 10, 12, 16]

    /// Every integer code of the container round-trips exactly through dequantise then quantise (both ranges,
    /// luma and chroma; 16-bit: 65 536 × 4 cases).
    @Test(arguments: depths, SignalRange.allCases)
    func everyCodeRoundTrips(bitDepth: Int, range: SignalRange) throws {
        let q = try Quantization(bitDepth: bitDepth, range: range)
        var lumaFailures = 0, chromaFailures = 0
        for code in 0...q.maxCode {
            if q.quantize(luma: q.dequantize(luma: code)) != code { lumaFailures += 1 }
            if q.quantize(chroma: q.dequantize(chroma: code)) != code { chromaFailures += 1 }
        }
        #expect(lumaFailures == 0 && chromaFailures == 0)
    }

    /// Narrow-range nominal codes (ITU-R BT.2100 Table 9; H.273 equations 20–25): Y′ 16·2ⁿ⁻⁸ … 235·2ⁿ⁻⁸,
    /// Cb, Cr 16·2ⁿ⁻⁸ … 240·2ⁿ⁻⁸.
    @Test(arguments: [
        (8, 16...235, 16...240),
        (10, 64...940, 64...960),
        (12, 256...3760, 256...3840),
        (16, 4096...60160, 4096...61440),
    ])
    func narrowRanges(bitDepth: Int, luma: ClosedRange<Int>, chroma: ClosedRange<Int>) throws {
        let q = try Quantization(bitDepth: bitDepth, range: .narrow)
        #expect(q.nominalLumaCodes == luma)
        #expect(q.nominalChromaCodes == chroma)
        #expect(q.quantize(luma: 0) == luma.lowerBound && q.quantize(luma: 1) == luma.upperBound)
        #expect(q.quantize(chroma: -0.5) == chroma.lowerBound && q.quantize(chroma: 0.5) == chroma.upperBound)
        #expect(q.quantize(chroma: 0) == 1 << (bitDepth - 1))
        #expect(q.dequantize(luma: luma.lowerBound) == 0 && q.dequantize(luma: luma.upperBound) == 1)
        #expect(q.dequantize(chroma: chroma.lowerBound) == -0.5 && q.dequantize(chroma: chroma.upperBound) == 0.5)
    }

    /// Full range (BT.2100 Table 9): D = Round((2ⁿ − 1)·E′), D_C = Round((2ⁿ − 1)·C + 2ⁿ⁻¹). Cb = +0.5 rounds to
    /// 2ⁿ, one past the container, and is clamped to 2ⁿ − 1.
    @Test(arguments: depths)
    func fullRange(bitDepth: Int) throws {
        let q = try Quantization(bitDepth: bitDepth, range: .full)
        let max = (1 << bitDepth) - 1
        #expect(q.maxCode == max && q.nominalLumaCodes == 0...max && q.nominalChromaCodes == 1...max)
        #expect(q.quantize(luma: 0) == 0 && q.quantize(luma: 1) == max)
        #expect(q.quantize(chroma: 0) == 1 << (bitDepth - 1))
        #expect(q.quantize(chroma: -0.5) == 1 && q.quantize(chroma: 0.5) == max)
        #expect(q.lumaOffset == 0 && q.lumaScale == Double(max) && q.chromaScale == Double(max))
    }

    /// BT.2408-7 §2.2: PQ reference white 0.5806888810 is code 594 (10-bit full) and 573 (10-bit narrow).
    @Test func bt2408ReferenceWhiteCodes() throws {
        #expect(try Quantization(bitDepth: 10, range: .full).quantize(luma: 0.5806888810416109) == 594)
        #expect(try Quantization(bitDepth: 10, range: .narrow).quantize(luma: 0.5806888810416109) == 573)
    }

    /// Rounding is half away from zero (BT.2100 Table 9 "Round"): 8-bit full 0.5/255 → 1.
    @Test func roundsHalfAwayFromZero() throws {
        let q = try Quantization(bitDepth: 8, range: .full)
        #expect(q.quantize(luma: 0.5 / 255) == 1)
        #expect(q.quantize(luma: 1.5 / 255) == 2)
        #expect(q.quantize(luma: 1.4999 / 255) == 1)
    }

    @Test(arguments: depths, SignalRange.allCases)
    func nonFiniteAndOutOfRangeInputs(bitDepth: Int, range: SignalRange) throws {
        let q = try Quantization(bitDepth: bitDepth, range: range)
        let black = range == .full ? 0 : 16 << (bitDepth - 8)
        let neutral = 1 << (bitDepth - 1)
        // NaN: black luma, neutral chroma.
        #expect(q.quantize(luma: .nan) == black)
        #expect(q.quantize(chroma: .nan) == neutral)
        // ±∞ and out-of-range values clamp to the container, keeping narrow-range foot- and headroom.
        #expect(q.quantize(luma: .infinity) == q.maxCode && q.quantize(luma: -.infinity) == 0)
        #expect(q.quantize(chroma: .infinity) == q.maxCode && q.quantize(chroma: -.infinity) == 0)
        #expect(q.quantize(luma: 7) == q.maxCode && q.quantize(luma: -3) == 0)
        #expect(q.quantize(luma: .greatestFiniteMagnitude) == q.maxCode)
        if range == .narrow {
            #expect(q.quantize(luma: 1.05) > q.nominalLumaCodes.upperBound)  // super-white survives
            #expect(q.quantize(luma: -0.05) < q.nominalLumaCodes.lowerBound)  // sub-black survives
            #expect(q.dequantize(luma: 0) < 0 && q.dequantize(luma: q.maxCode) > 1)
        }
        // Codes outside the container dequantise to values beyond the container's, without trapping.
        #expect(q.dequantize(luma: -1) < q.dequantize(luma: 0))
        #expect(q.dequantize(chroma: q.maxCode + 1) > q.dequantize(chroma: q.maxCode))
    }

    @Test func unsupportedBitDepthsThrow() {
        for depth in [-1, 0, 1, 7, 17, 32, Int.max] {
            #expect(throws: Quantization.Error.unsupportedBitDepth(depth)) {
                try Quantization(bitDepth: depth, range: .full)
            }
        }
        #expect(Quantization.Error.unsupportedBitDepth(7).description.contains("8 to 16"))
    }
}
