import SignalCoding
import MediaSyntax

/// HEVC and H.264 NAL units, from configuration records and samples: sequence parameter sets (VUI colour, chroma
/// siting, aspect ratio, timing), SEI messages (mastering display, light level, alternative transfer, HDR10+) and
/// Dolby Vision RPUs.
extension VideoTrackBuilder {

    /// One HEVC or H.264 NAL unit (header included) from a configuration record or a sample.
    mutating func readNAL(_ nal: ArraySlice<UInt8>, offset: Int, container: String) {
        guard let first = nal.first else { return }
        let location = TagLocation(offset: offset, length: nal.count, container: container)
        if video.codec == .hevc {
            switch (first >> 1) & 0x3F {
            case 33: readHEVCSequenceParameters(nal, location: location)
            case 39, 40: readSEI(nal.dropFirst(2), location: location)
            case 62:
                if video.dolbyVisionRPU == nil {
                    video.dolbyVisionRPU = TagLocation(
                        offset: offset, length: nal.count,
                        container: "\(container) (Dolby Vision RPU, NAL unit type 62)")
                }
            default: break
            }
        } else if video.codec == .avc {
            switch first & 0x1F {
            case 7: readAVCSequenceParameters(nal, location: location)
            case 6: readSEI(nal.dropFirst(1), location: location)
            default: break
            }
        }
    }

    mutating func readHEVCSequenceParameters(_ nal: ArraySlice<UInt8>, location: TagLocation) {
        guard nal.count >= 2 else { return }
        // MV-HEVC/SHVC layers' SPSs have another syntax: the base layer (nuh_layer_id 0) describes the stream.
        guard (nal[nal.startIndex] & 1) << 5 | nal[nal.startIndex + 1] >> 3 == 0 else { return }
        adoptSequenceParameters("HEVC", source: .hevcVUI, location: location) { () throws(SyntaxError) in
            try HEVCSequenceParameters.parse(nal: nal)
        }
    }

    mutating func readAVCSequenceParameters(_ nal: ArraySlice<UInt8>, location: TagLocation) {
        adoptSequenceParameters("H.264", source: .avcVUI, location: location) { () throws(SyntaxError) in
            try AVCSequenceParameters.parse(nal: nal)
        }
    }

    /// The stream's first sequence parameter set, `parse`d: profile, level, chroma format, bit depths, size (where the
    /// container gave none) and VUI. A broken one is reported once; later ones are not parsed again.
    private mutating func adoptSequenceParameters<SPS: SequenceParameterSet>(
        _ codec: String, source: CICPTag.Source, location: TagLocation, parse: () throws(SyntaxError) -> SPS
    ) {
        guard !hasSequenceParameters else { return }
        hasSequenceParameters = true
        let sps: SPS
        do { sps = try parse() } catch {
            return problem(
                .malformed, "the \(codec) sequence parameter set in \(location.container) cannot be read: \(error)",
                at: location)
        }
        video.profile = sps.profileIDC
        video.level = sps.levelIDC
        video.chromaFormat = sps.chromaFormat
        image.bitDepth = sps.lumaBitDepth
        video.chromaBitDepth = sps.chromaBitDepth
        if image.width == nil || image.width == 0 { (image.width, image.height) = (sps.width, sps.height) }
        apply(sps.vui, source: source, location: location)
    }

    /// The VUI's colour (a tag only when video_signal_type_present_flag is 1: without it nothing is stated),
    /// chroma siting, aspect ratio and frame rate.
    mutating func apply(_ vui: VideoUsabilityInformation?, source: CICPTag.Source, location: TagLocation) {
        guard let vui else { return }
        let tagged = TagLocation(
            offset: location.offset, length: location.length, container: "\(location.container) (\(source))")
        if vui.videoSignalTypePresent {
            let codes = vui.colorDescription ?? (2, 2, 2)
            let cicp = CICP(
                colorPrimaries: codes.primaries, transferCharacteristics: codes.transfer,
                matrixCoefficients: codes.matrix, videoFullRange: vui.fullRange)
            bitstreamCICP.append(
                Located(
                    CICPTag(cicp: cicp, source: source, hasColorDescription: vui.colorDescription != nil), at: tagged))
        }
        if let chroma = vui.chromaSampleLocation.flatMap({ ChromaLocation(chromaSampleLocationType: Int($0.top)) }) {
            setChromaLocation(chroma, at: tagged)
        }
        if video.pixelAspectRatio == nil, let ratio = vui.sampleAspectRatio {
            video.pixelAspectRatio = Located(ratio, at: tagged)
        }
        if video.frameRate == nil { video.frameRate = vui.frameRate }
    }

    /// The colour-related messages of one SEI NAL unit.
    mutating func readSEI(_ payload: ArraySlice<UInt8>, location: TagLocation) {
        let (messages, truncated) = SEIMessages.messages(in: payload)
        if truncated {
            problem(
                .malformed,
                "an SEI message in \(location.container) runs past the end of its NAL unit (x265 #516: a malformed SEI hides what follows)",
                at: location)
        }
        for message in messages {
            func at(_ name: String) -> TagLocation {
                TagLocation(
                    offset: location.offset, length: location.length,
                    container: "\(location.container) SEI \(message.type) (\(name))")
            }
            switch message.type {
            case SEIMessages.masteringDisplay:
                if let value = MasteringDisplayColorVolume(st2086: message.payload) {
                    addBitstream(value, at: at("mastering display colour volume"))
                }
            case SEIMessages.contentLightLevel:
                if let value = ContentLightLevel(cta861: message.payload) {
                    addBitstream(value, at: at("content light level"))
                }
            case SEIMessages.alternativeTransfer:
                if video.alternativeTransfer == nil, let value = message.payload.first {
                    video.alternativeTransfer = Located(value, at: at("alternative transfer characteristics"))
                }
            case SEIMessages.registeredUserData:
                if SEIMessages.isHDR10Plus(t35: message.payload) {
                    readHDR10Plus(message.payload, at: at("ITU-T T.35 HDR10+"))
                }
            default:
                break
            }
        }
    }

    /// An HDR10+ record: its location and values (the first one), and the pending record of the frame log. Returns
    /// the record, nil when it cannot be read.
    @discardableResult
    mutating func readHDR10Plus(_ payload: ArraySlice<UInt8>, at location: TagLocation) -> HDR10PlusMetadata? {
        let parsed = Result { () throws(HDR10PlusError) in try HDR10PlusMetadata.parse(t35: payload) }
        if hdr10PlusLog != nil { hdr10PlusLog?.pending = .some(try? parsed.get()) }
        if video.hdr10Plus == nil { video.hdr10Plus = location }
        if video.hdr10PlusMetadata == nil {
            switch parsed {
            case .success(let metadata):
                video.hdr10PlusMetadata = HDR10PlusTags(first: Located(metadata, at: location))
            case .failure(let error):
                if video.hdr10Plus == location {
                    problem(.malformed, "the HDR10+ record cannot be read: \(error)", at: location)
                }
            }
        }
        return try? parsed.get()
    }

    mutating func addBitstream(_ value: MasteringDisplayColorVolume, at location: TagLocation) {
        guard video.bitstreamMasteringDisplay.count < Self.maximumBitstreamValues,
            !video.bitstreamMasteringDisplay.contains(where: { $0.value == value })
        else { return }
        video.bitstreamMasteringDisplay.append(Located(value, at: location))
    }

    mutating func addBitstream(_ value: ContentLightLevel, at location: TagLocation) {
        guard video.bitstreamContentLightLevel.count < Self.maximumBitstreamValues,
            !video.bitstreamContentLightLevel.contains(where: { $0.value == value })
        else { return }
        video.bitstreamContentLightLevel.append(Located(value, at: location))
    }
}

/// What the track builder takes from an H.264 or HEVC sequence parameter set.
protocol SequenceParameterSet {
    var profileIDC: Int { get }
    var levelIDC: Int { get }
    var chromaFormat: Int { get }
    var lumaBitDepth: Int { get }
    var chromaBitDepth: Int { get }
    /// The picture size, pixels: HEVC's after its conformance window, H.264's in whole macroblocks (uncropped).
    var width: Int { get }
    var height: Int { get }
    var vui: VideoUsabilityInformation? { get }
}

extension AVCSequenceParameters: SequenceParameterSet {}
extension HEVCSequenceParameters: SequenceParameterSet {}
