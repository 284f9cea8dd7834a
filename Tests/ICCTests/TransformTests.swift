import ColorSpaces
import Foundation
import ICC
import Testing

/// LittleCMS transforms through the bridge, against the pure-Swift float64 conversion (ColorSpace.Conversion).
@Suite struct TransformTests {
    let srgb: ICCProfile
    let displayP3: ICCProfile

    /// Suites are made per test; a profile that cannot be made fails the test instead of crashing the run.
    init() throws {
        srgb = try ICCProfile(colorSpace: .sRGB)
        displayP3 = try ICCProfile(colorSpace: .displayP3)
    }

    static let samples: [Float] = {
        var values: [Float] = []
        for r in stride(from: 0, through: 1, by: 0.125) {
            for g in stride(from: 0, through: 1, by: 0.25) {
                for b in stride(from: 0, through: 1, by: 0.25) { values += [Float(r), Float(g), Float(b)] }
            }
        }
        return values
    }()

    /// sRGB → Display P3 in float (relative colorimetric): every component within 5e-4 of the float64 reference
    /// (measured 2.6e-4).
    /// Both spaces share D65, so the only differences are LittleCMS's s15Fixed16 colorants and float pipeline.
    @Test func srgbToDisplayP3FloatMatchesTheFloat64Reference() throws {
        let transform = try ICCTransform(
            from: srgb, to: displayP3, sourceLayout: .rgbFloat, destinationLayout: .rgbFloat,
            intent: .relativeColorimetric)
        let output = try transform.transform(Self.samples, as: Float.self)
        let reference = ColorSpace.Conversion(from: .sRGB, to: .displayP3)
        var worst = 0.0
        for i in stride(from: 0, to: Self.samples.count, by: 3) {
            let expected = reference.apply(
                SIMD3(Double(Self.samples[i]), Double(Self.samples[i + 1]), Double(Self.samples[i + 2])))
            for c in 0..<3 { worst = max(worst, abs(Double(output[i + c]) - expected[c])) }
        }
        #expect(worst < 5e-4, "max |Δ| = \(worst)")
    }

    /// BT.2020 → BT.709 (linear) through lcms agrees with the float64 gamut matrix for in-gamut colours.
    @Test func linearBT2020ToLinearSRGB() throws {
        let transform = try ICCTransform(
            from: try ICCProfile(colorSpace: .linearBT2020), to: try ICCProfile(colorSpace: .linearSRGB),
            sourceLayout: .rgbFloat, destinationLayout: .rgbFloat, intent: .relativeColorimetric)
        let input: [Float] = [0.5, 0.5, 0.5, 0.3, 0.4, 0.35, 1, 1, 1]
        let output = try transform.transform(input, as: Float.self)
        let matrix = RGBPrimaries.bt2020.conversionMatrix(to: .bt709)
        for i in stride(from: 0, to: input.count, by: 3) {
            let expected = matrix * SIMD3(Double(input[i]), Double(input[i + 1]), Double(input[i + 2]))
            for c in 0..<3 { #expect(abs(Double(output[i + c]) - expected[c]) < 2e-4) }
        }
    }

    @Test func eightSixteenBitHalfAndAlpha() throws {
        let rgba8: [UInt8] = [255, 0, 0, 10, 0, 255, 0, 128, 128, 128, 128, 255]
        let to16 = try ICCTransform(from: srgb, to: displayP3, sourceLayout: .rgba8, destinationLayout: .rgba16)
        let out16 = try to16.transform(rgba8, as: UInt16.self)
        #expect(out16.count == 12)
        #expect([out16[3], out16[7], out16[11]] == [10 * 257, 128 * 257, 65535])  // alpha copied and rescaled
        #expect(out16[0] < 65535 && out16[0] > 50000)  // sRGB red is inside P3: R′ ≈ 0.917
        // 8-bit identity transform keeps grey.
        let same = try ICCTransform(from: srgb, to: srgb, sourceLayout: .rgb8, destinationLayout: .bgra8)
        let bgra = try same.transform([UInt8]([200, 100, 50]), as: UInt8.self)
        #expect(abs(Int(bgra[0]) - 50) <= 1 && abs(Int(bgra[1]) - 100) <= 1 && abs(Int(bgra[2]) - 200) <= 1)
        #expect(bgra[3] == 255)  // no source alpha: opaque
        // Half floats: 0x3C00 = 1.0, 0x3800 = 0.5 (IEEE 754 binary16).
        let half = try ICCTransform(from: srgb, to: srgb, sourceLayout: .rgbaHalf, destinationLayout: .rgbaFloat)
        let floats = try half.transform([UInt16]([0x3800, 0x3800, 0x3800, 0x3C00]), as: Float.self)
        #expect(floats.count == 4 && abs(floats[0] - 0.5) < 1e-3 && floats[3] == 1)
        let toHalf = try ICCTransform(from: srgb, to: srgb, sourceLayout: .rgbFloat, destinationLayout: .rgbaHalf)
        #expect(try toHalf.transform([Float]([1, 1, 1]), as: UInt16.self)[3] == 0x3C00)
    }

    /// One transform used from several threads at once gives byte-identical results.
    @Test func threadsProduceIdenticalBytes() async throws {
        let transform = try ICCTransform(
            from: srgb, to: try ICCProfile(colorSpace: .bt2100PQ), sourceLayout: .rgbFloat, destinationLayout: .rgb16,
            intent: .relativeColorimetric)
        let input = (0..<30_000).map { Float(($0 * 7919) % 1000) / 999 }
        let expected = try transform.transform(input, as: UInt16.self)
        let results = try await withThrowingTaskGroup(of: [UInt16].self) { group in
            for _ in 0..<8 { group.addTask { try transform.transform(input, as: UInt16.self) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 == expected })
    }

    /// A monochrome profile (Debian's Gray.icc) to sRGB: neutral in, neutral out.
    @Test func grayToRGB() throws {
        guard let gray = try Fixtures_grayProfile() else { return }
        let transform = try ICCTransform(from: gray, to: srgb, sourceLayout: .gray8, destinationLayout: .rgba8)
        let out = try transform.transform([UInt8]([0, 128, 255]), as: UInt8.self)
        #expect(out.count == 12)
        for p in 0..<3 {
            #expect(
                abs(Int(out[4 * p]) - Int(out[4 * p + 1])) <= 1 && abs(Int(out[4 * p + 1]) - Int(out[4 * p + 2])) <= 1)
            #expect(out[4 * p + 3] == 255)
        }
        #expect(out[0] < out[4] && out[4] < out[8])
    }

    @Test func intentsAndBlackPointCompensation() throws {
        for intent in ICCRenderingIntent.allCases {
            for bpc in [false, true] {
                let t = try ICCTransform(
                    from: srgb, to: displayP3, sourceLayout: .rgb8, destinationLayout: .rgb8, intent: intent,
                    blackPointCompensation: bpc)
                #expect(t.intent == intent && t.blackPointCompensation == bpc)
                #expect(try t.transform([UInt8]([0, 0, 0]), as: UInt8.self) == [0, 0, 0])
            }
        }
    }

    @Test func errorsAreTyped() throws {
        let transform = try ICCTransform(from: srgb, to: displayP3, sourceLayout: .rgb8, destinationLayout: .rgb8)
        #expect(throws: ICCError.self) { try transform.transform([UInt8]([1, 2]), as: UInt8.self) }
        let small = [UInt8](repeating: 0, count: 3)
        var out = [UInt8](repeating: 0, count: 3)
        #expect(throws: ICCError.self) {
            try small.withUnsafeBytes { i in
                try out.withUnsafeMutableBytes { o in try transform.transform(i, into: o, pixelCount: 2) }
            }
        }
        // A grey profile with an RGB layout: LittleCMS refuses, and its message is kept.
        let gray = try Fixtures_grayProfile()
        if let gray {
            do {
                _ = try ICCTransform(from: gray, to: srgb, sourceLayout: .rgb8, destinationLayout: .rgb8)
                Issue.record("expected an error")
            } catch {
                guard case .rejected(_, let messages) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(!messages.isEmpty, "\(error)")
            }
        }
    }
}

/// Debian's Gray.icc, or nil with a skip note.
private func Fixtures_grayProfile() throws -> ICCProfile? { try SystemProfiles.load("Gray.icc") }
