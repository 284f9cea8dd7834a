import ColorTags
import TagValidation
import Foundation
import TestSupport
import Testing

/// Inputs the fuzz targets found (Tests/Fixtures/fuzz), through the whole `inspect` path, and hand-built cases of the
/// same bugs.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let files: [String] = {
        let root = Fixtures.url("fuzz").path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            guard !path.hasSuffix(".md") else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(path)
            }
        }
        return files.sorted()
    }()

    static func isTerminalSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
    }

    @Test(
        "every fuzz fixture reads or throws a typed error quickly; JSON parses, text is terminal-safe",
        arguments: files)
    func replay(_ name: String) throws {
        let bytes = [UInt8](try Fixtures.data("fuzz/\(name)"))
        var read: ColorTagging?
        let time = ContinuousClock().measure { read = try? ColorTagging(bytes: bytes) }
        #expect(time < .seconds(5), "\(time)")  // the timeouts found took minutes; sanitizer builds are slower
        guard let tags = read else { return }
        let findings = tags.findings(options: ValidationOptions(requirements: Set(Requirement.allCases)))
        let json = tags.json(path: name, findings: findings).serialized()
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
        #expect(Self.isTerminalSafe(tags.text(path: name, findings: findings)))
    }

    @Test("APPn segments shorter than their signature are not read as it (the body would start past the end)")
    func shortSignatures() throws {
        let signatures = [
            (0xE1, "http://ns.adobe.com/xap/1.0/\0"), (0xE2, "urn:iso:std:iso:ts:21496:-1\0"), (0xE2, "MPF\0"),
            (0xE2, "ICC_PROFILE\0"),
        ]
        for (marker, signature) in signatures {
            let text = Array(signature.utf8)
            for cut in 1..<text.count {
                // The segment holds the first `cut` bytes; the rest of the signature follows it in the file.
                let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, UInt8(marker), 0, UInt8(cut + 2)] + text + [0xFF, 0xD9]
                let tags = try ColorTagging(bytes: bytes)
                #expect(tags.primary.iccProfiles.isEmpty && tags.gainMap.multiPicture == nil, "\(signature) cut \(cut)")
            }
        }
        let fixture = try ColorTagging(
            bytes: [UInt8](try Fixtures.data("fuzz/jpeg/app1-xmp-signature-past-segment-end.jpg")))
        #expect(fixture.gainMap.xmp == nil)
    }

    @Test("an ICC text record's language and country codes are sanitised in the text report")
    func languageCodes() throws {
        let tags = try ColorTagging(bytes: [UInt8](try Fixtures.data("fuzz/icc/mluc-language-control-characters.icc")))
        let text = tags.text(path: "x.icc")
        #expect(text.contains("Profile Description [eh-\\x15S]"), "\(text)")
        #expect(Self.isTerminalSafe(text))
    }
}
