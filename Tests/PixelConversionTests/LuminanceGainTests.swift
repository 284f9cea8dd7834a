import ColorSpaces
import PixelBuffers
import Testing
import ToneMapping
import TransferFunctions

@testable import PixelConversion

/// The luminance gain's shortcut (op `luminance_gain`, `unityBelow`): blocks whose luminances all lie where the gain
/// table gives exactly 1 skip the lookup.
@Suite("Luminance gain")
struct LuminanceGainTests {
    /// A gain table as PlanCompiler builds one for tone mapping (512 segments per octave, chord from f(0) below 2⁻¹⁶).
    static func gainTable(_ gain: @escaping @Sendable (Double) -> Double, high: Float = 128) -> CurveTable {
        let table = PiecewiseLinearTable(
            function: gain, segmentsPerOctaveLog2: 9, lowEnd: .chordFromZeroBelow(0x1p-16), high: high,
            mirrored: false)
        return CurveTable(table: table, exact: { Float(gain(Double($0))) }, name: "gain")
    }

    /// The table's value for `x`, the way the kernels interpolate it.
    static func value(_ curve: CurveTable, _ x: Float) -> Float {
        curve.table.evaluate(x) { curve.exact($0) }
    }

    @Test("The table is exactly 1 from +0 up to unityBelow, and unityBelow is where its first segment off 1 starts")
    func unityRegion() {
        // 1 up to a knee at 0.75 (not a table node), a smooth roll-off above it.
        let knee = 0.75
        let curve = Self.gainTable { y in y <= knee ? 1 : 1 / (1 + (y - knee) * (y - knee)) }
        let below = curve.unityBelow
        #expect(below > 0.7 && Double(below) <= knee)
        var x: Float = 0
        var checked = 0
        while x < below {  // every Float from 0 on, striding through the octaves
            #expect(Self.value(curve, x) == 1, "x = \(x)")
            checked += 1
            x = x == 0 ? 0x1p-30 : Float(bitPattern: x.bitPattern + 99_991)
        }
        #expect(checked > 1000)
        // The segment starting at unityBelow leaves 1 before its end.
        let next = Float(bitPattern: below.bitPattern + (1 << 14))
        #expect(Self.value(curve, next) != 1)
    }

    @Test("No unity region: a gain that is never 1, a clamped table, a toe that is not flat")
    func noUnityRegion() {
        #expect(Self.gainTable { y in 0.5 + 0.1 * y }.unityBelow == 0)
        let clamped = PiecewiseLinearTable(
            function: { _ in 1 }, segmentsPerOctaveLog2: 9, lowEnd: .chordFromZeroBelow(0x1p-16), high: 128,
            clamp: 0...64, mirrored: false)
        #expect(CurveTable(table: clamped, exact: { _ in 1 }, name: "clamped").unityBelow == 0)
        // Chord from f(0) = 0.9 up to f(2⁻¹⁶) = 1: a sloped toe, so nothing from 0 on is exactly 1.
        #expect(Self.gainTable { y in y < 0x1p-17 ? 0.9 : 1 }.unityBelow == 0)
    }

    /// The tone maps' gain tables: 1 below the curve's knee (BT.2390's toe rounds to 1 in `Float`), within the
    /// luminance the curve keeps.
    @Test("Tone-map gain tables keep their unity region", arguments: [ToneMappingMethod.headroom, .bt2390, .reinhard])
    func toneMapGains(method: ToneMappingMethod) {
        for displayHeadroom in [1.0, 2, 4] {
            let mapper = ToneMapper(
                method, contentHeadroom: 4000 / 203, displayHeadroom: displayHeadroom,
                application: .luminance(RGBPrimaries.bt2020.luminanceCoefficients))
            let curve = PlanCompiler.luminanceGainTable(mapper, kink: 4000 / 203, name: "gain")
            let below = curve.unityBelow
            if method == .reinhard {
                #expect(below < 0x1p-10, "\(displayHeadroom)×: Reinhard compresses from 0")  // f(Y) < Y for Y > 0
            } else {
                #expect(below >= 0.1 && Double(below) <= displayHeadroom, "\(method) \(displayHeadroom)×: \(below)")
            }
            for k in 0..<64 {
                let x = below * Float(k) / 64
                #expect(Self.value(curve, x) == 1, "\(method) \(displayHeadroom)× at \(x)")
            }
        }
    }

    @Test("A constant gain of 1 is 1 over the whole table")
    func unityEverywhere() {
        let curve = Self.gainTable({ _ in 1 }, high: 64)
        #expect(curve.unityBelow == 64)
    }

    /// A frame whose luminance stays below the tone curve's knee: every block skips the gain, and the bytes are those
    /// of the conversion without tone mapping, on every build; a frame with one bright pixel per block (no block
    /// skips) matches the reference within the workload's bound elsewhere (AccuracyReportTests).
    @Test("Content below the knee converts to the bytes of the conversion without tone mapping, on every build")
    func belowKneeUnchanged() throws {
        let source = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
        let destination = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        let frame = TestFrames.random(source.format, width: 300, height: 6, seed: 7)
        // Luma codes 64…400 (up to about 40 cd/m²), chroma within ±32 of neutral: well below a 4× display's knee.
        for plane in 0..<2 {
            let rows = frame.planes[plane].count / frame.strides[plane]
            for row in 0..<rows {
                for x in stride(from: 0, to: frame.strides[plane] - 1, by: 2) {
                    let offset = row * frame.strides[plane] + x
                    let code =
                        plane == 0 ? 64 + (x * 7 + row * 13) % 337 : 512 - 32 + (x * 5 + row * 3) % 64
                    let word = UInt16(code) << 6
                    frame.planes[plane][offset] = UInt8(truncatingIfNeeded: word)
                    frame.planes[plane][offset + 1] = UInt8(truncatingIfNeeded: word >> 8)
                }
            }
        }
        let content = ContentLuminance(maxContentLightLevel: 4000)
        for path in PixelConverter.availableCodePaths {
            var options = PixelConverter.Options()
            options.codePath = path
            options.threadCount = 1
            let plain = try PixelConverter(from: source, to: destination, options: options)
            let a = try InstructionSetTests.bytes(plain, frame, to: destination.format)
            for toneMapping in [
                PixelConverter.ToneMapping.displayHeadroom(4, content: content),
                .displayHeadroom(2, content: content, method: .bt2390),
            ] {
                options.toneMapping = toneMapping
                let mapped = try PixelConverter(from: source, to: destination, options: options)
                #expect(mapped.plan.kernelOps.contains("luminance_gain"))
                let b = try InstructionSetTests.bytes(mapped, frame, to: destination.format)
                #expect(a == b, "\(path), \(toneMapping)")
            }
        }
    }
}
