import ColorSpaces
import SignalCoding
import MediaSyntax

extension MatroskaReader {
    /// One `TrackEntry`.
    struct Track {
        var number: UInt64
        var isVideo: Bool
        var builder: VideoTrackBuilder
        /// `ContentEncodings` present: blocks may be compressed or encrypted, so the first block is not parsed.
        var encoded: Bool
        var sampleRead = false
    }

    /// The `TrackEntry` elements of `Tracks`.
    mutating func readTracks(_ tracks: Loaded) throws(ColorTagsError) -> [Track] {
        let bytes = tracks.payload
        let base = tracks.header.dataStart
        let (entries, truncated) = EBML.children(bytes, in: 0..<bytes.count)
        if truncated {
            problems.append(
                ReadProblem(.truncated, "the Tracks element at byte \(tracks.header.start) ends inside a child element")
            )
        }
        let trackEntries = entries.filter { $0.id == MatroskaID.trackEntry }
        guard trackEntries.count <= limits.maximumTrackCount else {
            throw .limitExceeded("movie track count \(trackEntries.count)", limit: limits.maximumTrackCount)
        }
        var result: [Track] = []
        for (index, entry) in trackEntries.enumerated() {
            let path = "Segment/Tracks/TrackEntry[\(index + 1)]"
            let children = EBML.children(bytes, in: entry.data).elements
            func first(_ id: UInt32) -> Range<Int>? { children.first { $0.id == id }?.data }
            let number = first(MatroskaID.trackNumber).flatMap { EBML.uint(bytes[$0]) } ?? UInt64(index + 1)
            let type = first(MatroskaID.trackType).flatMap { EBML.uint(bytes[$0]) }
            let codecID = first(MatroskaID.codecID).map { EBML.string(bytes[$0]) } ?? ""
            let codec = VideoTrackBuilder.codec(matroskaID: codecID)
            var track = Track(
                number: number, isVideo: type == 1,
                builder: VideoTrackBuilder(trackID: UInt32(clamping: number), codec: codec),
                encoded: first(MatroskaID.contentEncodings) != nil)
            guard track.isVideo else {
                result.append(track)
                continue
            }
            track.builder.video.codecID = codecID
            if let range = first(MatroskaID.defaultDuration), let nanoseconds = EBML.uint(bytes[range]), nanoseconds > 0
            {
                track.builder.video.frameRate = 1e9 / Double(nanoseconds)
            }
            if let video = first(MatroskaID.video) {
                readVideo(bytes, video, base: base, path: "\(path)/Video", into: &track.builder)
            }
            for mapping in children where mapping.id == MatroskaID.blockAdditionMapping {
                readBlockAdditionMapping(
                    bytes, mapping.data, base: base, path: "\(path)/BlockAdditionMapping", into: &track.builder)
            }
            if let range = first(MatroskaID.codecPrivate) {
                let type: String? =
                    switch codec {
                    case .hevc: BoxType.hvcC.rawValue
                    case .avc: BoxType.avcC.rawValue
                    case .av1: BoxType.av1C.rawValue
                    default: nil
                    }
                if codec == .vp9 {
                    track.builder.readVP9CodecPrivate(
                        Array(bytes[range]), offset: base + range.lowerBound, container: "\(path)/CodecPrivate (VP9)")
                } else if let type {
                    track.builder.readConfiguration(
                        type: type, bytes: Array(bytes[range]), offset: base + range.lowerBound,
                        container: "\(path)/CodecPrivate (\(type))")
                }
            }
            result.append(track)
        }
        return result
    }

    /// `Video`: pixel size and the `Colour` element.
    func readVideo(
        _ bytes: [UInt8], _ video: Range<Int>, base: Int, path: String, into builder: inout VideoTrackBuilder
    ) {
        for element in EBML.children(bytes, in: video).elements {
            let value = EBML.uint(bytes[element.data])
            switch element.id {
            case MatroskaID.pixelWidth: builder.image.width = value.map { Int(clamping: $0) }
            case MatroskaID.pixelHeight: builder.image.height = value.map { Int(clamping: $0) }
            case MatroskaID.colour:
                readColor(bytes, element.data, base: base, path: "\(path)/Colour", into: &builder)
            default: break
            }
        }
    }

    /// `Colour`: code points, range, bits per channel, chroma siting, MaxCLL/MaxFALL and `MasteringMetadata`.
    func readColor(
        _ bytes: [UInt8], _ colorRange: Range<Int>, base: Int, path: String, into builder: inout VideoTrackBuilder
    ) {
        var colour = MatroskaColor()
        var problems: [String] = []
        for element in EBML.children(bytes, in: colorRange).elements {
            let data = bytes[element.data]
            let value = EBML.uint(data)
            switch element.id {
            case MatroskaID.matrixCoefficients: colour.matrixCoefficients = value
            case MatroskaID.bitsPerChannel: colour.bitsPerChannel = value
            case MatroskaID.chromaSubsamplingHorz: colour.chromaSubsamplingHorizontal = value
            case MatroskaID.chromaSubsamplingVert: colour.chromaSubsamplingVertical = value
            case MatroskaID.chromaSitingHorz: colour.chromaSitingHorizontal = value
            case MatroskaID.chromaSitingVert: colour.chromaSitingVertical = value
            case MatroskaID.range: colour.range = value
            case MatroskaID.transferCharacteristics: colour.transferCharacteristics = value
            case MatroskaID.primaries: colour.primaries = value
            case MatroskaID.maxCLL: colour.maxCLL = value
            case MatroskaID.maxFALL: colour.maxFALL = value
            case MatroskaID.masteringMetadata:
                colour.masteringMetadata = masteringMetadata(bytes, element.data)
            default: break
            }
        }
        let location = TagLocation(offset: base + colorRange.lowerBound, length: colorRange.count, container: path)
        builder.video.matroskaColor = Located(colour, at: location)
        let codes = [colour.primaries, colour.transferCharacteristics, colour.matrixCoefficients]
        if codes.contains(where: { ($0 ?? 0) > 255 }) {
            problems.append(
                "code points \(codes.map { $0.map(String.init) ?? "-" }.joined(separator: "/")) exceed 255, beyond every H.273 table"
            )
        }
        if codes.contains(where: { $0 != nil }) || colour.range != nil {
            let narrow = codes.map { UInt8(clamping: $0 ?? 2) }
            let cicp = CICP(
                colorPrimaries: narrow[0], transferCharacteristics: narrow[1], matrixCoefficients: narrow[2],
                videoFullRange: colour.fullRange == true)
            builder.containerCICP.append(
                Located(
                    CICPTag(cicp: cicp, source: .matroskaColor, hasColorDescription: !codes.contains(nil)),
                    at: location))
        }
        if let bits = colour.bitsPerChannel, bits > 0, bits <= 16 { builder.image.bitDepth = Int(bits) }
        if let h = colour.chromaSitingHorizontal, let v = colour.chromaSitingVertical,
            let siting = ChromaLocation(matroskaHorizontal: h, vertical: v)
        {
            builder.setChromaLocation(siting, at: location)
        }
        if colour.maxCLL != nil || colour.maxFALL != nil {
            builder.containerContentLightLevel.append(
                Located(
                    ContentLightLevel(
                        maxContentLightLevel: Double(colour.maxCLL ?? 0),
                        maxFrameAverageLightLevel: Double(colour.maxFALL ?? 0)),
                    at: TagLocation(
                        offset: location.offset, length: location.length, container: "\(path) MaxCLL/MaxFALL")))
        }
        if let mastering = colour.masteringMetadata {
            builder.containerMasteringDisplay.append(
                Located(
                    mastering,
                    at: TagLocation(
                        offset: location.offset, length: location.length, container: "\(path)/MasteringMetadata")))
        }
        for message in problems { builder.problem(.malformed, "\(path): \(message)", at: location) }
    }

    /// `MasteringMetadata`: float primaries and white point (CIE 1931 xy) and luminances in cd/m²; a missing child
    /// reads as 0.
    func masteringMetadata(_ bytes: [UInt8], _ range: Range<Int>) -> MasteringDisplayColorVolume {
        var values: [UInt32: Double] = [:]
        for element in EBML.children(bytes, in: range).elements {
            if let value = EBML.float(bytes[element.data]), value.isFinite { values[element.id] = value }
        }
        func v(_ id: UInt32) -> Double { values[id] ?? 0 }
        return MasteringDisplayColorVolume(
            red: Chromaticity(x: v(0x55D1), y: v(0x55D2)), green: Chromaticity(x: v(0x55D3), y: v(0x55D4)),
            blue: Chromaticity(x: v(0x55D5), y: v(0x55D6)), white: Chromaticity(x: v(0x55D7), y: v(0x55D8)),
            maximumLuminance: v(0x55D9), minimumLuminance: v(0x55DA))
    }

    /// `BlockAdditionMapping`: a Dolby Vision record when `BlockAddIDType` is `dvcC`, `dvvC` or `dvwC`.
    func readBlockAdditionMapping(
        _ bytes: [UInt8], _ range: Range<Int>, base: Int, path: String, into builder: inout VideoTrackBuilder
    ) {
        var type: String?
        var extra: Range<Int>?
        for element in EBML.children(bytes, in: range).elements {
            if element.id == MatroskaID.blockAddIDType, let value = EBML.uint(bytes[element.data]) {
                let code = UInt32(truncatingIfNeeded: value)
                type = Bytes.fourCC(code)
            } else if element.id == MatroskaID.blockAddIDExtraData {
                extra = element.data
            }
        }
        guard let type, type.isOne(of: BoxType.dvcC, .dvvC, .dvwC), let extra,
            let record = DolbyVisionConfiguration(bytes: bytes[extra], boxType: type)
        else { return }
        builder.video.dolbyVision = Located(
            record,
            at: TagLocation(offset: base + extra.lowerBound, length: extra.count, container: "\(path) (\(type))"))
    }
}
