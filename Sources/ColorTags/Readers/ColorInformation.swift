import MediaSyntax

extension ColorInformation {
    /// The tag of an `nclx`/`nclc` payload `data` (from the colour type on; nil when fewer than the three codes are
    /// there) and what is wrong with the box as (rule, message) pairs: codes are read wherever they are there.
    static func read(_ data: [UInt8], in place: String) -> (tag: CICPTag?, problems: [(RuleID, String)]) {
        let colour: ColorInformation
        do {
            guard let parsed = try ColorInformation(data) else { return (nil, []) }
            colour = parsed
        } catch {
            return (nil, [(.malformed, "\(place) \(error.message.dropFirst("'colr' ".count))")])
        }
        var problems: [(RuleID, String)] = []
        if colour.codesOutOfRange {
            problems.append(
                (
                    .malformed,
                    "\(colour.type) code points \(colour.codes.map(String.init).joined(separator: "/")) exceed 255, beyond every H.273 table"
                ))
        }
        if colour.rangeMissing {
            problems.append(
                (
                    .colrRangeMissing,
                    "\(place) (nclx) has 10 bytes, without the 11th that holds the full-range flag: read as narrow range"
                ))
        }
        return (CICPTag(cicp: colour.cicp, source: colour.type == ColorType.nclx ? .nclx : .nclc), problems)
    }
}
