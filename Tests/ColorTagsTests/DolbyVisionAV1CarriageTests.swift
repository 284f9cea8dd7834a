import ColorTags
import TagValidation
import MediaSyntax
import Testing

/// Dolby Vision RPUs in AV1 ITU-T T.35 metadata OBUs (profile 10): Dolby's T.35 header and the EMDF container, as
/// quietvoid/dovi_tool's `dolby_vision::av1` reads and writes them.
@Suite("Dolby Vision RPU in AV1 (EMDF)")
struct DolbyVisionAV1CarriageTests {
    @Test("wrapping writes dovi_tool's fixed prefix (B5 00 3B 00 00 08 00 37 CD 08) and unwrapping gives the RPU back")
    func roundTrip() throws {
        let rpu = DolbyVisionRPUTests.rpu()
        let message = DolbyVisionRPU.wrapAV1(rpu)
        #expect(Array(message.prefix(10)) == [0xB5, 0x00, 0x3B, 0x00, 0x00, 0x08, 0x00, 0x37, 0xCD, 0x08])
        #expect(DolbyVisionRPU.isAV1RPU(t35: message))
        #expect(try DolbyVisionRPU.unwrapAV1(t35: message) == rpu)
        #expect(try DolbyVisionRPU.parse(DolbyVisionRPU.unwrapAV1(t35: message)) == DolbyVisionRPU.parse(rpu))
        // emdf_payload_size: 8 bits and read_more 0 for fewer than 256 bytes (the bits after the 3 flag bits of byte 10).
        let size = (Int(message[10]) & 0x1F) << 3 | Int(message[11]) >> 5
        #expect(size == rpu.count - 1 && message[11] & 0x10 == 0)
    }

    @Test("an RPU of 256 bytes or more: emdf_payload_size continues (variable_bits), and still round-trips")
    func longPayload() throws {
        // The RPU's bytes do not have to parse for the container; 300 bytes after the prefix.
        let rpu: [UInt8] = [DolbyVisionRPU.prefix] + (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let message = DolbyVisionRPU.wrapAV1(rpu)
        #expect(message[11] & 0x10 != 0)  // read_more
        #expect(try DolbyVisionRPU.unwrapAV1(t35: message) == rpu)
    }

    @Test("damaged containers are typed errors naming the field: another provider, a wrong key_id, every truncation")
    func damaged() throws {
        let message = DolbyVisionRPU.wrapAV1(DolbyVisionRPUTests.rpu())
        var samsung = message
        samsung[2] = 0x3C
        #expect(throws: DolbyVisionRPUError.self) { try DolbyVisionRPU.unwrapAV1(t35: samsung) }
        var key = message
        key[7] ^= 0x08  // key_id 6 → 7
        do {
            _ = try DolbyVisionRPU.unwrapAV1(t35: key)
            Issue.record("a key_id of 7 was accepted")
        } catch {
            #expect("\(error)".contains("key_id"))
        }
        // Cut anywhere before the payload's last byte: an error, never a trap or a short RPU.
        let payloadEnd = 12 + DolbyVisionRPUTests.rpu().count - 1
        for length in 0..<payloadEnd {
            #expect(throws: DolbyVisionRPUError.self) { try DolbyVisionRPU.unwrapAV1(t35: message.prefix(length)) }
        }
    }

    @Test("AV1 RPUs holding the bytes 00 00 03 are read without unescaping: every CRC holds, no structure problem")
    func noEmulationPrevention() throws {
        // Frames 0, 2 and 4 hold 00 00 03, which is data in AV1 (no emulation prevention): read as an escaped HEVC
        // RPU, their CRC failed and the first one was reported as structure.malformed.
        let tags = try MovieFixtures.tags("svtav1-dv-10-rpu-escapes.mp4")
        let rpus = try #require(tags.primary.video?.dolbyVisionRPUSummary?.value)
        #expect(rpus.rpus == 6 && rpus.crcFailures == 0 && rpus.malformed == 0, "\(rpus)")
        #expect(tags.problems.isEmpty, "\(tags.problems)")
        let rules = Set(tags.findings().map(\.rule))
        #expect(!rules.contains(.videoDolbyVisionRPUCRC) && !rules.contains(.malformed), "\(rules)")
        // The same bytes as an escaped RPU lose their 03 and fail: the carriages must not be mixed up.
        let raw = try Self.rpuHolding000003()
        #expect(throws: DolbyVisionRPUError.self) { try DolbyVisionRPU.parse(raw) }
        #expect(try DolbyVisionRPU.parse(unescaped: raw) == DolbyVisionRPU.parse(EmulationPrevention.escape(raw)))
        #expect(try DolbyVisionRPU.unwrapAV1(t35: DolbyVisionRPU.wrapAV1(raw)) == raw)
    }

    @Test("an RPU file holding one AV1 T.35 message, with or without the country code (dovi_tool's av1-rpu files)")
    func av1MessageFile() throws {
        let rpu = DolbyVisionRPUTests.rpu()
        let message = DolbyVisionRPU.wrapAV1(rpu)
        for bytes in [message, Array(message.dropFirst())] {
            let tags = try ColorTagging(bytes: bytes)
            #expect(tags.format == .dolbyVisionRPU)
            let video = try #require(tags.primary.video)
            #expect(video.dolbyVisionRPUSummary?.value.rpus == 1)
            #expect(video.dolbyVisionRPUSummary?.value.crcFailures == 0)
            #expect(video.dolbyVisionRPUHeader?.value.profileHint == 8)
            #expect(tags.movie?.scan?.dolbyVisionRPUs == 1)
            #expect(tags.problems.isEmpty && tags.findings().allSatisfy { $0.severity < .warning })
        }
        #expect(try DolbyVisionRPU.unwrapAV1(t35: message.dropFirst()) == rpu)
        // A damaged message is a finding, not a refusal: the file is still an RPU file.
        var damaged = Array(message.dropFirst())
        damaged[damaged.count / 2] ^= 0x10
        let tags = try ColorTagging(bytes: damaged)
        #expect(tags.format == .dolbyVisionRPU && !tags.findings().isEmpty)
    }

    /// An RPU of DolbyVisionRPUTests.rpu whose bytes hold 00 00 03: L1 min and max 0 (24 zero bits), then the first
    /// average that puts 03 after two zero bytes (found by trying, so the test does not depend on one bit layout).
    static func rpuHolding000003() throws -> [UInt8] {
        func holdsEscape(_ bytes: [UInt8]) -> Bool {
            bytes.indices.dropLast(2).contains { i in bytes[i] == 0 && bytes[i + 1] == 0 && bytes[i + 2] == 3 }
        }
        for average in 0..<4096 as Range<UInt64> {
            let rpu = DolbyVisionRPUTests.rpu(l1: (0, 0, average))
            if holdsEscape(rpu) { return rpu }
        }
        throw RPUNotFound()
    }

    struct RPUNotFound: Error {}
}
