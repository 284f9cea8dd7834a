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
        let lines = CIArticleTests.blocks("bash", in: try String(contentsOf: Self.article, encoding: .utf8))
            .flatMap { $0.split(separator: "\n") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("hdrcolor ") }
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
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", line]
            process.environment = ["PATH": MovieTree.path]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "`\(line)` exited \(process.terminationStatus)")
            let output = line.split(separator: " ")[3]
            #expect(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(String(output)).path), "\(line)")
        }
    }
}
