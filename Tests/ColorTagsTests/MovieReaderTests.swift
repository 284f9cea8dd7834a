import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import SignalCoding
import TestSupport
import Testing
import MediaSyntax

/// Reading movies made by independent producers (ffmpeg 5.1 with libx265, libx264, SVT-AV1 and libvpx; mkvmerge)
/// and files patched from the specifications: containers, every source of colour with its location, the effective
/// colour, HDR metadata in each unit and order, Dolby Vision records.
@Suite("Movie reader")
struct MovieReaderTests {
    static func video(_ name: String) throws -> (ImageTags, VideoStreamTags) {
        let tags = try MovieFixtures.tags(name)
        let image = tags.primary
        return (image, try #require(image.video, "\(name) has no video track"))
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-4) -> Bool { Swift.abs(a - b) <= tolerance }

    /// The Display P3 / D65 / 1000 / 0.0001 cd/m² mastering display every HDR10 fixture carries.
    static func isP3Mastering(_ m: MasteringDisplayColorVolume, tolerance: Double = 1e-4) -> Bool {
        close(m.red.x, 0.68, tolerance) && close(m.red.y, 0.32, tolerance) && close(m.green.x, 0.265, tolerance)
            && close(m.green.y, 0.69, tolerance) && close(m.blue.x, 0.15, tolerance) && close(m.blue.y, 0.06, tolerance)
            && close(m.white.x, 0.3127, tolerance) && close(m.white.y, 0.329, tolerance)
            && close(m.maximumLuminance, 1000, 0.01) && close(m.minimumLuminance, 0.0001, 5e-5)
    }

    @Test("formats from signatures: MP4 brands, QuickTime, old QuickTime without ftyp, Matroska and WebM DocTypes")
    func formats() throws {
        for name in MovieFixtures.allFiles {
            let tags = try MovieFixtures.tags(name)
            let expected: MediaFileFormat =
                name.hasSuffix(".mov")
                ? .mov
                : name.hasSuffix(".mkv") || name.hasSuffix(".webm")
                    ? .matroska : name.hasSuffix(".hevc") ? .hevcStream : .mp4
            #expect(tags.format == expected, "\(name)")
            #expect(tags.movie != nil, "\(name)")
        }
        #expect(try MovieFixtures.tags("svtav1-pq-hdr10.webm").movie?.container == "WebM")
        #expect(try MovieFixtures.tags("svtav1-pq-hdr10.webm").brands == ["webm"])
        #expect(try MovieFixtures.tags("x265-hlg.mov").brands.first == "qt  ")
        #expect(try MovieFixtures.tags("quicktime-no-ftyp.mov").brands.isEmpty)
        // HEIF and AVIF images keep their formats.
        #expect(try Corpus.tags("avif/avifenc-pq-10bit.avif").format == .avif)
        #expect(try Corpus.tags("heif/nclx-pq-10bit.heic").format == .heif)
        #expect(MediaFileFormat.knownExtensions.isSuperset(of: ["mp4", "mov", "mkv", "webm", "m4v"]))
    }

    @Test("x265 HDR10 in MP4: colr nclx, the SPS VUI, SEI 137 in G, B, R order and SEI 144, all with locations")
    func hdr10() throws {
        let (image, video) = try Self.video("x265-pq-hdr10.mp4")
        #expect(image.role == .videoTrack(id: 1))
        #expect(image.width == 64 && image.height == 64 && image.bitDepth == 10 && image.channelCount == 3)
        #expect(video.codec == .hevc && video.sampleEntry == "hvc1" && video.profile == 2 && video.chromaFormat == 1)
        #expect(image.cicp.map(\.value.source) == [.nclx, .hevcVUI])
        for tag in image.cicp {
            #expect(
                tag.value.cicp
                    == CICP(
                        colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 9, videoFullRange: false))
        }
        #expect(image.cicp[0].location.container == "moov/trak[1]/mdia/minf/stbl/stsd/hvc1/colr (nclx)")
        #expect(image.cicp[1].location.container.contains("hvcC (HEVC SPS VUI)"))
        let mastering = try #require(image.masteringDisplay.first)
        #expect(Self.isP3Mastering(mastering.value))
        #expect(mastering.location.container.contains("SEI 137"))
        #expect(
            image.contentLightLevel.first?.value
                == ContentLightLevel(maxContentLightLevel: 1000, maxFrameAverageLightLevel: 400))
        #expect(video.bitstreamMasteringDisplay.count == 1 && video.bitstreamContentLightLevel.count == 1)
        #expect(image.effective.basis == .cicp && image.effective.transfer == .pq)
        #expect(image.effective.cicp?.description == "9/16/9/0")
        #expect(image.effective.location == image.cicp[0].location)
        #expect(video.frameRate == 25 && video.sampleCount == 3)
        #expect(image.hlsVideoRange == .pq)
        #expect(video.firstSample != nil)
    }

    @Test("moov after mdat and moov before mdat give the same tags")
    func moovPlacement() throws {
        let end = try MovieFixtures.tags("x265-pq-hdr10.mp4")
        let start = try MovieFixtures.tags("x265-pq-hdr10-faststart.mp4")
        #expect((end.movie?.trackListOffset ?? 0) > 1000 && (start.movie?.trackListOffset ?? .max) < 100)
        #expect(end.primary.cicp.map(\.value) == start.primary.cicp.map(\.value))
        #expect(end.primary.masteringDisplay.map(\.value) == start.primary.masteringDisplay.map(\.value))
        #expect(end.primary.effective.cicp == start.primary.effective.cicp)
    }

    @Test("fragmented MP4: the first sample is found through the first moof")
    func fragmented() throws {
        let tags = try MovieFixtures.tags("x265-pq-fragmented.mp4")
        #expect(tags.movie?.isFragmented == true)
        let video = try #require(tags.primary.video)
        let sample = try #require(video.firstSample)
        let bytes = try MovieFixtures.bytes("x265-pq-fragmented.mp4")
        // The sample starts with a 4-byte NAL length and an HEVC NAL header.
        #expect(sample.offset > 0 && sample.offset + 6 <= bytes.count && sample.length > 100)
        #expect(Self.isP3Mastering(try #require(tags.primary.masteringDisplay.first).value))
    }

    @Test("the container wins over the bitstream, field by field, and says where the colour came from")
    func precedence() throws {
        let mismatch = try MovieFixtures.tags("x265-colr-vui-mismatch.mp4").primary
        #expect(mismatch.effective.cicp?.description == "1/1/1/0")
        #expect(mismatch.cicp(from: .hevcVUI)?.value.cicp.colorPrimaries == 9)
        let vuiOnly = try MovieFixtures.tags("x265-vui-only.mp4").primary
        #expect(vuiOnly.colorBoxTypes.isEmpty)
        #expect(vuiOnly.effective.cicp?.description == "9/16/9/0")
        #expect(vuiOnly.effective.location?.container.contains("HEVC SPS VUI") == true)
        let untagged = try MovieFixtures.tags("x265-untagged-10bit.mp4").primary
        #expect(untagged.effective.basis == .none && untagged.hlsVideoRange == nil)
        #expect(untagged.cicp.allSatisfy { !$0.value.hasColorDescription })  // x265 codes the range flag only
    }

    @Test("DVB HLG: the alternative transfer characteristics SEI replaces the VUI's 14 (Multicorewareinc/x265 #321)")
    func alternativeTransfer() throws {
        let (image, video) = try Self.video("x265-dvb-hlg-atc.mp4")
        #expect(video.alternativeTransfer?.value == 18)
        #expect(video.alternativeTransfer?.location.container.contains("SEI 147") == true)
        #expect(image.cicp.allSatisfy { $0.value.cicp.transferCharacteristics == 14 })
        #expect(image.effective.transfer == .hlg && image.effective.cicp?.description == "9/18/9/0")
        #expect(image.effective.colorSpaceName?.contains("alternative transfer characteristics SEI") == true)
        #expect(image.hlsVideoRange == .hlg)
    }

    @Test("QuickTime: colr nclc without a range flag, H.264 High 10 SPS VUI, HLG")
    func quickTime() throws {
        let (image, video) = try Self.video("x264-hlg-10bit.mov")
        #expect(image.cicp.map(\.value.source) == [.nclc, .avcVUI])
        #expect(video.codec == .avc && video.profile == 110 && image.bitDepth == 10 && video.chromaBitDepth == 10)
        #expect(image.effective.cicp?.description == "9/18/9/0")
        #expect(image.hlsVideoRange == .hlg)
        let old = try MovieFixtures.tags("quicktime-no-ftyp.mov")
        #expect(old.primary.effective.cicp?.description == "9/18/9/0")
        let sdr = try Self.video("x264-bt709.mp4")
        #expect(sdr.0.cicp(from: .avcVUI)?.value.cicp.description == "1/1/1/0")
        #expect(sdr.0.bitDepth == 8 && sdr.1.profile != nil && sdr.0.hlsVideoRange == .sdr)
    }

    @Test("Matroska from ffmpeg: Colour with Range and ChromaSiting, CodecPrivate hvcC, SEI in CodecPrivate")
    func matroska() throws {
        let (image, video) = try Self.video("x265-pq-hdr10.mkv")
        #expect(video.codecID == "V_MPEGH/ISO/HEVC" && video.codec == .hevc)
        #expect(image.cicp.map(\.value.source) == [.matroskaColor, .hevcVUI])
        let colour = try #require(video.matroskaColor?.value)
        #expect(colour.primaries == 9 && colour.transferCharacteristics == 16 && colour.range == 1)
        #expect(video.matroskaColor?.value.chromaSitingHorizontal == 1)
        #expect(video.matroskaColor?.value.chromaSitingVertical == 2)
        #expect(
            video.chromaSampleLocation?.value == .left
                && video.chromaSampleLocation?.value.chromaSampleLocationType == 0)
        #expect(image.effective.cicp?.description == "9/16/9/0")
        #expect(Self.isP3Mastering(try #require(image.masteringDisplay.first).value))
    }

    @Test("Matroska from mkvmerge: MasteringMetadata floats and MaxCLL/MaxFALL beside the SEI values")
    func mkvmerge() throws {
        let (image, video) = try Self.video("mkvmerge-pq-hdr10.mkv")
        #expect(image.masteringDisplay.count == 2 && video.bitstreamMasteringDisplay.count == 1)
        #expect(image.masteringDisplay[0].location.container.hasSuffix("Colour/MasteringMetadata"))
        #expect(Self.isP3Mastering(image.masteringDisplay[0].value, tolerance: 1e-6))
        #expect(image.contentLightLevel.map(\.value.maxContentLightLevel) == [1000, 1000])
        #expect(video.matroskaColor?.value.bitsPerChannel == 10)
        let mismatch = try MovieFixtures.tags("mkvmerge-clli-mismatch.mkv").primary
        #expect(mismatch.contentLightLevel.map(\.value.maxContentLightLevel) == [4000, 1000])
    }

    @Test("Matroska with Tracks after the Clusters: found through the SeekHead")
    func tracksAfterClusters() throws {
        let moved = try MovieFixtures.tags("tracks-after-clusters.mkv")
        let original = try MovieFixtures.tags("x265-pq-hdr10.mkv")
        #expect(moved.primary.cicp.map(\.value) == original.primary.cicp.map(\.value))
        #expect(moved.primary.masteringDisplay.map(\.value) == original.primary.masteringDisplay.map(\.value))
        #expect((moved.movie?.trackListOffset ?? 0) > (moved.primary.video?.firstSample?.offset ?? .max))
        #expect(moved.problems.isEmpty)
    }

    @Test("mdcv and clli boxes from ffmpeg 5.1 decode (G, B, R) to the SEI's values; SmDm and CoLL (R, G, B, 0.16) too")
    func hdrBoxes() throws {
        let mp4 = try MovieFixtures.tags("ffmpeg-mdcv-clli.mp4").primary
        #expect(mp4.masteringDisplay.count == 2 && mp4.masteringDisplay.allSatisfy { Self.isP3Mastering($0.value) })
        #expect(mp4.masteringDisplay[0].location.container.hasSuffix("hvc1/mdcv"))
        #expect(mp4.contentLightLevel[0].location.container.hasSuffix("hvc1/clli"))
        let vp9 = try Self.video("vp9-pq-smdm.mp4")
        #expect(vp9.1.codec == .vp9 && vp9.1.sampleEntry == "vp09" && vp9.1.profile == 2 && vp9.0.bitDepth == 10)
        #expect(vp9.0.cicp.map(\.value.source) == [.nclx, .vpcC])
        let smdm = try #require(vp9.0.masteringDisplay.first)
        #expect(smdm.location.container.hasSuffix("vp09/SmDm"))
        #expect(Self.isP3Mastering(smdm.value, tolerance: 2.0 / 65536))
        #expect(vp9.0.contentLightLevel.first?.value.maxContentLightLevel == 1000)
        #expect(vp9.0.contentLightLevel.first?.location.container.hasSuffix("vp09/CoLL") == true)
        let mdcv = try MovieFixtures.tags("vp9-pq-mdcv.mp4").primary.masteringDisplay
        #expect(Self.close(mdcv[0].value.red.x, smdm.value.red.x, 3e-5))
    }

    @Test("AV1 from SVT-AV1: av1C sequence header and metadata OBUs (R, G, B in 0.16, 24.8 and 18.14 fixed point)")
    func av1() throws {
        for name in ["svtav1-pq-hdr10.mp4", "svtav1-pq-hdr10.webm"] {
            let (image, video) = try Self.video(name)
            #expect(video.codec == .av1 && image.bitDepth == 10, "\(name)")
            #expect(image.cicp(from: .av1SequenceHeader)?.value.cicp.description == "9/16/9/0", "\(name)")
            let mastering = try #require(video.bitstreamMasteringDisplay.first)
            #expect(mastering.location.container.contains("metadata OBU (HDR_MDCV)"), "\(name)")
            #expect(Self.isP3Mastering(mastering.value, tolerance: 1.0 / 65536 + 1e-9), "\(name)")
            #expect(mastering.value.minimumLuminance == 2.0 / 16384, "\(name)")  // 0.0001 in 18.14 fixed point
            #expect(video.bitstreamContentLightLevel.first?.value.maxFrameAverageLightLevel == 400, "\(name)")
            #expect(image.hlsVideoRange == .pq, "\(name)")
        }
    }

    @Test("Dolby Vision records in MP4 (dvvC, dvcC) and Matroska (ffmpeg's and mkvmerge's BlockAdditionMapping)")
    func dolbyVision() throws {
        for name in ["dv-8.1-pq.mp4", "dv-8.1-pq.mkv", "mkvmerge-dv-8.1.mkv", "ffmpeg-remux-dv-kept.mp4"] {
            let record = try #require(try Self.video(name).1.dolbyVision, "\(name)")
            let r = record.value
            #expect(r.boxType == "dvvC" && r.profile == 8 && r.level == 6 && r.compatibilityID == 1, "\(name)")
            #expect(r.rpuPresent && r.baseLayerPresent && !r.enhancementLayerPresent, "\(name)")
            #expect(r.versionMajor == 1 && r.versionMinor == 0 && r.name == "8.1", "\(name)")
        }
        #expect(try Self.video("ffmpeg-remux-dv-dropped.mp4").1.dolbyVision == nil)
        #expect(try Self.video("dv-8.1-in-dvcC.mp4").1.dolbyVision?.value.expectedBoxType == "dvvC")
        let five = try Self.video("dv-5.mp4")
        #expect(five.1.dolbyVision?.value.profile == 5 && five.0.effective.basis == .dolbyVisionProfile5)
        #expect(five.0.hlsVideoRange == .pq)  // HLS: Dolby Vision profile 5 is PQ
    }

    @Test("protected sample entry: encv with sinf/frma hvc1 is read as HEVC")
    func encrypted() throws {
        let (image, video) = try Self.video("encv-hvc1.mp4")
        #expect(video.sampleEntry == "encv" && video.originalFormat == "hvc1" && video.protectionScheme == "cenc")
        #expect(video.codec == .hevc && image.cicp(from: .hevcVUI) != nil)
    }

    @Test("HDR10+ SEI (ITU-T T.35, 0xB5, 0x003C, 0x0001, application 4) in the first sample")
    func hdr10Plus() throws {
        let (_, video) = try Self.video("x265-hdr10plus.mp4")
        let location = try #require(video.hdr10Plus)
        #expect(location.container.hasPrefix("sample 1 of track 1") && location.container.contains("SEI 4"))
        #expect(try Self.video("x265-pq-hdr10.mp4").1.hdr10Plus == nil)
    }

    @Test("a colr 'prof' ICC profile gives primaries and transfer; the bitstream keeps the matrix")
    func iccProfile() throws {
        let image = try MovieFixtures.tags("colr-prof-srgb.mp4").primary
        #expect(image.iccProfiles.count == 1 && image.colorBoxTypes.map(\.value) == ["prof"])
        #expect(image.effective.basis == .iccProfile && image.effective.transfer == .sRGB)
        #expect(image.effective.cicp?.matrixCoefficients == 9 && image.effective.range == .narrow)
    }

    @Test("an audio track first: one image, video track 2")
    func audioFirst() throws {
        let tags = try MovieFixtures.tags("audio-first.mp4")
        #expect(tags.images.count == 1 && tags.primary.role == .videoTrack(id: 2))
        #expect(tags.movie?.trackCount == 2 && tags.movie?.videoTrackCount == 1)
    }

    @Test("a moov cut in half is a structure problem, not a crash")
    func truncated() throws {
        let tags = try MovieFixtures.tags("truncated-in-moov.mp4")
        #expect(tags.problems.contains { $0.rule == .truncated })
        #expect(tags.movie?.videoTrackCount == 0)
    }

    @Test("bytes in memory and the file give the same tags")
    func memoryAndFileAgree() throws {
        for name in MovieFixtures.allFiles {
            let file = try MovieFixtures.tags(name)
            let memory = try ColorTagging(bytes: MovieFixtures.bytes(name))
            #expect(memory.images.count == file.images.count, "\(name)")
            #expect(memory.primary.cicp == file.primary.cicp, "\(name)")
            #expect(memory.primary.masteringDisplay == file.primary.masteringDisplay, "\(name)")
            #expect(memory.primary.effective == file.primary.effective, "\(name)")
            #expect(memory.primary.video == file.primary.video, "\(name)")
            #expect(memory.problems == file.problems, "\(name)")
        }
    }

    @Test("two durations explained: the movie as presented (mvhd), the track's media (mdhd) and its edit list")
    func durations() throws {
        // ffmpeg's edit list for x265's 3 frames: 0.04 s of the media from 0.08 s (the B-frame delay).
        let tags = try MovieFixtures.tags("x265-hdr10plus.mp4")
        let video = try #require(tags.primary.video)
        #expect(tags.movie?.duration == 0.04 && video.duration == 0.12)
        let list = try #require(video.editList)
        #expect(list.value.edits == [EditList.Edit(duration: 0.04, mediaStart: 0.08)])
        #expect(list.location.container == "moov/trak[1]/edts/elst")
        let text = tags.text(path: "x265-hdr10plus.mp4", findings: [])
        for expected in [
            "MP4 movie: 1 video track of 1, presented for 0.04 s,", "3 frames, 0.12 s of media",
            "Edit List                 0.04 s of the media from 0.08 s: the movie's timeline shows 0.04 s of the "
                + "track's 0.12 s of media — moov/trak[1]/edts/elst",
        ] {
            #expect(text.contains(expected), "missing: \(expected) in \(text)")
        }
        let json = tags.json(path: "x265-hdr10plus.mp4").serialized()
        #expect(json.contains("\"EditList\""))
        #expect(video.displayRotation == nil)  // the identity matrix
    }

    @Test("the display matrix's rotation, as ffprobe reports it, with where it is")
    func rotation() throws {
        // x265-hlg.mov with the first tkhd's matrix set to an upright phone's (as MovieTestSupport.iPhoneMovie does).
        var bytes = try MovieFixtures.bytes("x265-hlg.mov")
        let tkhd = try #require(bytes.indices.dropLast(4).first { bytes[$0..<$0 + 4].elementsEqual("tkhd".utf8) })
        let rotated: [Int32] = [0, 0x1_0000, 0, -0x1_0000, 0, 0, 0, 0, 0x4000_0000]
        for (i, value) in rotated.enumerated() {
            for b in 0..<4 {
                bytes[tkhd + 44 + 4 * i + b] = UInt8(truncatingIfNeeded: UInt32(bitPattern: value) >> (24 - 8 * b))
            }
        }
        let tags = try ColorTagging(bytes: bytes)
        let rotation = try #require(tags.primary.video?.displayRotation)
        #expect(rotation.value == -90 && rotation.location.container == "moov/trak[1]/tkhd (display matrix)")
        let text = tags.text(path: "rotated.mov", findings: [])
        #expect(
            text.contains(
                "Display Rotation          -90° (as ffprobe reports it): the pictures are turned 90° clockwise for display"
            ),
            "\(text)")
        // FFmpeg reads the same rotation from the patched bytes.
        guard let ffprobe = ExternalTool.path("ffprobe") else { return }
        let folder = try TemporaryFolder.make("rotation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("rotated.mov")
        try Data(bytes).write(to: url)
        let probed = try ExternalTool.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "side_data=rotation", "-of", "csv=p=0",
                url.path,
            ])
        #expect(String(decoding: probed.output, as: UTF8.self).contains("-90"))
    }

    @Test("inspect text and JSON show each source with its location, the effective colour and the video fields")
    func reports() throws {
        let tags = try MovieFixtures.tags("dv-8.1-pq.mp4")
        let text = tags.text(path: "dv-8.1-pq.mp4", findings: tags.findings())
        for expected in [
            "MP4 movie: 1 video track of 1", "[0] video track 1, 64×64, 10-bit", "colr nclx box — moov/trak[1]",
            "HEVC SPS VUI —", "SEI 137 (mastering display colour volume) at byte", "HLS VIDEO-RANGE           PQ",
            "Dolby Vision              profile 8.1, level 6", "No findings.",
        ] {
            #expect(text.contains(expected), "missing: \(expected)")
        }
        let json = tags.json(path: "dv-8.1-pq.mp4").serialized()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["Movie"] as? [String: Any])?["Container"] as? String == "MP4")
        let image = try #require((object["Images"] as? [[String: Any]])?.first)
        let video = try #require(image["Video"] as? [String: Any])
        #expect(video["HLSVideoRange"] as? String == "PQ" && video["Codec"] as? String == "HEVC")
        #expect((video["DolbyVision"] as? [String: Any])?["BLSignalCompatibilityID"] as? Int == 1)
        #expect(
            (image["CICP"] as? [[String: Any]])?.map { $0["Source"] as? String } == ["colr nclx box", "HEVC SPS VUI"])
    }

    @Test("limits: moov size, track count and sample bytes")
    func limits() throws {
        #expect(throws: ColorTagsError.self) {
            try MovieFixtures.tags("x265-pq-hdr10.mp4", limits: ReadLimits(maximumMovieBoxSize: 100))
        }
        #expect(throws: ColorTagsError.self) {
            try MovieFixtures.tags("audio-first.mp4", limits: ReadLimits(maximumTrackCount: 1))
        }
        #expect(throws: ColorTagsError.self) {
            try MovieFixtures.tags("x265-pq-hdr10.mkv", limits: ReadLimits(maximumMovieBoxSize: 100))
        }
        // With 16 sample bytes the HDR10+ SEI in the first sample is out of reach; hvcC still gives the VUI.
        let short = try MovieFixtures.tags("x265-hdr10plus.mp4", limits: ReadLimits(maximumSampleBytes: 16)).primary
        #expect(short.video?.hdr10Plus == nil && short.video?.firstSample?.length == 16)
        #expect(short.cicp(from: .hevcVUI) != nil)
    }
}
