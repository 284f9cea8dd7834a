internal import CFFmpeg
public import Foundation
public import MediaSyntax
public import PixelBuffers
public import PixelConversion
import SignalCoding

/// Encodes frames into an MP4, QuickTime (`.mov`), Matroska (`.mkv`) or WebM (`.webm`, AV1 only) movie through
/// FFmpeg's libraries, with the colour written both in the bitstream and in the container (see
/// ``VideoEncodeSettings``), and optionally the other streams (audio, subtitles) of a ``MovieReader``'s file copied
/// packet by packet.
///
/// ```swift
/// let writer = try MovieWriter(url: output, settings: settings)
/// for (i, frame) in frames.enumerated() {
///     try writer.append(frame, encoding: settings.encoding, presentationTime: Rational(Int64(i), 25))
/// }
/// try writer.finish()
/// ```
///
/// Frames whose layout is the encoder's (planar Y′CbCr, e.g. `yuv420p10le`) are handed to the encoder without a copy:
/// the caller's planes are wrapped in a reused `AVFrame` (libx265, libx264 and libsvtav1 copy their input inside
/// `avcodec_send_frame`, and the writer checks that no reference to the caller's memory remains when `append`
/// returns). Other layouts (biplanar 'x420', P010) are copied once into a reused frame of the encoder's layout. One
/// `AVPacket` is reused for every packet written; nothing is allocated per frame by the writer once running, except
/// the access units that gain a frame's dynamic metadata.
///
/// A frame's HDR10+ message and Dolby Vision RPU (``FrameHDRMetadata/hdr10PlusPayload``,
/// ``FrameHDRMetadata/dolbyVisionRPUPayload``, as ``MovieReader`` hands them out) are written into the access unit the
/// encoder makes of that frame, found by its presentation time however the encoder reorders frames: an HEVC SEI and
/// NAL unit 62, an AV1 metadata OBU (see ``VideoEncodeSettings/Codec/carriesHDR10Plus``).
///
/// A writer is a class that owns FFmpeg's encoder and muxer; it is not `Sendable`: use it from one thread at a time.
/// Call ``finish()`` to write the file's index; a writer released without it leaves an incomplete file.
public final class MovieWriter {
    /// The file.
    public let url: URL
    /// The settings.
    public let settings: VideoEncodeSettings
    /// The streams copied from the reader's file, as they are in that file.
    public internal(set) var copiedStreams: [MovieStreamSummary]
    /// What the movie does not carry that was asked for: the reader's streams the container cannot hold (a QuickTime
    /// timed-metadata track in Matroska, a data track FFmpeg has no codec for), a display matrix in a container FFmpeg
    /// 5.1 writes none to.
    public internal(set) var omissions: [MovieOmission] = []
    /// Frames appended so far.
    public private(set) var frameCount = 0
    /// Access units written with an HDR10+ message, and with a Dolby Vision RPU.
    public internal(set) var hdr10PlusFrameCount = 0
    public internal(set) var dolbyVisionRPUFrameCount = 0

    var formatContext: UnsafeMutablePointer<AVFormatContext>?
    var encoder: UnsafeMutablePointer<AVCodecContext>?
    var videoStream: UnsafeMutablePointer<AVStream>?
    let packet: UnsafeMutablePointer<AVPacket>
    /// The frame that borrows the caller's planes (its `buf[0]` is ``borrowMarker``, never unreferenced).
    let borrowFrame: UnsafeMutablePointer<AVFrame>
    /// The frame owning planes in the encoder's layout, for frames of another layout.
    let copyFrame: UnsafeMutablePointer<AVFrame>
    /// A buffer reference that marks ``borrowFrame`` as reference counted, so that `avcodec_send_frame` references it
    /// instead of copying; its count tells whether the encoder still holds the caller's planes.
    var borrowMarker: UnsafeMutablePointer<AVBufferRef>?
    /// The pixel format the encoder takes.
    let encoderFormat: PixelFormat
    /// A view over ``copyFrame``'s planes, kept while they do not move.
    var copyViewCache: MutablePixelBufferView?
    var copier: StreamCopier?
    var lastPTS: Int64?
    /// Video packets written so far, and the last one's dts (encoder time base).
    var videoPacketCount = 0
    var lastDTS: Int64?
    var isClosed = false
    /// The dynamic metadata of frames sent to the encoder whose packet has not come out yet, by pts (encoder time
    /// base), and the buffer an access unit is rebuilt in.
    var pendingMetadata: [Int64: PendingMetadata] = [:]
    var accessUnit: [UInt8] = []

    /// Creates the file, opens the encoder and writes the container header. When any of it fails, no file is left.
    ///
    /// - Parameters:
    ///   - url: The file to write (replaced if it exists). The container follows the extension: `.mp4`/`.m4v`, `.mov`,
    ///     `.mkv`, `.webm`.
    ///   - settings: The codec, frame encoding, HDR metadata, display matrix and stream metadata.
    ///   - reader: A reader whose file's other streams (audio, subtitles, timed data; not its video streams) are
    ///     copied into the movie where the container can hold them (``omissions`` lists the others), their
    ///     timestamps rescaled to the output's time bases and their metadata kept.
    ///   - metadata: The container's metadata tags. MP4 and QuickTime files get them as `mdta` keys
    ///     (`movflags use_metadata_tags`), so that keys such as `com.apple.quicktime.location.ISO6709` survive;
    ///     `creation_time` also sets the movie header's date.
    ///   - copiedTimes: The part of the reader's timeline whose packets are copied, shifted to start at 0 (see
    ///     ``MovieTimeRange``); nil copies everything as it is timed.
    /// - Throws: ``VideoFilesError/invalidSettings(_:)`` for settings the codec cannot encode,
    ///   ``VideoFilesError/unsupportedCodec(_:)`` when the encoder is missing, ``VideoFilesError/cannotWrite(path:reason:)``
    ///   for a full, read-only or failing device, ``VideoFilesError/ffmpeg(call:code:message:)`` when FFmpeg fails
    ///   (the file cannot be created, the muxer refuses a copied stream).
    public init(
        url: URL, settings: VideoEncodeSettings, copyingStreamsFrom reader: MovieReader? = nil,
        metadata: [MovieMetadataItem] = [], copiedTimes: MovieTimeRange? = nil
    ) throws(VideoFilesError) {
        let cicp = try settings.cicp()
        let (avFormat, planar) = try EncoderSetup.encoderFormat(settings)
        var packet = av_packet_alloc()
        var borrowFrame = av_frame_alloc()
        var copyFrame = av_frame_alloc()
        guard let packet, let borrowFrame, let copyFrame else {
            av_packet_free(&packet)
            av_frame_free(&borrowFrame)
            av_frame_free(&copyFrame)
            throw .allocationFailed("an AVPacket and AVFrames")
        }
        self.url = url
        self.settings = settings
        self.packet = packet
        self.borrowFrame = borrowFrame
        self.copyFrame = copyFrame
        encoderFormat = planar
        copiedStreams = []
        do {
            try open(avFormat: avFormat, cicp: cicp, reader: reader, metadata: metadata, copiedTimes: copiedTimes)
        } catch {
            isClosed = true
            if let context = formatContext, context.pointee.pb != nil {
                avio_closep(&context.pointee.pb)
                try? FileManager.default.removeItem(at: url)
            }
            throw error
        }
    }

    deinit {
        if let context = formatContext, context.pointee.pb != nil {
            avio_closep(&context.pointee.pb)
        }
        borrowFrame.pointee.buf.0 = nil  // the marker is ours, not the frame's
        var b: UnsafeMutablePointer<AVFrame>? = borrowFrame
        av_frame_free(&b)
        var c: UnsafeMutablePointer<AVFrame>? = copyFrame
        av_frame_free(&c)
        av_buffer_unref(&borrowMarker)
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        avcodec_free_context(&encoder)
        avformat_free_context(formatContext)
    }

    /// Encodes one frame.
    ///
    /// - Parameters:
    ///   - frame: The pixels, of the settings' size and format.
    ///   - encoding: What the pixels mean; must equal ``VideoEncodeSettings/encoding`` (convert other frames with
    ///     `PixelConverter` first: the writer never changes colour).
    ///   - presentationTime: The frame's time in seconds, rounded to the time base; `nil` places it one frame after
    ///     the previous one (frame count ÷ frame rate).
    ///   - dynamicMetadata: The frame's HDR10+ message and Dolby Vision RPU to write into its access unit, as the
    ///     reader gives them (``FrameHDRMetadata/hdr10PlusPayload``, ``FrameHDRMetadata/dolbyVisionRPUPayload``); the
    ///     static fields are ignored (the settings carry them). Only give metadata that still describes the pictures:
    ///     same colour, same frame.
    /// - Throws: ``VideoFilesError/encodingMismatch(expected:actual:)``, ``VideoFilesError/sizeMismatch(expectedWidth:expectedHeight:width:height:)``,
    ///   ``VideoFilesError/invalidTimestamp(_:)`` for a time not after the previous frame's,
    ///   ``VideoFilesError/invalidSettings(_:)`` for dynamic metadata the codec cannot carry or of more than 64 KiB,
    ///   ``VideoFilesError/writerClosed`` after ``finish()`` or a failure, ``VideoFilesError/ffmpeg(call:code:message:)``.
    public func append(
        _ frame: PixelBufferView, encoding: PixelEncoding, presentationTime: Rational? = nil,
        dynamicMetadata: FrameHDRMetadata? = nil
    ) throws(VideoFilesError) {
        guard !isClosed, let encoder else { throw .writerClosed }
        let pending = try PendingMetadata(dynamicMetadata, codec: settings.codec)
        guard encoding == settings.encoding else {
            throw .encodingMismatch(expected: settings.encoding, actual: encoding)
        }
        guard frame.format == settings.encoding.format else {
            throw .encodingMismatch(
                expected: settings.encoding,
                actual: PixelEncoding(
                    format: frame.format, colorSpace: encoding.colorSpace, matrix: encoding.matrix,
                    range: encoding.range, chromaLocation: encoding.chromaLocation))
        }
        guard frame.width == settings.width, frame.height == settings.height else {
            throw .sizeMismatch(
                expectedWidth: settings.width, expectedHeight: settings.height, width: frame.width,
                height: frame.height)
        }
        let pts = try timestamp(for: presentationTime)
        do throws(VideoFilesError) {
            let input = try prepare(frame)
            input.pointee.pts = pts
            if let pending { try expect(pending, pts: pts) }
            try FFmpeg.check(avcodec_send_frame(encoder, input), "avcodec_send_frame")
            lastPTS = pts
            try drainEncoder()
            if input == borrowFrame, let marker = borrowMarker, av_buffer_get_ref_count(marker) != 1 {
                throw VideoFilesError.ffmpeg(
                    call: "avcodec_send_frame", code: 0,
                    message: "the encoder kept a reference to the caller's planes after encoding")
            }
            frameCount += 1
            try copier?.copy(
                upTo: Rational.seconds(ticks: pts, timeBase: settings.effectiveTimeBase.reduced), into: self)
        } catch {
            isClosed = true
            throw error
        }
    }

    /// Flushes the encoder, copies the rest of the copied streams, writes the container's index and closes the file.
    ///
    /// - Parameter contentLightLevel: The light level measured over the frames, for settings with
    ///   ``VideoEncodeSettings/contentLightLevelGivenAtFinish`` (required then, refused otherwise): written into the
    ///   first access unit's reserved unit and the container's record.
    /// - Throws: ``VideoFilesError/writerClosed`` when called twice or after a failure;
    ///   ``VideoFilesError/invalidSettings(_:)`` for a light level missing or not expected (the writer stays open);
    ///   ``VideoFilesError/cannotWrite(path:reason:)``, ``VideoFilesError/ffmpeg(call:code:message:)``.
    public func finish(contentLightLevel: ContentLightLevel? = nil) throws(VideoFilesError) {
        guard !isClosed, let encoder, let context = formatContext, let stream = videoStream else {
            throw .writerClosed
        }
        guard settings.contentLightLevelGivenAtFinish == (contentLightLevel != nil) else {
            throw .invalidSettings(
                settings.contentLightLevelGivenAtFinish
                    ? "the settings leave the content light level to finish(contentLightLevel:): give it"
                    : "the settings give no room for a content light level at finish; set contentLightLevelGivenAtFinish"
            )
        }
        isClosed = true
        try FFmpeg.check(avcodec_send_frame(encoder, nil), "avcodec_send_frame (flush)")
        try drainEncoder()
        pendingMetadata.removeAll()  // frames whose packet never came: the counts tell
        try copier?.copy(upTo: nil, into: self)
        let isQuickTime = Self.quickTimeMuxers.contains(FFmpeg.string(context.pointee.oformat.pointee.name))
        if let level = contentLightLevel, isQuickTime {
            // The muxer writes `clli` into `moov`, which av_write_trailer writes.
            try Self.addContentLightLevel(
                maxCLL: UInt32(X265Parameters.lightLevelCode(level.maxContentLightLevel)),
                maxFALL: UInt32(X265Parameters.lightLevelCode(level.maxFrameAverageLightLevel)), to: stream)
        }
        try FFmpeg.checkWrite(av_write_trailer(context), "av_write_trailer", path: url.path)
        try FFmpeg.checkWrite(avio_closep(&context.pointee.pb), "avio_closep", path: url.path)
        if let level = contentLightLevel { try fillReservedContentLightLevel(level, matroska: !isQuickTime) }
        if settings.dolbyVision != nil, isQuickTime { try addMissingDolbyVisionRecord() }
    }
}
