/// A check `validate` runs: its identifier, default severity, what it means, how to fix what it finds, and the
/// field report or standard behind it. ``all`` is the catalog; the "Colour-tag rules" article documents each entry.
public struct ValidationRule: Hashable, Sendable, Identifiable {
    /// The stable identifier.
    public var id: RuleID
    /// The severity unless a policy overrides it.
    public var defaultSeverity: Severity
    /// What the rule checks, one line.
    public var title: String
    /// How to fix a finding, one or two sentences naming a command where one exists.
    public var fix: String
    /// Why the rule has its default severity: the reader behaviour or specification clause that makes a finding an
    /// error (readers disagree on the colour, or the file breaks its format), a warning (some readers differ, or
    /// information is lost) or a note.
    public var severityReason: String
    /// The standard or public field report the rule comes from.
    public var reference: String

    /// The rule with this identifier.
    public static func rule(_ id: RuleID) -> ValidationRule {
        catalogIndex[id]
            ?? ValidationRule(
                id: id, defaultSeverity: .error, title: id.rawValue, fix: "", severityReason: "", reference: "")
    }

    private static let catalogIndex: [RuleID: ValidationRule] = Dictionary(
        all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    private static let tagCommand = "hdrcolor tag FILE --cicp P/T/0/1"

    /// Every rule, grouped as in the documentation.
    public static let all: [ValidationRule] = [
        .init(
            id: .truncated, defaultSeverity: .error, title: "The file ends inside a chunk, segment or box.",
            fix: "Re-export the image; a truncated file was cut short in transfer or by a crashed writer.",
            severityReason:
                "Decoders stop at the cut or reject the file (libpng: \"Read Error\"); what follows the cut, colour tags included, is lost to every reader.",
            reference: "PNG §5.3, ITU-T T.81 Annex B, ISO/IEC 14496-12 §4.2"),
        .init(
            id: .crcMismatch, defaultSeverity: .error, title: "A PNG chunk's CRC does not match its contents.",
            fix: "Re-export the image; a tool edited bytes without recomputing the CRC.",
            severityReason:
                "PNG §5.3 makes a CRC error fatal for critical chunks and libpng drops ancillary chunks whose CRC fails, so readers lose the tag or the whole file (image-png's cicp_pq.png loses its cLLI and mDCV).",
            reference: "PNG §5.3"),
        .init(
            id: .malformed, defaultSeverity: .error,
            title:
                "A tag or structure has an impossible length or value (wrong chunk size, length above 2³¹−1, bad zlib data, range flag above 1, ICC segments out of sequence).",
            fix: "Rewrite the tag with a conforming tool, e.g. `\(tagCommand)` for PNG colour chunks.",
            severityReason:
                "The format leaves no room for the value (PNG Table 11.1 colour type/bit depth pairs, ICC Annex B.4 sequences): conforming decoders reject the file or drop the tag, so readers disagree.",
            reference: "PNG 3rd edition §11.3, ICC.1:2022 Annex B.4, ISO/IEC 23008-12"),
        .init(
            id: .colrRangeMissing, defaultSeverity: .warning,
            title:
                "An `nclx` colour box ends after its three code points, without the byte of the full-range flag (10 payload bytes instead of 11).",
            fix:
                "Re-mux with a current muxer (FFmpeg, MP4Box, avifenc), which writes the 11-byte nclx; until then readers assume narrow range.",
            severityReason:
                "The codes are there and readers use them (FFmpeg's mov demuxer and the conformance suites read such a box as BT.709 narrow range), so nothing is contradicted; only the range is left to a default, which a full-range file would lose: a warning.",
            reference: "ISO/IEC 14496-12 §12.1.5.2 (ColourInformationBox syntax)"),
        .init(
            id: .chunkOrder, defaultSeverity: .error,
            title:
                "A PNG colour chunk (cICP, iCCP, sRGB, gAMA, cHRM, mDCV, cLLI) comes after PLTE or IDAT, or IHDR is not first.",
            fix: "Decoders ignore late colour chunks: rewrite them with `\(tagCommand)`, which places them after IHDR.",
            severityReason:
                "PNG §5.6: decoders ignore colour chunks after PLTE/IDAT; browsers and libpng then show the file in another colour space than its writer meant.",
            reference: "PNG 3rd edition §5.6 chunk ordering"),
        .init(
            id: .duplicateTag, defaultSeverity: .error,
            title: "A PNG colour chunk appears twice.",
            fix: "Keep one: `hdrcolor tag` replaces every copy of the chunks it writes.",
            severityReason:
                "PNG §5.6 allows one of each colour chunk; readers keep either the first or the last, so two readers can show two colours.",
            reference: "PNG 3rd edition §5.6"),
        .init(
            id: .fileUnreadable, defaultSeverity: .error,
            title:
                "A path given or found cannot be read: it does not exist, is not readable, or is not a regular file (a FIFO, device or socket is reported, never opened).",
            fix:
                "Check the path (a typo, a file not checked out, Git LFS not fetched) and its permissions, or remove it from the command line or the hook's arguments.",
            severityReason:
                "Nothing in the path was checked, so a run that went on would pass a file nobody read; a FIFO is not opened because POSIX open() for reading blocks until a writer appears, and a device may never end.",
            reference: "POSIX.1-2017 open() (O_NONBLOCK: a FIFO opened for reading blocks), stat() (S_ISREG)"),
        .init(
            id: .untagged, defaultSeverity: .note,
            title: "No colour tag: readers assume sRGB (PNG, JPEG) or the MIAF defaults (HEIF, AVIF).",
            fix:
                "Tag the file with the colour it was made in; each finding names the command for its format: PNG `hdrcolor tag`, JPEG an embedded ICC profile, HEIF and AVIF an nclx `colr` (re-encode), movies FFmpeg's -color_primaries, -color_trc and -colorspace (1/1/1 for BT.709 video).",
            severityReason:
                "Readers agree on the default (sRGB for PNG and JPEG, MIAF 1/13/6/full for HEIF/AVIF), so nothing renders differently; it is worth knowing only when the content is not sRGB.",
            reference: "PNG 3rd edition §4.3; MIAF (ISO/IEC 23000-22) §7.3.6.4"),
        .init(
            id: .heifColrDuplicate, defaultSeverity: .error,
            title: "An item has two `colr` boxes of one type, or both `rICC` and `prof`.",
            fix: "Keep one `nclx` and at most one ICC box per item; re-encode with avifenc or libheif.",
            severityReason:
                "ISO/IEC 23008-12 allows one colr of each type per item; readers pick different ones (av1-avif #164), so colour differs between readers.",
            reference: "ISO/IEC 23008-12 §6.5.5; AOMediaCodec/av1-avif #164"),
        .init(
            id: .avifColrBitstreamMismatch, defaultSeverity: .warning,
            title: "The AVIF `colr` nclx and the AV1 sequence header's colour config disagree (codes or range).",
            fix:
                "The container wins, but decoders that read the bitstream show other colours: re-encode with matching values (avifenc --cicp P/T/M, -r full|limited).",
            severityReason:
                "The container wins by ISO/IEC 14496-12, so conforming readers agree; hardware and bitstream-first decoders (Netflix/vp9-dash #5) differ, hence a warning, not an error.",
            reference: "gpac/ComplianceWarden #36; AOMediaCodec/av1-avif #84"),
        .init(
            id: .avifBitstreamOnlyColor, defaultSeverity: .error,
            title:
                "No `colr` box while the AV1 bitstream says video range or non-default code points: MIAF readers apply 1/13/6/full and render it wrongly (Apple platforms).",
            fix: "Add a `colr` nclx box: re-encode with avifenc --cicp P/T/M and the matching -r range.",
            severityReason:
                "MIAF readers (Apple platforms) apply 1/13/6/full and ignore the bitstream, libavif applies the bitstream: the same file renders with two different colours or ranges (gpac/ComplianceWarden #36).",
            reference: "AOMediaCodec/av1-avif #84; MIAF §7.3.6.4"),
        .init(
            id: .pngCICPNarrowRange, defaultSeverity: .warning,
            title: "cICP VideoFullRangeFlag is 0 (narrow range): browsers ignore the flag and show full range.",
            fix: "Convert the pixels to full range and write `--cicp P/T/0/1`.",
            severityReason:
                "The file is valid PNG, but browsers ignore the flag (w3c/png #312) and show the pixels as full range: a contrast shift on the web, not a broken file.",
            reference: "w3c/png #312"),
        .init(
            id: .pngCICPMatrix, defaultSeverity: .error,
            title: "cICP MatrixCoefficients is not 0: PNG pixels are RGB.",
            fix: "Write the chunk with matrix 0: `\(tagCommand)`.",
            severityReason:
                "PNG 3rd edition §11.3.2.6 requires 0; readers either reject the chunk or apply no matrix, so the pixels' meaning is undefined.",
            reference: "PNG 3rd edition §11.3.2.6; AOMediaCodec/libavif PR #2952"),
        .init(
            id: .pngLegacyChunkName, defaultSeverity: .warning,
            title: "The draft spellings mDCv/cLLi instead of mDCV/cLLI: current decoders ignore them.",
            fix: "Rewrite with `hdrcolor tag FILE --mdcv … --clli …`, which writes the 3rd-edition names.",
            severityReason:
                "Only the draft spelling is wrong: current decoders skip the chunk (w3c/png #479), so HDR metadata is lost but colour is not.",
            reference: "w3c/png #479"),
        .init(
            id: .pngMDCVWithoutCICP, defaultSeverity: .warning,
            title: "An mDCV chunk without cICP: the 3rd edition requires cICP beside it.",
            fix: "Add the code points: `\(tagCommand)`.",
            severityReason:
                "PNG 3rd edition requires cICP beside mDCV, but the image itself renders as its other tags say; only the HDR metadata loses its anchor.",
            reference: "pnggroup/pngcheck PR #38; PNG 3rd edition §11.3.2.7"),
        .init(
            id: .pngICCPWithSRGB, defaultSeverity: .warning,
            title: "Both iCCP and sRGB: the PNG specification says they shall not both be present.",
            fix: "Keep one; `hdrcolor tag FILE --icc P` removes sRGB.",
            severityReason:
                "The PNG specification forbids both, but every reader applies the same precedence (iCCP over sRGB in libpng), so the rendering is usually the same.",
            reference: "PNG 3rd edition §11.3.2.5"),
        .init(
            id: .cicpReservedCode, defaultSeverity: .error,
            title: "A reserved H.273 code point (e.g. ColourPrimaries 3, TransferCharacteristics 19+).",
            fix: "Use a defined code, e.g. 9/16/0/1 for BT.2100 PQ.",
            severityReason:
                "H.273 gives a reserved code no meaning: every reader must guess, and they guess differently.",
            reference: "ITU-T H.273 Tables 2–4"),
        .init(
            id: .cicpUnspecifiedCode, defaultSeverity: .warning,
            title: "ColourPrimaries or TransferCharacteristics is 2 (unspecified): readers guess.",
            fix: "State the real code points.",
            severityReason:
                "H.273 code 2 is a legal statement of ignorance, but readers substitute their own defaults (BT.709 or sRGB), so HDR or wide-gamut content may render wrongly.",
            reference: "ITU-T H.273 §8"),
        .init(
            id: .cicpNarrowRangeRGB, defaultSeverity: .warning,
            title:
                "VideoFullRangeFlag 0 with MatrixCoefficients 0 (RGB) outside PNG: narrow-range RGB is rare and often a mistake.",
            fix: "Check the pixels; RGB content is normally full range (flag 1).",
            severityReason:
                "Legal per H.273, but RGB content is almost always full range; when it is a mistake the image looks washed out, so it is flagged for a human to check.",
            reference: "ITU-T H.273 §8.3"),
        .init(
            id: .iccUnparseable, defaultSeverity: .error,
            title: "An embedded ICC profile does not parse.",
            fix: "Re-embed a valid profile (`hdrcolor tag FILE --icc-from-cicp` for PNG).",
            severityReason:
                "Readers that cannot parse the profile fall back to sRGB (or reject the file); readers with lenient parsers do not: colour differs.",
            reference: "ICC.1:2022 §7"),
        .init(
            id: .iccProfileIDMismatch, defaultSeverity: .error,
            title: "The profile ID is not the MD5 of the profile: it was edited after the ID was computed.",
            fix: "Recompute the ID (LittleCMS cmsMD5computeID) or regenerate the profile.",
            severityReason:
                "ICC.1:2022 §7.2.18: a stale ID means the profile was edited after it was identified; CMMs that cache by ID apply the old profile.",
            reference: "ICC.1:2022 §7.2.18"),
        .init(
            id: .iccUndecodableTag, defaultSeverity: .warning,
            title: "A tag of an ICC profile cannot be decoded.",
            fix: "Regenerate the profile with a current CMS.",
            severityReason:
                "The profile still works for its other tags; whether the missing tag matters depends on the reader's intent and CMM.",
            reference: "ICC.1:2022 §9"),
        .init(
            id: .iccCICPTagInvalid, defaultSeverity: .error,
            title:
                "The ICC cicp tag is invalid: profile older than 4.4, reserved codes, range flag above 1, or a matrix other than 0 in an RGB profile.",
            fix: "Regenerate the profile as version 4.4 with valid code points.",
            severityReason:
                "ICC.1:2022 §9.2.17 defines cicp only from version 4.4 and with valid codes; CMMs ignore or reject it, others honour it: colour differs.",
            reference: "ICC.1:2022 §9.2.17, §10.3"
        ),
        .init(
            id: .iccCICPCurvesClip, defaultSeverity: .warning,
            title:
                "The ICC cicp tag says PQ or HLG while its curves clip at SDR white: the tag is the effective transfer, but CMMs that ignore it (LittleCMS 2.14) render SDR.",
            fix:
                "Convert with the cicp transfer (HDRColor does), or generate a profile whose curves are PQ/HLG: `hdrcolor profile --color-space bt2100-pq`.",
            severityReason:
                "The profile is internally consistent by its cicp tag, but CMMs that ignore the tag (LittleCMS 2.14, mm2/Little-CMS #439) render SDR: a known interop gap, not a broken file.",
            reference: "mm2/Little-CMS #439 (Adobe Camera Raw profiles)"),
        .init(
            id: .iccCICPTransferMismatch, defaultSeverity: .error,
            title: "The ICC cicp tag's transfer disagrees with the profile's own tone curves.",
            fix:
                "Fix whichever is wrong; readers that honour cicp and readers that use the curves show different images.",
            severityReason:
                "Readers that honour cicp and readers that use the curves show different images of the same file.",
            reference: "ICC.1:2022 §9.2.17; iccDEV #2011"),
        .init(
            id: .iccCICPPrimariesMismatch, defaultSeverity: .error,
            title: "The ICC cicp tag's primaries disagree with the profile's colorants (tolerance 0.001 in xy).",
            fix: "Fix whichever is wrong.",
            severityReason:
                "Readers that honour cicp and readers that use the colorants show different colours.",
            reference: "ICC.1:2022 §9.2.17"),
        .init(
            id: .conflictPrimaries, defaultSeverity: .error,
            title:
                "Container CICP (cICP, nclx) primaries disagree with the embedded ICC profile's colorants (tolerance 0.001 in xy).",
            fix:
                "Remove the stale tag, or regenerate the ICC from the code points: `hdrcolor tag FILE --cicp P/T/0/1 --icc-from-cicp`.",
            severityReason:
                "Readers that follow the container code points and readers that follow the ICC profile (av1-avif #84) show different gamuts.",
            reference: "av1-avif #84; PNG 3rd edition §4.3"),
        .init(
            id: .conflictTransfer, defaultSeverity: .error,
            title:
                "Container CICP transfer disagrees with the embedded ICC profile's curves (0.001 in linear light) or cicp tag.",
            fix: "Regenerate the ICC from the code points: `hdrcolor tag FILE --cicp P/T/0/1 --icc-from-cicp`.",
            severityReason:
                "Readers that follow the container and readers that follow the ICC show different tones; for PQ content 5–7 EV apart (libjxl #2545).",
            reference: "libjxl #2545; PNG 3rd edition §4.3"),
        .init(
            id: .conflictCICPTag, defaultSeverity: .error,
            title: "Container CICP and the ICC profile's cicp tag name different code points.",
            fix: "Make both say the same: `hdrcolor tag FILE --cicp P/T/0/1 --icc-from-cicp`.",
            severityReason:
                "Two tags in the same file name different colour spaces; which one a reader uses decides what it shows.",
            reference: "ICC.1:2022 §9.2.17"),
        .init(
            id: .conflictSRGBICC, defaultSeverity: .warning,
            title: "An sRGB chunk beside an ICC profile that is not sRGB.",
            fix: "Remove the sRGB chunk (`hdrcolor tag FILE --icc P` does).",
            severityReason:
                "PNG precedence (iCCP over sRGB) is implemented consistently by current readers; old or minimal decoders that read only sRGB differ.",
            reference: "PNG 3rd edition §11.3.2.5"),
        .init(
            id: .conflictGammaChromaticities, defaultSeverity: .warning,
            title:
                "gAMA/cHRM disagree with the higher-precedence tag (cICP, iCCP, sRGB); old decoders use them and show other colours.",
            fix: "Remove gAMA/cHRM or write the values matching the effective colour.",
            severityReason:
                "Only decoders that ignore cICP/iCCP/sRGB (old ones) use gAMA/cHRM; current readers agree.",
            reference: "PNG 3rd edition §11.3.2"),
        .init(
            id: .mdcvInvalid, defaultSeverity: .error,
            title:
                "Mastering display metadata is implausible: minimum ≥ maximum luminance, chromaticities outside (0, 1), or a white point farther than 0.05 in xy from D65, D50, DCI or illuminant C.",
            fix: "Write the mastering display's real values: `hdrcolor tag FILE --mdcv bt2020:1000:0.0001`.",
            severityReason:
                "SMPTE ST 2086 values outside physical limits make tone mappers compute nonsense (a negative range, a white point outside the gamut).",
            reference: "SMPTE ST 2086; PNG 3rd edition §11.3.2.7"),
        .init(
            id: .clliInvalid, defaultSeverity: .error,
            title: "MaxFALL is above MaxCLL (an average cannot exceed the maximum).",
            fix: "Recompute the content light levels: `hdrcolor tag FILE --clli MAXCLL,MAXFALL`.",
            severityReason:
                "CTA-861.3 defines MaxFALL ≤ MaxCLL; tone mappers that trust both produce inconsistent results.",
            reference: "CTA-861.3 Annex A"),
        .init(
            id: .clliAboveMastering, defaultSeverity: .warning,
            title:
                "MaxCLL is above the mastering display's maximum luminance by more than one 10-bit PQ code (less is the quantisation of a highlight at the peak).",
            fix: "Check both; tone mappers use the smaller and clip the rest.",
            severityReason:
                "Legal and common (specular highlights beyond the mastering peak), but tone mappers then clip those highlights; a human should check.",
            reference: "CTA-861.3; ITU-R BT.2390"),
        .init(
            id: .gainMapMetadataInvalid, defaultSeverity: .error,
            title:
                "Gain-map metadata cannot be applied: a zero denominator, gamma ≤ 0, NaN/inf, gainMapMax < gainMapMin (exact fractions), or a truncated record.",
            fix: "Re-encode the gain map with libultrahdr or libavif.",
            severityReason:
                "The gain map cannot be applied (libultrahdr PR #449, libavif returns AVIF_RESULT_INVALID_TONE_MAPPED_IMAGE): readers show only the base, or fail.",
            reference: "libultrahdr PR #449/#456; libavif PR #2453"),
        .init(
            id: .gainMapUnknownVersion, defaultSeverity: .warning,
            title:
                "ISO 21496-1 minimum_version (or a tmap item's version) is not 0: readers must ignore the gain map and show the base.",
            fix: "Write minimum_version 0 unless the file really needs a newer reader.",
            severityReason:
                "ISO 21496-1 tells readers to ignore the gain map and show the base; the file is valid, but HDR is lost on today's readers.",
            reference: "ISO 21496-1; libavif PR #2453"),
        .init(
            id: .gainMapMPFInvalid, defaultSeverity: .error,
            title:
                "The MPF index is wrong: entry count differs from NumberOfImages, or an offset does not land on an SOI marker.",
            fix:
                "Rewrite the MPF index; editors that insert metadata must recompute offsets (Exiv2 #3016). Chrome rejects wrong counts (libavif PR #1624).",
            severityReason:
                "Readers locate the gain map through MPF; a wrong index hides it (Chrome rejects wrong counts, libavif PR #1624).",
            reference: "CIPA DC-007; Exiv2 #3016; libavif PR #1624"),
        .init(
            id: .gainMapMissingImage, defaultSeverity: .error,
            title: "The primary image declares a gain map but no gain-map image with metadata is found.",
            fix: "Re-encode with a gain-map writer (libultrahdr) so MPF points at the gain map.",
            severityReason:
                "The primary image promises a gain map that no reader can find: HDR is lost everywhere.",
            reference: "UltraHDR image format v1.0"),
        .init(
            id: .gainMapISOXMPMismatch, defaultSeverity: .error,
            title:
                "ISO 21496-1 and XMP hdrgm values disagree (tolerance 0.001 + 0.1 %): readers of each show different HDR renditions.",
            fix: "Re-encode so both are written from one set of values (libultrahdr writes both).",
            severityReason:
                "Apple reads ISO 21496-1, older Android reads XMP: the two platforms show different HDR renditions of one file (google/libultrahdr #393).",
            reference: "google/libultrahdr #393; Homebrew/homebrew-core PR #290600"),
        .init(
            id: .gainMapHeavyICC, defaultSeverity: .warning,
            title:
                "The gain-map image carries a large (> 4 KiB) or LUT-based ICC profile; Apple ImageIO cannot open such files.",
            fix: "Strip the ICC from the gain-map image (it is not colour data).",
            severityReason:
                "The file is valid, but Apple ImageIO fails to open it (Homebrew/homebrew-core PR #290600): a platform gap, hence a warning.",
            reference: "Homebrew/homebrew-core PR #290600; google/libultrahdr #393"),
        .init(
            id: .gainMapHeadroomExceedsGain, defaultSeverity: .warning,
            title:
                "The alternate headroom is more than half a stop above the brightest value the gain map can produce (largest gain and offsets applied to base white): HDR renditions come out dim on displays between the two.",
            fix:
                "Set the alternate headroom (hdrgm:HDRCapacityMax, ISO alternateHdrHeadroom) from the content: at most the log2 of the brightest value the gain map reaches.",
            severityReason:
                "The file is valid and renders as specified, but displays between the reachable peak and the declared headroom get a dim HDR rendition (lovell/sharp #4314); below half a stop the effect is not visible and no finding is made.",
            reference: "lovell/sharp #4314"),
        .init(
            id: .gainMapTrailingBytes, defaultSeverity: .warning,
            title:
                "The ISO 21496-1 record has bytes after its last field although its writer_version is not newer than the reader's: libavif rejects the gain map, libultrahdr reads it.",
            fix:
                "Re-encode the gain map with a writer that emits the record exactly (libavif ≥ 1.1, libultrahdr ≥ 1.3).",
            severityReason:
                "Readers disagree on whether HDR shows at all: libavif (Chrome's AVIF decoder) drops the gain map with AVIF_RESULT_INVALID_TONE_MAPPED_IMAGE, libultrahdr and HDRColor read the values leniently.",
            reference:
                "libavif avifgainmaptest.cc ExtraBytesAfterGainMapMetadataSupporterWriterVersion; google/libultrahdr #319"
        ),
        .init(
            id: .gainMapTmapIgnored, defaultSeverity: .warning,
            title:
                "A HEIF/AVIF tmap gain map that readers ignore: the ftyp box lacks the 'tmap' brand, or no 'altr' group prefers the tmap item to the primary item.",
            fix:
                "Re-encode with a gain-map writer (libavif ≥ 1.1, libultrahdr) that writes the brand and the altr group.",
            severityReason:
                "The file is readable and shows its base everywhere, but no conforming reader shows the HDR rendition its author made (libavif seine_sdr_gainmap_notmapbrand.avif, seine_hdr_gainmap_wrongaltr.avif).",
            reference: "ISO/IEC 23008-12 (tmap, altr); libavif src/read.c avifDecoderFindGainMapItem"),
        .init(
            id: .videoColrBitstreamMismatch, defaultSeverity: .error,
            title:
                "A movie track's container colour (`colr` nclx, nclc or ICC profile, Matroska `Colour`) and its bitstream (HEVC or H.264 SPS VUI, AV1 sequence header, `vpcC`) disagree in primaries, transfer, matrix or range.",
            fix:
                "Write both from one source: give the encoder and the muxer the same values (FFmpeg -color_primaries, -color_trc, -colorspace, -color_range; not x265-params alone), or rewrite the VUI with FFmpeg's hevc_metadata or h264_metadata bitstream filter.",
            severityReason:
                "ISO/IEC 14496-12 lets `colr` override the bitstream, but hardware and device decoders follow the bitstream (Netflix/vp9-dash #5, mpv PR #3785): one movie shows two colours. Unlike a still AVIF, whose MIAF readers all follow the container, this is an error.",
            reference:
                "ISO/IEC 14496-12 §12.1.5; Netflix/vp9-dash #5; mpv-player/mpv PR #3785; MPEGGroup/FileFormat #74"),
        .init(
            id: .videoColrMissing, defaultSeverity: .note,
            title:
                "An MP4 or QuickTime video track has no `colr` box, so its colour (HDR or wide-gamut primaries) is stated only in its bitstream.",
            fix:
                "Re-mux with the colour given to the muxer too (FFmpeg -color_primaries, -color_trc, -colorspace write `colr`); x265-params alone reach only the VUI. `--require cmaf` makes the box a requirement.",
            severityReason:
                "ISO/IEC 14496-12 makes `colr` optional and the bitstream's VUI or sequence header then gives the colour, which FFmpeg, browsers and the packagers' own HDR10, HLG and Dolby Vision test movies rely on. Only CMAF (ISO/IEC 23000-19 §9.3.2.2, Annex B.2.3) requires an `nclx` box for NAL-unit video (MPEGGroup/CMAF #43), and a player that reads only the container would miss the colour: worth knowing, a note; `--require cmaf` for delivery that must be CMAF (HLS fMP4, DASH).",
            reference: "ISO/IEC 14496-12 §12.1.5; ISO/IEC 23000-19 §9.3.2.2 and B.2.3; MPEGGroup/CMAF #43"),
        .init(
            id: .videoUntagged10Bit, defaultSeverity: .warning,
            title: "A video track of 10 or more bits has no colour in its container or bitstream.",
            fix:
                "Tag the encode: FFmpeg -color_primaries, -color_trc, -colorspace and -color_range reach both the bitstream and the container.",
            severityReason:
                "H.273 allows \"unspecified\", so the file is valid and players agree on a fallback (BT.709 SDR, or a guess from the frame size), but 10-bit delivery is usually HDR or BT.2020, whose look is then lost: information lost, hence a warning. 8-bit untagged tracks get the `tags.untagged` note.",
            reference: "ITU-T H.273 §8; ITU-R BT.2100"),
        .init(
            id: .videoHDRMetadataMissing, defaultSeverity: .warning,
            title:
                "A PQ video track has no mastering display colour volume or no content light level in any box, Matroska element, SEI message or AV1 metadata OBU.",
            fix:
                "Encode with the metadata: x265 --master-display and --max-cll, SVT-AV1 mastering-display and content-light, or for Matroska mkvmerge --max-content-light, --max-frame-light and --chromaticity-coordinates.",
            severityReason:
                "HDR10 (CTA-861.3, the HDR10 Media Profile) pairs PQ with SMPTE ST 2086 and MaxCLL/MaxFALL; without them each display tone maps from its own default peak, so pictures differ between displays although every player decodes the file: a warning (`--require hdr10` makes it a policy error). HLG is scene-referred and needs neither (ITU-R BT.2100), so HLG tracks never fire.",
            reference: "CTA-861.3; HDR10 Media Profile; SMPTE ST 2086; Multicorewareinc/x265 #516"),
        .init(
            id: .videoHDRMetadataMismatch, defaultSeverity: .warning,
            title:
                "A container's mastering display or content light level (`mdcv`, `clli`, `SmDm`, `CoLL`, Matroska `MasteringMetadata`, `MaxCLL`, `MaxFALL`) disagrees with the bitstream's (SEI 137 and 144, AV1 HDR_MDCV and HDR_CLL OBUs).",
            fix:
                "Write both from one source: re-mux the encoded stream with FFmpeg (it copies the stream's metadata), or give mkvmerge the encoder's values; mind the order (`mdcv` and SEI store G, B, R; AV1, `SmDm` and Matroska R, G, B).",
            severityReason:
                "The pixels and their colour decode the same everywhere; only tone mapping differs between players that read the container (AVFoundation, ExoPlayer) and displays fed the bitstream. A G, B, R against R, G, B mix-up is the usual cause, so it is flagged, as a warning.",
            reference: "ITU-T H.265 D.3.28; AV1 §6.7.4; VP codec ISO media binding (SmDm, CoLL); Matroska §5.1.4.1.28"),
        .init(
            id: .videoHLGAlternativeTransferOnly, defaultSeverity: .note,
            title:
                "HLG is signalled only by the alternative transfer characteristics SEI (preferred transfer 18) while the VUI and the container say an SDR transfer (DVB's backward-compatible HLG).",
            fix:
                "Nothing for DVB delivery; for players that read only the VUI or container (Apple platforms), signal 18 there as well (x265 --transfer arib-std-b67, FFmpeg -color_trc arib-std-b67).",
            severityReason:
                "This is DVB's intended signalling: HLG-aware players (FFmpeg) show HLG and legacy ones a compatible SDR picture. Tools that ignore the SEI treat the file as SDR (gpac #3073, NVEnc #272), so it is worth knowing, not a fault.",
            reference: "Multicorewareinc/x265 #321; gpac/gpac #3073; rigaya/NVEnc #272; ETSI TS 101 154"),
        .init(
            id: .videoDolbyVisionCompatibility, defaultSeverity: .error,
            title:
                "A Dolby Vision record's base-layer compatibility ID does not match the base layer's colour (IDs 1 and 6 need PQ BT.2020, 4 HLG BT.2020, 2 BT.709 SDR; profile 5 has no compatible base layer).",
            fix:
                "Write the record with the ID of the real base layer (dovi_tool, MP4Box -add FILE:dvp=8.4), or encode the base layer the profile needs.",
            severityReason:
                "Dolby Vision players apply the RPU to a base layer of the wrong kind, and other players show that base layer as tagged: two different pictures of one file (an 8.1 RPU on an HLG base is invalid, quietvoid/dovi_tool #144).",
            reference: """
                Dolby Vision Streams within the ISO Base Media File Format; quietvoid/dovi_tool #144; \
                jellyfin MediaStreamVideoRangeTests
                """),
        .init(
            id: .videoDolbyVisionProfile8Compatibility0, defaultSeverity: .warning,
            title: "A Dolby Vision profile 8 record with base-layer compatibility ID 0.",
            fix:
                "Set the ID of the base layer (1 HDR10, 2 SDR, 4 HLG), e.g. with MP4Box -add FILE:dvp=8.1 or dovi_tool.",
            severityReason:
                "Profile 8 always has a backward-compatible base layer, which ID 0 denies: MP4Box warns (gpac #1991) and players differ on whether to use the Dolby Vision layer, while the base layer still plays as tagged: some players lose Dolby Vision, a warning.",
            reference: "gpac/gpac #1991; Dolby Vision Profiles and Levels"),
        .init(
            id: .videoDolbyVisionRecordBox, defaultSeverity: .warning,
            title:
                "A Dolby Vision record sits in a box of the wrong type for its profile (`dvcC` for profiles up to 7, `dvvC` for 8 to 10, `dvwC` above).",
            fix:
                "Re-mux so the record is written in the box its profile needs (FFmpeg with -strict unofficial, MP4Box).",
            severityReason:
                "FFmpeg reads any of the three boxes, but readers that look for the box of the profile miss the record and play the base layer only: some players lose Dolby Vision, a warning.",
            reference: "FFmpeg libavformat/dovi_isom.c; Dolby Vision Streams within the ISO Base Media File Format"),
        .init(
            id: .videoDolbyVisionRecordMissing, defaultSeverity: .warning,
            title:
                "Dolby Vision RPUs ride in the frames, but the container has no Dolby Vision configuration record (`dvcC`/`dvvC`, Matroska `BlockAdditionMapping`).",
            fix:
                "Re-mux with a muxer that writes the record (FFmpeg with -strict unofficial into .mp4, mkvmerge, MP4Box, or hdrcolor convert, which writes it into .mov too), or remove the RPUs (dovi_tool remove) if the movie is meant as HDR10 only.",
            severityReason:
                "Players decide to play Dolby Vision from the record before they decode a frame: without it they ignore the RPUs and show the base layer, so the per-shot metadata is lost while the file looks like Dolby Vision to tools that read the frames. FFmpeg 5.1 writes the record only into MP4 (not into .mov) and only at -strict unofficial, so a plain re-mux loses it. The base layer still plays: a warning.",
            reference:
                "Dolby Vision Streams within the ISO Base Media File Format; FFmpeg 5.1 libavformat/movenc.c (dvcC/dvvC in MP4 mode only)"
        ),
        .init(
            id: .videoHDR8Bit, defaultSeverity: .warning,
            title: "A PQ or HLG video track has fewer than 10 bits per component.",
            fix:
                "Encode HDR at 10 bits from a 10-bit or deeper master: FFmpeg -pix_fmt yuv420p10le with libx265 or libsvtav1 (or libx264's High 10 profile); re-quantising the 8-bit file cannot bring the lost steps back.",
            severityReason:
                "ITU-R BT.2100 codes PQ and HLG in 10 or 12 bits only: at 8 bits, PQ spreads 0 to 10 000 cd/m² over 220 narrow-range code values, steps large enough to show as banding in gradients (ITU-R BT.2390). Players still decode and show the file, so it is a warning, not an error.",
            reference: "ITU-R BT.2100 (digital representation: 10 or 12 bits); ITU-R BT.2390"),
        .init(
            id: .videoDolbyVisionRPUCRC, defaultSeverity: .error,
            title:
                "A Dolby Vision RPU's rpu_data_crc32 does not match the CRC-32/MPEG-2 of its data.",
            fix:
                "Re-extract the RPUs from an undamaged source (dovi_tool extract-rpu) and inject them again; after editing an RPU, write it with a tool that recomputes the CRC (dovi_tool editor).",
            severityReason:
                "Dolby Vision decoders and dovi_tool reject an RPU whose CRC fails (\"RPU CRC32 does not match the data\"; an incomplete RPU is not repairable, quietvoid/dovi_tool #352): the frame loses its dynamic metadata or the player drops Dolby Vision, an error.",
            reference: "quietvoid/dovi_tool dolby_vision/src/rpu/dovi_rpu.rs; quietvoid/dovi_tool #352"),
        .init(
            id: .videoDolbyVisionL6Mismatch, defaultSeverity: .warning,
            title:
                "The Dolby Vision level 6 metadata (MaxCLL, MaxFALL, mastering display peak) disagrees with the stream's HDR10 static metadata (`clli`/`mdcv`, SEI 144/137).",
            fix:
                "Set both from one measurement: edit L6 with dovi_tool's editor (level6) or write the encoder's --max-cll and --master-display from the RPU's values.",
            severityReason:
                "Both describe the same pictures, but Dolby Vision players send L6 to the display (libplacebo's use_dovi, Lypheo/vs-placebo #32; Aleksoid1978/VideoRenderer #283) while HDR10 players send the SEI or boxes: the display tone-maps the same movie differently by player. The pictures stay valid, a warning.",
            reference: "Lypheo/vs-placebo #32; Aleksoid1978/VideoRenderer #283; quietvoid/dovi_tool #395"),
        .init(
            id: .videoDolbyVisionRPUProfile, defaultSeverity: .error,
            title:
                "The profile the Dolby Vision RPUs point to differs from the profile of the configuration record (`dvcC`/`dvvC`, Matroska BlockAdditionMapping).",
            fix:
                "Convert the RPUs to the record's profile (dovi_tool -m 2 convert for 7 to 8.1) or write the record the RPUs need (MP4Box -add FILE:dvp=PROFILE).",
            severityReason:
                "Players set up decoding (a single or dual layer, the IPTPQc2 or a compatible base) from the record, then apply RPUs made for another profile: a profile 5 RPU on a record saying 8 shows the wrong colours, a profile 7 RPU without its enhancement layer loses the residual. The file cannot play as written, an error.",
            reference:
                "Dolby Vision Streams within the ISO Base Media File Format; quietvoid/dovi_tool dolby_vision/src/rpu/rpu_data_header.rs"
        ),
        .init(
            id: .videoDolbyVisionShots, defaultSeverity: .warning,
            title:
                "The Dolby Vision shot structure or level 1 values cannot be right: a shot of zero frames, a scene_refresh_flag other than 0 or 1, or L1 min_pq above avg_pq or avg_pq above max_pq.",
            fix:
                "Regenerate the metadata from the pictures (dovi_tool generate, or the Dolby Vision analysis), or fix the shot list with dovi_tool's editor (scene_cuts).",
            severityReason:
                "Display management adapts per shot from L1 (min, average and peak of each shot); a shot without frames or an inverted L1 range makes players tone-map from values that describe no picture. The stream still decodes, a warning.",
            reference:
                "quietvoid/dovi_tool dolby_vision/src/rpu/extension_metadata/blocks/level1.rs; Dolby Vision Metadata Levels"
        ),
        .init(
            id: .videoDolbyVisionRPUMissing, defaultSeverity: .error,
            title:
                "Frames without a Dolby Vision RPU in a stream that carries RPUs: every frame of a Dolby Vision stream must have its own.",
            fix:
                "Re-inject one RPU per frame (dovi_tool inject-rpu with an RPU list of the stream's frame count; x265 --dolby-vision-rpu with as many RPUs as frames), or drop the Dolby Vision signalling.",
            severityReason:
                "A Dolby Vision decoder composes and tone-maps each frame from its RPU; dovi_tool's maintainer: \"Every frame is expected to carry metadata\", and x265 warns \"Dolby Vision RPU not found for POC\" for each frame it cannot give one. Frames without fall back or repeat stale metadata, which shows as flashes and wrong brightness: an error.",
            reference: "quietvoid/dovi_tool#170; quietvoid/dovi_tool#278 (x265 'Dolby Vision RPU not found for POC')"
        ),
        .init(
            id: .policyISOHDR, defaultSeverity: .error,
            title:
                "Policy iso-hdr: BT.2020 primaries, PQ or HLG, at least 10 bits, and CICP or an ICC profile present.",
            fix: "Export as ISO 22028-5 HDR (e.g. 16-bit PNG with `--cicp 9/16/0/1`).",
            severityReason:
                "A policy the user asked for (--require iso-hdr): failing it is the point.",
            reference: "ISO 22028-5 as presented at WWDC 2023"),
        .init(
            id: .policySRGB, defaultSeverity: .error, title: "Policy srgb: the effective colour is sRGB.",
            fix: "Convert to sRGB and tag it: `hdrcolor tag FILE --cicp 1/13/0/1`.",
            severityReason:
                "A policy the user asked for (--require srgb): failing it is the point.",
            reference: "IEC 61966-2-1"),
        .init(
            id: .policyDisplayP3, defaultSeverity: .error,
            title: "Policy display-p3: the effective colour is Display P3.",
            fix: "Convert to Display P3 and tag it: `hdrcolor tag FILE --cicp 12/13/0/1`.",
            severityReason:
                "A policy the user asked for (--require display-p3): failing it is the point.",
            reference: "SMPTE EG 432-1"),
        .init(
            id: .policyTagged, defaultSeverity: .error,
            title: "Policy tagged: the file carries an explicit colour tag.",
            fix: "Tag it: `hdrcolor tag FILE --cicp P/T/0/1` (PNG) or embed an ICC profile.",
            severityReason:
                "A policy the user asked for (--require tagged): failing it is the point.",
            reference: "—"),
        .init(
            id: .policyHDR, defaultSeverity: .error, title: "Policy hdr: PQ or HLG, or a gain map.",
            fix: "Export HDR (PQ/HLG) or add a gain map.",
            severityReason:
                "A policy the user asked for (--require hdr): failing it is the point.",
            reference: "ITU-R BT.2100; ISO 21496-1"),
        .init(
            id: .policyGainMapISO, defaultSeverity: .error,
            title: "Policy gain-map-iso: the gain map has ISO 21496-1 metadata.",
            fix: "Re-encode with libultrahdr ≥ 1.3 or libavif ≥ 1.1.",
            severityReason:
                "A policy the user asked for (--require gain-map-iso): failing it is the point.",
            reference: "ISO 21496-1"),
        .init(
            id: .policyGainMapBoth, defaultSeverity: .error,
            title:
                "Policy gain-map-both: the gain map has both ISO 21496-1 and XMP hdrgm metadata (Apple and Android both read it).",
            fix: "Re-encode with libultrahdr, which writes both.",
            severityReason:
                "A policy the user asked for (--require gain-map-both): failing it is the point.",
            reference: "Homebrew/homebrew-core PR #290600"),
        .init(
            id: .policyCMAF, defaultSeverity: .error,
            title:
                "Policy cmaf: every MP4 video track of H.264 or HEVC carries a `colr` box of type `nclx`.",
            fix:
                "Re-mux with the colour given to the muxer (FFmpeg -color_primaries, -color_trc, -colorspace, -color_range write `colr` nclx).",
            severityReason:
                "A policy the user asked for (--require cmaf): CMAF's NAL-unit sample entries shall contain an nclx `colr` box (ISO/IEC 23000-19 §9.3.2.2, B.2.3), and HLS fMP4 and DASH packagers expect CMAF.",
            reference: "ISO/IEC 23000-19 §9.3.2.2 and Annex B.2.3; MPEGGroup/CMAF #43"),
        .init(
            id: .policyHDR10, defaultSeverity: .error,
            title:
                "Policy hdr10: BT.2020 primaries, PQ, at least 10 bits, a mastering display colour volume and a content light level (box, Matroska element, SEI or AV1 metadata OBU).",
            fix:
                "Encode HDR10: x265 --colorprim bt2020 --transfer smpte2084 --colormatrix bt2020nc --master-display … --max-cll …, with FFmpeg's -color_primaries, -color_trc and -colorspace for the container.",
            severityReason: "A policy the user asked for (--require hdr10): failing it is the point.",
            reference: "CTA-861.3; HDR10 Media Profile"),
        .init(
            id: .policyHLG, defaultSeverity: .error,
            title:
                "Policy hlg: BT.2020 primaries, HLG (also through the alternative transfer characteristics SEI), at least 10 bits.",
            fix:
                "Encode HLG: FFmpeg -color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc with a 10-bit pixel format.",
            severityReason: "A policy the user asked for (--require hlg): failing it is the point.",
            reference: "ITU-R BT.2100; ARIB STD-B67"),
        .init(
            id: .policyDolbyVision, defaultSeverity: .error,
            title:
                "Policy dolby-vision: a Dolby Vision configuration record (`dvcC`, `dvvC`, `dvwC`, or a Matroska `BlockAdditionMapping`).",
            fix:
                "Mux the Dolby Vision stream with its record (MP4Box, mkvmerge, or FFmpeg with -strict unofficial for MP4).",
            severityReason: "A policy the user asked for (--require dolby-vision): failing it is the point.",
            reference: "Dolby Vision Streams within the ISO Base Media File Format"),
        .init(
            id: .comparePrimaries, defaultSeverity: .error,
            title: "--compare: the derived file's primaries differ from the source's.",
            fix: "Configure the pipeline to keep the colour tags (ImageMagick #7715, libvips #3912, libavif #2950).",
            severityReason:
                "The derived file shows other colours than its source: the pipeline lost or changed the tags (ImageMagick #7715, libvips #3912).",
            reference: "ImageMagick #7715; libvips #3912; libavif #2950"),
        .init(
            id: .compareTransfer, defaultSeverity: .error, title: "--compare: the transfer function changed.",
            fix: "Keep the tags through the pipeline, or tag the output: `hdrcolor tag OUT --cicp P/T/0/1`.",
            severityReason:
                "The derived file shows other tones than its source (an HDR export that lost PQ/HLG renders as SDR).",
            reference: "libavif #2950"),
        .init(
            id: .compareRange, defaultSeverity: .error, title: "--compare: the signal range changed.",
            fix: "Keep the range (avifenc -r full|limited).",
            severityReason:
                "A range change without re-quantising the pixels makes the derivative washed out or crushed.",
            reference: "av1-avif #84"),
        .init(
            id: .compareCLLI, defaultSeverity: .error,
            title: "--compare: content light level (cLLI/clli) was dropped or changed.",
            fix: "Copy it: `hdrcolor tag OUT --clli MAXCLL,MAXFALL`.",
            severityReason:
                "HDR metadata dropped in the pipeline changes how displays tone map the derivative.",
            reference: "ImageMagick #7715"),
        .init(
            id: .compareMDCV, defaultSeverity: .error,
            title: "--compare: mastering display metadata (mDCV/mdcv) was dropped or changed.",
            fix: "Copy it: `hdrcolor tag OUT --mdcv …`.",
            severityReason:
                "HDR metadata dropped in the pipeline changes how displays tone map the derivative.",
            reference: "ImageMagick #7715"),
        .init(
            id: .compareDolbyVision, defaultSeverity: .error,
            title: "--compare: the derived movie lost the source's Dolby Vision configuration record.",
            fix:
                "Keep the record when re-muxing: FFmpeg 5.1 drops it from MP4 unless given -strict unofficial; MP4Box and mkvmerge keep it.",
            severityReason:
                "The derivative plays as its base layer only: Dolby Vision displays lose the dynamic metadata the source had (iPhone exports losing their 8.4 tags, sam-dumont/immich-video-memory-generator #66).",
            reference: "sam-dumont/immich-video-memory-generator #66; FFmpeg libavformat/movenc.c"),
        .init(
            id: .compareDolbyVisionRPU, defaultSeverity: .error,
            title: "--compare: the derived movie's video carries no Dolby Vision RPU where the source's does.",
            fix:
                "Keep the RPUs through the re-encode: `hdrcolor convert` keeps profile 8 RPUs when the colour is unchanged; with x265 extract them (dovi_tool extract-rpu) and give them back (--dolby-vision-rpu, or dovi_tool inject-rpu). After a colour change, drop the configuration record too.",
            severityReason:
                "The RPUs are the Dolby Vision metadata itself: without them a Dolby Vision display shows the base layer with no per-shot mapping, and a derivative that kept the configuration record promises RPUs it lacks (quietvoid/dovi_tool #156: a re-encode that lost the RPUs played as HDR10 only), an error.",
            reference:
                "quietvoid/dovi_tool #156; Dolby Vision Streams within the HEVC elementary stream (RPU NAL unit per access unit); FFmpeg 5.1 libavcodec/libx265.c (passes no RPU)"
        ),
        .init(
            id: .compareHDR10Plus, defaultSeverity: .warning,
            title:
                "--compare: the derived movie's video carries no HDR10+ (ST 2094-40) message where the source's does.",
            fix:
                "Keep HDR10+ through the re-encode: `hdrcolor convert` keeps it when the colour is unchanged; with x265 export it (hdr10plus_tool extract) and give it back (--dhdr10-info, which needs x265 built with HDR10_PLUS) or inject it (hdr10plus_tool inject).",
            severityReason:
                "The derivative still plays as HDR10, but HDR10+ displays lose the per-scene tone mapping and fall back to the static mastering display and MaxCLL; transcoders lose it silently (intel/media-driver #1908: every Plex transcode drops it; FFmpeg 5.1's libx265 wrapper passes none), so a warning.",
            reference:
                "intel/media-driver #1908; cdgriffith/FastFlix #416 (x265 without HDR10_PLUS); SMPTE ST 2094-40"
        ),
        .init(
            id: .videoHDR10PlusTargetAboveMastering, defaultSeverity: .warning,
            title:
                "A video track's HDR10+ targeted_system_display_maximum_luminance (the largest over the frames read) is above the peak of its mastering display colour volume (`mdcv`, `SmDm`, Matroska `MasteringMetadata`, SEI 137).",
            fix:
                "Regenerate the HDR10+ metadata for the grade's mastering display (hdr10plus_tool editor, or the analysis tool's target setting), or correct the mastering display given to the encoder (x265 --master-display).",
            severityReason:
                "ST 2094-40's curve maps the content from its mastering display down to the targeted display; a target brighter than the mastering peak describes no grade that was made, and HDR10+ displays tone map from metadata that contradicts the HDR10 layer players without HDR10+ use: pictures differ between displays although every player decodes the file, a warning.",
            reference: "SMPTE ST 2094-40 §5.2 and Annex B; SMPTE ST 2094-1; SMPTE ST 2086"),
        .init(
            id: .videoHDR10PlusMaxSCLAboveMaxCLL, defaultSeverity: .warning,
            title:
                "A video track's HDR10+ MaxSCL (the largest maxscl component over the frames read) exceeds its MaxCLL (`clli`, `CoLL`, Matroska `MaxCLL`, SEI 144) by more than 5 % and 10 cd/m².",
            fix:
                "Measure MaxCLL from the same pictures as the HDR10+ analysis (or re-run the analysis) and write both again: x265 --max-cll with --dhdr10-info, or mkvmerge --max-content-light.",
            severityReason:
                "MaxSCL and MaxCLL measure the same thing, the brightest maxRGB (CTA-861.3 Annex A, ST 2094-40 maxscl), so a frame brighter than the whole stream's MaxCLL means one of them is wrong; HDR10+ displays then tone map from data that disagrees with what HDR10 displays use: a warning, since every player still decodes the file.",
            reference: "CTA-861.3 Annex A; SMPTE ST 2094-40 Annex B (maxscl); HDR10+ System Whitepaper"),
        .init(
            id: .policyHDR10Plus, defaultSeverity: .error,
            title:
                "Policy hdr10plus: the hdr10 policy (BT.2020, PQ, at least 10 bits, mastering display and content light level) plus HDR10+ (SMPTE ST 2094-40) metadata that parses.",
            fix:
                "Encode with dynamic metadata: x265 --dhdr10-info metadata.json (from hdr10plus_tool or `hdrcolor hdr10plus export`), or inject it with hdr10plus_tool inject.",
            severityReason: "A policy the user asked for (--require hdr10plus): failing it is the point.",
            reference: "SMPTE ST 2094-40; CTA-861.3; HDR10+ System Whitepaper"),
    ]
}

/// One result of a check: which rule, how serious, what is wrong (naming values), and where.
public struct Finding: Hashable, Sendable {
    /// The rule.
    public var rule: RuleID
    /// The severity after policy overrides.
    public var severity: Severity
    /// What is wrong, with the values involved.
    public var message: String
    /// Where in the file.
    public var location: TagLocation?
    /// Which image (index into ``ColorTagging/images``); nil for the file.
    public var imageIndex: Int?
    /// Advice for this file in place of the rule's (e.g. the tagging command for its format), when set.
    public var advice: String?

    /// Creates a finding; `advice` replaces the rule's fix for this file.
    public init(
        rule: RuleID, severity: Severity? = nil, message: String, location: TagLocation? = nil, imageIndex: Int? = nil,
        advice: String? = nil
    ) {
        self.rule = rule
        self.severity = severity ?? ValidationRule.rule(rule).defaultSeverity
        self.message = message
        self.location = location
        self.imageIndex = imageIndex
        self.advice = advice
    }

    /// How to fix it: ``advice`` when set, else the rule's.
    public var fix: String { advice ?? ValidationRule.rule(rule).fix }
}
