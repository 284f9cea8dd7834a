import SignalCoding
import MediaSyntax

/// The codec configuration records: `hvcC`, `avcC` (their parameter sets and SEI arrays), `av1C`, `vpcC`.
extension VideoTrackBuilder {

    /// Reads a codec configuration record: `type` is `hvcC`, `avcC`, `av1C` or `vpcC`; `offset` is the file offset of
    /// `bytes`; `container` names where it is (`moov/trak/…/hvcC`, `Tracks/TrackEntry 1/CodecPrivate`).
    mutating func readConfiguration(type: String, bytes: [UInt8], offset: Int, container: String) {
        let location = TagLocation(offset: offset, length: bytes.count, container: container)
        switch BoxType(rawValue: type) {
        case .hvcC:
            guard let configuration = try? HEVCConfiguration(payload: bytes) else {
                return problem(
                    .malformed, "\(container) has \(bytes.count) bytes, fewer than its 23-byte header", at: location)
            }
            lengthSize = configuration.lengthSize
            video.profile = configuration.profileIDC
            video.level = configuration.levelIDC
            video.chromaFormat = configuration.chromaFormat
            image.bitDepth = configuration.bitDepthLuma
            video.chromaBitDepth = configuration.bitDepthChroma
            configurationNALUnits = configuration.nalUnits
            for unit in configuration.nalUnitRanges {
                readNAL(bytes[unit], offset: offset + unit.lowerBound, container: container)
            }
        case .avcC:
            guard let configuration = NALUnits.avcConfiguration(bytes) else {
                return problem(
                    .malformed, "\(container) has \(bytes.count) bytes, fewer than its 6-byte header", at: location)
            }
            lengthSize = configuration.lengthSize
            video.profile = configuration.profileIDC
            video.level = configuration.levelIDC
            for unit in configuration.units {
                readNAL(bytes[unit], offset: offset + unit.lowerBound, container: container)
            }
        case .av1C:
            readAV1Configuration(bytes, location: location)
        case .vpcC:
            readVP9Configuration(bytes, location: location)
        default:
            break
        }
    }

    /// `av1C` (AV1 Codec ISO Media File Format Binding §2.3): profile, level, bit depth, chroma subsampling and
    /// position, then configOBUs (a sequence header and metadata OBUs).
    mutating func readAV1Configuration(_ bytes: [UInt8], location: TagLocation) {
        guard let configuration = try? AV1Configuration(payload: bytes) else {
            return problem(
                .malformed, "\(location.container) is not an AV1 codec configuration record (marker or size)",
                at: location)
        }
        image.bitDepth = configuration.bitDepth
        video.profile = configuration.profile
        video.level = configuration.level
        video.chromaFormat = configuration.chromaFormat
        switch configuration.chromaSamplePosition {  // 1 vertical (left), 2 colocated (top-left)
        case 1: setChromaLocation(.left, at: location)
        case 2: setChromaLocation(.topLeft, at: location)
        default: break
        }
        readOBUs(bytes, from: 4, offset: location.offset, container: location.container)
    }

    /// `vpcC` version 1 (VP Codec ISO Media File Format Binding §2.2): profile, level, bit depth, chroma subsampling,
    /// full-range flag and the three code points.
    mutating func readVP9Configuration(_ bytes: [UInt8], location: TagLocation) {
        guard bytes.count >= 12, bytes[0] == 1 else {
            return problem(
                .malformed, "\(location.container) is not a version 1 VP codec configuration (\(bytes.count) bytes)",
                at: location)
        }
        video.profile = Int(bytes[4])
        video.level = Int(bytes[5])
        image.bitDepth = Int(bytes[6] >> 4)
        let subsampling = (bytes[6] >> 1) & 0x07
        video.chromaFormat = subsampling <= 1 ? 1 : subsampling == 2 ? 2 : 3
        if subsampling == 0 { setChromaLocation(.left, at: location) }
        if subsampling == 1 { setChromaLocation(.topLeft, at: location) }
        let cicp = CICP(
            colorPrimaries: bytes[7], transferCharacteristics: bytes[8], matrixCoefficients: bytes[9],
            videoFullRange: bytes[6] & 1 == 1)
        bitstreamCICP.append(Located(CICPTag(cicp: cicp, source: .vpcC), at: location))
        hasSequenceParameters = true
    }

    mutating func setChromaLocation(_ value: ChromaLocation, at location: TagLocation) {
        if video.chromaSampleLocation == nil { video.chromaSampleLocation = Located(value, at: location) }
    }
}
