internal import CFFmpeg
public import Foundation
public import MediaSyntax
import SignalCoding

/// A movie converted from part of another: the file and the source frame its first frame is (in presentation order,
/// counted from 0), as given to the conversion (`convert --frames A..<B`: A).
public struct MovieSegment: Hashable, Sendable {
    /// The converted part.
    public var url: URL
    /// The source frame its first frame is.
    public var firstFrame: Int

    /// A segment.
    public init(url: URL, firstFrame: Int) {
        self.url = url
        self.firstFrame = firstFrame
    }
}

/// What ``MovieJoiner/join(_:into:source:metadata:streamMetadata:copiesOtherStreams:)`` wrote.
public struct MovieJoin: Sendable {
    /// Video frames written: the source's.
    public var frameCount: Int
    /// Frames taken from each segment, in order.
    public var segmentFrameCounts: [Int]
    /// The light level written into the container (cd/m²): when the segments measured theirs
    /// (``lightLevelIsMeasured``), the largest MaxCLL and the largest MaxFALL of all segments, written also over each
    /// segment's reserved unit, which is what one conversion of the whole movie measures; else the one the segments
    /// were given (the first segment's). nil when there is none.
    public var contentLightLevel: ContentLightLevel?
    /// Whether the segments measured their light level, so that the join merged them.
    public var lightLevelIsMeasured: Bool
    /// The source's streams copied beside the video.
    public var copiedStreams: [MovieStreamSummary]
    /// The source's streams the container cannot hold, and a Dolby Vision record that could not be added.
    public var omissions: [MovieOmission]
}

/// Joins movies that are consecutive parts of one conversion (`convert --frames A..<B --no-copy-streams`, each from a
/// closed-GOP sync sample) into one movie, copying their packets (no decoding, no re-encoding):
///
/// - **Frames and times.** Every frame keeps its place: each segment must start where the one before ended (its
///   ``MovieSegment/firstFrame``), the first at frame 0, and the last end at the source's last frame; each
///   frame's presentation time is the source's frame's (rescaled to the output's time base, as a conversion of the
///   whole movie writes it), and decode times run on across the joins. A segment whose frame times do not fall on the
///   source's frames in order, or segments that do not hold every frame, are refused. (FFmpeg's concat demuxer
///   shifts each segment by its own first dts, which slips a frame at every join of B-frame HEVC.) Where a segment's
///   first decoding times would fall at or before the previous segment's last (its encoder delayed decoding less, as
///   in a segment of one or two frames), they move to just after it; presentation times never move.
/// - **Encoding.** The segments must share their codec, size, pixel format and parameter sets (the same encoder
///   settings); the output's sample entry, mastering display, display matrix and Dolby Vision record are the first
///   segment's.
/// - **Light level.** Segments that measured their content light level carry it in a reserved unit of their first
///   access unit (``ReservedContentLightLevel``): each is filled again with the largest MaxCLL and MaxFALL of all
///   segments, and the container's `clli` gets the same.
/// - **Other streams.** Audio, subtitles and timed data are copied once from the source, as the conversion of the
///   whole movie copies them, with the container metadata and the video stream's tags given.
///
/// The output is MP4 or QuickTime (`.mp4`, `.m4v`, `.mov`). On failure no file is left at `output`; write to a
/// temporary name and rename for an output that appears only when complete (``MediaConverter``'s join does).
public enum MovieJoiner {
    /// The most frames a joined movie may have (about 77 hours at 60 frames per second).
    public static let maximumFrameCount = 1 << 24

    /// Writes `segments`, in order, into `output` (replaced if it exists).
    ///
    /// - Parameters:
    ///   - segments: The converted parts in order, each from a closed-GOP sync sample of `source`, together every
    ///     frame of it.
    ///   - source: The movie the segments were converted from: its frames' times, and its other streams.
    ///   - metadata: The container's metadata tags (`mdta` keys, `creation_time`), as ``MovieWriter`` takes them.
    ///   - streamMetadata: The video stream's tags (language, handler, timecode).
    ///   - copiesOtherStreams: Copy the source's audio, subtitle and data streams (default: true).
    /// - Throws: ``VideoFilesError/cannotJoin(_:)`` for segments that are not consecutive parts of one conversion of
    ///   `source`; ``VideoFilesError/cannotOpen(path:reason:)``, ``VideoFilesError/cannotWrite(path:reason:)``,
    ///   ``VideoFilesError/ffmpeg(call:code:message:)`` when a file cannot be read or written;
    ///   ``VideoFilesError/invalidSettings(_:)`` for an output that is not MP4 or QuickTime.
    public static func join(
        _ segments: [MovieSegment], into output: URL, source: MovieReader, metadata: [MovieMetadataItem] = [],
        streamMetadata: [MovieMetadataItem] = [], copiesOtherStreams: Bool = true
    ) throws(VideoFilesError) -> MovieJoin {
        guard !segments.isEmpty else { throw .cannotJoin("no segments given") }
        let times = try SourceFrameTimes(url: source.url, stream: source.videoStream.streamIndex)
        var probes: [SegmentProbe] = []
        for (number, segment) in segments.enumerated() {
            let probe = try SegmentProbe(url: segment.url)
            if let first = probes.first, let difference = probe.difference(from: first) {
                throw .cannotJoin(
                    "segment \(number + 1) (\(segment.url.lastPathComponent)) was encoded with other settings than segment 1: "
                        + "its \(difference) differs")
            }
            probes.append(probe)
        }
        let levels = probes.compactMap(\.lightLevel)
        guard levels.isEmpty || levels.count == probes.count else {
            throw .cannotJoin(
                "\(levels.count) of \(probes.count) segments measured their content light level and the others were "
                    + "given one: convert every segment with the same options")
        }
        let merged = levels.isEmpty ? nil : (levels.map(\.maxCLL).max()!, levels.map(\.maxFALL).max()!)
        let writer = try JoinWriter(
            output: output, first: segments[0].url, source: source, metadata: metadata, streamMetadata: streamMetadata,
            copiesOtherStreams: copiesOtherStreams, replacesLightLevel: merged != nil)
        do throws(VideoFilesError) {
            var counts: [Int] = []
            for (number, segment) in segments.enumerated() {
                counts.append(
                    try writer.copySegment(
                        segment, number: number, times: times,
                        filling: merged.map { (probes[number].carriage, $0.0, $0.1) }))
            }
            let written = counts.reduce(0, +)
            guard written == times.ticks.count else {
                throw VideoFilesError.cannotJoin(
                    "the segments hold \(written) frames and the source \(times.ticks.count): they must cover it all")
            }
            try writer.finish(lightLevel: merged)
            return MovieJoin(
                frameCount: written, segmentFrameCounts: counts,
                contentLightLevel: merged.map {
                    ContentLightLevel(maxContentLightLevel: Double($0.0), maxFrameAverageLightLevel: Double($0.1))
                } ?? writer.givenLightLevel, lightLevelIsMeasured: merged != nil, copiedStreams: writer.copiedStreams,
                omissions: writer.omissions)
        } catch {
            writer.abandon()
            throw error
        }
    }
}

/// The source's video frames' presentation times in its time base, in presentation order (demuxed, not decoded).
private struct SourceFrameTimes {
    let ticks: [Int64]
    let timeBase: AVRational

    init(url: URL, stream: Int) throws(VideoFilesError) {
        let input = try JoinInput(url: url)
        guard stream < Int(input.context.pointee.nb_streams), let video = input.context.pointee.streams[stream] else {
            throw .noVideoStream(path: url.path)
        }
        input.keepOnly(stream)
        var ticks: [Int64] = []
        while let packet = try input.next() {
            defer { av_packet_unref(packet) }
            guard packet.pointee.pts != FFmpeg.noTimestamp else {
                throw .cannotJoin("the source's frame \(ticks.count) (decoding order) has no presentation time")
            }
            guard ticks.count < MovieJoiner.maximumFrameCount else {
                throw .limitExceeded("the source's frame count", limit: MovieJoiner.maximumFrameCount)
            }
            ticks.append(packet.pointee.pts)
        }
        self.ticks = ticks.sorted()
        timeBase = video.pointee.time_base
    }
}

/// A demuxer over one file with one reused packet.
private final class JoinInput {
    var context: UnsafeMutablePointer<AVFormatContext>
    let packet: UnsafeMutablePointer<AVPacket>
    let url: URL

    init(url: URL) throws(VideoFilesError) {
        self.url = url
        guard let packet = av_packet_alloc() else { throw .allocationFailed("an AVPacket") }
        guard let allocated = avformat_alloc_context() else {
            var p: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&p)
            throw .allocationFailed("an AVFormatContext")
        }
        allocated.pointee.format_whitelist = av_strdup(MovieReader.Opening.demuxers)
        var pointer: UnsafeMutablePointer<AVFormatContext>? = allocated
        let status = avformat_open_input(&pointer, url.path, nil, nil)
        guard status >= 0, let opened = pointer else {
            var p: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&p)
            throw .cannotOpen(path: url.path, reason: FFmpeg.message(status))
        }
        context = opened
        self.packet = packet
        do {
            try FFmpeg.check(avformat_find_stream_info(context, nil), "avformat_find_stream_info (\(url.path))")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private var isClosed = false
    private func close() {
        guard !isClosed else { return }
        isClosed = true
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var c: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&c)
    }

    /// The first video stream's index.
    func videoStream() throws(VideoFilesError) -> Int {
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0 else { throw .noVideoStream(path: url.path) }
        return Int(index)
    }

    /// The stream ``next()`` returns the packets of; nil for all.
    private var kept: Int32?

    /// Makes the demuxer skip every stream but `index`.
    func keepOnly(_ index: Int) {
        kept = Int32(index)
        for i in 0..<Int(context.pointee.nb_streams) where i != index {
            context.pointee.streams[i]?.pointee.discard = AVDISCARD_ALL
        }
    }

    /// The next packet of the kept stream (the caller unreferences it), nil at the end. (Packets that
    /// `avformat_find_stream_info` read ahead come back whatever the other streams' discard.)
    func next() throws(VideoFilesError) -> UnsafeMutablePointer<AVPacket>? {
        while true {
            let status = av_read_frame(context, packet)
            if status == FFmpeg.endOfFile { return nil }
            try FFmpeg.check(status, "av_read_frame (\(url.lastPathComponent))")
            if let kept, packet.pointee.stream_index != kept {
                av_packet_unref(packet)
                continue
            }
            return packet
        }
    }
}

/// What a segment's encoding must share with the others, and its reserved light level.
private struct SegmentProbe {
    let codec: AVCodecID
    let width: Int32
    let height: Int32
    let format: Int32
    let parameterSets: [UInt8]
    let carriage: ReservedContentLightLevel.Carriage?
    let lightLevel: (maxCLL: UInt16, maxFALL: UInt16)?

    init(url: URL) throws(VideoFilesError) {
        let input = try JoinInput(url: url)
        let index = try input.videoStream()
        input.keepOnly(index)
        guard let parameters = input.context.pointee.streams[index]?.pointee.codecpar?.pointee else {
            throw .noVideoStream(path: url.path)
        }
        codec = parameters.codec_id
        width = parameters.width
        height = parameters.height
        format = parameters.format
        parameterSets =
            parameters.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(parameters.extradata_size))) }
            ?? []
        carriage =
            switch parameters.codec_id {
            case AV_CODEC_ID_HEVC: .hevc
            case AV_CODEC_ID_H264: .h264
            case AV_CODEC_ID_AV1: .av1
            default: nil
            }
        guard let packet = try input.next() else {
            throw .cannotJoin("\(url.lastPathComponent) holds no video frame")
        }
        defer { av_packet_unref(packet) }
        if let carriage, let data = packet.pointee.data,
            let unit = ReservedContentLightLevel.located(
                in: Array(UnsafeBufferPointer(start: data, count: Int(packet.pointee.size))), carriage)
        {
            lightLevel = (unit.maxCLL, unit.maxFALL)
        } else {
            lightLevel = nil
        }
    }

    /// What of this segment's encoding differs from `other`'s, nil when nothing.
    func difference(from other: SegmentProbe) -> String? {
        if codec != other.codec { return "codec" }
        if width != other.width || height != other.height { return "frame size (\(width)×\(height))" }
        if format != other.format { return "pixel format" }
        if parameterSets != other.parameterSets { return "parameter sets (codec configuration)" }
        return nil
    }
}

/// The output: a muxer with the first segment's video stream and the source's other streams.
private final class JoinWriter {
    let url: URL
    var context: UnsafeMutablePointer<AVFormatContext>?
    let video: UnsafeMutablePointer<AVStream>
    var copier: StreamCopier?
    var copiedStreams: [MovieStreamSummary] = []
    var omissions: [MovieOmission] = []
    /// The first segment's light level, when it was given rather than measured.
    var givenLightLevel: ContentLightLevel?
    /// The first segment's Dolby Vision record, which FFmpeg 5.1 writes only into `.mp4` files.
    var dolbyVision: DolbyVisionConfiguration?
    var isQuickTimeMode = false
    /// Frames written, the last dts (output time base) and which source frames were written.
    var frameCount = 0
    var lastDTS: Int64?
    var written: [Bool] = []
    /// The source's frame times in the output's time base, in presentation order.
    var expected: [Int64] = []

    init(
        output: URL, first: URL, source: MovieReader, metadata: [MovieMetadataItem],
        streamMetadata: [MovieMetadataItem], copiesOtherStreams: Bool, replacesLightLevel: Bool
    ) throws(VideoFilesError) {
        url = output
        let path = output.path
        var allocated: UnsafeMutablePointer<AVFormatContext>?
        try FFmpeg.check(
            avformat_alloc_output_context2(&allocated, nil, nil, path), "avformat_alloc_output_context2 (\(path))")
        guard let context = allocated else { throw .allocationFailed("an output AVFormatContext") }
        self.context = context
        let name = FFmpeg.string(context.pointee.oformat.pointee.name)
        guard MovieWriter.quickTimeMuxers.contains(name), let stream = avformat_new_stream(context, nil) else {
            avformat_free_context(context)
            throw .invalidSettings("a join writes MP4 or QuickTime (.mp4, .m4v, .mov), not \(name)")
        }
        video = stream
        isQuickTimeMode = name != "mp4"
        do throws(VideoFilesError) {
            let segment = try JoinInput(url: first)
            guard let input = segment.context.pointee.streams[try segment.videoStream()] else {
                throw VideoFilesError.noVideoStream(path: first.path)
            }
            try FFmpeg.check(
                avcodec_parameters_copy(stream.pointee.codecpar, input.pointee.codecpar), "avcodec_parameters_copy")
            stream.pointee.time_base = input.pointee.time_base
            stream.pointee.avg_frame_rate = input.pointee.avg_frame_rate
            for i in 0..<Int(input.pointee.nb_side_data) {
                let side = input.pointee.side_data[i]
                if side.type == AV_PKT_DATA_CONTENT_LIGHT_LEVEL {
                    if replacesLightLevel { continue }
                    if side.size >= MemoryLayout<AVContentLightMetadata>.size {
                        givenLightLevel = side.data.withMemoryRebound(to: AVContentLightMetadata.self, capacity: 1) {
                            ContentLightLevel(
                                maxContentLightLevel: Double($0.pointee.MaxCLL),
                                maxFrameAverageLightLevel: Double($0.pointee.MaxFALL))
                        }
                    }
                }
                if side.type == AV_PKT_DATA_DOVI_CONF, side.size >= MemoryLayout<AVDOVIDecoderConfigurationRecord>.size
                {
                    dolbyVision = side.data.withMemoryRebound(to: AVDOVIDecoderConfigurationRecord.self, capacity: 1) {
                        ColorMapping.dolbyVision($0.pointee)
                    }
                    context.pointee.strict_std_compliance = FF_COMPLIANCE_UNOFFICIAL
                }
                guard let data = av_stream_new_side_data(stream, side.type, side.size) else {
                    throw VideoFilesError.allocationFailed("stream side data")
                }
                data.update(from: side.data, count: Int(side.size))
            }
            let copies = try MovieWriter.finishOpening(
                context, path: path, video: stream, streamMetadata: streamMetadata, metadata: metadata,
                copying: copiesOtherStreams ? source : nil, copiedTimes: nil)
            (copier, copiedStreams, omissions) = (copies.copier, copies.streams, copies.omissions)
        } catch {
            abandon()
            throw error
        }
    }

    /// Copies one segment's video packets, each at its source frame's time; returns its frame count.
    func copySegment(
        _ segment: MovieSegment, number: Int, times: SourceFrameTimes,
        filling: (carriage: ReservedContentLightLevel.Carriage?, maxCLL: UInt16, maxFALL: UInt16)?
    ) throws(VideoFilesError) -> Int {
        let name = "segment \(number + 1) (\(segment.url.lastPathComponent))"
        guard segment.firstFrame == frameCount else {
            throw .cannotJoin(
                "\(name) starts at frame \(segment.firstFrame), but "
                    + (number == 0
                        ? "the first must start at frame 0" : "the segments before it end at frame \(frameCount)")
                    + ": a segment is missing or out of order")
        }
        let input = try JoinInput(url: segment.url)
        let index = try input.videoStream()
        input.keepOnly(index)
        guard let stream = input.context.pointee.streams[index], let context else { throw .writerClosed }
        let inBase = stream.pointee.time_base, outBase = video.pointee.time_base
        if written.isEmpty {
            written = [Bool](repeating: false, count: times.ticks.count)
            expected = times.ticks.map { av_rescale_q($0, times.timeBase, outBase) }
        }
        let first = frameCount
        var offset: Int64 = 0
        var last = first - 1
        var count = 0
        while let packet = try input.next() {
            guard packet.pointee.pts != FFmpeg.noTimestamp else {
                av_packet_unref(packet)
                throw .cannotJoin("\(name): frame \(count) (decoding order) has no presentation time")
            }
            let pts = av_rescale_q(packet.pointee.pts, inBase, outBase)
            if count == 0 {
                guard first < expected.count else {
                    av_packet_unref(packet)
                    throw .cannotJoin("\(name) starts after the source's last frame: the segments hold too many")
                }
                offset = expected[first] - pts
                if let filling {
                    try fill(packet, filling, name: name)
                }
            }
            // The source frame this packet is: the nearest time, within half a frame.
            guard let frame = Self.frame(at: pts + offset, in: expected, from: first), !written[frame] else {
                av_packet_unref(packet)
                throw .cannotJoin(
                    "\(name): frame \(count) (decoding order) is at \(pts + offset) in \(outBase.num)/\(outBase.den) s, "
                        + "which is no frame of the source after its frame \(first), or one written before")
            }
            written[frame] = true
            last = max(last, frame)
            var dts =
                packet.pointee.dts == FFmpeg.noTimestamp
                ? expected[frame] : av_rescale_q(packet.pointee.dts, inBase, outBase) + offset
            // A segment whose encoder delayed decoding less than the one before (a short segment, whose dts the
            // writer set to its pts) starts its decoding times just after the previous segment's last.
            dts = max(min(dts, expected[frame]), (lastDTS ?? .min) + 1)
            guard dts <= expected[frame] else {
                av_packet_unref(packet)
                throw .cannotJoin(
                    "\(name): frame \(count) (decoding order) would be decoded after it is shown (dts \(dts), pts "
                        + "\(expected[frame])); it must start at a closed-GOP sync sample")
            }
            lastDTS = dts
            packet.pointee.pts = expected[frame]
            packet.pointee.dts = dts
            packet.pointee.duration = av_rescale_q(packet.pointee.duration, inBase, outBase)
            packet.pointee.stream_index = video.pointee.index
            packet.pointee.pos = -1
            count += 1
            try copier?.copy(upTo: Rational.seconds(ticks: dts, timeBase: FFmpeg.rational(outBase)), path: url.path)
            try FFmpeg.checkWrite(
                av_interleaved_write_frame(context, packet), "av_interleaved_write_frame", path: url.path)
        }
        guard count > 0 else { throw .cannotJoin("\(name) holds no video frame") }
        guard last == first + count - 1 else {
            throw .cannotJoin(
                "\(name): its \(count) frames are not the source's frames \(first)…\(first + count - 1) in order")
        }
        frameCount += count
        return count
    }

    /// The index of the time in `expected` (sorted) nearest `time`, at or after `first`, within half the gap to its
    /// neighbours; nil when there is none.
    static func frame(at time: Int64, in expected: [Int64], from first: Int) -> Int? {
        var low = first, high = expected.count
        while low < high {
            let mid = (low + high) / 2
            if expected[mid] < time { low = mid + 1 } else { high = mid }
        }
        let candidates = [low - 1, low].filter { $0 >= first && $0 < expected.count }
        guard let best = candidates.min(by: { abs(expected[$0] - time) < abs(expected[$1] - time) }) else { return nil }
        let distance = abs(expected[best] - time)
        if distance == 0 { return best }
        let gaps = [best - 1, best + 1].filter { $0 >= 0 && $0 < expected.count }.map {
            abs(expected[$0] - expected[best])
        }
        guard let gap = gaps.min(), distance * 2 < gap else { return nil }
        return best
    }

    /// Writes the whole movie's light level over the reserved unit of a segment's first access unit.
    private func fill(
        _ packet: UnsafeMutablePointer<AVPacket>,
        _ filling: (carriage: ReservedContentLightLevel.Carriage?, maxCLL: UInt16, maxFALL: UInt16), name: String
    ) throws(VideoFilesError) {
        guard let carriage = filling.carriage else { return }
        try FFmpeg.check(av_packet_make_writable(packet), "av_packet_make_writable")
        guard let data = packet.pointee.data else { return }
        let bytes = UnsafeMutableBufferPointer(start: data, count: Int(packet.pointee.size))
        let filled = ReservedContentLightLevel.filled(carriage, maxCLL: filling.maxCLL, maxFALL: filling.maxFALL)
        guard let unit = ReservedContentLightLevel.located(in: Array(bytes), carriage),
            unit.range.count == filled.bytes.count
        else {
            throw .cannotJoin("\(name): its first frame lost the content light level reserved in it")
        }
        for (i, byte) in filled.bytes.enumerated() { bytes[unit.range.lowerBound + i] = byte }
    }

    /// Copies the rest of the other streams, adds the light level, writes the index and closes the file.
    func finish(lightLevel: (maxCLL: UInt16, maxFALL: UInt16)?) throws(VideoFilesError) {
        guard let context else { throw .writerClosed }
        try copier?.copy(upTo: nil, path: url.path)
        if let lightLevel {
            try MovieWriter.addContentLightLevel(
                maxCLL: UInt32(lightLevel.maxCLL), maxFALL: UInt32(lightLevel.maxFALL), to: video)
        }
        try FFmpeg.checkWrite(av_write_trailer(context), "av_write_trailer", path: url.path)
        try FFmpeg.checkWrite(avio_closep(&context.pointee.pb), "avio_closep", path: url.path)
        avformat_free_context(context)
        self.context = nil
        copier = nil
        if let dolbyVision, isQuickTimeMode,
            let omission = try MovieWriter.addMissingDolbyVisionRecord(dolbyVision, toFileAt: url)
        {
            omissions.append(omission)
        }
    }

    /// Closes and removes a file that will not be finished.
    func abandon() {
        copier = nil
        if let context {
            if context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
            avformat_free_context(context)
            self.context = nil
            try? FileManager.default.removeItem(at: url)
        }
    }

    deinit { abandon() }
}
