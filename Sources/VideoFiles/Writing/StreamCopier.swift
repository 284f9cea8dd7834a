import SignalCoding
internal import CFFmpeg
import Foundation

/// Copies streams of another movie into a muxer packet by packet (no decoding): its own demuxer over the source file,
/// one output stream per copied stream with the source's codec parameters and metadata, and timestamps rescaled from
/// the source stream's time base to the output stream's. Packets are copied in file order up to the time of the last
/// video frame written, so that the muxer's interleaving queue stays short.
///
/// With a ``MovieTimeRange`` the copy is cut at packet boundaries, without re-encoding: a packet is copied when its
/// time lies in the range (an audio track so starts within one packet after the first video frame, e.g. 21 ms for
/// 48 kHz AAC, and ends within one packet of the last), and is shifted by the range's start.
final class StreamCopier {
    private var input: UnsafeMutablePointer<AVFormatContext>?
    /// Output stream index by input stream index.
    private var mapping: [Int32: Int32] = [:]
    private let packet: UnsafeMutablePointer<AVPacket>
    private let output: UnsafeMutablePointer<AVFormatContext>
    private let range: MovieTimeRange?
    /// A packet read but not yet due.
    private var hasPendingPacket = false
    private var isAtEnd = false
    /// The input streams whose packets passed the range's end.
    private var finishedStreams: Set<Int32> = []
    /// Packets copied per input stream (for tests).
    private(set) var packetCounts: [Int32: Int] = [:]

    init(url: URL, streams: [Int], output: UnsafeMutablePointer<AVFormatContext>, range: MovieTimeRange?)
        throws(VideoFilesError)
    {
        guard let packet = av_packet_alloc() else { throw .allocationFailed("an AVPacket") }
        self.packet = packet
        self.output = output
        self.range = range
        guard var context = avformat_alloc_context() else { throw .allocationFailed("an AVFormatContext") }
        context.pointee.format_whitelist = av_strdup(MovieReader.Opening.demuxers)
        var pointer: UnsafeMutablePointer<AVFormatContext>? = context
        let status = avformat_open_input(&pointer, url.path, nil, nil)
        guard status >= 0, let opened = pointer else {
            throw .cannotOpen(path: url.path, reason: FFmpeg.message(status))
        }
        context = opened
        input = context
        try FFmpeg.check(avformat_find_stream_info(context, nil), "avformat_find_stream_info")
        let count = Int(context.pointee.nb_streams)
        for i in 0..<count {
            guard let stream = context.pointee.streams[i] else { continue }
            guard streams.contains(i) else {
                stream.pointee.discard = AVDISCARD_ALL
                continue
            }
            guard let out = avformat_new_stream(output, nil) else { throw .allocationFailed("an AVStream") }
            try FFmpeg.check(
                avcodec_parameters_copy(out.pointee.codecpar, stream.pointee.codecpar), "avcodec_parameters_copy")
            // Let the muxer choose the tag for its container (an 'mp4a' from MP4 is not a Matroska CodecID).
            out.pointee.codecpar.pointee.codec_tag = 0
            out.pointee.time_base = stream.pointee.time_base
            out.pointee.disposition = stream.pointee.disposition
            av_dict_copy(&out.pointee.metadata, stream.pointee.metadata, 0)
            mapping[Int32(i)] = out.pointee.index
        }
        if let range, range.start > 0 {
            // To the key frame (any packet, for audio) at or before the start; packets before it are skipped below.
            let timestamp = Int64((range.start * Double(AV_TIME_BASE)).rounded(.down))
            try FFmpeg.check(
                av_seek_frame(context, -1, timestamp, AVSEEK_FLAG_BACKWARD), "av_seek_frame (copied streams)")
        }
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        avformat_close_input(&input)
    }

    /// Copies the packets whose presentation (or decoding) time is at most `time` seconds (in the output's time,
    /// after the range's shift); all that remain when `time` is `nil`.
    func copy(upTo time: Rational?, into writer: MovieWriter) throws(VideoFilesError) {
        try copy(upTo: time, path: writer.url.path)
    }

    /// ``copy(upTo:into:)`` for a muxer that is not a ``MovieWriter``'s: packets go to the output context through
    /// the interleaving muxer; `path` names the file in errors.
    func copy(upTo time: Rational?, path: String) throws(VideoFilesError) {
        guard let input, !isAtEnd else { return }
        let shift = range?.start ?? 0
        while true {
            if !hasPendingPacket {
                let status = av_read_frame(input, packet)
                if status == FFmpeg.endOfFile {
                    isAtEnd = true
                    return
                }
                try FFmpeg.check(status, "av_read_frame (copied streams)")
                guard mapping[packet.pointee.stream_index] != nil else {
                    av_packet_unref(packet)
                    continue
                }
                hasPendingPacket = true
            }
            let sourceIndex = packet.pointee.stream_index
            guard let target = mapping[sourceIndex], let source = input.pointee.streams[Int(sourceIndex)],
                let destination = output.pointee.streams[Int(target)]
            else { return }
            let stamp = packet.pointee.pts != FFmpeg.noTimestamp ? packet.pointee.pts : packet.pointee.dts
            let seconds =
                stamp == FFmpeg.noTimestamp
                ? nil : Rational.seconds(ticks: stamp, timeBase: FFmpeg.rational(source.pointee.time_base))?.doubleValue
            if let time, let seconds, seconds - shift > time.doubleValue {
                return  // not due yet: kept for the next call
            }
            hasPendingPacket = false
            if let range, let seconds {
                if seconds < range.start {
                    av_packet_unref(packet)
                    continue
                }
                if let end = range.end, seconds >= end {
                    av_packet_unref(packet)
                    finishedStreams.insert(sourceIndex)
                    if finishedStreams.count == mapping.count { isAtEnd = true }
                    if isAtEnd { return } else { continue }
                }
            }
            av_packet_rescale_ts(packet, source.pointee.time_base, destination.pointee.time_base)
            if shift > 0 {
                let ticksPerSecond = FFmpeg.rational(destination.pointee.time_base).reciprocal.doubleValue
                let offset = Int64((shift * ticksPerSecond).rounded(.down))  // a packet at the start stays at ≥ 0
                if packet.pointee.pts != FFmpeg.noTimestamp { packet.pointee.pts &-= offset }
                if packet.pointee.dts != FFmpeg.noTimestamp { packet.pointee.dts &-= offset }
            }
            packet.pointee.stream_index = target
            packet.pointee.pos = -1
            packetCounts[sourceIndex, default: 0] += 1
            try FFmpeg.checkWrite(av_interleaved_write_frame(output, packet), "av_interleaved_write_frame", path: path)
        }
    }
}
