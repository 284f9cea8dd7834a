import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import PixelBuffers
import PixelConversion
import SignalCoding
import Testing
import VideoTestSupport
import VideoFiles
import MediaSyntax

extension VideoFilesSuite {
    /// The colour a MovieWriter writes, read back by ColorTags (container colr/Colour, mdcv/clli, bitstream VUI and SEI,
    /// AV1 sequence header and metadata OBUs), checked with the `hdr10` and `hlg` policies of `hdrcolor validate`, and
    /// cross-checked with ffprobe when it is installed (the ffprobe checks are skipped otherwise).
    @Suite("Tags written")
    struct TagTests {
        init() {
            FFmpegLogLevel.quiet.apply()
            setenv("SVT_LOG", "1", 1)  // SVT-AV1's own log: errors only
        }

        static let containers = ["mp4", "mov", "mkv"]

        /// Writes 3 frames of the PQ test frame with `settings` to a file of `name`.
        static func movie(_ name: String, settings: VideoEncodeSettings, in folder: URL) throws -> URL {
            let frame = try MovieTestSupport.pqFrame()
            var frames = [frame, frame, frame]
            if settings.encoding != MovieTestSupport.pqEncoding {
                let converter = try PixelConverter(from: MovieTestSupport.pqEncoding, to: settings.encoding)
                frames = try frames.map { try converter.convert($0) }
            }
            return try MovieTestSupport.write(frames, settings: settings, to: folder.appendingPathComponent(name))
        }

        /// The findings of the rules and one policy, errors and warnings only.
        static func problems(_ tagging: ColorTagging, _ requirement: Requirement) -> [String] {
            tagging.findings(options: ValidationOptions(requirements: [requirement]))
                .filter { $0.severity == .error || $0.severity == .warning }
                .map { "\($0.rule): \($0.message)" }
        }

        @Test(
            "HEVC PQ with HDR10 metadata passes --require hdr10 in MP4, QuickTime and Matroska", arguments: containers)
        func hdr10(_ container: String) throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = try Self.movie("pq.\(container)", settings: MovieTestSupport.hevcSettings(crf: 20), in: folder)
            let tagging = try ColorTagging(contentsOf: url)
            #expect(Self.problems(tagging, .hdr10).isEmpty, "\(Self.problems(tagging, .hdr10))")
            let track = tagging.primary
            let expected = CICP.bt2100PQVideo
            let sources = Set(track.cicp.map(\.value.source))
            #expect(sources.contains(.hevcVUI), "VUI colour: \(sources)")
            #expect(sources.contains(container == "mkv" ? .matroskaColor : container == "mov" ? .nclc : .nclx))
            for tag in track.cicp { #expect(tag.value.cicp == expected, "\(tag.value.source): \(tag.value.cicp)") }
            // mdcv/clli (container) and SEI (bitstream) both present and equal to the settings.
            #expect(track.video?.bitstreamMasteringDisplay.count == 1)
            #expect(track.video?.bitstreamContentLightLevel.count == 1)
            #expect(track.masteringDisplay.count == 2, "container and SEI: \(track.masteringDisplay.map(\.location))")
            for m in track.masteringDisplay { Self.expectMastering(m.value) }
            for c in track.contentLightLevel {
                #expect(c.value.maxContentLightLevel == 1000 && c.value.maxFrameAverageLightLevel == 400)
            }
            #expect(
                track.video?.chromaSampleLocation?.value.chromaSampleLocationType == 2,
                "chroma siting top-left (type 2)")
        }

        /// Checks a mastering display against the settings' to the precision of its field: 0.00002 and 0.0001 cd/m² for
        /// HEVC SEI and mdcv; AV1's metadata OBU stores the minimum luminance in 18.14 fixed point (1/16384 cd/m²).
        static func expectMastering(_ m: MasteringDisplayColorVolume, minimumTolerance: Double = 1e-9) {
            let bt2020 = MovieTestSupport.mastering
            for (a, b) in [
                (m.red, bt2020.red), (m.green, bt2020.green), (m.blue, bt2020.blue), (m.white, bt2020.white),
            ] {
                #expect(abs(a.x - b.x) <= 0.00002 && abs(a.y - b.y) <= 0.00002, "\(a) vs \(b)")
            }
            #expect(abs(m.maximumLuminance - 1000) < 1e-9 && abs(m.minimumLuminance - 0.0001) <= minimumTolerance)
        }

        @Test("HEVC HLG passes --require hlg")
        func hlg() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var settings = MovieTestSupport.hevcSettings(encoding: MovieTestSupport.hlgEncoding, crf: 20)
            settings.masteringDisplay = nil
            settings.contentLightLevel = nil
            let url = try Self.movie("hlg.mp4", settings: settings, in: folder)
            let tagging = try ColorTagging(contentsOf: url)
            #expect(Self.problems(tagging, .hlg).isEmpty, "\(Self.problems(tagging, .hlg))")
            for tag in tagging.primary.cicp { #expect(tag.value.cicp == .bt2100HLGVideo) }
            let reader = try MovieReader(contentsOf: url)
            #expect(reader.videoStream.encoding == MovieTestSupport.hlgEncoding)
        }

        @Test("AV1 (SVT-AV1) PQ: sequence header colour, metadata OBUs, colr, mdcv and clli; passes --require hdr10")
        func av1() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var settings = MovieTestSupport.hevcSettings(crf: 30)
            settings.codec = .av1
            settings.preset = "12"
            let url = try Self.movie("av1.mp4", settings: settings, in: folder)
            let tagging = try ColorTagging(contentsOf: url)
            #expect(Self.problems(tagging, .hdr10).isEmpty, "\(Self.problems(tagging, .hdr10))")
            let sources = Set(tagging.primary.cicp.map(\.value.source))
            #expect(sources.isSuperset(of: [.av1SequenceHeader, .nclx]), "\(sources)")
            for tag in tagging.primary.cicp { #expect(tag.value.cicp == .bt2100PQVideo) }
            #expect(tagging.primary.video?.bitstreamMasteringDisplay.count == 1)
            for m in tagging.primary.masteringDisplay { Self.expectMastering(m.value, minimumTolerance: 1.0 / 16384) }
            let reader = try MovieReader(contentsOf: url)
            #expect(reader.videoStream.decoderName == "libdav1d")
            #expect(reader.videoStream.masteringDisplay != nil && reader.videoStream.contentLightLevel != nil)
        }

        @Test(
            "ffprobe reads the same colour and HDR metadata (skipped without ffprobe)",
            .enabled(if: MovieTestSupport.hasFFprobe))
        func ffprobe() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            for container in Self.containers {
                let url = try Self.movie(
                    "pq.\(container)", settings: MovieTestSupport.hevcSettings(crf: 20), in: folder)
                let stream = try MovieTestSupport.run(
                    "ffprobe",
                    [
                        "-v", "error", "-select_streams", "v:0", "-show_entries",
                        "stream=pix_fmt,color_range,color_space,color_transfer,color_primaries,chroma_location", "-of",
                        "default=noprint_wrappers=1", url.path,
                    ])
                for line in [
                    "pix_fmt=yuv420p10le", "color_range=tv", "color_space=bt2020nc", "color_transfer=smpte2084",
                    "color_primaries=bt2020", "chroma_location=topleft",
                ] {
                    #expect(stream.contains(line), "\(container): \(line) not in \(stream)")
                }
                let frames = try MovieTestSupport.run(
                    "ffprobe",
                    [
                        "-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1", "-show_frames", "-of",
                        "default=noprint_wrappers=1", url.path,
                    ])
                for line in [
                    "side_data_type=Mastering display metadata", "red_x=35400/50000", "green_x=8500/50000",
                    "blue_y=2300/50000", "white_point_x=15635/50000", "max_luminance=10000000/10000",
                    "min_luminance=1/10000", "max_content=1000", "max_average=400",
                ] {
                    #expect(frames.contains(line), "\(container) frame side data: \(line) missing")
                }
            }
        }
    }
}
