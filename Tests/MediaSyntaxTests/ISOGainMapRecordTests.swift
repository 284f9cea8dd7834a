import MediaSyntax
import SignalCoding
import Testing

@Suite("ISO 21496-1 gain-map record")
struct ISOGainMapRecordTests {
    static func record(channels: Int) -> ISOGainMapRecord {
        let n = channels
        let values = ISOGainMapRecord.Values(
            isMultichannel: n == 3, usesBaseColorSpace: true, baseHeadroom: Rational(0, 1),
            alternateHeadroom: Rational(2_321_928, 1_000_000),
            gainMapMin: Array(repeating: Rational(-125, 1000), count: n),
            gainMapMax: (0..<n).map { Rational(Int64(3 + $0), 1) }, gamma: Array(repeating: Rational(1, 1), count: n),
            baseOffset: Array(repeating: Rational(15_625, 1_000_000), count: n),
            alternateOffset: Array(repeating: Rational(-1, 64), count: n))
        return ISOGainMapRecord(minimumVersion: 0, writerVersion: 0, values: values, trailingByteCount: 0)
    }

    @Test("a record serialised and parsed again is the same record (one and three channels, negative values)")
    func roundTrip() {
        for channels in [1, 3] {
            let record = Self.record(channels: channels)
            let bytes = record.bytes
            #expect(bytes.count == 4 + 1 + 16 + channels * 40)
            #expect(bytes[4] == (channels == 3 ? 0xC0 : 0x40))
            #expect(ISOGainMapRecord.parse(bytes, hasVersionByte: false) == .record(record))
            // A tmap item's payload: a version byte first.
            var tmap = record
            tmap.tmapVersion = 0
            #expect(ISOGainMapRecord.parse([0] + bytes, hasVersionByte: true) == .record(tmap))
        }
    }

    @Test("the common-denominator form: one denominator for every value")
    func commonDenominator() throws {
        let bytes: [UInt8] =
            [0, 0, 0, 0, 0x08] + [0, 0, 0, 2] + [0, 0, 0, 0] + [0, 0, 0, 6]
            + [0xFF, 0xFF, 0xFF, 0xFE] + [0, 0, 0, 4] + [0, 0, 0, 2] + [0, 0, 0, 0] + [0, 0, 0, 1]
        guard case .record(let record) = ISOGainMapRecord.parse(bytes, hasVersionByte: false) else {
            Issue.record("not a record")
            return
        }
        let values = try #require(record.values)
        #expect(!values.isMultichannel && !values.usesBaseColorSpace)
        #expect(values.alternateHeadroom == Rational(6, 2) && values.gainMapMin == [Rational(-2, 2)])
        #expect(values.gainMapMax == [Rational(4, 2)] && values.gamma == [Rational(2, 2)])
        #expect(values.alternateOffset == [Rational(1, 2)] && record.trailingByteCount == 0)
    }

    @Test("version-only records, unknown versions, trailing bytes and records cut short")
    func edges() {
        let versionOnly = ISOGainMapRecord.parse(ISOGainMapRecord.versionOnlyBytes, hasVersionByte: false)
        #expect(
            versionOnly
                == .record(ISOGainMapRecord(minimumVersion: 0, writerVersion: 0, values: nil, trailingByteCount: 0)))
        #expect(
            ISOGainMapRecord(minimumVersion: 0, writerVersion: 0, values: nil, trailingByteCount: 0).bytes == [
                0, 0, 0, 0,
            ])
        guard case .record(let newer) = ISOGainMapRecord.parse([1, 0, 0, 0, 0], hasVersionByte: true) else {
            Issue.record("a newer tmap version is a record readers ignore")
            return
        }
        #expect(newer.tmapVersion == 1 && newer.values == nil && !newer.isSupported)
        let bytes = Self.record(channels: 1).bytes
        guard case .record(let trailing) = ISOGainMapRecord.parse(bytes + [9, 9, 9], hasVersionByte: false) else {
            Issue.record("trailing bytes are counted, not refused")
            return
        }
        #expect(trailing.trailingByteCount == 3 && trailing.values == Self.record(channels: 1).values)
        for length in [0, 3] + Array(stride(from: 5, to: bytes.count, by: 7)) {
            let parsed = ISOGainMapRecord.parse(Array(bytes.prefix(length)), hasVersionByte: false)
            if case .record = parsed, length >= 5 { Issue.record("\(length) bytes parsed as a record") }
            if length < 4, case .record = parsed { Issue.record("\(length) bytes parsed as a record") }
        }
    }
}
