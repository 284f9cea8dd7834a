import ColorSpaces
import ColorTags
import Foundation
import MediaConversion
import PixelBuffers
import PixelConversion
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport
import SignalCoding

/// `MediaConverter.convertMovie` on movies written here with x265: BT.2100/BT.2408 codes of grey patches, frames and
/// times kept, audio copied, tags written and read back, HDR10 metadata measured, frame ranges, SDR output.
@Suite("Movie conversion")
struct MovieConversionTests {
    init() { FFmpegLogLevel.quiet.apply() }

    /// HLG signal for display luminance `l` cd/m² of a grey on the 1000 cd/m² reference display (BT.2100: inverse
    /// OOTF with γ = 1.2, then the OETF).
    static func hlgSignal(_ l: Double) -> Double {
        let e = pow(l / 1000, 1 / 1.2)
        if e <= 1 / 12 { return (3 * e).squareRoot() }
        return 0.17883277 * log(12 * e - 0.28466892) + 0.55991073
    }

    /// PQ signal for luminance `l` cd/m² (SMPTE ST 2084).
    static func pqSignal(_ l: Double) -> Double {
        let y = pow(l / 10_000, 0.1593017578125)
        return pow((0.8359375 + 18.8515625 * y) / (1 + 18.6875 * y), 78.84375)
    }

    /// A narrow-range 10-bit code.
    static func code(_ signal: Double) -> Int { Int((64 + 876 * signal).rounded()) }

    /// Luma code at the centre of grey patch `p` (top row) of a decoded frame.
    static func greyCode(_ frame: PixelBuffer, patch p: Int) -> Int {
        let half = MovieTestSupport.patch / 2
        return Int(MovieTestSupport.codes(frame, plane: 0)[half][p * MovieTestSupport.patch + half])
    }

    /// A lossless PQ source of `count` patch frames at 25 fps with HDR10 metadata.
    static func pqSource(_ folder: URL, count: Int = 6) throws -> URL {
        let frames = try (0..<count).map { _ in try MovieTestSupport.pqFrame() }
        return try MovieTestSupport.write(
            frames, settings: MovieTestSupport.hevcSettings(lossless: true), to: folder.appendingPathComponent("pq.mp4")
        )
    }

    @Test("PQ → HLG, lossless: grey at 10, 100, 203, 500, 1000 cd/m² on BT.2100 HLG codes within 2 (203 → 721)")
    func pqToHLG() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Self.pqSource(folder)
        var request = ConversionRequest(colorSpace: .bt2100HLG, lossless: true)
        request.movie.encoderThreadCount = 1
        var reports: [MovieConversionProgress] = []
        let output = folder.appendingPathComponent("hlg.mp4")
        let report = try MediaConverter(request: request).convertMovie(source, to: output) { reports.append($0) }
        #expect(report.frameCount == 6 && reports.count == 6 && reports.last?.completedFrames == 6)
        #expect(report.validates == true, "\(report.validation)")
        #expect(report.settings.encoding.colorSpace == .bt2100HLG && report.settings.masteringDisplay == nil)
        let decoded = try MovieTestSupport.readAll(output)
        #expect(decoded.count == 6)
        for (p, luminance) in MovieTestSupport.greyLuminances.enumerated() {
            let expected = Self.code(Self.hlgSignal(luminance))
            let got = Self.greyCode(decoded[0], patch: p)
            #expect(abs(got - expected) <= 2, "\(luminance) cd/m²: HLG code \(got), BT.2100 \(expected)")
        }
        #expect(Self.greyCode(decoded[0], patch: 2) == 721, "ITU-R BT.2408: 203 cd/m² at HLG 75 %")
        // The colour patches are what PixelConverter makes of the decoded source, code for code (lossless).
        let sourceFrame = try MovieTestSupport.readAll(source)[0]
        let converter = try PixelConverter(
            from: MovieTestSupport.pqEncoding, to: report.settings.encoding,
            options: {
                var o = PixelConverter.Options()
                o.toneMapping = report.toneMapping
                return o
            }())
        #expect(MovieTestSupport.maxCodeError(try converter.convert(sourceFrame), decoded[0]) == 0)
        // Tags read back by the project's reader.
        let tags = try ColorTagging(contentsOf: output)
        #expect(tags.primary.effective.cicp?.transfer == .hlg)
    }

    @Test("HLG → PQ: mastering display BT.2020 at 1000 cd/m², MaxCLL/MaxFALL measured; passes --require hdr10")
    func hlgToPQ() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pq = try Self.pqSource(folder, count: 3)
        var request = ConversionRequest(colorSpace: .bt2100HLG, lossless: true)
        request.movie.encoderThreadCount = 1
        let hlg = folder.appendingPathComponent("hlg.mkv")
        _ = try MediaConverter(request: request).convertMovie(pq, to: hlg)
        request.colorSpace = .bt2100PQ
        let back = folder.appendingPathComponent("pq.mov")
        let report = try MediaConverter(request: request).convertMovie(hlg, to: back)
        #expect(report.validates == true, "\(report.validation)")
        #expect(report.settings.masteringDisplay?.maximumLuminance == 1000)
        let measured = try #require(report.settings.contentLightLevel)
        // The brightest patch is the 1000 cd/m² grey (the yellow patch's red is 800); MaxFALL is the frame average.
        #expect(abs(measured.maxContentLightLevel - 1000) <= 10, "MaxCLL \(measured.maxContentLightLevel)")
        #expect(measured.maxFrameAverageLightLevel > 100 && measured.maxFrameAverageLightLevel < 500)
        let decoded = try MovieTestSupport.readAll(back)
        #expect(decoded.count == 3)
        let white = Self.greyCode(decoded[0], patch: 2)
        #expect(abs(white - Self.code(Self.pqSignal(203))) <= 2, "203 cd/m² back to PQ code \(white)")
        let tags = try ColorTagging(contentsOf: back)
        #expect(!tags.primary.masteringDisplay.isEmpty && !tags.primary.contentLightLevel.isEmpty)
    }

    @Test("PQ → SDR BT.709 8-bit with BT.2390 tone mapping, checked as plain validate; a frame range 2..<5 starts at 0")
    func sdrAndFrameRange() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Self.pqSource(folder)
        var request = ConversionRequest(colorSpace: .bt709, toneMapping: .method(.bt2390))
        request.movie = ConversionRequest.Movie(codec: .h264, crf: 10, preset: "ultrafast", frames: 2..<5)
        let output = folder.appendingPathComponent("sdr.mp4")
        let report = try MediaConverter(request: request).convertMovie(source, to: output)
        #expect(report.frameCount == 3 && report.validates && report.copiedStreams.isEmpty)
        #expect(report.check == "validate --compare \(source.path)")
        let reader = try MovieReader(contentsOf: output)
        #expect(reader.videoStream.codecName == "h264" && reader.videoStream.cicp == .bt709Video)
        let first = try reader.nextFrame { $0.presentationTime }
        #expect(first == Rational(0, 1))
        // Tone mapped: the 1000 cd/m² grey is white or near it, and brighter than the 203 cd/m² one.
        let frame = try MovieTestSupport.readAll(output)[0]
        let luma = frame.withView { view in
            (0..<5).map { Int(view.plane(0).row(32, as: UInt8.self)[$0 * 64 + 32]) }
        }
        #expect(luma[4] >= 225 && luma[4] > luma[2] && luma[2] > luma[0], "\(luma)")
    }

    @Test(
        "30000/1001 fps with AAC audio (ffmpeg): frame count, times and the audio packets kept; ffprobe reads the tags",
        .enabled(if: MovieTestSupport.hasFFmpeg && MovieTestSupport.hasFFprobe))
    func timesAndAudio() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("src.mp4")
        _ = try MovieTestSupport.run(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=128x64:rate=30000/1001", "-f", "lavfi",
                "-i", "sine=frequency=440:sample_rate=48000", "-t", "0.5", "-pix_fmt", "yuv420p10le", "-c:v",
                "libx265", "-x265-params",
                "log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:"
                    + "master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1):"
                    + "max-cll=1000,400",
                "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-c:a", "aac",
                "-shortest", source.path,
            ])
        var request = ConversionRequest(colorSpace: .bt2100HLG)
        request.movie.preset = "ultrafast"
        let output = folder.appendingPathComponent("hlg.mp4")
        let report = try MediaConverter(request: request).convertMovie(source, to: output)
        #expect(report.copiedStreams.map(\.kind) == [.audio])
        func times(_ url: URL) throws -> [Rational?] {
            let reader = try MovieReader(contentsOf: url)
            var list: [Rational?] = []
            while let t = try reader.nextFrame({ $0.presentationTime }) { list.append(t) }
            return list
        }
        let before = try times(source)
        let after = try times(output)
        #expect(before.count == 15 && after == before)
        func packets(_ url: URL, _ stream: String) throws -> String {
            try MovieTestSupport.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", stream, "-count_packets", "-show_entries",
                    "stream=nb_read_packets,r_frame_rate", "-of", "csv=p=0", url.path,
                ])
        }
        let audio = (try packets(source, "a"), try packets(output, "a"))
        let video = (try packets(source, "v"), try packets(output, "v"))
        #expect(audio.0 == audio.1 && video.0 == video.1)
        let probe = try MovieTestSupport.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v", "-show_entries",
                "stream=color_primaries,color_transfer,color_space,color_range", "-of", "csv=p=0", output.path,
            ])
        #expect(probe.trimmingCharacters(in: .whitespacesAndNewlines) == "tv,bt2020nc,arib-std-b67,bt2020")
        let tags = try ColorTagging(contentsOf: output)
        #expect(tags.primary.effective.cicp == .bt2100HLGVideo)
    }

    @Test("refusals: an output name that is no movie, linear light, a missing input")
    func refusals() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Self.pqSource(folder, count: 1)
        #expect(throws: MediaConversionError.self) {
            try MediaConverter(request: ConversionRequest()).convertMovie(
                source, to: folder.appendingPathComponent("x.png"))
        }
        #expect(throws: MediaConversionError.self) {
            try MediaConverter(request: ConversionRequest(colorSpace: .extendedLinearDisplayP3))
                .convertMovie(source, to: folder.appendingPathComponent("x.mp4"))
        }
        do {
            _ = try MediaConverter(request: ConversionRequest()).convertMovie(
                folder.appendingPathComponent("missing.mp4"), to: folder.appendingPathComponent("x.mp4"))
            Issue.record("a missing input converted")
        } catch { #expect(error.isUnreadableInput) }
        #expect(MediaConverter.isMovie(source) && !MediaConverter.isMovie(folder.appendingPathComponent("a.png")))
        // The output is the input: refused before anything is written, the input intact.
        let size = try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int
        #expect(throws: MediaConversionError.self) {
            try MediaConverter(request: ConversionRequest(colorSpace: .bt2100HLG)).convertMovie(source, to: source)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int == size)
        // AV1 cannot be lossless: refused, and no unplayable file is left behind.
        var av1 = ConversionRequest(colorSpace: .bt2100HLG, lossless: true)
        av1.movie.codec = .av1
        #expect(throws: MediaConversionError.self) {
            try MediaConverter(request: av1).convertMovie(source, to: folder.appendingPathComponent("av1.mkv"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("av1.mkv").path))
        // Dolby Vision profile 5: no displayable base layer, refused rather than converted as Y′CbCr.
        do {
            _ = try MediaConverter(request: ConversionRequest(colorSpace: .bt2100HLG)).convertMovie(
                Fixtures.url("movies/dv-5.mp4"), to: folder.appendingPathComponent("dv.mp4"))
            Issue.record("a Dolby Vision profile 5 movie converted")
        } catch {
            #expect(error.isUnreadableInput && "\(error)".contains("profile 5"))
        }
    }
}
