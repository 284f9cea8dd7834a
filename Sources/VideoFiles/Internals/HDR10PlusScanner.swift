internal import CFFmpeg
import MediaSyntax

/// Finds SMPTE ST 2094-40 (HDR10+) messages in compressed packets, so that a frame's message reaches the caller as
/// the bytes the bitstream stored: FFmpeg 5.1 parses HDR10+ into `AVDynamicHDRPlus` but keeps no bytes and has no
/// serialiser. Reads HEVC prefix SEI and H.264 SEI NAL units (length-prefixed as `hvcC`/`avcC` say, or Annex B) and
/// AV1 metadata OBUs; other NAL units and OBUs are skipped by their headers. Payloads wait, keyed by the packet's pts,
/// until the frame with that pts is decoded (at most ``capacity`` of them). A frame without its own message gets the
/// latest one at or before its pts, as FFmpeg's decoders keep the last HDR10+ message for the frames after it (a
/// message in a leading frame an edit list hides still reaches the first shown frame).
struct HDR10PlusScanner {
    enum Codec { case hevc, avc, av1, other }

    let codec: Codec
    /// Bytes of the NAL unit length prefix (1, 2 or 4), or 0 for Annex B start codes.
    let nalLengthSize: Int
    private(set) var pending: [(pts: Int64, payload: [UInt8])] = []
    /// The message given to the last frame, for the frames after it that carry none of their own.
    private var current: [UInt8]?
    static let capacity = 32

    init(codec: Codec, nalLengthSize: Int) {
        self.codec = codec
        self.nalLengthSize = nalLengthSize
    }

    /// The scanner for a stream's codec and extradata (`hvcC` byte 21 or `avcC` byte 4 give the prefix length).
    init(parameters: UnsafeMutablePointer<AVCodecParameters>) {
        let p = parameters.pointee
        let extra =
            p.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(max(0, p.extradata_size)))) } ?? []
        switch p.codec_id {
        case AV_CODEC_ID_HEVC:
            self.init(codec: .hevc, nalLengthSize: extra.count > 22 && extra[0] == 1 ? Int(extra[21] & 3) + 1 : 0)
        case AV_CODEC_ID_H264:
            self.init(codec: .avc, nalLengthSize: extra.count > 6 && extra[0] == 1 ? Int(extra[4] & 3) + 1 : 0)
        case AV_CODEC_ID_AV1: self.init(codec: .av1, nalLengthSize: 0)
        default: self.init(codec: .other, nalLengthSize: 0)
        }
    }

    /// Looks for an HDR10+ message in a packet and keeps it for the frame with `pts`.
    mutating func scan(_ data: UnsafeRawBufferPointer, pts: Int64) {
        let found: [UInt8]?
        switch codec {
        case .hevc, .avc: found = nalUnits(data)
        case .av1: found = Self.metadataOBU(data)
        case .other: found = nil
        }
        guard let found else { return }
        if pending.count >= Self.capacity { pending.removeFirst() }
        pending.append((pts, found))
    }

    /// The message of the frame with `pts`: the one scanned with that pts, else the latest one scanned at or before
    /// it, else the previous frame's. Messages at or before `pts` leave the queue.
    mutating func take(pts: Int64) -> [UInt8]? {
        var best: Int?
        for (i, entry) in pending.enumerated() where entry.pts <= pts {
            if best.map({ pending[$0].pts <= entry.pts }) ?? true { best = i }
        }
        if let best {
            current = pending[best].payload
            pending.removeAll { $0.pts <= pts }
        }
        return current
    }

    /// Forgets every kept payload (after a seek).
    mutating func reset() {
        pending.removeAll(keepingCapacity: true)
        current = nil
    }

    // MARK: HEVC and H.264

    private func nalUnits(_ data: UnsafeRawBufferPointer) -> [UInt8]? {
        var offset = 0
        let n = data.count
        while offset < n {
            var start = 0
            var end = 0
            if nalLengthSize > 0 {
                guard n - offset >= nalLengthSize else { return nil }
                var length = 0
                for i in 0..<nalLengthSize { length = length << 8 | Int(data[offset + i]) }
                start = offset + nalLengthSize
                guard length <= n - start else { return nil }
                end = start + length
                offset = end
            } else {
                guard let s = Self.startCode(in: data, from: offset) else { return nil }
                start = s
                end = Self.startCode(in: data, from: s).map { $0 - 3 } ?? n
                offset = end
            }
            guard end > start else { continue }
            let header = data[start]
            let isSEI = codec == .hevc ? (header >> 1) & 0x3F == 39 : header & 0x1F == 6
            guard isSEI else { continue }
            let headerSize = codec == .hevc ? 2 : 1
            guard end - start > headerSize else { continue }
            let unit = Array(data[(start + headerSize)..<end])
            if let message = SEIMessages.messages(in: unit[...]).messages.first(where: {
                $0.type == SEIMessages.registeredUserData && SEIMessages.isHDR10Plus(t35: $0.payload)
            }) {
                return Array(message.payload)
            }
        }
        return nil
    }

    /// The index just after the next 00 00 01 at or after `from`.
    private static func startCode(in data: UnsafeRawBufferPointer, from: Int) -> Int? {
        var i = from
        while i + 2 < data.count {
            if data[i] == 0, data[i + 1] == 0, data[i + 2] == 1 { return i + 3 }
            i += 1
        }
        return nil
    }

    // MARK: AV1

    /// The payload of the first ITU-T T.35 metadata OBU (OBU type 5, metadata_type 4) holding HDR10+, without its
    /// trailing bits.
    private static func metadataOBU(_ data: UnsafeRawBufferPointer) -> [UInt8]? {
        var i = 0
        let n = data.count
        while i < n {
            let header = data[i]
            let type = (header >> 3) & 0xF
            let hasExtension = header & 4 != 0
            let hasSize = header & 2 != 0
            i += hasExtension ? 2 : 1
            guard i <= n else { return nil }
            var size = n - i
            if hasSize {
                guard let (value, used) = leb128(data, at: i), value <= n - i - used else { return nil }
                size = value
                i += used
            }
            let end = i + size
            if type == 5, let (metadataType, used) = leb128(data, at: i), metadataType == 4, i + used < end {
                var payload = Array(data[(i + used)..<end])
                while let last = payload.last, last == 0 { payload.removeLast() }
                if payload.last == 0x80 { payload.removeLast() }
                if SEIMessages.isHDR10Plus(t35: payload[...]) { return payload }
            }
            i = end
        }
        return nil
    }

    /// An unsigned LEB128 value (at most 8 bytes) and its length.
    private static func leb128(_ data: UnsafeRawBufferPointer, at start: Int) -> (Int, Int)? {
        var value = 0
        for k in 0..<8 {
            guard start + k < data.count else { return nil }
            let b = data[start + k]
            value |= Int(b & 0x7F) << (7 * k)
            if b & 0x80 == 0 { return (value, k + 1) }
        }
        return nil
    }
}
