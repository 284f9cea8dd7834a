internal import CFFmpeg
import ColorTags
import Foundation
import PixelBuffers
import SignalCoding

extension MovieWriter {
    /// Opens the muxer and the encoder, adds the video stream with its HDR side data and the copied streams, and
    /// writes the header.
    func open(avFormat: AVPixelFormat, cicp: CICP, reader: MovieReader?) throws(VideoFilesError) {
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
        if settings.codec == .hevc, formatName == "mp4" || formatName == "mov" {
            // 'hvc1': parameter sets only in the sample entry, the tag Apple's players require.
            stream.pointee.codecpar.pointee.codec_tag = Self.fourCC("hvc1")
        }
        try addSideData(stream)
        if let reader, !copiedStreams.isEmpty {
            copier = try StreamCopier(url: reader.url, streams: copiedStreams.map(\.index), output: context)
        }
        try FFmpeg.check(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open (\(path))")
        try FFmpeg.check(avformat_write_header(context, nil), "avformat_write_header")
        try prepareFrames(avFormat: avFormat)
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
            var size = 0
            guard let metadata = av_content_light_metadata_alloc(&size) else {
                throw .allocationFailed("AVContentLightMetadata")
            }
            metadata.pointee.MaxCLL = UInt32(X265Parameters.lightLevelCode(c.maxContentLightLevel))
            metadata.pointee.MaxFALL = UInt32(X265Parameters.lightLevelCode(c.maxFrameAverageLightLevel))
            let status = metadata.withMemoryRebound(to: UInt8.self, capacity: 1) {
                av_stream_add_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, $0, size)
            }
            if status < 0 { av_free(metadata) }
            try FFmpeg.check(status, "av_stream_add_side_data (content light level)")
        }
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
            if frameCount <= 1 {
                // libx265 (FFmpeg 5.1) returns the packet of a one-frame movie without timestamps, or with a pts and
                // an uninitialised dts (seen: −7.2e16), which the muxer refuses. A first frame's dts that is not at
                // or shortly before its pts is replaced by its pts.
                guard let first = lastPTS else {
                    throw VideoFilesError.ffmpeg(
                        call: "avcodec_receive_packet", code: 0, message: "the encoder returned a packet before a frame"
                    )
                }
                if packet.pointee.pts == FFmpeg.noTimestamp { packet.pointee.pts = first }
                let (pts, dts) = (packet.pointee.pts, packet.pointee.dts)
                let (gap, overflow) = pts.subtractingReportingOverflow(dts)
                if dts == FFmpeg.noTimestamp || overflow || gap < 0 || gap > Int64(Int32.max) {
                    packet.pointee.dts = pts
                }
            } else if packet.pointee.pts == FFmpeg.noTimestamp || packet.pointee.dts == FFmpeg.noTimestamp {
                throw VideoFilesError.ffmpeg(
                    call: "avcodec_receive_packet", code: 0, message: "the encoder returned a packet without timestamps"
                )
            }
            av_packet_rescale_ts(packet, encoder.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try write(packet)
        }
    }

    /// Writes a packet through the interleaving muxer (which takes its reference and resets it).
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws(VideoFilesError) {
        guard let context = formatContext else { throw .writerClosed }
        try FFmpeg.check(av_interleaved_write_frame(context, packet), "av_interleaved_write_frame")
    }

    /// A FourCC as FFmpeg's `MKTAG` packs it (first character in the low byte).
    static func fourCC(_ s: String) -> UInt32 {
        s.utf8.prefix(4).enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }
}
