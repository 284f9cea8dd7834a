import MediaSyntax

/// Builds JPEG marker segments and splices them into encoded JPEG streams.
enum JPEGSegments {
    static let xmpSignature = JPEGSegmentWalker.xmpSignature
    static let iccSignature = JPEGSegmentWalker.iccSignature
    static let isoGainMapSignature = JPEGSegmentWalker.isoGainMapSignature
    static let mpfSignature = JPEGSegmentWalker.mpfSignature

    /// One segment: marker, 2-byte length (payload + 2), payload.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) throws(ImageFileError) -> [UInt8] {
        guard payload.count <= 65_533 else {
            throw .invalidRequest("a JPEG segment holds at most 65 533 bytes; this one has \(payload.count)")
        }
        var bytes: [UInt8] = [0xFF, marker]
        bytes.appendBigEndian(UInt16(payload.count + 2))
        return bytes + payload
    }

    /// APP2 ICC_PROFILE segments (the profile split into chunks of at most 65 519 bytes, numbered from 1).
    static func iccSegments(_ profile: [UInt8]) throws(ImageFileError) -> [UInt8] {
        let chunkSize = 65_519
        let count = (profile.count + chunkSize - 1) / chunkSize
        guard count >= 1, count <= 255 else { throw .invalidRequest("the ICC profile is too large for JPEG") }
        var bytes: [UInt8] = []
        for index in 0..<count {
            let chunk = profile[(index * chunkSize)..<min(profile.count, (index + 1) * chunkSize)]
            bytes += try segment(0xE2, iccSignature + [UInt8(index + 1), UInt8(count)] + chunk)
        }
        return bytes
    }

    /// APP1 XMP segment for a packet.
    static func xmpSegment(_ packet: String) throws(ImageFileError) -> [UInt8] {
        try segment(0xE1, xmpSignature + Array(packet.utf8))
    }

    /// The stream with `segments` inserted after SOI and any JFIF APP0 segment, and every existing APP1 XMP,
    /// APP2 ICC/MPF/ISO segment removed (they are rewritten).
    static func splice(_ segments: [UInt8], into jpeg: [UInt8]) throws(ImageFileError) -> [UInt8] {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else {
            throw .encodingFailed(format: .jpeg, reason: "the encoder output does not start with SOI")
        }
        var head: [UInt8] = [0xFF, 0xD8]
        var inserted = false
        var position = 2  // the end of the last segment passed over
        var walker = JPEGSegmentWalker(
            bytes: jpeg, imageAt: 0, name: "encoder output", budget: Int.max, maximumSegmentCount: Int.max)
        while case .segment(let segment) = try? walker.next(),
            (0xE0...0xEF).contains(segment.marker) || segment.marker == 0xFE
        {
            let signature = { JPEGSegmentWalker.payload(segment.payload, of: jpeg, startsWith: $0) }
            let rewritten =
                (segment.marker == 0xE1 && signature(xmpSignature))
                || (segment.marker == 0xE2
                    && (signature(iccSignature) || signature(mpfSignature) || signature(isoGainMapSignature)))
            if segment.marker != 0xE0, !inserted {
                head += segments
                inserted = true
            }
            if !rewritten { head += jpeg[segment.start..<segment.payload.upperBound] }
            position = segment.payload.upperBound
        }
        if !inserted { head += segments }
        return head + jpeg[position...]
    }
}

extension JPEGSegments {
    /// The first APP1 XMP packet of the image starting at SOI, before its SOS (nil without one).
    static func xmpPacket(in bytes: [UInt8]) -> String? {
        firstAPP1Payload(in: bytes, signature: xmpSignature).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The payload after `signature` of the first APP1 segment that starts with it, in the image starting at SOI,
    /// before its SOS (nil without one, or when a segment length runs past the data).
    static func firstAPP1Payload(in bytes: [UInt8], signature: [UInt8]) -> ArraySlice<UInt8>? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var walker = JPEGSegmentWalker(
            bytes: bytes, imageAt: 0, name: "image", budget: Int.max, maximumSegmentCount: Int.max)
        while case .segment(let segment) = try? walker.next(), segment.marker != 0xDA {
            if segment.marker == 0xE1,
                JPEGSegmentWalker.payload(segment.payload, of: bytes, startsWith: signature)
            {
                return bytes[segment.payload].dropFirst(signature.count)
            }
        }
        return nil
    }
}
