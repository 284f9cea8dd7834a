import ColorSpaces
import SignalCoding
import MediaSyntax

extension ISOBMFFMovieReader {
    /// A visual sample entry (ISO/IEC 14496-12 §12.1.3; QuickTime's video sample description has the same 78 bytes):
    /// size, then the boxes after the fixed fields: `colr` (nclx, nclc, prof, rICC), `mdcv`, `clli`, `SmDm`, `CoLL`,
    /// `pasp`, `gama`, the codec configuration (`hvcC`, `avcC`, `av1C`, `vpcC`), the Dolby Vision record (`dvcC`,
    /// `dvvC`, `dvwC`) and, for a protected entry (`encv`), `sinf/frma` and `sinf/schm`.
    mutating func readSampleEntry(_ entry: Box, in moov: Loaded, into builder: inout VideoTrackBuilder, trackID: UInt32)
        throws(ColorTagsError)
    {
        let fixed = prefix(of: entry, in: moov, count: 78)
        guard fixed.count == 78 else {
            problems.append(
                ReadProblem(
                    .malformed,
                    "the sample entry '\(entry.type)' of track \(trackID) has \(entry.payload.count) bytes, fewer than the 78 of a visual sample entry",
                    at: location(of: entry, in: moov)))
            return
        }
        builder.video.sampleEntry = entry.type
        builder.video.codec = VideoTrackBuilder.codec(sampleEntry: entry.type)
        if let width = fixed.u16(24), let height = fixed.u16(26), width > 0, height > 0 {
            (builder.image.width, builder.image.height) = (Int(width), Int(height))
        }
        let start = entry.payload.lowerBound + 78
        let boxes = try children(of: start..<entry.payload.upperBound, in: moov, depth: 7, path: entry.path)
        // The protection boxes first: the original format decides how the configuration is read.
        if let sinf = boxes.first(where: { $0.type == BoxType.sinf }) {
            for box in try children(of: sinf.payload, in: moov, depth: 8, path: sinf.path) {
                let p = prefix(of: box, in: moov, count: 8)
                if box.type == BoxType.frma, p.count >= 4 {
                    builder.video.originalFormat = Bytes.fourCC(p[0..<4])
                    builder.video.codec = VideoTrackBuilder.codec(sampleEntry: Bytes.fourCC(p[0..<4]))
                } else if box.type == BoxType.schm, p.count >= 8 {
                    builder.video.protectionScheme = Bytes.fourCC(p[4..<8])
                }
            }
        }
        for box in boxes { readVisualBox(box, in: moov, into: &builder, trackID: trackID) }
    }

    /// One box of a visual sample entry.
    mutating func readVisualBox(_ box: Box, in moov: Loaded, into builder: inout VideoTrackBuilder, trackID: UInt32) {
        let data = prefix(of: box, in: moov)
        let here = location(of: box, in: moov)
        func short(_ needed: Int) {
            problems.append(
                ReadProblem(
                    .malformed,
                    "'\(box.path)' of track \(trackID) has \(box.payload.count) bytes, fewer than \(needed)",
                    at: here))
        }
        switch BoxType(rawValue: box.type) {
        case .colr:
            guard data.count >= 4 else { return short(4) }
            readColor(box, data: data, in: moov, into: &builder, trackID: trackID)
        case .mdcv:
            guard data.count >= 24 else { return short(24) }
            if let value = MasteringDisplayColorVolume(st2086: data[...]) {
                builder.containerMasteringDisplay.append(Located(value, at: here))
            }
        case .clli:
            guard data.count >= 4 else { return short(4) }
            if let value = ContentLightLevel(cta861: data[...]) {
                builder.containerContentLightLevel.append(Located(value, at: here))
            }
        case .SmDm:
            // VP codec binding: FullBox, then R, G, B and white in 0.16 fixed point, max 24.8, min 18.14.
            guard data.count >= 28 else { return short(28) }
            func xy(_ i: Int) -> Chromaticity {
                Chromaticity(
                    x: Double(data.u16(inBounds: 4 + i * 4)) / 65536, y: Double(data.u16(inBounds: 6 + i * 4)) / 65536)
            }
            builder.containerMasteringDisplay.append(
                Located(
                    MasteringDisplayColorVolume(
                        red: xy(0), green: xy(1), blue: xy(2), white: xy(3),
                        maximumLuminance: Double(data.u32(inBounds: 20)) / 256,
                        minimumLuminance: Double(data.u32(inBounds: 24)) / 16384),
                    at: here))
        case .CoLL:
            guard data.count >= 8, let value = ContentLightLevel(cta861: data[4...]) else { return short(8) }
            builder.containerContentLightLevel.append(Located(value, at: here))
        case .pasp:
            guard data.count >= 8 else { return short(8) }
            builder.video.pixelAspectRatio = Located(
                PixelAspectRatio(horizontal: data.u32(inBounds: 0), vertical: data.u32(inBounds: 4)), at: here)
        case .gama:
            guard data.count >= 4 else { return short(4) }
            builder.video.quickTimeGamma = Located(Double(data.u32(inBounds: 0)) / 65536, at: here)
        case .hvcC, .avcC, .av1C, .vpcC:
            // vpcC is a full box: its version byte comes first, as its reader expects.
            builder.readConfiguration(
                type: box.type, bytes: Array(moov.payload[box.payload]), offset: here.offset, container: box.path)
        case .dvcC, .dvvC, .dvwC:
            guard let record = DolbyVisionConfiguration(bytes: data, boxType: box.type) else { return short(4) }
            builder.video.dolbyVision = Located(record, at: here)
        default:
            break
        }
    }

    /// A `colr` box: `nclx` (ISO/IEC 14496-12: three u16 codes and the full-range flag), `nclc` (QuickTime: three
    /// u16 codes, no range), `prof` / `rICC` (an ICC profile).
    mutating func readColor(
        _ box: Box, data: [UInt8], in moov: Loaded, into builder: inout VideoTrackBuilder, trackID: UInt32
    ) {
        let kind = Bytes.fourCC(data[0..<4])
        let here = location(of: box, in: moov, name: "\(box.path) (\(kind))")
        builder.image.colorBoxTypes.append(Located(kind, at: here))
        switch ColorType(rawValue: kind) {
        case .nclx, .nclc:
            let (tag, found) = ColorInformation.read(data, in: "'\(box.path)' of track \(trackID)")
            problems += found.map { ReadProblem($0.0, $0.1, at: here) }
            if let tag { builder.containerCICP.append(Located(tag, at: here)) }
        case .prof, .rICC:
            let profile = EmbeddedICCProfile(
                bytes: Array(moov.payload[(box.payload.lowerBound + 4)..<box.payload.upperBound]))
            builder.image.iccProfiles.append(Located(profile, at: here))
        default:
            break
        }
    }
}
