import SignalCoding
import ColorTags
import ToneMapping

/// Writes ISO 21496-1 gain-map metadata records (the layout ColorTags' parser, libultrahdr and libavif use) and the
/// fractions both metadata forms are written from, so ISO and XMP agree exactly.
enum ISOGainMapEncoding {
    /// The version-only record of the primary image: minimum_version 0, writer_version 0.
    static let versionOnly: [UInt8] = [0, 0, 0, 0]

    /// A fraction close to `value` with denominator 10^6 (smaller when the numerator would not fit).
    static func fraction(_ value: Double, signed: Bool) throws(ImageFileError) -> Rational {
        guard value.isFinite, signed || value >= 0 else {
            throw .invalidRequest("gain-map metadata value \(value) cannot be stored as an ISO 21496-1 fraction")
        }
        var denominator: UInt32 = 1_000_000
        let limit = signed ? Double(Int32.max) : Double(UInt32.max)
        while denominator > 1, (value * Double(denominator)).magnitude > limit { denominator /= 10 }
        let numerator = (value * Double(denominator)).rounded()
        guard numerator.magnitude <= limit else {
            throw .invalidRequest("gain-map metadata value \(value) is too large for ISO 21496-1")
        }
        return Rational(Int64(numerator), denominator)
    }

    /// The fractions of one record (one or three channels).
    struct Values {
        var isMultichannel: Bool
        var baseHeadroom: Rational
        var alternateHeadroom: Rational
        var gainMapMin: [Rational]
        var gainMapMax: [Rational]
        var gamma: [Rational]
        var baseOffset: [Rational]
        var alternateOffset: [Rational]

        /// The metadata the fractions mean exactly (as a reader computes it).
        var metadata: GainMapMetadata {
            func v(_ f: [Rational]) -> SIMD3<Double> {
                let d = f.map { Double($0.numerator) / Double($0.denominator) }
                return d.count == 3 ? SIMD3(d[0], d[1], d[2]) : SIMD3(repeating: d[0])
            }
            return GainMapMetadata(
                gainMapMin: v(gainMapMin), gainMapMax: v(gainMapMax), gamma: v(gamma), baseOffset: v(baseOffset),
                alternateOffset: v(alternateOffset), baseHeadroom: v([baseHeadroom]).x,
                alternateHeadroom: v([alternateHeadroom]).x)
        }
    }

    /// The metadata as the fractions written.
    static func quantized(_ metadata: GainMapMetadata) throws(ImageFileError) -> Values {
        let channels = metadata.isMultichannel ? 3 : 1
        func list(_ v: SIMD3<Double>, signed: Bool) throws(ImageFileError) -> [Rational] {
            var result: [Rational] = []
            for c in 0..<channels { result.append(try fraction(v[c], signed: signed)) }
            return result
        }
        return Values(
            isMultichannel: channels == 3,
            baseHeadroom: try fraction(metadata.baseHeadroom, signed: false),
            alternateHeadroom: try fraction(metadata.alternateHeadroom, signed: false),
            gainMapMin: try list(metadata.gainMapMin, signed: true),
            gainMapMax: try list(metadata.gainMapMax, signed: true), gamma: try list(metadata.gamma, signed: false),
            baseOffset: try list(metadata.baseOffset, signed: true),
            alternateOffset: try list(metadata.alternateOffset, signed: true))
    }

    /// The full record: versions, flags (multichannel, use_base_colour_space), then numerator/denominator pairs.
    static func record(_ values: Values) -> [UInt8] {
        var bytes = versionOnly
        var flags: UInt8 = 0x40  // use_base_colour_space
        if values.isMultichannel { flags |= 0x80 }
        bytes.append(flags)
        func unsigned(_ f: Rational) {
            bytes.appendBigEndian(UInt32(clamping: f.numerator))
            bytes.appendBigEndian(f.denominator)
        }
        func signed(_ f: Rational) {
            bytes.appendBigEndian(Int32(clamping: f.numerator))
            bytes.appendBigEndian(f.denominator)
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
}
