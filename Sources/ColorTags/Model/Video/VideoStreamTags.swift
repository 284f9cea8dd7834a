import SignalCoding
import MediaSyntax

/// What a video track says beyond the colour tags every image has: its codec and sample entry, the Dolby Vision
/// record, HDR metadata carried in the bitstream (SEI messages, AV1 metadata OBUs) with their locations, the
/// alternative transfer characteristics SEI, HDR10+ presence, chroma siting, aspect ratio and timing.
///
/// A video track is an ``ImageTags`` with role ``ImageTags/Role/videoTrack(id:)`` whose ``ImageTags/video`` is this
/// value. Its ``ImageTags/masteringDisplay`` and ``ImageTags/contentLightLevel`` list every source, container boxes
/// first (`mdcv`, `SmDm`, Matroska `MasteringMetadata`; `clli`, `CoLL`, Matroska `MaxCLL`/`MaxFALL`), then the
/// bitstream's, which ``bitstreamMasteringDisplay`` and ``bitstreamContentLightLevel`` list again by origin.
public struct VideoStreamTags: Hashable, Sendable {
    /// The video coding format.
    public enum Codec: String, Hashable, Sendable, CustomStringConvertible {
        /// HEVC / H.265 (`hvc1`, `hev1`, `dvh1`, `dvhe`, `V_MPEGH/ISO/HEVC`).
        case hevc = "HEVC"
        /// AVC / H.264 (`avc1`, `avc3`, `dva1`, `dvav`, `V_MPEG4/ISO/AVC`).
        case avc = "H.264"
        /// AV1 (`av01`, `dav1`, `V_AV1`).
        case av1 = "AV1"
        /// VP9 (`vp09`, `V_VP9`).
        case vp9 = "VP9"
        /// Anything else (ProRes, MPEG-4 Part 2, VP8 …): container tags only.
        case other = "other"

        public var description: String { rawValue }
    }

    /// The track ID (`tkhd` track_ID, Matroska `TrackNumber`).
    public var trackID: UInt32
    /// The coding format.
    public var codec: Codec
    /// The ISOBMFF sample entry type as stored (`hvc1`, `encv` …); nil in Matroska.
    public var sampleEntry: String?
    /// The original format of a protected sample entry (`sinf/frma`), e.g. `hvc1` under `encv`.
    public var originalFormat: String?
    /// The protection scheme (`sinf/schm`), e.g. `cenc`.
    public var protectionScheme: String?
    /// The Matroska `CodecID`, e.g. `V_MPEGH/ISO/HEVC`.
    public var codecID: String?
    /// The profile as the codec numbers it: HEVC general_profile_idc, H.264 profile_idc, AV1 seq_profile, VP9
    /// profile.
    public var profile: Int?
    /// The level as the codec numbers it (HEVC general_level_idc is 30 × the level).
    public var level: Int?
    /// Bits per chroma sample, when the bitstream states it apart from luma (``ImageTags/bitDepth`` is luma).
    public var chromaBitDepth: Int?
    /// chroma_format_idc: 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    public var chromaFormat: Int?
    /// Where chroma samples sit (HEVC/H.264 VUI `chroma_sample_loc_type_top_field`, `av1C`, `vpcC`, Matroska
    /// `ChromaSitingHorz`/`Vert`, whose raw values ``matroskaColor`` keeps); nil when the file names no siting.
    public var chromaSampleLocation: Located<ChromaLocation>?
    /// The pixel aspect ratio (`pasp`, VUI sample aspect ratio).
    public var pixelAspectRatio: Located<PixelAspectRatio>?
    /// The QuickTime `gama` atom: the gamma the image was captured with (e.g. 2.2), not a PNG-style stored gamma.
    public var quickTimeGamma: Located<Double>?
    /// The Matroska `Video/Colour` element as stored (each child optional).
    public var matroskaColor: Located<MatroskaColor>?
    /// The Dolby Vision configuration record (`dvcC`/`dvvC`/`dvwC`, Matroska `BlockAdditionMapping`).
    public var dolbyVision: Located<DolbyVisionConfiguration>?
    /// A Dolby Vision RPU (HEVC NAL unit type 62) in the first sample.
    public var dolbyVisionRPU: TagLocation?
    /// The header of the first Dolby Vision RPU, in a raw stream, transport stream or RPU file.
    public var dolbyVisionRPUHeader: Located<DolbyVisionRPUHeader>?
    /// What every Dolby Vision RPU read says (a raw stream's or an RPU file's scanned prefix, a transport stream),
    /// located at the first RPU.
    public var dolbyVisionRPUSummary: Located<DolbyVisionRPUSummary>?
    /// How many frames of an MP4/QuickTime or Matroska/WebM track were read for ``dolbyVisionRPUSummary`` and
    /// ``HDR10PlusTags/summary`` (nil when the track was not scanned: no dynamic metadata in its first frame or
    /// configuration, or another container).
    public var dynamicMetadataScan: DynamicMetadataScan?
    /// Each scanned frame's dynamic metadata, when ``ReadLimits/maximumDynamicMetadataFrames`` asks for them.
    public var dynamicMetadataFrames: [DynamicMetadataFrame]?
    /// The alternative transfer characteristics SEI (H.265/H.264 payload 147): preferred_transfer_characteristics,
    /// an H.273 transfer code that replaces the VUI's for decoders that know it (DVB HLG: VUI 14, SEI 18).
    public var alternativeTransfer: Located<UInt8>?
    /// An HDR10+ (SMPTE ST 2094-40) record: ITU-T T.35 country 0xB5, provider 0x003C, oriented code 0x0001,
    /// application 4, in an SEI or an AV1 metadata OBU.
    public var hdr10Plus: TagLocation?
    /// The HDR10+ values: the first record's fields and, in a raw HEVC stream, a summary of the frames scanned.
    public var hdr10PlusMetadata: HDR10PlusTags?
    /// Mastering display colour volumes from the bitstream (SEI 137, AV1 `METADATA_TYPE_HDR_MDCV`).
    public var bitstreamMasteringDisplay: [Located<MasteringDisplayColorVolume>] = []
    /// Content light levels from the bitstream (SEI 144, AV1 `METADATA_TYPE_HDR_CLL`).
    public var bitstreamContentLightLevel: [Located<ContentLightLevel>] = []
    /// Frames per second (from the sample durations, Matroska `DefaultDuration` or VUI timing), when constant.
    public var frameRate: Double?
    /// The duration of the track's media in seconds (`mdhd`: every sample; Matroska: the frames' timing), which an
    /// edit list may show less or more of (``editList``).
    public var duration: Double?
    /// The track's edit list (`edts/elst`): the part of its media the movie's timeline shows; nil without one.
    public var editList: Located<EditList>?
    /// The rotation the track's display matrix (`tkhd`) applies, in degrees counterclockwise as FFmpeg reports it
    /// (−90: the pictures are turned 90° clockwise for display, as a phone held upright records them); nil for the
    /// identity or without a matrix.
    public var displayRotation: Located<Double>?
    /// The number of samples (frames) the sample table lists.
    public var sampleCount: Int?
    /// The first sample (frame) read for SEI messages and OBUs; nil when none was read.
    public var firstSample: TagLocation?

    /// Creates a value for a track.
    public init(trackID: UInt32, codec: Codec) {
        self.trackID = trackID
        self.codec = codec
    }
}
