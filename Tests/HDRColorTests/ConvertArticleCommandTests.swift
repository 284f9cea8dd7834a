import Foundation
import TestSupport
import Testing
import VideoTestSupport

/// The "Converting HDR video files" article's command lines, run as printed (`sh -c`) in a folder holding movies under
/// the article's names: an HDR10 MP4 and Matroska movie, an iPhone-like `IMG_0421.MOV` (rotation, metadata, AAC) and
/// a "master" to make a proxy of.
@Suite("Converting article commands", .enabled(if: MovieTestSupport.hasFFmpeg))
struct ConvertArticleCommandTests {
    static let article = CompositeAction.root.appendingPathComponent(
        "Sources/HDRColor/HDRColor.docc/ConvertingHDRVideoFiles.md")

    @Test("every hdrcolor command of the article succeeds and writes its output")
    func commands() throws {
        let lines = try ArticleCommands.lines(of: Self.article)
        #expect(lines.count == 4)
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (fixture, name) in [
            ("movies/x265-pq-hdr10.mp4", "hdr10.mp4"), ("movies/x265-pq-hdr10.mkv", "hdr10.mkv"),
            ("movies/x265-pq-hdr10.mp4", "master-4k.mp4"),
        ] {
            try FileManager.default.copyItem(
                at: Fixtures.url(fixture), to: folder.appendingPathComponent(name))
        }
        _ = try MovieTestSupport.iPhoneMovie(in: folder)
        for line in lines {
            let status = try ArticleCommands.run(line, in: folder)
            #expect(status == 0, "`\(line)` exited \(status)")
            let output = line.split(separator: " ")[3]
            #expect(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(String(output)).path), "\(line)")
        }
    }
}
