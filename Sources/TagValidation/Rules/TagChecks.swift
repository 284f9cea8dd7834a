import ColorSpaces
import Foundation
import ICC
import TransferFunctions
import MediaSyntax
import ColorTags

extension ColorTagging {
    /// Runs every rule over the tags (and the policies in `options`), returning findings in file order.
    public func findings(options: ValidationOptions = ValidationOptions()) -> [Finding] {
        var checks = TagChecks(tagging: self, options: options)
        checks.run()
        return options.weigh(checks.findings)
    }
}

/// The rules over one file's tags.
struct TagChecks {
    let tagging: ColorTagging
    let options: ValidationOptions
    var findings: [Finding] = []

    init(tagging: ColorTagging, options: ValidationOptions) {
        self.tagging = tagging
        self.options = options
    }

    mutating func add(_ rule: RuleID, _ message: String, at location: TagLocation? = nil, image: Int? = nil) {
        findings.append(
            Finding(
                rule: rule, message: message, location: location, imageIndex: image,
                advice: TaggingAdvice.fix(for: rule, in: tagging.format)))
    }

    mutating func run() {
        for problem in tagging.problems {
            add(problem.rule, problem.message, at: problem.location, image: problem.imageIndex)
        }
        for (index, image) in tagging.images.enumerated() {
            checkCodePoints(image, index)
            // Gain maps and auxiliary images (alpha, depth, mattes) hold no display colour: their tags are checked
            // for validity only, not judged as colour (ImageTags.Role.isDisplayColour).
            guard image.role.isDisplayColor else { continue }
            if tagging.format == .png { checkPNG(image, index) }
            checkICCProfiles(image, index)
            checkContradictions(image, index)
            checkHDRMetadata(image, index)
            if image.video != nil {
                checkVideoTrack(image, index)
            } else if tagging.format == .avif || image.cicp(from: .av1SequenceHeader) != nil {
                checkAV1Bitstream(image, index)
            }
        }
        let primary = tagging.primary
        if primary.effective.basis == .assumedSRGB || primary.effective.basis == .miafDefault {
            add(
                .untagged, "the \(tagging.format) file has no colour tag; readers assume \(primary.effective.summary)",
                image: 0)
        }
        checkGainMap()
        for requirement in Requirement.allCases where options.requirements.contains(requirement) {
            check(requirement)
        }
    }

    // MARK: Code points

    mutating func checkCodePoints(_ image: ImageTags, _ index: Int) {
        for tag in image.cicp where tag.value.hasColorDescription {
            let cicp = tag.value.cicp
            for error in cicp.validationErrors() {
                add(.cicpReservedCode, "\(tag.value.source) \(cicp): \(error)", at: tag.location, image: index)
            }
            guard image.role.isDisplayColor else { continue }
            // With an ICC profile the profile supplies primaries and transfer, so unspecified codes there are normal;
            // Dolby Vision profile 5 must leave them unspecified (IPT-PQ-c2 has no H.273 code).
            for field in cicp.unspecifiedFields
            where field != .matrixCoefficients && image.iccProfiles.isEmpty && !image.isDolbyVisionProfile5 {
                add(
                    .cicpUnspecifiedCode,
                    "\(tag.value.source) \(cicp): \(field) is 2 (unspecified), so readers guess the colour",
                    at: tag.location, image: index)
            }
            if tag.value.source == .nclx, cicp.matrixCoefficients == 0, !cicp.videoFullRange {
                add(
                    .cicpNarrowRangeRGB, "\(tag.value.source) \(cicp) codes RGB (matrix 0) with narrow range",
                    at: tag.location, image: index)
            }
        }
    }

    // MARK: PNG

    mutating func checkPNG(_ image: ImageTags, _ index: Int) {
        if let tag = image.cicp(from: .pngChunk) {
            let cicp = tag.value.cicp
            if !cicp.videoFullRange {
                add(
                    .pngCICPNarrowRange,
                    "cICP \(cicp) has VideoFullRangeFlag 0 (narrow range); browsers ignore the flag and show the pixels as full range",
                    at: tag.location, image: index)
            }
            if cicp.matrixCoefficients != 0 {
                add(
                    .pngCICPMatrix,
                    "cICP \(cicp) has MatrixCoefficients \(cicp.matrix), but PNG pixels are RGB (0, identity)",
                    at: tag.location, image: index)
            }
        } else if let mdcv = image.masteringDisplay.first {
            add(
                .pngMDCVWithoutCICP, "mDCV is present without cICP; the PNG 3rd edition requires cICP beside it",
                at: mdcv.location, image: index)
        }
        if let icc = image.iccProfiles.first, image.sRGBIntent.first != nil {
            add(
                .pngICCPWithSRGB, "both iCCP and sRGB chunks are present; PNG allows only one of them",
                at: icc.location, image: index)
        }
        if let gamma = image.gamma.first, image.effective.basis != .gammaAndChromaticities {
            let decode = 1 / gamma.value
            let expected: Double? =
                switch image.effective.transfer?.rawValue {
                case 1, 4, 6, 13, 14, 15: 2.2
                case 5: 2.8
                case 8: 1
                default: nil
                }
            if let expected, Swift.abs(decode - expected) > 0.05 * expected {
                add(
                    .conflictGammaChromaticities,
                    "gAMA says decoding gamma \(decode.g4), but the \(image.effective.basis) says "
                        + "\(image.effective.transfer?.displayName ?? "?") (≈ gamma \(expected.g4)); decoders that only "
                        + "read gAMA show other tones",
                    at: gamma.location, image: index)
            }
        }
        if let chrm = image.chromaticities.first, image.effective.basis != .gammaAndChromaticities,
            let primaries = image.effective.primaries
        {
            let error = Self.chromaticityError(chrm.value.primaries, primaries)
            if error > 0.002 {
                add(
                    .conflictGammaChromaticities,
                    "cHRM primaries differ from the \(image.effective.basis) primaries "
                        + "(\(TextSanitizer.sanitize(primaries.name))) by up to \(error.fixed(4)) in xy",
                    at: chrm.location, image: index)
            }
        }
    }

    // MARK: ICC

    mutating func checkICCProfiles(_ image: ImageTags, _ index: Int) {
        for icc in image.iccProfiles {
            guard let profile = icc.value.profile else {
                add(
                    .iccUnparseable,
                    "the ICC profile (\(icc.value.bytes.count) bytes) does not parse: \(icc.value.parseError.map { "\($0)" } ?? "unknown error")",
                    at: icc.location, image: index)
                continue
            }
            let name = icc.value.profileDescription.map { "ICC profile \"\($0)\"" } ?? "ICC profile"
            for finding in profile.consistencyFindings(
                chromaticityTolerance: options.chromaticityTolerance, curveTolerance: options.curveTolerance)
            {
                switch finding {
                case .profileIDMismatch:
                    add(.iccProfileIDMismatch, "\(name): \(finding)", at: icc.location, image: index)
                case .undecodableTag:
                    add(
                        .iccUndecodableTag, "\(name): \(TextSanitizer.sanitize(finding.description))", at: icc.location,
                        image: index)
                case .cicpInOldVersion, .cicpReservedCode, .cicpInvalidRangeFlag, .cicpMatrixNotIdentity:
                    add(.iccCICPTagInvalid, "\(name): \(finding)", at: icc.location, image: index)
                case .cicpPrimariesDisagree:
                    add(.iccCICPPrimariesMismatch, "\(name): \(finding)", at: icc.location, image: index)
                case .cicpTransferDisagrees(let code, _):
                    if code == .pq || code == .hlg, Self.curvesClipAtSDRWhite(profile) {
                        add(
                            .iccCICPCurvesClip,
                            "\(name): the cicp tag says \(code) but the tone curves reach their peak by signal 0.75 (SDR "
                                + "curves clipping at SDR white); the cicp tag is the effective transfer, and CMMs that "
                                + "ignore it render the image as SDR", at: icc.location, image: index)
                    } else {
                        add(.iccCICPTransferMismatch, "\(name): \(finding)", at: icc.location, image: index)
                    }
                }
            }
        }
    }

    /// Whether every RGB tone curve is at its maximum already at signal 0.75 (an SDR curve clipping at SDR white,
    /// as in Adobe Camera Raw's HDR profiles); a real PQ curve is at 0.1 of its peak there, HLG at 0.26.
    static func curvesClipAtSDRWhite(_ profile: ICCProfile) -> Bool {
        guard let curves = profile.toneCurves else { return false }
        return [curves.red, curves.green, curves.blue].allSatisfy { $0.evaluate(0.75) >= 0.999 * $0.evaluate(1) }
    }

    static func chromaticityError(_ a: RGBPrimaries, _ b: RGBPrimaries) -> Double {
        let pairs = [
            (a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.white.chromaticity, b.white.chromaticity),
        ]
        return pairs.map { Swift.max(Swift.abs($0.x - $1.x), Swift.abs($0.y - $1.y)) }.max() ?? 0
    }

    /// H.273 transfer codes with the same function (Table 3: 1, 6, 14, 15).
    static func sameTransfer(_ a: UInt8, _ b: UInt8) -> Bool {
        let bt709: Set<UInt8> = [1, 6, 14, 15]
        return a == b || (bt709.contains(a) && bt709.contains(b))
    }

    /// H.273 primaries codes with the same colorimetry (6 and 7).
    static func samePrimaries(_ a: UInt8, _ b: UInt8) -> Bool {
        a == b || (Set([a, b]) == [6, 7])
    }

    // MARK: Contradictions

    mutating func checkContradictions(_ image: ImageTags, _ index: Int) {
        let container = image.cicp(from: .pngChunk) ?? image.cicp(from: .nclx)
        if let container, let icc = image.iccProfiles.first, let profile = icc.value.profile {
            let codes = container.value.cicp
            let source = container.value.source == .pngChunk ? PNGChunkType.cICP.rawValue : "colr nclx"
            if let tag = profile.cicp {
                if !Self.samePrimaries(tag.colorPrimaries, codes.colorPrimaries)
                    || !Self.sameTransfer(tag.transferCharacteristics, codes.transferCharacteristics)
                {
                    add(
                        .conflictCICPTag,
                        "\(source) says \(codes) (\(codes.summary)) but the ICC profile's cicp tag says \(tag) (\(tag.summary))",
                        at: icc.location, image: index)
                }
            }
            if let expected = RGBPrimaries(cicp: codes.primaries), let actual = profile.primaries {
                let error = Self.chromaticityError(actual, expected)
                if !(error <= options.chromaticityTolerance) {
                    add(
                        .conflictPrimaries,
                        "\(source) ColourPrimaries \(codes.primaries) disagree with the ICC profile's colorants by up to "
                            + "\(error.fixed(4)) in xy (tolerance \(options.chromaticityTolerance.g4))",
                        at: icc.location, image: index)
                }
            }
            let iccTagAgrees =
                profile.cicp.map { Self.sameTransfer($0.transferCharacteristics, codes.transferCharacteristics) }
                ?? false
            if !iccTagAgrees, let transfer = TransferFunction(cicp: Int(codes.transferCharacteristics)),
                let error = profile.curveError(to: transfer), !(error <= options.curveTolerance)
            {
                add(
                    .conflictTransfer,
                    "\(source) TransferCharacteristics \(codes.transfer) disagree with the ICC profile's tone curves by up to "
                        + "\(error.g4) in linear light (tolerance \(options.curveTolerance.g4))",
                    at: icc.location, image: index)
            }
        }
        if let srgb = image.sRGBIntent.first, let icc = image.iccProfiles.first,
            let meaning = Precedence.meaning(of: icc.value, location: icc.location)
        {
            let isSRGB =
                meaning.transfer == .sRGB
                && meaning.primaries.map { Self.chromaticityError($0, .bt709) <= options.chromaticityTolerance } == true
            if !isSRGB {
                add(
                    .conflictSRGBICC,
                    "an sRGB chunk sits beside an ICC profile that is \(meaning.colorSpaceName ?? "not sRGB")",
                    at: srgb.location, image: index)
            }
        }
    }

    // MARK: HDR metadata

    mutating func checkHDRMetadata(_ image: ImageTags, _ index: Int) {
        let knownWhites: [(String, Chromaticity)] = [
            ("D65", Chromaticity(x: 0.3127, y: 0.3290)), ("D50", Chromaticity(x: 0.3457, y: 0.3585)),
            ("DCI", Chromaticity(x: 0.314, y: 0.351)), ("C", Chromaticity(x: 0.310, y: 0.316)),
        ]
        for mdcv in image.masteringDisplay {
            let m = mdcv.value
            var problems: [String] = []
            if m.maximumLuminance > 0, m.minimumLuminance >= m.maximumLuminance {
                problems.append(
                    "minimum luminance \(m.minimumLuminance.g4) cd/m² is not below the maximum \(m.maximumLuminance.g4)"
                )
            }
            if m.maximumLuminance == 0 { problems.append("maximum luminance is 0") }
            for (name, c) in [("red", m.red), ("green", m.green), ("blue", m.blue), ("white", m.white)]
            where !(c.x > 0 && c.y > 0 && c.x + c.y <= 1 + 1e-9) {
                problems.append("\(name) (\(c.x.fixed(5)), \(c.y.fixed(5))) is not a chromaticity")
            }
            let nearest = knownWhites.map {
                ($0.0, Swift.max(Swift.abs($0.1.x - m.white.x), Swift.abs($0.1.y - m.white.y)))
            }
            .min { $0.1 < $1.1 }!
            if nearest.1 > 0.05 {
                problems.append(
                    "white point (\(m.white.x.fixed(4)), \(m.white.y.fixed(4))) is \(nearest.1.fixed(3)) from the nearest known white (\(nearest.0))"
                )
            }
            for problem in problems {
                add(.mdcvInvalid, "mastering display: \(problem)", at: mdcv.location, image: index)
            }
        }
        for clli in image.contentLightLevel {
            let c = clli.value
            if c.maxContentLightLevel > 0, c.maxFrameAverageLightLevel > c.maxContentLightLevel {
                add(
                    .clliInvalid,
                    "MaxFALL \(c.maxFrameAverageLightLevel.g4) cd/m² is above MaxCLL \(c.maxContentLightLevel.g4) cd/m²",
                    at: clli.location, image: index)
            }
            if let peak = image.masteringDisplay.first?.value.maximumLuminance, peak > 0,
                Self.isAboveByMoreThanOneCode(c.maxContentLightLevel, peak)
            {
                add(
                    .clliAboveMastering,
                    "MaxCLL \(c.maxContentLightLevel.g4) cd/m² is above the mastering display's maximum \(peak.g4) cd/m²",
                    at: clli.location, image: index)
            }
        }
    }

    /// Whether `light` is above `peak` (cd/m²) by more than one 10-bit narrow-range PQ code (1/876 in signal, about
    /// 0.9 % of luminance near 4000 cd/m²): a highlight mastered at the peak decodes up to half a code above it, and
    /// a MaxCLL measured on the decoded pictures (as CTA-861.3 asks) then reads a little above the mastering peak.
    static func isAboveByMoreThanOneCode(_ light: Double, _ peak: Double) -> Bool {
        let pq = { (nits: Double) in TransferFunction.pq.fromLinear(nits / PQ.peakLuminance) }
        return light > peak && pq(light) - pq(peak) > 1.0 / 876
    }

    // MARK: AV1 bitstream vs container

    mutating func checkAV1Bitstream(_ image: ImageTags, _ index: Int) {
        guard let bitstream = image.cicp(from: .av1SequenceHeader) else { return }
        let b = bitstream.value.cicp
        if let nclx = image.cicp(from: .nclx) {
            let n = nclx.value.cicp
            var differences: [String] = []
            if bitstream.value.hasColorDescription,
                (b.colorPrimaries, b.transferCharacteristics, b.matrixCoefficients) != (
                    n.colorPrimaries, n.transferCharacteristics, n.matrixCoefficients
                )
            {
                differences.append(
                    "code points \(b.colorPrimaries)/\(b.transferCharacteristics)/\(b.matrixCoefficients) vs \(n.colorPrimaries)/\(n.transferCharacteristics)/\(n.matrixCoefficients)"
                )
            }
            if b.videoFullRange != n.videoFullRange {
                differences.append(
                    "range \(b.videoFullRange ? "full" : "video") vs \(n.videoFullRange ? "full" : "video")")
            }
            if !differences.isEmpty {
                add(
                    .avifColrBitstreamMismatch,
                    "the AV1 sequence header and the colr nclx box disagree (\(differences.joined(separator: "; "))); the container wins, but bitstream-reading decoders differ",
                    at: bitstream.location, image: index)
            }
        } else {
            let codes = (b.colorPrimaries, b.transferCharacteristics, b.matrixCoefficients)
            let defaultCodes = [(UInt8(1), UInt8(13), UInt8(5)), (1, 13, 6), (2, 2, 2)].contains { $0 == codes }
            var reasons: [String] = []
            if !b.videoFullRange { reasons.append("video (narrow) range") }
            if bitstream.value.hasColorDescription, !defaultCodes, image.colorBoxTypes.isEmpty {
                reasons.append("code points \(codes.0)/\(codes.1)/\(codes.2)")
            }
            if !reasons.isEmpty {
                add(
                    .avifBitstreamOnlyColor,
                    "there is no colr nclx box, so MIAF readers apply 1/13/6/full, while the AV1 bitstream says \(reasons.joined(separator: " and "))",
                    at: bitstream.location, image: index)
            }
        }
    }
}
