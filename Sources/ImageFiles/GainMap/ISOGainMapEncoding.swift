import MediaSyntax
import SignalCoding
import ToneMapping

/// The fractions both gain-map metadata forms are written from, so ISO 21496-1 (`ISOGainMapRecord`, MediaSyntax) and
/// XMP agree exactly.
enum ISOGainMapEncoding {
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

    /// The record of `metadata` as the fractions written (one or three channels, `use_base_colour_space` set):
    /// its ``ISOGainMapRecord/bytes`` are the gain-map image's segment, its `metadata` what a reader computes.
    static func quantized(_ metadata: GainMapMetadata) throws(ImageFileError) -> ISOGainMapRecord {
        let channels = metadata.isMultichannel ? 3 : 1
        func list(_ v: SIMD3<Double>, signed: Bool) throws(ImageFileError) -> [Rational] {
            var result: [Rational] = []
            for c in 0..<channels { result.append(try fraction(v[c], signed: signed)) }
            return result
        }
        let values = ISOGainMapRecord.Values(
            isMultichannel: channels == 3, usesBaseColorSpace: true,
            baseHeadroom: try fraction(metadata.baseHeadroom, signed: false),
            alternateHeadroom: try fraction(metadata.alternateHeadroom, signed: false),
            gainMapMin: try list(metadata.gainMapMin, signed: true),
            gainMapMax: try list(metadata.gainMapMax, signed: true), gamma: try list(metadata.gamma, signed: false),
            baseOffset: try list(metadata.baseOffset, signed: true),
            alternateOffset: try list(metadata.alternateOffset, signed: true))
        return ISOGainMapRecord(minimumVersion: 0, writerVersion: 0, values: values, trailingByteCount: 0)
    }
}
