internal import CFFmpeg
import MediaSyntax
import PixelBuffers
import PixelConversion
import SignalCoding

extension MovieWriter {
    /// Building the encoder and its parameter string from ``VideoEncodeSettings``.
    enum EncoderSetup {
        /// The encoder's pixel format for the settings' format: planar formats as they are, biplanar ones as the
        /// planar layout of the same subsampling and depth (frames are copied into it).
        static func encoderFormat(_ settings: VideoEncodeSettings) throws(VideoFilesError) -> (
            AVPixelFormat, PixelFormat
        ) {
            let format = settings.encoding.effectiveFormat
            guard format.colorModel == .yCbCr, let s = format.chromaSubsampling, let range = format.range else {
                throw .invalidSettings("\(format) is not a Y′CbCr format; the encoders take Y′CbCr frames")
            }
            let planar: PixelFormat
            do {
                planar = try PixelFormat.planarYCbCr(s, bitDepth: format.bitDepth, range: range, alignment: .low)
            } catch {
                throw .geometry(error)
            }
            guard let av = PixelFormatMapping.avPixelFormat(planar) else {
                throw .invalidSettings("no FFmpeg pixel format for \(planar)")
            }
            return (av, planar)
        }

        /// The encoder parameters (`x265-params` …) for the colour, HDR metadata and lossless mode, then the caller's.
        static func parameters(_ settings: VideoEncodeSettings, cicp: CICP) -> String {
            var list: [(String, String)] = []
            let chroma = settings.encoding.effectiveChromaLocation.chromaSampleLocationType
            switch settings.codec {
            case .hevc:
                list += [("log-level", FFmpegLogLevel.current.x265Name)]
                list += [
                    ("colorprim", "\(cicp.colorPrimaries)"), ("transfer", "\(cicp.transferCharacteristics)"),
                    ("colormatrix", "\(cicp.matrixCoefficients)"), ("range", cicp.videoFullRange ? "full" : "limited"),
                ]
                if settings.encoding.format.chromaSubsampling == .s420 { list.append(("chromaloc", "\(chroma)")) }
                if let m = settings.masteringDisplay {
                    list.append(("master-display", X265Parameters.masterDisplay(m)))
                }
                if let c = settings.contentLightLevel { list.append(("max-cll", X265Parameters.maxCLL(c))) }
                // x265 writes a content light level SEI (0, 0 when none is given) whenever hdr10 is on; the writer
                // puts its own into the first access unit instead.
                if settings.contentLightLevelGivenAtFinish { list.append(("cll", "0")) }
                if settings.masteringDisplay != nil || settings.contentLightLevel != nil
                    || settings.contentLightLevelGivenAtFinish
                {
                    list.append(("hdr10", "1"))
                }
                if settings.lossless { list.append(("lossless", "1")) }
                if settings.threadCount == 1 { list += [("pools", "1"), ("frame-threads", "1")] }
            case .h264:
                if settings.encoding.format.chromaSubsampling == .s420 { list.append(("chromaloc", "\(chroma)")) }
                if let m = settings.masteringDisplay {
                    list.append(("mastering-display", X265Parameters.masterDisplay(m)))
                }
                if let c = settings.contentLightLevel { list.append(("cll", X265Parameters.maxCLL(c))) }
                if settings.lossless { list.append(("qp", "0")) }
            case .av1:
                list.append(
                    ("chroma-sample-position", chroma == 2 ? "colocated" : chroma == 0 ? "vertical" : "unknown"))
                if let m = settings.masteringDisplay { list.append(("mastering-display", svtMasteringDisplay(m))) }
                if let c = settings.contentLightLevel { list.append(("content-light", X265Parameters.maxCLL(c))) }
                if settings.threadCount == 1 { list.append(("lp", "1")) }
            }
            list += settings.encoderParameters.map { ($0.key, $0.value) }
            return list.map { "\($0.0)=\($0.1)" }.joined(separator: ":")
        }

        /// SVT-AV1's `mastering-display`: the x265 syntax with chromaticities and luminances as decimals.
        static func svtMasteringDisplay(_ m: MasteringDisplayColorVolume) -> String {
            func c(_ x: Double) -> String { decimal(Double(X265Parameters.chromaticityCode(x)) / 50_000, places: 5) }
            func l(_ x: Double) -> String { decimal(Double(X265Parameters.luminanceCode(x)) / 10_000, places: 4) }
            return "G(\(c(m.green.x)),\(c(m.green.y)))B(\(c(m.blue.x)),\(c(m.blue.y)))R(\(c(m.red.x)),\(c(m.red.y)))"
                + "WP(\(c(m.white.x)),\(c(m.white.y)))L(\(l(m.maximumLuminance)),\(l(m.minimumLuminance)))"
        }

        /// `value` with at most `places` decimals, without trailing zeros (no locale).
        static func decimal(_ value: Double, places: Int) -> String {
            var scale = 1
            for _ in 0..<places { scale *= 10 }
            let scaled = Int((value * Double(scale)).rounded())
            let whole = scaled / scale
            var fraction = String(scaled % scale)
            fraction = String(repeating: "0", count: places - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
        }

        /// Opens the encoder for `settings` (with the global-header flag when the muxer needs it).
        static func openEncoder(
            _ settings: VideoEncodeSettings, pixelFormat: AVPixelFormat, cicp: CICP, globalHeader: Bool
        ) throws(VideoFilesError) -> UnsafeMutablePointer<AVCodecContext> {
            guard let codec = avcodec_find_encoder_by_name(settings.codec.encoderName) else {
                throw .unsupportedCodec(settings.codec.encoderName)
            }
            if let formats = codec.pointee.pix_fmts {
                var i = 0
                var found = false
                while formats[i] != AV_PIX_FMT_NONE {
                    if formats[i] == pixelFormat { found = true }
                    i += 1
                }
                guard found else {
                    throw .invalidSettings(
                        "\(settings.codec.encoderName) cannot encode \(PixelFormatMapping.name(pixelFormat))")
                }
            }
            if settings.lossless, settings.codec == .av1 {
                throw .invalidSettings("libsvtav1 has no lossless mode")
            }
            if settings.contentLightLevelGivenAtFinish, settings.contentLightLevel != nil {
                throw .invalidSettings(
                    "a content light level is either in the settings or given to finish(contentLightLevel:), not both")
            }
            guard let timeBase = FFmpeg.avRational(settings.effectiveTimeBase.reduced),
                let rate = FFmpeg.avRational(settings.frameRate.reduced), timeBase.num > 0, timeBase.den > 0,
                rate.num > 0, rate.den > 0
            else {
                throw .invalidSettings(
                    "frame rate \(settings.frameRate) and time base \(settings.effectiveTimeBase) must be positive "
                        + "and fit in 32-bit numerators and denominators")
            }
            guard let width = Int32(exactly: settings.width), let height = Int32(exactly: settings.height),
                width > 0, height > 0
            else { throw .invalidSettings("frame size \(settings.width)×\(settings.height)") }
            guard var context = avcodec_alloc_context3(codec) else { throw .allocationFailed("an AVCodecContext") }
            var owned: UnsafeMutablePointer<AVCodecContext>? = context
            do throws(VideoFilesError) {
                context.pointee.width = width
                context.pointee.height = height
                context.pointee.pix_fmt = pixelFormat
                context.pointee.time_base = timeBase
                context.pointee.framerate = rate
                context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
                context.pointee.color_primaries = AVColorPrimaries(rawValue: UInt32(cicp.colorPrimaries))
                context.pointee.color_trc = AVColorTransferCharacteristic(
                    rawValue: UInt32(cicp.transferCharacteristics))
                context.pointee.colorspace = AVColorSpace(rawValue: UInt32(cicp.matrixCoefficients))
                context.pointee.color_range = cicp.videoFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
                if settings.encoding.format.chromaSubsampling != .s444 {
                    context.pointee.chroma_sample_location = ColorMapping.avChromaLocation(
                        settings.encoding.effectiveChromaLocation)
                }
                if let gop = settings.keyFrameInterval { context.pointee.gop_size = Int32(clamping: gop) }
                // 0 = the encoder chooses (as the ffmpeg CLI sets it); AVCodecContext's default of 1 would keep x264
                // and SVT-AV1 to one thread.
                context.pointee.thread_count = Int32(clamping: max(0, settings.threadCount ?? 0))
                if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
                var dictionary: OpaquePointer?
                defer { av_dict_free(&dictionary) }
                if let preset = settings.preset { av_dict_set(&dictionary, "preset", preset, 0) }
                if let crf = settings.crf, !settings.lossless { av_dict_set(&dictionary, "crf", "\(crf)", 0) }
                let parameters = parameters(settings, cicp: cicp)
                if !parameters.isEmpty { av_dict_set(&dictionary, settings.codec.parametersOption, parameters, 0) }
                try FFmpeg.check(
                    avcodec_open2(context, codec, &dictionary),
                    "avcodec_open2 (\(codec.pointee.name.map { String(cString: $0) } ?? ""))")
            } catch {
                avcodec_free_context(&owned)
                throw error
            }
            context = owned ?? context
            return context
        }
    }
}
