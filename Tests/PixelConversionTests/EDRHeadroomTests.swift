import ColorSpaces
import Foundation
import HalfFloat
import PixelBuffers
import Testing
import ToneMapping
import TransferFunctions

@testable import PixelConversion

/// Issue 22: tone mapping to a display's headroom keeps every output component within it, for every operator, in the
/// destination's primaries, with hue and luminance kept; content already inside is untouched.
///
/// Hue is measured as the angle of the colour in the opponent plane of the destination's linear RGB,
/// atan2(√3/2·(G − B), R − (G + B)/2): grey projects to 0, so moving a colour towards grey at constant luminance (or
/// scaling it) keeps the angle exactly. The reference is the source colour tone mapped in `Double` by the same operator
/// and converted to the destination's primaries, before any fit; the tolerance is the half-float rounding of the output
/// seen from the chroma's length (4 half-ulps of the largest component ÷ the chroma length) plus 0.1°.
@Suite("EDR headroom kept")
struct EDRHeadroomTests {
    static let source = PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100PQ)
    static let headrooms: [Double] = [1, 2, 4, 16]

    /// Primaries and secondaries (R, G, B, C, M, Y) of `primaries`, in BT.2020 linear light with max component 1.
    static func saturated(_ primaries: RGBPrimaries) -> [SIMD3<Double>] {
        let m = primaries.conversionMatrix(to: .bt2020)
        return [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(0, 1, 1), SIMD3(1, 0, 1), SIMD3(1, 1, 0)].map {
            let c = m * $0
            return c / c.max()
        }
    }

    /// The test colours in absolute BT.2020 linear light (1.0 = 10 000 cd/m²): the saturated colours of BT.2020 and
    /// P3 at 10 000 and 1000 cd/m² (largest component), and unsaturated colours and greys from 20 to 4000 cd/m².
    static let colours: [SIMD3<Double>] = {
        var colours: [SIMD3<Double>] = []
        for nits in [10_000.0, 1000] {
            for p in [RGBPrimaries.bt2020, .displayP3] { colours += saturated(p).map { $0 * nits / 10_000 } }
        }
        for nits in [20.0, 100, 203, 300, 406, 800, 1000, 4000] {
            colours += [SIMD3(1, 1, 1), SIMD3(1, 0.9, 0.8), SIMD3(0.85, 0.9, 1)].map { $0 * nits / 10_000 }
        }
        return colours
    }()

    /// A one-row RGBA float PQ frame of `colours`.
    static func frame(_ colours: [SIMD3<Double>]) -> TestFrames.Frame {
        let frame = TestFrames.Frame(format: .rgbaFloat, width: colours.count, height: 1)
        for (x, c) in colours.enumerated() {
            for k in 0..<3 { frame.set(k, x, 0, raw: UInt64(Float(TransferFunction.pq.fromLinear(c[k])).bitPattern)) }
            frame.set(3, x, 0, raw: UInt64(Float(1).bitPattern))
        }
        return frame
    }

    /// Converts `frame` and returns the output pixels (RGB) and the output bytes.
    static func convert(_ frame: TestFrames.Frame, _ converter: PixelConverter) throws -> ([SIMD3<Double>], [UInt8]) {
        let out = TestFrames.Frame(format: .rgbaHalf, width: frame.width, height: 1, padding: 0)
        try frame.withView { s in try out.withMutableView { try converter.convert(s, to: $0) } }
        let pixels = try out.withView { view in
            (0..<frame.width).map { x in
                let p = view.pixel(x: x, y: 0)
                return SIMD3(Double(p.x), Double(p.y), Double(p.z))
            }
        }
        return (pixels, Array(out.planes[0]))
    }

    static func hue(_ c: SIMD3<Double>) -> (angle: Double, chroma: Double) {
        let a = c.x - (c.y + c.z) / 2, b = (c.y - c.z) * 3.0.squareRoot() / 2
        return (atan2(b, a), (a * a + b * b).squareRoot())
    }

    static func halfULP(_ v: Double) -> Double { AccuracyCheck.halfULP(v) }

    /// The tone-mapping choices of the test: every method of `.displayHeadroom` (BT.2446 A at headroom 1 only) and
    /// custom operators, each with the `Double` operator that the converter runs (for the reference hue).
    static func toneMappings(headroom: Double, content: Double) -> [(
        String, PixelConverter.ToneMapping, (any ToneMappingOperator)?
    )] {
        let contentHeadroom = content / ReferenceWhite.bt2408
        var cases: [(String, PixelConverter.ToneMapping, (any ToneMappingOperator)?)] = []
        for method in ToneMappingMethod.allCases where method != .bt2446A || headroom == 1 {
            let reference: (any ToneMappingOperator)? =
                contentHeadroom > headroom
                ? ToneMapper(
                    method, contentHeadroom: contentHeadroom, displayHeadroom: headroom,
                    application: .luminance(RGBPrimaries.bt2020.luminanceCoefficients)) : nil
            cases.append(
                (
                    method.rawValue,
                    .displayHeadroom(headroom, content: ContentLuminance(masteringPeak: content), method: method),
                    reference
                ))
        }
        let maxRGB = ToneMapper(.headroom, contentHeadroom: contentHeadroom, displayHeadroom: headroom)
        cases.append(("custom ToneMapper (max(R, G, B))", .custom(maxRGB), maxRGB))
        let reinhard = ExtendedReinhard(contentHeadroom: contentHeadroom, displayHeadroom: headroom)
        cases.append(("custom ExtendedReinhard", .custom(reinhard), reinhard))
        let tabulated = maxRGB.tabulated()
        cases.append(("custom tabulated", .custom(tabulated), tabulated))
        return cases
    }

    @Test(
        "Every component ≤ the headroom, ≥ 0 unless extended, hue kept, luminance as HeadroomFit: every operator, both code paths",
        arguments: [ColorSpace.extendedLinearDisplayP3, .extendedLinearSRGB, .extendedLinearBT2020])
    func headroomKept(_ space: ColorSpace) throws {
        let frame = Self.frame(Self.colours)
        let destination = PixelEncoding(format: .rgbaHalf, colorSpace: space)
        let toDestination = RGBPrimaries.bt2020.conversionMatrix(to: space.primaries)
        let weights = space.primaries.luminanceCoefficients
        var (checkedHue, atPeak, worstHue) = (0, 0, 0.0)
        for headroom in Self.headrooms {
            let bound = HalfFloat.double(fromBits: HalfFloat.bits(from: Float(headroom)))
            for content in [10_000.0, 1000] {
                for (name, mapping, reference) in Self.toneMappings(headroom: headroom, content: content) {
                    for gamut in PixelConverter.GamutPolicy.allCases {
                        var bytes: [[UInt8]] = []
                        for path in PixelConverter.availableCodePaths {
                            var options = PixelConverter.Options()
                            (options.toneMapping, options.gamut, options.codePath) = (mapping, gamut, path)
                            let converter = try PixelConverter(from: Self.source, to: destination, options: options)
                            #expect(converter.plan.steps.contains { $0.name == "fit the headroom" })
                            let (pixels, raw) = try Self.convert(frame, converter)
                            bytes.append(raw)
                            for (colour, out) in zip(Self.colours, pixels) {
                                let at = "\(name) H \(headroom) content \(content) \(gamut) \(path) \(colour * 10_000)"
                                #expect(out.max() <= bound, "\(at): \(out)")
                                if gamut != .extended { #expect(out.min() >= 0, "\(at): \(out)") }
                                guard gamut != .clip else { continue }  // clipping negatives shifts hue, as documented
                                let linear = colour * 10_000 / ReferenceWhite.bt2408
                                let mapped = toDestination * (reference?.map(linear) ?? linear)
                                let y = (out * weights).sum()
                                if gamut == .extended {
                                    // The fit's luminance: kept below ¾H, lowered towards C·H/m above (HeadroomFit).
                                    let fitted = HeadroomFit(headroom: headroom, primaries: space.primaries).map(mapped)
                                    let expectedY = (fitted * weights).sum()
                                    #expect(
                                        abs(y - expectedY) <= 2e-3 * expectedY + 4 * Self.halfULP(out.max()),
                                        "\(at): Y \(y) vs \(expectedY)")
                                    if (mapped * weights).sum() >= headroom { atPeak += 1 }
                                }
                                let (angle, chroma) = Self.hue(out)
                                guard chroma >= 64 * Self.halfULP(out.max()) else { continue }
                                let (expectedAngle, _) = Self.hue(mapped)
                                var d = abs(angle - expectedAngle)
                                if d > Double.pi { d = 2 * Double.pi - d }
                                let tolerance = 4 * Self.halfULP(out.max()) / chroma + 0.1 * Double.pi / 180
                                #expect(
                                    d <= tolerance, "\(at): hue off by \(d * 180 / Double.pi)° (\(out) vs \(mapped))")
                                worstHue = max(worstHue, d * 180 / Double.pi)
                                checkedHue += 1
                            }
                        }
                        #expect(
                            bytes.dropFirst().allSatisfy { $0 == bytes[0] },
                            "\(name) H \(headroom) \(gamut): paths differ")
                    }
                }
            }
        }
        #expect(checkedHue > 1000 && atPeak > 0)
        print(
            "\(space.name): hue checked on \(checkedHue) pixels, worst \(worstHue)°; \(atPeak) with luminance at the headroom"
        )
    }

    /// Pixels already inside the headroom are not touched: the same bytes as a conversion whose operator declares no
    /// headroom (so no fit step), wherever that conversion's output is inside it.
    @Test("Content inside the headroom is unchanged, bit for bit")
    func insideUnchanged() throws {
        struct Undeclared: ToneMappingOperator {
            let inner: ToneMapper
            func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> { inner.map(rgb) }
            func apply(
                red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
                blue: UnsafeMutableBufferPointer<Float>
            ) { inner.apply(red: red, green: green, blue: blue) }
        }
        let frame = Self.frame(Self.colours)
        let destination = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        for headroom in Self.headrooms {
            let mapper = ToneMapper(.headroom, contentHeadroom: 10_000 / 203, displayHeadroom: headroom)
            for path in PixelConverter.availableCodePaths {
                var options = PixelConverter.Options()
                options.codePath = path
                options.toneMapping = .custom(Undeclared(inner: mapper))
                let plain = try PixelConverter(from: Self.source, to: destination, options: options)
                #expect(!plain.plan.steps.contains { $0.name == "fit the headroom" })
                options.toneMapping = .custom(mapper)
                let fitted = try PixelConverter(from: Self.source, to: destination, options: options)
                let (a, _) = try Self.convert(frame, plain), (b, _) = try Self.convert(frame, fitted)
                var inside = 0
                for (p, q) in zip(a, b) where p.max() <= headroom {
                    #expect(p == q)
                    inside += 1
                }
                #expect(inside >= 20 && a != b)
            }
        }
        // Content that fits the display needs no tone curve; the fit alone runs.
        var options = PixelConverter.Options()
        options.toneMapping = .displayHeadroom(16, content: ContentLuminance(masteringPeak: 1000))
        let x420 = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
        for path in PixelConverter.availableCodePaths {
            options.codePath = path
            let converter = try PixelConverter(from: x420, to: destination, options: options)
            #expect(converter.plan.steps.map(\.name).suffix(2) == ["fit the headroom", "write 'RGhA'"])
            #expect(!converter.plan.steps.contains { $0.name == "tone map" })
            #expect(converter.plan.kernelOps.suffix(2) == ["headroom_fit", "store_rgba_half"])
        }
    }

    /// Every build of the kernels writes the same bytes for a fit, on random values.
    @Test("The fit writes the same bytes on every build")
    func fitOnEveryBuild() throws {
        let source = TestFrames.random(.rgbaHalf, width: 301, height: 7, seed: 22)
        var options = PixelConverter.Options()
        options.toneMapping = .displayHeadroom(1.5, content: ContentLuminance(masteringPeak: 203))
        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearBT2020)
        let to = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        var outputs: [[UInt8]] = []
        for path in PixelConverter.availableCodePaths {
            options.codePath = path
            let converter = try PixelConverter(from: edr, to: to, options: options)
            let out = TestFrames.Frame(format: .rgbaHalf, width: 301, height: 7, padding: 0)
            try source.withView { s in try out.withMutableView { try converter.convert(s, to: $0) } }
            outputs.append(Array(out.planes[0]))
            try out.withView { view in
                for y in 0..<7 {
                    for p in view.pixels(inRow: y) where !p.x.isNaN && !p.y.isNaN && !p.z.isNaN {
                        #expect(max(p.x, p.y, p.z) <= 1.5)
                    }
                }
            }
        }
        #expect(outputs.dropFirst().allSatisfy { $0 == outputs[0] })
    }

    /// The plan says what the step does.
    @Test("The plan names the fit, its bound, primaries and what it keeps (luminance weights where it keeps luminance)")
    func planStep() throws {
        var options = PixelConverter.Options()
        options.toneMapping = .displayHeadroom(2, content: ContentLuminance(masteringPeak: 1000))
        let converter = try PixelConverter(
            from: Self.source, to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
            options: options)
        let step = try #require(converter.plan.steps.first { $0.name == "fit the headroom" })
        #expect(
            step.detail
                == "max(R, G, B) ≤ 2 in Display P3, hue kept: C·2/max(R, G, B) (hue and saturation kept, luminance "
                + "lowered)")
        // The HLG signal range is fitted at constant scene luminance (the luminance priority).
        let hlg = try PixelConverter(
            from: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
            to: PixelEncoding(format: .rgba16, colorSpace: .bt2100HLG))
        let range = try #require(hlg.plan.steps.first { $0.name == "fit the HLG signal range" })
        #expect(
            range.detail
                == "max(R, G, B) ≤ 1 in scene light (BT.2020), hue kept: towards grey at constant luminance "
                + "Y = 0.2627R + 0.678G + 0.0593B below Y = ¾·1, blending into C·1/max(R, G, B) (saturation kept, "
                + "luminance lowered) from there to Y ≥ 1")
        // A destination whose peak is below the headroom bounds the fit.
        options.toneMapping = .displayHeadroom(4, content: ContentLuminance(masteringPeak: 4000))
        let sdr = try PixelConverter(
            from: Self.source, to: PixelEncoding(format: .rgba8, colorSpace: .displayP3), options: options)
        let fit = try #require(sdr.plan.steps.first { $0.name == "fit the headroom" })
        #expect(fit.detail.hasPrefix("max(R, G, B) ≤ 1 in Display P3 (the destination's peak, below the 4× headroom)"))
        // No tone mapping, or an operator without a target headroom: no fit.
        let none = try PixelConverter(
            from: Self.source, to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3))
        #expect(!none.plan.steps.contains { $0.name == "fit the headroom" })
    }

    /// HLG export: the inverse OOTF divides by a power of the luminance, so saturated colours whose components are all
    /// below the HLG peak can need scene light above 1. They are fitted at constant scene luminance before the signal
    /// clamp: after a round trip through 'x420' they keep hue and luminance (10-bit quantisation aside), where a
    /// per-channel clip shifted both.
    @Test("HLG export fits the signal range with hue kept, luminance kept below ¾ of the peak")
    func hlgExport() throws {
        let peak = 1000 / ReferenceWhite.bt2408
        var colours: [SIMD3<Double>] = []
        let p3 = [
            SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(0, 1, 1), SIMD3(1, 0, 1), SIMD3(1, 1, 0),
        ]
        for top in [0.5, 1, 2, 3, 4, 4.9] {
            for c in p3 {
                colours += [c * top, (c * 0.8 + SIMD3(repeating: 0.2)) * top, (c * 0.5 + SIMD3(repeating: 0.5)) * top]
            }
        }
        // 4 × 2 blocks of one colour: the chroma sample co-sited with a block's third column (top-left siting) and
        // its [¼ ½ ¼] neighbours lie inside the block, so 4:2:0 is exact there.
        let (width, height) = (4 * colours.count, 2)
        var rendered = try PixelBuffer(format: .rgbaHalf, width: width, height: height)
        for (i, c) in colours.enumerated() {
            for x in 0..<4 {
                for y in 0..<2 { rendered.setPixel(SIMD4(Float(c.x), Float(c.y), Float(c.z), 1), x: 4 * i + x, y: y) }
            }
        }
        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        let hlg = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
        let weights = RGBPrimaries.displayP3.luminanceCoefficients
        for path in PixelConverter.availableCodePaths {
            var options = PixelConverter.Options()
            options.codePath = path
            let toHLG = try PixelConverter(from: edr, to: hlg, options: options)
            let names = toHLG.plan.steps.map(\.name)
            let fit = try #require(names.firstIndex(of: "fit the HLG signal range"))
            #expect(names[fit - 1] == "HLG inverse OOTF" && names[fit + 1] == "HLG OETF")
            #expect(
                toHLG.plan.steps[fit].detail
                    == "max(R, G, B) ≤ 1 in scene light (BT.2020), hue kept: towards grey at constant luminance "
                    + "Y = 0.2627R + 0.678G + 0.0593B below Y = ¾·1, blending into C·1/max(R, G, B) (saturation kept, "
                    + "luminance lowered) from there to Y ≥ 1")
            let frame = try toHLG.convert(rendered)
            let back = try PixelConverter(from: hlg, to: edr, options: options).convert(frame)
            var (worstHue, worstLuminance, fitted) = (0.0, 0.0, 0)
            for (i, a) in colours.enumerated() {
                let p = back.pixel(x: 4 * i + 2, y: 0)
                let b = SIMD3(Double(p.x), Double(p.y), Double(p.z))
                let (ya, yb) = ((a * weights).sum(), (b * weights).sum())
                // Scene luminance below ¾ of the peak (display luminance below 0.75^1.2 ≈ 0.708 of it) is kept; above,
                // the fit trades luminance for saturation (HeadroomFit), never raising it.
                if ya < 0.7 * peak {
                    worstLuminance = max(worstLuminance, abs(yb - ya) / ya)
                    #expect(abs(yb - ya) <= 0.01 * ya, "\(a) → \(b)")
                } else {
                    #expect(yb <= 1.01 * ya && yb >= 0.5 * ya, "\(a) → \(b)")
                }
                #expect(b.max() <= peak * 1.002, "\(a) → \(b)")
                let (ha, ca) = Self.hue(a), (hb, _) = Self.hue(b)
                var d = abs(ha - hb)
                if d > Double.pi { d = 2 * Double.pi - d }
                #expect(d * 180 / Double.pi <= 1, "\(a) → \(b): hue off by \(d * 180 / Double.pi)°")
                worstHue = max(worstHue, d * 180 / Double.pi)
                if (a - b).max() > 0.02 * a.max() && ca > 0 { fitted += 1 }
            }
            #expect(fitted >= 8)  // the test holds colours the signal range cannot hold as they are
            print("HLG export (\(path)): worst hue \(worstHue)°, luminance \(worstLuminance); \(fitted) colours fitted")
        }
    }
}
