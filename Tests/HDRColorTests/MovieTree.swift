import Foundation
import TestSupport

/// A folder of movie fixtures under the names the "Validating HDR video in CI" article uses.
enum MovieTree {
    static let layout: [(fixture: String, name: String)] = [
        ("movies/x265-pq-hdr10.mp4", "masters/hdr10.mp4"),
        ("movies/mkvmerge-pq-hdr10.mkv", "masters/hdr10.mkv"),
        ("movies/dv-8.1-pq.mp4", "masters/dolby-vision.mp4"),
        ("movies/x265-hlg.mov", "broadcast/hlg.mov"),
        ("movies/x265-dvb-hlg-atc.mp4", "broadcast/dvb-hlg.mp4"),
        ("movies/x265-pq-no-metadata.mp4", "exports/web.mp4"),
        ("movies/ffmpeg-remux-dv-dropped.mp4", "exports/remux.mp4"),
        ("movies/x265-vui-only.mp4", "exports/x265-params-only.mp4"),
        ("movies/x265-colr-vui-mismatch.mp4", "exports/colr-vui-mismatch.mp4"),
        ("movies/x264-pq-8bit.mp4", "exports/8-bit-pq.mp4"),
    ]

    /// A fresh temporary folder holding the tree.
    static func make() throws -> URL {
        let directory = try CommandLineTool.temporaryDirectory()
        for (fixture, name) in layout {
            let target = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Fixtures.url(fixture).path, toPath: target.path)
        }
        return directory
    }

    /// `PATH` with the built `hdrcolor` first.
    static var path: String { CommandLineTool.executable.deletingLastPathComponent().path + ":/usr/bin:/bin" }
}
