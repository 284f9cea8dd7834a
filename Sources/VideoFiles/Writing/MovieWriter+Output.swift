internal import CFFmpeg
import MediaSyntax
import Foundation
import PixelBuffers
import SignalCoding

extension MovieWriter {
    /// The muxers of the MP4/QuickTime family: `movflags`, `tkhd` display matrices, `mdta` metadata keys.
    static let quickTimeMuxers: Set<String> = ["mov", "mp4", "ipod", "3gp", "3g2", "psp", "ismv", "f4v"]

    /// Opens the muxer and the encoder, adds the video stream with its HDR side data, display matrix and metadata,
    /// and the copied streams, and writes the header.
    func open(
        avFormat: AVPixelFormat, cicp: CICP, reader: MovieReader?, metadata: [MovieMetadataItem],
        copiedTimes: MovieTimeRange?
    ) throws(VideoFilesError) {
        let path = url.path
        var context: UnsafeMutablePointer<AVFormatContext>?
        try FFmpeg.check(
            avformat_alloc_output_context2(&context, nil, nil, path), "avformat_alloc_output_context2 (\(path))")
        guard let context else { throw .allocationFailed("an output AVFormatContext") }
        formatContext = context
        let globalHeader = (context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0
        let encoder = try EncoderSetup.openEncoder(
            settings, pixelFormat: avFormat, cicp: cicp, globalHeader: globalHeader)
        self.encoder = encoder
        guard let stream = avformat_new_stream(context, nil) else { throw .allocationFailed("an AVStream") }
        videoStream = stream
        try FFmpeg.check(
            avcodec_parameters_from_context(stream.pointee.codecpar, encoder), "avcodec_parameters_from_context")
        stream.pointee.time_base = encoder.pointee.time_base
        stream.pointee.avg_frame_rate = encoder.pointee.framerate
        let formatName = FFmpeg.string(context.pointee.oformat.pointee.name)
        let isQuickTime = Self.quickTimeMuxers.contains(formatName)
        if settings.codec == .hevc, isQuickTime {
            // 'hvc1': parameter sets only in the sample entry, the tag Apple's players require.
            stream.pointee.codecpar.pointee.codec_tag = Self.fourCC(SampleEntryType.hvc1.rawValue)
        }
        try addSideData(stream)
        if let record = settings.dolbyVision {
            try addDolbyVisionRecord(record, to: stream)
            // FFmpeg 5.1's MP4 muxer writes dvcC/dvvC only at this compliance level (and never in .mov or .m4v:
            // finish() adds it there).
            context.pointee.strict_std_compliance = FF_COMPLIANCE_UNOFFICIAL
        }
        if let matrix = settings.displayMatrix {
            if isQuickTime {
                try addDisplayMatrix(matrix, to: stream)
            } else {
                omissions.append(
                    MovieOmission(
                        what: "rotation \(matrix.rotation.map { "\(Int($0.rounded()))°" } ?? "(display matrix)")",
                        reason: "FFmpeg 5.1's \(formatName) muxer writes no display matrix; write .mp4 or .mov"))
            }
        }
        let copies = try Self.finishOpening(
            context, path: path, video: stream, streamMetadata: settings.streamMetadata, metadata: metadata,
            copying: reader, copiedTimes: copiedTimes)
        (copier, copiedStreams) = (copies.copier, copies.streams)
        omissions += copies.omissions
        try prepareFrames(avFormat: avFormat)
    }

    /// The end of opening a muxer whose video stream is set up: the tags, the reader's audio, subtitle and data streams
    /// the container can hold (the others as omissions), the file, and the header (with `mdta` keys in MP4 and
    /// QuickTime, `movflags use_metadata_tags`).
    static func finishOpening(
        _ context: UnsafeMutablePointer<AVFormatContext>, path: String, video: UnsafeMutablePointer<AVStream>,
        streamMetadata: [MovieMetadataItem], metadata: [MovieMetadataItem], copying reader: MovieReader?,
        copiedTimes: MovieTimeRange?
    ) throws(VideoFilesError) -> (copier: StreamCopier?, streams: [MovieStreamSummary], omissions: [MovieOmission]) {
        let formatName = FFmpeg.string(context.pointee.oformat.pointee.name)
        FFmpeg.set(streamMetadata, in: &video.pointee.metadata)
        FFmpeg.set(metadata, in: &context.pointee.metadata)
        var result: (copier: StreamCopier?, streams: [MovieStreamSummary], omissions: [MovieOmission]) = (nil, [], [])
        if let reader {
            let (streams, left) = copiableStreams(
                reader, format: context.pointee.oformat, name: formatName,
                writesTimecode: streamMetadata.contains { $0.key == "timecode" })
            if !streams.isEmpty {
                result.copier = try StreamCopier(
                    url: reader.url, streams: streams.map(\.index), output: context, range: copiedTimes)
            }
            (result.streams, result.omissions) = (streams, left)
        }
        try FFmpeg.checkWrite(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open", path: path)
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if quickTimeMuxers.contains(formatName), !metadata.isEmpty {
            av_dict_set(&options, "movflags", "use_metadata_tags", 0)
        }
        try FFmpeg.checkWrite(avformat_write_header(context, &options), "avformat_write_header", path: path)
        return result
    }

    /// The reader's audio, subtitle and data streams the container can hold (FFmpeg's `avformat_query_codec`), and
    /// the others with the reason. A QuickTime timecode track is left to the muxer when the video stream has a
    /// `timecode` tag (`writesTimecode`).
    static func copiableStreams(
        _ reader: MovieReader, format: UnsafePointer<AVOutputFormat>, name: String, writesTimecode: Bool
    ) -> (copied: [MovieStreamSummary], omissions: [MovieOmission]) {
        var copied: [MovieStreamSummary] = []
        var omissions: [MovieOmission] = []
        let timecode = writesTimecode && quickTimeMuxers.contains(name)
        for summary in reader.otherStreams {
            // A timecode track: the MP4/MOV muxer writes its own from the video stream's `timecode` tag.
            if timecode, summary.kind == .data, summary.codecTag == SampleEntryType.tmcd { continue }
            let what = "\(summary.label) (stream \(summary.index))"
            switch summary.kind {
            case .audio, .subtitle, .data:
                let id = avcodec_descriptor_get_by_name(summary.codecName)?.pointee.id ?? AV_CODEC_ID_NONE
                if id != AV_CODEC_ID_NONE, avformat_query_codec(format, id, FF_COMPLIANCE_NORMAL) == 1 {
                    copied.append(summary)
                } else {
                    let reason =
                        id == AV_CODEC_ID_NONE
                        ? "FFmpeg has no codec for it, so its muxers cannot write it"
                        : "FFmpeg's \(name) muxer cannot hold \(summary.codecName)"
                    omissions.append(MovieOmission(what: what, reason: reason))
                }
            case .video:
                omissions.append(MovieOmission(what: what, reason: "only the first video stream is converted"))
            case .attachment, .unknown:
                omissions.append(MovieOmission(what: what, reason: "attachments and unknown streams are not copied"))
            }
        }
        return (copied, omissions)
    }

    /// The display matrix as stream side data, which FFmpeg 5.1's MP4/MOV muxer writes into `tkhd`.
    private func addDisplayMatrix(_ matrix: DisplayMatrix, to stream: UnsafeMutablePointer<AVStream>)
        throws(VideoFilesError)
    {
        let size = 9 * MemoryLayout<Int32>.size
        guard let data = av_malloc(size) else { throw .allocationFailed("a display matrix") }
        let values = data.bindMemory(to: Int32.self, capacity: 9)
        for (i, value) in matrix.coefficients.enumerated() { values[i] = value }
        let status = av_stream_add_side_data(
            stream, AV_PKT_DATA_DISPLAYMATRIX, data.assumingMemoryBound(to: UInt8.self), size)
        if status < 0 { av_free(data) }
        try FFmpeg.check(status, "av_stream_add_side_data (display matrix)")
    }

    /// The Dolby Vision configuration record as stream side data (`AV_PKT_DATA_DOVI_CONF`).
    private func addDolbyVisionRecord(_ record: DolbyVisionConfiguration, to stream: UnsafeMutablePointer<AVStream>)
        throws(VideoFilesError)
    {
        var size = 0
        guard let dovi = av_dovi_alloc(&size) else { throw .allocationFailed("AVDOVIDecoderConfigurationRecord") }
        dovi.pointee.dv_version_major = record.versionMajor
        dovi.pointee.dv_version_minor = record.versionMinor
        dovi.pointee.dv_profile = record.profile
        dovi.pointee.dv_level = record.level
        dovi.pointee.rpu_present_flag = record.rpuPresent ? 1 : 0
        dovi.pointee.el_present_flag = record.enhancementLayerPresent ? 1 : 0
        dovi.pointee.bl_present_flag = record.baseLayerPresent ? 1 : 0
        dovi.pointee.dv_bl_signal_compatibility_id = record.compatibilityID
        let status = dovi.withMemoryRebound(to: UInt8.self, capacity: 1) {
            av_stream_add_side_data(stream, AV_PKT_DATA_DOVI_CONF, $0, size)
        }
        if status < 0 { av_free(dovi) }
        try FFmpeg.check(status, "av_stream_add_side_data (Dolby Vision configuration record)")
    }

    /// The mastering display and content light level as stream side data, which FFmpeg 5.1's MP4/MOV muxer writes as
    /// `mdcv`/`clli` and its Matroska muxer as `MasteringMetadata`/`MaxCLL`/`MaxFALL`.
    private func addSideData(_ stream: UnsafeMutablePointer<AVStream>) throws(VideoFilesError) {
        if let m = settings.masteringDisplay {
            guard let metadata = av_mastering_display_metadata_alloc() else {
                throw .allocationFailed("AVMasteringDisplayMetadata")
            }
            ColorMapping.fill(&metadata.pointee, from: m)
            let status = metadata.withMemoryRebound(to: UInt8.self, capacity: 1) {
                av_stream_add_side_data(
                    stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, $0, MemoryLayout<AVMasteringDisplayMetadata>.size)
            }
            if status < 0 { av_free(metadata) }
            try FFmpeg.check(status, "av_stream_add_side_data (mastering display)")
        }
        if let c = settings.contentLightLevel {
            try Self.addContentLightLevel(
                maxCLL: UInt32(X265Parameters.lightLevelCode(c.maxContentLightLevel)),
                maxFALL: UInt32(X265Parameters.lightLevelCode(c.maxFrameAverageLightLevel)), to: stream)
        } else if settings.contentLightLevelGivenAtFinish,
            let context = formatContext,
            !Self.quickTimeMuxers.contains(FFmpeg.string(context.pointee.oformat.pointee.name))
        {
            // Matroska writes it in the header: room for the value finish() writes over it.
            try Self.addContentLightLevel(
                maxCLL: Self.matroskaPlaceholder, maxFALL: Self.matroskaPlaceholder, to: stream)
        }
    }

    /// The content light level as stream side data (replacing any there), in cd/m².
    static func addContentLightLevel(maxCLL: UInt32, maxFALL: UInt32, to stream: UnsafeMutablePointer<AVStream>)
        throws(VideoFilesError)
    {
        var size = 0
        guard let metadata = av_content_light_metadata_alloc(&size) else {
            throw .allocationFailed("AVContentLightMetadata")
        }
        metadata.pointee.MaxCLL = maxCLL
        metadata.pointee.MaxFALL = maxFALL
        let status = metadata.withMemoryRebound(to: UInt8.self, capacity: 1) {
            av_stream_add_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, $0, size)
        }
        if status < 0 { av_free(metadata) }
        try FFmpeg.check(status, "av_stream_add_side_data (content light level)")
    }

    /// Sets up the two reused frames: the borrowing one (format, size, marker) and the owning one (planes allocated
    /// once).
    private func prepareFrames(avFormat: AVPixelFormat) throws(VideoFilesError) {
        for f in [borrowFrame, copyFrame] {
            f.pointee.format = avFormat.rawValue
            f.pointee.width = Int32(settings.width)
            f.pointee.height = Int32(settings.height)
        }
        guard let marker = av_buffer_alloc(1) else { throw .allocationFailed("an AVBufferRef") }
        borrowMarker = marker
        borrowFrame.pointee.buf.0 = marker
        try FFmpeg.check(av_frame_get_buffer(copyFrame, 64), "av_frame_get_buffer")
    }

    /// The frame to send: the borrowing frame over the caller's planes when their layout is the encoder's, else the
    /// owning frame with the pixels copied in (layout conversion only: planar ⇄ biplanar, alignment).
    func prepare(_ view: PixelBufferView) throws(VideoFilesError) -> UnsafeMutablePointer<AVFrame> {
        if view.format == encoderFormat {
            let planes = encoderFormat.planeCount
            for p in 0..<planes {
                let plane = view.plane(p)
                guard let stride = Int32(exactly: plane.bytesPerRow) else {
                    throw .invalidSettings("a row stride of \(plane.bytesPerRow) bytes does not fit FFmpeg's frames")
                }
                let address = UnsafeMutablePointer(mutating: plane.baseAddress.assumingMemoryBound(to: UInt8.self))
                switch p {
                case 0: (borrowFrame.pointee.data.0, borrowFrame.pointee.linesize.0) = (address, stride)
                case 1: (borrowFrame.pointee.data.1, borrowFrame.pointee.linesize.1) = (address, stride)
                default: (borrowFrame.pointee.data.2, borrowFrame.pointee.linesize.2) = (address, stride)
                }
            }
            return borrowFrame
        }
        try FFmpeg.check(av_frame_make_writable(copyFrame), "av_frame_make_writable")
        let destination = try copyView()
        do { try view.convertLayout(into: destination) } catch { throw .geometry(error) }
        return copyFrame
    }

    /// A view over the owning frame's planes, made again only when FFmpeg moved them (`av_frame_make_writable`
    /// reallocates when an encoder still references the previous planes).
    private func copyView() throws(VideoFilesError) -> MutablePixelBufferView {
        let f = copyFrame.pointee
        if let cached = copyViewCache, cached.plane(0).baseAddress == UnsafeMutableRawPointer(f.data.0) {
            return cached
        }
        var planes: [MutablePixelBufferView.PlaneMemory] = []
        for p in 0..<encoderFormat.planeCount {
            let (data, stride) =
                p == 0 ? (f.data.0, f.linesize.0) : p == 1 ? (f.data.1, f.linesize.1) : (f.data.2, f.linesize.2)
            guard let data else { throw .allocationFailed("the planes of the copy frame") }
            planes.append(MutablePixelBufferView.PlaneMemory(baseAddress: data, bytesPerRow: Int(stride)))
        }
        do {
            let view = try MutablePixelBufferView(
                format: encoderFormat, width: settings.width, height: settings.height, planes: planes)
            copyViewCache = view
            return view
        } catch { throw .geometry(error) }
    }

    /// The pts of a frame in the encoder's time base.
    func timestamp(for time: Rational?) throws(VideoFilesError) -> Int64 {
        let base = settings.effectiveTimeBase.reduced
        let pts: Int64
        if let time {
            // time / base, rounded to the nearest tick (Double: exact for any practical movie length).
            let ticks = (time.doubleValue / base.doubleValue).rounded()
            guard let t = Int64(exactly: ticks) else {
                throw .invalidTimestamp("\(time) s does not fit the time base \(base)")
            }
            pts = t
        } else {
            let perFrame = (1 / (settings.frameRate.doubleValue * base.doubleValue))
            guard let t = Int64(exactly: (Double(frameCount) * perFrame).rounded()) else {
                throw .invalidTimestamp("frame \(frameCount) does not fit the time base \(base)")
            }
            pts = t
        }
        if let lastPTS, pts <= lastPTS {
            throw .invalidTimestamp("pts \(pts) (in \(base) s) is not after the previous frame's \(lastPTS)")
        }
        return pts
    }

    /// Receives every packet the encoder has ready and writes it.
    func drainEncoder() throws(VideoFilesError) {
        guard let encoder, let stream = videoStream else { return }
        while true {
            let status = avcodec_receive_packet(encoder, packet)
            if status == FFmpeg.again || status == FFmpeg.endOfFile { return }
            try FFmpeg.check(status, "avcodec_receive_packet")
            // libx265 (FFmpeg 5.1) returns the packets of a one- or two-frame movie (at the flush, when its frame
            // threads held every frame) without timestamps, or with a dts that cannot be real (``writtenDTS``). A
            // first packet without pts takes the first frame's.
            if videoPacketCount == 0, packet.pointee.pts == FFmpeg.noTimestamp, let first = lastPTS {
                packet.pointee.pts = first
            }
            let pts = packet.pointee.pts
            guard pts != FFmpeg.noTimestamp else {
                throw VideoFilesError.ffmpeg(
                    call: "avcodec_receive_packet", code: 0, message: "the encoder returned a packet without timestamps"
                )
            }
            packet.pointee.dts = Self.writtenDTS(
                pts: pts, dts: packet.pointee.dts, previous: lastDTS, maximumDelay: maximumDecodeDelay)
            lastDTS = packet.pointee.dts
            try addDynamicMetadata(to: packet)
            try reserveContentLightLevel(in: packet)
            av_packet_rescale_ts(packet, encoder.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            videoPacketCount += 1
            try write(packet)
        }
    }

    /// How far before its pts a packet's dts may lie, in encoder ticks: 64 frames, more than any encoder's B-frame
    /// delay (x265's is at most 16 frames), and small enough that the muxer's rescale to its own timescale keeps the
    /// composition offset within the 32 bits MP4 stores.
    var maximumDecodeDelay: Int64 {
        let ticksPerFrame = 1 / (settings.frameRate.doubleValue * settings.effectiveTimeBase.doubleValue)
        guard ticksPerFrame.isFinite, ticksPerFrame > 0 else { return 1 }
        return Int64(Swift.min(Swift.max(ticksPerFrame, 1) * 64, 1e6).rounded())
    }

    /// The dts to write for a packet: the encoder's, or its pts where the encoder's cannot be real. libx265 computes
    /// dts = pts − m_bframeDelayTime, a member its constructor never sets; in a movie of one or two frames, flushed
    /// before the delay is measured, it is whatever the heap held (seen: −7.2e16, 5.3e18, and values small enough to
    /// pass a 32-bit check in the encoder's ticks but not after the MP4 muxer's rescale to its timescale, which then
    /// refuses the packet with "pts/dts pair unsupported"). A dts stands when it is set, at most `maximumDelay` ticks
    /// before the pts, and after the previous packet's.
    package static func writtenDTS(pts: Int64, dts: Int64, previous: Int64?, maximumDelay: Int64) -> Int64 {
        guard dts != FFmpeg.noTimestamp else { return pts }
        let (gap, overflow) = pts.subtractingReportingOverflow(dts)
        if overflow || gap < 0 || gap > maximumDelay || dts <= (previous ?? .min) { return pts }
        return dts
    }

    /// Writes a packet through the interleaving muxer (which takes its reference and resets it).
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws(VideoFilesError) {
        guard let context = formatContext else { throw .writerClosed }
        try FFmpeg.checkWrite(av_interleaved_write_frame(context, packet), "av_interleaved_write_frame", path: url.path)
    }

    /// A FourCC as FFmpeg's `MKTAG` packs it (first character in the low byte).
    static func fourCC(_ s: String) -> UInt32 {
        s.utf8.prefix(4).enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }
}
