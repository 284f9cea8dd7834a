import ColorSpaces
import Foundation
@testable import ICC
import Testing
import TransferFunctions
import SignalCoding

/// Profiles the bridge writes (ICC.1:2022 §8.3.2 matrix/TRC display profiles) and their round trip.
@Suite struct ProfileCreationTests {
    /// Every cataloged space, v4.4: re-reads with its own values and is recognised as itself (or as a space equal up
    /// to out-of-range handling).
    @Test(arguments: ColorSpace.all)
    func roundTripV4(colorSpace: ColorSpace) throws {
        let profile = try ICCProfile(colorSpace: colorSpace)
        #expect(profile.header.version == .v4_4)
        #expect(profile.profileIDStatus == .verified)
        #expect(profile.tagProblems.isEmpty)
        #expect(profile.profileDescription?.text == colorSpace.name)
        #expect(profile.mediaWhitePoint.map { simd_distance($0, ICCProfile.pcsIlluminant) < 1e-4 } == true)
        #expect(profile.cicp == (try? CICP(colorSpace: colorSpace)))
        #expect(profile.consistencyFindings().isEmpty, "\(profile.consistencyFindings())")
        let match = try #require(profile.matchingColorSpace(), "\(colorSpace.name)")
        #expect(match.colorSpace.isApproximatelyEqual(to: colorSpace, ignoringOutOfRange: true), "\(match)")
        #expect(match.chromaticityError < 1e-4)
        // LittleCMS re-serialises it with the same values.
        let again = try ICCProfile(bytes: profile.settingCICP(profile.cicp).bytes)
        #expect(again.colorants == profile.colorants && again.toneCurves == profile.toneCurves)
        #expect(again.chromaticAdaptation == profile.chromaticAdaptation && again.cicp == profile.cicp)
    }

    @Test(arguments: [ColorSpace.sRGB, .displayP3, .bt2100PQ, .adobeRGB])
    func roundTripV2(colorSpace: ColorSpace) throws {
        let profile = try ICCProfile(colorSpace: colorSpace, version: .v2_1)
        #expect(profile.header.version == .v2_1)
        #expect(profile.cicp == nil && profile.tag(.cicpTag) == nil)
        #expect(
            profile.tags.filter { $0.signature.description.hasSuffix("TRC") }.allSatisfy { $0.typeSignature == "curv" })
        #expect(profile.tag(.descriptionTag)?.typeSignature == "desc")
        // wtpt is the space's own white in v2; primaries come back through chad.
        let primaries = try #require(profile.primaries)
        #expect(ICCProfile.chromaticityError(primaries, colorSpace.primaries) < 1e-4)
        let match = try #require(profile.matchingColorSpace())
        #expect(
            match.colorSpace.isApproximatelyEqual(to: colorSpace, ignoringOutOfRange: true) || colorSpace == .adobeRGB)
    }

    /// sRGB colorants Bradford-adapted to D50 (IEC 61966-2-1 primaries, ICC.1:2022 Annex E), against Lindbloom's
    /// published sRGB→XYZ(D50) matrix. Lindbloom's D50 has Z = 0.82521 where ICC.1:2022 §7.2.16 fixes 0.8249, which
    /// moves the blue colorant's Z by ≈ 3e-4, hence the tolerance.
    @Test func sRGBColorantsMatchPublishedD50Values() throws {
        let colorants = try #require(try ICCProfile(colorSpace: .sRGB).colorants)
        let expected = [
            SIMD3(0.4360747, 0.2225045, 0.0139322), SIMD3(0.3850649, 0.7168786, 0.0971045),
            SIMD3(0.1430804, 0.0606169, 0.7141733),
        ]
        for (actual, reference) in zip([colorants.red, colorants.green, colorants.blue], expected) {
            #expect(simd_distance(actual, reference) < 4e-4, "\(actual) vs \(reference)")
        }
    }

    /// Parametric curves where ICC.1:2022 Table 68 has a form; sampled 4096-entry tables for PQ and HLG.
    @Test func curveRepresentations() throws {
        func curve(_ space: ColorSpace) throws -> ICCToneCurve {
            try #require(try ICCProfile(colorSpace: space).toneCurves).red
        }
        guard case .parametric(let srgb) = try curve(.sRGB) else {
            Issue.record("sRGB not parametric")
            return
        }
        #expect(srgb.functionType == 3)
        guard case .parametric(let linear) = try curve(.linearSRGB) else {
            Issue.record("linear")
            return
        }
        #expect(linear.functionType == 0 && linear.parameters == [1])
        guard case .parametric(let bt709) = try curve(.bt709) else {
            Issue.record("bt709")
            return
        }
        #expect(bt709.functionType == 3)
        guard case .sampled(let pq) = try curve(.bt2100PQ) else {
            Issue.record("PQ not sampled")
            return
        }
        #expect(pq.count == ICCToneCurve.sampledTableSize)
    }

    /// The sampled PQ and HLG tables: maximum error of the evaluated curve against the float64 transfer function on
    /// a 65 537-point grid. Linear errors are bounded by the 16-bit table quantisation (0.5/65535 ≈ 7.6e-6) plus
    /// interpolation; PQ relative errors are large only at very low luminance (1 code = 0.15 cd/m²).
    @Test func sampledCurveErrors() throws {
        for (tf, linearBound) in [(TransferFunction.pq, 2e-5), (.hlg, 2e-5)] {
            let curve = ICCToneCurve(tf)
            var worst = 0.0
            for index in 0...65536 {
                let v = Double(index) / 65536
                worst = max(worst, abs(curve.evaluate(v) - tf.toLinear(v)))
            }
            #expect(worst < linearBound, "\(tf): max linear error \(worst)")
        }
        // PQ in the signal domain (re-encoding the curve's output, SMPTE ST 2084): the 16-bit table step of
        // 0.15 cd/m² dominates at low luminance.
        let pq = ICCToneCurve(.pq)
        for (floor, bound) in [(1.0, 5e-3), (10.0, 1e-3), (100.0, 2e-4)] {
            var worst = 0.0
            let start = PQ.inverseEOTF(floor)
            for index in 0...4096 {
                let v = start + (1 - start) * Double(index) / 4096
                worst = max(worst, abs(TransferFunction.pq.fromLinear(pq.evaluate(v)) - v))
            }
            #expect(worst < bound, "PQ signal error above \(floor) cd/m²: \(worst)")
        }
    }

    @Test func parametricCurvesMatchTheirTransferFunctions() {
        for tf in [
            TransferFunction.srgb, .bt709, .bt2020TwelveBit, .smpte240m, .gamma22, .linear, .st428,
            .bt1886(whiteLuminance: 100, blackLuminance: 0.1),
        ] {
            let curve = ICCToneCurve(tf)
            guard case .parametric = curve else {
                Issue.record("\(tf) not parametric")
                continue
            }
            for index in 0...256 {
                let v = Double(index) / 256
                #expect(abs(curve.evaluate(v) - tf.toLinear(v)) < 1e-12, "\(tf) at \(v)")
            }
        }
    }

    @Test func exiftoolParsesWrittenProfiles() throws {
        let exiftool = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let exiftool else {
            print("note: skipping exiftool check: exiftool not installed (apt-get install libimage-exiftool-perl)")
            return
        }
        for (space, version) in [(ColorSpace.bt2100PQ, ICCVersion.v4_4), (.displayP3, .v4_4), (.sRGB, .v2_1)] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrcolor-icc-\(UUID()).icc")
            defer { try? FileManager.default.removeItem(at: url) }
            try Data(try ICCProfile(colorSpace: space, version: version).bytes).write(to: url)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: exiftool)
            process.arguments = ["-s", "-ProfileDescription", "-ProfileVersion", "-ColorSpaceData", url.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(output.contains(space.name), "\(output)")
            #expect(output.contains(version.major == 4 ? "4.4.0" : "2.1.0"), "\(output)")
            #expect(output.contains("RGB"), "\(output)")
        }
    }

    /// `lumi` (ICC.1:2022 §9.2.32) and `cprt` round trip.
    @Test func luminanceAndCopyright() throws {
        let profile = try ICCProfile(
            primaries: .bt2020, toneCurves: ICCToneCurves(all: ICCToneCurve(.pq)), cicp: .bt2100PQ,
            description: "PQ 10000", copyright: "CC0 — no rights reserved", luminance: 10_000)
        let lumi = try #require(profile.luminance)
        #expect(abs(lumi.y - 10_000) < 0.01 && abs(lumi.x / lumi.y - 0.95046) < 1e-3)
        #expect(profile.copyright?.text == "CC0 — no rights reserved")
        #expect(profile.matchingColorSpace()?.colorSpace == .bt2100PQ)
    }

    @Test func invalidRequestsAreTypedErrors() {
        #expect(throws: ICCError.self) {
            try ICCProfile(
                primaries: .bt709, toneCurves: ICCToneCurves(all: ICCToneCurve(.srgb)), cicp: .sRGB,
                description: "v2 with cicp", version: .v2_1)
        }
        #expect(throws: ICCError.self) {
            try ICCProfile(
                primaries: .bt709, toneCurves: ICCToneCurves(all: ICCToneCurve(.srgb)),
                description: "v3", version: ICCVersion(major: 3, minor: 0))
        }
        let degenerate = RGBPrimaries(
            red: .init(x: 0.3, y: 0.3), green: .init(x: 0.3, y: 0.3), blue: .init(x: 0.3, y: 0.3),
            white: .d65, name: "degenerate")
        #expect(throws: ICCError.self) {
            try ICCProfile(primaries: degenerate, toneCurves: ICCToneCurves(all: ICCToneCurve(.srgb)), description: "x")
        }
    }
}

private func simd_distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    let d = a - b
    return (d * d).sum().squareRoot()
}
