import MediaSyntax

/// The NAL units of an Annex B byte stream (a raw HEVC or H.264 stream, an RPU file, a transport stream's video PES
/// payloads), read as a track's in-band units: the first sequence parameter set, every SEI message, and Dolby Vision
/// RPUs (counted; the first one's header parsed).
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
        for unit in AnnexB.units(data, complete: complete, limit: Self.maximumNALUnits) {
            let nal = data[unit]
            let offset = fileOffset(unit.lowerBound)
            counts.units += 1
            if rpuFile, nal.first == DolbyVisionRPUHeader.prefix {
                // An RPU file's unit: the RPU payload itself, its NAL header removed.
                counts.rpus += 1
                if counts.rpus == 1 { readRPUHeader(nal, offset: offset, container: container) }
                continue
            }
            if video.codec == .hevc {
                if AnnexB.startsHEVCPicture(nal) { counts.frames += 1 }
                if (nal[unit.lowerBound] >> 1) & 0x3F == 62 {
                    counts.rpus += 1
                    if counts.rpus == 1 { readRPUHeader(nal.dropFirst(2), offset: offset, container: container) }
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

    /// The header of the first Dolby Vision RPU (`payload` starts at the RPU prefix, after any NAL unit header).
    mutating func readRPUHeader(_ payload: ArraySlice<UInt8>, offset: Int, container: String) {
        let location = TagLocation(
            offset: offset, length: payload.count, container: "\(container) (Dolby Vision RPU, NAL unit type 62)")
        do {
            video.dolbyVisionRPUHeader = Located(try DolbyVisionRPUHeader.parse(payload), at: location)
        } catch {
            problem(.malformed, "the Dolby Vision RPU at byte \(offset) cannot be read: \(error)", at: location)
        }
    }
}
