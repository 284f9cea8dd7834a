import ColorSpaces
import MediaSyntax

extension ISOBMFFReader {
    mutating func assemble(_ graph: ISOBMFFItemGraph, boxes properties: [Box], brands: [String]) throws(ColorTagsError)
        -> ColorTagging
    {
        let (primaryID, items, order) = (graph.primaryID, graph.items, graph.order)
        let (roles, auxiliaryTypes, tiles) = Self.itemRoles(graph)
        var gainMap = GainMapTags()
        var images: [ImageTags] = []
        var gainMapIndices: [UInt32: Int] = [:]
        let ordered = [primaryID] + order.filter { $0 != primaryID }
        for id in ordered {
            guard let item = items[id], Self.imageItemTypes.contains(item.type) else { continue }
            if tiles.contains(id), roles[id] == nil, auxiliaryTypes[id] == nil { continue }
            var image = ImageTags(role: roles[id] ?? .other("item \(id) (\(item.type))"))
            image.itemID = id
            image.itemType = item.type
            var colrTypes: [String] = []
            for index in item.properties {
                guard index <= properties.count else {
                    problems.append(
                        ReadProblem(
                            .malformed, "item \(id) names property \(index), but 'ipco' holds only \(properties.count)",
                            image: images.count))
                    continue
                }
                let property = properties[index - 1]
                decode(property, index: index, into: &image, colrTypes: &colrTypes, imageIndex: images.count)
                if property.type == BoxType.auxC, case .other = image.role, auxiliaryTypes[id] != nil {
                    // The aux_type URN, up to its NUL (at most 256 bytes are looked at).
                    let start = min(property.payload.lowerBound + 4, property.payload.upperBound)
                    let auxType = Bytes.latin1(bytes[start..<min(start + 256, property.payload.upperBound)])
                    image.role =
                        auxType.contains("hdrgainmap") || auxType.contains("gainmap") ? .gainMap : .auxiliary(auxType)
                }
            }
            checkColorBoxes(colrTypes, item: id, imageIndex: images.count)
            if item.type == ItemType.av01, image.cicp(from: .av1SequenceHeader) == nil,
                let prefix = payloadPrefix(of: id, graph: graph),
                let header = AV1SequenceHeader.firstSequenceHeader(inOBUs: prefix.bytes, from: 0)
            {
                image.cicp.append(
                    Located(
                        CICPTag(
                            cicp: header.cicp, source: .av1SequenceHeader,
                            hasColorDescription: header.colorDescriptionPresent),
                        at: TagLocation(
                            offset: prefix.offset, length: prefix.bytes.count,
                            container: "item \(id) data (AV1 sequence header OBU)")))
            }
            if item.type == ItemType.tmap, let payload = payload(of: id, graph: graph) {
                let location = TagLocation(
                    offset: payload.offset, length: payload.bytes.count, container: "tmap item \(id)")
                switch ISOGainMapRecord.parse(payload.bytes, hasVersionByte: true) {
                case .record(let record): gainMap.iso = Located(record, at: location)
                case .problem(let message):
                    problems.append(
                        ReadProblem(
                            .gainMapMetadataInvalid, "ISO 21496-1 metadata of \(location.container): \(message)",
                            at: location, image: images.count))
                }
            }
            if image.role == .gainMap { gainMapIndices[id] = images.count }
            image.effective = Precedence.effectiveColor(isobmff: image)
            images.append(image)
        }
        chooseGainMap(&gainMap, graph: graph, brands: brands, gainMapIndices: gainMapIndices)
        var tagging = ColorTagging(
            format: format, byteCount: bytes.count, images: images, gainMap: gainMap, problems: problems,
            brands: brands)
        tagging.itemGraph = graph
        return tagging
    }

    /// Each item's role: the primary item, the tmap derivation and its gain-map input, auxiliary images (their types
    /// read later from `auxC`), thumbnails; and the grid tiles, which are left out.
    static func itemRoles(_ graph: ISOBMFFItemGraph)
        -> (roles: [UInt32: ImageTags.Role], auxiliaryTypes: [UInt32: String], tiles: Set<UInt32>)
    {
        let items = graph.items
        var roles: [UInt32: ImageTags.Role] = [graph.primaryID: .primary]
        var auxiliaryTypes: [UInt32: String] = [:]
        var tiles: Set<UInt32> = []
        for reference in graph.references {
            switch ItemReferenceType(rawValue: reference.type) {
            case .dimg where items[reference.from]?.type == ItemType.tmap:
                roles[reference.from] = .toneMapDerivation
                if reference.to.count >= 2 { roles[reference.to[1]] = .gainMap }
            case .dimg:
                tiles.formUnion(reference.to)
            case .auxl:
                auxiliaryTypes[reference.from] = ""
            case .thmb:
                roles[reference.from] = roles[reference.from] ?? .thumbnail(of: reference.to.first ?? 0)
            default:
                break
            }
        }
        return (roles, auxiliaryTypes, tiles)
    }

    /// The gain map applied: the tmap's second input when the tmap has ISO values (and readers apply it), else
    /// Apple's auxiliary one, else the first gain-map item.
    mutating func chooseGainMap(
        _ gainMap: inout GainMapTags, graph: ISOBMFFItemGraph, brands: [String], gainMapIndices: [UInt32: Int]
    ) {
        let (primaryID, items, references) = (graph.primaryID, graph.items, graph.references)
        let tmapGainMap = references.first {
            $0.type == ItemReferenceType.dimg && items[$0.from]?.type == ItemType.tmap && $0.to.count >= 2
        }
        if let tmap = tmapGainMap, gainMap.iso != nil {
            // libavif applies a tmap only in a file with the 'tmap' brand whose altr group prefers it to the primary.
            var reasons: [String] = []
            if !brands.contains(Brand.tmap.rawValue) { reasons.append("the ftyp box lists no 'tmap' brand") }
            if !graph.isPreferredAlternative(tmap.from, to: primaryID) {
                reasons.append("no 'altr' group lists tmap item \(tmap.from) before the primary item \(primaryID)")
            }
            if !reasons.isEmpty {
                gainMap.isoIgnoredBecause = reasons.joined(separator: ", and ")
                problems.append(
                    ReadProblem(
                        .gainMapTmapIgnored,
                        "readers ignore the tmap gain map because \(reasons.joined(separator: ", and ")) (libavif "
                            + "avifDecoderFindGainMapItem); they show the base image", at: gainMap.iso?.location))
            }
        }
        if gainMap.iso != nil, gainMap.isoIgnoredBecause == nil, let id = tmapGainMap?.to[1],
            let index = gainMapIndices[id]
        {
            gainMap.imageIndex = index
        } else if let (id, apple) = appleGainMap(graph, gainMapItems: gainMapIndices.keys.sorted()) {
            gainMap.apple = apple
            gainMap.imageIndex = gainMapIndices[id]
        } else {
            gainMap.imageIndex = gainMapIndices.values.min()
        }
    }

    /// Apple's gain map among the gain-map items: the item whose XMP (a `mime` item describing it with `cdsc`) names
    /// Apple's aux type, with the primary image's Exif maker note (an `Exif` item describing the primary).
    func appleGainMap(_ graph: ISOBMFFItemGraph, gainMapItems: [UInt32]) -> (UInt32, Located<AppleGainMapTags>)? {
        func describing(_ id: UInt32, where accept: (ISOBMFFItemGraph.Item) -> Bool) -> UInt32? {
            graph.references.first {
                $0.type == ItemReferenceType.cdsc && $0.to.contains(id) && graph.items[$0.from].map(accept) == true
            }?
            .from
        }
        for id in gainMapItems {
            guard let auxC = graph.property(.auxC, of: id),
                Bytes.latin1(
                    bytes[Swift.min(auxC.payload.lowerBound + 4, auxC.payload.upperBound)..<auxC.payload.upperBound])
                    == AppleGainMapTags.auxiliaryType
            else { continue }
            var apple = AppleGainMapTags()
            var location = TagLocation(
                offset: auxC.payload.lowerBound, length: auxC.payload.count, container: "auxC of gain-map item \(id)")
            if let xmpItem = describing(
                id, where: { $0.type == ItemType.mime && $0.contentType == "application/rdf+xml" }),
                let xmp = payload(of: xmpItem, graph: graph),
                let fields = XMPGainMapParser.parseApple(
                    String(decoding: xmp.bytes, as: UTF8.self), requiringAuxiliaryType: false)
            {
                apple = fields
                location = TagLocation(
                    offset: xmp.offset, length: xmp.bytes.count, container: "XMP item \(xmpItem) of gain-map item \(id)"
                )
            }
            if let exifItem = describing(graph.primaryID, where: { $0.type == ItemType.Exif }),
                let exif = payload(of: exifItem, graph: graph), let offset = exif.bytes.u32(0),
                let tiff = Bytes.range(4, Int(offset), within: exif.bytes.count).map({ exif.bytes[$0.upperBound...] })
            {
                apple.makerNote = AppleMakerNote.values(tiff: Array(tiff))
            }
            return (id, Located(apple, at: location))
        }
        return nil
    }

    /// Two `colr` boxes of one type, or `rICC` beside `prof`, on one item (HEIF allows one of each; av1-avif #164).
    mutating func checkColorBoxes(_ types: [String], item: UInt32, imageIndex: Int) {
        var counts: [String: Int] = [:]
        for type in types { counts[type, default: 0] += 1 }
        for (type, count) in counts.sorted(by: { $0.key < $1.key }) where count > 1 {
            problems.append(
                ReadProblem(
                    .heifColrDuplicate,
                    "item \(item) has \(count) 'colr' boxes of type '\(type)'; HEIF allows one of each type and readers "
                        + "disagree on which wins", image: imageIndex))
        }
        if counts[ColorType.prof.rawValue] != nil, counts[ColorType.rICC.rawValue] != nil {
            problems.append(
                ReadProblem(
                    .heifColrDuplicate,
                    "item \(item) has both 'prof' and 'rICC' colr boxes; they are alternatives (one ICC profile per item)",
                    image: imageIndex))
        }
    }

    /// Decodes one property into the image.
    mutating func decode(
        _ box: Box, index: Int, into image: inout ImageTags, colrTypes: inout [String], imageIndex: Int
    ) {
        let p = box.payload
        // The fields read are in the first bytes; only an ICC profile needs the whole payload (read below, once per
        // property). Copying at most 4 KiB per association keeps many items sharing a large property linear.
        let data = Array(bytes[p.lowerBound..<min(p.upperBound, p.lowerBound + 4096)])
        let location = TagLocation(
            offset: p.lowerBound, length: p.count, container: "ipco property \(index) '\(box.type)'")
        func short(_ needed: Int) {
            problems.append(
                ReadProblem(
                    .malformed,
                    "'\(box.type)' property \(index) at byte \(box.start) has \(p.count) bytes, fewer than \(needed)",
                    at: location, image: imageIndex))
        }
        switch BoxType(rawValue: box.type) {
        case .colr:
            guard data.count >= 4 else { return short(4) }
            let colorType = Bytes.fourCC(data[0..<4])
            colrTypes.append(colorType)
            let colrLocation = TagLocation(
                offset: p.lowerBound, length: p.count, container: "ipco property \(index) 'colr' (\(colorType))")
            image.colorBoxTypes.append(Located(colorType, at: colrLocation))
            switch ColorType(rawValue: colorType) {
            case .nclx, .nclc:
                let (tag, found) = ColorInformation.read(data, in: "property \(index) 'colr'")
                problems += found.map { ReadProblem($0.0, $0.1, at: colrLocation, image: imageIndex) }
                if let tag { image.cicp.append(Located(tag, at: colrLocation)) }
            case .prof, .rICC:
                let profile =
                    parsedProfiles[index] ?? EmbeddedICCProfile(bytes: Array(bytes[(p.lowerBound + 4)..<p.upperBound]))
                parsedProfiles[index] = profile
                image.iccProfiles.append(Located(profile, at: colrLocation))
            default:
                break
            }
        case .pixi:
            guard let pixi = try? PixelInformation(payload: data[...]) else { return short(5 + Int(data.u8(4) ?? 0)) }
            image.channelCount = pixi.bitDepths.count
            image.bitDepth = pixi.bitDepths.max()
        case .ispe:
            guard let extents = try? ImageSpatialExtents(payload: data[...]) else { return short(12) }
            image.width = extents.width
            image.height = extents.height
        case .clli:
            guard let value = ContentLightLevel(cta861: data) else { return short(4) }
            image.contentLightLevel.append(Located(value, at: location))
        case .mdcv:
            guard let value = MasteringDisplayColorVolume(st2086: data) else { return short(24) }
            image.masteringDisplay.append(Located(value, at: location))
        case .av1C:
            guard let configuration = try? AV1Configuration(payload: data) else { return short(4) }
            if image.bitDepth == nil { image.bitDepth = configuration.bitDepth }
            if let header = configuration.sequenceHeader {
                image.cicp.append(
                    Located(
                        CICPTag(
                            cicp: header.cicp, source: .av1SequenceHeader,
                            hasColorDescription: header.colorDescriptionPresent),
                        at: TagLocation(
                            offset: p.lowerBound, length: p.count,
                            container: "ipco property \(index) 'av1C' sequence header")))
            }
        default:
            break
        }
    }
}
