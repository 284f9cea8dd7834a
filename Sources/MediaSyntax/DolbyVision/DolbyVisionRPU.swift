/// A Dolby Vision reference processing unit (RPU): the metadata an HEVC NAL unit of type 62 (or an AV1 ITU-T T.35
/// metadata OBU, once unwrapped) carries per frame. Its syntax, as Dolby's decoders and quietvoid/dovi_tool's
/// `dolby_vision` crate read it: `rpu_nal_prefix` (0x19), ``Header`` (rpu_data_header), ``Mapping`` (rpu_data_mapping
/// with the NLQ parameters of an enhancement layer) unless the previous RPU's is reused, ``DisplayManagement``
/// (vdr_dm_data_payload with its CM v2.9 and v4.0 extension blocks), rpu_alignment_zero_bits, then rpu_data_crc32
/// (CRC-32/MPEG-2 of everything after the prefix) and the final byte 0x80.
public struct DolbyVisionRPU: Hashable, Sendable {
    /// rpu_data_header.
    public var header: Header
    /// rpu_data_mapping; nil when use_prev_vdr_rpu_flag says the previous RPU's mapping applies.
    public var mapping: Mapping?
    /// vdr_dm_data_payload; nil when vdr_dm_metadata_present_flag is 0.
    public var displayManagement: DisplayManagement?
    /// rpu_data_crc32 as stored (checked on parsing: a mismatch throws).
    public var crc32: UInt32

    /// The Dolby Vision profile these fields point to, as dovi_tool derives it (`get_dovi_profile`): 5 for
    /// vdr_rpu_profile 0 with a full-range base layer; for vdr_rpu_profile 1, 7 when a residual enhancement layer is
    /// coded with a 12-bit VDR, 4 when coded at another VDR depth, else 8; nil when the header fits none.
    public var profile: Int? { header.profile }

    /// Whether the enhancement layer is a full (FEL) or minimal (MEL) one: nil without NLQ data (no residual).
    public var enhancementLayer: EnhancementLayer? { mapping?.nlq?.enhancementLayer }

    /// The kind of a profile 7 enhancement layer.
    public enum EnhancementLayer: String, Hashable, Sendable, CaseIterable {
        /// Full enhancement layer: the NLQ parameters add a residual picture.
        case fel = "FEL"
        /// Minimal enhancement layer: NLQ offsets 0, vdr_in_max 1.0 and dead-zone parameters 0, so the residual adds
        /// nothing (dovi_tool's `is_mel`).
        case mel = "MEL"
    }

    /// The byte every RPU starts with (rpu_nal_prefix), after the HEVC NAL unit header `7C 01`.
    public static let prefix: UInt8 = 0x19
    /// The byte every RPU ends with, after the CRC.
    public static let finalByte: UInt8 = 0x80
    /// The largest escaped RPU parsed (real ones hold 150 to 600 bytes; a larger one is not an RPU).
    public static let maximumBytes = 1 << 16

    /// Parses an RPU from its payload after any NAL unit header, emulation prevention still in place: starting with
    /// the prefix 0x19, as an HEVC NAL unit of type 62 holds it after `7C 01` and an RPU file after its start code.
    /// Trailing zero bytes (trailing_zero_8bits) are ignored.
    ///
    /// - Throws: ``DolbyVisionRPUError/crcMismatch(stored:computed:)`` when the CRC does not match the data,
    ///   ``DolbyVisionRPUError/malformed(_:)`` when the RPU is too short, too long, does not end with 0x80 or breaks
    ///   its syntax (naming the element).
    public static func parse(_ escaped: some Collection<UInt8>) throws(DolbyVisionRPUError) -> DolbyVisionRPU {
        guard escaped.count <= maximumBytes else {
            throw .malformed(SyntaxError("the RPU holds \(escaped.count) bytes, more than \(maximumBytes)"))
        }
        return try parse(unescaped: EmulationPrevention.unescape(escaped))
    }

    /// Parses an RPU without emulation prevention, as an AV1 ITU-T T.35 message carries it once unwrapped
    /// (``unwrapAV1(t35:)``): starting with the prefix 0x19. A `00 00 03` in it is data, not an escape, so it must
    /// not go through ``parse(_:)``. Trailing zero bytes are ignored.
    ///
    /// - Throws: As ``parse(_:)``.
    public static func parse(unescaped: some Collection<UInt8>) throws(DolbyVisionRPUError) -> DolbyVisionRPU {
        guard unescaped.count <= maximumBytes else {
            throw .malformed(SyntaxError("the RPU holds \(unescaped.count) bytes, more than \(maximumBytes)"))
        }
        var bytes = Array(unescaped)
        while bytes.last == 0 { bytes.removeLast() }
        // The prefix, one byte of header at least, the CRC and the final byte.
        guard bytes.count >= 7 else {
            throw .malformed(SyntaxError("the RPU holds \(bytes.count) bytes, fewer than the 7 of the smallest"))
        }
        guard bytes[0] == prefix else {
            throw .malformed(SyntaxError("rpu_nal_prefix is \(bytes[0]), not \(prefix)"))
        }
        guard bytes[bytes.count - 1] == finalByte else {
            throw .malformed(
                SyntaxError("the RPU ends with \(bytes[bytes.count - 1]), not the final byte \(finalByte)"))
        }
        let crcStart = bytes.count - 5
        let stored = bytes[crcStart..<crcStart + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let computed = CRC32MPEG2.checksum(bytes[1..<crcStart])
        guard stored == computed else { throw .crcMismatch(stored: stored, computed: computed) }
        bytes.removeLast(5)
        do {
            return try parseFields(RBSPReader(unescaped: bytes), crc32: stored)
        } catch {
            throw .malformed(error)
        }
    }

    /// The fields between the prefix and the CRC (`reader` holds exactly those bytes, prefix included).
    private static func parseFields(_ reader: RBSPReader, crc32: UInt32) throws(SyntaxError) -> DolbyVisionRPU {
        var r = reader
        try r.skip(8, "rpu_nal_prefix")
        let header = try Header.parse(&r)
        let mapping = header.usePreviousVDRRPU ? nil : try Mapping.parse(&r, header: header)
        let dm = header.vdrDMMetadataPresent ? try DisplayManagement.parse(&r, header: header) : nil
        while r.bitPosition % 8 != 0 {
            guard try !r.flag("rpu_alignment_zero_bit") else { throw SyntaxError("rpu_alignment_zero_bit is 1") }
        }
        // Bits may remain before the CRC (dovi_tool keeps them as `remaining`): they are covered by the CRC.
        return DolbyVisionRPU(header: header, mapping: mapping, displayManagement: dm, crc32: crc32)
    }
}

/// Why a Dolby Vision RPU could not be read.
public enum DolbyVisionRPUError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The RPU breaks its syntax: too short, wrong prefix or final byte, a value out of range, or it ends inside an
    /// element.
    case malformed(SyntaxError)
    /// rpu_data_crc32 differs from the CRC-32/MPEG-2 of the bytes it covers: the RPU was damaged or edited without
    /// updating its CRC.
    case crcMismatch(stored: UInt32, computed: UInt32)

    public var description: String {
        switch self {
        case .malformed(let error): error.message
        case .crcMismatch(let stored, let computed):
            "rpu_data_crc32 is \(hex(stored)), but the data's CRC-32/MPEG-2 is \(hex(computed))"
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}

/// CRC-32/MPEG-2 (polynomial 0x04C11DB7, initial value 0xFFFFFFFF, bits not reflected, no final XOR): the checksum
/// of a Dolby Vision RPU (rpu_data_crc32), and of MPEG-2 transport stream sections.
public enum CRC32MPEG2 {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index) << 24
        for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1 }
        return crc
    }

    /// The CRC of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crc << 8 ^ table[Int(UInt8(crc >> 24) ^ byte)] }
        return crc
    }
}
