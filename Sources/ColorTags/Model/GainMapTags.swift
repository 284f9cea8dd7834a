public import MediaSyntax
import SignalCoding
public import ToneMapping

extension ISOGainMapRecord {
    /// The metadata as the tone-mapping model (doubles), or nil without values or with a zero denominator.
    public var metadata: GainMapMetadata? {
        guard let values else { return nil }
        func value(_ fraction: Rational) -> Double? { fraction.denominator == 0 ? nil : fraction.doubleValue }
        func vector(_ fractions: [Rational]) -> SIMD3<Double>? {
            let doubles = fractions.compactMap(value)
            guard doubles.count == fractions.count, let first = doubles.first else { return nil }
            return doubles.count == 3 ? SIMD3(doubles[0], doubles[1], doubles[2]) : SIMD3(repeating: first)
        }
        guard let minimum = vector(values.gainMapMin), let maximum = vector(values.gainMapMax),
            let gamma = vector(values.gamma), let baseOffset = vector(values.baseOffset),
            let alternateOffset = vector(values.alternateOffset), let base = value(values.baseHeadroom),
            let alternate = value(values.alternateHeadroom)
        else { return nil }
        return GainMapMetadata(
            gainMapMin: minimum, gainMapMax: maximum, gamma: gamma, baseOffset: baseOffset,
            alternateOffset: alternateOffset, baseHeadroom: base, alternateHeadroom: alternate)
    }
}

/// Adobe/UltraHDR gain-map metadata in XMP (namespace `http://ns.adobe.com/hdr-gain-map/1.0/`, prefix usually
/// `hdrgm`). Values are log2 except the offsets; missing fields keep the specification's defaults.
public struct XMPGainMap: Hashable, Sendable {
    /// `hdrgm:Version`, e.g. "1.0".
    public var version: String?
    /// `hdrgm:GainMapMin` (log2; 1 or 3 values; default 0).
    public var gainMapMin: [Double]
    /// `hdrgm:GainMapMax` (log2; required).
    public var gainMapMax: [Double]
    /// `hdrgm:Gamma` (default 1).
    public var gamma: [Double]
    /// `hdrgm:OffsetSDR` (default 1/64).
    public var offsetSDR: [Double]
    /// `hdrgm:OffsetHDR` (default 1/64).
    public var offsetHDR: [Double]
    /// `hdrgm:HDRCapacityMin` (log2; default 0).
    public var hdrCapacityMin: Double
    /// `hdrgm:HDRCapacityMax` (log2; required).
    public var hdrCapacityMax: Double?
    /// `hdrgm:BaseRenditionIsHDR` (default false).
    public var baseRenditionIsHDR: Bool
    /// Whether the XMP names the gain-map fields at all (the primary image of an UltraHDR file has only `Version`).
    public var hasValues: Bool { !gainMapMax.isEmpty }

    /// The metadata in the tone-mapping model (base headroom 0 for an SDR base), or nil without values.
    public var metadata: GainMapMetadata? {
        guard hasValues, let capacityMax = hdrCapacityMax else { return nil }
        func vector(_ values: [Double], _ fallback: Double) -> SIMD3<Double> {
            values.count >= 3 ? SIMD3(values[0], values[1], values[2]) : SIMD3(repeating: values.first ?? fallback)
        }
        let (base, alternate) = baseRenditionIsHDR ? (capacityMax, hdrCapacityMin) : (hdrCapacityMin, capacityMax)
        return GainMapMetadata(
            gainMapMin: vector(gainMapMin, 0), gainMapMax: vector(gainMapMax, 0), gamma: vector(gamma, 1),
            baseOffset: vector(baseRenditionIsHDR ? offsetHDR : offsetSDR, GainMapMetadata.defaultOffset),
            alternateOffset: vector(baseRenditionIsHDR ? offsetSDR : offsetHDR, GainMapMetadata.defaultOffset),
            baseHeadroom: base, alternateHeadroom: alternate)
    }
}

/// The JPEG Multi-Picture Format index (CIPA DC-007) of the primary image's `APP2 MPF` segment.
public struct MultiPictureIndex: Hashable, Sendable {
    /// One MP entry.
    public struct Entry: Hashable, Sendable {
        /// Individual image attribute (type code in the low 24 bits).
        public var attribute: UInt32
        /// Image size in bytes.
        public var size: Int
        /// Offset of the image from the start of the file (the stored offset is relative to the MPF header; 0 for
        /// the first image).
        public var fileOffset: Int
        /// Whether an SOI marker (`FF D8`) is at ``fileOffset``.
        public var landsOnSOI: Bool
    }

    /// `NumberOfImages` (tag B001).
    public var declaredImageCount: Int
    /// The byte count of the `MPEntry` field (tag B002), 16 per image when correct.
    public var entryFieldByteCount: Int
    /// The entries read.
    public var entries: [Entry]
}

/// What a file says about a gain map.
public struct GainMapTags: Sendable {
    /// The ISO 21496-1 record of the gain-map image (JPEG) or `tmap` item (HEIF/AVIF).
    public var iso: Located<ISOGainMapRecord>?
    /// The ISO 21496-1 version record of the primary image (JPEG).
    public var isoPrimaryVersion: Located<ISOGainMapRecord>?
    /// The XMP hdrgm values of the gain-map image (JPEG).
    public var xmp: Located<XMPGainMap>?
    /// Whether the primary image's XMP declares a gain map (`hdrgm:Version`, UltraHDR).
    public var primaryXMPDeclaresGainMap: Bool
    /// The MPF index of a JPEG.
    public var multiPicture: Located<MultiPictureIndex>?
    /// Apple's gain map (version and headroom), located at the gain-map image's XMP (or, without XMP, at the
    /// gain-map item's `auxC`).
    public var apple: Located<AppleGainMapTags>?
    /// Why conforming readers ignore the ISO 21496-1 `tmap` gain map of a HEIF/AVIF file (no `tmap` brand, or no
    /// `altr` group preferring the `tmap` item to the primary); nil when they apply it.
    public var isoIgnoredBecause: String?
    /// The index in ``ColorTagging/images`` of the gain-map image, when found.
    public var imageIndex: Int?

    /// Creates an empty record.
    public init() {
        primaryXMPDeclaresGainMap = false
    }

    /// Whether anything indicates a gain map.
    public var isPresent: Bool {
        iso != nil || isoPrimaryVersion != nil || xmp != nil || primaryXMPDeclaresGainMap || imageIndex != nil
            || apple != nil
    }
}
