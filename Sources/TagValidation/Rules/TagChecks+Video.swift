import ColorSpaces
import SignalCoding
import MediaSyntax
import ColorTags

extension TagChecks {
    /// The rules for a video track (MP4, QuickTime, Matroska): container against bitstream, a missing `colr`,
    /// untagged video, HDR metadata, the alternative transfer SEI and Dolby Vision. The image rules for code points,
    /// ICC profiles and HDR metadata plausibility run on tracks as on images.
    mutating func checkVideoTrack(_ image: ImageTags, _ index: Int) {
        guard let video = image.video else { return }
        checkContainerAgainstBitstream(image, video, index)
        checkUntaggedVideo(image, video, index)
        checkVideoHDRMetadata(image, video, index)
        checkAlternativeTransfer(image, video, index)
        checkHDR10Plus(image, video, index)
        checkDolbyVision(image, video, index)
        checkHDRBitDepth(image, video, index)
        checkDolbyVisionRPUs(image, video, index)
    }

    /// H.273 matrix codes with the same coefficients (5 and 6: BT.601 for 625 and 525 lines).
    static func sameMatrix(_ a: UInt8, _ b: UInt8) -> Bool { a == b || Set([a, b]) == [5, 6] }

    /// `video.colr-bitstream-mismatch` and `video.colr-missing`.
    mutating func checkContainerAgainstBitstream(_ image: ImageTags, _ video: VideoStreamTags, _ index: Int) {
        let bitstream = Precedence.bitstreamStatement(image)
        let alternative = video.alternativeTransfer?.value
        if let container = Precedence.containerStatement(image), let bitstream {
            var differences: [String] = []
            if let c = container.raw?.primaries ?? container.primaries,
                let b = bitstream.raw?.primaries ?? bitstream.primaries, !Self.samePrimaries(c, b)
            {
                differences.append("primaries \(c) vs \(b)")
            }
            if let c = container.raw?.transfer ?? container.transfer,
                let b = bitstream.raw?.transfer ?? bitstream.transfer,
                !Self.sameTransfer(c, b), !(alternative.map { Self.sameTransfer(c, $0) } ?? false)
            {
                differences.append("transfer \(c) vs \(b)")
            }
            if let c = container.raw?.matrix ?? container.matrix, let b = bitstream.raw?.matrix ?? bitstream.matrix,
                !Self.sameMatrix(c, b)
            {
                differences.append("matrix \(c) vs \(b)")
            }
            if let c = container.fullRange, let b = bitstream.fullRange, c != b {
                differences.append("range \(c ? "full" : "narrow") vs \(b ? "full" : "narrow")")
            }
            if !differences.isEmpty {
                add(
                    .videoColrBitstreamMismatch,
                    "the \(container.source) and the \(bitstream.source) disagree (\(differences.joined(separator: "; "))): "
                        + "players that follow the container and decoders that follow the bitstream (hardware, TVs) show different colours",
                    at: container.location, image: index)
            }
        }
        // A colr ICC profile without code points in the container: its primaries and transfer against the bitstream.
        if Precedence.containerStatement(image) == nil, let bitstream, let raw = bitstream.raw,
            let icc = image.iccProfiles.first, let meaning = Precedence.meaning(of: icc.value, location: icc.location)
        {
            var differences: [String] = []
            if let actual = meaning.primaries,
                let expected = RGBPrimaries(cicp: CICP.ColorPrimaries(rawValue: raw.primaries)),
                Self.chromaticityError(actual, expected) > options.chromaticityTolerance
            {
                differences.append("primaries \(TextSanitizer.sanitize(actual.name)) vs \(raw.primaries)")
            }
            let transfer = alternative ?? raw.transfer
            if let actual = meaning.transfer, transfer != 2, !Self.sameTransfer(actual.rawValue, transfer) {
                differences.append("transfer \(actual.rawValue) vs \(transfer)")
            }
            if !differences.isEmpty {
                add(
                    .videoColrBitstreamMismatch,
                    "the colr ICC profile (\(meaning.colorSpaceName ?? "unnamed")) and the \(bitstream.source) disagree "
                        + "(\(differences.joined(separator: "; "))): players that follow the container and decoders that "
                        + "follow the bitstream show different colours", at: icc.location, image: index)
            }
        }
        // ISOBMFF only: Matroska has no colr, and its Colour element is optional.
        guard tagging.format == .mp4 || tagging.format == .mov, image.colorBoxTypes.isEmpty,
            let bitstream, let raw = bitstream.raw
        else { return }
        let transfer = alternative ?? raw.transfer
        let wide: Set<UInt8> = [9, 11, 12, 22]
        if wide.contains(raw.primaries) || transfer == 16 || transfer == 18 {
            add(
                .videoColrMissing,
                "there is no colr box, so only the \(bitstream.source) says \(raw.primaries)/\(transfer)/\(raw.matrix): "
                    + "players that read the bitstream (FFmpeg, browsers) show it so, one that reads only the container "
                    + "would not; CMAF delivery requires the box (--require cmaf)",
                at: bitstream.location, image: index)
        }
    }

    /// `video.untagged-10-bit` (and `tags.untagged` for 8-bit tracks).
    mutating func checkUntaggedVideo(_ image: ImageTags, _ video: VideoStreamTags, _ index: Int) {
        guard image.effective.basis == .none, image.iccProfiles.isEmpty,
            video.dolbyVision?.value.profile != 5  // profile 5's base layer is not meant to be shown as such
        else { return }
        let bits = image.bitDepth ?? 8
        if bits >= 10 {
            add(
                .videoUntagged10Bit,
                "\(image.role) is \(bits)-bit \(video.codec) with no colour in its container or bitstream: players show "
                    + "it as SDR BT.709 (or guess from the frame size), while \(bits)-bit delivery is usually HDR or wide gamut",
                image: index)
        } else {
            add(
                .untagged,
                "\(image.role) has no colour in its container or bitstream; players guess from the frame size (BT.709 "
                    + "for HD, BT.601 for SD)", image: index)
        }
    }

    /// `video.hdr-metadata-missing` and `video.hdr-metadata-mismatch`.
    mutating func checkVideoHDRMetadata(_ image: ImageTags, _ video: VideoStreamTags, _ index: Int) {
        if image.effective.transfer == .pq {
            var missing: [String] = []
            if image.masteringDisplay.isEmpty { missing.append("a mastering display colour volume (SMPTE ST 2086)") }
            if image.contentLightLevel.isEmpty { missing.append("a content light level (MaxCLL, MaxFALL)") }
            if !missing.isEmpty {
                add(
                    .videoHDRMetadataMissing,
                    "\(image.role) is PQ without \(missing.joined(separator: " or ")) in any box, element, SEI message "
                        + "or metadata OBU: displays tone map from their own assumptions", at: image.effective.location,
                    image: index)
            }
        }
        let containerDisplays = image.masteringDisplay.filter { !video.bitstreamMasteringDisplay.contains($0) }
        if let box = containerDisplays.first, let stream = video.bitstreamMasteringDisplay.first {
            let (a, b) = (box.value, stream.value)
            let primaries = Self.largestDifference(
                [a.red, a.green, a.blue, a.white], [b.red, b.green, b.blue, b.white])
            // The usual mix-up: primaries stored in R, G, B order where G, B, R is defined (or the reverse), which
            // rotates them by one place.
            let rotated = Swift.min(
                Self.largestDifference([a.red, a.green, a.blue], [b.blue, b.red, b.green]),
                Self.largestDifference([a.red, a.green, a.blue], [b.green, b.blue, b.red]))
            let peak = Swift.abs(a.maximumLuminance - b.maximumLuminance)
            let black = Swift.abs(a.minimumLuminance - b.minimumLuminance)
            if primaries > 0.0005 || peak > Swift.max(0.5, 0.001 * Swift.max(a.maximumLuminance, b.maximumLuminance))
                || black > Swift.max(0.0005, 0.01 * Swift.max(a.minimumLuminance, b.minimumLuminance))
            {
                let hint =
                    rotated < 0.0005 && primaries > 0.0005
                    ? "; they hold the same primaries shifted by one place: the G, B, R order written as R, G, B, or the reverse"
                    : ""
                add(
                    .videoHDRMetadataMismatch,
                    "the mastering display of \(box.location.container) (peak \(a.maximumLuminance.g4), black "
                        + "\(a.minimumLuminance.g4) cd/m²) and of \(stream.location.container) (peak \(b.maximumLuminance.g4), "
                        + "black \(b.minimumLuminance.g4) cd/m²) differ by up to \(primaries.fixed(4)) in xy\(hint)",
                    at: box.location, image: index)
            }
        }
        let containerLevels = image.contentLightLevel.filter { !video.bitstreamContentLightLevel.contains($0) }
        if let box = containerLevels.first, let stream = video.bitstreamContentLightLevel.first {
            let (a, b) = (box.value, stream.value)
            if Swift.abs(a.maxContentLightLevel - b.maxContentLightLevel) > 0.5
                || Swift.abs(a.maxFrameAverageLightLevel - b.maxFrameAverageLightLevel) > 0.5
            {
                add(
                    .videoHDRMetadataMismatch,
                    "the content light level of \(box.location.container) (MaxCLL \(a.maxContentLightLevel.g4), MaxFALL "
                        + "\(a.maxFrameAverageLightLevel.g4)) and of \(stream.location.container) (MaxCLL "
                        + "\(b.maxContentLightLevel.g4), MaxFALL \(b.maxFrameAverageLightLevel.g4) cd/m²) differ",
                    at: box.location, image: index)
            }
        }
    }

    /// The largest |Δx| or |Δy| between chromaticities paired in order.
    static func largestDifference(_ a: [Chromaticity], _ b: [Chromaticity]) -> Double {
        zip(a, b).map { Swift.max(Swift.abs($0.x - $1.x), Swift.abs($0.y - $1.y)) }.max() ?? 0
    }

    /// `video.hlg-alternative-transfer-only`.
    mutating func checkAlternativeTransfer(_ image: ImageTags, _ video: VideoStreamTags, _ index: Int) {
        guard let alternative = video.alternativeTransfer, alternative.value == 18 else { return }
        let stated = [Precedence.containerStatement(image), Precedence.bitstreamStatement(image)].compactMap {
            $0.flatMap { s in (s.raw?.transfer ?? s.transfer).map { (s.source, $0) } }
        }
        guard !stated.contains(where: { $0.1 == 18 }) else { return }
        let others = stated.map { "the \($0.0) says \($0.1)" }.joined(separator: ", ")
        add(
            .videoHLGAlternativeTransferOnly,
            "HLG is signalled only by the alternative transfer characteristics SEI (18)"
                + (others.isEmpty ? "" : "; \(others)")
                + ": HLG-aware players (FFmpeg) show HLG, others the backward-compatible SDR signal, as DVB intends",
            at: alternative.location, image: index)
    }
}
