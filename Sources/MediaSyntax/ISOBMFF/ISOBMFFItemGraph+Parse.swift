extension ISOBMFFItemGraph {
    /// What ``parse(_:walker:maximumItemCount:)`` found: the graph, the `ipco` property boxes (with their start
    /// offsets and paths, for messages) and the structural problems met on the way, in file order.
    package struct Parsed: Sendable {
        package var graph: ISOBMFFItemGraph
        /// The `ipco` boxes; ``ISOBMFFItemGraph/properties`` describes the same boxes.
        package var propertyBoxes: [ISOBMFFBox]
        /// Lists that ended early; what was before the fault is in the graph.
        package var problems: [SyntaxProblem]
    }

    /// Why no graph could be read.
    package enum ParseError: Error, Hashable, Sendable {
        /// The box walk went beyond its caps.
        case boxLimit(ISOBMFFBoxLimitError)
        /// `iinf` lists more entries than the cap.
        case itemCount(Int, limit: Int)
        /// No top-level `meta` box; `hasMinimizedImageBox` when a `mini` box (ISO/IEC 23008-12 Amd 2) stands instead.
        case noMeta(hasMinimizedImageBox: Bool)
        /// `pitm` is missing or names an item `iinf` does not list.
        case noPrimaryItem
    }

    /// The item graph of the file `bytes`: the top-level `meta` box's `pitm`, `iinf`/`infe` (version 2 and 3),
    /// `iref` (16- and 32-bit IDs), `iprp` (`ipco`, `ipma`), `iloc` (versions 0–2), `idat` and `grpl`. Counts from
    /// the file are capped at `maximumItemCount`; a property named twice by one item is kept once.
    ///
    /// - Throws: ``ParseError`` when there is no `meta` box or primary item, or beyond the caps.
    package static func parse(_ bytes: [UInt8], walker: inout ISOBMFFBoxWalker, maximumItemCount: Int)
        throws(ParseError) -> Parsed
    {
        var parser = Parser(bytes: bytes, walker: walker, maximumItemCount: maximumItemCount)
        defer { walker = parser.walker }
        return try parser.parse()
    }

    /// The state of one parse.
    private struct Parser {
        let bytes: [UInt8]
        var walker: ISOBMFFBoxWalker
        let maximumItemCount: Int
        var problems: [SyntaxProblem] = []

        init(bytes: [UInt8], walker: ISOBMFFBoxWalker, maximumItemCount: Int) {
            self.bytes = bytes
            self.walker = walker
            self.maximumItemCount = maximumItemCount
        }

        mutating func list(_ walk: ISOBMFFBoxWalker.List) -> [ISOBMFFBox] {
            if let problem = walk.problem { problems.append(problem) }
            return walk.boxes
        }

        mutating func children(of range: Range<Int>, depth: Int, path: String) throws(ParseError) -> [ISOBMFFBox] {
            do { return list(try walker.children(of: range, in: bytes, path: path, depth: depth)) } catch {
                throw .boxLimit(error)
            }
        }

        mutating func fullBoxChildren(of box: ISOBMFFBox, depth: Int, skipping extra: Int = 0) throws(ParseError)
            -> [ISOBMFFBox]
        {
            do { return list(try walker.fullBoxChildren(of: box, in: bytes, depth: depth, skipping: extra)) } catch {
                throw .boxLimit(error)
            }
        }

        mutating func parse() throws(ParseError) -> Parsed {
            let top = try children(of: 0..<bytes.count, depth: 0, path: "")
            guard let meta = top.first(where: { $0.type == "meta" }) else {
                throw .noMeta(hasMinimizedImageBox: top.contains(where: { $0.type == "mini" }))
            }
            let metaChildren: [ISOBMFFBox]
            do { metaChildren = list(try walker.metaChildren(of: meta, in: bytes, depth: 1)) } catch {
                throw .boxLimit(error)
            }
            var primaryID: UInt32?
            var items: [UInt32: Item] = [:]
            var order: [UInt32] = []
            var references: [Reference] = []
            var properties: [ISOBMFFBox] = []
            var locations: [UInt32: Location] = [:]
            var idat: Range<Int>?
            var groups: [EntityGroup] = []
            for box in metaChildren {
                let p = box.payload
                switch box.type {
                case "pitm":
                    guard let version = bytes.u8(p.lowerBound) else { continue }
                    primaryID =
                        version == 0 ? bytes.u16(p.lowerBound + 4).map(UInt32.init) : bytes.u32(p.lowerBound + 4)
                case "iinf":
                    guard let version = bytes.u8(p.lowerBound) else { continue }
                    let entries = try fullBoxChildren(of: box, depth: 2, skipping: version == 0 ? 2 : 4)
                    guard entries.count <= maximumItemCount else {
                        throw .itemCount(entries.count, limit: maximumItemCount)
                    }
                    for infe in entries where infe.type == "infe" {
                        guard let item = readItem(infe) else { continue }
                        if items[item.id] == nil { order.append(item.id) }
                        items[item.id] = item
                    }
                case "iref":
                    guard let version = bytes.u8(p.lowerBound) else { continue }
                    for reference in try fullBoxChildren(of: box, depth: 2) {
                        if let found = readReference(reference, idWidth: version == 0 ? 2 : 4) {
                            references.append(found)
                        }
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
            // A property named twice by one item adds nothing; dropping repeats keeps decoding linear in the file
            // size.
            for id in items.keys {
                var seen: Set<Int> = []
                items[id]?.properties.removeAll { !seen.insert($0).inserted }
            }
            guard let primaryID, items[primaryID] != nil else { throw .noPrimaryItem }
            let graph = ISOBMFFItemGraph(
                primaryID: primaryID, items: items, order: order,
                properties: properties.map { Property(type: $0.type, payload: $0.payload) }, references: references,
                locations: locations, idat: idat, groups: groups)
            return Parsed(graph: graph, propertyBoxes: properties, problems: problems)
        }

        /// `infe` versions 2 and 3 (ISO/IEC 14496-12 §8.11.6); nil for older versions and short boxes.
        func readItem(_ infe: ISOBMFFBox) -> Item? {
            let q = infe.payload.lowerBound
            guard let version = bytes.u8(q), version >= 2 else { return nil }
            let id = version == 2 ? bytes.u16(q + 4).map(UInt32.init) : bytes.u32(q + 4)
            let typeOffset = q + (version == 2 ? 8 : 10)
            guard let id, let typeBytes = bytes.slice(typeOffset, 4), typeOffset + 4 <= infe.payload.upperBound
            else { return nil }
            let type = Bytes.fourCC(typeBytes)
            // item_name, then for 'mime' items content_type (both NUL-terminated).
            var contentType: String?
            if type == "mime" {
                let strings = bytes[(typeOffset + 4)..<infe.payload.upperBound].split(
                    separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
                if strings.count >= 2 {
                    contentType = TextSanitizer.sanitize(Bytes.latin1(strings[1].prefix(256)))
                }
            }
            return Item(id: id, type: type, contentType: contentType, properties: [], essentialProperties: [])
        }

        /// One `SingleItemTypeReferenceBox` of `iref` (ISO/IEC 14496-12 §8.11.12).
        func readReference(_ reference: ISOBMFFBox, idWidth width: Int) -> Reference? {
            var position = reference.payload.lowerBound
            func id() -> UInt32? {
                defer { position += width }
                return width == 2 ? bytes.u16(position).map(UInt32.init) : bytes.u32(position)
            }
            guard let from = id(), let count = bytes.u16(position) else { return nil }
            position += 2
            var to: [UInt32] = []
            for _ in 0..<Int(count) {
                guard position + width <= reference.payload.upperBound, let target = id() else { break }
                to.append(target)
            }
            return Reference(type: reference.type, from: from, to: to)
        }

        /// `ipma`: item → property indices (ISO/IEC 23008-12 §9.3.2).
        func readAssociations(_ box: ISOBMFFBox, into items: inout [UInt32: Item]) {
            let p = box.payload
            guard let version = bytes.u8(p.lowerBound), let flags = bytes.u32(p.lowerBound).map({ $0 & 0xFFFFFF }),
                let count = bytes.u32(p.lowerBound + 4)
            else { return }
            var position = p.lowerBound + 8
            for _ in 0..<Int(Swift.min(count, UInt32(maximumItemCount))) {
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
        mutating func readGroups(_ box: ISOBMFFBox) throws(ParseError) -> [EntityGroup] {
            var groups: [EntityGroup] = []
            for group in try children(of: box.payload, depth: 2, path: box.path) {
                let p = group.payload
                guard let id = bytes.u32(p.lowerBound + 4), let count = bytes.u32(p.lowerBound + 8) else { continue }
                var entities: [UInt32] = []
                var position = p.lowerBound + 12
                for _ in 0..<Swift.min(Int(count), maximumItemCount) {
                    guard position + 4 <= p.upperBound, let entity = bytes.u32(position) else { break }
                    entities.append(entity)
                    position += 4
                }
                groups.append(EntityGroup(type: group.type, id: id, entities: entities))
            }
            return groups
        }

        /// `iloc` (ISO/IEC 14496-12 §8.11.3), versions 0–2.
        func readLocations(_ box: ISOBMFFBox) -> [UInt32: Location] {
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
            guard let count = version < 2 ? bytes.u16(position).map(Int.init) : bytes.u32(position).map(Int.init)
            else { return [:] }
            position += version < 2 ? 2 : 4
            var result: [UInt32: Location] = [:]
            for _ in 0..<Swift.min(count, maximumItemCount) {
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
                var extents: [Extent] = []
                // With offset, length and index sizes all 0 an extent takes no bytes and every one is (base, 0): one
                // stands for them all, so a large extent_count cannot loop without reading (65 535 × 4 096 items).
                let bytesPerExtent = offsetSize + lengthSize + indexSize
                for _ in 0..<(bytesPerExtent == 0 ? Swift.min(Int(extentCount), 1) : Int(extentCount)) {
                    if indexSize > 0 { guard read(indexSize) != nil else { return result } }
                    guard let offset = read(offsetSize), let length = read(lengthSize),
                        let start = Bytes.add(base, offset)
                    else { return result }
                    extents.append(Extent(offset: start, length: length))
                }
                result[id] = Location(constructionMethod: method, extents: extents)
            }
            return result
        }
    }
}
