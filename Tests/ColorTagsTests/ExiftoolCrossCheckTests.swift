import ColorTags
import Foundation
import TestSupport
import Testing

/// What `inspect` reports, set beside exiftool (Debian libimage-exiftool-perl; 12.57 when written) for the fields both
/// read. Runs only where exiftool is installed (`make test-tools` installs it); otherwise it is skipped with a note.
@Suite(
    "exiftool cross-check",
    .enabled(if: Exiftool.path != nil, "exiftool is not installed: skipped (apt-get install libimage-exiftool-perl)"))
struct ExiftoolCrossCheckTests {
    static var exiftool: String? { Exiftool.path }

    static func exiftoolJSON(_ name: String) throws -> [String: Any] {
        let data = try ExternalTool.run(try #require(exiftool), ["-j", "-n", "-G1", Corpus.url(name).path]).output
        return try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
    }

    static let pngFiles = Corpus.allFiles.filter {
        $0.hasPrefix("png/") && !$0.contains("4gib") && !$0.contains("truncated")
    }

    @Test("PNG: size, bit depth and cICP code points agree", arguments: pngFiles)
    func png(_ name: String) throws {
        // exiftool shows the last of duplicated chunks, decoders (libpng) the first: compared only when unique.
        guard let tags = try? Corpus.tags(name), tags.primary.cicp.count <= 1 else { return }
        let exif = try Self.exiftoolJSON(name)
        let image = tags.primary
        #expect(
            exif["PNG:ImageWidth"] as? Int == image.width && exif["PNG:ImageHeight"] as? Int == image.height, "\(name)")
        #expect(exif["PNG:BitDepth"] as? Int == image.bitDepth, "\(name)")
        if let cicp = image.cicp.first?.value.cicp {
            #expect(exif["PNG-cICP:ColorPrimaries"] as? Int == Int(cicp.colorPrimaries), "\(name)")
            #expect(exif["PNG-cICP:TransferCharacteristics"] as? Int == Int(cicp.transferCharacteristics), "\(name)")
            #expect(exif["PNG-cICP:MatrixCoefficients"] as? Int == Int(cicp.matrixCoefficients), "\(name)")
            #expect(exif["PNG-cICP:VideoFullRangeFlag"] as? Int == (cicp.videoFullRange ? 1 : 0), "\(name)")
        }
        if let gamma = image.gamma.first?.value {
            let stated = try #require(exif["PNG:Gamma"] as? Double, "\(name)")
            #expect(abs(stated - 1 / gamma) < 1e-3, "\(name): exiftool Gamma is the decoding exponent 1/gAMA")
        }
        if let name = image.iccProfiles.first?.value.name { #expect(exif["PNG:ProfileName"] as? String == name) }
    }

    @Test(
        "ICC profiles in PNG, JPEG, HEIF and AVIF: description and version agree",
        arguments: Corpus.allFiles.filter {
            $0.hasSuffix(".jpg") || $0.contains("iccp") || $0.contains("prof") || $0.contains("icc")
        })
    func iccProfiles(_ name: String) throws {
        guard let tags = try? Corpus.tags(name), let icc = tags.primary.iccProfiles.first?.value.profile else { return }
        let exif = try Self.exiftoolJSON(name)
        if let description = icc.profileDescription?.text {
            #expect(exif["ICC_Profile:ProfileDescription"] as? String == description, "\(name)")
        }
        // With -n exiftool gives the raw version field: major << 8 | minor << 4 | bug fix (4.4.0 → 1088).
        let version = icc.header.version
        #expect(
            exif["ICC-header:ProfileVersion"] as? Int == version.major << 8 | version.minor << 4 | version.bugFix,
            "\(name)")
    }

    @Test(
        "HEIF/AVIF nclx code points agree",
        arguments: Corpus.allFiles.filter { $0.hasPrefix("heif/") || $0.hasPrefix("avif/") })
    func isobmff(_ name: String) throws {
        guard let tags = try? Corpus.tags(name), let nclx = tags.primary.cicp(from: .nclx)?.value.cicp,
            tags.primary.colorBoxTypes.filter({ $0.value == "nclx" }).count == 1
        else { return }
        let exif = try Self.exiftoolJSON(name)
        let values = exif.filter { $0.key.hasSuffix(":ColorPrimaries") }.values.compactMap { $0 as? Int }
        #expect(values.contains(Int(nclx.colorPrimaries)), "\(name): exiftool \(values)")
        let transfer = exif.filter { $0.key.hasSuffix(":TransferCharacteristics") }.values.compactMap { $0 as? Int }
        #expect(transfer.contains(Int(nclx.transferCharacteristics)), "\(name): exiftool \(transfer)")
        // exiftool 12.57 does not print the nclx full-range flag, so the range is not compared.
    }
}

enum Exiftool {
    static let path: String? = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
