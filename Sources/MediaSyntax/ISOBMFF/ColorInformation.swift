package import SignalCoding

/// The code points of a `colr` box of type `nclx` (ISO/IEC 14496-12 §12.1.5: three u16 codes, then the full-range
/// flag in the top bit of one byte) or `nclc` (QuickTime: three u16 codes, no range): one parser for movie sample
/// entries, HEIF/AVIF item properties and the pixel decoders' fallback.
package struct ColorInformation: Hashable, Sendable {
    /// `nclx` or `nclc`.
    package var type: String
    /// The three codes as stored (primaries, transfer, matrix); H.273 defines none above 255.
    package var codes: [UInt16]
    /// Whether an `nclx` box ends before the byte with the full-range flag (10 bytes instead of 11).
    package var rangeMissing: Bool
    /// The codes as H.273 code points (clamped to 255) with the full-range flag; an `nclx` without its range byte
    /// reads as narrow range, as FFmpeg's and QuickTime's readers take it.
    package var cicp: CICP

    /// Whether a code exceeds 255, beyond every H.273 table.
    package var codesOutOfRange: Bool { codes.contains { $0 > 255 } }

    /// Parses `data`, the payload from the 4-byte colour type on; nil for another colour type (`prof`, `rICC` …).
    ///
    /// - Throws: ``SyntaxError`` when the box holds fewer than the three codes.
    package init?(_ data: some Collection<UInt8>) throws(SyntaxError) {
        let bytes = Array(data.prefix(11))
        let type = Bytes.fourCC(bytes.prefix(4))
        guard type == "nclx" || type == "nclc" else { return nil }
        guard bytes.count >= 10 else {
            throw SyntaxError("'colr' (\(type)) has \(bytes.count) bytes, fewer than the 10 of three codes")
        }
        self.type = type
        codes = [bytes.u16(inBounds: 4), bytes.u16(inBounds: 6), bytes.u16(inBounds: 8)]
        rangeMissing = type == "nclx" && bytes.count < 11
        let fullRange = type == "nclx" && (bytes.u8(10) ?? 0) & 0x80 != 0
        let narrow = codes.map { UInt8(clamping: $0) }
        cicp = CICP(
            colorPrimaries: narrow[0], transferCharacteristics: narrow[1], matrixCoefficients: narrow[2],
            videoFullRange: fullRange)
    }
}
