import MediaSyntax

/// Reads raw video streams and Dolby Vision RPU files like a movie's video track: an HEVC or H.264 Annex B stream,
/// an AV1 OBU stream (low-overhead format), an IVF file (AV1 or VP9 frames) or an RPU file. Only the first
/// ``ReadLimits/maximumStreamScanBytes`` (4 MiB by default) are read, in one read from the start; ``MovieTags/scan``
/// says how much that was and what it held.
struct ElementaryStreamReader<Source: ByteSource> {
    var source: Source
    let format: MediaFileFormat
    let limits: ReadLimits

    /// The stream's tags: one track (an auxiliary image for an RPU file, which holds no picture).
    mutating func read() throws(ColorTagsError) -> ColorTagging {
        let length = Swift.min(source.count, Swift.max(0, limits.maximumStreamScanBytes))
        let bytes = try source.bytes(at: 0, length: length)
        let complete = bytes.count == source.count
        var builder = VideoTrackBuilder(trackID: 1, codec: format == .avcStream ? .avc : .hevc)
        var scan = StreamScan(bytes: bytes.count, reachedEnd: complete, units: 0, unitName: "NAL units")
        var problems: [ReadProblem] = []
        switch format {
        case .dolbyVisionRPU where DolbyVisionRPU.isAV1RPUMessage(bytes.prefix(16)):
            readAV1RPUMessage(bytes, into: &builder, scan: &scan)
        case .hevcStream, .avcStream, .dolbyVisionRPU:
            if format == .hevcStream { builder.hdr10PlusLog = HDR10PlusFrameLog() }
            let counts = builder.readAnnexB(
                bytes, complete: complete, container: "\(format)", rpuFile: format == .dolbyVisionRPU
            ) { $0 }
            (scan.units, scan.frames, scan.dolbyVisionRPUs) = (counts.units, counts.frames, counts.rpus)
            if format == .dolbyVisionRPU {
                builder.image.role = .auxiliary("Dolby Vision RPU metadata (no picture)")
                scan.frames = counts.rpus  // one RPU per frame
            }
        case .av1Stream:
            builder = VideoTrackBuilder(trackID: 1, codec: .av1)
            let obus = AV1OBUs.split(bytes, limit: VideoTrackBuilder.maximumNALUnits)
            scan.unitName = "OBUs"
            scan.units = obus.count
            scan.frames = obus.count { $0.type == AV1OBUs.temporalDelimiter }
            builder.readOBUs(bytes, from: 0, offset: 0, container: "AV1 OBU stream")
            if obus.isEmpty { problems.append(ReadProblem(.malformed, "the AV1 stream holds no complete OBU")) }
        case .ivf:
            builder = try readIVF(bytes, scan: &scan, problems: &problems)
        default:
            throw .malformed(format, "not a raw video stream")
        }
        let (image, trackProblems) = builder.build(imageIndex: 0)
        var tagging = ColorTagging(
            format: format, byteCount: source.count, images: [image], problems: problems + trackProblems)
        tagging.movie = MovieTags(
            container: "\(format)", trackCount: 1, videoTrackCount: 1, bytesRead: source.bytesRead)
        tagging.movie?.scan = scan
        return tagging
    }

    /// An RPU file holding one AV1 ITU-T T.35 message, as dovi_tool's `assets/av1-rpu` files do: the EMDF container
    /// unwrapped (``DolbyVisionRPU/unwrapAV1(t35:)``) and its RPU read without emulation prevention.
    func readAV1RPUMessage(_ bytes: [UInt8], into builder: inout VideoTrackBuilder, scan: inout StreamScan) {
        builder = VideoTrackBuilder(trackID: 1, codec: .av1)
        builder.image.role = .auxiliary("Dolby Vision RPU metadata (no picture)")
        (scan.unitName, scan.units, scan.frames, scan.dolbyVisionRPUs) = ("ITU-T T.35 messages", 1, 1, 1)
        let container = "RPU file"
        let carriage = "AV1 ITU-T T.35 message"
        do {
            let rpu = try DolbyVisionRPU.unwrapAV1(t35: bytes)
            builder.readRPU(
                rpu[...], offset: 0, container: container, ownFrame: true, carriage: carriage, escaped: false)
        } catch {
            builder.readRPU(
                bytes[...], offset: 0, container: container, ownFrame: true, carriage: carriage, failure: error)
        }
    }

    /// An IVF file (the 32-byte `DKIF` header, then frames behind 12-byte headers: size, little-endian, and a 64-bit
    /// timestamp): AV1 frames' OBUs, or the first VP9 frame's header.
    func readIVF(_ bytes: [UInt8], scan: inout StreamScan, problems: inout [ReadProblem]) throws(ColorTagsError)
        -> VideoTrackBuilder
    {
        guard let header = IVF.Header(bytes) else {
            throw .malformed(.ivf, "the file ends inside its 32-byte header")
        }
        let codec: VideoStreamTags.Codec = header.fourCC == "AV01" ? .av1 : header.fourCC == "VP90" ? .vp9 : .other
        var builder = VideoTrackBuilder(trackID: 1, codec: codec)
        builder.video.codecID = header.fourCC
        builder.image.width = header.width
        builder.image.height = header.height
        scan.unitName = codec == .av1 ? "OBUs" : "frames"
        let (frames, cut) = IVF.frames(bytes, limit: VideoTrackBuilder.maximumNALUnits)
        if let cut, scan.reachedEnd {
            problems.append(
                ReadProblem(
                    .truncated,
                    "IVF frame \(frames.count + 1) declares \(cut.declaredSize) bytes, but the file ends after "
                        + "\(bytes.count - cut.headerOffset - 12)"))
        }
        for frame in frames {
            let size = frame.count
            let container = "IVF frame \(scan.frames + 1)"
            scan.frames += 1
            if scan.frames == 1 {
                builder.video.firstSample = TagLocation(offset: frame.lowerBound, length: size, container: container)
            }
            switch codec {
            case .av1:
                let frameBytes = Array(bytes[frame])
                scan.units += AV1OBUs.split(frameBytes, limit: VideoTrackBuilder.maximumNALUnits).count
                builder.readOBUs(frameBytes, from: 0, offset: frame.lowerBound, container: container)
            case .vp9 where scan.frames == 1:
                builder.readVP9Frame(bytes[frame], offset: frame.lowerBound, container: container)
            default:
                break
            }
        }
        if codec != .av1 { scan.units = scan.frames }
        return builder
    }
}
