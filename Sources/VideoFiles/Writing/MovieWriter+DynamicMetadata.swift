internal import CFFmpeg

extension MovieWriter {
    /// One frame's dynamic metadata, waiting for the encoder's packet of that frame.
    struct PendingMetadata {
        /// The HDR10+ T.35 message (from 0xB5, no emulation prevention) and the RPU (from 0x19, escaped).
        var hdr10Plus: [UInt8]?
        var rpu: [UInt8]?

        /// The most frames an encoder holds before their packets come out (x265's lookahead and frame threads,
        /// SVT-AV1's look-ahead stay far below); more pending frames mean packets lost their timestamps.
        static let maximumPending = 4096

        /// The metadata to write for `metadata`, nil when it has none; refused when the codec cannot carry it.
        init?(_ metadata: FrameHDRMetadata?, codec: VideoEncodeSettings.Codec) throws(VideoFilesError) {
            let hdr10Plus = metadata?.hdr10PlusPayload.flatMap { $0.isEmpty ? nil : $0 }
            let rpu = metadata?.dolbyVisionRPUPayload.flatMap { $0.isEmpty ? nil : $0 }
            guard hdr10Plus != nil || rpu != nil else { return nil }
            if hdr10Plus != nil, !codec.carriesHDR10Plus {
                throw .invalidSettings("\(codec.encoderName) movies carry no HDR10+ message; drop it before appending")
            }
            if rpu != nil, !codec.carriesDolbyVisionRPU {
                throw .invalidSettings(
                    "\(codec.encoderName) movies carry no Dolby Vision RPU; drop it before appending")
            }
            for (name, bytes) in [("HDR10+ message", hdr10Plus), ("Dolby Vision RPU", rpu)] {
                if let bytes, bytes.count > AccessUnitMetadata.maximumPayload {
                    throw .invalidSettings(
                        "a \(name) of \(bytes.count) bytes is larger than \(AccessUnitMetadata.maximumPayload)")
                }
            }
            if let hdr10Plus, hdr10Plus.first != 0xB5 {
                throw .invalidSettings("an HDR10+ message starts with its T.35 country code 0xB5, not \(hdr10Plus[0])")
            }
            self.hdr10Plus = hdr10Plus
            self.rpu = rpu
        }
    }

    /// Remembers a frame's metadata until the encoder's packet with its pts.
    func expect(_ pending: PendingMetadata, pts: Int64) throws(VideoFilesError) {
        guard pendingMetadata.count < PendingMetadata.maximumPending else {
            throw .ffmpeg(
                call: "avcodec_receive_packet", code: 0,
                message: "\(pendingMetadata.count) frames with dynamic metadata wait for their packets; the encoder "
                    + "returns packets without the frames' timestamps")
        }
        pendingMetadata[pts] = pending
    }

    /// Rebuilds the packet's data with the metadata of the frame whose pts (encoder time base) it has, if any.
    func addDynamicMetadata(to packet: UnsafeMutablePointer<AVPacket>) throws(VideoFilesError) {
        guard !pendingMetadata.isEmpty, let pending = pendingMetadata.removeValue(forKey: packet.pointee.pts),
            let data = packet.pointee.data
        else { return }
        let access = UnsafeBufferPointer(start: UnsafePointer(data), count: Int(packet.pointee.size))
        switch settings.codec {
        case .hevc:
            AccessUnitMetadata.hevc(access, hdr10Plus: pending.hdr10Plus, rpu: pending.rpu, into: &accessUnit)
        case .av1:
            guard let hdr10Plus = pending.hdr10Plus else { return }
            AccessUnitMetadata.av1(access, hdr10Plus: hdr10Plus, into: &accessUnit)
        case .h264:
            return
        }
        try replaceData(of: packet)
        if pending.hdr10Plus != nil { hdr10PlusFrameCount += 1 }
        if pending.rpu != nil, settings.codec == .hevc { dolbyVisionRPUFrameCount += 1 }
    }

    /// Makes ``accessUnit`` the packet's data (a new buffer with FFmpeg's padding).
    func replaceData(of packet: UnsafeMutablePointer<AVPacket>) throws(VideoFilesError) {
        guard let size = Int32(exactly: accessUnit.count),
            let buffer = av_buffer_alloc(accessUnit.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))
        else { throw .allocationFailed("an access unit of \(accessUnit.count) bytes") }
        accessUnit.withUnsafeBufferPointer { bytes in
            buffer.pointee.data.update(from: bytes.baseAddress!, count: bytes.count)
        }
        (buffer.pointee.data + accessUnit.count).initialize(repeating: 0, count: Int(AV_INPUT_BUFFER_PADDING_SIZE))
        av_buffer_unref(&packet.pointee.buf)
        packet.pointee.buf = buffer
        packet.pointee.data = buffer.pointee.data
        packet.pointee.size = size
    }
}
