import MediaSyntax

extension MatroskaReader {
    /// The first block of each video track in the first Cluster (at most 256 of its children are looked at): its
    /// frame is the track's first sample. Laced blocks and tracks with `ContentEncodings` are left unread.
    mutating func readFirstBlocks(_ cluster: EBML.Header, segmentEnd: Int, into tracks: inout [Track])
        throws(ColorTagsError)
    {
        let end = Swift.min(cluster.end ?? segmentEnd, segmentEnd)
        var position = cluster.dataStart
        var looked = 0
        while position < end, looked < 256, tracks.contains(where: { $0.isVideo && !$0.sampleRead && !$0.encoded }) {
            guard let element = try header(at: position, inside: "the Cluster at byte \(cluster.start)") else { break }
            looked += 1
            if cluster.size == nil, MatroskaID.topLevel.contains(element.id) { break }
            guard let elementEnd = element.end else { break }
            switch element.id {
            case MatroskaID.simpleBlock:
                try readBlock(element, name: "SimpleBlock", into: &tracks)
            case MatroskaID.blockGroup:
                var inner = element.dataStart
                var block: EBML.Header?
                var addition: (bytes: [UInt8], offset: Int)?
                while inner < Swift.min(elementEnd, end), let child = try header(at: inner, inside: "a BlockGroup") {
                    guard let childEnd = child.end else { break }
                    if child.id == MatroskaID.block { block = child }
                    if child.id == MatroskaID.blockAdditions { addition = try t35Addition(child) }
                    inner = childEnd
                }
                guard let block else { break }
                if let addition, SEIMessages.isHDR10Plus(t35: addition.bytes[...]),
                    let frame = try frameOfBlock(block, in: tracks), !tracks[frame.track].sampleRead
                {
                    // WebM's HDR10+: an ITU-T T.35 message in the block's BlockAdditional (BlockAddID 4).
                    tracks[frame.track].builder.readHDR10Plus(
                        addition.bytes[...],
                        at: TagLocation(
                            offset: addition.offset, length: addition.bytes.count,
                            container: "BlockGroup at byte \(element.start) BlockAdditional (ITU-T T.35 HDR10+)"))
                }
                try readBlock(block, name: "BlockGroup/Block", into: &tracks)
            default:
                break
            }
            position = elementEnd
        }
    }

    /// A `SimpleBlock` or `Block`: track number (EBML vint), 16-bit timestamp, flags, then the frame.
    mutating func readBlock(_ element: EBML.Header, name: String, into tracks: inout [Track]) throws(ColorTagsError) {
        guard let size = element.size else { return }
        let head = try source.bytes(at: element.dataStart, length: Swift.min(size, 12))
        guard let number = EBML.vint(head, at: 0), let track = number.value,
            let index = tracks.firstIndex(where: { $0.number == UInt64(track) }), tracks[index].isVideo,
            !tracks[index].sampleRead, !tracks[index].encoded, let flags = head.u8(number.length + 2)
        else { return }
        tracks[index].sampleRead = true
        guard flags & 0x06 == 0 else { return }  // laced: frames need the lacing header; video is rarely laced
        let frameStart = element.dataStart + number.length + 3
        let frameLength = size - number.length - 3
        guard frameLength > 0 else { return }
        let length = Swift.min(frameLength, limits.maximumSampleBytes)
        let bytes = try source.bytes(at: frameStart, length: length)
        let container = "\(name) at byte \(element.start) (track \(track), first frame)"
        if bytes.count < length {
            problems.append(
                ReadProblem(
                    .truncated,
                    "the \(name) at byte \(element.start) declares \(size) bytes, but the file ends after \(bytes.count) of its frame"
                ))
        }
        tracks[index].builder.readSample(bytes, offset: frameStart, container: container)
    }
}
