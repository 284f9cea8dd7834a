internal import CFFmpeg
public import Foundation
import PixelBuffers
import PixelConversion
import SignalCoding

/// Reads the first video stream of an MP4, QuickTime, Matroska or WebM movie through FFmpeg's libraries and hands out
/// its decoded frames as ``PixelBufferView``s over the decoder's own planes, without a copy.
///
/// ```swift
/// let reader = try MovieReader(contentsOf: url)
/// let converter = try PixelConverter(from: reader.videoStream.encoding, to: edrEncoding)
/// while try reader.nextFrame({ frame in try converter.convert(frame.view, to: output) }) != nil {}
/// ```
///
/// Decoders: HEVC and H.264 (FFmpeg's own), AV1 (libdav1d through FFmpeg), and whatever else the FFmpeg build
/// decodes; hardware decoding is not used. Pixel formats handed out without a copy: planar Y′CbCr 8/10/12/16-bit
/// (`yuv420p`, `yuv420p10le` → `PixelFormat.planarYCbCr(_:bitDepth:range:alignment: .low)` …), biplanar `nv12`
/// ('420v'/'420f'), `p010le` ('x420'/'xf20', high-bit aligned) and their 4:2:2/4:4:4/16-bit relatives, and `rgba`,
/// `bgra`, `rgba64le`. Greyscale, planar RGB (`gbrp…`), alpha and big-endian formats have no ``PixelFormat``: the
/// reader refuses them unless ``Options/unmappedPixelFormats`` asks for the swscale fallback.
///
/// The stream's colour comes from its ITU-T H.273 code points (container `colr`/Matroska `Colour`, else the
/// bitstream's VUI or sequence header, as FFmpeg merges them), mapped with `PixelEncoding(cicp:format:)`; each frame
/// carries its own, since a bitstream may change it mid-stream.
///
/// A reader is a class that owns FFmpeg's demuxer and decoder; it is not `Sendable`: use it from one thread at a
/// time. After the first frames it allocates no frame memory: one `AVPacket` and one `AVFrame` are reused, and the
/// decoder's planes come from FFmpeg's buffer pools.
public final class MovieReader {
    /// The file.
    public let url: URL
    /// The video stream that is decoded (the first one that is not a cover picture).
    public internal(set) var videoStream: VideoStreamInfo
    /// Every stream of the file, in container order, the video stream included.
    public let streams: [MovieStreamSummary]
    /// The container's metadata tags (`creation_time`, QuickTime keys such as
    /// `com.apple.quicktime.location.ISO6709`, `major_brand` …), in the demuxer's order.
    public let containerMetadata: [MovieMetadataItem]
    /// The limits the file was checked against.
    public let limits: MovieReadLimits
    /// The options the reader was made with.
    public let options: Options

    /// The streams other than the decoded video stream (audio, subtitles, other video streams, data).
    public var otherStreams: [MovieStreamSummary] { streams.filter { $0.index != videoStream.streamIndex } }

    // FFmpeg state, owned (freed in deinit).
    var formatContext: UnsafeMutablePointer<AVFormatContext>?
    var codecContext: UnsafeMutablePointer<AVCodecContext>?
    let packet: UnsafeMutablePointer<AVPacket>
    let frame: UnsafeMutablePointer<AVFrame>
    var scaler: SwscaleFallback?

    // Decoding state.
    var state = DecodeState()
    /// Plane memory handed to views, reused so that making a view allocates nothing.
    var planeMemory: [PixelBufferView.PlaneMemory] = []
    /// The last frame encoding computed, reused while the frame's code points do not change.
    var encodingCache: EncodingCache?
    /// HDR10+ payloads read from packets, by packet pts, waiting for their frame.
    var metadataScanner: PacketMetadataScanner

    /// Opens a movie and prepares the decoder of its first video stream; decodes the first frame (kept for
    /// ``nextFrame(_:)``) to learn the decoder's pixel format and the first frame's HDR side data.
    ///
    /// - Throws: ``VideoFilesError/cannotOpen(path:reason:)`` for a missing file or one that is not MP4, QuickTime,
    ///   Matroska or WebM; ``VideoFilesError/noVideoStream(path:)``; ``VideoFilesError/limitExceeded(_:limit:)``
    ///   when the stream count or frame size is beyond `limits` (checked on the container's parameters before a frame
    ///   is probed or decoded); ``VideoFilesError/unsupportedCodec(_:)``; ``VideoFilesError/unmappedPixelFormat(_:)``;
    ///   ``VideoFilesError/ffmpeg(call:code:message:)`` when FFmpeg fails.
    public init(contentsOf url: URL, limits: MovieReadLimits = .default, options: Options = Options())
        throws(VideoFilesError)
    {
        let opened = try Opening.open(url: url, limits: limits, options: options)
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        guard let packet, let frame else {
            av_packet_free(&packet)
            av_frame_free(&frame)
            opened.close()
            throw .allocationFailed("an AVPacket and an AVFrame")
        }
        self.url = url
        self.limits = limits
        self.options = options
        self.packet = packet
        self.frame = frame
        formatContext = opened.formatContext
        codecContext = opened.codecContext
        metadataScanner = opened.scanner
        streams = opened.streams
        containerMetadata = opened.containerMetadata
        videoStream = opened.info
        if let override = options.colorOverride { videoStream.cicp = override }
        state.videoIndex = Int32(opened.info.streamIndex)
        state.timeBase = opened.info.timeBase
        state.frameRate = opened.info.frameRate
        state.startPTS = opened.info.startTime ?? 0
        state.streamCICP = videoStream.cicp
        state.streamChromaLocation = opened.info.chromaLocation
        try primeFirstFrame()
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
        avcodec_free_context(&codecContext)
        avformat_close_input(&formatContext)
    }
}

/// The mutable decoding position of a reader.
struct DecodeState {
    var videoIndex: Int32 = -1
    var timeBase = Rational(1, 1)
    var frameRate: Rational?
    var startPTS: Int64 = 0
    var streamCICP = CICP.bt709Video
    var streamChromaLocation: ChromaLocation?
    /// A decoded frame in `frame` not yet handed out.
    var hasPendingFrame = false
    /// A packet in `packet` the decoder refused with EAGAIN, to send again.
    var hasPendingPacket = false
    /// The demuxer reached the end and the decoder was sent the flush packet.
    var isDraining = false
    /// The decoder returned its last frame.
    var isFinished = false
    /// Frames with a pts below this are decoded and dropped (after a seek).
    var discardBefore: Int64?
    /// Frames handed out since the start or the last seek, for frames without timestamps.
    var framesSinceSeek = 0
    var firstIndexAfterSeek = 0
}

/// The encoding computed for a frame's code points.
struct EncodingCache {
    var format: PixelFormat
    var cicp: CICP
    var chromaLocation: ChromaLocation?
    var encoding: PixelEncoding
}
