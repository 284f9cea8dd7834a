import ColorSpaces
import Foundation
import SignalCoding
import Testing

@testable import ColorTags
import MediaSyntax

/// The video syntax readers on bitstreams built here bit by bit from H.265, H.264, AV1 and EBML: every branch
/// before the VUI (sub-layers, scaling lists, PCM, inter-predicted reference picture sets, long-term references,
/// POC type 1, field coding), emulation prevention, SEI sizes above 255, metadata OBUs, Dolby Vision records.
@Suite("Movie bitstreams")
struct MovieBitstreamTests {
    /// Writes bits most significant first, Exp-Golomb codes, and escapes emulation-prevention bytes.
    struct BitWriter {
        var bits: [Bool] = []

        mutating func u(_ count: Int, _ value: UInt64) {
            for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> UInt64(i)) & 1 == 1) }
        }
        mutating func flag(_ value: Bool) { bits.append(value) }
        mutating func ue(_ value: UInt64) {
            let code = value + 1
            let length = 64 - code.leadingZeroBitCount
            u(length - 1, 0)
            u(length, code)
        }
        mutating func se(_ value: Int64) { ue(value > 0 ? UInt64(2 * value - 1) : UInt64(-2 * value)) }

        /// The RBSP with trailing bits, escaped (`00 00 0x` → `00 00 03 0x`).
        var escaped: [UInt8] {
            var all = bits + [true]
            while all.count % 8 != 0 { all.append(false) }
            var bytes: [UInt8] = []
            for start in stride(from: 0, to: all.count, by: 8) {
                bytes.append(all[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) })
            }
            return EmulationPrevention.escape(bytes)
        }
    }

    /// An HEVC SPS exercising every structure before the VUI; `brokenSecondSet` makes the third reference picture set
    /// one flag short, as a reader that got the second set's picture count wrong would read it.
    static func hevcSPS(brokenSecondSet: Bool = false) -> [UInt8] {
        var w = BitWriter()
        w.u(4, 0)  // sps_video_parameter_set_id
        w.u(3, 1)  // sps_max_sub_layers_minus1
        w.u(1, 1)  // sps_temporal_id_nesting_flag
        w.u(2, 0)
        w.u(1, 0)
        w.u(5, 2)  // profile space, tier, Main 10
        w.u(32, 0x2000_0000)
        w.u(4, 0b1011)
        w.u(43, 0)
        w.u(1, 0)
        w.u(8, 93)  // general_level_idc
        w.flag(true)
        w.flag(true)  // sub-layer 0: profile and level present
        for _ in 1..<8 { w.u(2, 0) }  // reserved_zero_2bits
        w.u(88, 0)
        w.u(8, 90)  // sub-layer profile and level
        w.ue(0)  // sps_seq_parameter_set_id
        w.ue(1)  // chroma_format_idc
        w.ue(64)
        w.ue(64)
        w.flag(true)
        for _ in 0..<4 { w.ue(0) }  // conformance window
        w.ue(2)
        w.ue(2)  // 10-bit
        w.ue(4)  // log2_max_pic_order_cnt_lsb_minus4 → 8 bits
        w.flag(true)
        for _ in 0...1 {
            w.ue(4)
            w.ue(2)
            w.ue(0)
        }
        for value: UInt64 in [0, 3, 0, 3, 1, 1] { w.ue(value) }
        w.flag(true)
        w.flag(true)  // scaling lists enabled and present
        for sizeID in 0..<4 {
            for matrixID in stride(from: 0, to: 6, by: sizeID == 3 ? 3 : 1) {
                let explicit = (sizeID + matrixID) % 2 == 0
                w.flag(explicit)
                if !explicit {
                    w.ue(UInt64(sizeID == 3 ? 0 : Swift.min(matrixID, 1)))
                } else {
                    if sizeID > 1 { w.se(8) }
                    for i in 0..<Swift.min(64, 1 << (4 + (sizeID << 1))) { w.se(Int64(i % 5) - 2) }
                }
            }
        }
        w.flag(true)
        w.flag(true)  // amp, sao
        w.flag(true)
        w.u(4, 9)
        w.u(4, 9)
        w.ue(0)
        w.ue(1)
        w.flag(false)  // PCM
        w.ue(3)  // num_short_term_ref_pic_sets
        // Set 0: negatives −1, −3; positive +2.
        w.ue(2)
        w.ue(1)
        w.ue(0)
        w.flag(true)
        w.ue(1)
        w.flag(true)
        w.ue(1)
        w.flag(true)
        // Set 1 from set 0 with ΔRPS −1: negatives −1, −2, −4 and positive +1 (four pictures).
        w.flag(true)
        w.flag(true)
        w.ue(0)
        w.flag(true)  // j 0: used
        w.flag(false)
        w.flag(true)  // j 1: not used, use_delta
        w.flag(true)  // j 2
        w.flag(true)  // j 3 (ΔRPS itself)
        // Set 2 from set 1 with ΔRPS +2: one flag per picture of set 1 plus one.
        w.flag(true)
        w.flag(false)
        w.ue(1)
        for _ in 0..<(brokenSecondSet ? 4 : 5) { w.flag(true) }
        w.flag(true)
        w.ue(2)
        w.u(8, 17)
        w.flag(true)
        w.u(8, 200)
        w.flag(false)  // long-term references
        w.flag(true)
        w.flag(true)  // temporal MVP, strong intra smoothing
        w.flag(true)  // vui_parameters_present_flag
        w.flag(true)
        w.u(8, 255)
        w.u(16, 4)
        w.u(16, 3)  // SAR 4:3
        w.flag(true)
        w.flag(false)  // overscan
        w.flag(true)
        w.u(3, 5)
        w.flag(true)
        w.flag(true)
        w.u(8, 9)
        w.u(8, 18)
        w.u(8, 9)
        w.flag(true)
        w.ue(2)
        w.ue(2)  // chroma siting: top-left
        w.flag(false)
        w.flag(false)
        w.flag(false)
        w.flag(true)
        for _ in 0..<4 { w.ue(1) }  // default display window
        w.flag(true)
        w.u(32, 1001)
        w.u(32, 60000)
        w.flag(false)
        w.flag(false)  // timing, no HRD
        w.flag(false)  // bitstream_restriction_flag
        return [0x42, 0x01] + w.escaped
    }

    @Test("HEVC SPS: sub-layers, scaling lists, PCM, inter-predicted reference picture sets, long-term refs, VUI")
    func hevcSequenceParameters() throws {
        let sps = try HEVCSequenceParameters.parse(nal: Self.hevcSPS()[...])
        #expect(sps.profileIDC == 2 && sps.levelIDC == 93 && sps.chromaFormat == 1)
        #expect(sps.width == 64 && sps.height == 64 && sps.lumaBitDepth == 10 && sps.chromaBitDepth == 10)
        let vui = try #require(sps.vui)
        #expect(vui.videoSignalTypePresent && vui.fullRange)
        #expect(vui.colorDescription.map { [$0.primaries, $0.transfer, $0.matrix] } == [9, 18, 9])
        #expect(vui.chromaSampleLocation.map { [$0.top, $0.bottom] } == [2, 2])
        #expect(vui.sampleAspectRatio == PixelAspectRatio(horizontal: 4, vertical: 3))
        #expect(vui.frameRate.map { Swift.abs($0 - 59.94) < 0.01 } == true)
    }

    @Test("a reference picture set read with the wrong picture count misaligns the VUI: the derivation is exact")
    func referencePictureSetDerivation() throws {
        let broken = try? HEVCSequenceParameters.parse(nal: Self.hevcSPS(brokenSecondSet: true)[...])
        let codes = broken?.vui?.colorDescription.map { [$0.primaries, $0.transfer, $0.matrix] }
        #expect(codes != [9, 18, 9])
    }

    @Test("a cut SPS stops with the syntax element named; the track builder records a problem, not a guess")
    func truncatedSPS() throws {
        let sps = Self.hevcSPS()
        do {
            _ = try HEVCSequenceParameters.parse(nal: sps.prefix(30))
            Issue.record("a cut SPS parsed")
        } catch {
            #expect(error.message.contains("ends inside"))
        }
        // An hvcC with one array holding the cut SPS.
        let cut = Array(sps.prefix(30))
        var hvcC = [UInt8](repeating: 0, count: 23)
        hvcC[0] = 1
        hvcC[21] = 0x03
        hvcC[22] = 1
        hvcC += [0x80 | 33, 0, 1, 0, UInt8(cut.count)] + cut
        var builder = VideoTrackBuilder(trackID: 1, codec: .hevc)
        builder.readConfiguration(type: "hvcC", bytes: hvcC, offset: 100, container: "test/hvcC")
        #expect(builder.problems.count == 1 && builder.problems.first?.0 == .malformed)
        #expect(builder.bitstreamCICP.isEmpty)
        // A layer-1 SPS (MV-HEVC) is skipped without a problem; the base layer's is read.
        var layered = sps
        layered[1] = 0x09  // nuh_layer_id 1
        var builder2 = VideoTrackBuilder(trackID: 1, codec: .hevc)
        builder2.readNAL(layered[...], offset: 0, container: "layer 1")
        builder2.readNAL(sps[...], offset: 0, container: "layer 0")
        #expect(builder2.problems.isEmpty && builder2.bitstreamCICP.first?.value.cicp.transferCharacteristics == 18)
    }

    @Test("H.264 SPS: High 10, scaling matrices, POC type 1, field coding, cropping, VUI with timing")
    func avcSequenceParameters() throws {
        var w = BitWriter()
        w.u(8, 110)
        w.u(8, 0)
        w.u(8, 40)
        w.ue(0)
        w.ue(1)
        w.ue(2)
        w.ue(2)
        w.flag(false)
        w.flag(true)  // seq_scaling_matrix_present_flag
        w.flag(true)  // list 0 present: deltas until next scale 0 ends it
        w.se(8)
        w.se(-16)  // next scale 16, then 0: the list ends after two deltas
        w.flag(false)
        w.flag(false)
        w.flag(false)
        w.flag(false)
        w.flag(false)
        w.flag(true)  // list 6 (8×8): 64 deltas of 1
        for _ in 0..<64 { w.se(1) }
        w.flag(false)
        w.ue(0)  // log2_max_frame_num_minus4
        w.ue(1)
        w.flag(false)
        w.se(-1)
        w.se(2)
        w.ue(2)
        w.se(3)
        w.se(-3)  // POC type 1
        w.ue(4)
        w.flag(false)
        w.ue(3)
        w.ue(3)  // 64 × (4 map units × 2 fields × 16)
        w.flag(false)
        w.flag(true)  // frame_mbs_only 0, mb_adaptive_frame_field
        w.flag(true)
        w.flag(true)
        for _ in 0..<4 { w.ue(0) }
        w.flag(true)  // VUI
        w.flag(false)
        w.flag(false)
        w.flag(true)
        w.u(3, 5)
        w.flag(false)
        w.flag(true)
        w.u(8, 9)
        w.u(8, 16)
        w.u(8, 9)
        w.flag(true)
        w.ue(0)
        w.ue(0)
        w.flag(true)
        w.u(32, 1001)
        w.u(32, 48000)
        w.flag(true)
        let sps = try AVCSequenceParameters.parse(nal: ([0x67] + w.escaped)[...])
        #expect(sps.profileIDC == 110 && sps.lumaBitDepth == 10 && sps.width == 64 && sps.height == 128)
        let vui = try #require(sps.vui)
        #expect(vui.colorDescription.map { [$0.primaries, $0.transfer, $0.matrix] } == [9, 16, 9] && !vui.fullRange)
        #expect(vui.frameRate.map { Swift.abs($0 - 23.976) < 0.001 } == true)
    }

    @Test("emulation prevention: 00 00 03 drops the 03 before reading")
    func emulationPrevention() throws {
        #expect(EmulationPrevention.unescape([0, 0, 3, 1, 0, 0, 3, 0, 0, 3]) == [0, 0, 1, 0, 0, 0, 0])
        var r = RBSPReader([0b1010_0110, 0b1100_0000])
        #expect(try r.ue() == 0 && r.ue() == 1 && r.ue() == 2 && r.se() == -1)
    }

    @Test("SEI: payload types and sizes above 255, mastering display in G, B, R order, light level, T.35")
    func seiMessages() throws {
        let long = [UInt8](repeating: 7, count: 300)
        var payload: [UInt8] = [0xFF, 45, 0xFF, 45] + long  // type 300, size 300
        payload += [137, 24]
        for value in [13250, 34500, 7500, 3000, 34000, 16000, 15635, 16450] {
            payload += [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        payload += [0x00, 0x98, 0x96, 0x80, 0, 0, 0, 1, 0x80]
        let (messages, truncated) = SEIMessages.messages(in: payload[...])
        #expect(!truncated && messages.map(\.type) == [300, 137] && messages[0].payload.count == 300)
        let display = try #require(MasteringDisplayColorVolume(st2086: messages[1].payload))
        #expect(display.red == Chromaticity(x: 0.68, y: 0.32) && display.green.x == 0.265)
        #expect(display.maximumLuminance == 1000 && display.minimumLuminance == 0.0001)
        #expect(SEIMessages.isHDR10Plus(t35: [0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04, 0x01]))
        #expect(!SEIMessages.isHDR10Plus(t35: [0xB5, 0x00, 0x31, 0x00, 0x01, 0x04]))
        let (cut, wasCut) = SEIMessages.messages(in: [137, 24, 1, 2][...])
        #expect(cut.isEmpty && wasCut)
    }

    @Test("AV1 metadata OBUs: HDR_MDCV in R, G, B with 0.16, 24.8 and 18.14 fixed point; HDR_CLL; T.35")
    func av1Metadata() throws {
        var mdcv: [UInt8] = [2]
        for value in [44564, 20972, 17367, 45220, 9830, 3932, 20493, 21561] {
            mdcv += [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        mdcv += [0x00, 0x03, 0xE8, 0x00, 0, 0, 0, 2]
        guard case .masteringDisplay(let m) = AV1OBUs.metadata(mdcv[...]) else {
            Issue.record("not read as HDR_MDCV")
            return
        }
        #expect(Swift.abs(m.red.x - 0.68) < 1e-4 && Swift.abs(m.green.y - 0.69) < 1e-4)
        #expect(m.maximumLuminance == 1000 && m.minimumLuminance == 2.0 / 16384)
        guard case .contentLightLevel(let c) = AV1OBUs.metadata([1, 0x03, 0xE8, 0x01, 0x90][...]) else {
            Issue.record("not read as HDR_CLL")
            return
        }
        #expect(c.maxContentLightLevel == 1000 && c.maxFrameAverageLightLevel == 400)
        guard case .registeredUserData(true) = AV1OBUs.metadata([4, 0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04][...]) else {
            Issue.record("HDR10+ not recognised")
            return
        }
        // An OBU stream: temporal delimiter, then a metadata OBU with a size field.
        let obus = AV1OBUs.split([0x12, 0x00, 0x2A, 0x05] + [1, 0x03, 0xE8, 0x01, 0x90])
        #expect(obus.map(\.type) == [2, 5] && obus[1].payload == 4..<9)
    }

    @Test("Dolby Vision record layout (profile u7, level u6, flags, compatibility ID u4)")
    func dolbyVisionRecord() throws {
        let record = try #require(DolbyVisionConfiguration(bytes: [1, 0, 0x10, 0x35, 0x40], boxType: "dvvC"))
        #expect(record.profile == 8 && record.level == 6 && record.rpuPresent && record.baseLayerPresent)
        #expect(!record.enhancementLayerPresent && record.compatibilityID == 4 && record.name == "8.4")
        let five = try #require(DolbyVisionConfiguration(bytes: [1, 0, 0x0A, 0x35], boxType: "dvcC"))
        #expect(five.profile == 5 && five.compatibilityID == 0 && five.expectedBoxType == "dvcC")
        #expect(DolbyVisionConfiguration(bytes: [1, 0, 0x10], boxType: "dvvC") == nil)
    }

    @Test("EBML variable-size integers, unknown sizes and element headers")
    func ebml() {
        #expect(EBML.vint([0x81], at: 0)?.value == 1)
        #expect(EBML.vint([0x40, 0x02], at: 0)?.value == 2)
        #expect(EBML.vint([0xFF], at: 0).map { $0.value == nil && $0.length == 1 } == true)
        #expect(EBML.vint([0x01] + [UInt8](repeating: 0xFF, count: 7), at: 0)?.value == nil)
        #expect(EBML.vint([0x00, 0x81], at: 0) == nil)
        let header = EBML.header([0x1A, 0x45, 0xDF, 0xA3, 0x84, 1, 2, 3, 4], at: 0, base: 10)
        #expect(header?.id == MatroskaID.ebml && header?.dataStart == 15 && header?.size == 4 && header?.end == 19)
    }

    @Test("movie signatures: brands decide between MP4 and HEIF; old QuickTime first boxes; EBML")
    func signatures() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let brands = ([major] + ["\0\0\0\0"] + compatible).flatMap { Array($0.utf8) }
            return [0, 0, 0, UInt8(8 + brands.count)] + Array("ftyp".utf8) + brands
        }
        #expect(MovieSignature.format(of: ftyp("isom", ["iso2", "avc1", "mp41"])) == .mp4)
        #expect(MovieSignature.format(of: ftyp("qt  ", ["qt  "])) == .mov)
        #expect(MovieSignature.format(of: ftyp("heic", ["mif1", "heic"])) == nil)
        #expect(MovieSignature.format(of: ftyp("avif", ["avif", "mif1", "miaf"])) == nil)
        #expect(MovieSignature.format(of: ftyp("XXXX", ["mif1", "isom"])) == nil)
        #expect(MovieSignature.format(of: ftyp("XXXX", ["dash"])) == .mp4)
        #expect(MovieSignature.format(of: [0, 0, 0, 8] + Array("wide".utf8)) == .mov)
        #expect(MovieSignature.format(of: [0x1A, 0x45, 0xDF, 0xA3]) == .matroska)
        var icc = [UInt8](repeating: 0, count: 128)
        icc.replaceSubrange(4..<8, with: Array("free".utf8))
        icc.replaceSubrange(36..<40, with: Array("acsp".utf8))
        #expect(MovieSignature.format(of: icc) == nil)
    }
}
