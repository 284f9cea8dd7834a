import MediaSyntax

/// Reads the video tracks of an MP4 or QuickTime movie (ISO/IEC 14496-12, QuickTime File Format) by seeking: the
/// top-level box headers, the `moov` box (before or after `mdat`), the first `moof` of a fragmented file, and the
/// first sample of each video track. Media data is never read beyond that sample.
struct ISOBMFFMovieReader<Source: ByteSource> {
    var source: Source
    let limits: ReadLimits
    let format: MediaFileFormat
    var problems: [ReadProblem] = []
    var walker: ISOBMFFBoxWalker
    /// The movie header, once `moov` is read.
    var movieHeader: ISOBMFFMovieBoxes.MovieHeader?

    init(source: Source, limits: ReadLimits, format: MediaFileFormat) {
        self.source = source
        self.limits = limits
        self.format = format
        walker = ISOBMFFBoxWalker(limits: limits)
    }

    /// A box loaded into memory: its payload bytes and the file offset of the first of them.
    struct Loaded {
        var type: String
        /// The file offset of the box's first byte.
        var start: Int
        var payload: [UInt8]
        /// The file offset of `payload[0]`.
        var payloadOffset: Int
    }

    typealias Box = ISOBMFFBox

    mutating func read() throws(ColorTagsError) -> ColorTagging {
        let structure = try readStructure()
        return try assemble(
            structure.tracks, moov: structure.moov, brands: structure.brands, fragmented: structure.fragmented)
    }

    /// What the top-level walk found: the brands, the loaded `moov` with its tracks, and whether the movie is
    /// fragmented (then also the first samples of its video tracks, from the first fragments).
    struct Structure {
        var brands: [String]
        var moov: Loaded
        var tracks: [Track]
        var fragmented: Bool
    }

    /// Walks the top-level boxes to `moov` (and the first fragments when needed).
    mutating func readStructure() throws(ColorTagsError) -> Structure {
        var brands: [String] = []
        var moov: Loaded?
        var tracks: [Track] = []
        var fragmented = false
        var fragmentsRead = 0
        var position = 0
        walk: while position < source.count {
            let bytes = try source.bytes(at: position, length: 32)
            let remaining = source.count - position
            let header: ISOBMFFBoxHeader
            switch ISOBMFFBoxHeader.read(bytes[...], remaining: remaining, at: position, in: "the file") {
            case .box(let found): header = found
            case .end: break walk
            case .problem(let problem):
                problems.append(ReadProblem(problem))
                break walk
            }
            let (type, headerSize, size) = (header.type, header.headerSize, header.size)
            do { try walker.count() } catch { throw ColorTagsError(error) }
            let truncated = size > remaining
            if truncated {
                problems.append(ReadProblem(header.truncation(remaining: remaining, at: position, in: "the file")))
            }
            let payloadSize = Swift.min(size, remaining) - headerSize
            switch BoxType(rawValue: type) {
            case .ftyp where brands.isEmpty:
                let payload = try source.bytes(at: position + headerSize, length: Swift.min(payloadSize, 1024))
                brands = FileTypeBox.brands(payload: payload[...])
            case .moov where moov == nil:
                let loaded = try load(type: type, start: position, headerSize: headerSize, payloadSize: payloadSize)
                moov = loaded
                (tracks, fragmented) = try readMovieBox(loaded)
            case .moof where fragmented && tracks.contains(where: \.needsFragmentSample):
                let loaded = try load(type: type, start: position, headerSize: headerSize, payloadSize: payloadSize)
                try readFragment(loaded, into: &tracks)
                fragmentsRead += 1
            default:
                break
            }
            if truncated { break }
            // Done once moov is read, unless a fragmented file's video still needs its first sample: then the first
            // fragments (at most 16) are read too.
            if moov != nil, !(fragmented && fragmentsRead < 16 && tracks.contains(where: \.needsFragmentSample)) {
                break
            }
            guard let next = Bytes.add(position, size) else { break }
            position = next
        }
        guard let moov else {
            throw .malformed(
                format,
                "no 'moov' box, so no track list (the file is cut short, or its movie box was never written)")
        }
        return Structure(brands: brands, moov: moov, tracks: tracks, fragmented: fragmented)
    }

    /// Reads a box's payload into memory, within ``ReadLimits/maximumMovieBoxSize``.
    mutating func load(type: String, start: Int, headerSize: Int, payloadSize: Int) throws(ColorTagsError) -> Loaded {
        guard payloadSize <= limits.maximumMovieBoxSize else {
            throw .limitExceeded(
                "\(format) '\(type)' box of \(payloadSize) bytes at byte \(start)", limit: limits.maximumMovieBoxSize)
        }
        let payload = try source.bytes(at: start + headerSize, length: payloadSize)
        return Loaded(type: type, start: start, payload: payload, payloadOffset: start + headerSize)
    }

    /// The tags: one image per video track, in track order.
    mutating func assemble(_ tracks: [Track], moov: Loaded, brands: [String], fragmented: Bool)
        throws(ColorTagsError) -> ColorTagging
    {
        var images: [ImageTags] = []
        for var track in tracks where track.isVideo {
            if let sample = track.firstSample {
                let length = Swift.min(sample.length, limits.maximumSampleBytes)
                let bytes = try source.bytes(at: sample.offset, length: length)
                let container = "sample 1 of track \(track.id) (mdat)"
                if bytes.count < length {
                    problems.append(
                        ReadProblem(
                            .truncated,
                            "the first sample of track \(track.id) at byte \(sample.offset) declares \(sample.length) bytes, but the file ends after \(bytes.count)",
                            at: TagLocation(
                                offset: Swift.min(sample.offset, source.count), length: bytes.count,
                                container: container),
                            image: images.count))
                }
                track.builder.readSample(bytes, offset: sample.offset, container: container)
                if DynamicMetadataSampleScan.wanted(track.builder) { try scanDynamicMetadata(of: &track, moov: moov) }
            }
            let (image, trackProblems) = track.builder.build(imageIndex: images.count)
            images.append(image)
            problems += trackProblems
        }
        let videoCount = images.count
        if images.isEmpty { images = [ImageTags(role: .other("no video track"))] }
        var tagging = ColorTagging(
            format: format, byteCount: source.count, images: images, problems: problems, brands: brands)
        tagging.movie = MovieTags(
            container: format == .mov ? "QuickTime" : "MP4", duration: movieHeader?.seconds, trackCount: tracks.count,
            videoTrackCount: videoCount, isFragmented: fragmented, trackListOffset: moov.start,
            bytesRead: source.bytesRead)
        return tagging
    }
}
