/// A catalogue of four-character codes (box types, item types, chunk types …): the only place their spellings appear,
/// so that a reader above MediaSyntax names a code by its case (`BoxType.stsd`), never by a string literal.
///
/// The syntax keeps each type as the `String` it read (an unknown code stays readable in messages); a catalogue case
/// compares with it through `==`, and a `switch` goes over the case the string names (`switch BoxType(rawValue:
/// box.type) { case .colr: … }`, `nil` for a code outside the catalogue).
package protocol FourCharacterCodes: RawRepresentable<String>, CaseIterable, Hashable, Sendable {}

extension FourCharacterCodes {
    /// Whether a code read from a file is this case.
    package static func == (code: String, type: Self) -> Bool { code == type.rawValue }
    /// Whether a code read from a file is this case.
    package static func == (type: Self, code: String) -> Bool { code == type.rawValue }
    /// Whether a code that may be missing is this case.
    package static func == (code: String?, type: Self) -> Bool { code == type.rawValue }
    /// Whether a code read from a file is not this case.
    package static func != (code: String, type: Self) -> Bool { code != type.rawValue }
    /// The code's four bytes, as a file stores them.
    package var bytes: [UInt8] { Array(rawValue.utf8) }
}

extension String {
    /// Whether this code read from a file is one of `types`.
    package func isOne<Code: FourCharacterCodes>(of types: Code...) -> Bool { types.contains { self == $0.rawValue } }
}

/// ISO/IEC 14496-12 (ISO BMFF), QuickTime, HEIF and codec box types: boxes of the movie structure, sample tables,
/// fragments, sample-entry children and item properties (a property is a box).
package enum BoxType: String, FourCharacterCodes {
    // File and movie structure (ISO/IEC 14496-12 §4.3, §8.2–8.4)
    case ftyp, moov, mvhd, mvex, trex, trak, tkhd, edts, elst, mdia, mdhd, hdlr, minf, stbl
    // The meta box and its item structure (§8.11; HEIF's item properties in iprp/ipco, associated in ipma)
    case meta, pitm, iinf, infe, iloc, iref, iprp, ipco, ipma, idat
    // Sample tables (§8.5–8.7)
    case stsd, stts, ctts, stss, stsc, stsz, stz2, stco, co64
    // Fragments (§8.8)
    case moof, traf, tfhd, trun
    // Protection (§8.12): the original format and the scheme of an encrypted sample entry
    case sinf, frma, schm
    /// Colour information (§12.1.5): `nclx`, `nclc`, `prof` or `rICC` (``ColorType``).
    case colr
    // HDR metadata: mastering display and content light level (ISO/IEC 14496-12 §12.1.6–7, and VP9's SmDm and CoLL)
    case mdcv, clli, SmDm, CoLL
    // Pixel aspect ratio and QuickTime's gamma
    case pasp, gama
    // Codec configurations (ISO/IEC 14496-15, AV1-ISOBMFF, VP-ISOBMFF) and Dolby Vision's (dvcC, dvvC, dvwC)
    case hvcC, avcC, av1C, vpcC, dvcC, dvvC, dvwC
    // HEIF item properties (ISO/IEC 23008-12 §6.5, MIAF, AV1 Image File Format)
    case ispe, pixi, auxC, a1op, a1lx, lsel, clap, irot, imir, cclv, amve
}

/// HEIF item types (ISO/IEC 23008-12 §6.4 and its derivations, ISO 21496-1's `tmap`).
package enum ItemType: String, FourCharacterCodes {
    case av01, hvc1, hev1, avc1, vvc1, j2k1, jpeg, unci
    /// Derived images: a grid of tiles, an identity transform (`iden`), an overlay, a gain-map derivation.
    case grid, iden, iovl, tmap
    /// Metadata items: XMP (`mime` with `content_type` application/rdf+xml) and Exif.
    case mime, Exif
}

/// HEIF item reference types (ISO/IEC 23008-12 §6.4.x).
package enum ItemReferenceType: String, FourCharacterCodes {
    /// Derived image → its inputs.
    case dimg
    /// Auxiliary image (alpha, depth, gain map) → its master.
    case auxl
    /// Thumbnail → its master.
    case thmb
    /// Metadata item → the item it describes.
    case cdsc
}

/// The `colour_type` of a `colr` box.
package enum ColorType: String, FourCharacterCodes {
    /// Code points with a full-range flag (ISO/IEC 23091-2).
    case nclx
    /// QuickTime's code points, no range flag.
    case nclc
    /// A restricted or unrestricted ICC profile.
    case rICC, prof
}

/// Sample-entry types of video and other tracks (ISO/IEC 14496-15, AV1-ISOBMFF, VP-ISOBMFF, Dolby Vision's
/// `dvh1`/`dvhe`/`dva1`/`dvav`/`dav1`, QuickTime's timecode and metadata).
package enum SampleEntryType: String, FourCharacterCodes {
    case hvc1, hev1, hvc2, hev2, dvh1, dvhe
    case avc1, avc2, avc3, avc4, dva1, dvav
    case av01, dav1, vp09
    case mp4a, tmcd, mebx
}

/// Handler types of a track's `hdlr` (ISO/IEC 14496-12 §8.4.3).
package enum HandlerType: String, FourCharacterCodes {
    case vide
}

/// Brands of an `ftyp` box that a reader checks beyond the file's signature.
package enum Brand: String, FourCharacterCodes {
    /// ISO 21496-1: the file carries a gain map (`tmap` item).
    case tmap
}

/// PNG chunk types (PNG Third Edition §5.6, §11).
package enum PNGChunkType: String, FourCharacterCodes {
    case IHDR, PLTE, IDAT, IEND
    case cICP, iCCP, sRGB, gAMA, cHRM, mDCV, cLLI
    /// The spellings of mDCV and cLLI before PNG Third Edition, still written by some tools.
    case mDCv, cLLi
    /// The spellings proposed for the HDR reference-white chunk (w3c/png #390, PR #391).
    case rWTm, nDWt, dWLm
}

/// Every catalogue, for checks that no spelling appears outside MediaSyntax.
package let fourCharacterCodeCatalogues: [[String]] = [
    BoxType.allCases.map(\.rawValue), ItemType.allCases.map(\.rawValue), ItemReferenceType.allCases.map(\.rawValue),
    ColorType.allCases.map(\.rawValue), SampleEntryType.allCases.map(\.rawValue), HandlerType.allCases.map(\.rawValue),
    Brand.allCases.map(\.rawValue), PNGChunkType.allCases.map(\.rawValue),
]
