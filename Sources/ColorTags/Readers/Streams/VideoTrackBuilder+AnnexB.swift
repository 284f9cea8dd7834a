import MediaSyntax

/// The NAL units of an Annex B byte stream (a raw HEVC or H.264 stream, an RPU file, a transport stream's video PES
/// payloads), read as a track's in-band units: the first sequence parameter set, every SEI message, and Dolby Vision
/// RPUs (each parsed and CRC-checked into ``VideoStreamTags/dolbyVisionRPUSummary``; the first one's header kept).
extension VideoTrackBuilder {
    /// What a scan of NAL units found.
    struct AnnexBCounts {
        var units = 0
        var frames = 0
        var rpus = 0
    }

    /// The most NAL units read from one stream prefix (a 4 MiB prefix of a real stream holds a few thousand).
    static let maximumNALUnits = 1 << 16

    /// Reads the NAL units of `data`, a prefix of a stream unless `complete`; `fileOffset` maps an index of `data`
    /// to the file offset of that byte (identity for a raw stream, through the packets for a transport stream). In an
    /// RPU file (`rpuFile`) a unit may also be a bare RPU payload starting with 0x19, as dovi_tool writes them.
    mutating func readAnnexB(
        _ data: [UInt8], complete: Bool, container: String, rpuFile: Bool = false, fileOffset: (Int) -> Int
    ) -> AnnexBCounts {
        var counts = AnnexBCounts()
        for unit in AnnexB.units(
            data, complete: complete, limit: Self.maximumNALUnits, fourByteStartCodes: rpuFile)
        {
            let nal = data[unit]
            let offset = fileOffset(unit.lowerBound)
            counts.units += 1
            if rpuFile, nal.first == DolbyVisionRPUHeader.prefix {
                // An RPU file's unit: the RPU payload itself, its NAL header removed.
                counts.rpus += 1
                readRPU(nal, offset: offset, container: container, ownFrame: true)
                continue
            }
            if video.codec == .hevc {
                if AnnexB.startsHEVCPicture(nal) {
                    counts.frames += 1
                    video.dolbyVisionRPUSummary?.value.picture()
                }
                if (nal[unit.lowerBound] >> 1) & 0x3F == 62 {
                    counts.rpus += 1
                    readRPU(nal.dropFirst(2), offset: offset, container: container, ownFrame: false)
                }
            } else if AnnexB.startsAVCPicture(nal) {
                counts.frames += 1
            }
            readNAL(nal, offset: offset, container: "\(container) NAL unit \(counts.units)")
            hdr10PlusLog?.read(nal)
        }
        if let log = hdr10PlusLog, video.hdr10PlusMetadata != nil { video.hdr10PlusMetadata?.summary = log.summary }
        return counts
    }

    /// Parses a Dolby Vision RPU (`payload` starts at the RPU prefix, after any NAL unit header) into the stream's
    /// summary; the first one's header is kept, and the first one that cannot be read is reported. `ownFrame` when
    /// the RPU stands for a frame of its own (an RPU file); `carriage` names what holds it; `escaped` is false for an
    /// RPU taken out of an AV1 ITU-T T.35 message, which has no emulation prevention; `failure` is why an RPU could not
    /// even be taken out of its carriage (then `payload` is that carriage). Returns the parsed RPU or why it could not
    /// be read.
    @discardableResult
    mutating func readRPU(
        _ payload: ArraySlice<UInt8>, offset: Int, container: String, ownFrame: Bool,
        carriage: String = "NAL unit type 62", escaped: Bool = true, failure: DolbyVisionRPUError? = nil
    ) -> Result<DolbyVisionRPU, DolbyVisionRPUError> {
        let location = TagLocation(
            offset: offset, length: payload.count, container: "\(container) (Dolby Vision RPU, \(carriage))")
        if video.dolbyVisionRPUSummary == nil {
            video.dolbyVisionRPUSummary = Located(DolbyVisionRPUSummary(), at: location)
        }
        let first = video.dolbyVisionRPUSummary?.value.rpus == 0
        do throws(DolbyVisionRPUError) {
            if let failure { throw failure }
            let rpu = try escaped ? DolbyVisionRPU.parse(payload) : DolbyVisionRPU.parse(unescaped: payload)
            if first { video.dolbyVisionRPUHeader = Located(DolbyVisionRPUHeader(rpu.header), at: location) }
            video.dolbyVisionRPUSummary?.value.add(rpu, countsAsPicture: ownFrame)
            return .success(rpu)
        } catch {
            if first { video.dolbyVisionRPUHeader = try? Located(DolbyVisionRPUHeader.parse(payload), at: location) }
            if video.dolbyVisionRPUSummary?.value.firstFailure == nil {
                let index = (video.dolbyVisionRPUSummary?.value.rpus ?? 0) + 1
                problem(
                    .malformed, "Dolby Vision RPU \(index) at byte \(offset) cannot be read: \(error)", at: location)
            }
            video.dolbyVisionRPUSummary?.value.add(error)
            return .failure(error)
        }
    }
}
