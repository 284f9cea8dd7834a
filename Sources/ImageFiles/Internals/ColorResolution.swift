import ColorSpaces
import ColorTags
import ICC
import SignalCoding
import TransferFunctions

/// Turns ColorTags' effective colour of an image into the colour space its pixels are converted from.
package enum ColorResolution {
    /// The colour space an image's tags decide, and how.
    static func decide(_ tags: ImageTags) -> ColorDecision {
        let effective = tags.effective
        switch effective.basis {
        case .cicp, .miafDefault:
            if let cicp = effective.cicp, let space = try? ColorSpace(cicp: cicp) {
                return ColorDecision(
                    basis: effective.basis, colorSpace: space, detail: "from \(effective.basis) \(cicp)")
            }
            let codes = effective.cicp.map { "\($0)" } ?? "?"
            return ColorDecision(
                basis: effective.basis, colorSpace: .sRGB,
                detail: "CICP \(codes) names no supported colour space; assumed sRGB")
        case .iccProfile:
            guard let embedded = tags.iccProfiles.first?.value, let profile = embedded.profile else {
                return ColorDecision(
                    basis: .iccProfile, colorSpace: .sRGB, detail: "the ICC profile does not parse; assumed sRGB")
            }
            let name = embedded.profileDescription.map { "'\($0)'" } ?? "without description"
            // A cicp tag decides PQ/HLG: the profile's curves may clip above SDR white (field lessons).
            if let cicp = profile.cicp, let space = try? ColorSpace(cicp: cicp) {
                return ColorDecision(
                    basis: .iccProfile, colorSpace: space, detail: "ICC profile \(name), its cicp tag \(cicp)")
            }
            if let match = profile.matchingColorSpace() {
                return ColorDecision(
                    basis: .iccProfile, colorSpace: match.colorSpace,
                    detail: "ICC profile \(name) matches \(match.colorSpace.name)")
            }
            return ColorDecision(
                basis: .iccProfile, colorSpace: .sRGB,
                detail: "ICC profile \(name) matches no catalog colour space; pixels treated as sRGB unless converted "
                    + "through the profile", unmatchedProfile: profile)
        case .sRGBChunk:
            return ColorDecision(basis: .sRGBChunk, colorSpace: .sRGB, detail: "from the sRGB chunk")
        case .gammaAndChromaticities:
            let primaries = tags.chromaticities.first?.value.primaries ?? RGBPrimaries.bt709
            let transfer: TransferFunction
            if let stored = tags.gamma.first?.value, stored > 0, stored.isFinite {
                transfer = .gamma(1 / stored)
            } else {
                transfer = .srgb
            }
            let space = ColorSpace(name: "PNG gAMA/cHRM", primaries: primaries, transferFunction: transfer)
            return ColorDecision(basis: .gammaAndChromaticities, colorSpace: space, detail: "from gAMA/cHRM")
        case .assumedSRGB, .none, .dolbyVisionProfile5:
            return ColorDecision(basis: effective.basis, colorSpace: .sRGB, detail: "untagged, assumed sRGB")
        }
    }

    /// The extended linear colour space with the primaries of `space` (catalog spaces where one exists).
    package static func extendedLinear(_ space: ColorSpace) -> ColorSpace {
        let p = space.primaries
        if p.hasSameCoordinates(as: .bt709) { return .extendedLinearSRGB }
        if p.hasSameCoordinates(as: .displayP3) { return .extendedLinearDisplayP3 }
        if p.hasSameCoordinates(as: .bt2020) { return .extendedLinearBT2020 }
        return ColorSpace(
            name: "\(space.name), extended linear", primaries: p, transferFunction: .linear, outOfRange: .extended)
    }
}
