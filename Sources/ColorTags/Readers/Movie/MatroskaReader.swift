import MediaSyntax

/// Reads the video tracks of a Matroska or WebM movie by seeking: the EBML header, the Segment's top-level element
/// headers (`SeekHead`, `Info`, `Tracks` loaded; Clusters skipped by their sizes), the `SeekHead` to find `Tracks`
/// written after the Clusters, and the first block of each video track in the first Cluster.
struct MatroskaReader<Source: ByteSource> {
    var source: Source
    let limits: ReadLimits
    var problems: [ReadProblem] = []
    var elementCount = 0

    init(source: Source, limits: ReadLimits) {
        self.source = source
        self.limits = limits
    }

    /// An element loaded into memory.
    struct Loaded {
        var header: EBML.Header
        var payload: [UInt8]
    }

    /// The header of the element at `position`, or nil (with a problem) when it cannot be read.
    mutating func header(at position: Int, inside what: String) throws(ColorTagsError) -> EBML.Header? {
        let bytes = try source.bytes(at: position, length: 12)
        guard let header = EBML.header(bytes, at: 0, base: position) else {
            problems.append(
                ReadProblem(
                    bytes.count < 12 && position + bytes.count >= source.count ? .truncated : .malformed,
                    "no valid EBML element header at byte \(position) inside \(what)"))
            return nil
        }
        elementCount += 1
        guard elementCount <= limits.maximumBoxCount else {
            throw .limitExceeded(
                "Matroska element count above \(limits.maximumBoxCount)", limit: limits.maximumBoxCount)
        }
        return header
    }

    /// Loads an element's data, within ``ReadLimits/maximumMovieBoxSize``.
    mutating func load(_ header: EBML.Header, name: String) throws(ColorTagsError) -> Loaded? {
        guard let size = header.size else {
            problems.append(ReadProblem(.malformed, "the \(name) element at byte \(header.start) has an unknown size"))
            return nil
        }
        guard size <= limits.maximumMovieBoxSize else {
            throw .limitExceeded(
                "Matroska \(name) element of \(size) bytes at byte \(header.start)", limit: limits.maximumMovieBoxSize)
        }
        let payload = try source.bytes(at: header.dataStart, length: size)
        if payload.count < size {
            problems.append(
                ReadProblem(
                    .truncated,
                    "the \(name) element at byte \(header.start) declares \(size) bytes, but the file ends after \(payload.count)"
                ))
        }
        return Loaded(header: header, payload: payload)
    }

    mutating func read() throws(ColorTagsError) -> ColorTagging {
        guard let ebml = try header(at: 0, inside: "the file"), ebml.id == MatroskaID.ebml, let ebmlEnd = ebml.end,
            let ebmlData = try load(ebml, name: "EBML header")
        else { throw .malformed(.matroska, "the EBML header cannot be read") }
        let docType =
            EBML.children(ebmlData.payload, in: 0..<ebmlData.payload.count).elements.first {
                $0.id == MatroskaID.docType
            }.map { EBML.string(ebmlData.payload[$0.data]) } ?? "matroska"
        // The Segment: the first top-level element after the header that is one (Void elements may precede it).
        var position = ebmlEnd
        var segment: EBML.Header?
        while position < source.count, let next = try header(at: position, inside: "the file") {
            if next.id == MatroskaID.segment {
                segment = next
                break
            }
            guard let end = next.end else { break }
            position = end
        }
        guard let segment else { throw .malformed(.matroska, "no Segment element after the EBML header") }
        var segmentEnd = source.count
        if let end = segment.end {
            if end > source.count {
                problems.append(
                    ReadProblem(
                        .truncated,
                        "the Segment at byte \(segment.start) declares \(segment.size ?? 0) bytes, but the file ends \(end - source.count) bytes earlier"
                    ))
            }
            segmentEnd = Swift.min(end, source.count)
        }
        let top = try walkSegment(segment, end: segmentEnd)
        guard let tracks = top.tracks else {
            throw .malformed(
                .matroska, "no Tracks element in the Segment (nor one the SeekHead points to), so no track list")
        }
        var builders = try readTracks(tracks)
        if let cluster = top.firstCluster {
            try readFirstBlocks(cluster, segmentEnd: segmentEnd, into: &builders)
            try scanDynamicMetadata(from: cluster, segmentEnd: segmentEnd, into: &builders)
        }
        var images: [ImageTags] = []
        for builder in builders where builder.isVideo {
            let (image, trackProblems) = builder.builder.build(imageIndex: images.count)
            images.append(image)
            problems += trackProblems
        }
        let videoCount = images.count
        if images.isEmpty { images = [ImageTags(role: .other("no video track"))] }
        var tagging = ColorTagging(
            format: .matroska, byteCount: source.count, images: images, problems: problems, brands: [docType])
        tagging.movie = MovieTags(
            container: docType == "webm" ? "WebM" : "Matroska", duration: top.info.flatMap(duration),
            trackCount: builders.count, videoTrackCount: videoCount, trackListOffset: tracks.header.start,
            bytesRead: source.bytesRead)
        return tagging
    }

    /// What the walk over the Segment's top level found.
    struct TopLevel {
        var info: Loaded?
        var tracks: Loaded?
        var firstCluster: EBML.Header?
    }

    /// Walks the Segment's children by their headers until `Tracks` and the first Cluster are known; follows the
    /// `SeekHead` to `Tracks` (and `Info`) written after the Clusters.
    mutating func walkSegment(_ segment: EBML.Header, end segmentEnd: Int) throws(ColorTagsError) -> TopLevel {
        var top = TopLevel()
        var seeks: [UInt32: Int] = [:]
        var position = segment.dataStart
        while position < segmentEnd, let element = try header(at: position, inside: "the Segment") {
            switch element.id {
            case MatroskaID.seekHead where seeks.isEmpty:
                if let loaded = try load(element, name: "SeekHead") {
                    seeks = seekPositions(loaded, segmentData: segment.dataStart)
                }
            case MatroskaID.info where top.info == nil:
                top.info = try load(element, name: "Info")
            case MatroskaID.tracks where top.tracks == nil:
                top.tracks = try load(element, name: "Tracks")
            case MatroskaID.cluster where top.firstCluster == nil:
                top.firstCluster = element
            default:
                break
            }
            if top.tracks != nil, top.firstCluster != nil { break }
            if top.firstCluster != nil, top.tracks == nil, let target = seeks[MatroskaID.tracks], target > position {
                // Tracks after the Clusters: jump there rather than walking every Cluster.
                if let element = try header(at: target, inside: "the Segment (SeekHead target)"),
                    element.id == MatroskaID.tracks
                {
                    top.tracks = try load(element, name: "Tracks")
                }
                if top.info == nil, let infoPosition = seeks[MatroskaID.info],
                    let element = try header(at: infoPosition, inside: "the Segment (SeekHead target)"),
                    element.id == MatroskaID.info
                {
                    top.info = try load(element, name: "Info")
                }
                if top.tracks != nil { break }
            }
            guard let next = element.end else {
                // Only a Cluster may have an unknown size; nothing after it can be found without reading it.
                if element.id != MatroskaID.cluster {
                    problems.append(
                        ReadProblem(
                            .malformed,
                            "the element 0x\(String(element.id, radix: 16, uppercase: true)) at byte \(element.start) has an unknown size"
                        ))
                }
                break
            }
            position = next
        }
        return top
    }

    /// The SeekHead's targets: element ID → file offset.
    func seekPositions(_ seekHead: Loaded, segmentData: Int) -> [UInt32: Int] {
        var seeks: [UInt32: Int] = [:]
        let bytes = seekHead.payload
        for seek in EBML.children(bytes, in: 0..<bytes.count).elements where seek.id == MatroskaID.seek {
            var id: UInt32?
            var offset: Int?
            for field in EBML.children(bytes, in: seek.data).elements {
                if field.id == MatroskaID.seekID, field.data.count <= 4 {
                    id = EBML.uint(bytes[field.data]).map { UInt32(truncatingIfNeeded: $0) }
                } else if field.id == MatroskaID.seekPosition, let value = EBML.uint(bytes[field.data]),
                    value <= UInt64(Int.max)
                {
                    offset = Bytes.add(segmentData, Int(value))
                }
            }
            if let id, let offset, seeks[id] == nil { seeks[id] = offset }
        }
        return seeks
    }

    /// The segment duration in seconds (`Duration` × `TimestampScale` ns).
    func duration(_ info: Loaded) -> Double? {
        var scale: UInt64 = 1_000_000
        var duration: Double?
        for element in EBML.children(info.payload, in: 0..<info.payload.count).elements {
            if element.id == MatroskaID.timestampScale, let value = EBML.uint(info.payload[element.data]) {
                scale = value
            } else if element.id == MatroskaID.duration {
                duration = EBML.float(info.payload[element.data])
            }
        }
        guard let duration, duration.isFinite, duration >= 0 else { return nil }
        return duration * Double(scale) / 1e9
    }
}
