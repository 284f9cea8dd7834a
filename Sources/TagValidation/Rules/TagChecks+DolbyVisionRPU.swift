import ColorTags

extension TagChecks {
    /// What the Dolby Vision RPUs say against their own CRCs, the stream's static HDR metadata and the configuration
    /// record: `video.dolby-vision-rpu-crc`, `-l6-mismatch`, `-rpu-profile-mismatch`, `-rpu-shots` and `-rpu-missing`.
    mutating func checkDolbyVisionRPUs(_ image: ImageTags, _ video: VideoStreamTags, _ index: Int) {
        guard let located = video.dolbyVisionRPUSummary else { return }
        let rpus = located.value
        let location = located.location
        if rpus.crcFailures > 0 {
            add(
                .videoDolbyVisionRPUCRC,
                "\(rpus.crcFailures) of \(rpus.rpus) Dolby Vision RPUs fail their CRC-32 (\(rpus.firstFailure ?? "")): "
                    + "decoders drop them", at: location, image: index)
        }
        checkLevel6(image, rpus, location, index)
        if let frames = framesRead(video), rpus.rpus < frames {
            add(
                .videoDolbyVisionRPUMissing,
                "\(frames - rpus.rpus) of \(frames) frames read carry no Dolby Vision RPU (\(rpus.rpus) RPUs): "
                    + "a Dolby Vision decoder needs one per frame", at: location, image: index)
        }
        if let record = video.dolbyVision?.value, [4, 5, 7, 8].contains(Int(record.profile)) {
            let others = rpus.profiles.filter { $0 != Int(record.profile) }
            if !others.isEmpty {
                add(
                    .videoDolbyVisionRPUProfile,
                    "the Dolby Vision record says profile \(record.profile), but the RPUs are profile "
                        + "\(rpus.profileText): players set up for one apply metadata made for the other",
                    at: location, image: index)
            }
        }
        var shotProblems: [String] = []
        if rpus.zeroFrameShots > 0 { shotProblems.append("\(rpus.zeroFrameShots) shots of zero frames") }
        if rpus.invalidSceneRefresh > 0 {
            shotProblems.append("\(rpus.invalidSceneRefresh) RPUs with a scene_refresh_flag above 1")
        }
        if rpus.l1OutOfRange > 0 {
            shotProblems.append("\(rpus.l1OutOfRange) L1 blocks with min_pq > avg_pq or avg_pq > max_pq")
        }
        if !shotProblems.isEmpty {
            add(
                .videoDolbyVisionShots,
                "the Dolby Vision shots cannot be right: " + shotProblems.joined(separator: ", "), at: location,
                image: index)
        }
    }

    /// L6 against `clli`/SEI 144 and `mdcv`/SEI 137 (0 in L6 means unknown and is not compared; 1 cd/m² of rounding
    /// is allowed).
    private mutating func checkLevel6(
        _ image: ImageTags, _ rpus: DolbyVisionRPUSummary, _ location: TagLocation, _ index: Int
    ) {
        func differs(_ l6: Int, _ other: Double) -> Bool { l6 > 0 && abs(Double(l6) - other) > 1 }
        var differences: [String] = []
        for l6 in rpus.level6 {
            for cll in image.contentLightLevel {
                let c = cll.value
                if differs(l6.maxCLL, c.maxContentLightLevel) || differs(l6.maxFALL, c.maxFrameAverageLightLevel) {
                    differences.append(
                        "L6 MaxCLL \(l6.maxCLL), MaxFALL \(l6.maxFALL) cd/m² vs MaxCLL \(c.maxContentLightLevel.g4), "
                            + "MaxFALL \(c.maxFrameAverageLightLevel.g4) at \(cll.location)")
                }
            }
            for mdcv in image.masteringDisplay where differs(l6.masteringMaximum, mdcv.value.maximumLuminance) {
                differences.append(
                    "L6 mastering peak \(l6.masteringMaximum) cd/m² vs \(mdcv.value.maximumLuminance.g4) at \(mdcv.location)"
                )
            }
        }
        guard !differences.isEmpty else { return }
        add(
            .videoDolbyVisionL6Mismatch,
            "the Dolby Vision level 6 metadata disagrees with the HDR10 static metadata: "
                + differences.prefix(4).joined(separator: "; ")
                + ": Dolby Vision and HDR10 players send different values to the display", at: location,
            image: index)
    }

    /// The frames whose RPUs were all looked for: every sample of an MP4 track scanned, or every picture of a raw
    /// stream read to its end (a stream prefix may end inside a frame before its RPU); nil for an RPU file, where each
    /// RPU is a frame.
    private func framesRead(_ video: VideoStreamTags) -> Int? {
        if let scan = video.dynamicMetadataScan { return scan.samples }
        guard tagging.format != .dolbyVisionRPU, let scan = tagging.movie?.scan, scan.reachedEnd, scan.frames > 0
        else { return nil }
        return scan.frames
    }
}
