/// A Dolby Vision decoder configuration record ("Dolby Vision Streams within the ISO Base Media File Format"): the
/// 24-byte payload of a `dvcC`, `dvvC` or `dvwC` box, or of a Matroska `BlockAddIDExtraData`.
///
/// Layout: dv_version_major u8, dv_version_minor u8, dv_profile u(7), dv_level u(6), rpu_present_flag u(1),
/// el_present_flag u(1), bl_present_flag u(1), dv_bl_signal_compatibility_id u(4), dv_md_compression u(2), reserved.
/// The box type follows the profile: `dvcC` for profiles up to 7, `dvvC` for 8 to 10, `dvwC` above (as FFmpeg's
/// libavformat/dovi_isom.c writes it).
public struct DolbyVisionConfiguration: Hashable, Sendable {
    /// The box (or Matroska `BlockAddIDType`) that carried the record: `dvcC`, `dvvC` or `dvwC`.
    public var boxType: String
    /// dv_version_major.
    public var versionMajor: UInt8
    /// dv_version_minor.
    public var versionMinor: UInt8
    /// dv_profile (5: IPTPQc2 without a compatible base layer; 7: dual layer; 8: single layer with a compatible
    /// base; 10: AV1).
    public var profile: UInt8
    /// dv_level.
    public var level: UInt8
    /// rpu_present_flag.
    public var rpuPresent: Bool
    /// el_present_flag (an enhancement layer).
    public var enhancementLayerPresent: Bool
    /// bl_present_flag (a base layer).
    public var baseLayerPresent: Bool
    /// dv_bl_signal_compatibility_id: 0 none, 1 HDR10 (PQ, BT.2020), 2 SDR (BT.709), 4 HLG (BT.2020), 6 Ultra HD
    /// Blu-ray (PQ, BT.2020); others reserved. 0 when the record is too short to hold it.
    public var compatibilityID: UInt8
    /// dv_md_compression (0 none).
    public var metadataCompression: UInt8

    /// Parses a record; nil when it has fewer than the 4 bytes that hold the profile and flags.
    public init?(bytes: some Collection<UInt8>, boxType: String) {
        let b = Array(bytes.prefix(5))
        guard b.count >= 4 else { return nil }
        self.boxType = boxType
        versionMajor = b[0]
        versionMinor = b[1]
        let bits = UInt16(b[2]) << 8 | UInt16(b[3])
        profile = UInt8((bits >> 9) & 0x7F)
        level = UInt8((bits >> 3) & 0x3F)
        rpuPresent = bits & 0x4 != 0
        enhancementLayerPresent = bits & 0x2 != 0
        baseLayerPresent = bits & 0x1 != 0
        compatibilityID = b.count >= 5 ? b[4] >> 4 : 0
        metadataCompression = b.count >= 5 ? (b[4] >> 2) & 0x3 : 0
    }

    /// The 24-byte record (the inverse of ``init(bytes:boxType:)``, reserved bits zero), as FFmpeg's
    /// `ff_isom_put_dvcc_dvvc` writes it.
    public var bytes: [UInt8] {
        let bits =
            UInt16(profile & 0x7F) << 9 | UInt16(level & 0x3F) << 3 | (rpuPresent ? 4 : 0)
            | (enhancementLayerPresent ? 2 : 0) | (baseLayerPresent ? 1 : 0)
        let compatibility = (compatibilityID & 0x0F) << 4 | (metadataCompression & 0x3) << 2
        return [versionMajor, versionMinor, UInt8(bits >> 8), UInt8(bits & 0xFF), compatibility]
            + [UInt8](
                repeating: 0, count: 19)
    }

    /// The whole box a writer puts in an ISOBMFF sample entry: size, the ``expectedBoxType``, the 24-byte record.
    public var box: [UInt8] { [0, 0, 0, 32] + Array(expectedBoxType.utf8) + bytes }

    /// The box type a writer uses for this profile: `dvcC` (≤ 7), `dvvC` (8–10), `dvwC` (> 10).
    public var expectedBoxType: String { profile > 10 ? "dvwC" : profile > 7 ? "dvvC" : "dvcC" }

    /// The usual name, e.g. `"8.1"` (profile and compatibility ID) or `"5"`.
    public var name: String { compatibilityID == 0 ? "\(profile)" : "\(profile).\(compatibilityID)" }

    /// What the compatibility ID promises about the base layer.
    public var compatibilityDescription: String {
        switch compatibilityID {
        case 0: "no compatible base layer"
        case 1: "HDR10 base layer (PQ, BT.2020)"
        case 2: "SDR base layer (BT.709)"
        case 4: "HLG base layer (BT.2020)"
        case 6: "Ultra HD Blu-ray base layer (PQ, BT.2020)"
        default: "reserved compatibility ID \(compatibilityID)"
        }
    }
}
