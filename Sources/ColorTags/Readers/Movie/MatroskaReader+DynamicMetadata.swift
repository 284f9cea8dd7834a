import MediaSyntax

/// Dynamic HDR metadata of every frame of a Matroska or WebM video track (``DynamicMetadataSampleScan``): the
/// Clusters are walked from element header to element header, each `SimpleBlock` or `BlockGroup` of the track is
/// read as far as its frame's NAL unit or OBU headers, and a `BlockGroup`'s `BlockAdditions` with BlockAddID 4 (an
/// ITU-T T.35 message, as WebM carries HDR10+) is read whole when small. Laced blocks (several frames in one block,
/// which video tracks do not use in practice) are not split: the scan then says it is incomplete.
extension MatroskaReader {
    /// BlockAddID 4: the BlockAdditional holds an ITU-T T.35 message (Matroska's "ITU T.35 metadata"; WebM's HDR10+).
    static var t35BlockAddID: UInt64 { 4 }

    /// Scans the Clusters from `first` for every video track whose first frame or configuration shows dynamic HDR
    /// metadata, up to ``ReadLimits/maximumDynamicMetadataSamples`` frames per track.
    mutating func scanDynamicMetadata(from first: EBML.Header, segmentEnd: Int, into tracks: inout [Track])
        throws(ColorTagsError)
    {
        var scans: [Int: DynamicMetadataSampleScan] = [:]
        for index in tracks.indices
        where tracks[index].isVideo && !tracks[index].encoded && DynamicMetadataSampleScan.wanted(tracks[index].builder)
        {
            scans[index] = DynamicMetadataSampleScan(
                &tracks[index].builder, framesKept: limits.maximumDynamicMetadataFrames)
        }
        guard !scans.isEmpty else { return }
        let limit = limits.maximumDynamicMetadataSamples
        // Elements visited, bounded by the frames wanted: a Cluster holds a few besides its blocks.
        var budget = Swift.max(limit, 1) * 4 + 1_024
        var complete = true
        var position = first.start
        clusters: while position < segmentEnd {
            guard budget > 0, let element = try scanHeader(at: position, budget: &budget) else {
                complete = false
                break
            }
            guard element.id == MatroskaID.cluster else {
                // Cues, Tags or another top-level element between or after the Clusters.
                guard let end = element.end else { break }
                position = end
                continue
            }
            let clusterEnd = Swift.min(element.end ?? segmentEnd, segmentEnd)
            var inner = element.dataStart
            while inner < clusterEnd {
                guard budget > 0, let child = try scanHeader(at: inner, budget: &budget) else {
                    complete = false
                    break clusters
                }
                // A Cluster of unknown size ends at the next top-level element.
                if element.size == nil, MatroskaID.topLevel.contains(child.id) { break }
                guard let childEnd = child.end else {
                    complete = false
                    break clusters
                }
                var block: EBML.Header?
                var addition: (bytes: [UInt8], offset: Int)?
                if child.id == MatroskaID.simpleBlock {
                    block = child
                } else if child.id == MatroskaID.blockGroup {
                    var groupPosition = child.dataStart
                    while groupPosition < Swift.min(childEnd, clusterEnd), budget > 0,
                        let part = try scanHeader(at: groupPosition, budget: &budget), let partEnd = part.end
                    {
                        if part.id == MatroskaID.block { block = part }
                        if part.id == MatroskaID.blockAdditions { addition = try t35Addition(part) }
                        groupPosition = partEnd
                    }
                }
                if let block, let frame = try frameOfBlock(block, in: tracks),
                    var scan = scans[frame.track], scan.samples < limit
                {
                    if frame.laced {
                        complete = false
                    } else {
                        try scan.readFrame(
                            at: frame.offset, size: frame.size, from: &source,
                            container: "block at byte \(block.start) (track \(tracks[frame.track].number))",
                            addition: addition?.bytes, additionOffset: addition?.offset ?? 0,
                            into: &tracks[frame.track].builder)
                    }
                    scans[frame.track] = scan
                    if scans.values.allSatisfy({ $0.samples >= limit }) {
                        complete = false
                        break clusters
                    }
                }
                inner = childEnd
            }
            position = element.size == nil ? inner : clusterEnd
        }
        for (index, var scan) in scans { scan.finish(into: &tracks[index].builder, complete: complete) }
    }

    /// An element header for the scan, which is bounded by its own budget rather than the element count of the
    /// structure walk (a movie has a block per frame).
    private mutating func scanHeader(at position: Int, budget: inout Int) throws(ColorTagsError) -> EBML.Header? {
        budget -= 1
        return EBML.header(try source.bytes(at: position, length: 12), at: 0, base: position)
    }

    /// The track (index into `tracks`) and frame of a `SimpleBlock` or `Block`; nil for another track's block.
    mutating func frameOfBlock(_ block: EBML.Header, in tracks: [Track]) throws(ColorTagsError) -> (
        track: Int, offset: Int, size: Int, laced: Bool
    )? {
        guard let size = block.size else { return nil }
        let head = try source.bytes(at: block.dataStart, length: Swift.min(size, 12))
        guard let number = EBML.vint(head, at: 0), let track = number.value,
            let index = tracks.firstIndex(where: { $0.number == UInt64(track) }), tracks[index].isVideo,
            let flags = head.u8(number.length + 2), size > number.length + 3
        else { return nil }
        return (index, block.dataStart + number.length + 3, size - number.length - 3, flags & 0x06 != 0)
    }

    /// The ITU-T T.35 message of a `BlockAdditions` element's `BlockMore` with BlockAddID 4 and its file offset; nil
    /// when there is none or the element is larger than a metadata unit.
    mutating func t35Addition(_ additions: EBML.Header) throws(ColorTagsError) -> (bytes: [UInt8], offset: Int)? {
        guard let size = additions.size, size <= DynamicMetadataSampleScan.maximumMetadataUnitBytes else { return nil }
        let bytes = try source.bytes(at: additions.dataStart, length: size)
        for more in EBML.children(bytes, in: 0..<bytes.count).elements where more.id == MatroskaID.blockMore {
            var id: UInt64 = 1  // BlockAddID's default
            var data: Range<Int>?
            for field in EBML.children(bytes, in: more.data).elements {
                if field.id == MatroskaID.blockAddID { id = EBML.uint(bytes[field.data]) ?? id }
                if field.id == MatroskaID.blockAdditional { data = field.data }
            }
            if id == Self.t35BlockAddID, let data {
                return (Array(bytes[data]), additions.dataStart + data.lowerBound)
            }
        }
        return nil
    }
}
