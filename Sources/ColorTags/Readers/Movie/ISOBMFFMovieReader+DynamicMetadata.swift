import MediaSyntax

/// Dynamic HDR metadata of every sample of an MP4/QuickTime HEVC track: the Dolby Vision RPU (NAL unit type 62) and
/// the HDR10+ SEI of each frame, read by seeking from NAL unit header to NAL unit header (slices are skipped), so a
/// two-hour movie costs a few reads per frame and memory for its sample table only.
extension ISOBMFFMovieReader {
    /// One sample: its file offset and size.
    struct SamplePlace {
        var offset: Int
        var size: Int
    }

    /// Whether a video track's first sample or configuration shows dynamic HDR metadata worth a scan of every sample.
    static func wantsDynamicMetadataScan(_ builder: VideoTrackBuilder) -> Bool {
        builder.video.codec == .hevc
            && (builder.video.dolbyVision != nil || builder.video.dolbyVisionRPU != nil
                || builder.video.hdr10Plus != nil)
    }

    /// The samples of a track in decoding order, from `stsz` (or `stz2`), `stsc` and `stco` (or `co64`) of the loaded
    /// `moov`: at most `limit`, and whether the track has more. Nil when a table is missing or contradicts the others
    /// (a chunk that does not exist, a size that overflows, samples that together exceed the file's `fileSize` bytes).
    func samplePlaces(_ table: [Box], in moov: Loaded, limit: Int, fileSize: Int) -> (
        places: [SamplePlace], more: Bool
    )? {
        func payload(_ type: String) -> [UInt8]? {
            table.first { $0.type == type }.map { Array(moov.payload[$0.payload]) }
        }
        // Sample sizes.
        var sizes: [Int] = []
        let count: Int
        if let stsz = payload("stsz") {
            guard let uniform = stsz.u32(4), let total = stsz.u32(8) else { return nil }
            count = Int(total)
            let wanted = Swift.min(count, limit)
            if uniform != 0 {
                sizes = Array(repeating: Int(uniform), count: wanted)
            } else {
                guard Bytes.range(12, wanted * 4, within: stsz.count) != nil else { return nil }
                sizes = (0..<wanted).map { Int(stsz.u32(at: 12 + $0 * 4)) }
            }
        } else if let stz2 = payload("stz2") {
            guard let field = stz2.u8(7), [4, 8, 16].contains(field), let total = stz2.u32(8) else { return nil }
            count = Int(total)
            let wanted = Swift.min(count, limit)
            guard Bytes.range(12, (wanted * Int(field) + 7) / 8, within: stz2.count) != nil else { return nil }
            sizes = (0..<wanted).map { i in
                switch field {
                case 4: Int(i % 2 == 0 ? stz2[12 + i / 2] >> 4 : stz2[12 + i / 2] & 0x0F)
                case 8: Int(stz2[12 + i])
                default: Int(stz2.u16(at: 12 + i * 2))
                }
            }
        } else {
            return nil
        }
        // Chunk offsets.
        var chunks: [Int] = []
        if let stco = payload("stco"), let entries = stco.u32(4) {
            guard Bytes.range(8, Int(entries) * 4, within: stco.count) != nil else { return nil }
            chunks = (0..<Int(entries)).map { Int(stco.u32(at: 8 + $0 * 4)) }
        } else if let co64 = payload("co64"), let entries = co64.u32(4) {
            guard Bytes.range(8, Int(entries) * 8, within: co64.count) != nil else { return nil }
            for i in 0..<Int(entries) {
                guard let offset = co64.u64(8 + i * 8), offset <= UInt64(Int.max) else { return nil }
                chunks.append(Int(offset))
            }
        } else {
            return nil
        }
        // Samples per chunk: runs of chunks from each entry's first_chunk (1-based) to the next entry's.
        guard let stsc = payload("stsc"), let entries = stsc.u32(4),
            Bytes.range(8, Int(entries) * 12, within: stsc.count) != nil
        else { return nil }
        var places: [SamplePlace] = []
        places.reserveCapacity(sizes.count)
        var total = 0
        entries: for entry in 0..<Int(entries) {
            let first = Int(stsc.u32(at: 8 + entry * 12))
            let perChunk = Int(stsc.u32(at: 12 + entry * 12))
            let end = entry + 1 < Int(entries) ? Int(stsc.u32(at: 8 + (entry + 1) * 12)) : chunks.count + 1
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

    /// The largest RPU or SEI NAL unit read whole (RPUs are a few hundred bytes; the rest is skipped).
    static var maximumMetadataUnitBytes: Int { 1 << 16 }

    /// Reads the RPUs and HDR10+ SEI messages of every sample of `track` into its builder: each RPU parsed and
    /// CRC-checked into ``VideoStreamTags/dolbyVisionRPUSummary``, each HDR10+ record into the frame log that gives
    /// ``HDR10PlusTags/summary``. Slice units are read only as far as their picture order count (the first 64 bytes),
    /// parameter sets for the picture order; other units are skipped by their length.
    mutating func scanDynamicMetadata(of track: inout Track, moov: Loaded) throws(ColorTagsError) {
        guard
            let (places, more) = samplePlaces(
                track.sampleTable, in: moov, limit: limits.maximumDynamicMetadataSamples, fileSize: source.count)
        else { return }
        let lengthSize = track.builder.lengthSize
        guard [1, 2, 4].contains(lengthSize) else { return }
        var log = HDR10PlusFrameLog()
        for unit in track.builder.configurationNALUnits { log.read(unit[...]) }
        track.builder.hdr10PlusLog = log
        let keepsFrames = limits.maximumDynamicMetadataFrames > 0
        var frames: [DynamicMetadataFrame] = []
        for (index, place) in places.enumerated() {
            let container = "sample \(index + 1) of track \(track.id) (mdat)"
            var frame = DynamicMetadataFrame(sample: index)
            var position = place.offset
            let end = Bytes.add(place.offset, place.size) ?? place.offset
            var pictureStarted = false
            while position < end {
                guard let header = try source.bytesExactly(at: position, length: lengthSize + 2) else { break }
                var length = 0
                for byte in header.prefix(lengthSize) { length = length << 8 | Int(byte) }
                guard length >= 2, let unitEnd = Bytes.add(position + lengthSize, length), unitEnd <= end else { break }
                let type = Int(header[lengthSize] >> 1) & 0x3F
                let unitStart = position + lengthSize
                switch type {
                case 62, 39, 40:
                    let unit = try source.bytes(at: unitStart, length: Swift.min(length, Self.maximumMetadataUnitBytes))
                    if type == 62 {
                        switch track.builder.readRPU(
                            unit.dropFirst(2), offset: unitStart, container: container, ownFrame: false)
                        {
                        case .success(let rpu): frame.rpu = DynamicMetadataFrame.RPUFigures(rpu)
                        case .failure(let error): frame.rpuProblem = "\(error)"
                        }
                    } else if let record = readHDR10Plus(
                        unit, offset: unitStart, container: container, into: &track.builder)
                    {
                        frame.hdr10Plus = DynamicMetadataFrame.HDR10PlusFigures(record)
                    }
                case 0...31:
                    let unit = try source.bytes(at: unitStart, length: Swift.min(length, 64))
                    if AnnexB.startsHEVCPicture(unit[...]), !pictureStarted {
                        pictureStarted = true
                        track.builder.video.dolbyVisionRPUSummary?.value.picture()
                    }
                    track.builder.hdr10PlusLog?.read(unit[...])
                case 32...34:
                    let unit = try source.bytes(at: unitStart, length: Swift.min(length, 4096))
                    track.builder.hdr10PlusLog?.read(unit[...])
                default:
                    break
                }
                position = unitEnd
            }
            if keepsFrames, frames.count < limits.maximumDynamicMetadataFrames { frames.append(frame) }
        }
        if keepsFrames { track.builder.video.dynamicMetadataFrames = frames }
        if let log = track.builder.hdr10PlusLog, track.builder.video.hdr10PlusMetadata != nil {
            track.builder.video.hdr10PlusMetadata?.summary = log.summary
        }
        track.builder.hdr10PlusLog = nil
        track.builder.video.dynamicMetadataScan = DynamicMetadataScan(samples: places.count, complete: !more)
    }

    /// The HDR10+ records (ITU-T T.35 SEI messages) of an SEI NAL unit, for the frame log (other messages were read
    /// from the first sample); returns the last one that parses.
    private func readHDR10Plus(
        _ unit: [UInt8], offset: Int, container: String, into builder: inout VideoTrackBuilder
    ) -> HDR10PlusMetadata? {
        let location = TagLocation(
            offset: offset, length: unit.count, container: "\(container) SEI (ITU-T T.35 HDR10+)")
        var found: HDR10PlusMetadata?
        for message in SEIMessages.messages(in: unit.dropFirst(2)).messages
        where message.type == SEIMessages.registeredUserData && SEIMessages.isHDR10Plus(t35: message.payload) {
            found = builder.readHDR10Plus(message.payload, at: location) ?? found
        }
        return found
    }
}
