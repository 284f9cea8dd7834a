import MediaSyntax

/// The first sample (frame) of a track, split by codec into NAL units or OBUs.
extension VideoTrackBuilder {

    /// The first sample (frame) of the track: `bytes` read from file offset `offset` (at most the sample-bytes cap).
    mutating func readSample(_ bytes: [UInt8], offset: Int, container: String) {
        guard !bytes.isEmpty else { return }  // a sample beyond the end of the file: its reader reports that
        video.firstSample = TagLocation(offset: offset, length: bytes.count, container: container)
        switch video.codec {
        case .hevc, .avc:
            for unit in NALUnits.lengthPrefixed(bytes, lengthSize: lengthSize) {
                readNAL(bytes[unit], offset: offset + unit.lowerBound, container: container)
            }
        case .av1:
            readOBUs(bytes, from: 0, offset: offset, container: container)
        case .vp9:
            readVP9Frame(bytes[...], offset: offset, container: container)
        case .other:
            break
        }
    }
}
