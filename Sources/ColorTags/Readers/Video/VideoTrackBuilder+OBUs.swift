import SignalCoding
import MediaSyntax

/// AV1 OBUs from `av1C` configOBUs and samples: the sequence header and metadata OBUs.
extension VideoTrackBuilder {

    /// The OBUs of `bytes` from `start`: a sequence header (when none was read) and metadata OBUs.
    mutating func readOBUs(_ bytes: [UInt8], from start: Int, offset: Int, container: String) {
        for obu in AV1OBUs.split(bytes, from: start) {
            let location = TagLocation(
                offset: offset + obu.payload.lowerBound, length: obu.payload.count, container: container)
            switch obu.type {
            case AV1OBUs.sequenceHeader where !hasSequenceParameters:
                guard let header = AV1SequenceHeader.parse(bytes[obu.payload]) else {
                    problem(.malformed, "the AV1 sequence header in \(container) cannot be read", at: location)
                    continue
                }
                hasSequenceParameters = true
                image.bitDepth = header.bitDepth
                bitstreamCICP.append(
                    Located(
                        CICPTag(
                            cicp: header.cicp, source: .av1SequenceHeader,
                            hasColorDescription: header.colorDescriptionPresent),
                        at: TagLocation(
                            offset: location.offset, length: location.length,
                            container: "\(container) (AV1 sequence header OBU)")))
            case AV1OBUs.metadata:
                func at(_ name: String) -> TagLocation {
                    TagLocation(
                        offset: location.offset, length: location.length,
                        container: "\(container) metadata OBU (\(name))")
                }
                switch AV1OBUs.metadata(bytes[obu.payload]) {
                case .masteringDisplay(let value): addBitstream(value, at: at("HDR_MDCV"))
                case .contentLightLevel(let value): addBitstream(value, at: at("HDR_CLL"))
                case .registeredUserData(let isHDR10Plus):
                    if isHDR10Plus, video.hdr10Plus == nil { video.hdr10Plus = at("ITU-T T.35 HDR10+") }
                    if !isHDR10Plus, video.dolbyVisionRPU == nil,
                        let message = AV1OBUs.itutT35(bytes[obu.payload]), DolbyVisionRPU.isAV1RPU(t35: message)
                    {
                        video.dolbyVisionRPU = at("ITU-T T.35 Dolby Vision RPU")
                    }
                case .other: break
                }
            default:
                break
            }
        }
    }
}
