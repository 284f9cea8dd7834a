@testable import ColorTags
import MediaSyntax
import Testing
import TagValidation

/// Dolby Vision RPUs built bit by bit here (a profile 8 RPU with L1, L2, L6 and L254 blocks): parsed values, the
/// CRC check, truncations and the summary. dovi_tool's own RPU files are checked through the movie conformance corpus.
@Suite("Dolby Vision RPU")
struct DolbyVisionRPUTests {
    /// A most-significant-bit-first writer with Exp-Golomb codes.
    struct BitWriter {
        var bytes: [UInt8] = []
        var bitCount = 0

        mutating func bits(_ value: UInt64, _ count: Int) {
            for index in stride(from: count - 1, through: 0, by: -1) {
                if bitCount % 8 == 0 { bytes.append(0) }
                if (value >> UInt64(index)) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount % 8) }
                bitCount += 1
            }
        }

        mutating func ue(_ value: UInt64) {
            let code = value + 1
            let length = 64 - code.leadingZeroBitCount
            bits(0, length - 1)
            bits(code, length)
        }

        mutating func align() { while bitCount % 8 != 0 { bits(0, 1) } }
    }

    /// A profile 8 RPU (prefix to final byte), scene_refresh_flag `refresh`, L1 (min, max, avg) `l1`.
    static func rpu(refresh: UInt64 = 1, l1: (UInt64, UInt64, UInt64) = (62, 2875, 1100), fullRange: Bool = false)
        -> [UInt8]
    {
        var w = BitWriter()
        w.bits(0x19, 8)
        // rpu_data_header: type 2, format 18, vdr_rpu_profile 1 (0 with a full-range base: profile 5), level 0.
        w.bits(2, 6)
        w.bits(18, 11)
        w.bits(fullRange ? 0 : 1, 4)
        w.bits(0, 4)
        w.bits(1, 1)  // vdr_seq_info_present_flag
        w.bits(0, 1)
        w.bits(0, 2)  // coefficient_data_type 0
        w.ue(23)
        w.bits(1, 2)
        w.bits(fullRange ? 1 : 0, 1)
        w.ue(2)
        w.ue(2)
        w.ue(4)
        w.bits(0, 1)
        w.bits(0, 3)
        w.bits(0, 1)  // el_spatial_resampling_filter_flag
        w.bits(1, 1)  // disable_residual_flag: no NLQ
        w.bits(1, 1)  // vdr_dm_metadata_present_flag
        w.bits(0, 1)  // use_prev_vdr_rpu_flag
        // rpu_data_mapping: ids, two pivots per component, one linear polynomial piece each.
        w.ue(0)
        w.ue(0)
        w.ue(0)
        for _ in 0..<3 {
            w.ue(0)
            w.bits(0, 10)
            w.bits(1023, 10)
        }
        w.ue(0)
        w.ue(0)
        for _ in 0..<3 {
            w.ue(0)  // mapping_idc polynomial
            w.ue(0)  // poly_order_minus1
            w.bits(0, 1)  // linear_interp_flag
            for coefficient in [0, 1] as [Int64] {
                w.ue(coefficient > 0 ? 1 : 0)  // se(v) of 0 or 1
                w.bits(0, 23)
            }
        }
        // vdr_dm_data_payload.
        w.ue(0)
        w.ue(0)
        w.ue(refresh)
        w.bits(0, 9 * 16 + 3 * 32 + 9 * 16)
        w.bits(65535, 16)
        w.bits(0, 16 + 16 + 32)
        w.bits(12, 5)
        w.bits(0, 2)
        w.bits(0, 2)
        w.bits(0, 2)
        w.bits(62, 12)
        w.bits(3079, 12)
        w.bits(42, 10)
        // CM v2.9: L1, L2 (100 nits), L6.
        w.ue(3)
        w.align()
        w.ue(5)
        w.bits(1, 8)
        w.bits(l1.0, 12)
        w.bits(l1.1, 12)
        w.bits(l1.2, 12)
        w.bits(0, 4)
        w.ue(11)
        w.bits(2, 8)
        w.bits(2081, 12)
        for _ in 0..<5 { w.bits(2048, 12) }
        w.bits(2048, 13)
        w.bits(0, 3)
        w.ue(8)
        w.bits(6, 8)
        for value in [1000, 1, 3948, 120] as [UInt64] { w.bits(value, 16) }
        // CM v4.0: L254.
        w.ue(1)
        w.align()
        w.ue(2)
        w.bits(254, 8)
        w.bits(0, 8)
        w.bits(2, 8)
        w.align()
        let crc = CRC32MPEG2.checksum(w.bytes.dropFirst())
        w.bits(UInt64(crc), 32)
        w.bits(0x80, 8)
        return w.bytes
    }

    @Test("a built RPU parses to the values written, its CRC matching")
    func parsesBuiltRPU() throws {
        let rpu = try DolbyVisionRPU.parse(Self.rpu())
        #expect(rpu.profile == 8)
        #expect(rpu.enhancementLayer == nil)
        #expect(rpu.mapping?.components.map(\.pivots) == [2, 2, 2])
        #expect(rpu.mapping?.components.map(\.polynomialPieces) == [1, 1, 1])
        let dm = try #require(rpu.displayManagement)
        #expect(dm.sceneRefresh == 1 && dm.sourceMinPQ == 62 && dm.sourceMaxPQ == 3079 && dm.sourceDiagonal == 42)
        #expect(dm.cmV29.map(\.level) == [1, 2, 6])
        #expect(dm.cmV40?.map(\.level) == [254])
        #expect(dm.cmV29.first == .level1(minPQ: 62, maxPQ: 2875, avgPQ: 1100))
        #expect(
            dm.cmV29.last
                == .level6(.init(masteringMaxNits: 1000, masteringMinTenThousandths: 1, maxCLL: 3948, maxFALL: 120)))
        #expect(try DolbyVisionRPU.parse(Self.rpu(fullRange: true)).profile == 5)
    }

    @Test("CRC-32/MPEG-2 of the check string is 0x0376E6E7")
    func crcCheckValue() {
        #expect(CRC32MPEG2.checksum(Array("123456789".utf8)) == 0x0376_E6E7)
    }

    @Test("a changed bit fails the CRC, as a typed error naming both values")
    func crcFailure() throws {
        var bytes = Self.rpu()
        bytes[20] ^= 0x10
        #expect(throws: DolbyVisionRPUError.self) { try DolbyVisionRPU.parse(bytes) }
        do {
            _ = try DolbyVisionRPU.parse(bytes)
        } catch {
            guard case .crcMismatch(let stored, let computed) = error else {
                Issue.record("expected a CRC mismatch, got \(error)")
                return
            }
            #expect(stored != computed)
            #expect(error.description.contains("CRC-32/MPEG-2"))
        }
    }

    @Test("every truncation throws a typed error, never traps")
    func truncations() {
        let bytes = Self.rpu()
        for length in 0..<bytes.count {
            #expect(throws: DolbyVisionRPUError.self) { try DolbyVisionRPU.parse(bytes.prefix(length)) }
        }
    }

    @Test("an RPU whose fields end before the CRC is malformed, with a valid CRC")
    func fieldsTruncatedBeforeCRC() throws {
        var w = BitWriter()
        w.bits(0x19, 8)
        w.bits(2, 6)
        w.bits(18, 11)
        w.bits(1, 4)
        w.bits(0, 4)
        w.bits(1, 1)
        w.align()
        let crc = CRC32MPEG2.checksum(w.bytes.dropFirst())
        w.bits(UInt64(crc), 32)
        w.bits(0x80, 8)
        do {
            _ = try DolbyVisionRPU.parse(w.bytes)
            Issue.record("a header cut short parsed")
        } catch {
            guard case .malformed(let syntax) = error else {
                Issue.record("expected malformed, got \(error)")
                return
            }
            #expect(syntax.message.contains("ends inside"))
        }
    }

    @Test("an RPU file's summary: shots, L1 range over shots, L6, CRC failures")
    func summaryOfAnRPUFile() throws {
        var file: [UInt8] = []
        let rpus = [
            Self.rpu(refresh: 1, l1: (62, 2081, 1000)), Self.rpu(refresh: 0, l1: (62, 2500, 1000)),
            Self.rpu(refresh: 1, l1: (62, 2875, 1100)), Self.rpu(refresh: 2, l1: (1200, 2875, 1100)),
        ]
        for rpu in rpus { file += [0, 0, 0, 1] + rpu }
        var broken = Self.rpu()
        broken[30] ^= 1
        file += [0, 0, 0, 1] + broken
        let tags = try ColorTagging(bytes: file)
        #expect(tags.format == MediaFileFormat.dolbyVisionRPU)
        let summary = try #require(tags.images.first?.video?.dolbyVisionRPUSummary?.value)
        #expect(summary.rpus == 5 && summary.crcFailures == 1 && summary.malformed == 0)
        #expect(summary.profiles == [8] && summary.dmVersion == "2 (CM v4.0)")
        #expect(summary.shots == 2 && summary.invalidSceneRefresh == 1 && summary.l1OutOfRange == 1)
        #expect(summary.shotPeakPQ == .init(2500, 2875))
        #expect(summary.maxL1MaxPQ == 2875 && summary.maxL1AvgPQ == 1100)
        #expect(summary.level6 == [.init(masteringMaximum: 1000, masteringMinimum: 0.0001, maxCLL: 3948, maxFALL: 120)])
        #expect(summary.l2TargetsPQ == [2081] && summary.levels == [1, 2, 6, 254])
        // An RPU file is an auxiliary track, which the video rules skip; its first unreadable RPU is a read problem.
        let findings = tags.findings()
        #expect(findings.contains { $0.rule.rawValue == "structure.malformed" && $0.message.contains("RPU 5") })
    }
}
