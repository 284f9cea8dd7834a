/// One marker segment of a JPEG image (ITU-T T.81 §B.1.1.4): its marker and payload (after the 2-byte length).
package struct JPEGSegment: Hashable, Sendable {
    /// The marker byte after `0xFF` (`0xE1` for APP1, `0xDA` for SOS …).
    package var marker: UInt8
    /// The file offset of the `0xFF` before the marker byte.
    package var start: Int
    /// The payload's range in the file.
    package var payload: Range<Int>
}

/// The walk over the marker segments of one JPEG image, from the byte after its SOI to its first SOS (included) or
/// EOI: fill bytes (`0xFF` runs) skipped, RST*n* and TEM markers passed over, every segment length checked against the
/// file. A step at a time, so a reader handles each segment before the walk goes on.
///
/// Faults end the walk with a ``SyntaxProblem`` naming the image (`name`): the file ending before SOS, a byte where
/// a marker must be, a second SOI, a length below 2 or past the end of the file. The walk also ends, without a
/// problem, when it has scanned ``budget`` bytes (fill bytes and payloads), which bounds the work of MPF entries that
/// lead into one another.
package struct JPEGSegmentWalker: Sendable {
    /// The signature of APP1 XMP (Adobe XMP Specification Part 3 §1.1.3).
    package static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8)
    /// The signature of APP2 ICC_PROFILE chunks (ICC.1:2022 Annex B.4).
    package static let iccSignature = Array("ICC_PROFILE\u{0}".utf8)
    /// The signature of APP2 ISO 21496-1 gain-map metadata.
    package static let isoGainMapSignature = Array("urn:iso:std:iso:ts:21496:-1\u{0}".utf8)
    /// The signature of APP2 MPF (CIPA DC-007 §5.2).
    package static let mpfSignature = Array("MPF\u{0}".utf8)
    /// The signature of APP1 Exif (CIPA DC-008 §4.7.2).
    package static let exifSignature = Array("Exif\u{0}\u{0}".utf8)

    /// What the next step found.
    package enum Step: Hashable, Sendable {
        /// A segment (the last one is SOS, `0xDA`).
        case segment(JPEGSegment)
        /// The walk is over: at EOI, after SOS, when the budget ran out (nil), or at a fault.
        case end(SyntaxProblem?)
    }

    let bytes: [UInt8]
    let name: String
    let maximumSegmentCount: Int
    /// What is left of the bytes the walk may scan; below 0 once it ran out.
    package private(set) var budget: Int
    /// The segments returned so far.
    package private(set) var segmentCount = 0
    private var position: Int
    private var finished = false

    /// A walk over the image whose SOI is at `start`; `name` names it in messages ("primary image").
    package init(bytes: [UInt8], imageAt start: Int, name: String, budget: Int, maximumSegmentCount: Int) {
        self.bytes = bytes
        self.name = name
        self.budget = budget
        self.maximumSegmentCount = maximumSegmentCount
        position = start + 2
    }

    /// Whether the segment `payload` starts with `signature` (the signature must fit in the payload).
    package static func payload(_ payload: Range<Int>, of bytes: [UInt8], startsWith signature: [UInt8]) -> Bool {
        payload.count >= signature.count && bytes.matches(signature, at: payload.lowerBound)
    }

    /// The next segment, or the end of the walk (every call after the end returns `.end(nil)`).
    ///
    /// - Throws: ``SyntaxCountLimitError`` beyond `maximumSegmentCount` segments.
    package mutating func next() throws(SyntaxCountLimitError) -> Step {
        guard !finished else { return .end(nil) }
        while true {
            func end(_ kind: SyntaxProblem.Kind, _ message: String, at offset: Int) -> Step {
                finished = true
                return .end(SyntaxProblem(kind, message, offset: offset, path: name))
            }
            guard position < bytes.count else {
                return end(.truncated, "the \(name) ends at byte \(position) before its image data (SOS)", at: position)
            }
            guard bytes[position] == 0xFF else {
                return end(
                    .malformed,
                    "expected a JPEG marker at byte \(position) of the \(name), found 0x"
                        + String(bytes[position], radix: 16).leftPadded(to: 2), at: position)
            }
            var markerIndex = position + 1
            while markerIndex < bytes.count, bytes[markerIndex] == 0xFF { markerIndex += 1 }
            guard markerIndex < bytes.count else {
                return end(.truncated, "the \(name) ends inside a marker at byte \(position)", at: position)
            }
            budget -= markerIndex - position
            guard budget >= 0 else {
                finished = true
                return .end(nil)
            }
            let marker = bytes[markerIndex]
            position = markerIndex + 1
            switch marker {
            case 0xD9:
                finished = true
                return .end(nil)
            case 0xD0...0xD7, 0x01:
                continue
            case 0xD8:
                return end(.malformed, "a second SOI marker at byte \(markerIndex - 1)", at: markerIndex - 1)
            default:
                break
            }
            guard let length = bytes.u16(position) else {
                return end(.truncated, "the \(name) ends inside a segment length at byte \(position)", at: position)
            }
            guard length >= 2, let payload = Bytes.range(position + 2, Int(length) - 2, within: bytes.count) else {
                return end(
                    length < 2 ? .malformed : .truncated,
                    "segment 0x\(String(marker, radix: 16, uppercase: true)) at byte \(markerIndex - 1) declares "
                        + "\(length) bytes " + (length < 2 ? "(at least 2 are needed)" : "but the file ends first"),
                    at: markerIndex - 1)
            }
            budget -= payload.count
            guard budget >= 0 else {
                finished = true
                return .end(nil)
            }
            segmentCount += 1
            guard segmentCount <= maximumSegmentCount else { throw SyntaxCountLimitError(limit: maximumSegmentCount) }
            position = payload.upperBound
            if marker == 0xDA { finished = true }
            return .segment(JPEGSegment(marker: marker, start: markerIndex - 1, payload: payload))
        }
    }
}
