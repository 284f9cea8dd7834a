import ColorSpaces
import SignalCoding

extension Precedence {
    /// What one source of a video track states about each code point: nil where it says nothing (a field it does not
    /// code, a Matroska child that is absent, the code 2 "unspecified").
    package struct VideoCodeStatement {
        package var source: CICPTag.Source
        package var location: TagLocation
        package var primaries: UInt8?
        package var transfer: UInt8?
        package var matrix: UInt8?
        package var fullRange: Bool?
        /// The codes as stored, 2 included (for comparisons that treat an explicit "unspecified" as a statement).
        package var raw: (primaries: UInt8, transfer: UInt8, matrix: UInt8)?
    }

    /// The container's statement: `colr` nclx, then nclc, then Matroska `Colour`.
    package static func containerStatement(_ image: ImageTags) -> VideoCodeStatement? {
        for source in [CICPTag.Source.nclx, .nclc, .matroskaColor] {
            if let tag = image.cicp(from: source) { return statement(tag, image: image) }
        }
        return nil
    }

    /// The bitstream's statement: the HEVC or H.264 SPS VUI, the AV1 sequence header, `vpcC`, or the VP9 frame header.
    package static func bitstreamStatement(_ image: ImageTags) -> VideoCodeStatement? {
        for source in [CICPTag.Source.hevcVUI, .avcVUI, .av1SequenceHeader, .vpcC, .vp9FrameHeader] {
            if let tag = image.cicp(from: source) { return statement(tag, image: image) }
        }
        return nil
    }

    static func statement(_ tag: Located<CICPTag>, image: ImageTags) -> VideoCodeStatement {
        let cicp = tag.value.cicp
        func stated(_ code: UInt8) -> UInt8? { code == 2 ? nil : code }
        var statement = VideoCodeStatement(source: tag.value.source, location: tag.location)
        if tag.value.source == .matroskaColor, let colour = image.video?.matroskaColor?.value {
            func code(_ value: UInt64?) -> UInt8? { value.map { UInt8(clamping: $0) }.flatMap(stated) }
            statement.primaries = code(colour.primaries)
            statement.transfer = code(colour.transferCharacteristics)
            statement.matrix = code(colour.matrixCoefficients)
            statement.fullRange = colour.fullRange
            if tag.value.hasColorDescription {
                statement.raw = (cicp.colorPrimaries, cicp.transferCharacteristics, cicp.matrixCoefficients)
            }
            return statement
        }
        if tag.value.hasColorDescription {
            statement.primaries = stated(cicp.colorPrimaries)
            statement.transfer = stated(cicp.transferCharacteristics)
            statement.matrix = stated(cicp.matrixCoefficients)
            statement.raw = (cicp.colorPrimaries, cicp.transferCharacteristics, cicp.matrixCoefficients)
        }
        // QuickTime's nclc has no range flag.
        statement.fullRange = tag.value.source == .nclc ? nil : cicp.videoFullRange
        return statement
    }

    /// A video track: the container (`colr` nclx or nclc, Matroska `Colour`) over the bitstream (SPS VUI, AV1
    /// sequence header, `vpcC`), as ISO/IEC 14496-12 §12.1.5 says for `colr`, field by field: a code the container
    /// leaves unspecified (2, or an absent Matroska child) is taken from the bitstream. A `colr` ICC profile (`prof`)
    /// gives primaries and transfer, the code points matrix and range. The alternative transfer characteristics SEI
    /// then replaces the transfer, as FFmpeg decides (DVB HLG: VUI 14, SEI 18; Multicorewareinc/x265 #321); the colour
    /// space name says so. With nothing stated the basis is ``EffectiveColor/Basis/none``: players guess from the frame
    /// size. The basis is ``EffectiveColor/Basis/cicp`` for code points from either the container or the bitstream;
    /// ``EffectiveColor/location`` names the tag that decided.
    static func effectiveColor(videoTrack image: ImageTags) -> EffectiveColor {
        let container = containerStatement(image)
        let bitstream = bitstreamStatement(image)
        var fromContainer = false
        func pick(_ c: UInt8?, _ b: UInt8?) -> UInt8 {
            if let c {
                fromContainer = true
                return c
            }
            return b ?? 2
        }
        let primaries = pick(container?.primaries, bitstream?.primaries)
        var transfer = pick(container?.transfer, bitstream?.transfer)
        let matrix = pick(container?.matrix, bitstream?.matrix)
        if container?.fullRange != nil { fromContainer = true }
        let fullRange = container?.fullRange ?? bitstream?.fullRange ?? false
        let stated = (fromContainer ? container?.location : nil) ?? bitstream?.location ?? container?.location
        if let icc = image.iccProfiles.first, var meaning = meaning(of: icc.value, location: icc.location) {
            if var cicp = meaning.cicp {
                cicp.matrixCoefficients = matrix
                cicp.videoFullRange = fullRange
                meaning.cicp = cicp
            }
            meaning.range = fullRange ? .full : .narrow
            return meaning
        }
        var note: String?
        if let alternative = image.video?.alternativeTransfer, alternative.value != 2, alternative.value != transfer {
            note =
                "transfer \(alternative.value) from the alternative transfer characteristics SEI; "
                + "the \(fromContainer ? container?.source.description ?? "container" : bitstream?.source.description ?? "bitstream") says \(transfer)"
            transfer = alternative.value
        }
        guard [primaries, transfer, matrix] != [2, 2, 2] else {
            if let profile5 = dolbyVisionProfile5(image) { return profile5 }
            var unspecified = EffectiveColor(
                basis: .none, cicp: nil,
                colorSpaceName: "unspecified: players guess from the frame size (BT.709 for HD, BT.601 for SD)",
                location: nil)
            unspecified.range = fullRange ? .full : .narrow
            return unspecified
        }
        let cicp = CICP(
            colorPrimaries: primaries, transferCharacteristics: transfer, matrixCoefficients: matrix,
            videoFullRange: fullRange)
        let name = [catalogName(cicp), note.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return EffectiveColor(basis: .cicp, cicp: cicp, colorSpaceName: name.isEmpty ? nil : name, location: stated)
    }

    /// The colour of a Dolby Vision profile 5 track whose code points are all unspecified, as profile 5 requires
    /// (its base layer is IPT-PQ-c2, which H.273 has no code for): nil for other tracks. Located at the record, else
    /// at the first RPU.
    static func dolbyVisionProfile5(_ image: ImageTags) -> EffectiveColor? {
        guard image.isDolbyVisionProfile5 else { return nil }
        let location = image.video?.dolbyVision?.location ?? image.video?.dolbyVisionRPUHeader?.location
        var color = EffectiveColor(
            basis: .dolbyVisionProfile5, cicp: nil,
            colorSpaceName: "IPT-PQ-c2 (Dolby Vision profile 5): PQ BT.2020 once a Dolby Vision decoder composes "
                + "it through the RPUs; players without Dolby Vision show it with wrong colours",
            location: location)
        color.range = .full
        return color
    }
}

extension ImageTags {
    /// Whether this is a Dolby Vision profile 5 video track: its record says profile 5, or, without a record (a raw
    /// stream), its first RPU's header points to profile 5.
    package var isDolbyVisionProfile5: Bool {
        guard let video else { return false }
        if let record = video.dolbyVision { return record.value.profile == 5 }
        return video.dolbyVisionRPUHeader?.value.profileHint == 5
    }
}
