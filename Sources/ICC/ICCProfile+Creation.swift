internal import CLittleCMS
public import ColorSpaces
import Foundation
public import SignalCoding

extension ICCProfile {
    /// The PCS illuminant, D50 as ICC.1:2022 §7.2.16 fixes it: XYZ (0.9642, 1.0, 0.8249).
    public static let pcsIlluminant = SIMD3<Double>(0.9642, 1.0, 0.8249)

    /// The PCS illuminant as a white point (its chromaticity; slightly different from CIE D50 x 0.3457, y 0.3585).
    public static let pcsWhitePoint: WhitePoint = {
        let xyz = pcsIlluminant
        let sum = xyz.x + xyz.y + xyz.z
        return WhitePoint(x: xyz.x / sum, y: xyz.y / sum, name: "ICC D50")
    }()

    /// Creates a display-class RGB matrix/TRC profile (ICC.1:2022 §8.3.2) and reads it back.
    ///
    /// The colorants are the primaries' RGB → XYZ matrix adapted to the PCS illuminant with Bradford (ICC.1:2022
    /// Annex E), which is also written as the `chad` tag. Version 4 profiles have `wtpt` = D50 (§9.2.36); version 2
    /// profiles have `wtpt` = the primaries' white and also carry `chad`. A `cicp` tag is written when `cicp` is given
    /// (it requires version ≥ 4.4; the bridge writes it in the 12-byte ICC.1:2022 form itself, as LittleCMS 2.14 writes 16
    /// bytes). The profile ID (MD5) is set. LittleCMS serialises the tags: in version 2 it writes
    /// every curve as curveType (a pure gamma as one u8Fixed8Number entry, other parametric curves as a 4096-entry table).
    ///
    /// - Parameters:
    ///   - primaries: Primaries and white point.
    ///   - toneCurves: Signal → linear curves (`rTRC`, `gTRC`, `bTRC`); identical curves share one tag's data.
    ///   - cicp: The code points for the `cicp` tag, or nil for none.
    ///   - description: The `desc` text (en-US).
    ///   - copyright: The `cprt` text (en-US); none when nil.
    ///   - luminance: The `lumi` tag's Y in cd/m² (white luminance); none when nil.
    ///   - version: 4.x or 2.x.
    ///   - creationDate: The header's creation date (§7.2.8); the default, ``ICCDateTime/reproducibleDefault``, makes
    ///     the bytes reproducible (`SOURCE_DATE_EPOCH` or 1970-01-01).
    public init(
        primaries: RGBPrimaries,
        toneCurves: ICCToneCurves,
        cicp: CICP? = nil,
        description: String,
        copyright: String? = nil,
        luminance: Double? = nil,
        version: ICCVersion = .v4_4,
        creationDate: ICCDateTime = .reproducibleDefault
    ) throws(ICCError) {
        guard version.major == 2 || version.major == 4 else {
            throw .unsupported("ICC version \(version); the bridge writes versions 2.x and 4.x")
        }
        if cicp != nil, version < .v4_4 {
            throw .unsupported("the cicp tag needs ICC version 4.4 or later, not \(version)")
        }
        let white = primaries.white.xyz
        guard white.y > 0, white.x.isFinite, white.z.isFinite, primaries.rgbToXYZ.isFinite,
            primaries.rgbToXYZ.inverse != nil
        else { throw .invalidArgument("primaries \(primaries) do not form an invertible RGB → XYZ matrix") }

        let adaptation = ChromaticAdaptation.bradford.matrix(from: primaries.white, to: Self.pcsWhitePoint)
        let colorants = (adaptation * primaries.rgbToXYZ).columns
        let context = try LCMSContext()
        let profile = try LCMSProfile(placeholderIn: context)
        let h = profile.handle
        cmsSetEncodedICCversion(h, version.encoded)
        cmsSetDeviceClass(h, cmsSigDisplayClass)
        cmsSetColorSpace(h, cmsSigRgbData)
        cmsSetPCS(h, cmsSigXYZData)
        cmsSetHeaderRenderingIntent(h, cmsUInt32Number(INTENT_PERCEPTUAL))

        let writer = LCMSTagWriter(profile: profile)
        try writer.text(description, tag: .descriptionTag)
        if let copyright { try writer.text(copyright, tag: .copyrightTag) }
        try writer.xyz(version.major >= 4 ? Self.pcsIlluminant : white, tag: .mediaWhitePointTag)
        try writer.matrix(adaptation, tag: .chromaticAdaptationTag)
        try writer.xyz(colorants[0], tag: .redColorantTag)
        try writer.xyz(colorants[1], tag: .greenColorantTag)
        try writer.xyz(colorants[2], tag: .blueColorantTag)
        try writer.toneCurves(toneCurves)
        if let luminance { try writer.xyz(white * luminance, tag: .luminanceTag) }
        guard cmsMD5computeID(h) != 0 else { throw context.failure("compute the profile ID") }
        var bytes = ProfileBytes.settingCreationDate(creationDate, try profile.serialized())
        if let cicp { bytes = ProfileBytes.appendingTag(.cicpTag, data: cicp.iccTagData, to: bytes) }
        try self.init(bytes: ProfileBytes.settingProfileID(bytes))
    }

    /// Returns this profile with its `cicp` tag set to `cicp` (or removed for nil): re-serialised by LittleCMS, the
    /// tag appended in the 12-byte ICC.1:2022 form, and a new profile ID when the profile had one. A version 4.0–4.3
    /// profile becomes 4.4.
    ///
    /// - Throws: ``ICCError/unsupported(_:)`` for version 2 profiles, which cannot carry the tag.
    public func settingCICP(_ cicp: CICP?) throws(ICCError) -> ICCProfile {
        if cicp != nil, header.version.major < 4 {
            throw .unsupported("the cicp tag needs ICC version 4.4 or later, not \(header.version)")
        }
        let context = try LCMSContext()
        let profile = try LCMSProfile(bytes: Array(bytes.prefix(header.size)), context: context)
        _ = cmsWriteTag(profile.handle, cmsTagSignature(rawValue: ICCSignature.cicpTag.rawValue), nil)
        if cicp != nil, header.version < .v4_4 { cmsSetEncodedICCversion(profile.handle, ICCVersion.v4_4.encoded) }
        var bytes = try profile.serialized()
        if let cicp { bytes = ProfileBytes.appendingTag(.cicpTag, data: cicp.iccTagData, to: bytes) }
        if profileIDStatus != .absent { bytes = ProfileBytes.settingProfileID(bytes) }
        return try ICCProfile(bytes: bytes)
    }
}
