/// Dolby Vision RPUs in AV1 (profile 10): an ITU-T T.35 metadata OBU (AV1 §6.7.2, `METADATA_TYPE_ITUT_T35`) whose
/// message is Dolby's header (country code 0xB5, terminal_provider_code 0x003B, terminal_provider_oriented_code
/// 0x00000800) and an ETSI TS 102 366 Annex H EMDF container holding the RPU: emdf_version 0, key_id 6,
/// emdf_payload_id 31 extended to 256 (variable_bits: 31 + 225), no sample offset, duration, group or codec data,
/// discard_unknown_payload 1, emdf_payload_size (variable_bits of 8), then the RPU without its 0x19 prefix and without
/// emulation prevention, not byte-aligned; an emdf_payload_id of 0 and emdf_protection end it. The layout follows the
/// Dolby Vision AV1 carriage as quietvoid/dovi_tool's `dolby_vision::av1` reads and writes it.
extension DolbyVisionRPU {
    /// The ITU-T T.35 bytes every AV1 RPU message starts with: country code 0xB5 (United States), provider code
    /// 0x003B (Dolby), provider-oriented code 0x00000800.
    public static let av1T35Header: [UInt8] = [0xB5, 0x00, 0x3B, 0x00, 0x00, 0x08, 0x00]

    /// The bytes every AV1 RPU message holds after its provider codes: the EMDF container's fixed fields up to
    /// emdf_payload_size (emdf_version 0, key_id 6, emdf_payload_id 31 and its extension 225, the four flags 0,
    /// discard_unknown_payload 1), as dovi_tool's `ITU_T35_DOVI_RPU_PAYLOAD_HEADER` ends.
    static let av1EMDFHeader: [UInt8] = [0x37, 0xCD, 0x08]

    /// Whether an ITU-T T.35 message is a Dolby Vision RPU's: from its country code 0xB5 on, as an AV1 metadata OBU
    /// holds it, or from the provider code on, as dovi_tool's AV1 RPU files (`assets/av1-rpu/*.bin`) store it.
    public static func isAV1RPU(t35 message: some Collection<UInt8>) -> Bool {
        message.starts(with: av1T35Header) || message.starts(with: av1T35Header.dropFirst())
    }

    /// Whether `bytes` (a file's start) are a Dolby Vision RPU as an AV1 ITU-T T.35 message: the provider codes and
    /// the EMDF container's fixed fields, with or without the country code before them.
    public static func isAV1RPUMessage(_ bytes: some Collection<UInt8>) -> Bool {
        let body = bytes.first == av1T35Header[0] ? Array(bytes.dropFirst()) : Array(bytes)
        return body.starts(with: av1T35Header.dropFirst() + av1EMDFHeader)
    }

    /// The RPU of an AV1 ITU-T T.35 message (from its country code on, or from the provider code on as dovi_tool's
    /// files store it; trailing bits after the container are ignored), without emulation prevention, as
    /// ``parse(unescaped:)`` reads it: starting with the prefix 0x19.
    ///
    /// - Throws: ``DolbyVisionRPUError/malformed(_:)`` when the message is not Dolby's, the EMDF container's fixed
    ///   fields differ from the RPU carriage's, or the payload runs past the message.
    public static func unwrapAV1(t35 message: some Collection<UInt8>) throws(DolbyVisionRPUError) -> [UInt8] {
        let bytes = Array(message)
        guard isAV1RPU(t35: bytes) else {
            throw .malformed(SyntaxError("the ITU-T T.35 message is not a Dolby Vision RPU's (0xB5 0x003B 0x00000800)"))
        }
        let header = bytes.starts(with: av1T35Header) ? av1T35Header.count : av1T35Header.count - 1
        var reader = BitReader(bytes[header...])
        func field(_ name: String, _ value: UInt32?, _ expected: UInt32) throws(DolbyVisionRPUError) {
            guard let value else { throw .malformed(SyntaxError("the EMDF container ends inside \(name)")) }
            guard value == expected else {
                throw .malformed(SyntaxError("EMDF \(name) is \(value), not the RPU carriage's \(expected)"))
            }
        }
        try field("emdf_version", reader.bits(2), 0)
        try field("key_id", reader.bits(3), 6)
        try field("emdf_payload_id", reader.bits(5), 31)
        try field("emdf_payload_id_ext", variableBits(&reader, 5), 225)
        try field("smploffste, duratione, groupide, codecdatae", reader.bits(4), 0)
        try field("discard_unknown_payload", reader.bits(1), 1)
        guard let size = variableBits(&reader, 8) else {
            throw .malformed(SyntaxError("the EMDF container ends inside emdf_payload_size"))
        }
        guard Int(size) < maximumBytes else {
            throw .malformed(SyntaxError("the EMDF payload declares \(size) bytes, more than \(maximumBytes)"))
        }
        var rpu: [UInt8] = [prefix]
        rpu.reserveCapacity(Int(size) + 1)
        for _ in 0..<size {
            guard let byte = reader.bits(8) else {
                throw .malformed(
                    SyntaxError("the EMDF payload declares \(size) bytes, but the message ends after \(rpu.count - 1)"))
            }
            rpu.append(UInt8(byte))
        }
        return rpu
    }

    /// The AV1 ITU-T T.35 message (from the country code on) that carries `rpu` (starting with the prefix 0x19,
    /// without emulation prevention; zero bytes after its final byte are left out): the inverse of
    /// ``unwrapAV1(t35:)``. Padded to a byte with 1 bits, as dovi_tool writes it (its files' last byte is then the
    /// same).
    public static func wrapAV1(_ rpu: [UInt8]) -> [UInt8] {
        var bits: [Bool] = []
        func put(_ count: Int, _ value: Int) {
            for k in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> k) & 1 == 1) }
        }
        func putVariable(_ count: Int, _ value: Int) {
            // variable_bits: groups of `count` bits, each but the last followed by read_more 1; a continued group
            // stands for one more than its bits, shifted.
            var groups = [value & ((1 << count) - 1)]
            var rest = value >> count
            while rest > 0 {
                rest -= 1
                groups.append(rest & ((1 << count) - 1))
                rest >>= count
            }
            for (index, group) in groups.reversed().enumerated() {
                put(count, group)
                put(1, index + 1 < groups.count ? 1 : 0)
            }
        }
        put(2, 0)  // emdf_version
        put(3, 6)  // key_id
        put(5, 31)  // emdf_payload_id
        putVariable(5, 225)  // emdf_payload_id_ext
        put(4, 0)  // smploffste, duratione, groupide, codecdatae
        put(1, 1)  // discard_unknown_payload
        var payload = rpu.first == prefix ? rpu.dropFirst() : rpu[...]
        while payload.last == 0 { payload.removeLast() }
        putVariable(8, payload.count)
        for byte in payload { put(8, Int(byte)) }
        put(5, 0)  // emdf_payload_id: the last payload
        put(2, 1)  // protection_length_primary
        put(2, 0)  // protection_length_secondary
        put(8, 0)  // protection_bits_primary
        while bits.count % 8 != 0 { bits.append(true) }
        var out = av1T35Header
        for start in stride(from: 0, to: bits.count, by: 8) {
            out.append(bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) })
        }
        return out
    }

    /// EMDF variable_bits(n) (ETSI TS 102 366 Annex H): nil when the bits run out or the value leaves 32 bits.
    private static func variableBits(_ reader: inout BitReader, _ count: Int) -> UInt32? {
        var value: UInt64 = 0
        for _ in 0..<4 {
            guard let group = reader.bits(count), let more = reader.flag() else { return nil }
            value += UInt64(group)
            guard more else { return value <= UInt64(UInt32.max) ? UInt32(value) : nil }
            value = (value << count) + (1 << count)
        }
        return nil
    }
}
