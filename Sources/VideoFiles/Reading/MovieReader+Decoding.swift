internal import CFFmpeg
import MediaSyntax
import PixelBuffers
import PixelConversion
import SignalCoding

extension MovieReader {
    /// Decodes the next frame in presentation order and calls `body` with it; returns what `body` returns, or `nil`
    /// at the end of the stream (without calling `body`).
    ///
    /// The frame's ``VideoFrame/view`` is the decoder's memory and is valid only inside `body`.
    ///
    /// - Throws: ``VideoFilesError`` when reading or decoding fails (a damaged or truncated packet the decoder
    ///   rejects, a frame beyond the limits, an unmapped pixel format), or what `body` throws.
    public func nextFrame<R>(_ body: (VideoFrame) throws -> R) throws -> R? {
        guard try advance() else { return nil }
        defer {
            av_frame_unref(frame)
            state.hasPendingFrame = false
        }
        let videoFrame = try makeFrame()
        return try body(videoFrame)
    }

    /// Decodes the first frame at open (kept for ``nextFrame(_:)``) and completes ``videoStream`` from it: the
    /// decoder's pixel format, the frame's HDR side data when the stream has none, and the swscale fallback.
    func primeFirstFrame() throws(VideoFilesError) {
        guard try decodeOne() else {
            throw .cannotOpen(path: url.path, reason: "the video stream has no frame the decoder can decode")
        }
        state.hasPendingFrame = true
        let f = frame.pointee
        let avFormat = AVPixelFormat(rawValue: f.format)
        videoStream.decodedPixelFormatName = PixelFormatMapping.name(avFormat)
        let cicp = frameCICP()
        let range = cicp.range
        if PixelFormatMapping.pixelFormat(avFormat, range: range) == nil {
            guard options.unmappedPixelFormats == .convertWithSwscale else {
                throw .unmappedPixelFormat(videoStream.decodedPixelFormatName)
            }
            scaler = try SwscaleFallback(source: avFormat)
            videoStream.isConvertedWithSwscale = true
        }
        let format = try pixelFormat(of: frame)
        let (encoding, assumed) = ColorMapping.encoding(
            format: format, cicp: videoStream.cicp, chromaLocation: videoStream.chromaLocation,
            assumed: options.assumedColor)
        videoStream.encoding = encoding
        videoStream.assumedFields = assumed
        if videoStream.width == 0 || videoStream.height == 0 {
            videoStream.width = Int(f.width)
            videoStream.height = Int(f.height)
        }
        let hdr = sideData(pts: nil, takingPayload: false)
        videoStream.masteringDisplay = videoStream.masteringDisplay ?? hdr.masteringDisplay
        videoStream.contentLightLevel = videoStream.contentLightLevel ?? hdr.contentLightLevel
        videoStream.hasHDR10Plus =
            hdr.hasHDR10Plus || (metadataScanner.codec == .av1 && !metadataScanner.pending.isEmpty)
    }

    /// Makes sure `frame` holds the next frame to hand out (past the discard point of a seek); false at the end.
    func advance() throws(VideoFilesError) -> Bool {
        while true {
            if !state.hasPendingFrame {
                guard try decodeOne() else { return false }
                state.hasPendingFrame = true
            }
            if let limit = state.discardBefore, let pts = timestamp(), pts < limit {
                av_frame_unref(frame)
                state.hasPendingFrame = false
                continue
            }
            state.discardBefore = nil
            return true
        }
    }

    /// Receives one frame into `frame`, feeding packets of the video stream as the decoder asks; false after the
    /// last frame.
    func decodeOne() throws(VideoFilesError) -> Bool {
        guard let decoder = codecContext, let demuxer = formatContext else { return false }
        while !state.isFinished {
            let received = avcodec_receive_frame(decoder, frame)
            if received == 0 {
                try limits.check(width: Int(frame.pointee.width), height: Int(frame.pointee.height))
                return true
            }
            if received == FFmpeg.endOfFile {
                state.isFinished = true
                return false
            }
            guard received == FFmpeg.again else { throw FFmpeg.error("avcodec_receive_frame", received) }
            if state.isDraining {
                state.isFinished = true
                return false
            }
            if !state.hasPendingPacket {
                let read = av_read_frame(demuxer, packet)
                if read == FFmpeg.endOfFile {
                    state.isDraining = true
                    try FFmpeg.check(avcodec_send_packet(decoder, nil), "avcodec_send_packet (flush)")
                    continue
                }
                try FFmpeg.check(read, "av_read_frame")
                guard packet.pointee.stream_index == state.videoIndex else {
                    av_packet_unref(packet)
                    continue
                }
                if let data = packet.pointee.data, packet.pointee.size > 0 {
                    let pts = packet.pointee.pts
                    metadataScanner.scan(
                        UnsafeRawBufferPointer(start: data, count: Int(packet.pointee.size)), pts: pts)
                }
            }
            let sent = avcodec_send_packet(decoder, packet)
            if sent == FFmpeg.again {
                state.hasPendingPacket = true  // the decoder has frames to give first
                continue
            }
            state.hasPendingPacket = false
            av_packet_unref(packet)
            try FFmpeg.check(sent, "avcodec_send_packet")
        }
        return false
    }

    /// The frame's presentation timestamp (best effort), `nil` when unknown.
    func timestamp() -> Int64? {
        let pts = frame.pointee.best_effort_timestamp
        return pts == FFmpeg.noTimestamp ? nil : pts
    }

    /// The frame's code points, each unspecified field taken from the stream's; ``Options/colorOverride`` when set.
    func frameCICP() -> CICP {
        if let override = options.colorOverride { return override }
        let f = frame.pointee
        let isRGB =
            av_pix_fmt_desc_get(AVPixelFormat(rawValue: f.format)).map {
                $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
            } ?? false
        var cicp = ColorMapping.cicp(
            primaries: f.color_primaries, transfer: f.color_trc, matrix: f.colorspace, range: f.color_range,
            isRGB: isRGB)
        let stream = state.streamCICP
        if cicp.colorPrimaries == 2 { cicp.colorPrimaries = stream.colorPrimaries }
        if cicp.transferCharacteristics == 2 { cicp.transferCharacteristics = stream.transferCharacteristics }
        if cicp.matrixCoefficients == 2 { cicp.matrixCoefficients = stream.matrixCoefficients }
        if f.color_range == AVCOL_RANGE_UNSPECIFIED, !isRGB { cicp.videoFullRange = stream.videoFullRange }
        return cicp
    }

    /// The ``PixelFormat`` of the frame handed out (after the swscale fallback, when on).
    func pixelFormat(of f: UnsafeMutablePointer<AVFrame>) throws(VideoFilesError) -> PixelFormat {
        let avFormat = scaler?.destination ?? AVPixelFormat(rawValue: f.pointee.format)
        guard let format = PixelFormatMapping.pixelFormat(avFormat, range: frameCICP().range) else {
            throw .unmappedPixelFormat(PixelFormatMapping.name(avFormat))
        }
        return format
    }

    /// The ``VideoFrame`` for `frame`: a view over its planes (or the swscale output), its encoding, time and side
    /// data.
    func makeFrame() throws -> VideoFrame {
        var source = frame
        if let scaler {
            guard AVPixelFormat(rawValue: frame.pointee.format) == scaler.source else {
                throw VideoFilesError.unmappedPixelFormat(
                    PixelFormatMapping.name(AVPixelFormat(rawValue: frame.pointee.format)))
            }
            source = try scaler.convert(frame)
        }
        let format = try pixelFormat(of: source)
        let f = source.pointee
        let view = try makeView(f, format: format)
        let cicp = frameCICP()
        let chroma = ColorMapping.chromaLocation(f.chroma_location) ?? state.streamChromaLocation
        let encoding: PixelEncoding
        if let cache = encodingCache, cache.format == format, cache.cicp == cicp, cache.chromaLocation == chroma {
            encoding = cache.encoding
        } else {
            encoding =
                ColorMapping.encoding(
                    format: format, cicp: cicp, chromaLocation: chroma, assumed: options.assumedColor
                ).0
            encodingCache = EncodingCache(format: format, cicp: cicp, chromaLocation: chroma, encoding: encoding)
        }
        let pts = timestamp()
        let index: Int
        if let pts, let rate = state.frameRate {
            let seconds = Double(pts &- state.startPTS) * state.timeBase.doubleValue
            index = Int(exactly: (seconds * rate.doubleValue).rounded()) ?? state.framesSinceSeek
        } else {
            index = state.firstIndexAfterSeek + state.framesSinceSeek
        }
        state.framesSinceSeek += 1
        let raw = frame.pointee
        return VideoFrame(
            view: view, encoding: encoding, cicp: cicp, index: index, pts: pts, timeBase: state.timeBase,
            presentationTime: pts.flatMap { Rational.seconds(ticks: $0, timeBase: state.timeBase) },
            duration: raw.pkt_duration > 0 ? raw.pkt_duration : nil, isKeyFrame: raw.key_frame != 0,
            hdr: sideData(pts: pts, takingPayload: true),
            decoderPlaneAddresses: (
                UnsafeRawPointer(f.data.0), UnsafeRawPointer(f.data.1), UnsafeRawPointer(f.data.2)
            ))
    }

    /// A view over an AVFrame's planes, reusing ``planeMemory``.
    private func makeView(_ f: AVFrame, format: PixelFormat) throws(VideoFilesError) -> PixelBufferView {
        if planeMemory.count != format.planeCount {
            planeMemory = (0..<format.planeCount).map { _ in
                PixelBufferView.PlaneMemory(baseAddress: UnsafeRawPointer(bitPattern: 64)!, bytesPerRow: 0)
            }
        }
        for p in 0..<format.planeCount {
            let (data, stride) =
                p == 0 ? (f.data.0, f.linesize.0) : p == 1 ? (f.data.1, f.linesize.1) : (f.data.2, f.linesize.2)
            guard let data, stride > 0 else {
                throw .geometry(.invalidDimensions(width: Int(f.width), height: Int(f.height)))
            }
            planeMemory[p].baseAddress = UnsafeRawPointer(data)
            planeMemory[p].bytesPerRow = Int(stride)
        }
        do {
            return try PixelBufferView(
                format: format, width: Int(f.width), height: Int(f.height), planes: planeMemory)
        } catch { throw .geometry(error) }
    }

    /// The frame's HDR side data.
    func sideData(pts: Int64?, takingPayload: Bool) -> FrameHDRMetadata {
        var hdr = FrameHDRMetadata()
        if let s = av_frame_get_side_data(frame, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA), let data = s.pointee.data,
            s.pointee.size >= MemoryLayout<AVMasteringDisplayMetadata>.size
        {
            hdr.masteringDisplay = ColorMapping.masteringDisplay(
                UnsafeRawPointer(data).loadUnaligned(as: AVMasteringDisplayMetadata.self))
        }
        if let s = av_frame_get_side_data(frame, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL), let data = s.pointee.data,
            s.pointee.size >= MemoryLayout<AVContentLightMetadata>.size
        {
            hdr.contentLightLevel = ColorMapping.contentLightLevel(
                UnsafeRawPointer(data).loadUnaligned(as: AVContentLightMetadata.self))
        }
        hdr.hasHDR10Plus = av_frame_get_side_data(frame, AV_FRAME_DATA_DYNAMIC_HDR_PLUS) != nil
        if let s = av_frame_get_side_data(frame, AV_FRAME_DATA_DOVI_RPU_BUFFER) {
            hdr.hasDolbyVisionRPU = true
            if let data = s.pointee.data, s.pointee.size > 0 {
                hdr.dolbyVisionRPUPayload = Array(UnsafeBufferPointer(start: data, count: Int(s.pointee.size)))
            }
        }
        // The packet's own RPU, which FFmpeg 5.1 drops when another NAL unit follows it (PacketMetadataScanner).
        if takingPayload, metadataScanner.codec == .hevc,
            let rpu = (frame.pointee.pts != FFmpeg.noTimestamp ? frame.pointee.pts : pts).flatMap({
                metadataScanner.takeRPU(pts: $0)
            })
        {
            hdr.hasDolbyVisionRPU = true
            hdr.dolbyVisionRPUPayload = rpu
        }
        // FFmpeg 5.1's libdav1d wrapper exports no HDR10+ side data: for AV1 the scanner's metadata OBUs are the source.
        if hdr.hasHDR10Plus || metadataScanner.codec == .av1, takingPayload {
            let key = frame.pointee.pts != FFmpeg.noTimestamp ? frame.pointee.pts : pts
            hdr.hdr10PlusPayload = key.flatMap { metadataScanner.take(pts: $0) }
            hdr.hasHDR10Plus = hdr.hasHDR10Plus || hdr.hdr10PlusPayload != nil
        }
        return hdr
    }
}
