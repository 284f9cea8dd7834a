import SignalCoding

/// The code points of a `colr` box of type `nclx` (ISO/IEC 14496-12 §12.1.5: three u16 codes, then the full-range
/// flag in the top bit of one byte) or `nclc` (QuickTime: three u16 codes, no range): one parser for the movie and
/// the image reader.
enum ColourInformation {
    /// The codes in `data` (the payload from the colour type on), or nil when fewer than the three codes are there,
    /// and what is wrong with the box as (rule, message) pairs: codes are read wherever they are there. An `nclx`
    /// without its range byte reads as narrow range, as FFmpeg's and QuickTime's readers take it.
    static func read(_ data: [UInt8], type: String, in place: String) -> (tag: CICPTag?, problems: [(RuleID, String)]) {
        guard data.count >= 10 else {
            return (nil, [(.malformed, "\(place) (\(type)) has \(data.count) bytes, fewer than the 10 of three codes")])
        }
        var problems: [(RuleID, String)] = []
        let codes = [data.u16(at: 4), data.u16(at: 6), data.u16(at: 8)]
        if codes.contains(where: { $0 > 255 }) {
            problems.append(
                (
                    .malformed,
                    "\(type) code points \(codes.map(String.init).joined(separator: "/")) exceed 255, beyond every H.273 table"
                ))
        }
        var fullRange = false
        if type == "nclx" {
            if let flags = data.u8(10) {
                fullRange = flags & 0x80 != 0
            } else {
                problems.append(
                    (
                        .colrRangeMissing,
                        "\(place) (nclx) has 10 bytes, without the 11th that holds the full-range flag: read as narrow range"
                    ))
            }
        }
        let narrow = codes.map { UInt8(clamping: $0) }
        let cicp = CICP(
            colourPrimaries: narrow[0], transferCharacteristics: narrow[1], matrixCoefficients: narrow[2],
            videoFullRange: fullRange)
        return (CICPTag(cicp: cicp, source: type == "nclx" ? .nclx : .nclc), problems)
    }
}
