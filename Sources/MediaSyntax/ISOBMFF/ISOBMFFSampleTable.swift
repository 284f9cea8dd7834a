/// One track's sample table (ISO/IEC 14496-12 §8.6–8.7) decoded for the first samples in decoding order: where each
/// sample's bytes are (`stsz` or `stz2`, `stsc`, `stco` or `co64`), when it is decoded and presented (`stts`,
/// `ctts`) and which samples are sync samples (`stss`).
///
/// Every loop is bounded by the samples wanted (`limit`), so a table that declares 2³² chunks or samples per chunk
/// costs nothing beyond them; samples must fit in the file (`fileSize`), one after the other within their chunk, and
/// number no more than its bytes.
package struct ISOBMFFSampleTable: Hashable, Sendable {
    /// One sample's bytes in the file.
    package struct Place: Hashable, Sendable {
        package var offset: Int
        package var size: Int
    }

    /// The samples the table declares (`sample_count` of `stsz`/`stz2`); more than ``places`` holds when it was
    /// limited.
    package var count: Int
    /// The first `min(count, limit)` samples' bytes, in decoding order. Together they fit in the file, but one may
    /// run past its end when the file is cut short: a reader checks before relying on it.
    package var places: [Place]
    /// Their decode times in the media timescale (`stts`), or nil without a table that covers them.
    package var decodeTimes: [Int64]?
    /// Their composition offsets (`ctts`, read as signed as FFmpeg does; all 0 without one): presentation time =
    /// decode time + offset.
    package var compositionOffsets: [Int64]
    /// The 0-based numbers of the sync samples among them, ascending; nil without `stss` (every sample is one).
    package var syncSamples: [Int]?

    /// Decodes the table from the payloads of `stbl`'s children (`payload(.stsz)` …); nil when a table the places
    /// need is missing or contradicts the others (a chunk that does not exist, a size that overflows, samples that
    /// together exceed the file's `fileSize` bytes).
    package init?(payload: (BoxType) -> [UInt8]?, limit: Int, fileSize: Int) {
        guard let (count, sizes) = Self.sizes(payload, limit: limit, fileSize: fileSize),
            let chunks = Self.chunkOffsets(payload),
            let places = Self.places(sizes: sizes, chunks: chunks, payload: payload, fileSize: fileSize)
        else { return nil }
        self.count = count
        self.places = places
        decodeTimes = payload(.stts).flatMap { Self.decodeTimes($0, count: places.count) }
        compositionOffsets =
            payload(.ctts).flatMap { Self.compositionOffsets($0, count: places.count) }
            ?? Array(repeating: 0, count: places.count)
        syncSamples = payload(.stss).map { Self.syncSamples($0, below: places.count) }
    }

    /// Whether sample `index` (0-based) is a sync sample.
    package func isSync(_ index: Int) -> Bool {
        guard let syncSamples else { return true }
        return binarySearch(syncSamples, index)
    }

    // MARK: The tables

    /// `stsz` (a uniform size or one per sample) or `stz2` (4, 8 or 16 bits per sample). Samples take at least one
    /// byte each, so a table that declares more samples than the file has bytes is not followed (as
    /// ``ISOBMFFSampleTables`` judges it for demuxers).
    private static func sizes(_ payload: (BoxType) -> [UInt8]?, limit: Int, fileSize: Int) -> (
        count: Int, sizes: [Int]
    )? {
        if let stsz = payload(.stsz) {
            guard let uniform = stsz.u32(4), let total = stsz.u32(8), Int(total) <= fileSize else { return nil }
            let wanted = Swift.min(Int(total), limit)
            if uniform != 0 { return (Int(total), Array(repeating: Int(uniform), count: wanted)) }
            guard Bytes.range(12, wanted * 4, within: stsz.count) != nil else { return nil }
            return (Int(total), (0..<wanted).map { Int(stsz.u32(inBounds: 12 + $0 * 4)) })
        }
        guard let stz2 = payload(.stz2), let field = stz2.u8(7), [4, 8, 16].contains(field), let total = stz2.u32(8),
            Int(total) <= fileSize
        else { return nil }
        let wanted = Swift.min(Int(total), limit)
        guard Bytes.range(12, (wanted * Int(field) + 7) / 8, within: stz2.count) != nil else { return nil }
        let sizes = (0..<wanted).map { i in
            switch field {
            case 4: Int(i % 2 == 0 ? stz2[12 + i / 2] >> 4 : stz2[12 + i / 2] & 0x0F)
            case 8: Int(stz2[12 + i])
            default: Int(stz2.u16(inBounds: 12 + i * 2))
            }
        }
        return (Int(total), sizes)
    }

    /// `stco` (32-bit) or `co64` (64-bit) chunk offsets.
    private static func chunkOffsets(_ payload: (BoxType) -> [UInt8]?) -> [Int]? {
        if let stco = payload(.stco), let entries = stco.u32(4) {
            guard Bytes.range(8, Int(entries) * 4, within: stco.count) != nil else { return nil }
            return (0..<Int(entries)).map { Int(stco.u32(inBounds: 8 + $0 * 4)) }
        }
        guard let co64 = payload(.co64), let entries = co64.u32(4),
            Bytes.range(8, Int(entries) * 8, within: co64.count) != nil
        else { return nil }
        var chunks: [Int] = []
        for i in 0..<Int(entries) {
            guard let offset = co64.u64(8 + i * 8), offset <= UInt64(Int.max) else { return nil }
            chunks.append(Int(offset))
        }
        return chunks
    }

    /// Samples per chunk (`stsc`): runs of chunks from each entry's first_chunk (1-based) to the next entry's.
    private static func places(
        sizes: [Int], chunks: [Int], payload: (BoxType) -> [UInt8]?, fileSize: Int
    ) -> [Place]? {
        guard let stsc = payload(.stsc), let entries = stsc.u32(4),
            Bytes.range(8, Int(entries) * 12, within: stsc.count) != nil
        else { return nil }
        var places: [Place] = []
        places.reserveCapacity(sizes.count)
        var total = 0
        entries: for entry in 0..<Int(entries) {
            let first = Int(stsc.u32(inBounds: 8 + entry * 12))
            let perChunk = Int(stsc.u32(inBounds: 12 + entry * 12))
            let end = entry + 1 < Int(entries) ? Int(stsc.u32(inBounds: 8 + (entry + 1) * 12)) : chunks.count + 1
            guard first >= 1, end >= first, end <= chunks.count + 1 else { return nil }
            for chunk in first..<end {
                guard places.count < sizes.count else { break entries }
                var offset = chunks[chunk - 1]
                for _ in 0..<Swift.min(perChunk, sizes.count - places.count) {
                    let size = sizes[places.count]
                    // Samples do not overlap, so together they fit in the file; a table that says otherwise is not
                    // followed.
                    guard let next = Bytes.add(offset, size), let sum = Bytes.add(total, size), sum <= fileSize
                    else { return nil }
                    places.append(Place(offset: offset, size: size))
                    (offset, total) = (next, sum)
                }
            }
        }
        return places.count == sizes.count ? places : nil
    }

    /// `stts`: runs of (sample_count, sample_delta); nil when the runs end before `count` samples.
    private static func decodeTimes(_ stts: [UInt8], count: Int) -> [Int64]? {
        guard let entries = stts.u32(4), Bytes.range(8, Int(entries) * 8, within: stts.count) != nil else { return nil }
        var times: [Int64] = []
        times.reserveCapacity(count)
        var time: Int64 = 0
        for entry in 0..<Int(entries) where times.count < count {
            let run = Int(stts.u32(inBounds: 8 + entry * 8)), delta = Int64(stts.u32(inBounds: 12 + entry * 8))
            for _ in 0..<Swift.min(run, count - times.count) {
                times.append(time)
                time &+= delta
            }
        }
        return times.count == count ? times : nil
    }

    /// `ctts`: runs of (sample_count, sample_offset), the offset signed; nil when the runs end early.
    private static func compositionOffsets(_ ctts: [UInt8], count: Int) -> [Int64]? {
        guard let entries = ctts.u32(4), Bytes.range(8, Int(entries) * 8, within: ctts.count) != nil else { return nil }
        var offsets: [Int64] = []
        offsets.reserveCapacity(count)
        for entry in 0..<Int(entries) where offsets.count < count {
            let run = Int(ctts.u32(inBounds: 8 + entry * 8))
            let offset = Int64(Int32(bitPattern: ctts.u32(inBounds: 12 + entry * 8)))
            offsets += repeatElement(offset, count: Swift.min(run, count - offsets.count))
        }
        return offsets.count == count ? offsets : nil
    }

    /// `stss`: 1-based sample numbers, kept 0-based, ascending and below `count`; entries past the box are ignored.
    private static func syncSamples(_ stss: [UInt8], below count: Int) -> [Int] {
        let entries = Swift.min(Int(stss.u32(4) ?? 0), Swift.max(0, (stss.count - 8) / 4))
        let numbers = (0..<entries).map { Int(stss.u32(inBounds: 8 + $0 * 4)) - 1 }.filter { $0 >= 0 && $0 < count }
        return Array(Set(numbers)).sorted()
    }
}

private func binarySearch(_ sorted: [Int], _ value: Int) -> Bool {
    var (low, high) = (0, sorted.count)
    while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == value
}
