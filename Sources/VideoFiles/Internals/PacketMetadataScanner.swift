internal import CFFmpeg
import MediaSyntax

/// Finds a frame's dynamic HDR metadata in its compressed packet, so that it reaches the caller as the bytes the
/// bitstream stored:
///
/// - **HDR10+** (SMPTE ST 2094-40): FFmpeg 5.1 parses it into `AVDynamicHDRPlus` but keeps no bytes and has no
///   serialiser. Read from HEVC prefix SEI and H.264 SEI NAL units (length-prefixed as `hvcC`/`avcC` say, or Annex B)
///   and AV1 metadata OBUs. A frame without its own message gets the latest one at or before its pts, as FFmpeg's
///   decoders keep the last HDR10+ message for the frames after it (a message in a leading frame an edit list hides
///   still reaches the first shown frame).
/// - **Dolby Vision RPUs** (HEVC NAL unit type 62): FFmpeg 5.1's decoder hands the RPU to the frame
///   (`AV_FRAME_DATA_DOVI_RPU_BUFFER`) only when it is the access unit's last NAL unit, so an access unit whose RPU
///   follows an end-of-sequence unit (dovi_tool's `regular.hevc` and `regular.mkv`, frames 249 and 257) loses it. The
///   scanner takes the last type-62 unit of layer 0 and temporal id 0 wherever it stands; a frame gets only the RPU of
///   its own packet.
///
/// Other NAL units and OBUs are skipped by their headers. Payloads wait, keyed by the packet's pts, until the frame
/// with that pts is decoded (at most ``capacity`` HDR10+ messages and ``rpuCapacity`` RPUs).
struct PacketMetadataScanner {
    enum Codec { case hevc, avc, av1, other }

    let codec: Codec
    /// Bytes of the NAL unit length prefix (1, 2 or 4), or 0 for Annex B start codes.
    let nalLengthSize: Int
    private(set) var pending: [(pts: Int64, payload: [UInt8])] = []
    /// RPUs (from the 0x19 prefix, escaped as stored) by their packet's pts.
    private(set) var pendingRPUs: [(pts: Int64, rpu: [UInt8])] = []
    /// The message given to the last frame, for the frames after it that carry none of their own.
    private var current: [UInt8]?
    /// The packet being scanned, copied into storage kept from packet to packet (no allocation once it has grown to
    /// the largest packet).
    private var packet: [UInt8] = []
    static let capacity = 32
    /// Every frame needs its own RPU, so more wait than HDR10+ messages (a decoder's frame threads and reorder
    /// depth hold a few dozen packets at most; an RPU is a few hundred bytes).
    static let rpuCapacity = 256

    init(codec: Codec, nalLengthSize: Int) {
        self.codec = codec
        self.nalLengthSize = nalLengthSize
    }

    /// The scanner for a stream's codec and extradata (an `hvcC` or `avcC` record gives the length prefix; without one
    /// the packets are Annex B).
    init(parameters: UnsafeMutablePointer<AVCodecParameters>) {
        let p = parameters.pointee
        let extra =
            p.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(max(0, p.extradata_size)))) } ?? []
        let isRecord = extra.first == 1  // configurationVersion; Annex B extradata starts with a start code
        switch p.codec_id {
        case AV_CODEC_ID_HEVC:
            let record = isRecord ? try? HEVCConfiguration(payload: extra) : nil
            self.init(codec: .hevc, nalLengthSize: record?.lengthSize ?? 0)
        case AV_CODEC_ID_H264:
            let record = isRecord ? NALUnits.avcConfiguration(extra) : nil
            self.init(codec: .avc, nalLengthSize: record?.lengthSize ?? 0)
        case AV_CODEC_ID_AV1: self.init(codec: .av1, nalLengthSize: 0)
        default: self.init(codec: .other, nalLengthSize: 0)
        }
    }

    /// Looks for an HDR10+ message and a Dolby Vision RPU in a packet and keeps them for the frame with `pts` (the
    /// RPU of a packet without a pts is left to FFmpeg's decoder: nothing could match it to its frame).
    mutating func scan(_ data: UnsafeRawBufferPointer, pts: Int64) {
        guard codec != .other else { return }
        packet.removeAll(keepingCapacity: true)
        packet.append(contentsOf: data.assumingMemoryBound(to: UInt8.self))
        if codec == .hevc, pts != FFmpeg.noTimestamp, let rpu = lastRPU(packet) {
            if pendingRPUs.count >= Self.rpuCapacity { pendingRPUs.removeFirst() }
            pendingRPUs.append((pts, rpu))
        }
        guard let found = codec == .av1 ? Self.metadataOBU(packet) : seiMessage(packet) else { return }
        if pending.count >= Self.capacity { pending.removeFirst() }
        pending.append((pts, found))
    }

    /// The RPU of the packet with `pts`, nil when it had none; RPUs of packets at or before `pts` leave the queue.
    mutating func takeRPU(pts: Int64) -> [UInt8]? {
        let rpu = pendingRPUs.last { $0.pts == pts }?.rpu
        pendingRPUs.removeAll { $0.pts <= pts }
        return rpu
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
        pendingRPUs.removeAll(keepingCapacity: true)
        current = nil
    }

    // MARK: HEVC and H.264

    /// The first HDR10+ message of the packet's SEI NAL units (HEVC type 39, H.264 type 6).
    private func seiMessage(_ bytes: [UInt8]) -> [UInt8]? {
        let units =
            nalLengthSize > 0
            ? NALUnits.lengthPrefixed(bytes, lengthSize: nalLengthSize)
            : AnnexB.units(bytes, complete: true, limit: 1_024)
        for unit in units {
            let isSEI =
                codec == .hevc ? HEVCConfiguration.nalUnitType(bytes[unit]) == 39 : bytes[unit.lowerBound] & 0x1F == 6
            let headerSize = codec == .hevc ? 2 : 1
            guard isSEI, unit.count > headerSize else { continue }
            if let message = SEIMessages.messages(in: bytes[unit].dropFirst(headerSize)).messages.first(where: {
                $0.type == SEIMessages.registeredUserData && SEIMessages.isHDR10Plus(t35: $0.payload)
            }) {
                return Array(message.payload)
            }
        }
        return nil
    }

    /// The payload after the 2-byte header of the packet's last HEVC NAL unit of type 62 in layer 0 with temporal id 0
    /// (`7C 01`), as FFmpeg hands an RPU out; nil when there is none.
    private func lastRPU(_ bytes: [UInt8]) -> [UInt8]? {
        let units =
            nalLengthSize > 0
            ? NALUnits.lengthPrefixed(bytes, lengthSize: nalLengthSize)
            : AnnexB.units(bytes, complete: true, limit: 1_024)
        guard let unit = units.last(where: { bytes[$0].starts(with: [62 << 1, 1]) && $0.count > 2 }) else { return nil }
        return Array(bytes[unit].dropFirst(2))
    }

    // MARK: AV1

    /// The payload of the first ITU-T T.35 metadata OBU (metadata_type 4) holding HDR10+, without its trailing bits.
    private static func metadataOBU(_ bytes: [UInt8]) -> [UInt8]? {
        for obu in AV1OBUs.split(bytes) where obu.type == AV1OBUs.metadata {
            if let t35 = AV1OBUs.itutT35(bytes[obu.payload]).map(AV1OBUs.withoutTrailingBits),
                SEIMessages.isHDR10Plus(t35: t35)
            {
                return Array(t35)
            }
        }
        return nil
    }
}
