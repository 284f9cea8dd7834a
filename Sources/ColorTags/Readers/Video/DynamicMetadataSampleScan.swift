import MediaSyntax

/// The dynamic HDR metadata of every frame of a movie track, read frame by frame by seeking, shared by the
/// MP4/QuickTime and Matroska readers: each frame's Dolby Vision RPU (HEVC NAL unit type 62, or an AV1 ITU-T T.35
/// metadata OBU) parsed and CRC-checked into ``VideoStreamTags/dolbyVisionRPUSummary``, and each HDR10+ record (HEVC
/// SEI, AV1 T.35 metadata OBU, or a Matroska BlockAddition) into the frame log that gives ``HDR10PlusTags/summary``.
///
/// A frame is walked from unit header to unit header: HEVC NAL units by their length prefixes (slices read only as far
/// as their picture order count, the first 64 bytes; parameter sets for the picture order; other units skipped), AV1
/// OBUs by their leb128 sizes (only metadata OBUs read). Memory stays that of one unit, plus one small value per frame
/// when ``ReadLimits/maximumDynamicMetadataFrames`` keeps them.
struct DynamicMetadataSampleScan {
    /// The most frames kept as ``DynamicMetadataFrame`` values (0: none).
    let framesKept: Int
    /// The frames kept, in decoding order.
    private(set) var frames: [DynamicMetadataFrame] = []
    /// The frames read.
    private(set) var samples = 0

    /// The largest RPU, SEI or metadata unit read whole (RPUs are a few hundred bytes; the rest is skipped).
    static var maximumMetadataUnitBytes: Int { 1 << 16 }

    /// Whether a video track's first frame or configuration shows dynamic HDR metadata worth a scan of every frame:
    /// an HEVC or AV1 track with a Dolby Vision record, an RPU or an HDR10+ record.
    static func wanted(_ builder: VideoTrackBuilder) -> Bool {
        (builder.video.codec == .hevc || builder.video.codec == .av1)
            && (builder.video.dolbyVision != nil || builder.video.dolbyVisionRPU != nil
                || builder.video.hdr10Plus != nil)
    }

    /// Starts a scan of `builder`'s track: its HDR10+ frame log begins with the configuration's parameter sets.
    init(_ builder: inout VideoTrackBuilder, framesKept: Int) {
        self.framesKept = framesKept
        var log = HDR10PlusFrameLog()
        for unit in builder.configurationNALUnits { log.read(unit[...]) }
        builder.hdr10PlusLog = log
    }

    /// Reads one frame: `size` bytes at `offset` of `source` (length-prefixed NAL units or AV1 OBUs), and the HDR10+
    /// message of a Matroska BlockAddition (`addition`, an ITU-T T.35 message from its country code, at file offset
    /// `additionOffset`) that belongs to it.
    mutating func readFrame<Source: ByteSource>(
        at offset: Int, size: Int, from source: inout Source, container: String,
        addition: [UInt8]? = nil, additionOffset: Int = 0, into builder: inout VideoTrackBuilder
    ) throws(ColorTagsError) {
        var frame = DynamicMetadataFrame(sample: samples)
        samples += 1
        if let addition, SEIMessages.isHDR10Plus(t35: addition[...]) {
            let location = TagLocation(
                offset: additionOffset, length: addition.count,
                container: "\(container) BlockAdditional (ITU-T T.35 HDR10+)")
            if let record = builder.readHDR10Plus(addition[...], at: location) {
                frame.hdr10Plus = DynamicMetadataFrame.HDR10PlusFigures(record)
            }
        }
        let end = Bytes.add(offset, size) ?? offset
        if builder.video.codec == .av1 {
            try readOBUs(from: offset, to: end, source: &source, container: container, frame: &frame, into: &builder)
            builder.hdr10PlusLog?.frame()
            builder.video.dolbyVisionRPUSummary?.value.picture()
        } else {
            try readNALUnits(
                from: offset, to: end, source: &source, container: container, frame: &frame, into: &builder)
        }
        if frames.count < framesKept { frames.append(frame) }
    }

    /// Ends the scan: the frames kept, the HDR10+ summary and how much was read go into `builder`.
    mutating func finish(into builder: inout VideoTrackBuilder, complete: Bool) {
        if framesKept > 0 { builder.video.dynamicMetadataFrames = frames }
        if let log = builder.hdr10PlusLog, builder.video.hdr10PlusMetadata != nil {
            builder.video.hdr10PlusMetadata?.summary = log.summary
        }
        builder.hdr10PlusLog = nil
        builder.video.dynamicMetadataScan = DynamicMetadataScan(samples: samples, complete: complete)
    }

    /// The length-prefixed HEVC NAL units of a frame.
    private func readNALUnits<Source: ByteSource>(
        from start: Int, to end: Int, source: inout Source, container: String, frame: inout DynamicMetadataFrame,
        into builder: inout VideoTrackBuilder
    ) throws(ColorTagsError) {
        let lengthSize = builder.lengthSize
        guard [1, 2, 4].contains(lengthSize) else { return }
        var position = start
        var pictureStarted = false
        while position < end {
            guard let header = try source.bytesExactly(at: position, length: lengthSize + 2) else { break }
            let length = NALUnits.unitLength(header.prefix(lengthSize))
            guard length >= 2, let unitEnd = Bytes.add(position + lengthSize, length), unitEnd <= end else { break }
            let type = Int(header[lengthSize] >> 1) & 0x3F
            let unitStart = position + lengthSize
            switch type {
            case 62, 39, 40:
                let unit = try source.bytes(at: unitStart, length: Swift.min(length, Self.maximumMetadataUnitBytes))
                if type == 62 {
                    read(rpu: unit.dropFirst(2), offset: unitStart, container: container, frame: &frame, &builder)
                } else {
                    let location = TagLocation(
                        offset: unitStart, length: unit.count, container: "\(container) SEI (ITU-T T.35 HDR10+)")
                    for message in SEIMessages.messages(in: unit.dropFirst(2)).messages
                    where message.type == SEIMessages.registeredUserData
                        && SEIMessages.isHDR10Plus(t35: message.payload)
                    {
                        if let record = builder.readHDR10Plus(message.payload, at: location) {
                            frame.hdr10Plus = DynamicMetadataFrame.HDR10PlusFigures(record)
                        }
                    }
                }
            case 0...31:
                let unit = try source.bytes(at: unitStart, length: Swift.min(length, 64))
                if AnnexB.startsHEVCPicture(unit[...]), !pictureStarted {
                    pictureStarted = true
                    builder.video.dolbyVisionRPUSummary?.value.picture()
                }
                builder.hdr10PlusLog?.read(unit[...])
            case 32...34:
                let unit = try source.bytes(at: unitStart, length: Swift.min(length, 4096))
                builder.hdr10PlusLog?.read(unit[...])
            default:
                break
            }
            position = unitEnd
        }
    }

    /// The OBUs of an AV1 temporal unit: metadata OBUs of type ITU-T T.35 hold HDR10+ records and Dolby Vision RPUs.
    private func readOBUs<Source: ByteSource>(
        from start: Int, to end: Int, source: inout Source, container: String, frame: inout DynamicMetadataFrame,
        into builder: inout VideoTrackBuilder
    ) throws(ColorTagsError) {
        var position = start
        while position < end {
            let head = try source.bytes(at: position, length: Swift.min(10, end - position))
            guard let header = AV1OBUs.Header(head[...]) else { break }
            let payloadStart = position + header.length
            let size = header.payloadSize ?? (end - payloadStart)
            guard size >= 0, let payloadEnd = Bytes.add(payloadStart, size), payloadEnd <= end else { break }
            if header.type == AV1OBUs.metadata {
                let payload = try source.bytes(at: payloadStart, length: Swift.min(size, Self.maximumMetadataUnitBytes))
                if let message = AV1OBUs.itutT35(payload[...]) {
                    if SEIMessages.isHDR10Plus(t35: message) {
                        let location = TagLocation(
                            offset: payloadStart, length: payload.count,
                            container: "\(container) metadata OBU (ITU-T T.35 HDR10+)")
                        if let record = builder.readHDR10Plus(message, at: location) {
                            frame.hdr10Plus = DynamicMetadataFrame.HDR10PlusFigures(record)
                        }
                    } else if DolbyVisionRPU.isAV1RPU(t35: message) {
                        do {
                            let rpu = try DolbyVisionRPU.unwrapAV1(t35: message)
                            read(rpu: rpu[...], offset: payloadStart, container: container, frame: &frame, &builder)
                        } catch {
                            frame.rpuProblem = "\(error)"
                            builder.readRPU(
                                message[...], offset: payloadStart, container: container, ownFrame: false,
                                carriage: "AV1 ITU-T T.35 metadata OBU", failure: error)
                        }
                    }
                }
            }
            position = payloadEnd
        }
    }

    /// One RPU (from its prefix 0x19) into the summary and the frame.
    private func read(
        rpu: ArraySlice<UInt8>, offset: Int, container: String, frame: inout DynamicMetadataFrame,
        _ builder: inout VideoTrackBuilder
    ) {
        let av1 = builder.video.codec == .av1
        let carriage = av1 ? "AV1 ITU-T T.35 metadata OBU" : "NAL unit type 62"
        // An RPU out of an AV1 T.35 message has no emulation prevention; one from a NAL unit has.
        switch builder.readRPU(
            rpu, offset: offset, container: container, ownFrame: false, carriage: carriage, escaped: !av1)
        {
        case .success(let parsed): frame.rpu = DynamicMetadataFrame.RPUFigures(parsed)
        case .failure(let error): frame.rpuProblem = "\(error)"
        }
    }
}
