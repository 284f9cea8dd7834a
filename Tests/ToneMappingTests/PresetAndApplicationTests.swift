import Foundation
import Testing
import ColorSpaces
@testable import ToneMapping

/// Apple's dynamic-range options (WWDC 2023 "Support HDR images in your app") and how scalar curves are applied to
/// pixels (ITU-R BT.2390 §5.4: per channel, max(RGB), luminance, ICtCp I).
@Suite("Presets and application")
struct PresetAndApplicationTests {
    @Test("SDR content passes through unchanged in .high, .constrainedHigh and .standard")
    func sdrPassesThrough() {
        for preset in [DynamicRange.high, .constrainedHigh, .standard, .constrainedHigh(maximumHeadroom: 3)] {
            for display in [1.0, 2, 16] {
                #expect(preset.toneMapper(contentHeadroom: 1, displayHeadroom: display).isIdentity)
                #expect(preset.toneMapper(contentHeadroom: 0.5, displayHeadroom: display).isIdentity)
            }
        }
    }

    @Test("Target headrooms: high = display, constrainedHigh = min(display, 2 or the cap), standard = 1")
    func targets() {
        #expect(DynamicRange.high.targetHeadroom(displayHeadroom: 16) == 16)
        #expect(DynamicRange.constrainedHigh.targetHeadroom(displayHeadroom: 16) == 2)
        #expect(DynamicRange.constrainedHigh.targetHeadroom(displayHeadroom: 1.5) == 1.5)
        #expect(DynamicRange.constrainedHigh(maximumHeadroom: 4).targetHeadroom(displayHeadroom: 16) == 4)
        #expect(DynamicRange.constrainedHigh(maximumHeadroom: .nan).targetHeadroom(displayHeadroom: 16) == 1)
        #expect(DynamicRange.standard.targetHeadroom(displayHeadroom: 400) == 1)
        #expect(DynamicRange.high.targetHeadroom(displayHeadroom: .nan) == 1)
    }

    @Test("HDR content: identity when it fits, the headroom curve to the target otherwise")
    func hdrContent() {
        #expect(DynamicRange.high.toneMapper(contentHeadroom: 4.9, displayHeadroom: 8).isIdentity)
        let constrained = DynamicRange.constrainedHigh.toneMapper(contentHeadroom: 4.9, displayHeadroom: 8)
        #expect(constrained == .headroom(HeadroomCurve(contentHeadroom: 4.9, displayHeadroom: 2)))
        let standard = DynamicRange.standard.toneMapper(contentHeadroom: 4.9, displayHeadroom: 8)
        #expect((standard.map(SIMD3(repeating: 4.9)) - SIMD3(repeating: 1)).maxMagnitude < 1e-12)
        let bt2446 = DynamicRange.standard.toneMapper(contentHeadroom: 4.9, displayHeadroom: 8, method: .bt2446A)
        #expect((bt2446.map(SIMD3(repeating: 4.9)) - SIMD3(repeating: 1)).maxMagnitude < 1e-12)
    }

    static let pixels: [SIMD3<Double>] = [
        SIMD3(4, 1, 0.5), SIMD3(0.2, 3.5, 0.1), SIMD3(1, 1, 1), SIMD3(4.9, 4.9, 4.9), SIMD3(0, 0, 0),
        SIMD3(-0.1, 2, 0.5), SIMD3(1e-9, 0, 2e-9), SIMD3(6, 0, 0), SIMD3(-1, -1, -1), SIMD3(0.5, 0.25, 0.125),
    ]

    static let applications: [ToneCurveApplication] = [
        .perChannel, .maxRGB, .luminance(RGBPrimaries.bt2020.luminanceCoefficients),
        .ictcpIntensity(ICtCpIntensity(primaries: .bt2020)),
        .ictcpIntensity(ICtCpIntensity(primaries: .displayP3, referenceWhite: 100)),
    ]

    @Test("max(RGB) keeps component ratios and the max within the display headroom; per channel clips each")
    func maxRGB() {
        let curve = HeadroomCurve(contentHeadroom: 4.9, displayHeadroom: 2)
        let out = curve.map(SIMD3(4, 1, 0.5))
        #expect(abs(out.x / out.y - 4) < 1e-12 && abs(out.y / out.z - 2) < 1e-12 && out.x == curve.map(4.0))
        let perChannel = HeadroomCurve(contentHeadroom: 4.9, displayHeadroom: 2, application: .perChannel)
        #expect(perChannel.map(SIMD3(4, 1, 0.5)) == SIMD3(curve.map(4.0), 1, 0.5))
    }

    @Test("Luminance application keeps chromaticity and maps luminance by the curve")
    func luminance() {
        let w = RGBPrimaries.bt2020.luminanceCoefficients
        let curve = BT2390EETF(contentHeadroom: 4.9, displayHeadroom: 2, application: .luminance(w))
        let input = SIMD3<Double>(3, 1.5, 0.5)
        let out = curve.map(input)
        #expect(abs((out * w).sum() - curve.map((input * w).sum())) < 1e-12)
        #expect(abs(out.x / out.y - 2) < 1e-12)
    }

    @Test(
        "Bulk Float planes agree with the Double pixel form for every operator and application", arguments: applications
    )
    func bulkMatchesScalar(_ application: ToneCurveApplication) {
        let operators: [any ToneMappingOperator] = [
            HeadroomCurve(contentHeadroom: 4.9, displayHeadroom: 2, application: application),
            BT2390EETF(contentHeadroom: 4.9, displayHeadroom: 2, application: application),
            ExtendedReinhard(contentHeadroom: 4.9, displayHeadroom: 2, application: application),
            HardClip(displayHeadroom: 2, application: application),
            ToneMapper.headroom(HeadroomCurve(contentHeadroom: 8, displayHeadroom: 1, application: application)),
            ToneMapper.identity,
        ]
        for op in operators {
            let floats = Self.pixels.map { SIMD3<Float>(Float($0.x), Float($0.y), Float($0.z)) }
            let bulk = withPlanes(floats) { op.apply(red: $0, green: $1, blue: $2) }
            for (pixel, b) in zip(Self.pixels, bulk) {
                let want = op.map(pixel)
                let got = SIMD3<Double>(Double(b.x), Double(b.y), Double(b.z))
                #expect(
                    (got - want).maxMagnitude <= 1e-5 * max(1, (want).maxMagnitude),
                    "\(type(of: op)) \(pixel): \(got) vs \(want)")
                #expect(!got.x.isNaN && !got.y.isNaN && !got.z.isNaN)
            }
        }
    }

    @Test("Planes of different lengths: only the common prefix is mapped")
    func unequalPlanes() {
        let curve = HardClip(displayHeadroom: 1)
        var r: [Float] = [5, 5, 5], g: [Float] = [5, 5], b: [Float] = [5, 5, 5, 5]
        r.withUnsafeMutableBufferPointer { rp in
            g.withUnsafeMutableBufferPointer { gp in
                b.withUnsafeMutableBufferPointer { bp in curve.apply(red: rp, green: gp, blue: bp) }
            }
        }
        #expect(r == [1, 1, 5] && g == [1, 1] && b == [1, 1, 5, 5])
    }

    @Test("Method names build the matching operator")
    func methods() {
        for method in ToneMappingMethod.allCases {
            let mapper = ToneMapper(method, contentHeadroom: 4.9, displayHeadroom: 2)
            let peak = mapper.map(SIMD3(repeating: 4.9))
            let target = method == .bt2446A ? 1.0 : 2.0
            #expect(abs(peak.x - target) < 1e-9, "\(method)")
        }
    }
}
