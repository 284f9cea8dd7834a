import Foundation
import MediaSyntax
import Testing

/// Docs/Architecture.md against the package: the Mermaid graph and the dependency list must equal the direct
/// dependencies of Package.swift's targets (a text parse of the manifest), and the layering rules the document states
/// must hold for the manifest and the sources. Changing a target's dependencies, or the document, without the other
/// fails here.
@Suite("Architecture document")
struct ArchitectureDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One target of Package.swift.
    struct Target: Equatable {
        enum Kind: String { case target, executableTarget, systemLibrary, testTarget }
        var name: String
        var kind: Kind
        var dependencies: Set<String>
        var path: String?
    }

    // MARK: Parsing

    /// The targets of Package.swift: every `.target(`, `.executableTarget(`, `.systemLibrary(` and `.testTarget(` call,
    /// its `name:`, `path:` and the names in its `dependencies: [...]` (string literals, and the `name:` of
    /// `.product(name:package:)` / `.target(name:)` / `.byName(name:)`; trait conditions are not dependencies).
    static func packageTargets() throws -> [Target] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let text = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                guard let comment = line.range(of: "//") else { return line }
                return line[..<comment.lowerBound]
            }
            .joined(separator: "\n")
        var targets: [Target] = []
        for kind in [Target.Kind.target, .executableTarget, .systemLibrary, .testTarget] {
            var searchStart = text.startIndex
            while let call = text.range(of: ".\(kind.rawValue)(", range: searchStart..<text.endIndex) {
                let body = try balanced(text, from: call.upperBound, open: "(", close: ")")
                searchStart = body.upperBound
                let arguments = String(text[body])
                let name = try #require(firstString(after: "name:", in: arguments), "a \(kind) without a name")
                var dependencies: Set<String> = []
                if let list = arguments.range(of: "dependencies:") {
                    let open = try #require(arguments.range(of: "[", range: list.upperBound..<arguments.endIndex))
                    let items = String(arguments[try balanced(arguments, from: open.upperBound, open: "[", close: "]")])
                    let withoutPackages = items.replacingOccurrences(
                        of: #"package:\s*"[^"]*""#, with: "", options: .regularExpression
                    ).replacingOccurrences(of: #"condition:\s*\.when\([^)]*\)"#, with: "", options: .regularExpression)
                    dependencies = Set(strings(in: withoutPackages))
                }
                targets.append(
                    Target(
                        name: name, kind: kind, dependencies: dependencies,
                        path: firstString(after: "path:", in: arguments)))
            }
        }
        return targets
    }

    /// The range between an opening bracket (just before `start`) and its matching closing bracket.
    static func balanced(_ text: String, from start: String.Index, open: Character, close: Character) throws
        -> Range<String.Index>
    {
        var depth = 1
        var index = start
        var inString = false
        while index < text.endIndex {
            let c = text[index]
            if c == "\"" { inString.toggle() }
            if !inString {
                if c == open { depth += 1 }
                if c == close {
                    depth -= 1
                    if depth == 0 { return start..<index }
                }
            }
            index = text.index(after: index)
        }
        throw ParseError.unbalanced
    }

    enum ParseError: Error { case unbalanced }

    static func strings(in text: String) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    static func firstString(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label) else { return nil }
        return strings(in: String(text[range.upperBound...])).first
    }

    /// The library and tool targets the document describes: `.target` and `.executableTarget`, without test support
    /// under Tests/.
    static func describedTargets() throws -> [Target] {
        try packageTargets().filter {
            ($0.kind == .target || $0.kind == .executableTarget) && !($0.path?.hasPrefix("Tests/") ?? false)
        }
    }

    static func document() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
    }

    /// The `A --> B` edges of the document's Mermaid block, and every node it names.
    static func mermaid() throws -> (edges: [String: Set<String>], nodes: Set<String>) {
        let blocks = CIArticleTests.blocks("mermaid", in: try document())
        let block = try #require(blocks.first, "Docs/Architecture.md has no ```mermaid block")
        var edges: [String: Set<String>] = [:]
        var nodes: Set<String> = []
        for line in block.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let parts = line.components(separatedBy: "-->").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 {
                edges[parts[0], default: []].insert(parts[1])
                nodes.formUnion(parts)
            } else if line.hasPrefix("class ") {
                let names = line.dropFirst("class ".count).split(separator: " ").first ?? ""
                nodes.formUnion(names.split(separator: ",").map(String.init))
            }
        }
        return (edges, nodes)
    }

    /// The "Direct dependencies" list: "- `A` (kind) → `B`, `C`" or "→ none".
    static func dependencyList() throws -> [String: Set<String>] {
        var list: [String: Set<String>] = [:]
        for line in try document().split(separator: "\n") where line.hasPrefix("- `") && line.contains(" → ") {
            let sides = line.components(separatedBy: " → ")
            let name = strings(in: sides[0].replacingOccurrences(of: "`", with: "\"")).first ?? ""
            let targets = sides[1] == "none" ? [] : strings(in: sides[1].replacingOccurrences(of: "`", with: "\""))
            #expect(list[name] == nil, "\(name) listed twice")
            list[name] = Set(targets)
        }
        return list
    }

    /// Everything `name` reaches through `graph`, itself excluded.
    static func closure(of name: String, in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var stack = Array(graph[name] ?? [])
        while let next = stack.popLast() {
            if seen.insert(next).inserted { stack += graph[next] ?? [] }
        }
        return seen
    }

    static func graph() throws -> [String: Set<String>] {
        Dictionary(uniqueKeysWithValues: try packageTargets().map { ($0.name, $0.dependencies) })
    }

    // MARK: The document matches the manifest

    @Test("the manifest parse finds the package's targets")
    func parse() throws {
        let targets = try Self.packageTargets()
        let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
        #expect(byName["ColorSpaces"]?.dependencies == ["SignalCoding", "TransferFunctions"])
        #expect(byName["hdrcolor"]?.kind == .executableTarget)
        #expect(byName["hdrcolor"]?.dependencies.contains("ArgumentParser") == true)
        #expect(byName["CLittleCMS"]?.kind == .systemLibrary && byName["TestSupport"]?.path == "Tests/TestSupport")
        #expect(try Self.describedTargets().count >= 13)
    }

    @Test("the Mermaid graph has exactly the direct dependencies of every library and tool target")
    func mermaidMatchesPackage() throws {
        let (edges, nodes) = try Self.mermaid()
        let targets = try Self.describedTargets()
        for target in targets {
            #expect(
                edges[target.name, default: []] == target.dependencies,
                "\(target.name): Package.swift \(target.dependencies.sorted()), Architecture.md \(edges[target.name, default: []].sorted())"
            )
            #expect(nodes.contains(target.name), "\(target.name) is missing from the graph")
        }
        let names = Set(targets.map(\.name))
        for source in edges.keys {
            #expect(names.contains(source), "\(source) has edges in the graph but is no target")
        }
    }

    @Test("the dependency list says the same, for every target and system library")
    func listMatchesPackage() throws {
        let list = try Self.dependencyList()
        let all = try Self.packageTargets().filter {
            $0.kind != .testTarget && !($0.path?.hasPrefix("Tests/") ?? false)
        }
        #expect(Set(list.keys) == Set(all.map(\.name)))
        for target in all {
            #expect(list[target.name] == target.dependencies, "\(target.name) in the list of Architecture.md")
        }
    }

    // MARK: Layering rules

    @Test("rule 1: no cycles; SignalCoding, TransferFunctions and HalfFloat depend on nothing")
    func acyclic() throws {
        let graph = try Self.graph()
        for name in graph.keys { #expect(!Self.closure(of: name, in: graph).contains(name), "\(name) is in a cycle") }
        for base in ["SignalCoding", "TransferFunctions", "HalfFloat"] { #expect(graph[base] == [], "\(base)") }
    }

    @Test("rule 2: the pure-Swift core reaches no C target")
    func pureSwiftCore() throws {
        let targets = try Self.packageTargets()
        let graph = try Self.graph()
        let cTargets = Set(targets.filter { $0.kind == .systemLibrary }.map(\.name) + ["CPixelKernels"])
        for core in [
            "SignalCoding", "TransferFunctions", "HalfFloat", "ColorSpaces", "PixelBuffers", "ToneMapping",
            "MediaSyntax",
        ] {
            let reached = Self.closure(of: core, in: graph).intersection(cTargets)
            #expect(reached.isEmpty, "\(core) reaches \(reached.sorted())")
        }
    }

    @Test(
        "rule 3: only ImageFiles links the codec libraries, only VideoFiles links FFmpeg; the umbrella depends on neither"
    )
    func codecsOnlyInImageFiles() throws {
        let graph = try Self.graph()
        let codecs: Set<String> = ["CPNG", "CJPEG", "CAVIF", "CHEIF", "CDe265", "CDav1d"]
        for (name, dependencies) in graph where name != "ImageFiles" {
            #expect(dependencies.isDisjoint(with: codecs), "\(name) depends on a codec directly")
        }
        let described = try Self.describedTargets().map(\.name)
        for name in described where !["ImageFiles", "MediaConversion", "HTMLReport", "hdrcolor"].contains(name) {
            #expect(Self.closure(of: name, in: graph).isDisjoint(with: codecs), "\(name) reaches a codec")
        }
        #expect(!Self.closure(of: "HDRColor", in: graph).contains("ImageFiles"))
        let ffmpeg: Set<String> = ["CFFmpeg"]
        for (name, dependencies) in graph where name != "VideoFiles" {
            #expect(dependencies.isDisjoint(with: ffmpeg), "\(name) depends on FFmpeg directly")
        }
        for name in described where !["VideoFiles", "MediaConversion", "HTMLReport", "hdrcolor"].contains(name) {
            #expect(Self.closure(of: name, in: graph).isDisjoint(with: ffmpeg), "\(name) reaches FFmpeg")
        }
        #expect(!Self.closure(of: "HDRColor", in: graph).contains("VideoFiles"))
    }

    @Test(
        "rule 5: the movie layer reads syntax from MediaSyntax, not the validator: VideoFiles reaches no LittleCMS or zlib"
    )
    func videoFilesBelowTheValidator() throws {
        let graph = try Self.graph()
        let reached = Self.closure(of: "VideoFiles", in: graph)
        #expect(reached.contains("MediaSyntax"))
        for name in ["ColorTags", "ICC", "CLittleCMS", "CZlib"] {
            #expect(!reached.contains(name), "VideoFiles reaches \(name)")
        }
    }

    @Test(
        "rule 6: containers are walked once, in MediaSyntax: no other module walks boxes, PNG chunks or JPEG segments")
    func walkersOnlyInMediaSyntax() throws {
        // The walkers' own types, which only MediaSyntax may define; a reader above it that declares one of these is
        // a second walker.
        let walkerDeclarations = [
            "struct ISOBMFFBoxHeader", "struct ISOBMFFBox:", "struct ISOBMFFBoxWalker", "struct ISOBMFFItemGraph",
            "struct PNGChunk:", "enum PNGChunks", "struct JPEGSegmentWalker", "protocol ByteSource",
            "class FileByteSource",
        ]
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: Set<String> = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let module = url.path.dropFirst(sources.path.count + 1).split(separator: "/").first.map(String.init)
            for declaration in walkerDeclarations where text.contains(declaration) {
                #expect(module == "MediaSyntax", "\(url.lastPathComponent) declares \(declaration)")
                found.insert(declaration)
            }
            // The signature of a box walk: a 32-bit size read, then 1 taken as "a 64-bit size follows".
            if module != "MediaSyntax" {
                #expect(!text.contains("size32 == 1"), "\(url.lastPathComponent) reads box headers itself")
            }
            // The signatures of an OBU walk (obu_type from the header byte) and of a leb128 read: in AV1OBUs and
            // LEB128 only.
            for signature in [">> 3) & 0x0F", ">> 3) & 0xF", "& 0x7F) << (7"] where text.contains(signature) {
                #expect(
                    ["AV1OBUs.swift", "LEB128.swift"].contains(url.lastPathComponent),
                    "\(url.lastPathComponent) reads OBU headers or leb128 itself (\(signature))")
            }
        }
        #expect(found == Set(walkerDeclarations))
    }

    /// Modules that read or write container syntax through MediaSyntax. The pixel layers below them (PixelBuffers,
    /// PixelConversion, the kernels, GPUConversion) store samples in their formats' byte orders, which is pixel
    /// layout, not syntax; the ICC bridge keeps ICC's own.
    static let syntaxUsers = [
        "ColorTags", "TagValidation", "ImageFiles", "VideoFiles", "MediaConversion", "DolbyVision", "HTMLReport",
        "hdrcolor",
    ]

    @Test(
        "rule 6: no four-character code of MediaSyntax's catalogues is spelled outside MediaSyntax and the ICC bridge")
    func fourCharacterCodesOnlyInMediaSyntax() throws {
        let codes = Set(fourCharacterCodeCatalogues.joined())
        #expect(codes.count > 100 && codes.contains("stsd") && codes.contains("cICP"))
        // Spellings that are also words of another vocabulary: the sRGB colour space (`ColorSpace.srgb.name`, CICP's
        // and CoreVideo's names) is not the PNG chunk, the file extension `.jpeg` not the item type.
        let otherNames: Set<String> = ["sRGB", "jpeg"]
        let literal = try Regex(#""([A-Za-z0-9 ]{4})""#)
        var spelled: [String] = []
        for (module, url, text) in try Self.swiftSources() where !["MediaSyntax", "ICC"].contains(module) {
            for match in text.matches(of: literal) {
                let code = String(text[match.range].dropFirst().dropLast())
                if codes.contains(code), !otherNames.contains(code) {
                    spelled.append("\(url.lastPathComponent): \(code)")
                }
            }
        }
        #expect(spelled.isEmpty, "four-character codes spelled outside MediaSyntax: \(spelled)")
    }

    @Test("rule 6: no byte-order assembly in the modules above MediaSyntax")
    func noByteOrderAssemblyAboveMediaSyntax() throws {
        // Shifting bytes into an integer (`$0 << 8 | UInt32($1)`, `a << 24 | b << 16 …`), out of one
        // (`x >> (8 * i)`), or reading an integer of a byte order from raw memory (`UInt32(bigEndian: …)`).
        let signatures = [
            try Regex(#"<<\s*(8|16|24|32|40|48|56)\s*\|"#), try Regex(#"\$0\s*<<\s*8"#),
            try Regex(#">>\s*\(8\s*\*"#), try Regex(#"\((big|little)Endian:"#),
        ]
        var found: [String] = []
        for (module, url, text) in try Self.swiftSources() where Self.syntaxUsers.contains(module) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where signatures.contains(where: { line.contains($0) }) {
                found.append("\(module)/\(url.lastPathComponent):\(number + 1)")
            }
        }
        #expect(found.isEmpty, "byte-order assembly outside MediaSyntax: \(found)")
    }

    @Test("rule 9: numbers become text in one formatter (NumberFormat): no printf float conversion elsewhere")
    func oneNumberFormatter() throws {
        let floatConversion = try Regex(#"String\(format:\s*"[^"]*%[-+ #0]*[0-9]*(\.([0-9]+|\\\([a-z]+\)))?[fgeFGE]"#)
        var found: [String] = []
        for (module, url, text) in try Self.swiftSources() where url.lastPathComponent != "NumberFormat.swift" {
            if text.contains(floatConversion) { found.append("\(module)/\(url.lastPathComponent)") }
        }
        #expect(found.isEmpty, "numbers formatted outside NumberFormat: \(found)")
        for sample in [
            #"String(format: "%.3g", v)"#, #"String(format: "%8.2f ms", t)"#, #"String(format: "%.\(n)f", v)"#,
        ] {
            #expect(sample.contains(floatConversion), "the check misses \(sample)")
        }
        #expect(!#"String(format: "%04d-%02x", y, b)"#.contains(floatConversion))
    }

    /// Every Swift file in Sources with its module and text.
    static func swiftSources() throws -> [(module: String, url: URL, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var result: [(String, URL, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let module = url.path.dropFirst(sources.path.count + 1).split(separator: "/").first.map(String.init) ?? ""
            result.append((module, url, try String(contentsOf: url, encoding: .utf8)))
        }
        return result
    }

    @Test("rule 4: no Swift file re-exports a C module or imports it publicly")
    func cStaysInside() throws {
        let cModules = Set(
            try Self.packageTargets().filter { $0.kind == .systemLibrary }.map(\.name) + ["CPixelKernels"])
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count,
                    cModules.contains(words[importIndex + 1])
                else { continue }
                checked += 1
                let modifiers = Set(words[..<importIndex])
                #expect(
                    modifiers.isDisjoint(with: ["public", "package", "@_exported"]),
                    "\(url.lastPathComponent): \(line)")
            }
        }
        #expect(checked > 10)
    }

    @Test(
        "rule 7: every module a library or tool target imports is declared in Package.swift; only HDRColor re-exports")
    func importsDeclared() throws {
        let targets = try Self.packageTargets()
        let names = Set(targets.map(\.name))
        let sources = Self.root.appendingPathComponent("Sources")
        var checked = 0
        for target in targets where target.kind == .target || target.kind == .executableTarget {
            let folder =
                target.path.map { Self.root.appendingPathComponent($0) } ?? sources.appendingPathComponent(target.name)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in files where url.pathExtension == "swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ").map(String.init)
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                        words[..<index].allSatisfy({
                            ["public", "package", "internal", "@_exported", "@preconcurrency"].contains($0)
                        })
                    else { continue }
                    let module = words[index + 1]
                    guard names.contains(module), module != target.name else { continue }
                    checked += 1
                    #expect(
                        target.dependencies.contains(module),
                        "\(target.name) imports \(module) (\(url.lastPathComponent)) but Package.swift does not declare it"
                    )
                    if words[..<index].contains("@_exported") {
                        #expect(target.name == "HDRColor", "\(url.lastPathComponent) re-exports \(module)")
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    @Test("rule 8: no function, initialiser or computed property in Sources is longer than 100 lines")
    func functionsStayShort() throws {
        // A declaration line (func, init, or a computed `var … {`), then the first line that closes it at the same
        // indentation; lines counted from the one to the other.
        let declaration =
            #/^(\s*)(?:@[\w]+(?:\([^)]*\))?\s+)*(?:(?:public|private|package|internal|fileprivate|static|mutating|override|final|nonisolated|convenience|required)\s+)*(?:func\s|init[?!]?\s*[(<]|var\s+\w+\s*:[^=]*\{\s*$)/#
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard let match = line.prefixMatch(of: declaration) else { continue }
                // A declaration on one line (`func f() -> T { body }`) closes where it opens.
                let opened = line.filter { $0 == "{" }.count
                if opened > 0, opened == line.filter({ $0 == "}" }).count { continue }
                let closing = match.1 + "}"
                guard let end = lines[(index + 1)...].firstIndex(where: { $0 == closing }) else { continue }
                checked += 1
                let length = end - index + 1
                #expect(length <= 100, "\(url.lastPathComponent):\(index + 1): \(length) lines: \(line)")
            }
        }
        #expect(checked > 1000)
    }
}
