@testable import ICC
import Testing

/// Header fields and the profile ID (ICC.1:2022 §7.2) and the MD5 behind it (RFC 1321 §A.5 test suite).
@Suite struct HeaderTests {
    @Test func md5TestSuite() {
        let vectors = [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a"
            ),
        ]
        for (message, hex) in vectors {
            let digest = MD5.digest(Array(message.utf8)).map { String(format: "%02x", $0) }.joined()
            #expect(digest == hex, "MD5(\"\(message)\")")
        }
    }

    @Test func headerFieldsOfAWrittenProfile() throws {
        // Adobe RGB has no H.273 code, so no cicp tag is appended and the ID is the one LittleCMS computed.
        let profile = try ICCProfile(colorSpace: .adobeRGB)
        #expect(profile.cicp == nil)
        let header = profile.header
        #expect(header.size == profile.bytes.count)
        #expect(header.deviceClass == .displayClass && header.colorSpace == .rgbData)
        #expect(header.connectionSpace == .xyzData && header.renderingIntent == .perceptual)
        #expect(
            abs(header.illuminant.x - 0.9642) < 1e-4 && header.illuminant.y == 1
                && abs(header.illuminant.z - 0.8249) < 1e-4)
        // Reproducible by default: SOURCE_DATE_EPOCH or 1970-01-01 (ICCDateTime.reproducibleDefault), not the clock.
        #expect(header.creationDate == ICCDateTime.reproducibleDefault.components)
        // LittleCMS's own MD5 (cmsMD5computeID) agrees with the bridge's.
        #expect(profile.profileIDStatus == .verified)
        var tampered = profile.bytes
        tampered[tampered.count - 1] ^= 1
        #expect(try ICCProfile(bytes: tampered).profileIDStatus != .verified)
        // Flags and rendering intent are excluded from the ID (§7.2.18).
        var intent = profile.bytes
        intent[67] = 1
        #expect(try ICCProfile(bytes: intent).profileIDStatus == .verified)
    }

    /// Bytes 84–99 were reserved in version 2 (ICC.1:2001-04), so a non-MD5 value there is no finding; in v4 it is.
    @Test func profileIDFindingOnlyForVersion4() throws {
        for version in [ICCVersion.v2_1, .v4_4] {
            var bytes = try ICCProfile(colorSpace: .adobeRGB, version: version).bytes
            for i in 84..<100 { bytes[i] = UInt8(i) }
            let profile = try ICCProfile(bytes: bytes)
            guard case .mismatch = profile.profileIDStatus else {
                Issue.record("\(version): not a mismatch")
                continue
            }
            #expect(profile.consistencyFindings().contains(.profileIDMismatch) == (version.major >= 4))
        }
    }

    @Test func signatures() {
        #expect(ICCSignature("acsp").rawValue == 0x6163_7370)
        #expect(ICCSignature("XYZ").description == "XYZ ")
        #expect(ICCSignature(rawValue: 0x0001_4142).description == "\\x00\\x01AB")
        #expect(ICCVersion(major: 4, minor: 4).encoded == 0x0440_0000)
        #expect(ICCVersion.v2_1 < .v4_4)
    }
}
