import ColorTags
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
}
