import SignalCoding

/// Parses ISO 21496-1 gain-map metadata (the binary record of JPEG `APP2 urn:iso:std:iso:ts:21496:-1` and of an
/// AVIF/HEIF `tmap` item, which adds a leading version byte).
///
/// Layout (as libavif and libultrahdr write it): u16 minimum_version, u16 writer_version; when minimum_version is 0
/// and bytes follow: u8 flags (bit 7 multichannel, bit 6 use_base_colour_space, bit 3 common denominator), then either
/// u32 denominator, u32 base and u32 alternate headroom numerators and per channel s32 min, s32 max, u32 gamma,
/// s32 base offset, s32 alternate offset numerators; or every value as numerator/denominator pairs.
enum ISOGainMapParser {
    enum Outcome {
        case record(ISOGainMapRecord)
        case problem(String)
    }

    static func parse(_ data: [UInt8], hasVersionByte: Bool) -> Outcome {
        var position = 0
        var tmapVersion: UInt8?
        if hasVersionByte {
            guard let version = data.u8(0) else { return .problem("the tmap payload is empty") }
            tmapVersion = version
            position = 1
            // A newer tmap layout: readers that know version 0 ignore the gain map (libavif
            // unsupported_gainmap_version.avif); nothing after the version byte is read.
            guard version == 0 else {
                return .record(
                    ISOGainMapRecord(
                        minimumVersion: data.u16(1) ?? 0, writerVersion: data.u16(3) ?? 0, values: nil,
                        trailingByteCount: 0, tmapVersion: version))
            }
        }
        guard let minimumVersion = data.u16(position), let writerVersion = data.u16(position + 2) else {
            return .problem("the record is \(data.count) bytes, too short for its version fields")
        }
        position += 4
        var record = ISOGainMapRecord(
            minimumVersion: minimumVersion, writerVersion: writerVersion, values: nil,
            trailingByteCount: data.count - position, tmapVersion: tmapVersion)
        guard minimumVersion == 0, position < data.count else { return .record(record) }
        let flags = data[position]
        position += 1
        let channels = flags & 0x80 != 0 ? 3 : 1
        let common = flags & 0x08 != 0
        var truncated = false
        func u32() -> UInt32 {
            guard let value = data.u32(position) else {
                truncated = true
                return 0
            }
            position += 4
            return value
        }
        func s32() -> Int64 { Int64(Int32(bitPattern: u32())) }
        var minimum: [Rational] = []
        var maximum: [Rational] = []
        var gamma: [Rational] = []
        var baseOffset: [Rational] = []
        var alternateOffset: [Rational] = []
        let base: Rational
        let alternate: Rational
        if common {
            let denominator = u32()
            base = Rational(Int64(u32()), denominator)
            alternate = Rational(Int64(u32()), denominator)
            for _ in 0..<channels {
                minimum.append(Rational(s32(), denominator))
                maximum.append(Rational(s32(), denominator))
                gamma.append(Rational(Int64(u32()), denominator))
                baseOffset.append(Rational(s32(), denominator))
                alternateOffset.append(Rational(s32(), denominator))
            }
        } else {
            base = Rational(Int64(u32()), u32())
            alternate = Rational(Int64(u32()), u32())
            for _ in 0..<channels {
                minimum.append(Rational(s32(), u32()))
                maximum.append(Rational(s32(), u32()))
                gamma.append(Rational(Int64(u32()), u32()))
                baseOffset.append(Rational(s32(), u32()))
                alternateOffset.append(Rational(s32(), u32()))
            }
        }
        if truncated {
            return .problem("the record ends before its \(channels)-channel values (\(data.count) bytes)")
        }
        record.values = ISOGainMapRecord.Values(
            isMultichannel: channels == 3, usesBaseColorSpace: flags & 0x40 != 0, baseHeadroom: base,
            alternateHeadroom: alternate, gainMapMin: minimum, gainMapMax: maximum, gamma: gamma,
            baseOffset: baseOffset, alternateOffset: alternateOffset)
        record.trailingByteCount = data.count - position
        return .record(record)
    }
}
