import MediaSyntax

extension JPEGReader {
    func handle(
        marker: UInt8, payload: Range<Int>, into result: inout Segments,
        iccParts: inout [(sequence: UInt8, count: UInt8, payload: Range<Int>)], index: Int,
        problems: inout [ReadProblem]
    ) throws(ColorTagsError) {
        let start = payload.lowerBound
        switch marker {
        case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
            guard payload.count >= 6 else {
                problems.append(
                    ReadProblem(.malformed, "SOF segment at byte \(start) is \(payload.count) bytes", image: index))
                return
            }
            result.tags.bitDepth = Int(bytes[start])
            result.tags.height = Int(bytes.u16(inBounds: start + 1))
            result.tags.width = Int(bytes.u16(inBounds: start + 3))
            result.tags.channelCount = Int(bytes[start + 5])
        case 0xE1 where matches(Self.xmpSignature, in: payload):
            let body = bytes[(start + Self.xmpSignature.count)..<payload.upperBound]
            let location = TagLocation(offset: start, length: payload.count, container: "APP1 XMP")
            if result.xmp == nil { result.xmp = Located(String(decoding: body, as: UTF8.self), at: location) }
        case 0xE1 where matches(Self.exifSignature, in: payload):
            let tiff = (start + Self.exifSignature.count)..<payload.upperBound
            let location = TagLocation(offset: start, length: payload.count, container: "APP1 Exif")
            if result.exif == nil { result.exif = Located(tiff, at: location) }
        case 0xE2 where matches(Self.iccSignature, in: payload):
            let header = start + Self.iccSignature.count
            guard header + 2 <= payload.upperBound else {
                problems.append(
                    ReadProblem(
                        .malformed, "APP2 ICC_PROFILE segment at byte \(start) has no sequence numbers", image: index))
                return
            }
            iccParts.append((bytes[header], bytes[header + 1], (header + 2)..<payload.upperBound))
        case 0xE2 where matches(Self.isoGainMapSignature, in: payload):
            let body = Array(bytes[(start + Self.isoGainMapSignature.count)..<payload.upperBound])
            let location = TagLocation(offset: start, length: payload.count, container: "APP2 ISO 21496-1")
            switch ISOGainMapRecord.parse(body, hasVersionByte: false) {
            case .record(let record): result.iso = Located(record, at: location)
            case .problem(let message):
                problems.append(
                    ReadProblem(.gainMapMetadataInvalid, "ISO 21496-1 metadata: \(message)", at: location, image: index)
                )
            }
        case 0xE2 where matches(Self.mpfSignature, in: payload):
            let location = TagLocation(offset: start, length: payload.count, container: "APP2 MPF")
            if let index = try multiPictureIndex(
                tiffStart: start + 4, end: payload.upperBound, location: location,
                image: index, problems: &problems)
            {
                result.mpf = Located(index, at: location)
            }
        default:
            break
        }
    }

    /// Whether the segment `payload` starts with `signature` (the signature must fit in the payload: matching across
    /// its end would make the body range below start after it ends).
    func matches(_ signature: [UInt8], in payload: Range<Int>) -> Bool {
        JPEGSegmentWalker.payload(payload, of: bytes, startsWith: signature)
    }

    /// Reassembles APP2 ICC_PROFILE segments by sequence number (ICC.1:2022 Annex B.4).
    func assembleICC(
        _ parts: [(sequence: UInt8, count: UInt8, payload: Range<Int>)], into tags: inout ImageTags, index: Int,
        problems: inout [ReadProblem]
    ) {
        let declared = parts[0].count
        let location = TagLocation(
            offset: parts[0].payload.lowerBound, length: parts.reduce(0) { $0 + $1.payload.count },
            container: "APP2 ICC_PROFILE (\(parts.count) segment\(parts.count == 1 ? "" : "s"))")
        let sequences = parts.map(\.sequence)
        guard parts.allSatisfy({ $0.count == declared }), declared >= 1, Set(sequences).count == parts.count,
            sequences.allSatisfy({ $0 >= 1 && $0 <= declared }), parts.count == Int(declared)
        else {
            problems.append(
                ReadProblem(
                    .malformed,
                    "the ICC profile's APP2 segments do not form a sequence 1…\(declared): found sequence numbers "
                        + "\(sequences.map(String.init).joined(separator: ", ")) with counts "
                        + "\(Set(parts.map(\.count)).sorted().map(String.init).joined(separator: ", ")); re-embed the profile",
                    at: location, image: index))
            return
        }
        var profile: [UInt8] = []
        for part in parts.sorted(by: { $0.sequence < $1.sequence }) { profile += bytes[part.payload] }
        tags.iccProfiles.append(Located(EmbeddedICCProfile(bytes: profile), at: location))
    }

    /// Reads the MP Index IFD (CIPA DC-007 §5.2) of an `APP2 MPF` segment whose TIFF header starts at `tiffStart`.
    func multiPictureIndex(
        tiffStart: Int, end: Int, location: TagLocation, image: Int, problems: inout [ReadProblem]
    ) throws(ColorTagsError) -> MultiPictureIndex? {
        func fail(_ message: String) -> MultiPictureIndex? {
            problems.append(ReadProblem(.gainMapMPFInvalid, "MPF: \(message)", at: location, image: image))
            return nil
        }
        guard let tiff = TIFFReader(header: Array(bytes[tiffStart..<end])) else {
            return fail("no TIFF header (II*/MM*) after 'MPF'")
        }
        guard let ifdOffset = tiff.u32(4), let entryCount = tiff.u16(Int(ifdOffset)) else {
            return fail("the index IFD lies outside the segment")
        }
        var declaredImages: Int?
        var entryField: (count: Int, offset: Int)?
        for index in 0..<Int(entryCount) {
            guard let entry = tiff.entry(index, ofIFDAt: Int(ifdOffset)) else {
                return fail("IFD entry \(index + 1) of \(entryCount) lies outside the segment")
            }
            if entry.tag == 0xB001 { declaredImages = Int(entry.field) }
            if entry.tag == 0xB002 { entryField = (entry.count, Int(entry.field)) }
        }
        guard let declaredImages, let entryField else {
            return fail("NumberOfImages (B001) or MPEntry (B002) is missing")
        }
        let readable = entryField.count / 16
        guard readable <= limits.maximumItemCount, declaredImages <= limits.maximumItemCount else {
            throw .limitExceeded(
                "MPF image count \(Swift.max(readable, declaredImages))", limit: limits.maximumItemCount)
        }
        var entries: [MultiPictureIndex.Entry] = []
        for number in 0..<readable {
            let at = entryField.offset + number * 16
            guard let attribute = tiff.u32(at), let size = tiff.u32(at + 4), let offset = tiff.u32(at + 8)
            else {
                problems.append(
                    ReadProblem(
                        .gainMapMPFInvalid, "MPF: MP entry \(number + 1) lies outside the segment", at: location,
                        image: image))
                break
            }
            let fileOffset = number == 0 ? 0 : (Bytes.add(tiffStart, Int(offset)) ?? Int.max)
            entries.append(
                MultiPictureIndex.Entry(
                    attribute: attribute, size: Int(size), fileOffset: fileOffset,
                    landsOnSOI: bytes.matches([0xFF, 0xD8], at: fileOffset)))
        }
        return MultiPictureIndex(
            declaredImageCount: declaredImages, entryFieldByteCount: entryField.count, entries: entries)
    }
}
