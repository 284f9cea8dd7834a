import SignalCoding
import MediaSyntax

/// VP9: the uncompressed header of the first frame, and the codec feature metadata of a Matroska `CodecPrivate`.
extension VideoTrackBuilder {
    /// The uncompressed header of a VP9 frame: profile, bit depth, matrix (color_space), range, subsampling and size.
    /// The header states no primaries or transfer, so its tag has no colour description: only its range counts, and a
    /// 10-bit stream without container colour stays untagged.
    /// After a `vpcC` (which states all four code points) the header is not read.
    mutating func readVP9Frame(_ bytes: ArraySlice<UInt8>, offset: Int, container: String) {
        guard !hasSequenceParameters else { return }
        let header: VP9FrameHeader
        do {
            guard let parsed = try VP9FrameHeader.parse(bytes) else { return }
            header = parsed
        } catch {
            return problem(
                .malformed, "the VP9 frame header in \(container) cannot be read: \(error)",
                at: TagLocation(offset: offset, length: bytes.count, container: container))
        }
        let location = TagLocation(
            offset: offset, length: bytes.count,
            container:
                "\(container) (VP9 frame header: color_space \(header.colorSpace), matrix \(header.matrixCoefficients))"
        )
        if video.profile == nil { video.profile = header.profile }
        if image.bitDepth == nil { image.bitDepth = header.bitDepth }
        if video.chromaFormat == nil { video.chromaFormat = header.chromaFormat }
        if image.width == nil || image.width == 0, let width = header.width, let height = header.height {
            (image.width, image.height) = (width, height)
        }
        let cicp = CICP(
            colorPrimaries: 2, transferCharacteristics: 2, matrixCoefficients: header.matrixCoefficients,
            videoFullRange: header.fullRange)
        hasSequenceParameters = true
        bitstreamCICP.append(
            Located(CICPTag(cicp: cicp, source: .vp9FrameHeader, hasColorDescription: false), at: location))
    }

    /// A Matroska VP9 `CodecPrivate`: codec feature metadata (WebM codec mapping), ID-length-value triples of profile
    /// (1), level (2), bit depth (3) and chroma subsampling (4: 0 4:2:0 vertical siting, 1 4:2:0 colocated, 2 4:2:2,
    /// 3 4:4:4).
    mutating func readVP9CodecPrivate(_ bytes: [UInt8], offset: Int, container: String) {
        let location = TagLocation(offset: offset, length: bytes.count, container: container)
        let features: [(id: UInt8, value: UInt8)]
        do { features = try VP9CodecFeatures.parse(bytes) } catch {
            return problem(.malformed, "\(container) \(error.message)", at: location)
        }
        for (id, value) in features {
            let field = Int(value)
            switch id {
            case 1: video.profile = field
            case 2: video.level = field
            case 3 where [8, 10, 12].contains(field): image.bitDepth = field
            case 4 where field <= 3:
                video.chromaFormat = field <= 1 ? 1 : field
                if field == 0 { setChromaLocation(.left, at: location) }
                if field == 1 { setChromaLocation(.topLeft, at: location) }
            default: break
            }
        }
    }
}
