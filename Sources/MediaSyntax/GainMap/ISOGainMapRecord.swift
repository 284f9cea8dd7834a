public import SignalCoding

/// ISO 21496-1 gain-map metadata as stored, parsed (``parse(_:hasVersionByte:)``) and serialised (``bytes``) here:
/// JPEG `APP2` with `urn:iso:std:iso:ts:21496:-1`, or an AVIF/HEIF `tmap` item. Values are kept as the file's
/// fractions so checks are exact.
///
/// Layout (as libavif and libultrahdr write it): u16 minimum_version, u16 writer_version; when minimum_version is 0
/// and bytes follow: u8 flags (bit 7 multichannel, bit 6 use_base_colour_space, bit 3 common denominator), then either
/// u32 denominator, u32 base and u32 alternate headroom numerators and per channel s32 min, s32 max, u32 gamma,
/// s32 base offset, s32 alternate offset numerators; or every value as numerator/denominator pairs.
public struct ISOGainMapRecord: Hashable, Sendable {
    /// The per-channel and headroom values.
    public struct Values: Hashable, Sendable {
        /// Whether the file has three channel records (else one, shared).
        public var isMultichannel: Bool
        /// `use_base_colour_space`: the gain map applies in the base image's colour space.
        public var usesBaseColorSpace: Bool
        /// log2 headroom of the base rendition.
        public var baseHeadroom: Rational
        /// log2 headroom of the alternate rendition.
        public var alternateHeadroom: Rational
        /// log2 gain at gain-map value 0, per channel (1 or 3 entries).
        public var gainMapMin: [Rational]
        /// log2 gain at gain-map value 1, per channel.
        public var gainMapMax: [Rational]
        /// Gain-map gamma, per channel (> 0).
        public var gamma: [Rational]
        /// Offset added to the base rendition, per channel.
        public var baseOffset: [Rational]
        /// Offset added to the alternate rendition, per channel.
        public var alternateOffset: [Rational]

        /// Creates the values (per-channel lists of 1 or 3 fractions, as `isMultichannel` says).
        public init(
            isMultichannel: Bool, usesBaseColorSpace: Bool, baseHeadroom: Rational, alternateHeadroom: Rational,
            gainMapMin: [Rational], gainMapMax: [Rational], gamma: [Rational], baseOffset: [Rational],
            alternateOffset: [Rational]
        ) {
            self.isMultichannel = isMultichannel
            self.usesBaseColorSpace = usesBaseColorSpace
            self.baseHeadroom = baseHeadroom
            self.alternateHeadroom = alternateHeadroom
            self.gainMapMin = gainMapMin
            self.gainMapMax = gainMapMax
            self.gamma = gamma
            self.baseOffset = baseOffset
            self.alternateOffset = alternateOffset
        }
    }

    /// `minimum_version`: readers that do not know this version must ignore the gain map (show the base, SDR).
    public var minimumVersion: UInt16
    /// `writer_version`.
    public var writerVersion: UInt16
    /// The values; nil for a version-only record (the JPEG primary image's) or an unknown ``minimumVersion``.
    public var values: Values?
    /// Bytes after the last field that the record did not need (iOS writes a few; read leniently, libultrahdr #319).
    public var trailingByteCount: Int
    /// The version byte of a `tmap` item's payload (HEIF/AVIF); nil for JPEG records. Only 0 is defined.
    public var tmapVersion: UInt8?

    /// Creates a record.
    public init(
        minimumVersion: UInt16, writerVersion: UInt16, values: Values?, trailingByteCount: Int,
        tmapVersion: UInt8? = nil
    ) {
        self.minimumVersion = minimumVersion
        self.writerVersion = writerVersion
        self.values = values
        self.trailingByteCount = trailingByteCount
        self.tmapVersion = tmapVersion
    }

    /// Whether a reader of version 0 applies the record: `minimum_version` 0 and, in a `tmap` item, version byte 0.
    /// Readers must ignore other records and show the base image (ISO 21496-1; libavif).
    public var isSupported: Bool { minimumVersion == 0 && (tmapVersion ?? 0) == 0 }

    /// The version text of reports: `"minimum_version 0, writer_version 0"`, with the tmap version when it is not 0.
    public var versionDescription: String {
        (tmapVersion.map { $0 != 0 ? "tmap version \($0), " : "" } ?? "")
            + "minimum_version \(minimumVersion), writer_version \(writerVersion)"
    }

    /// What ``parse(_:hasVersionByte:)`` found: a record, or why the bytes are not one.
    public enum ParseResult: Hashable, Sendable {
        case record(ISOGainMapRecord)
        case problem(String)
    }

    /// The record of a JPEG primary image: `minimum_version` 0, `writer_version` 0, no values.
    public static let versionOnlyBytes: [UInt8] = [0, 0, 0, 0]

    /// The record as ISO 21496-1 stores it (without a `tmap` version byte): the versions, then, with values, the flags
    /// (bit 7 multichannel, bit 6 use_base_colour_space) and every value as a numerator/denominator pair, headrooms
    /// first, then per channel min, max, gamma, base and alternate offset (signed: min, max and the offsets).
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendU16(minimumVersion)
        bytes.appendU16(writerVersion)
        guard let values else { return bytes }
        var flags: UInt8 = values.usesBaseColorSpace ? 0x40 : 0
        if values.isMultichannel { flags |= 0x80 }
        bytes.append(flags)
        func unsigned(_ f: Rational) {
            bytes.appendU32(UInt32(clamping: f.numerator))
            bytes.appendU32(f.denominator)
        }
        func signed(_ f: Rational) {
            bytes.appendU32(UInt32(bitPattern: Int32(clamping: f.numerator)))
            bytes.appendU32(f.denominator)
        }
        unsigned(values.baseHeadroom)
        unsigned(values.alternateHeadroom)
        for c in values.gainMapMin.indices {
            signed(values.gainMapMin[c])
            signed(values.gainMapMax[c])
            unsigned(values.gamma[c])
            signed(values.baseOffset[c])
            signed(values.alternateOffset[c])
        }
        return bytes
    }

    /// Parses a record: the bytes of a JPEG `APP2` after its signature (`hasVersionByte` false), or a `tmap` item's
    /// payload (true: a leading version byte). A record whose values end early is a problem; bytes after the last
    /// field are counted (``trailingByteCount``), not refused.
    public static func parse(_ data: [UInt8], hasVersionByte: Bool) -> ParseResult {
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
                    Self(
                        minimumVersion: data.u16(1) ?? 0, writerVersion: data.u16(3) ?? 0, values: nil,
                        trailingByteCount: 0, tmapVersion: version))
            }
        }
        guard let minimumVersion = data.u16(position), let writerVersion = data.u16(position + 2) else {
            return .problem("the record is \(data.count) bytes, too short for its version fields")
        }
        position += 4
        var record = Self(
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
        record.values = Values(
            isMultichannel: channels == 3, usesBaseColorSpace: flags & 0x40 != 0, baseHeadroom: base,
            alternateHeadroom: alternate, gainMapMin: minimum, gainMapMax: maximum, gamma: gamma,
            baseOffset: baseOffset, alternateOffset: alternateOffset)
        record.trailingByteCount = data.count - position
        return .record(record)
    }
}
