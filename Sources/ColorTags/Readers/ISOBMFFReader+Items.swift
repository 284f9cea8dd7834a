import MediaSyntax

extension ISOBMFFReader {
    typealias Item = ISOBMFFItemGraph.Item
    typealias Reference = ISOBMFFItemGraph.Reference
    typealias ItemLocation = ISOBMFFItemGraph.Location

    static let imageItemTypes: Set<String> = [
        "av01", "hvc1", "hev1", "grid", "iden", "iovl", "tmap", "jpeg", "unci", "avc1", "vvc1", "j2k1",
    ]

    mutating func read() throws(ColorTagsError) -> ColorTagging {
        let top = try children(of: 0..<bytes.count, depth: 0, path: "")
        let brands = Self.ftypBrands(bytes, in: 0..<bytes.count)
        guard let meta = top.first(where: { $0.type == "meta" }) else {
            if top.contains(where: { $0.type == "mini" }) {
                throw .malformed(
                    format,
                    "its items are in a 'mini' box (MinimizedImageBox, the low-overhead layout of ISO/IEC 23008-12 "
                        + "Amd 2 that libheif ≥ 1.20 writes), which this reader does not support yet")
            }
            throw .malformed(
                format, "no 'meta' box, so no image items (an image sequence without a still image, or not HEIF)")
        }
        let metaChildren = try fullBoxChildren(of: meta, depth: 1)
        var primaryID: UInt32?
        var items: [UInt32: Item] = [:]
        var itemOrder: [UInt32] = []
        var references: [Reference] = []
        var properties: [Box] = []
        var locations: [UInt32: ItemLocation] = [:]
        var idat: Range<Int>?
        var groups: [ISOBMFFItemGraph.EntityGroup] = []
        for box in metaChildren {
            let p = box.payload
            switch box.type {
            case "pitm":
                guard let version = bytes.u8(p.lowerBound) else { continue }
                primaryID = version == 0 ? bytes.u16(p.lowerBound + 4).map(UInt32.init) : bytes.u32(p.lowerBound + 4)
            case "iinf":
                guard let version = bytes.u8(p.lowerBound) else { continue }
                let entries = try fullBoxChildren(of: box, depth: 2, skipping: version == 0 ? 2 : 4)
                guard entries.count <= limits.maximumItemCount else {
                    throw .limitExceeded("HEIF item count \(entries.count)", limit: limits.maximumItemCount)
                }
                for infe in entries where infe.type == "infe" {
                    let q = infe.payload.lowerBound
                    guard let infeVersion = bytes.u8(q), infeVersion >= 2 else { continue }
                    let id = infeVersion == 2 ? bytes.u16(q + 4).map(UInt32.init) : bytes.u32(q + 4)
                    let typeOffset = q + (infeVersion == 2 ? 8 : 10)
                    guard let id, let typeBytes = bytes.slice(typeOffset, 4), typeOffset + 4 <= infe.payload.upperBound
                    else { continue }
                    if items[id] == nil { itemOrder.append(id) }
                    let type = Bytes.fourCC(typeBytes)
                    // item_name, then for 'mime' items content_type (both NUL-terminated, ISO/IEC 14496-12 §8.11.6).
                    var contentType: String?
                    if type == "mime" {
                        let strings = bytes[(typeOffset + 4)..<infe.payload.upperBound].split(
                            separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
                        if strings.count >= 2 {
                            contentType = TextSanitizer.sanitize(Bytes.latin1(strings[1].prefix(256)))
                        }
                    }
                    items[id] = Item(
                        id: id, type: type, contentType: contentType, properties: [], essentialProperties: [])
                }
            case "iref":
                guard let version = bytes.u8(p.lowerBound) else { continue }
                for reference in try fullBoxChildren(of: box, depth: 2) {
                    let width = version == 0 ? 2 : 4
                    var position = reference.payload.lowerBound
                    func id() -> UInt32? {
                        defer { position += width }
                        return width == 2 ? bytes.u16(position).map(UInt32.init) : bytes.u32(position)
                    }
                    guard let from = id(), let count = bytes.u16(position) else { continue }
                    position += 2
                    var to: [UInt32] = []
                    for _ in 0..<Int(count) {
                        guard position + width <= reference.payload.upperBound, let target = id() else { break }
                        to.append(target)
                    }
                    references.append(Reference(type: reference.type, from: from, to: to))
                }
            case "iprp":
                for child in try children(of: p, depth: 2, path: box.path) {
                    if child.type == "ipco" {
                        properties = try children(of: child.payload, depth: 3, path: child.path)
                    } else if child.type == "ipma" {
                        readAssociations(child, into: &items)
                    }
                }
            case "iloc":
                locations = readLocations(box)
            case "idat":
                idat = p
            case "grpl":
                groups = try readGroups(box)
            default:
                break
            }
        }
        // A property named twice by one item adds nothing; dropping repeats keeps decoding linear in the file size.
        for id in items.keys {
            var seen: Set<Int> = []
            items[id]?.properties.removeAll { !seen.insert($0).inserted }
        }
        guard let primaryID, items[primaryID] != nil else {
            throw .malformed(format, "no primary item ('pitm' missing or naming an item that 'iinf' does not list)")
        }
        let graph = ISOBMFFItemGraph(
            primaryID: primaryID, items: items, order: itemOrder,
            properties: properties.map { ISOBMFFItemGraph.Property(type: $0.type, payload: $0.payload) },
            references: references, locations: locations, idat: idat, groups: groups)
        return try assemble(graph, boxes: properties, brands: brands)
    }

    /// `ipma`: item → property indices (ISO/IEC 23008-12 §9.3.2).
    mutating func readAssociations(_ box: Box, into items: inout [UInt32: Item]) {
        let p = box.payload
        guard let version = bytes.u8(p.lowerBound), let flags = bytes.u32(p.lowerBound).map({ $0 & 0xFFFFFF }),
            let count = bytes.u32(p.lowerBound + 4)
        else { return }
        var position = p.lowerBound + 8
        for _ in 0..<Int(Swift.min(count, UInt32(limits.maximumItemCount))) {
            let id: UInt32?
            if version < 1 {
                id = bytes.u16(position).map(UInt32.init)
                position += 2
            } else {
                id = bytes.u32(position)
                position += 4
            }
            guard let id, let associations = bytes.u8(position), position < p.upperBound else { break }
            position += 1
            for _ in 0..<Int(associations) {
                let index: Int
                let essential: Bool
                if flags & 1 != 0 {
                    guard let value = bytes.u16(position) else { return }
                    (index, essential) = (Int(value & 0x7FFF), value & 0x8000 != 0)
                    position += 2
                } else {
                    guard let value = bytes.u8(position) else { return }
                    (index, essential) = (Int(value & 0x7F), value & 0x80 != 0)
                    position += 1
                }
                if index > 0 {
                    items[id]?.properties.append(index)
                    if essential { items[id]?.essentialProperties.insert(index) }
                }
            }
        }
    }

    /// `grpl` (ISO/IEC 14496-12 §8.18): entity groups such as `altr` (alternatives, preferred first).
    mutating func readGroups(_ box: Box) throws(ColorTagsError) -> [ISOBMFFItemGraph.EntityGroup] {
        var groups: [ISOBMFFItemGraph.EntityGroup] = []
        for group in try children(of: box.payload, depth: 2, path: box.path) {
            let p = group.payload
            guard let id = bytes.u32(p.lowerBound + 4), let count = bytes.u32(p.lowerBound + 8) else { continue }
            var entities: [UInt32] = []
            var position = p.lowerBound + 12
            for _ in 0..<Swift.min(Int(count), limits.maximumItemCount) {
                guard position + 4 <= p.upperBound, let entity = bytes.u32(position) else { break }
                entities.append(entity)
                position += 4
            }
            groups.append(ISOBMFFItemGraph.EntityGroup(type: group.type, id: id, entities: entities))
        }
        return groups
    }

    /// `iloc` (ISO/IEC 14496-12 §8.11.3), versions 0–2.
    func readLocations(_ box: Box) -> [UInt32: ItemLocation] {
        let p = box.payload
        guard let version = bytes.u8(p.lowerBound), version <= 2, let sizes = bytes.u16(p.lowerBound + 4) else {
            return [:]
        }
        let offsetSize = Int(sizes >> 12)
        let lengthSize = Int((sizes >> 8) & 0xF)
        let baseSize = Int((sizes >> 4) & 0xF)
        let indexSize = version >= 1 ? Int(sizes & 0xF) : 0
        var position = p.lowerBound + 6
        func read(_ size: Int) -> Int? {
            defer { position += size }
            switch size {
            case 0: return 0
            case 4: return bytes.u32(position).map(Int.init)
            case 8: return bytes.u64(position).flatMap { $0 > UInt64(Int.max) ? nil : Int($0) }
            default: return nil
            }
        }
        guard let count = version < 2 ? bytes.u16(position).map(Int.init) : bytes.u32(position).map(Int.init) else {
            return [:]
        }
        position += version < 2 ? 2 : 4
        var result: [UInt32: ItemLocation] = [:]
        for _ in 0..<Swift.min(count, limits.maximumItemCount) {
            let id = version < 2 ? bytes.u16(position).map(UInt32.init) : bytes.u32(position)
            position += version < 2 ? 2 : 4
            var method = 0
            if version >= 1 {
                method = Int((bytes.u16(position) ?? 0) & 0xF)
                position += 2
            }
            position += 2  // data_reference_index
            guard let id, let base = read(baseSize), let extentCount = bytes.u16(position) else { return result }
            position += 2
            var extents: [ISOBMFFItemGraph.Extent] = []
            // With offset, length and index sizes all 0 an extent takes no bytes and every one is (base, 0): one
            // stands for them all, so a large extent_count cannot loop without reading (65 535 × 4 096 items).
            let bytesPerExtent = offsetSize + lengthSize + indexSize
            for _ in 0..<(bytesPerExtent == 0 ? Swift.min(Int(extentCount), 1) : Int(extentCount)) {
                if indexSize > 0 { guard read(indexSize) != nil else { return result } }
                guard let offset = read(offsetSize), let length = read(lengthSize), let start = Bytes.add(base, offset)
                else { return result }
                extents.append(ISOBMFFItemGraph.Extent(offset: start, length: length))
            }
            result[id] = ItemLocation(constructionMethod: method, extents: extents)
        }
        return result
    }

    /// An item's payload (file offsets or `idat`) and the file offset of its first byte, capped at 1 MiB: only small
    /// metadata items are read.
    func payload(of id: UInt32, graph: ISOBMFFItemGraph) -> (bytes: [UInt8], offset: Int)? {
        guard let data = try? graph.data(of: id, in: bytes, maximumSize: 1 << 20),
            let extent = graph.locations[id]?.extents.first
        else { return nil }
        let offset =
            graph.locations[id]?.constructionMethod == 1 ? (graph.idat?.lowerBound ?? 0) + extent.offset : extent.offset
        return (data, offset)
    }

    /// The first bytes (at most `maximum`) of an item's first extent: enough for the AV1 sequence header.
    func payloadPrefix(of id: UInt32, graph: ISOBMFFItemGraph, maximum: Int = 4096) -> (bytes: [UInt8], offset: Int)? {
        let idat = graph.idat
        guard let location = graph.locations[id], let extent = location.extents.first else { return nil }
        let start: Int?
        let limit: Int
        switch location.constructionMethod {
        case 0: (start, limit) = (extent.offset, bytes.count)
        case 1: (start, limit) = (idat.flatMap { Bytes.add($0.lowerBound, extent.offset) }, idat?.upperBound ?? 0)
        default: return nil
        }
        guard let start, start < limit else { return nil }
        let available = limit - start
        let length = Swift.min(maximum, extent.length == 0 ? available : Swift.min(extent.length, available))
        guard let range = Bytes.range(start, length, within: limit) else { return nil }
        return (Array(bytes[range]), start)
    }
}
