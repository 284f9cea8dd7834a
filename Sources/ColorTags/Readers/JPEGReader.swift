import MediaSyntax

/// Reads the colour tags of a JPEG: APP2 ICC_PROFILE (reassembled by sequence number), APP1 XMP with hdrgm gain-map
/// fields, APP2 ISO 21496-1 gain-map metadata, APP2 MPF and the secondary images it points at, and the SOF bit depth.
struct JPEGReader {
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8)
    static let iccSignature = Array("ICC_PROFILE\u{0}".utf8)
    static let isoGainMapSignature = Array("urn:iso:std:iso:ts:21496:-1\u{0}".utf8)
    static let mpfSignature = Array("MPF\u{0}".utf8)
    static let exifSignature = Array("Exif\u{0}\u{0}".utf8)

    let bytes: [UInt8]
    let limits: ReadLimits

    /// What one image's segments hold.
    struct Segments {
        var tags: ImageTags
        var xmp: Located<String>?
        var iso: Located<ISOGainMapRecord>?
        var mpf: Located<MultiPictureIndex>?
        /// The TIFF bytes of the first APP1 Exif segment (after its signature).
        var exif: Located<Range<Int>>?
    }

    func read() throws(ColorTagsError) -> ColorTagging {
        var problems: [ReadProblem] = []
        // The bytes all walks may scan (fill bytes and segment payloads). Images of a well-formed file do not overlap,
        // so their walks scan at most the file once; MPF entries that lead into one another's headers would otherwise
        // make the work grow with the square of the file size.
        var scanBudget = 2 * bytes.count + (1 << 16)
        let primary = try segments(
            ofImageAt: 0, role: .primary, index: 0, budget: &scanBudget, problems: &problems)
        var images = [primary.tags]
        var gainMap = GainMapTags()
        gainMap.isoPrimaryVersion = primary.iso
        if let xmp = primary.xmp {
            let parsed = XMPGainMapParser.parse(xmp.value)
            gainMap.primaryXMPDeclaresGainMap = parsed.declaresGainMap
            if let values = parsed.values { gainMap.xmp = Located(values, at: xmp.location) }
        }
        if let iso = primary.iso, iso.value.values != nil { gainMap.iso = iso }
        gainMap.multiPicture = primary.mpf
        var stoppedAt: Int?
        for (entryIndex, entry) in (primary.mpf?.value.entries ?? []).enumerated().dropFirst() where entry.landsOnSOI {
            guard scanBudget >= 0 else { break }
            stoppedAt = entryIndex + 1
            let index = images.count
            var secondary = try segments(
                ofImageAt: entry.fileOffset, role: .other("MPF image \(entryIndex + 1)"), index: index,
                budget: &scanBudget, problems: &problems)
            secondary.tags.offset = entry.fileOffset
            var isGainMap = false
            if let xmp = secondary.xmp {
                let parsed = XMPGainMapParser.parse(xmp.value)
                if let values = parsed.values, gainMap.xmp == nil || gainMap.imageIndex == nil {
                    gainMap.xmp = Located(values, at: xmp.location)
                    isGainMap = true
                }
            }
            if let iso = secondary.iso {
                gainMap.iso = iso
                isGainMap = true
            }
            if !isGainMap, gainMap.apple == nil, let xmp = secondary.xmp,
                var apple = XMPGainMapParser.parseApple(xmp.value)
            {
                apple.makerNote = primary.exif.flatMap { AppleMakerNote.values(tiff: Array(bytes[$0.value])) }
                gainMap.apple = Located(apple, at: xmp.location)
                isGainMap = gainMap.imageIndex == nil
            }
            if isGainMap, gainMap.imageIndex == nil {
                secondary.tags.role = .gainMap
                gainMap.imageIndex = index
            }
            images.append(secondary.tags)
        }
        if scanBudget < 0, let stoppedAt {
            problems.append(
                ReadProblem(
                    .gainMapMPFInvalid,
                    "MPF: the images the MP entries lead to overlap so much that reading them would scan the file more "
                        + "than twice; reading stopped in the image of MP entry \(stoppedAt) and skipped the entries after it"
                ))
        }
        if gainMap.imageIndex == nil, gainMap.primaryXMPDeclaresGainMap || primary.iso != nil {
            problems.append(
                ReadProblem(
                    .gainMapMissingImage,
                    "the primary image declares a gain map (XMP hdrgm:Version or ISO 21496-1 APP2) but no MPF entry leads "
                        + "to a gain-map image with metadata; re-encode with a gain-map writer (libultrahdr, libavif) that "
                        + "writes MPF"))
        }
        for index in images.indices {
            images[index].effective = Precedence.effectiveColor(jpeg: images[index])
        }
        return ColorTagging(format: .jpeg, byteCount: bytes.count, images: images, gainMap: gainMap, problems: problems)
    }

    /// Walks the marker segments of the image starting at `start` (an SOI) up to its first SOS, scanning at most
    /// `budget` bytes (fill bytes and segment payloads; reduced by what it scans, and the walk ends when it runs out).
    func segments(
        ofImageAt start: Int, role: ImageTags.Role, index: Int, budget: inout Int, problems: inout [ReadProblem]
    ) throws(ColorTagsError) -> Segments {
        var result = Segments(tags: ImageTags(role: role))
        var iccParts: [(sequence: UInt8, count: UInt8, payload: Range<Int>)] = []
        var position = start + 2
        var segmentCount = 0
        scan: while true {
            guard position < bytes.count else {
                problems.append(
                    ReadProblem(
                        .truncated, "the \(role) ends at byte \(position) before its image data (SOS)", image: index))
                break
            }
            guard bytes[position] == 0xFF else {
                problems.append(
                    ReadProblem(
                        .malformed,
                        "expected a JPEG marker at byte \(position) of the \(role), found 0x"
                            + String(bytes[position], radix: 16).leftPadded(to: 2), image: index))
                break
            }
            var markerIndex = position + 1
            while markerIndex < bytes.count, bytes[markerIndex] == 0xFF { markerIndex += 1 }
            guard markerIndex < bytes.count else {
                problems.append(
                    ReadProblem(.truncated, "the \(role) ends inside a marker at byte \(position)", image: index))
                break
            }
            budget -= markerIndex - position
            guard budget >= 0 else { break }
            let marker = bytes[markerIndex]
            position = markerIndex + 1
            switch marker {
            case 0xD9:
                break scan
            case 0xD0...0xD7, 0x01:
                continue scan
            case 0xD8:
                problems.append(ReadProblem(.malformed, "a second SOI marker at byte \(markerIndex - 1)", image: index))
                break scan
            default:
                break
            }
            guard let length = bytes.u16(position) else {
                problems.append(
                    ReadProblem(
                        .truncated, "the \(role) ends inside a segment length at byte \(position)", image: index))
                break
            }
            guard length >= 2, let payload = Bytes.range(position + 2, Int(length) - 2, within: bytes.count) else {
                problems.append(
                    ReadProblem(
                        length < 2 ? .malformed : .truncated,
                        "segment 0x\(String(marker, radix: 16, uppercase: true)) at byte \(markerIndex - 1) declares "
                            + "\(length) bytes " + (length < 2 ? "(at least 2 are needed)" : "but the file ends first"),
                        image: index))
                break
            }
            budget -= payload.count
            guard budget >= 0 else { break }  // read() reports the overlap
            segmentCount += 1
            guard segmentCount <= limits.maximumSegmentCount else {
                throw .limitExceeded(
                    "JPEG segment count above \(limits.maximumSegmentCount)", limit: limits.maximumSegmentCount)
            }
            try handle(
                marker: marker, payload: payload, into: &result, iccParts: &iccParts, index: index,
                problems: &problems)
            position = payload.upperBound
            if marker == 0xDA { break scan }
        }
        if !iccParts.isEmpty { assembleICC(iccParts, into: &result.tags, index: index, problems: &problems) }
        return result
    }
}
