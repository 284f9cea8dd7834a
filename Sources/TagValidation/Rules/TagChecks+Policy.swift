import ColorSpaces
import SignalCoding
import MediaSyntax
import ColorTags

extension TagChecks {
    mutating func check(_ requirement: Requirement) {
        let primary = tagging.primary
        let effective = primary.effective
        let tagged = ![.assumedSRGB, .miafDefault, .none].contains(effective.basis)
        let primaries = effective.primaries
        func isPrimaries(_ expected: RGBPrimaries) -> Bool {
            primaries.map { Self.chromaticityError($0, expected) <= options.chromaticityTolerance } ?? false
        }
        let gainMapISO = tagging.gainMap.iso?.value.values != nil && tagging.gainMap.iso?.value.isSupported == true
        let gainMapXMP = tagging.gainMap.xmp?.value.hasValues == true
        var unmet: [String] = []
        switch requirement {
        case .isoHDR:
            if !isPrimaries(.bt2020) {
                unmet.append(
                    "primaries are \(primaries.map { TextSanitizer.sanitize($0.name) } ?? "unknown"), not BT.2020")
            }
            if !effective.isHDR {
                unmet.append("transfer is \(effective.transfer?.displayName ?? "unknown"), not PQ or HLG")
            }
            if (primary.bitDepth ?? 0) < 10 {
                unmet.append("\(primary.bitDepth.map { "\($0)" } ?? "unknown") bits per component, not ≥ 10")
            }
            if !(effective.basis == .cicp || effective.basis == .iccProfile) { unmet.append("no CICP or ICC tag") }
        case .sRGB:
            if !(isPrimaries(.bt709) && effective.transfer == .sRGB) {
                unmet.append("the colour is \(effective.summary)")
            }
        case .displayP3:
            if !(isPrimaries(.displayP3) && effective.transfer == .sRGB) {
                unmet.append("the colour is \(effective.summary)")
            }
        case .tagged:
            if !tagged { unmet.append("the file has no colour tag (\(effective.basis))") }
        case .hdr:
            if !effective.isHDR, !gainMapISO, !gainMapXMP {
                unmet.append("neither PQ/HLG nor a gain map (\(effective.summary))")
            }
        case .gainMapISO:
            if !gainMapISO {
                unmet.append("no ISO 21496-1 gain-map metadata" + (gainMapXMP ? " (only XMP hdrgm)" : ""))
            }
        case .gainMapBoth:
            if !gainMapISO { unmet.append("no ISO 21496-1 gain-map metadata") }
            if !gainMapXMP { unmet.append("no XMP hdrgm gain-map metadata") }
        case .hdr10, .hlg, .hdr10Plus:
            let transfer: CICP.TransferCharacteristics = requirement == .hlg ? .hlg : .pq
            if !isPrimaries(.bt2020) {
                unmet.append(
                    "primaries are \(primaries.map { TextSanitizer.sanitize($0.name) } ?? "unknown"), not BT.2020")
            }
            if effective.transfer != transfer {
                unmet.append("transfer is \(effective.transfer?.displayName ?? "unknown"), not \(transfer.displayName)")
            }
            if (primary.bitDepth ?? 0) < 10 {
                unmet.append("\(primary.bitDepth.map { "\($0)" } ?? "unknown") bits per component, not ≥ 10")
            }
            if requirement != .hlg, primary.masteringDisplay.isEmpty {
                unmet.append("no mastering display colour volume (SMPTE ST 2086)")
            }
            if requirement != .hlg, primary.contentLightLevel.isEmpty {
                unmet.append("no content light level (MaxCLL, MaxFALL)")
            }
            if requirement == .hdr10Plus, primary.video?.hdr10PlusMetadata == nil {
                unmet.append(
                    primary.video?.hdr10Plus == nil
                        ? "no HDR10+ (SMPTE ST 2094-40) metadata" : "HDR10+ metadata that cannot be read")
            }
        case .dolbyVision:
            if primary.video?.dolbyVision == nil { unmet.append("no Dolby Vision configuration record") }
        case .cmaf:
            if !(tagging.format == .mp4 || tagging.format == .mov) {
                unmet.append("a \(tagging.format) file is not an ISOBMFF movie")
            }
            for (index, image) in tagging.images.enumerated() {
                guard let video = image.video, video.codec == .avc || video.codec == .hevc,
                    !image.colorBoxTypes.contains(where: { $0.value == ColorType.nclx })
                else { continue }
                unmet.append("\(image.role) (\(video.codec), image \(index)) has no colr nclx box")
            }
        }
        if !unmet.isEmpty {
            add(
                requirement.rule, "required \(requirement) but \(unmet.joined(separator: "; "))",
                at: effective.location, image: 0)
        }
    }
}
