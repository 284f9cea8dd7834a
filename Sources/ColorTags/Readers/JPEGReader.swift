import MediaSyntax

/// Reads the colour tags of a JPEG: APP2 ICC_PROFILE (reassembled by sequence number), APP1 XMP with hdrgm gain-map
/// fields, APP2 ISO 21496-1 gain-map metadata, APP2 MPF and the secondary images it points at, and the SOF bit depth.
struct JPEGReader {
    static let xmpSignature = JPEGSegmentWalker.xmpSignature
    static let iccSignature = JPEGSegmentWalker.iccSignature
    static let isoGainMapSignature = JPEGSegmentWalker.isoGainMapSignature
    static let mpfSignature = JPEGSegmentWalker.mpfSignature
    static let exifSignature = JPEGSegmentWalker.exifSignature

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
        var walker = JPEGSegmentWalker(
            bytes: bytes, imageAt: start, name: "\(role)", budget: budget,
            maximumSegmentCount: limits.maximumSegmentCount)
        defer { budget = walker.budget }
        walk: while true {
            let step: JPEGSegmentWalker.Step
            do { step = try walker.next() } catch {
                throw .limitExceeded("JPEG segment count above \(error.limit)", limit: error.limit)
            }
            switch step {
            case .segment(let segment):
                try handle(
                    marker: segment.marker, payload: segment.payload, into: &result, iccParts: &iccParts, index: index,
                    problems: &problems)
            case .end(let problem):
                if let problem { problems.append(ReadProblem(problem, image: index)) }
                break walk
            }
        }
        if !iccParts.isEmpty { assembleICC(iccParts, into: &result.tags, index: index, problems: &problems) }
        return result
    }
}
