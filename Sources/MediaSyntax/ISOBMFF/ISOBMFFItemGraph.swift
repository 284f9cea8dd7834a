/// The item structure of a HEIF or AVIF file (ISO/IEC 23008-12 §9; ISO/IEC 14496-12 §8.11) as
/// ``parse(_:walker:maximumItemCount:)`` read it from the `meta` box: items, their properties, references and data
/// locations. The tag reader decides what the properties mean; a pixel decoder uses the same graph to find and
/// assemble coded items (grids, transformations, auxiliary and derived images) without walking the boxes again.
///
/// Offsets are byte offsets into the file the graph was read from. Every range was checked against the file when it
/// was recorded; ``data(of:in:maximumSize:)`` checks again, so a graph used with other bytes cannot read out of bounds.
package struct ISOBMFFItemGraph: Sendable {
    /// An item (`infe`) with its properties.
    package struct Item: Sendable, Hashable {
        /// The item ID.
        package var id: UInt32
        /// The item type (`av01`, `hvc1`, `grid`, `iden`, `tmap`, `Exif`, `mime` …).
        package var type: String
        /// The content type of a `mime` item (`application/rdf+xml` for XMP).
        package var contentType: String?
        /// Associated properties as 1-based indices into ``ISOBMFFItemGraph/properties``, in `ipma` order (the order
        /// in which transformative properties apply), each index once.
        package var properties: [Int]
        /// The indices of the properties marked essential in `ipma`.
        package var essentialProperties: Set<Int>
    }

    /// A property box of `ipco`.
    package struct Property: Sendable, Hashable {
        /// The box type (`ispe`, `colr`, `hvcC`, `av1C`, `irot`, `imir`, `clap`, `pixi`, `auxC` …).
        package var type: String
        /// The payload's byte range in the file (after the box header).
        package var payload: Range<Int>
    }

    /// An item reference (`iref`).
    package struct Reference: Sendable, Hashable {
        /// The reference type (`dimg`, `auxl`, `thmb`, `cdsc` …).
        package var type: String
        /// The referring item.
        package var from: UInt32
        /// The referenced items, in order.
        package var to: [UInt32]
    }

    /// One extent of an item's data.
    package struct Extent: Sendable, Hashable {
        /// The offset: from the file start (construction method 0) or from the start of `idat` (method 1).
        package var offset: Int
        /// The length; 0 means "to the end of the file or `idat`".
        package var length: Int
    }

    /// Where an item's data is (`iloc`).
    package struct Location: Sendable, Hashable {
        /// 0 file offsets, 1 `idat` offsets, 2 item offsets (not supported).
        package var constructionMethod: Int
        /// The extents, in order.
        package var extents: [Extent]
    }

    /// An entity group of `grpl` (ISO/IEC 14496-12 §8.18.3), e.g. `altr`: alternatives, the preferred first.
    package struct EntityGroup: Sendable, Hashable {
        /// The grouping type (`altr`, `ster` …).
        package var type: String
        /// The group ID.
        package var id: UInt32
        /// The item (or track) IDs, in order.
        package var entities: [UInt32]
    }

    /// The primary item (`pitm`).
    package var primaryID: UInt32
    /// Items by ID.
    package var items: [UInt32: Item]
    /// Item IDs in `iinf` order.
    package var order: [UInt32]
    /// The `ipco` properties; ``Item/properties`` index into them (1-based).
    package var properties: [Property]
    /// Every `iref` reference, in file order.
    package var references: [Reference]
    /// Data locations by item ID.
    package var locations: [UInt32: Location]
    /// The payload range of the `idat` box, if any.
    package var idat: Range<Int>?
    /// The entity groups of `grpl`.
    package var groups: [EntityGroup] = []

    /// Whether an `altr` group lists `preferred` before `other` (libavif's test for a `tmap` item to replace the
    /// primary item: avifIsPreferredAlternativeTo).
    package func isPreferredAlternative(_ preferred: UInt32, to other: UInt32) -> Bool {
        for group in groups where group.type == "altr" {
            guard let a = group.entities.firstIndex(of: preferred), let b = group.entities.firstIndex(of: other) else {
                continue
            }
            return a < b
        }
        return false
    }

    /// The properties of an item, in association order.
    package func properties(of id: UInt32) -> [Property] {
        (items[id]?.properties ?? []).compactMap { $0 >= 1 && $0 <= properties.count ? properties[$0 - 1] : nil }
    }

    /// The first property of `type` associated with an item.
    package func property(_ type: BoxType, of id: UInt32) -> Property? {
        properties(of: id).first { $0.type == type }
    }

    /// The targets of the first reference of `type` from `id` (e.g. the tiles of a grid, the inputs of a `tmap`).
    package func references(_ type: ItemReferenceType, from id: UInt32) -> [UInt32] {
        references.first { $0.type == type && $0.from == id }?.to ?? []
    }

    /// The items that refer to `id` with a reference of `type` (e.g. the auxiliary images of an image: `auxl`).
    package func items(referring type: ItemReferenceType, to id: UInt32) -> [UInt32] {
        references.filter { $0.type == type && $0.to.contains(id) }.map(\.from)
    }

    /// The type of the coded item an item reconstructs from (`av01`, `hvc1` …): the item itself, or the first input of
    /// a derived item (`grid`, `iden`), followed at most 8 deep; nil for none.
    package func codedItemType(of id: UInt32) -> String? {
        var id = id
        for _ in 0..<8 {
            guard let item = items[id] else { return nil }
            guard let input = references(.dimg, from: id).first, item.type.isOne(of: ItemType.grid, .iden) else {
                return item.type
            }
            id = input
        }
        return nil
    }

    /// A chain of `dimg` references from `id` that comes back to an item already on it (e.g. a grid that is its own
    /// tile), or nil when the derivations from `id` form a tree. libheif 1.15 recurses through such a chain until the
    /// stack overflows, so decoders check first. At most 4 096 items are visited.
    package func derivationCycle(from id: UInt32) -> [UInt32]? {
        let inputs = derivationInputs().mapValues { Set($0).sorted() }
        // Depth first without recursion: the chain from `id`, and for each item on it the next input to try.
        var chain = [id]
        var onChain: Set<UInt32> = [id]
        var next = [0]
        var visited = 1
        while let top = chain.last {
            let candidates = inputs[top] ?? []
            let index = next[next.count - 1]
            guard index < candidates.count else {
                chain.removeLast()
                onChain.remove(top)
                next.removeLast()
                continue
            }
            next[next.count - 1] += 1
            let input = candidates[index]
            if onChain.contains(input) { return chain + [input] }
            visited += 1
            guard visited <= 4096 else { return nil }
            chain.append(input)
            onChain.insert(input)
            next.append(0)
        }
        return nil
    }

    /// The inputs of every derived item: the targets of its `dimg` references, in file order.
    private func derivationInputs() -> [UInt32: [UInt32]] {
        var inputs: [UInt32: [UInt32]] = [:]
        for reference in references where reference.type == "dimg" {
            inputs[reference.from, default: []] += reference.to
        }
        return inputs
    }

    /// The item types libheif 1.15 registers as images (its `item_type_is_image`): a derivation input of any other
    /// type, or of no `infe`, is no image to it.
    package static let libheifImageItemTypes: Set<String> = ["hvc1", "grid", "iden", "iovl", "av01"]

    /// The first `dimg` reference, among the derivations from `id`, whose input is not an image item: no `infe`
    /// (version 2 or 3) describes it (`type` nil), or its type is not one of ``libheifImageItemTypes``; as (derived
    /// item, input, the input's type); nil when every input is an image item. libheif 1.15 asserts (`imginfo`) and
    /// aborts the process on such an input (an `iden` over an item of an older `infe` version or of a non-image type,
    /// found by the items fuzz target), so decoders check first. At most 4 096 items are visited.
    package func nonImageDerivationInput(from id: UInt32) -> (item: UInt32, input: UInt32, type: String?)? {
        let inputs = derivationInputs()
        var pending = [id]
        var visited: Set<UInt32> = []
        while let next = pending.popLast(), visited.count < 4096 {
            guard visited.insert(next).inserted else { continue }
            for input in inputs[next] ?? [] {
                guard let item = items[input] else { return (next, input, nil) }
                guard Self.libheifImageItemTypes.contains(item.type) else { return (next, input, item.type) }
                pending.append(input)
            }
        }
        return nil
    }

    /// Why an item's data cannot be had.
    package enum DataError: Error, Hashable, Sendable, CustomStringConvertible {
        /// No `iloc` entry.
        case noLocation(item: UInt32)
        /// A construction method other than 0 (file) and 1 (`idat`).
        case unsupportedConstructionMethod(item: UInt32, method: Int)
        /// An extent outside the file or `idat`, or sizes that overflow.
        case outOfBounds(item: UInt32)
        /// More data than `maximumSize`.
        case tooLarge(item: UInt32, limit: Int)

        package var description: String {
            switch self {
            case .noLocation(let item): "item \(item) has no iloc entry"
            case .unsupportedConstructionMethod(let item, let method):
                "item \(item) uses iloc construction method \(method) (only 0 and 1 are supported)"
            case .outOfBounds(let item): "item \(item)'s data lies outside the file"
            case .tooLarge(let item, let limit): "item \(item)'s data is larger than \(limit) bytes"
            }
        }
    }

    /// An item's data, its extents concatenated, at most `maximumSize` bytes.
    package func data(of id: UInt32, in bytes: [UInt8], maximumSize: Int) throws(DataError) -> [UInt8] {
        guard let location = locations[id] else { throw .noLocation(item: id) }
        var data: [UInt8] = []
        for extent in location.extents {
            let base: Int
            let limit: Int
            switch location.constructionMethod {
            case 0: (base, limit) = (0, bytes.count)
            case 1:
                guard let idat else { throw .outOfBounds(item: id) }
                (base, limit) = (idat.lowerBound, Swift.min(idat.upperBound, bytes.count))
            default: throw .unsupportedConstructionMethod(item: id, method: location.constructionMethod)
            }
            guard let start = Bytes.add(base, extent.offset), start <= limit else { throw .outOfBounds(item: id) }
            let length = extent.length == 0 ? limit - start : extent.length
            guard length <= maximumSize - data.count else { throw .tooLarge(item: id, limit: maximumSize) }
            guard let range = Bytes.range(start, length, within: limit) else { throw .outOfBounds(item: id) }
            data += bytes[range]
        }
        return data
    }
}
