public import ColorSpaces
import Foundation
import TransferFunctions
public import SignalCoding

/// A contradiction inside one profile, e.g. a `cicp` tag that says BT.2020/PQ while the curves are sRGB
/// (the iccDEV #2011 kind of mislabel). Found by ``ICCProfile/consistencyFindings(chromaticityTolerance:curveTolerance:)``.
public enum ICCConsistencyFinding: Hashable, Sendable, CustomStringConvertible {
    /// The header's profile ID is set but is not the MD5 of the profile (ICC.1:2022 §7.2.18); version 4 and later.
    case profileIDMismatch
    /// A `cicp` tag in a profile older than version 4.4, which introduced it.
    case cicpInOldVersion(ICCVersion)
    /// A reserved H.273 code in the `cicp` tag.
    case cicpReservedCode(CICP.Field, UInt8)
    /// A VideoFullRangeFlag byte other than 0 or 1.
    case cicpInvalidRangeFlag(UInt8)
    /// MatrixCoefficients other than 0 (identity) in the `cicp` tag of an RGB profile: its pixels are R′G′B′.
    case cicpMatrixNotIdentity(UInt8)
    /// The colorants' primaries or white differ from those of the `cicp` ColourPrimaries by `error` (max |Δx|, |Δy|).
    case cicpPrimariesDisagree(CICP.ColorPrimaries, profilePrimaries: RGBPrimaries, error: Double)
    /// A tone curve differs from the `cicp` TransferCharacteristics' `toLinear` by up to `error` (linear units).
    case cicpTransferDisagrees(CICP.TransferCharacteristics, error: Double)
    /// A tag is present but LittleCMS could not decode it.
    case undecodableTag(ICCSignature, messages: [String])

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .profileIDMismatch:
            "the profile ID is not the MD5 of the profile (ICC.1:2022 §7.2.18)"
        case .cicpInOldVersion(let version):
            "the cicp tag needs ICC version 4.4, but the profile is version \(version)"
        case .cicpReservedCode(let field, let code):
            "cicp \(field) \(code) is reserved (\(field.reference))"
        case .cicpInvalidRangeFlag(let byte):
            "cicp VideoFullRangeFlag is \(byte), not 0 or 1"
        case .cicpMatrixNotIdentity(let code):
            "cicp MatrixCoefficients is \(code), but an RGB profile's pixels are R′G′B′ (0, identity)"
        case .cicpPrimariesDisagree(let code, let primaries, let error):
            "cicp ColourPrimaries \(code) disagree with the colorants (xy R \(Self.xy(primaries.red)), "
                + "G \(Self.xy(primaries.green)), B \(Self.xy(primaries.blue)), W \(Self.xy(primaries.white.chromaticity))); "
                + "largest xy difference \(Self.short(error))"
        case .cicpTransferDisagrees(let code, let error):
            "cicp TransferCharacteristics \(code) disagree with the tone curves; largest difference \(Self.short(error)) "
                + "in linear light"
        case .undecodableTag(let tag, let messages):
            "tag '\(tag)' cannot be decoded" + (messages.isEmpty ? "" : ": " + messages.joined(separator: "; "))
        }
    }

    private static func short(_ value: Double) -> String { value.g4 }
    private static func xy(_ c: Chromaticity) -> String { c.x.fixed(4) + ", " + c.y.fixed(4) }
}

extension ICCProfile {
    /// Checks the profile against itself: profile ID, tags LittleCMS cannot decode, and whether the `cicp` tag's
    /// codes are valid and agree with the colorants and tone curves (within the same tolerances as
    /// ``matchingColorSpace(in:chromaticityTolerance:curveTolerance:)``). Unspecified (2) codes are not compared.
    public func consistencyFindings(
        chromaticityTolerance: Double = defaultChromaticityTolerance,
        curveTolerance: Double = defaultCurveTolerance
    ) -> [ICCConsistencyFinding] {
        var findings: [ICCConsistencyFinding] = []
        // Bytes 84–99 were reserved before version 4 (ICC.1:2001-04 §6.1), so only v4 profiles are held to the ID.
        if case .mismatch = profileIDStatus, header.version.major >= 4 { findings.append(.profileIDMismatch) }
        findings += tagProblems.map { .undecodableTag($0.tag, messages: $0.messages) }
        guard let cicp else { return findings }
        if header.version < .v4_4 { findings.append(.cicpInOldVersion(header.version)) }
        if cicp.primaries.isReserved { findings.append(.cicpReservedCode(.colorPrimaries, cicp.colorPrimaries)) }
        if cicp.transfer.isReserved {
            findings.append(.cicpReservedCode(.transferCharacteristics, cicp.transferCharacteristics))
        }
        if cicp.matrix.isReserved { findings.append(.cicpReservedCode(.matrixCoefficients, cicp.matrixCoefficients)) }
        if let flag = cicpRangeFlagByte, flag > 1 { findings.append(.cicpInvalidRangeFlag(flag)) }
        if header.colorSpace == .rgbData, cicp.matrixCoefficients != 0 {
            findings.append(.cicpMatrixNotIdentity(cicp.matrixCoefficients))
        }
        if let expected = RGBPrimaries(cicp: cicp.primaries), let actual = primaries {
            let error = Self.chromaticityError(actual, expected)
            if !(error <= chromaticityTolerance) {
                findings.append(.cicpPrimariesDisagree(cicp.primaries, profilePrimaries: actual, error: error))
            }
        }
        if let transfer = TransferFunction(cicp: Int(cicp.transferCharacteristics)),
            let error = curveError(to: transfer), !(error <= curveTolerance)
        {
            findings.append(.cicpTransferDisagrees(cicp.transfer, error: error))
        }
        return findings
    }
}
