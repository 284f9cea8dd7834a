import Foundation
import TestSupport
import Testing
import ColorSpaces
@testable import ToneMapping

/// Gamut mapping after tone mapping: clip, and the hue- and luminance-preserving soft compression.
@Suite("Gamut mapping")
struct GamutMapperTests {
    static let targets: [RGBPrimaries] = [.displayP3, .bt709]

    @Test(
        "BT.2020 → P3 / BT.709: in-gamut colours inside the knee are unchanged (equal to the matrix alone)",
        arguments: targets)
    func insideKneeUnchanged(_ destination: RGBPrimaries) {
        let mapper = GamutMapper(from: .bt2020, to: destination)
        #expect(mapper.sourceGamutLimit > 1)
        var rng = SplitMix64(state: 7)
        var checked = 0
        for _ in 0..<5000 {
            let c = SIMD3<Double>(
                .random(in: 0...2, using: &rng), .random(in: 0...2, using: &rng), .random(in: 0...2, using: &rng))
            let converted = mapper.matrix * c
            guard mapper.boundaryDistance(converted) <= 0.8 else { continue }
            checked += 1
            #expect((mapper.map(c) - converted).maxMagnitude <= 1e-15 * max(1, converted.max()))
        }
        #expect(checked > 1000)
    }

    /// `.preserve` converts only: extended-range outputs keep the negative components of colours outside the
    /// destination (the other methods clip them), and the ceiling still applies; the Float bulk form agrees.
    @Test("preserve keeps negative components, for extended outputs")
    func preserveKeepsNegatives() {
        let mapper = GamutMapper(from: .bt2020, to: .displayP3, method: .preserve, ceiling: 8)
        let green = SIMD3<Double>(0, 1, 0)  // BT.2020 green is outside Display P3
        let converted = mapper.matrix * green
        #expect(converted.min() < 0 && mapper.map(green) == converted)
        #expect(GamutMapper(from: .bt2020, to: .displayP3, method: .clip).map(green).min() == 0)
        #expect(mapper.map(SIMD3(20, 20, 20)) == SIMD3(repeating: 8))
        var (r, g, b): ([Float], [Float], [Float]) = ([0], [1], [0])
        r.withUnsafeMutableBufferPointer { red in
            g.withUnsafeMutableBufferPointer { green in
                b.withUnsafeMutableBufferPointer { blue in mapper.apply(red: red, green: green, blue: blue) }
            }
        }
        #expect(abs(Double(r[0]) - converted.x) < 1e-6 && r[0] < 0)
    }

    /// The documented default knee of soft compression is δ = 0.8: a colour at δ = 0.79 is untouched, one at 0.82 is
    /// pulled towards the achromatic axis.
    @Test("Default soft-compression knee is δ = 0.8")
    func defaultKnee() {
        #expect(GamutMapper.Method.softCompression == .softCompression(knee: 0.8))
        let mapper = GamutMapper(from: .bt2020, to: .bt709)
        let w = RGBPrimaries.bt709.luminanceCoefficients
        let toSource = RGBPrimaries.bt709.conversionMatrix(to: .bt2020)
        for (delta, unchanged) in [(0.79, true), (0.82, false)] {
            // In BT.709: R = G = 1 and B chosen so that 1 − B/Y = δ.
            let b = (1 - delta) * (w.x + w.y) / (1 - (1 - delta) * w.z)
            let target = SIMD3<Double>(1, 1, b)
            #expect(abs(mapper.boundaryDistance(target) - delta) < 1e-12)
            let change = (mapper.map(toSource * target) - target).maxMagnitude
            #expect(unchanged ? change < 1e-12 : change > 1e-4, "δ = \(delta)")
        }
    }

    @Test("Every BT.2020 colour lands inside P3 / BT.709, with luminance and hue direction kept", arguments: targets)
    func outOfGamutLandsInside(_ destination: RGBPrimaries) {
        let mapper = GamutMapper(from: .bt2020, to: destination)
        let w = destination.luminanceCoefficients
        var rng = SplitMix64(state: 11)
        var samples: [SIMD3<Double>] = [
            SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(1, 1, 0), SIMD3(0, 1, 1), SIMD3(4, 0, 0.1),
        ]
        for _ in 0..<5000 {
            samples.append(
                SIMD3(.random(in: 0...3, using: &rng), .random(in: 0...3, using: &rng), .random(in: 0...3, using: &rng))
            )
        }
        for c in samples {
            let converted = mapper.matrix * c
            let out = mapper.map(c)
            #expect(out.min() >= 0, "\(c) → \(out)")
            let y = (converted * w).sum()
            #expect(abs((out * w).sum() - y) <= 1e-12 * max(y, 1), "luminance changed for \(c)")
            // Hue: the chroma vector keeps its direction (parallel and same orientation).
            let d0 = converted - SIMD3(repeating: y), d1 = out - SIMD3(repeating: y)
            let cross = SIMD3(d0.y * d1.z - d0.z * d1.y, d0.z * d1.x - d0.x * d1.z, d0.x * d1.y - d0.y * d1.x)
            #expect(sqrt((cross * cross).sum()) <= 1e-9 * max(1, (d0 * d0).sum()))
            #expect((d0 * d1).sum() >= 0)
        }
    }

    @Test("The compression is monotone and continuous along a ray from grey to a BT.2020 primary")
    func monotoneAlongRay() {
        let mapper = GamutMapper(from: .bt2020, to: .bt709)
        var previous = 0.0
        for t in Sweep.linear(from: 0, to: 1, count: 2000) {
            let c = SIMD3<Double>(1, 1, 1) * (1 - t) + SIMD3<Double>(0, 1, 0) * t
            let delta = mapper.boundaryDistance(mapper.map(c))
            #expect(delta >= previous - 1e-12 && delta - previous < 0.01 && delta <= 1 + 1e-12)
            previous = delta
        }
    }

    @Test("Clip method clamps to [0, ceiling]; BT.709 → BT.2020 needs no compression")
    func clipAndContainedSource() {
        let clip = GamutMapper(from: .bt2020, to: .bt709, method: .clip, ceiling: 2)
        let out = clip.map(SIMD3(0, 3, 0))
        #expect(out.min() >= 0 && out.max() <= 2)
        let inside = GamutMapper(from: .bt709, to: .bt2020)
        #expect(inside.sourceGamutLimit <= 1)
        let c = SIMD3<Double>(1, 0, 0)
        #expect(inside.map(c) == inside.matrix * c)
    }

    @Test("Bulk Float planes agree with the Double form; NaN-free on extreme inputs")
    func bulk() {
        let mapper = GamutMapper(from: .bt2020, to: .displayP3, ceiling: 16)
        var pixels: [SIMD3<Double>] = [
            SIMD3(1, 0, 0), SIMD3(0.2, 0.9, 0.1), SIMD3(0, 0, 0), SIMD3(-1, 0.5, 0.5), SIMD3(-1, -1, -1),
        ]
        for x in Sweep.extremes { pixels.append(SIMD3(x, 0.5, 0.25)) }
        let bulk = withPlanes(pixels.map { SIMD3<Float>(Float($0.x), Float($0.y), Float($0.z)) }) {
            mapper.apply(red: $0, green: $1, blue: $2)
        }
        for (p, b) in zip(pixels, bulk) {
            let want = mapper.map(p)
            #expect(!b.x.isNaN && !b.y.isNaN && !b.z.isNaN && !want.x.isNaN)
            if (p).maxMagnitude < 1e6 {
                #expect((SIMD3<Double>(Double(b.x), Double(b.y), Double(b.z)) - want).maxMagnitude < 1e-5, "\(p)")
            }
        }
    }

    @Test("A NaN knee takes the default 0.8; infinite knees clamp to the ends of [0, 1)")
    func nonFiniteKnees() throws {
        func mapper(_ knee: Double) -> GamutMapper {
            GamutMapper(from: .bt2020, to: .bt709, method: .softCompression(knee: knee))
        }
        // BT.2020 colours that land in BT.709 at δ ≈ 0.88 (between the knees 0.8 and 0.999) and δ ≈ 0.4, a BT.2020
        // green outside BT.709, and grey.
        let toSource = try #require(mapper(0.8).matrix.inverse)
        let colours: [SIMD3<Double>] = [
            toSource * SIMD3(0.9, 0.3, 0.05), toSource * SIMD3(0.5, 0.6, 0.3), SIMD3(0, 1, 0), SIMD3(0.5, 0.5, 0.5),
        ]
        for c in colours {
            #expect(mapper(.nan).map(c) == mapper(0.8).map(c), "\(c)")
            #expect(mapper(.infinity).map(c) == mapper(0.999).map(c), "\(c)")
            #expect(mapper(-.infinity).map(c) == mapper(0).map(c), "\(c)")
        }
        // The knees differ in effect (otherwise the checks above could not fail).
        #expect(mapper(0.8).map(colours[0]) != mapper(0).map(colours[0]))
        #expect(mapper(0.8).map(colours[0]) != mapper(0.999).map(colours[0]))
        // A NaN knee still compresses (NaN comparisons must not switch compression off).
        #expect(mapper(.nan).map(colours[2]) != mapper(.nan).matrix * colours[2])
    }
}
