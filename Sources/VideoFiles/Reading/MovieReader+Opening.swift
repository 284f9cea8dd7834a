internal import CFFmpeg
import MediaSyntax
import Foundation
import PixelBuffers
import PixelConversion
import SignalCoding

extension MovieReader {
    /// Opening a file: demuxer, stream list, limits, decoder. Everything allocated is freed again on failure.
    enum Opening {
        /// The demuxers a reader accepts: ISO BMFF/QuickTime and Matroska/WebM (FFmpeg's `format_whitelist`, so that
        /// no other of FFmpeg's demuxers ever sees a file).
        static let demuxers = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm"

        /// An opened demuxer and decoder.
        struct Opened {
            var formatContext: UnsafeMutablePointer<AVFormatContext>?
            var codecContext: UnsafeMutablePointer<AVCodecContext>?
            var info: VideoStreamInfo
            var streams: [MovieStreamSummary]
            var containerMetadata: [MovieMetadataItem] = []
            var scanner: PacketMetadataScanner

            func close() {
                var c = codecContext
                avcodec_free_context(&c)
                var f = formatContext
                avformat_close_input(&f)
            }
        }

        static func open(url: URL, limits: MovieReadLimits, options: MovieReader.Options)
            throws(VideoFilesError) -> Opened
        {
            let path = url.path
            try checkSampleTables(path: path)
            guard var context = avformat_alloc_context() else { throw .allocationFailed("an AVFormatContext") }
            context.pointee.format_whitelist = av_strdup(demuxers)
            context.pointee.probesize = Int64(max(limits.probeByteCount, 32))
            var pointer: UnsafeMutablePointer<AVFormatContext>? = context
            let status = avformat_open_input(&pointer, path, nil, nil)
            guard status >= 0, let opened = pointer else {
                // avformat_open_input frees the context on failure.
                throw .cannotOpen(path: path, reason: FFmpeg.message(status))
            }
            context = opened
            var result = Opened(
                formatContext: context, codecContext: nil, info: .placeholder, streams: [],
                scanner: PacketMetadataScanner(codec: .other, nalLengthSize: 0))
            do throws(VideoFilesError) {
                try prepare(&result, path: path, limits: limits, options: options)
            } catch {
                result.close()
                throw error
            }
            return result
        }

        /// Refuses an MP4/QuickTime file whose sample tables declare more than the file can hold, before FFmpeg
        /// allocates its index for them (``ISOBMFFSampleTables``). A file that cannot be read here is left to FFmpeg,
        /// which says why.
        private static func checkSampleTables(path: String) throws(VideoFilesError) {
            // Read ahead: a fragmented movie has a `moof` and an `mdat` header every few kilobytes.
            guard let file = try? FileByteSource(path: path),
                case var source = ReadAheadByteSource(file),
                let head = try? source.read(at: 0, length: 4096),
                let format = MovieSignature.format(of: head), format == .mp4 || format == .mov,
                let problem = try? ISOBMFFSampleTables.problem(in: &source)
            else { return }
            throw .cannotOpen(
                path: path,
                reason: "\(TextSanitizer.sanitize(problem.message)) (refused before FFmpeg allocates for it)")
        }

        private static func prepare(
            _ result: inout Opened, path: String, limits: MovieReadLimits, options: MovieReader.Options
        ) throws(VideoFilesError) {
            guard let context = result.formatContext else { throw .cannotOpen(path: path, reason: "no context") }
            let count = Int(context.pointee.nb_streams)
            guard count <= limits.maximumStreamCount else {
                throw .limitExceeded("\(count) streams", limit: limits.maximumStreamCount)
            }
            guard let streams = context.pointee.streams, count > 0 else { throw .noVideoStream(path: path) }
            // The video stream, and its size checked before FFmpeg probes (decodes) anything.
            var videoIndex: Int?
            for i in 0..<count {
                guard let s = streams[i], let par = s.pointee.codecpar else { continue }
                if par.pointee.codec_type == AVMEDIA_TYPE_VIDEO,
                    s.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
                {
                    videoIndex = i
                    break
                }
            }
            guard let videoIndex, let stream = streams[videoIndex], let parameters = stream.pointee.codecpar else {
                throw .noVideoStream(path: path)
            }
            if parameters.pointee.width != 0 || parameters.pointee.height != 0 {
                try limits.check(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height))
            }
            try findStreamInfo(context, count: count, limits: limits)
            guard parameters.pointee.width > 0, parameters.pointee.height > 0 else {
                throw .cannotOpen(
                    path: path, reason: "the video stream has no frame size (no decodable parameter sets)")
            }
            try limits.check(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height))
            for i in 0..<count where i != videoIndex { streams[i]?.pointee.discard = AVDISCARD_ALL }

            let decoder = try openDecoder(stream, limits: limits, options: options)
            result.codecContext = decoder
            result.streams = (0..<count).compactMap { i in streams[i].map(summary) }
            result.containerMetadata = FFmpeg.items(context.pointee.metadata)
            result.info = streamInfo(stream, decoder: decoder, options: options)
            result.scanner = PacketMetadataScanner(parameters: parameters)
        }

        /// `avformat_find_stream_info` with the decoders' `max_pixels` set to the limit, so that probing never
        /// allocates a frame beyond it.
        private static func findStreamInfo(
            _ context: UnsafeMutablePointer<AVFormatContext>, count: Int, limits: MovieReadLimits
        ) throws(VideoFilesError) {
            var dictionaries = [OpaquePointer?](repeating: nil, count: count)
            for i in 0..<count {
                av_dict_set(&dictionaries[i], "max_pixels", "\(limits.maximumPixelCount)", 0)
                av_dict_set(&dictionaries[i], "threads", "1", 0)
            }
            let status = dictionaries.withUnsafeMutableBufferPointer {
                avformat_find_stream_info(context, $0.baseAddress)
            }
            for i in 0..<count { av_dict_free(&dictionaries[i]) }
            try FFmpeg.check(status, "avformat_find_stream_info")
        }

        private static func openDecoder(
            _ stream: UnsafeMutablePointer<AVStream>, limits: MovieReadLimits, options: MovieReader.Options
        ) throws(VideoFilesError) -> UnsafeMutablePointer<AVCodecContext> {
            guard let parameters = stream.pointee.codecpar else { throw .unsupportedCodec("unknown") }
            let id = parameters.pointee.codec_id
            // AV1 through libdav1d when the build has it (FFmpeg's own av1 decoder needs hardware).
            let codec =
                (id == AV_CODEC_ID_AV1 ? avcodec_find_decoder_by_name("libdav1d") : nil) ?? avcodec_find_decoder(id)
            guard let codec else { throw .unsupportedCodec(FFmpeg.string(avcodec_get_name(id))) }
            guard var context = avcodec_alloc_context3(codec) else { throw .allocationFailed("an AVCodecContext") }
            var owned: UnsafeMutablePointer<AVCodecContext>? = context
            do throws(VideoFilesError) {
                try FFmpeg.check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context")
                context.pointee.pkt_timebase = stream.pointee.time_base
                context.pointee.max_pixels = Int64(limits.maximumPixelCount)
                context.pointee.thread_count = Int32(clamping: max(0, options.threadCount))
                try FFmpeg.check(avcodec_open2(context, codec, nil), "avcodec_open2")
            } catch {
                avcodec_free_context(&owned)
                throw error
            }
            context = owned ?? context
            return context
        }

        /// The summary of a stream.
        static func summary(_ s: UnsafeMutablePointer<AVStream>) -> MovieStreamSummary {
            let par = s.pointee.codecpar
            let kind: MovieStreamSummary.Kind
            switch par?.pointee.codec_type ?? AVMEDIA_TYPE_UNKNOWN {
            case AVMEDIA_TYPE_VIDEO: kind = .video
            case AVMEDIA_TYPE_AUDIO: kind = .audio
            case AVMEDIA_TYPE_SUBTITLE: kind = .subtitle
            case AVMEDIA_TYPE_DATA: kind = .data
            case AVMEDIA_TYPE_ATTACHMENT: kind = .attachment
            default: kind = .unknown
            }
            let timeBase = FFmpeg.rational(s.pointee.time_base)
            let duration = s.pointee.duration
            let language = av_dict_get(s.pointee.metadata, "language", nil, 0).map { FFmpeg.string($0.pointee.value) }
            return MovieStreamSummary(
                index: Int(s.pointee.index), kind: kind,
                codecName: FFmpeg.string(avcodec_get_name(par?.pointee.codec_id ?? AV_CODEC_ID_NONE)),
                timeBase: timeBase,
                duration: duration == FFmpeg.noTimestamp || duration < 0
                    ? nil : Rational.seconds(ticks: duration, timeBase: timeBase),
                frameCount: s.pointee.nb_frames > 0 ? Int(s.pointee.nb_frames) : nil, language: language,
                codecTag: FFmpeg.fourCC(par?.pointee.codec_tag ?? 0))
        }

        /// What the container and the opened decoder say about the video stream (the pixel format and HDR side data
        /// of the first frame are added when it is decoded).
        static func streamInfo(
            _ s: UnsafeMutablePointer<AVStream>, decoder: UnsafeMutablePointer<AVCodecContext>,
            options: MovieReader.Options
        ) -> VideoStreamInfo {
            let par = s.pointee.codecpar.pointee
            let summary = summary(s)
            var rate = FFmpeg.rational(s.pointee.avg_frame_rate)
            if !rate.isPositive { rate = FFmpeg.rational(s.pointee.r_frame_rate) }
            let cicp = ColorMapping.cicp(
                primaries: par.color_primaries, transfer: par.color_trc, matrix: par.color_space,
                range: par.color_range, isRGB: false)
            let chroma = ColorMapping.chromaLocation(par.chroma_location)
            var info = VideoStreamInfo.placeholder
            info.streamIndex = Int(s.pointee.index)
            info.codecName = summary.codecName
            info.decoderName = FFmpeg.string(decoder.pointee.codec?.pointee.name)
            info.width = Int(par.width)
            info.height = Int(par.height)
            info.frameRate = rate.isPositive ? rate : nil
            info.timeBase = summary.timeBase
            info.startTime = s.pointee.start_time == FFmpeg.noTimestamp ? nil : s.pointee.start_time
            info.duration = summary.duration
            info.frameCount = summary.frameCount
            info.cicp = cicp
            info.chromaLocation = chroma
            info.metadata = FFmpeg.items(s.pointee.metadata)
            var size = 0
            if let data = av_stream_get_side_data(s, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 {
                let raw = UnsafeRawPointer(data)
                let matrix = DisplayMatrix(
                    coefficients: (0..<9).map { raw.loadUnaligned(fromByteOffset: 4 * $0, as: Int32.self) })
                if let matrix, !matrix.isIdentity { info.displayMatrix = matrix }
            }
            if let data = av_stream_get_side_data(s, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &size),
                size >= MemoryLayout<AVMasteringDisplayMetadata>.size
            {
                let m = UnsafeRawPointer(data).loadUnaligned(as: AVMasteringDisplayMetadata.self)
                info.masteringDisplay = ColorMapping.masteringDisplay(m)
            }
            if let data = av_stream_get_side_data(s, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &size),
                size >= MemoryLayout<AVContentLightMetadata>.size
            {
                info.contentLightLevel = ColorMapping.contentLightLevel(
                    UnsafeRawPointer(data).loadUnaligned(as: AVContentLightMetadata.self))
            }
            if let data = av_stream_get_side_data(s, AV_PKT_DATA_DOVI_CONF, &size),
                size >= MemoryLayout<AVDOVIDecoderConfigurationRecord>.size
            {
                info.dolbyVision = ColorMapping.dolbyVision(
                    UnsafeRawPointer(data).loadUnaligned(as: AVDOVIDecoderConfigurationRecord.self))
            }
            return info
        }
    }
}

extension VideoStreamInfo {
    /// An empty value, filled in while a file is opened.
    static var placeholder: VideoStreamInfo {
        VideoStreamInfo(
            streamIndex: 0, codecName: "", decoderName: "", width: 0, height: 0, frameRate: nil,
            timeBase: Rational(1, 1), startTime: nil, duration: nil, frameCount: nil, decodedPixelFormatName: "",
            isConvertedWithSwscale: false,
            encoding: PixelEncoding(format: .rgba8, colorSpace: .sRGB), cicp: .bt709Video, assumedFields: [],
            chromaLocation: nil, masteringDisplay: nil, contentLightLevel: nil, hasHDR10Plus: false, dolbyVision: nil,
            displayMatrix: nil, metadata: [])
    }
}
