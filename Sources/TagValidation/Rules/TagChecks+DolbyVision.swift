import ColorTags

extension TagChecks {
    /// The Dolby Vision record against the base layer's colour and its own box: `video.dolby-vision-*`.
    mutating func checkDolbyVision(_ image: ImageTags, _ video: VideoStreamTags, _ index: Int) {
        checkRecordMissing(video, index)
        guard let located = video.dolbyVision else { return }
        let record = located.value
        if record.boxType != record.expectedBoxType {
            add(
                .videoDolbyVisionRecordBox,
                "Dolby Vision profile \(record.profile) is in a '\(record.boxType)' box; profile \(record.profile) "
                    + "belongs in '\(record.expectedBoxType)' (dvcC up to 7, dvvC 8 to 10, dvwC above)",
                at: located.location, image: index)
        }
        if record.profile == 8, record.compatibilityID == 0 {
            add(
                .videoDolbyVisionProfile8Compatibility0,
                "Dolby Vision profile 8 with compatibility ID 0: profile 8 has a backward-compatible base layer whose "
                    + "kind the ID must name (1 HDR10, 2 SDR, 4 HLG); MP4Box warns (gpac #1991) and players cannot tell "
                    + "how to show the base layer", at: located.location, image: index)
            return
        }
        if record.profile == 5 {
            if record.compatibilityID != 0 {
                add(
                    .videoDolbyVisionCompatibility,
                    "Dolby Vision profile 5 has no backward-compatible base layer (IPTPQc2), but the record says "
                        + "compatibility ID \(record.compatibilityID) (\(record.compatibilityDescription))",
                    at: located.location, image: index)
            }
            return
        }
        let effective = image.effective
        let transfer = effective.cicp?.transferCharacteristics ?? effective.transfer?.rawValue ?? 2
        let primaries = effective.cicp?.colorPrimaries ?? 2
        let base = "\(primaries)/\(transfer) (\(effective.colorSpaceName ?? "unknown"))"
        let expected: (ok: Bool, what: String)? =
            switch record.compatibilityID {
            case 0: nil
            case 1, 6: (transfer == 16 && primaries == 9, "PQ with BT.2020 primaries")
            // An untagged base (2/2) is BT.709 SDR by convention (H.273: players assume it for HD), which the untagged
            // note reports; it does not contradict an SDR record.
            case 2: ([1, 2, 6, 14, 15].contains(transfer) && [1, 2].contains(primaries), "SDR BT.709")
            case 4: (transfer == 18 && primaries == 9, "HLG with BT.2020 primaries")
            default: (false, "a defined compatibility ID (1, 2, 4 or 6)")
            }
        if let expected, !expected.ok {
            add(
                .videoDolbyVisionCompatibility,
                "Dolby Vision \(record.name) promises \(record.compatibilityDescription), so the base layer must be "
                    + "\(expected.what), but it is \(base): Dolby Vision players apply the RPU to the wrong base layer "
                    + "and other players show a picture the RPU was not made for (quietvoid/dovi_tool #144)",
                at: located.location, image: index)
        }
    }

    /// `video.dolby-vision-record-missing`: RPUs in a container track (MP4, QuickTime, Matroska) without a record.
    /// Raw streams and transport streams have no place for one.
    private mutating func checkRecordMissing(_ video: VideoStreamTags, _ index: Int) {
        guard video.dolbyVision == nil, [.mp4, .mov, .matroska].contains(tagging.format) else { return }
        let rpus = video.dolbyVisionRPUSummary?.value.rpus ?? 0
        guard let location = video.dolbyVisionRPU ?? video.dolbyVisionRPUSummary?.location,
            rpus > 0 || video.dolbyVisionRPU != nil
        else { return }
        let count = rpus > 0 ? "\(rpus) Dolby Vision RPU\(rpus == 1 ? "" : "s")" : "Dolby Vision RPUs"
        add(
            .videoDolbyVisionRecordMissing,
            "\(count) in the frames, but no Dolby Vision configuration record in the \(tagging.format) track: players "
                + "decide on Dolby Vision from the record, so they ignore the RPUs and play the base layer",
            at: location, image: index)
    }
}
