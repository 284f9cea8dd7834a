import ColorTags
import MediaSyntax
import SignalCoding
import VideoFiles

/// What a movie conversion does with the source's dynamic HDR metadata. HDR10+ messages (SMPTE ST 2094-40) and Dolby
/// Vision RPUs describe the pictures they travel with: the grade's per-scene light and the curves that map it to
/// smaller displays. They stay true through a re-encode, a codec or container change and a frame range (each frame
/// keeps its own message, re-timed with it), and become false when the colour changes (tone mapping, PQ → HLG, another
/// gamut or matrix): then they are dropped and the report says why.
struct DynamicMetadataPlan {
    /// Whether each frame's HDR10+ message, and its RPU, is written into its access unit.
    let keepsHDR10Plus: Bool
    let keepsRPUs: Bool
    /// The Dolby Vision configuration record written with the kept RPUs (the source's).
    let record: DolbyVisionConfiguration?
    /// What the source carried that is not kept, and why.
    let omissions: [MovieOmission]
    /// How the kept metadata is carried, for the report.
    let hdr10PlusCarriage: String
    let rpuName: String

    /// Decides from the source stream, its first frame (RPUs and HDR10+ ride on frames; a raw stream has no
    /// configuration record), the written settings and whether the colour or the picture size changes.
    init(
        source: VideoStreamInfo, firstFrame: FrameHDRMetadata?, settings: VideoEncodeSettings, colorUnchanged: Bool,
        scaled: Bool
    ) {
        var omissions: [MovieOmission] = []
        let hasHDR10Plus = source.hasHDR10Plus || firstFrame?.hdr10PlusPayload != nil
        let rpu = firstFrame?.dolbyVisionRPUPayload
        let hasRPUs = rpu != nil
        let parsedProfile = rpu.flatMap { try? DolbyVisionRPU.parse($0) }?.profile
        let profile = source.dolbyVision.map { Int($0.profile) } ?? parsedProfile
        let profileName = source.dolbyVision?.name ?? profile.map { "\($0)" } ?? "unknown"
        rpuName =
            source.dolbyVision == nil
            ? "Dolby Vision RPUs (profile \(profileName))"
            : "Dolby Vision RPUs and configuration record (profile \(profileName))"
        let changed =
            "the colour changes (\(source.cicp) → \(settings.encoding.cicp.map { "\($0)" } ?? "untagged")"
            + ", or tone mapping), so its values no longer describe the converted pictures"

        var keepsHDR10Plus = false
        if hasHDR10Plus {
            if !colorUnchanged {
                omissions.append(MovieOmission(what: "HDR10+ dynamic metadata", reason: changed))
            } else if !settings.codec.carriesHDR10Plus {
                omissions.append(
                    MovieOmission(
                        what: "HDR10+ dynamic metadata",
                        reason: "\(settings.codec.encoderName) movies have no HDR10+ carriage in use; write HEVC or AV1"
                    ))
            } else {
                keepsHDR10Plus = true
            }
        }
        hdr10PlusCarriage =
            settings.codec == .av1
            ? "ITU-T T.35 metadata OBU per temporal unit" : "SEI 4 (user_data_registered_itu_t_t35) per access unit"

        var keepsRPUs = false
        if hasRPUs {
            let reason: String?
            if profile == 5 {
                reason =
                    "applied, not kept: each frame was composed through its RPU (profile 5 has no displayable base "
                    + "layer) and the composed pictures converted; the pictures written are Y′CbCr in the target's "
                    + "colour, which that RPU does not describe"
            } else if profile == 7 || profile == 4 {
                reason =
                    "a profile \(profile!) RPU maps the base and the enhancement layer together; only the base layer is "
                    + "decoded and re-encoded (dovi_tool convert --mode 2 turns profile 7 RPUs into profile 8.1 ones)"
            } else if profile != 8 {
                reason = "only profile 8 RPUs are carried through a re-encode (this one's profile is \(profileName))"
            } else if !colorUnchanged {
                reason = changed
            } else if !settings.codec.carriesDolbyVisionRPU {
                reason =
                    "\(settings.codec.encoderName) movies cannot carry it: profile 8 RPUs ride in HEVC, and AV1's "
                    + "profile 10 carriage (T.35 metadata OBUs) is neither written nor signalled by FFmpeg 5.1"
            } else if scaled {
                reason = "the pictures are resampled: its L5 active area and the mapping are in the source's pixels"
            } else if settings.encoding.format.bitDepth != 10 || settings.encoding.format.chromaSubsampling != .s420 {
                reason = "profile 8 base layers are 10-bit 4:2:0, and \(settings.encoding.format) is written"
            } else {
                reason = nil
            }
            if let reason {
                omissions.append(MovieOmission(what: rpuName, reason: reason))
            } else {
                keepsRPUs = true
            }
        }
        record = keepsRPUs ? source.dolbyVision : nil
        if keepsRPUs, source.dolbyVision == nil {
            omissions.append(
                MovieOmission(
                    what: "Dolby Vision configuration record",
                    reason:
                        "the source has none (a raw stream, or a re-mux that lost it): the RPUs are kept, but players "
                        + "look for the record"))
        } else if let record = source.dolbyVision, !hasRPUs {
            omissions.append(
                MovieOmission(
                    what: "Dolby Vision configuration record (profile \(record.name))",
                    reason: "the frames carry no RPU, so the output would promise metadata it does not hold"))
        }
        self.keepsHDR10Plus = keepsHDR10Plus
        self.keepsRPUs = keepsRPUs
        self.omissions = omissions
    }

    /// The part of a frame's metadata that is written with it; nil when none is.
    func metadata(for hdr: FrameHDRMetadata) -> FrameHDRMetadata? {
        let hdr10Plus = keepsHDR10Plus ? hdr.hdr10PlusPayload : nil
        let rpu = keepsRPUs ? hdr.dolbyVisionRPUPayload : nil
        guard hdr10Plus != nil || rpu != nil else { return nil }
        return FrameHDRMetadata(
            hasHDR10Plus: hdr10Plus != nil, hdr10PlusPayload: hdr10Plus, hasDolbyVisionRPU: rpu != nil,
            dolbyVisionRPUPayload: rpu)
    }

    /// Whether an RPU starts a shot (scene_refresh_flag 1); nil when it does not parse.
    static func startsShot(_ rpu: [UInt8]) -> Bool? {
        guard let dm = (try? DolbyVisionRPU.parse(rpu))?.displayManagement else { return nil }
        return dm.sceneRefresh == 1
    }
}
