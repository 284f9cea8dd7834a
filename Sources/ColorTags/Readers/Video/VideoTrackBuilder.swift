import ColorSpaces
import SignalCoding
import MediaSyntax

/// Collects what a container reader finds about one video track (its colour boxes or Matroska `Colour`, HDR boxes,
/// Dolby Vision record), reads the codec configuration (`hvcC`, `avcC`, `av1C`, `vpcC`, Matroska `CodecPrivate`) and
/// the first sample (SEI messages, AV1 OBUs), and assembles the track's ``ImageTags``. Shared by the MP4/QuickTime and
/// Matroska readers, so both give the same tags for the same stream.
struct VideoTrackBuilder {
    /// The image being assembled (role ``ImageTags/Role/videoTrack(id:)``).
    var image: ImageTags
    /// Its video-only part.
    var video: VideoStreamTags
    /// Code points from the container (`colr` nclx/nclc, Matroska `Colour`), in file order.
    var containerCICP: [Located<CICPTag>] = []
    /// Code points from the bitstream (SPS VUI, AV1 sequence header, `vpcC`).
    var bitstreamCICP: [Located<CICPTag>] = []
    /// Container HDR metadata (`mdcv`, `SmDm`, Matroska `MasteringMetadata`; `clli`, `CoLL`, `MaxCLL`/`MaxFALL`).
    var containerMasteringDisplay: [Located<MasteringDisplayColorVolume>] = []
    var containerContentLightLevel: [Located<ContentLightLevel>] = []
    /// The NAL unit length prefix of HEVC and H.264 samples (from `hvcC`/`avcC`).
    var lengthSize = 4
    /// Problems for this track: rule, message, location.
    var problems: [(RuleID, String, TagLocation?)] = []
    /// Whether a sequence parameter set or sequence header has been read (the configuration's wins over in-band ones).
    var hasSequenceParameters = false
    /// Every picture's HDR10+ record, when the reader asks for them (raw HEVC streams, the MP4 sample scan).
    var hdr10PlusLog: HDR10PlusFrameLog?
    /// The parameter-set NAL units of the `hvcC` record, for a frame log started after it was read.
    var configurationNALUnits: [[UInt8]] = []

    init(trackID: UInt32, codec: VideoStreamTags.Codec) {
        image = ImageTags(role: .videoTrack(id: trackID))
        video = VideoStreamTags(trackID: trackID, codec: codec)
    }

    /// The codec of an ISOBMFF sample entry type (or its `frma` original format).
    static func codec(sampleEntry type: String) -> VideoStreamTags.Codec {
        switch SampleEntryType(rawValue: type) {
        case .hvc1, .hev1, .hvc2, .hev2, .dvh1, .dvhe: .hevc
        case .avc1, .avc2, .avc3, .avc4, .dva1, .dvav: .avc
        case .av01, .dav1: .av1
        case .vp09: .vp9
        case .mp4a, .tmcd, .mebx, nil: .other
        }
    }

    /// The codec of a Matroska `CodecID`.
    static func codec(matroskaID id: String) -> VideoStreamTags.Codec {
        switch id {
        case "V_MPEGH/ISO/HEVC": .hevc
        case "V_MPEG4/ISO/AVC": .avc
        case "V_AV1": .av1
        case "V_VP9": .vp9
        default: .other
        }
    }

    /// Records a problem; at most 16 per track, so that a hostile sample of many broken units stays one report.
    mutating func problem(_ rule: RuleID, _ message: String, at location: TagLocation?) {
        guard problems.count < 16 else { return }
        problems.append((rule, message, location))
    }

    /// The most distinct mastering displays or light levels kept from the bitstream (each new one is compared with
    /// those kept, so the cap also bounds the work).
    static let maximumBitstreamValues = 8

    // MARK: Assembly

    /// The track's tags (`imageIndex` is its place in ``ColorTagging/images``) and its problems.
    func build(imageIndex: Int) -> (ImageTags, [ReadProblem]) {
        var image = image
        image.video = video
        image.cicp = containerCICP + bitstreamCICP
        image.masteringDisplay = containerMasteringDisplay + video.bitstreamMasteringDisplay
        image.contentLightLevel = containerContentLightLevel + video.bitstreamContentLightLevel
        if let format = video.chromaFormat { image.channelCount = format == 0 ? 1 : 3 }
        image.effective = Precedence.effectiveColor(videoTrack: image)
        let problems = problems.map { ReadProblem($0.0, $0.1, at: $0.2, image: imageIndex) }
        return (image, problems)
    }
}
