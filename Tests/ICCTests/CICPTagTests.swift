import ColorSpaces
import Foundation
@testable import ICC
import TestSupport
import Testing
import SignalCoding

/// The v4.4 `cicp` tag (ICC.1:2022 cicpType; ITU-T H.273 code points) and the consistency checks built on it.
@Suite struct CICPTagTests {
    @Test func bt2100PQProfileCarries9_16_0_1() throws {
        let profile = try ICCProfile(colorSpace: .bt2100PQ)
        #expect(
            profile.cicp
                == CICP(colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 0, videoFullRange: true))
        let entry = try #require(profile.tag(.cicpTag))
        #expect(entry.typeSignature == "cicp")
        // Tag data: 'cicp', 4 reserved zero bytes, then the four codes (ICC.1:2022 §10.3).
        #expect(Array(profile.bytes[(entry.offset + 8)..<(entry.offset + 12)]) == [9, 16, 0, 1])
    }

    @Test func settingAndRemovingTheTag() throws {
        let srgb = try ICCProfile(colorSpace: .sRGB)
        let hlg = CICP.bt2100HLG
        let relabelled = try srgb.settingCICP(hlg)
        #expect(relabelled.cicp == hlg && relabelled.profileIDStatus == .verified)
        #expect(relabelled.colorants == srgb.colorants)
        let removed = try relabelled.settingCICP(nil)
        #expect(removed.cicp == nil && removed.tag(.cicpTag) == nil)
        let narrow = CICP(colorPrimaries: 1, transferCharacteristics: 1, matrixCoefficients: 1, videoFullRange: false)
        #expect(try srgb.settingCICP(narrow).cicp == narrow)
    }

    /// LittleCMS 2.14 writes (and only reads) a 16-byte cicp tag with an extra zero word; the bridge reads that form
    /// too, and reports other sizes as a problem.
    @Test func littleCMS214FormAndBadSizes() throws {
        let plain = try ICCProfile(colorSpace: .adobeRGB)  // no cicp tag (Adobe RGB has no H.273 code)
        #expect(plain.cicp == nil)
        let lcms214 = ProfileBytes.appendingTag(
            .cicpTag, data: Array("cicp".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 9, 18, 0, 1], to: plain.bytes)
        #expect(try ICCProfile(bytes: lcms214).cicp == .bt2100HLG)
        let short = ProfileBytes.appendingTag(
            .cicpTag, data: Array("cicp".utf8) + [0, 0, 0, 0, 9, 18, 0, 1, 0, 0, 0, 0, 0, 0], to: plain.bytes)
        let profile = try ICCProfile(bytes: short)
        #expect(profile.cicp == nil && profile.tagProblems.map(\.tag) == [.cicpTag])
    }

    @Test func version2ProfilesCannotCarryTheTag() throws {
        let v2 = try ICCProfile(colorSpace: .sRGB, version: .v2_1)
        #expect(throws: ICCError.self) { try v2.settingCICP(.sRGB) }
    }

    /// An sRGB profile labelled BT.2100 PQ (the iccDEV #2011 kind of mislabel) gives both findings.
    @Test func mislabelledFixtureIsFound() throws {
        let profile = try ICCProfile(data: try Fixtures.data("icc/srgb-curves-cicp-pq.icc"))
        #expect(profile.cicp == .bt2100PQ)
        #expect(profile.matchingColorSpace()?.colorSpace == .sRGB)
        // Both translations of the mluc description (ICC.1:2022 §10.15).
        let translations = try #require(profile.profileDescription?.translations)
        #expect(translations.map { "\($0.language)-\($0.country)" } == ["en-US", "de-DE"])
        #expect(translations[1].text == "sRGB-Kurven, als BT.2100 PQ markiert")
        #expect(profile.profileDescription?.text == "sRGB curves labelled BT.2100 PQ")
        let findings = profile.consistencyFindings()
        #expect(
            findings.contains { if case .cicpPrimariesDisagree(9, _, _) = $0 { true } else { false } }, "\(findings)")
        #expect(findings.contains { if case .cicpTransferDisagrees(16, _) = $0 { true } else { false } }, "\(findings)")
        #expect(findings.count == 2)
    }

    @Test func reservedCodesMatrixAndRangeFlag() throws {
        var bytes = try ICCProfile(colorSpace: .sRGB).bytes
        let entry = try #require(try ICCProfile(bytes: bytes).tag(.cicpTag))
        bytes.replaceSubrange((entry.offset + 8)..<(entry.offset + 12), with: [3, 13, 5, 7])
        let profile = try ICCProfile(bytes: bytes)
        let findings = profile.consistencyFindings()
        #expect(findings.contains(.profileIDMismatch))
        #expect(findings.contains(.cicpReservedCode(.colorPrimaries, 3)))
        #expect(findings.contains(.cicpMatrixNotIdentity(5)))
        #expect(findings.contains(.cicpInvalidRangeFlag(7)))
    }

    @Test func cicpInAV4_3ProfileIsUpgradedOnWrite() throws {
        let v43 = try ICCProfile(
            primaries: .bt709, toneCurves: ICCToneCurves(all: ICCToneCurve(.srgb)), description: "4.3",
            version: ICCVersion(major: 4, minor: 3))
        #expect(v43.header.version == ICCVersion(major: 4, minor: 3))
        let upgraded = try v43.settingCICP(.sRGB)
        #expect(upgraded.header.version == .v4_4 && upgraded.cicp == .sRGB)
    }
}
