import MediaSyntax

/// Dynamic HDR metadata of every sample of an MP4/QuickTime HEVC or AV1 track (``DynamicMetadataSampleScan``): the
/// samples are found through the sample table and read by seeking from unit header to unit header, so a two-hour
/// movie costs a few reads per frame and memory for its sample table only.
extension ISOBMFFMovieReader {
    /// One sample: its file offset and size.
    struct SamplePlace {
        var offset: Int
        var size: Int
    }

    /// The samples of a track in decoding order, from `stsz` (or `stz2`), `stsc` and `stco` (or `co64`) of the loaded
    /// `moov`: at most `limit`, and whether the track has more. Nil when a table is missing or contradicts the others
    /// (a chunk that does not exist, a size that overflows, samples that together exceed the file's `fileSize` bytes).
    func samplePlaces(_ table: [Box], in moov: Loaded, limit: Int, fileSize: Int) -> (
        places: [SamplePlace], more: Bool
    )? {
        func payload(_ type: BoxType) -> [UInt8]? {
            table.first { $0.type == type }.map { Array(moov.payload[$0.payload]) }
        }
        // Sample sizes.
        var sizes: [Int] = []
        let count: Int
        if let stsz = payload(.stsz) {
            guard let uniform = stsz.u32(4), let total = stsz.u32(8) else { return nil }
            count = Int(total)
            let wanted = Swift.min(count, limit)
            if uniform != 0 {
                sizes = Array(repeating: Int(uniform), count: wanted)
            } else {
                guard Bytes.range(12, wanted * 4, within: stsz.count) != nil else { return nil }
                sizes = (0..<wanted).map { Int(stsz.u32(inBounds: 12 + $0 * 4)) }
            }
        } else if let stz2 = payload(.stz2) {
            guard let field = stz2.u8(7), [4, 8, 16].contains(field), let total = stz2.u32(8) else { return nil }
            count = Int(total)
            let wanted = Swift.min(count, limit)
            guard Bytes.range(12, (wanted * Int(field) + 7) / 8, within: stz2.count) != nil else { return nil }
            sizes = (0..<wanted).map { i in
                switch field {
                case 4: Int(i % 2 == 0 ? stz2[12 + i / 2] >> 4 : stz2[12 + i / 2] & 0x0F)
                case 8: Int(stz2[12 + i])
                default: Int(stz2.u16(inBounds: 12 + i * 2))
                }
            }
        } else {
            return nil
        }
        // Chunk offsets.
        var chunks: [Int] = []
        if let stco = payload(.stco), let entries = stco.u32(4) {
            guard Bytes.range(8, Int(entries) * 4, within: stco.count) != nil else { return nil }
            chunks = (0..<Int(entries)).map { Int(stco.u32(inBounds: 8 + $0 * 4)) }
        } else if let co64 = payload(.co64), let entries = co64.u32(4) {
            guard Bytes.range(8, Int(entries) * 8, within: co64.count) != nil else { return nil }
            for i in 0..<Int(entries) {
                guard let offset = co64.u64(8 + i * 8), offset <= UInt64(Int.max) else { return nil }
                chunks.append(Int(offset))
            }
        } else {
            return nil
        }
        // Samples per chunk: runs of chunks from each entry's first_chunk (1-based) to the next entry's.
        guard let stsc = payload(.stsc), let entries = stsc.u32(4),
            Bytes.range(8, Int(entries) * 12, within: stsc.count) != nil
        else { return nil }
        var places: [SamplePlace] = []
        places.reserveCapacity(sizes.count)
        var total = 0
        entries: for entry in 0..<Int(entries) {
            let first = Int(stsc.u32(inBounds: 8 + entry * 12))
            let perChunk = Int(stsc.u32(inBounds: 12 + entry * 12))
            let end = entry + 1 < Int(entries) ? Int(stsc.u32(inBounds: 8 + (entry + 1) * 12)) : chunks.count + 1
            guard first >= 1, end >= first, end <= chunks.count + 1 else { return nil }
            // Every loop is bounded by the samples still wanted: a hostile run of 2³² chunks or samples per chunk
            // costs nothing beyond them.
            for chunk in first..<end {
                guard places.count < sizes.count else { break entries }
                var offset = chunks[chunk - 1]
                for _ in 0..<Swift.min(perChunk, sizes.count - places.count) {
                    let size = sizes[places.count]
                    // Samples do not overlap, so together they fit in the file; a table that says otherwise is not
                    // followed.
                    guard let next = Bytes.add(offset, size), let sum = Bytes.add(total, size), sum <= fileSize
                    else { return nil }
                    places.append(SamplePlace(offset: offset, size: size))
                    (offset, total) = (next, sum)
                }
            }
        }
        guard places.count == sizes.count else { return nil }
        return (places, count > sizes.count)
    }

    /// Reads the dynamic HDR metadata of every sample of `track` into its builder (``DynamicMetadataSampleScan``),
    /// the samples found through the sample table.
    mutating func scanDynamicMetadata(of track: inout Track, moov: Loaded) throws(ColorTagsError) {
        guard
            let (places, more) = samplePlaces(
                track.sampleTable, in: moov, limit: limits.maximumDynamicMetadataSamples, fileSize: source.count)
        else { return }
        var scan = DynamicMetadataSampleScan(&track.builder, framesKept: limits.maximumDynamicMetadataFrames)
        for (index, place) in places.enumerated() {
            try scan.readFrame(
                at: place.offset, size: place.size, from: &source,
                container: "sample \(index + 1) of track \(track.id) (mdat)", into: &track.builder)
        }
        scan.finish(into: &track.builder, complete: !more)
    }
}
