import ColorSpaces
import Foundation
import SignalCoding
import TestSupport
import Testing

@testable import ColorTags
import MediaSyntax
import TagValidation

/// Streams made at test time by ffmpeg: raw HEVC, H.264, AV1 (IVF and OBU), MPEG-TS and 10-bit VP9 without colour
/// elements. Colour is cross-checked with ffprobe on the same files.
@Suite(
    "Raw streams and transport streams (ffmpeg)",
    .enabled(
        if: ExternalTool.path("ffmpeg") != nil && ExternalTool.path("ffprobe") != nil,
        "ffmpeg/ffprobe are not installed: skipped (apt-get install ffmpeg)"))
struct StreamFFmpegTests {
    static let pqX265 =
        "log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:"
        + "master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1):max-cll=1000,400"

    /// Runs ffmpeg on a 64×64 test pattern of `frames` frames with `arguments` and returns the output's URL.
    static func make(_ name: String, frames: Int = 3, _ arguments: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hdrcolor-streams-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        let status = try ExternalTool.run(
            try #require(ExternalTool.path("ffmpeg")),
            ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x64:rate=25", "-frames:v", "\(frames)"]
                + arguments + [url.path]
        ).status
        #expect(status == 0, "ffmpeg failed for \(name)")
        return url
    }

    /// ffprobe's colour of the first video stream: primaries, transfer, space, range, pixel format.
    static func probe(_ url: URL) throws -> [String: String] {
        let output = try ExternalTool.run(
            try #require(ExternalTool.path("ffprobe")),
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries",
                "stream=color_primaries,color_transfer,color_space,color_range,pix_fmt", "-of", "default=nw=1",
                url.path,
            ]
        ).output
        var fields: [String: String] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    @Test("raw HEVC: SPS VUI, mastering display and light level SEI, frames counted; ffprobe agrees")
    func hevc() throws {
        let url = try Self.make("pq.hevc", ["-c:v", "libx265", "-x265-params", Self.pqX265, "-pix_fmt", "yuv420p10le"])
        let tags = try ColorTagging(contentsOf: url)
        #expect(tags.format == .hevcStream)
        let image = tags.primary
        #expect(image.bitDepth == 10)
        #expect(
            image.effective.cicp
                == CICP(colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 9, videoFullRange: false))
        #expect(image.masteringDisplay.first?.value.maximumLuminance == 1000)
        #expect(image.contentLightLevel.first?.value.maxContentLightLevel == 1000)
        #expect(tags.movie?.scan?.frames == 3)
        #expect(tags.movie?.scan?.reachedEnd == true)
        let probe = try Self.probe(url)
        #expect(probe["color_primaries"] == "bt2020" && probe["color_transfer"] == "smpte2084")
        #expect(probe["color_space"] == "bt2020nc" && probe["color_range"] == "tv")
        #expect(tags.findings().isEmpty)
    }

    @Test("raw H.264 10-bit without colour: untagged-10-bit fires as for a movie track")
    func avcUntagged() throws {
        let url = try Self.make("untagged.h264", ["-c:v", "libx264", "-pix_fmt", "yuv420p10le"])
        let tags = try ColorTagging(contentsOf: url)
        #expect(tags.format == .avcStream)
        #expect(tags.primary.bitDepth == 10)
        #expect(tags.movie?.scan?.frames == 3)
        #expect(Set(tags.findings().map(\.rule)).contains(.videoUntagged10Bit))
        #expect(try Self.probe(url)["color_space"] == "unknown")
    }

    @Test("MPEG-TS: PAT, PMT, PES payloads of the HEVC stream read like MP4's, ffprobe agrees")
    func transportStream() throws {
        let url = try Self.make("pq.ts", ["-c:v", "libx265", "-x265-params", Self.pqX265, "-pix_fmt", "yuv420p10le"])
        let tags = try ColorTagging(contentsOf: url)
        #expect(tags.format == .mpegTS)
        #expect(tags.primary.video?.codec == .hevc)
        #expect(
            tags.primary.effective.cicp
                == CICP(colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 9, videoFullRange: false))
        #expect(tags.primary.masteringDisplay.count == 1)
        #expect(tags.primary.contentLightLevel.count == 1)
        #expect(tags.movie?.scan?.frames == 3)
        let m2ts = try Self.make(
            "bt709.m2ts",
            [
                "-c:v", "libx264", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-f",
                "mpegts",
                "-mpegts_m2ts_mode", "1",
            ])
        let blu = try ColorTagging(contentsOf: m2ts)
        #expect(blu.movie?.container == "MPEG-TS (192-byte packets)")
        #expect(
            blu.primary.effective.cicp
                == CICP(colorPrimaries: 1, transferCharacteristics: 1, matrixCoefficients: 1, videoFullRange: false))
        #expect(try Self.probe(m2ts)["color_primaries"] == "bt709")
    }

    @Test("AV1 in IVF and as a low-overhead OBU stream: the sequence header's colour")
    func av1() throws {
        let ivf = try Self.make(
            "pq.ivf",
            [
                "-c:v", "libaom-av1", "-cpu-used", "8", "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020",
                "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
            ])
        let obu = ivf.deletingPathExtension().appendingPathExtension("obu")
        _ = try ExternalTool.run(
            try #require(ExternalTool.path("ffmpeg")),
            ["-loglevel", "error", "-y", "-i", ivf.path, "-c", "copy", "-f", "obu", obu.path])
        let expected = CICP(
            colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 9, videoFullRange: false)
        let fromIVF = try ColorTagging(contentsOf: ivf)
        #expect(fromIVF.format == .ivf)
        #expect(fromIVF.primary.effective.cicp == expected)
        #expect(fromIVF.primary.bitDepth == 10)
        #expect(fromIVF.movie?.scan?.frames == 3)
        let fromOBU = try ColorTagging(contentsOf: obu)
        #expect(fromOBU.format == .av1Stream)
        #expect(fromOBU.primary.effective.cicp == expected)
        #expect(fromOBU.movie?.scan?.frames == 3)
        #expect(try Self.probe(ivf)["color_transfer"] == "smpte2084")
    }

    @Test("10-bit VP9 WebM without Colour: bit depth, matrix and range from the frame header; untagged-10-bit fires")
    func vp9WebM() throws {
        let url = try Self.make(
            "untagged.webm",
            ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p10le", "-deadline", "realtime", "-cpu-used", "8"])
        let tags = try ColorTagging(contentsOf: url)
        #expect(tags.primary.bitDepth == 10)
        #expect(tags.primary.video?.profile == 2)
        #expect(tags.primary.cicp(from: .vp9FrameHeader) != nil)
        #expect(Set(tags.findings().map(\.rule)).contains(.videoUntagged10Bit))
        let tagged = try Self.make(
            "bt2020.ivf",
            [
                "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p10le", "-colorspace", "bt2020nc", "-color_range", "pc",
                "-deadline", "realtime", "-cpu-used", "8",
            ])
        let header = try #require(try ColorTagging(contentsOf: tagged).primary.cicp(from: .vp9FrameHeader))
        #expect(header.value.cicp.matrixCoefficients == 9 && header.value.cicp.videoFullRange)
        let probe = try Self.probe(tagged)
        #expect(probe["color_space"] == "bt2020nc" && probe["color_range"] == "pc")
    }

    @Test("every prefix of a real stream reads without a crash: a tagging or a typed error")
    func truncations() throws {
        let url = try Self.make("cut.ts", frames: 2, ["-c:v", "libx265", "-x265-params", "log-level=error"])
        let bytes = [UInt8](try Data(contentsOf: url))
        for length in stride(from: 0, through: bytes.count, by: 7) {
            _ = try? ColorTagging(bytes: Array(bytes.prefix(length)))
        }
    }
}

/// Hand-made streams: signatures, an RPU file as dovi_tool writes it, and hostile input.
@Suite("Raw streams (hand-made bytes)")
struct StreamBytesTests {
    /// Bits, most significant first, padded with zeros to whole bytes.
    static func bytes(_ fields: [(UInt32, Int)]) -> [UInt8] {
        var bits: [Bool] = []
        for (value, count) in fields {
            for i in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> i & 1 == 1) }
        }
        while bits.count % 8 != 0 { bits.append(false) }
        return stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }

    /// A whole profile 8 RPU (DolbyVisionRPUTests' builder) as an HEVC NAL unit of type 62 behind a start code.
    static let profile8RPU: [UInt8] = [0, 0, 0, 1, 0x7C, 0x01] + EmulationPrevention.escape(DolbyVisionRPUTests.rpu())

    @Test("an RPU file: every RPU counted, the first one's header read, no picture rules")
    func rpuFile() throws {
        let file = Self.profile8RPU + Self.profile8RPU + Self.profile8RPU
        let tags = try ColorTagging(bytes: file)
        #expect(tags.format == .dolbyVisionRPU)
        #expect(tags.movie?.scan?.dolbyVisionRPUs == 3)
        let header = try #require(tags.primary.video?.dolbyVisionRPUHeader?.value)
        #expect(header.rpuType == 2 && header.rpuFormat == 18 && header.vdrRPUProfile == 1)
        #expect(header.baseLayerBitDepth == 10 && header.enhancementLayerBitDepth == 10 && header.vdrBitDepth == 12)
        #expect(header.profileHint == 8)
        #expect(tags.findings().isEmpty, "\(tags.findings())")
        #expect(tags.text(path: "RPU.bin").contains("3 Dolby Vision RPUs"))
    }

    @Test("an RPU file as dovi_tool writes it: start code, then the RPU payload without the 7C 01 NAL header")
    func doviToolRPUFile() throws {
        let bare = [0, 0, 0, 1] + EmulationPrevention.escape(DolbyVisionRPUTests.rpu())
        let tags = try ColorTagging(bytes: bare + bare)
        #expect(tags.format == .dolbyVisionRPU)
        #expect(tags.movie?.scan?.dolbyVisionRPUs == 2)
        #expect(tags.primary.video?.dolbyVisionRPUHeader?.value.profileHint == 8)
        #expect(tags.problems.isEmpty && tags.findings().isEmpty, "\(tags.problems)")
    }

    @Test("a stream that ends right after an RPU's NAL header is no RPU file and no trap (FuzzStreams)")
    func rpuHeaderAtTheEnd() {
        #expect(MediaFileFormat(signatureOf: [0, 0, 1, 0x7C, 0x01]) != .dolbyVisionRPU)
        #expect(MediaFileFormat(signatureOf: [0, 0, 1, 0x7C, 0x01, 0x19]) == .dolbyVisionRPU)
        _ = try? ColorTagging(bytes: [0, 0, 1, 0x7C, 0x01])
    }

    @Test("a broken RPU header is a malformed finding, not a guess")
    func brokenRPU() throws {
        let tags = try ColorTagging(bytes: [0, 0, 0, 1, 0x7C, 0x01, 0x19, 0xFC, 0x00])  // rpu_type 63
        #expect(
            tags.problems.contains { $0.rule == .malformed && $0.message.contains("cannot be read") },
            "\(tags.problems)")
    }

    /// A raw HEVC stream (an access unit delimiter, SEI 144 with MaxCLL 1000 / MaxFALL 400, then RPUs: one with a
    /// broken CRC, one with scene_refresh_flag 2) whose RPUs carry L6 MaxCLL 3948 / MaxFALL 120.
    static let rpuStream: [UInt8] = {
        let aud: [UInt8] = [0, 0, 0, 1, 0x46, 0x01, 0x50]
        let sei: [UInt8] = [0, 0, 0, 1, 0x4E, 0x01, 0x90, 0x04, 0x03, 0xE8, 0x01, 0x90, 0x80]
        var broken = DolbyVisionRPUTests.rpu()
        broken[30] ^= 1
        var stream = aud + sei
        for rpu in [DolbyVisionRPUTests.rpu(), broken, DolbyVisionRPUTests.rpu(refresh: 2)] {
            stream += [0, 0, 0, 1, 0x7C, 0x01] + EmulationPrevention.escape(rpu)
        }
        return stream
    }()

    @Test("emulation prevention (H.265 §7.4.2): escape inserts 0x03 after 00 00 before a byte ≤ 3; unescape undoes it")
    func emulationPrevention() {
        let raw: [UInt8] = [0, 0, 1, 0, 0, 0, 0, 3, 0, 0, 4]
        #expect(EmulationPrevention.escape(raw) == [0, 0, 3, 1, 0, 0, 3, 0, 0, 3, 3, 0, 0, 4])
        #expect(EmulationPrevention.unescape(EmulationPrevention.escape(raw)) == raw)
        #expect(
            AnnexB.units([0, 0, 0, 1, 0x19, 0xD8, 0, 0, 1, 0x80], complete: true, limit: 9, fourByteStartCodes: true)
                == [4..<10])
        #expect(AnnexB.units([0, 0, 0, 1, 0x19, 0xD8, 0, 0, 1, 0x80], complete: true, limit: 9) == [4..<6, 9..<10])
    }

    @Test("the RPU rules on a raw stream: a CRC failure, L6 against SEI 144, an impossible shot structure")
    func rpuRules() throws {
        let tags = try ColorTagging(bytes: Self.rpuStream)
        #expect(tags.format == .hevcStream)
        let rules = Set(tags.findings().map(\.rule))
        #expect(rules.isSuperset(of: [.videoDolbyVisionRPUCRC, .videoDolbyVisionL6Mismatch, .videoDolbyVisionShots]))
        let l6 = try #require(tags.findings().first { $0.rule == .videoDolbyVisionL6Mismatch })
        #expect(l6.message.contains("3948") && l6.message.contains("1000"), "\(l6.message)")
    }

    @Test("signatures by content: HEVC and H.264 headers do not overlap; IVF; OBUs; transport packets")
    func signatures() {
        #expect(MediaFileFormat(signatureOf: [0, 0, 0, 1, 0x40, 0x01, 0x0C]) == .hevcStream)
        #expect(MediaFileFormat(signatureOf: [0, 0, 1, 0x46, 0x01, 0x50]) == .hevcStream)
        #expect(MediaFileFormat(signatureOf: [0, 0, 0, 1, 0x09, 0xF0]) == .avcStream)
        #expect(MediaFileFormat(signatureOf: [0, 0, 0, 1, 0x67, 0x64, 0x00]) == .avcStream)
        #expect(MediaFileFormat(signatureOf: [0, 0, 0, 1, 0x46, 0x00, 0x00]) == nil)  // temporal id 0: invalid
        #expect(MediaFileFormat(signatureOf: [0, 0, 0, 1, 0x65, 0x88, 0x84]) == nil)  // a slice cannot start a stream
        #expect(MediaFileFormat(signatureOf: Array("DKIF".utf8) + [0, 0, 32, 0] + Array("AV01".utf8)) == .ivf)
        #expect(MediaFileFormat(signatureOf: [0x12, 0x00, 0x0A, 0x0B]) == .av1Stream)
        #expect(MediaFileFormat(signatureOf: [0x12, 0x01, 0x0A, 0x0B]) == nil)  // a temporal delimiter is empty
        let packet = [UInt8](repeating: 0xFF, count: 188)
        let packets: [UInt8] = Array(repeating: [0x47] + packet.dropFirst(), count: 3).flatMap { $0 }
        #expect(MediaFileFormat(signatureOf: packets) == .mpegTS)
        #expect(MediaFileFormat(signatureOf: [0x47] + packet) == nil)  // one packet is not a pattern
    }

    @Test("garbage after a valid signature: typed errors or problems with messages, never a trap")
    func hostile() {
        var generator = SplitMix64(state: 0x5EED)  // seeded: a failure replays
        let heads: [[UInt8]] = [
            [0, 0, 0, 1, 0x40, 0x01], [0, 0, 1, 0x67], Array("DKIF".utf8) + [0, 0, 32, 0] + Array("VP90".utf8),
            [0x12, 0x00], [0, 0, 0, 1, 0x7C, 0x01, 0x19], [0x47, 0x40, 0x00, 0x10],
        ]
        for head in heads {
            for length in [0, 1, 5, 40, 400] {
                var bytes = head
                for _ in 0..<length { bytes.append(UInt8.random(in: 0...255, using: &generator)) }
                if head.first == 0x47 { bytes += [0x47] + [UInt8](repeating: 0, count: 187) + [0x47] }
                do {
                    let tags = try ColorTagging(bytes: bytes)
                    // What was read stays within the bytes, and every problem says what it is.
                    #expect((tags.movie?.scan?.bytes ?? 0) <= bytes.count, "\(head) + \(length)")
                    #expect(tags.problems.allSatisfy { !$0.message.isEmpty }, "\(head) + \(length)")
                } catch {
                    #expect(!"\(error)".isEmpty, "\(head) + \(length)")
                }
            }
        }
    }

    @Test("the scan stops at maximumStreamScanBytes and says so")
    func bound() throws {
        let file: [UInt8] = (0..<400).flatMap { _ in Self.profile8RPU }
        let tags = try ColorTagging(bytes: file, limits: ReadLimits(maximumStreamScanBytes: 4000))
        let scan = try #require(tags.movie?.scan)
        #expect(scan.bytes == 4000 && !scan.reachedEnd)
        #expect(scan.dolbyVisionRPUs < 400 && scan.dolbyVisionRPUs > 10)
    }
}
