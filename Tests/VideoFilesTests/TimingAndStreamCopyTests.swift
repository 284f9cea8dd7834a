import SignalCoding
import Foundation
import PixelBuffers
import PixelConversion
import TestSupport
import Testing
import VideoTestSupport

@testable import VideoFiles

extension VideoFilesSuite {
    /// Frame count, frame rate and timestamps survive a write and a read; an audio stream of another file is copied
    /// packet by packet (count, sizes and durations unchanged); frame ranges are decoded from the nearest key frame.
    @Suite("Timing, stream copy and seeking")
    struct TimingAndStreamCopyTests {
        init() { FFmpegLogLevel.quiet.apply() }

        @Test("an encoder's dts stands only when it is set, at most the delay before the pts and after the last one's")
        func writtenDTS() {
            let delay: Int64 = 64, none = FFmpeg.noTimestamp
            // Real B-frame reordering: dts two frames before pts, increasing.
            #expect(MovieWriter.writtenDTS(pts: 2, dts: 0, previous: nil, maximumDelay: delay) == 0)
            #expect(MovieWriter.writtenDTS(pts: 5, dts: 1, previous: 0, maximumDelay: delay) == 1)
            // x265's uninitialised delay (GitHub-seen values), unset, after pts, too far before it, or not increasing.
            for dts in [-72_057_594_037_927_936, 5_300_000_000_000_000_000, none, 3, -10_000_000, 0] {
                #expect(MovieWriter.writtenDTS(pts: 2, dts: dts, previous: 0, maximumDelay: delay) == 2, "dts \(dts)")
            }
            // One gap that fits 32 bits in ticks of 1/24 s but not after the MP4 muxer's rescale (× 512 to 1/12 288).
            #expect(MovieWriter.writtenDTS(pts: 0, dts: -5_000_000, previous: nil, maximumDelay: delay) == 0)
        }

        @Test(
            "30000/1001 fps: frame count, rate and exact presentation times preserved (MP4 and Matroska)",
            arguments: [
                "mp4", "mkv",
            ])
        func timing(_ container: String) throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var settings = MovieTestSupport.hevcSettings(crf: 28)
            settings.frameRate = Rational(30000, 1001)
            settings.timeBase = Rational(1001, 30000)
            let frame = try MovieTestSupport.pqFrame()
            let url = folder.appendingPathComponent("ntsc.\(container)")
            let writer = try MovieWriter(url: url, settings: settings)
            try frame.withView { view in
                for i in 0..<12 {
                    try writer.append(
                        view, encoding: settings.encoding, presentationTime: Rational(Int64(i) * 1001, 30000))
                }
            }
            try writer.finish()
            #expect(writer.frameCount == 12)
            let reader = try MovieReader(contentsOf: url)
            #expect(reader.videoStream.frameRate == Rational(30000, 1001))
            if container == "mp4" { #expect(reader.videoStream.frameCount == 12) }
            var times: [Rational] = []
            var indices: [Int] = []
            while let t = try reader.nextFrame({ frame -> Rational? in
                indices.append(frame.index)
                return frame.presentationTime
            }) {
                times.append(try #require(t))
            }
            #expect(indices == Array(0..<12))
            // Matroska stores milliseconds: times are exact to the millisecond there, exact rationals in MP4.
            for (i, t) in times.enumerated() {
                let expected = Double(i) * 1001 / 30000
                if container == "mp4" {
                    #expect(t == Rational(Int64(i) * 1001, 30000), "frame \(i): \(t)")
                } else {
                    #expect(abs(t.doubleValue - expected) <= 0.0005, "frame \(i): \(t)")
                }
            }
        }

        @Test(
            "an AAC stream copied from another file: same packet count and sizes; MP4 keeps times and durations exactly"
        )
        func audioCopy() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let source = Fixtures.url("movies/audio-first.mp4")
            let reader = try MovieReader(contentsOf: source)
            let frames = try (0..<3).map { try MovieTestSupport.pqFrame(index: $0) }
            for container in ["mp4", "mkv"] {
                let url = try MovieTestSupport.write(
                    frames, settings: MovieTestSupport.hevcSettings(crf: 28),
                    to: folder.appendingPathComponent("with-audio.\(container)"), copying: reader)
                let written = try MovieReader(contentsOf: url)
                let audio = try #require(written.otherStreams.first)
                #expect(audio.kind == .audio && audio.codecName == "aac")
                let before = try #require(try MovieReader.packetTimings(of: source)[0])
                let after = try #require(try MovieReader.packetTimings(of: url)[audio.index])
                #expect(after.count == before.count, "\(container): \(after.count) packets, source \(before.count)")
                #expect(after.map(\.byteCount) == before.map(\.byteCount))
                if container == "mp4" {
                    // MP4 keeps the source's timestamps and durations exactly, the priming packet's negative time included.
                    #expect(after == before)
                } else {
                    // Matroska stores block times in milliseconds from zero (the AAC priming delay goes to CodecDelay) and
                    // no per-block duration: the spacing of the times is kept to the millisecond.
                    let t0 = try #require(after.first?.presentationTime).doubleValue
                    let s0 = try #require(before.first?.presentationTime).doubleValue
                    for (a, b) in zip(after, before) {
                        let da = try #require(a.presentationTime).doubleValue - t0
                        let db = try #require(b.presentationTime).doubleValue - s0
                        #expect(abs(da - db) <= 0.001, "mkv: \(da) vs \(db)")
                    }
                }
                print("\(container): \(after.count) AAC packets copied (source \(before.count))")
            }
        }

        @Test("frames 12..<17 of a 30-frame movie with key frames every 10: the same codes as a sequential decode")
        func frameRange() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var settings = MovieTestSupport.hevcSettings(lossless: true)
            settings.keyFrameInterval = 10
            let frames = try (0..<30).map { try MovieTestSupport.pqFrame(index: $0 * 7) }
            let url = try MovieTestSupport.write(
                frames, settings: settings, to: folder.appendingPathComponent("gop.mp4"))
            let reader = try MovieReader(contentsOf: url)
            var got: [(Int, PixelBuffer)] = []
            let count = try reader.forEachFrame(in: 12..<17) {
                got.append(($0.index, try MovieTestSupport.copy($0.view)))
            }
            #expect(count == 5)
            #expect(got.map(\.0) == Array(12..<17))
            for (index, buffer) in got {
                #expect(MovieTestSupport.maxCodeError(buffer, frames[index]) == 0, "frame \(index)")
            }
            // Backwards, and to the first frame, with the same reader.
            var first: Int?
            try reader.forEachFrame(in: 0..<1) { first = $0.index }
            #expect(first == 0)
            try reader.seek(toFrame: 29)
            #expect(try reader.nextFrame { $0.index } == 29)
            #expect(try reader.nextFrame { $0.index } == nil)
        }
    }
}
