import ColorSpaces
import ColorTags
import Foundation
import MediaConversion
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

/// What `convertMovie` keeps besides the colour (rotation, metadata, audio of a trimmed clip), what it reports it
/// cannot keep, existing outputs, full disks, and where the time went.
@Suite("Movie conversion keeps the movie", .enabled(if: MovieTestSupport.hasFFmpeg && MovieTestSupport.hasFFprobe))
struct MovieKeepTests {
    init() { FFmpegLogLevel.quiet.apply() }

    static func request(_ space: ColorSpace, codec: VideoEncodeSettings.Codec) -> ConversionRequest {
        var request = ConversionRequest(colorSpace: space)
        request.movie = ConversionRequest.Movie(codec: codec, preset: "ultrafast", encoderThreadCount: 1)
        return request
    }

    @Test(
        "an iPhone-like movie to SDR H.264 (.mp4) and HLG HEVC (.mov): rotation, creation date, location, make, model",
        arguments: [("sdr.mp4", ColorSpace.bt709, VideoEncodeSettings.Codec.h264), ("hlg.mov", .bt2100HLG, .hevc)])
    func iPhoneMovie(_ name: String, _ space: ColorSpace, _ codec: VideoEncodeSettings.Codec) throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try MovieTestSupport.iPhoneMovie(in: folder)
        let input = try MovieTestSupport.probe(source)
        #expect(input.rotation == -90 && input.codecTypes == ["video", "audio", "data"])
        let reader = try MovieReader(contentsOf: source)
        #expect(reader.videoStream.displayMatrix?.rotation == -90)
        #expect(reader.containerMetadata.contains { $0.key == "com.apple.quicktime.location.ISO6709" })

        let output = folder.appendingPathComponent(name)
        let report = try Self.request(space, codec: codec).converter.convertMovie(source, to: output)
        #expect(report.validates, "\(report.validation)")
        #expect(report.check == (space.isHDR ? "validate --require hlg" : "validate") + " --compare \(source.path)")
        #expect(report.omissions.isEmpty, "\(report.omissions)")  // the timecode track is rewritten by the muxer
        #expect(report.copiedStreams.map(\.kind) == [.audio])
        #expect(!report.metadata.contains { $0.key == "major_brand" || $0.key == "encoder" })

        let written = try MovieTestSupport.probe(output)
        #expect(written.rotation == -90)
        for (key, value) in MovieTestSupport.iPhoneMetadata {
            #expect(written.formatTags[key] == value, "\(key): \(written.formatTags[key] ?? "missing")")
        }
        #expect(written.codecTypes.prefix(2) == ["video", "audio"])
        #expect(written.streamTags[0]["handler_name"] == "Core Media Video")
        #expect(written.streamTags[0]["creation_time"] == MovieTestSupport.iPhoneMetadata["creation_time"])
        #expect(written.streamTags[1]["language"] == "eng")
        #expect(try MovieReader(contentsOf: output).videoStream.displayMatrix?.rotation == -90)
    }

    @Test("Matroska: the rotation and the timecode track are listed as not carried, with why")
    func notCarried() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try MovieTestSupport.iPhoneMovie(in: folder)
        let output = folder.appendingPathComponent("out.mkv")
        let report = try Self.request(.bt709, codec: .h264).converter.convertMovie(source, to: output)
        let omitted = Dictionary(uniqueKeysWithValues: report.omissions.map { ($0.what, $0.reason) })
        #expect(omitted["rotation -90°"]?.contains("matroska muxer writes no display matrix") == true, "\(omitted)")
        #expect(omitted["data tmcd (stream 2)"]?.contains("FFmpeg has no codec for it") == true, "\(omitted)")
        let written = try MovieTestSupport.probe(output)
        #expect(written.codecTypes == ["video", "audio"])
        // Matroska tag names are upper case.
        #expect(written.formatTags["COM.APPLE.QUICKTIME.MODEL"] == "iPhone 14 Pro", "\(written.formatTags)")
    }

    @Test("--start 0.5 --duration 1: 30 frames from 0, and the audio cut with them at packet boundaries")
    func trimmedByTime() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try MovieTestSupport.iPhoneMovie(in: folder)
        var request = Self.request(.bt709, codec: .h264)
        request.movie.start = 0.5
        request.movie.duration = 1
        let output = folder.appendingPathComponent("clip.mp4")
        let report = try request.converter.convertMovie(source, to: output)
        #expect(report.frameCount == 30 && report.copiedStreams.map(\.kind) == [.audio])
        let cut = try #require(report.copiedTimes)
        #expect(abs(cut.start - 0.5) < 1e-6 && abs((cut.end ?? 0) - 1.5) < 1e-6)
        func times(_ stream: String) throws -> [Double] {
            try MovieTestSupport.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", stream, "-show_entries", "packet=pts_time", "-of", "csv=p=0",
                    output.path,
                ]
            ).split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.sorted()
        }
        let audio = try times("a")
        let video = try times("v")
        #expect(video.first == 0 && video.count == 30)
        // AAC at 48 kHz: 1024-sample packets of 21.3 ms; the first at or after 0.5 s, the last before 1.5 s.
        let packet = 1024.0 / 48_000
        #expect((audio.first ?? 1) >= 0 && (audio.first ?? 1) < packet, "\(audio.prefix(3))")
        #expect((audio.last ?? 0) < 1 && (audio.last ?? 0) > 1 - 2 * packet, "\(audio.suffix(3))")
        // A start after the last frame: refused in seconds, as the request gave it (not in frames up to Int32.max),
        // with what the movie holds; nothing written (not the whole audio track).
        request.movie.start = 5
        let late = folder.appendingPathComponent("late.mp4")
        for (duration, span) in [(1.0, "between 5 s and 6 s"), (nil, "at or after 5 s")] {
            request.movie.duration = duration
            let error = #expect(throws: MediaConversionError.self) {
                try request.converter.convertMovie(source, to: late)
            }
            let message = error.map { "\($0)" } ?? ""
            #expect(message.hasPrefix("no frame of the movie starts \(span): the movie holds 60 frames"), "\(message)")
            #expect(message.contains(" 2 s at 30 fps") && !message.contains("2147483647"), "\(message)")
            #expect((try? FileManager.default.attributesOfItem(atPath: late.path)) == nil)
        }
        // Frames and times exclude each other.
        request.movie.frames = 0..<10
        #expect(throws: MediaConversionError.self) {
            try request.converter.convertMovie(source, to: folder.appendingPathComponent("both.mp4"))
        }
    }

    @Test("an existing output is refused, naming it, unless the request replaces it")
    func existingOutput() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try MovieTestSupport.iPhoneMovie(in: folder)
        let output = folder.appendingPathComponent("taken.mp4")
        try Data("keep me".utf8).write(to: output)
        var request = Self.request(.bt709, codec: .h264)
        #expect(throws: MediaConversionError.outputExists(path: output.path)) {
            try request.converter.convertMovie(source, to: output)
        }
        #expect(throws: MediaConversionError.outputExists(path: output.path)) {
            try request.converter.convert(Fixtures.url("image-files/pq16-bt2100.png"), to: output)
        }
        #expect(try Data(contentsOf: output) == Data("keep me".utf8))
        request.overwritesOutput = true
        #expect(try request.converter.convertMovie(source, to: output).frameCount == 60)
    }

    @Test(
        "a full disk (/dev/full): the error says so and no file is left",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func fullDisk() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try MovieTestSupport.iPhoneMovie(in: folder)
        let output = folder.appendingPathComponent("full.mp4")
        try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: "/dev/full")
        var request = Self.request(.bt709, codec: .h264)
        request.overwritesOutput = true
        do {
            _ = try request.converter.convertMovie(source, to: output)
            Issue.record("a conversion onto /dev/full succeeded")
        } catch {
            guard case .movie(.cannotWrite(let path, let reason)) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == output.path && reason.contains("No space left on device"), "\(error)")
        }
        #expect((try? FileManager.default.attributesOfItem(atPath: output.path)) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [source.lastPathComponent])
    }

    @Test("the times of the stages add up to the total; a PQ target measures its light level in the one pass")
    func times() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try MovieTestSupport.iPhoneMovie(in: folder)
        let report = try Self.request(.bt2100PQ, codec: .hevc).converter.convertMovie(
            source, to: folder.appendingPathComponent("pq.mp4"))
        let t = report.times
        #expect(report.check == "validate --require hdr10 --compare \(source.path)", "\(report.check)")
        #expect(report.validates, "\(report.validation)")
        for part in [t.opening, t.decoding, t.converting, t.encoding, t.checking] {
            #expect(part > .zero)
        }
        #expect(t.other >= .zero && t.other < t.total / 4, "\(t)")
        #expect(report.duration == t.total)
        // One pass, which says where the measured light level goes; the plan names the metering step.
        #expect(report.passes.map(\.name) == ["convert"])
        #expect(report.passes[0].reason.contains("first access unit"))
        #expect(report.plan.contains { $0.hasPrefix("meter the light") })
        // The bitstream's SEI and the container's clli both hold the measured level.
        let track = try ColorTagging(contentsOf: folder.appendingPathComponent("pq.mp4")).primary
        #expect(track.contentLightLevel.count == 2)
        for found in track.contentLightLevel { #expect(found.value == report.settings.contentLightLevel) }
    }
}

extension ConversionRequest {
    var converter: MediaConverter { MediaConverter(request: self) }
}
