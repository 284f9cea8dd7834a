import Foundation
import PixelBuffers
import PixelConversion
import Testing
import VideoTestSupport

@testable import VideoFiles

extension VideoFilesSuite {
    /// The decoded view is the decoder's memory (its planes are the AVFrame's `data` pointers), and neither reading nor
    /// writing grows the process over 200 frames (RSS measured from /proc/self/statm).
    @Suite("Zero copy and steady memory")
    struct ZeroCopyTests {
        init() { FFmpegLogLevel.quiet.apply() }

        /// Resident set size in bytes (Linux).
        static func residentBytes() -> Int {
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = text.split(separator: " ")
            return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4096 : 0
        }

        @Test("the view's planes are the AVFrame's data pointers")
        func zeroCopy() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = try MovieTestSupport.write(
                [try MovieTestSupport.pqFrame()], settings: MovieTestSupport.hevcSettings(crf: 28),
                to: folder.appendingPathComponent("one.mp4"))
            let reader = try MovieReader(contentsOf: url)
            let same = try reader.nextFrame { frame -> Bool in
                let a = frame.decoderPlaneAddresses
                return frame.view.plane(0).baseAddress == a.0 && frame.view.plane(1).baseAddress == a.1
                    && frame.view.plane(2).baseAddress == a.2
            }
            #expect(same == true)
        }

        @Test("200 640×360 frames written and read back: RSS steady after the first frames, decoder buffers recycled")
        func steadyMemory() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("long.mp4")
            var settings = MovieTestSupport.hevcSettings(crf: 28)
            settings.width = 640
            settings.height = 360
            settings.threadCount = nil
            let frames = try (0..<5).map { try MovieTestSupport.pqFrame(index: $0, width: 640, height: 360) }
            let writer = try MovieWriter(url: url, settings: settings)
            // RSS at frames 20, 80, 140 and 200: a leak grows every window; other suites running in parallel in this
            // process may grow one window, not all three, so the smallest window growth is the measure.
            let marks: Set<Int> = [20, 80, 140, 200]
            var writeRSS: [Int] = []
            for i in 1...200 {
                try frames[i % 5].withView { try writer.append($0, encoding: settings.encoding) }
                if marks.contains(i) { writeRSS.append(Self.residentBytes()) }
            }
            try writer.finish()
            let reader = try MovieReader(contentsOf: url)
            let converter = try PixelConverter(
                from: reader.videoStream.encoding,
                to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3))
            var output = try PixelBuffer(format: .rgbaHalf, width: 640, height: 360)
            var readRSS: [Int] = []
            var count = 0
            var planeAddresses: Set<UnsafeRawPointer> = []
            try output.withMutableView { out in
                while try reader.nextFrame({ frame -> Void in
                    planeAddresses.insert(frame.view.plane(0).baseAddress)
                    try converter.convert(frame.view, to: out)
                }) != nil {
                    count += 1
                    if marks.contains(count) { readRSS.append(Self.residentBytes()) }
                }
            }
            #expect(count == 200 && readRSS.count == 4 && writeRSS.count == 4)
            func windows(_ rss: [Int]) -> [Int] { zip(rss.dropFirst(), rss).map { ($0 - $1) / 1024 } }
            print(
                "RSS growth per 60 frames (frames 20 → 200): writing \(windows(writeRSS)) KiB, reading \(windows(readRSS)) KiB"
            )
            // The decoder's frames come from FFmpeg's buffer pool: a handful of planes recycled, not one per frame.
            print("distinct luma plane addresses over \(count) decoded frames: \(planeAddresses.count)")
            #expect(planeAddresses.count <= 16)
            // A leak of one 640×360 10-bit 4:2:0 frame per frame would be ≈ 41 MB in every window; other suites of the
            // process allocate too (up to ≈ 15 MB in a window seen), so only a growth in every window of over 24 MB fails.
            #expect((windows(writeRSS).min() ?? 0) < 24576 && (windows(readRSS).min() ?? 0) < 24576)
        }
    }
}
