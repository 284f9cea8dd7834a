import ColorSpaces
import Foundation
import ICC
import Testing
import TransferFunctions

/// Profiles shipped by Debian (icc-profiles-free, colord-data) under /usr/share/color/icc; skipped visibly when absent.
@Suite struct RealProfileTests {
    @Test func everyInstalledProfileLoadsOrFailsWithATypedError() {
        for url in SystemProfiles.allURLs() {
            do {
                let profile = try ICCProfile(contentsOf: url)
                #expect(profile.header.size <= profile.bytes.count)
                #expect(profile.tags.count == Set(profile.tags.map(\.signature)).count, "\(url.lastPathComponent)")
                _ = profile.consistencyFindings()
            } catch {
                Issue.record("\(url.lastPathComponent): \(error)")
            }
        }
    }

    /// icc-profiles-free's sRGB.icc: a v2 display profile with the IEC 61966-2-1 primaries and curve.
    @Test func debianSRGBIsRecognised() throws {
        guard let profile = try SystemProfiles.load("sRGB.icc") else { return }
        #expect(profile.header.deviceClass == .displayClass)
        #expect(profile.header.colorSpace == .rgbData && profile.header.connectionSpace == .xyzData)
        #expect(profile.colorants != nil && profile.toneCurves != nil && profile.isMatrixShaper)
        #expect(profile.profileDescription?.text?.isEmpty == false)
        let match = try #require(profile.matchingColorSpace())
        #expect(match.colorSpace == .sRGB)
        #expect(match.chromaticityError < 0.001 && match.curveError < 0.001)
    }

    /// colord's profiles: Adobe RGB (1998) and ProPhoto (ROMM) are cataloged spaces; Wide Gamut RGB is not.
    @Test(arguments: [
        ("colord/AdobeRGB1998.icc", ColorSpace.adobeRGB as ColorSpace?),
        ("colord/ProPhotoRGB.icc", .proPhoto),
        ("colord/WideGamutRGB.icc", nil),
    ])
    func colordProfilesMatchOrNot(path: String, expected: ColorSpace?) throws {
        guard let profile = try SystemProfiles.load(path) else { return }
        let match = profile.matchingColorSpace()
        #expect(match?.colorSpace == expected, "\(path): \(String(describing: match))")
    }

    @Test func colordRec709ReportsItsCurve() throws {
        guard let profile = try SystemProfiles.load("colord/Rec709.icc") else { return }
        let primaries = try #require(profile.primaries)
        #expect(primaries.isApproximatelyEqual(to: .bt709))
        let curves = try #require(profile.toneCurves)
        #expect(curves.red == curves.green && curves.green == curves.blue)
        for signal in stride(from: 0.0, through: 1.0, by: 0.125) {
            let value = curves.red.evaluate(signal)
            #expect(value >= 0 && value <= 1.0001)
        }
    }

    @Test func greyAndLabProfilesHaveNoColorants() throws {
        guard let gray = try SystemProfiles.load("Gray.icc") else { return }
        #expect(gray.header.colorSpace == .grayData && gray.colorants == nil)
        #expect(gray.grayToneCurve != nil)
        #expect(gray.matchingColorSpace() == nil)
    }
}
