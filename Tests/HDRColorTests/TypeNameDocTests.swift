import Foundation
import HDRColor
import Testing

/// The converter's nested types are named in the documentation as the code spells them: `options.gamut` is a
/// `PixelConverter.GamutPolicy`, `options.toneMapping` a `PixelConverter.ToneMapping` (issue 22: the docs suggested
/// `PixelConverter.Options.Gamut`, which does not exist).
@Suite("Type names in the documentation")
struct TypeNameDocTests {
    /// Every type nested in `PixelConverter`, by the name the code gives it (compiled: a rename breaks this list).
    static let nestedTypes: [String: Any.Type] = [
        "PixelConverter.Options": PixelConverter.Options.self,
        "PixelConverter.ToneMapping": PixelConverter.ToneMapping.self,
        "PixelConverter.GamutPolicy": PixelConverter.GamutPolicy.self,
        "PixelConverter.CodePath": PixelConverter.CodePath.self,
        "PixelConverter.Plan": PixelConverter.Plan.self,
        "PixelConverter.Plan.Step": PixelConverter.Plan.Step.self,
    ]

    /// README, Docs/, the DocC articles and every Swift source (doc comments included).
    static func documents() throws -> [(String, String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var paths = ["README.md"]
        let fm = FileManager.default
        for folder in ["Docs", "Sources/HDRColor/HDRColor.docc"] {
            paths += try fm.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".md") }.map { "\(folder)/\($0)" }
        }
        let sources = root.appendingPathComponent("Sources")
        if let files = fm.enumerator(atPath: sources.path) {
            for case let file as String in files where file.hasSuffix(".swift") { paths.append("Sources/\(file)") }
        }
        return try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test("options.gamut is a PixelConverter.GamutPolicy, options.toneMapping a PixelConverter.ToneMapping")
    func optionTypes() {
        var options = PixelConverter.Options()
        let gamut: PixelConverter.GamutPolicy = options.gamut
        let toneMapping: PixelConverter.ToneMapping = options.toneMapping
        options.gamut = PixelConverter.GamutPolicy.softClip
        #expect(gamut == .extended && options.gamut == .softClip)
        if case .none = toneMapping {} else { Issue.record("the default tone mapping is .none") }
    }

    @Test("every PixelConverter.X type the documentation names exists, and nothing is named Options.X")
    func namesExist() throws {
        let typePath = try Regex(#"PixelConverter(?:[./][A-Z][A-Za-z0-9]*)+"#)
        let optionsType = try Regex(#"[^A-Za-z]Options\.[A-Z][A-Za-z0-9]*"#)
        var checked = 0
        for (path, text) in try Self.documents() {
            for match in text.matches(of: typePath) {
                let name = String(text[match.range]).replacingOccurrences(of: "/", with: ".")
                #expect(Self.nestedTypes[name] != nil, "\(path) names \(name), which does not exist")
                checked += 1
            }
            for match in text.matches(of: optionsType) {
                Issue.record("\(path) names \(text[match.range]): PixelConverter.Options nests no type")
            }
        }
        #expect(checked > 10)
    }
}
