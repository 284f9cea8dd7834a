import MediaSyntax

extension ISOBMFFReader {
    static let imageItemTypes = Set(
        [ItemType.av01, .hvc1, .hev1, .grid, .iden, .iovl, .tmap, .jpeg, .unci, .avc1, .vvc1, .j2k1].map(\.rawValue))

    mutating func read() throws(ColorTagsError) -> ColorTagging {
        let brands = FileTypeBox.brands(bytes)
        let parsed: ISOBMFFItemGraph.Parsed
        do {
            parsed = try ISOBMFFItemGraph.parse(bytes, walker: &walker, maximumItemCount: limits.maximumItemCount)
        } catch {
            switch error {
            case .boxLimit(let limit): throw ColorTagsError(limit)
            case .itemCount(let count, let limit): throw .limitExceeded("HEIF item count \(count)", limit: limit)
            case .noMeta(hasMinimizedImageBox: true):
                throw .malformed(
                    format,
                    "its items are in a 'mini' box (MinimizedImageBox, the low-overhead layout of ISO/IEC 23008-12 "
                        + "Amd 2 that libheif ≥ 1.20 writes), which this reader does not support yet")
            case .noMeta(hasMinimizedImageBox: false):
                throw .malformed(
                    format, "no 'meta' box, so no image items (an image sequence without a still image, or not HEIF)")
            case .noPrimaryItem:
                throw .malformed(format, "no primary item ('pitm' missing or naming an item that 'iinf' does not list)")
            }
        }
        problems += parsed.problems.map { ReadProblem($0) }
        return try assemble(parsed.graph, boxes: parsed.propertyBoxes, brands: brands)
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
