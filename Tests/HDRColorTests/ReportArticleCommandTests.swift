import Foundation
import TestSupport
import Testing

/// The "Looking at an HDR file" article's command lines, run as printed (`sh -c`) in a folder holding fixtures under
/// the article's names: an ISO HDR PNG, an HDR10 movie, a movie with HDR10+ and Dolby Vision, a gain-map JPEG.
@Suite("Looking-at-an-HDR-file article commands")
struct ReportArticleCommandTests {
    static let article = CompositeAction.root.appendingPathComponent(
        "Sources/HDRColor/HDRColor.docc/LookingAtAnHDRFile.md")

    /// The page a `hdrcolor report` line writes: its `-o` argument, else the input's name + `.report.html`.
    static func page(of line: String) -> String {
        let words = line.split(separator: "#")[0].split(separator: " ").map(String.init)
        if let index = words.firstIndex(of: "-o"), index + 1 < words.count { return words[index + 1] }
        return (words[2] as NSString).deletingPathExtension + ".report.html"
    }

    @Test("every hdrcolor command of the article succeeds and writes the page and pictures it names")
    func commands() throws {
        let lines = try ArticleCommands.lines(of: Self.article)
        #expect(lines.count == 4)
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (fixture, name) in [
            ("image-files/pq16-bt2100.png", "hdr-pq.png"), ("movies/x265-pq-hdr10.mp4", "hdr10.mp4"),
            ("movies/x265-hdr10plus-dv-scenes.mp4", "hdr10plus.mp4"),
            ("color-tags/jpeg/ultrahdr-iso-and-xmp.jpg", "gain-map.jpg"),
        ] {
            try FileManager.default.copyItem(at: Fixtures.url(fixture), to: folder.appendingPathComponent(name))
        }
        for line in lines {
            let status = try ArticleCommands.run(line, in: folder)
            #expect(status == 0, "`\(line)` exited \(status)")
            let page = folder.appendingPathComponent(Self.page(of: line))
            #expect(FileManager.default.fileExists(atPath: page.path), "\(line): \(page.lastPathComponent)")
        }
        // What the article says each page and folder holds.
        let files = { (name: String) in
            (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path).sorted())
                ?? []
        }
        #expect(files("hdr10-pictures").contains("light-level.svg"))
        #expect(
            Set(files("gain-map-pictures")).isSuperset(of: [
                "rendition-1x.png", "rendition-2x.png", "rendition-4x.png", "gain-map.png",
            ]))
        let scenes = try String(contentsOf: folder.appendingPathComponent("hdr10plus.html"), encoding: .utf8)
        #expect(scenes.contains("HDR10+: 2 scenes") && scenes.contains("Dolby Vision L1: 3 shots"))
        let image = try String(contentsOf: folder.appendingPathComponent("hdr-pq.report.html"), encoding: .utf8)
        #expect(image.contains("False-colour luminance") && image.contains("Luminance histogram"))
    }
}
