import SignalCoding
internal import CFFmpeg
import Foundation

/// The timing of one compressed packet as a container stores it, in seconds: for tests that check that a remux kept
/// every packet (``MovieWriter`` copying a reader's audio).
package struct PacketTiming: Hashable, Sendable {
    /// The presentation time, when stored.
    package var presentationTime: Rational?
    /// The duration.
    package var duration: Rational?
    /// The packet's size in bytes.
    package var byteCount: Int
}

extension MovieReader {
    /// Every packet of every stream of `url`, by stream index, in file order (demuxing only, nothing decoded).
    package static func packetTimings(of url: URL) throws(VideoFilesError) -> [Int: [PacketTiming]] {
        var pointer: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_open_input(&pointer, url.path, nil, nil)
        guard status >= 0, let context = pointer else {
            throw .cannotOpen(path: url.path, reason: FFmpeg.message(status))
        }
        defer { avformat_close_input(&pointer) }
        guard let packet = av_packet_alloc() else { throw .allocationFailed("an AVPacket") }
        defer {
            var p: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&p)
        }
        var timings: [Int: [PacketTiming]] = [:]
        while av_read_frame(context, packet) >= 0 {
            let index = Int(packet.pointee.stream_index)
            guard let stream = context.pointee.streams[index] else { continue }
            let base = FFmpeg.rational(stream.pointee.time_base)
            let pts = packet.pointee.pts
            timings[index, default: []].append(
                PacketTiming(
                    presentationTime: pts == FFmpeg.noTimestamp ? nil : Rational.seconds(ticks: pts, timeBase: base),
                    duration: Rational.seconds(ticks: packet.pointee.duration, timeBase: base),
                    byteCount: Int(packet.pointee.size)))
            av_packet_unref(packet)
        }
        return timings
    }
}
