import MediaSyntax

/// Reads an MPEG-2 transport stream (ISO/IEC 13818-1) like a movie: the program association table (PID 0) leads to
/// the first program's map table, whose first H.264 (stream type 0x1B) or HEVC (0x24) stream is the video track; its
/// Dolby Vision video stream descriptor (tag 0xB0) is a configuration record, and the payloads of its first PES packets
/// (up to ``ReadLimits/maximumSampleBytes``) are an Annex B stream read like a raw one. Only the first
/// ``ReadLimits/maximumStreamScanBytes`` of the file are read.
struct TransportStreamReader<Source: ByteSource> {
    var source: Source
    let limits: ReadLimits

    /// The elementary stream chosen as the video track.
    struct VideoStream {
        var pid: Int
        var streamType: UInt8
        var dolbyVision: Located<DolbyVisionConfiguration>?
    }

    /// What the program map table lists.
    struct ProgramMap {
        var streamCount = 0
        var videoCount = 0
        var video: VideoStream?
    }

    /// Stream types of video: MPEG-1/2 video, MPEG-4 Part 2, H.264, HEVC, VVC.
    static var videoStreamTypes: Set<UInt8> { [0x01, 0x02, 0x10, 0x1B, 0x24, 0x33] }

    mutating func read() throws(ColorTagsError) -> ColorTagging {
        let length = Swift.min(source.count, Swift.max(0, limits.maximumStreamScanBytes))
        let bytes = try source.bytes(at: 0, length: length)
        guard let packetSize = StreamSignature.transportPacketSize(bytes) else {
            throw .malformed(.mpegTS, "no sync bytes (0x47) every 188 or 192 bytes")
        }
        var scan = StreamScan(
            bytes: bytes.count, reachedEnd: bytes.count == source.count, units: 0, unitName: "packets")
        var problems: [ReadProblem] = []
        var pending: [Int: [UInt8]] = [:]  // PSI sections being reassembled, by PID
        var pmtPID: Int?
        var program: ProgramMap?
        var payload: [UInt8] = []  // the video PES payloads, concatenated
        var pieces: [(index: Int, offset: Int)] = []  // where each packet's part of `payload` sits in the file
        var inPES = false
        var position = packetSize == 192 ? 4 : 0
        while position + 188 <= bytes.count, payload.count < limits.maximumSampleBytes {
            guard let packet = TransportStream.Packet(bytes, at: position) else {
                problems.append(ReadProblem(.malformed, "the transport stream loses sync at byte \(position)"))
                break
            }
            scan.units += 1
            let end = position + 188
            position += packetSize
            guard let packetPayload = packet.payload else { continue }
            let pid = packet.pid
            if program == nil, pid == 0 || pid == pmtPID {
                guard
                    let section = TransportStream.section(
                        bytes, packetPayload, unitStart: packet.unitStart, pending: &pending[pid])
                else { continue }
                if pid == 0 {
                    pmtPID = TransportStream.firstProgramMapPID(section)
                } else {
                    program = Self.programMap(section, offset: end - 188)
                }
            } else if let video = program?.video, pid == video.pid {
                var dataStart = packetPayload.lowerBound
                if packet.unitStart {
                    guard let start = TransportStream.pesDataStart(bytes, payloadStart: dataStart) else {
                        inPES = false
                        continue
                    }
                    dataStart = start
                    inPES = true
                }
                guard inPES, dataStart < end else { continue }
                let take = Swift.min(end - dataStart, limits.maximumSampleBytes - payload.count)
                pieces.append((payload.count, dataStart))
                payload += bytes[dataStart..<(dataStart + take)]
            }
        }
        guard let program else {
            throw .malformed(
                .mpegTS,
                pmtPID == nil
                    ? "no program association table (PID 0) in the first \(bytes.count) bytes"
                    : "no program map table in the first \(bytes.count) bytes")
        }
        var images: [ImageTags] = []
        if let video = program.video {
            let codec: VideoStreamTags.Codec =
                video.streamType == 0x24 ? .hevc : video.streamType == 0x1B ? .avc : .other
            var builder = VideoTrackBuilder(trackID: UInt32(video.pid), codec: codec)
            builder.video.codecID = "stream type 0x\(String(video.streamType, radix: 16, uppercase: true))"
            builder.video.dolbyVision = video.dolbyVision
            if let first = pieces.first {
                builder.video.firstSample = TagLocation(
                    offset: first.offset, length: payload.count, container: "PID \(video.pid) PES payloads")
            }
            let complete = scan.reachedEnd && payload.count < limits.maximumSampleBytes
            let counts = builder.readAnnexB(payload, complete: complete, container: "PID \(video.pid) PES") {
                index in
                // The last piece starting at or before `index` (pieces are in payload order).
                var low = 0
                var high = pieces.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if pieces[middle].index <= index { low = middle } else { high = middle - 1 }
                }
                return pieces.isEmpty ? 0 : pieces[low].offset + index - pieces[low].index
            }
            (scan.frames, scan.dolbyVisionRPUs) = (counts.frames, counts.rpus)
            let (image, trackProblems) = builder.build(imageIndex: 0)
            images.append(image)
            problems += trackProblems
        } else {
            images.append(ImageTags(role: .other("no video track")))
        }
        var tagging = ColorTagging(format: .mpegTS, byteCount: source.count, images: images, problems: problems)
        tagging.movie = MovieTags(
            container: packetSize == 192 ? "MPEG-TS (192-byte packets)" : "MPEG-TS", trackCount: program.streamCount,
            videoTrackCount: program.video == nil ? 0 : 1, bytesRead: source.bytesRead)
        tagging.movie?.scan = scan
        return tagging
    }

    /// The streams of a program map section (`offset`: the file offset of its last packet, for locations).
    static func programMap(_ section: [UInt8], offset: Int) -> ProgramMap? {
        guard let streams = TransportStream.programMapStreams(section) else { return nil }
        var map = ProgramMap()
        for stream in streams {
            map.streamCount += 1
            let type = stream.streamType
            guard videoStreamTypes.contains(type) else { continue }
            map.videoCount += 1
            let preferred = type == 0x1B || type == 0x24
            if map.video == nil || (preferred && ![0x1B, 0x24].contains(map.video?.streamType ?? 0)) {
                map.video = VideoStream(
                    pid: stream.pid, streamType: type,
                    dolbyVision: dolbyVision(section, stream.descriptors, offset: offset))
            }
        }
        return map
    }

    /// A DOVI video stream descriptor (tag 0xB0) among an elementary stream's descriptors: its body is a Dolby Vision
    /// configuration record.
    static func dolbyVision(_ section: [UInt8], _ range: Range<Int>, offset: Int) -> Located<DolbyVisionConfiguration>?
    {
        for (tag, body) in TransportStream.descriptors(section, in: range) where tag == 0xB0 {
            guard var record = DolbyVisionConfiguration(bytes: section[body], boxType: BoxType.dvcC.rawValue) else {
                continue
            }
            record.boxType = record.expectedBoxType  // a descriptor has no box type to get wrong
            return Located(
                record,
                at: TagLocation(
                    offset: offset, length: body.count,
                    container: "program map table, DOVI video stream descriptor (0xB0)"))
        }
        return nil
    }
}
