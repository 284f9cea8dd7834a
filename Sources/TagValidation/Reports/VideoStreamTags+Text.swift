import SignalCoding
import MediaSyntax
import ColorTags

extension VideoStreamTags {
    /// The report lines of a video track (after its colour tags), each `label value — location`.
    func textLines(range: VideoRange?, indent: Int) -> [String] {
        var lines: [String] = []
        func add(_ label: String, _ value: String, _ location: TagLocation? = nil) {
            lines.append(
                String(repeating: " ", count: indent) + ICCProfileSummary.column(label)
                    + TextSanitizer.sanitize(value + (location.map { " — \($0)" } ?? "")))
        }
        add("Video", summary)
        if let list = editList {
            let media = duration.map { " of the track's \($0.g4) s of media" } ?? ""
            add(
                "Edit List",
                "\(list.value.summary): the movie's timeline shows \(list.value.presentedDuration.g4) s\(media)",
                list.location)
        }
        if let rotation = displayRotation {
            let turn =
                rotation.value < 0
                ? "turned \((-rotation.value).g4)° clockwise" : "turned \(rotation.value.g4)° counterclockwise"
            add(
                "Display Rotation",
                "\(rotation.value.g4)° (as ffprobe reports it): the pictures are \(turn) for display", rotation.location
            )
        }
        add("HLS VIDEO-RANGE", range?.rawValue ?? "none (the transfer names no class)")
        if let location = chromaSampleLocation {
            add("Chroma Sample Location", location.value.reportDescription, location.location)
        }
        if let ratio = pixelAspectRatio { add("Pixel Aspect Ratio", ratio.value.description, ratio.location) }
        if let gamma = quickTimeGamma { add("QuickTime Gamma", gamma.value.g4, gamma.location) }
        if let colour = matroskaColor { add("Matroska Colour", colour.value.summary, colour.location) }
        if let record = dolbyVision {
            let r = record.value
            let flags = [
                r.rpuPresent ? "RPU" : nil, r.enhancementLayerPresent ? "EL" : nil, r.baseLayerPresent ? "BL" : nil,
            ]
            .compactMap { $0 }.joined(separator: "+")
            add(
                "Dolby Vision",
                "profile \(r.name), level \(r.level), version \(r.versionMajor).\(r.versionMinor), \(flags.isEmpty ? "no layers" : flags), "
                    + "\(r.compatibilityDescription) in '\(r.boxType)'", record.location)
        }
        if let rpu = dolbyVisionRPU { add("Dolby Vision RPU", "present", rpu) }
        if let header = dolbyVisionRPUHeader { add("RPU Header", header.value.summary, header.location) }
        if let rpus = dolbyVisionRPUSummary { for (label, value) in rpus.value.textLines { add(label, value) } }
        if let alternative = alternativeTransfer {
            add(
                "Alternative Transfer", CICP.TransferCharacteristics(rawValue: alternative.value).description,
                alternative.location)
        }
        if let hdr10Plus { add("HDR10+", "ST 2094-40 metadata present", hdr10Plus) }
        if let values = hdr10PlusMetadata {
            add("HDR10+ First Frame", values.first.value.summary, values.first.location)
            if let summary = values.summary { add("HDR10+ Frames", summary.text) }
        }
        if let firstSample { add("First Sample Read", "\(firstSample.length) bytes", firstSample) }
        if let scan = dynamicMetadataScan {
            add(
                "Samples Scanned",
                "\(scan.samples) for RPUs and HDR10+ (\(scan.complete ? "every sample" : "the first \(scan.samples) only"))"
            )
        }
        for frame in dynamicMetadataFrames ?? [] { add("Frame \(frame.sample)", frame.text) }
        return lines
    }

    /// `"HEVC 'hvc1', profile 2, level 30, 4:2:0, 25 fps, 3 frames, 0.12 s of media"`.
    var summary: String {
        var parts = ["\(codec)"]
        if let sampleEntry {
            parts[0] += " '\(sampleEntry)'" + (originalFormat.map { " (original format '\($0)')" } ?? "")
        }
        if let codecID { parts[0] += " (\(codecID))" }
        if let protectionScheme { parts.append("protected '\(protectionScheme)'") }
        if let profile { parts.append("profile \(profile)") }
        if let level { parts.append("level \(level)") }
        if let chromaFormat { parts.append(["monochrome", "4:2:0", "4:2:2", "4:4:4"][Swift.min(chromaFormat, 3)]) }
        if let chromaBitDepth { parts.append("chroma \(chromaBitDepth)-bit") }
        if let frameRate { parts.append("\(frameRate.g4) fps") }
        if let sampleCount { parts.append("\(sampleCount) frame\(sampleCount == 1 ? "" : "s")") }
        if let duration { parts.append("\(duration.g4) s of media") }
        return parts.joined(separator: ", ")
    }
}

extension MatroskaColor {
    /// The children present, e.g. `"Primaries 9, TransferCharacteristics 16, Range 1, MaxCLL 1000"`.
    var summary: String {
        let fields: [(String, UInt64?)] = [
            ("Primaries", primaries), ("TransferCharacteristics", transferCharacteristics),
            ("MatrixCoefficients", matrixCoefficients), ("Range", range), ("BitsPerChannel", bitsPerChannel),
            ("ChromaSitingHorz", chromaSitingHorizontal), ("ChromaSitingVert", chromaSitingVertical),
            ("MaxCLL", maxCLL), ("MaxFALL", maxFALL),
        ]
        var parts = fields.compactMap { name, value in value.map { "\(name) \($0)" } }
        if masteringMetadata != nil { parts.append("MasteringMetadata") }
        return parts.isEmpty ? "empty" : parts.joined(separator: ", ")
    }
}

extension MovieTags {
    /// `"MP4 movie: 1 video track of 2, presented for 0.12 s, track list (moov) at byte 4022; 4 154 bytes read"`.
    var summary: String {
        var text =
            "\(container) movie: \(videoTrackCount) video track\(videoTrackCount == 1 ? "" : "s") of \(trackCount)"
        if let duration { text += ", presented for \(duration.g4) s" }
        if isFragmented { text += ", fragmented" }
        if let trackListOffset { text += ", track list at byte \(trackListOffset)" }
        if let scan {
            text +=
                "; scanned \(scan.units) \(scan.unitName), \(scan.frames) frame\(scan.frames == 1 ? "" : "s")"
                + (scan.dolbyVisionRPUs > 0 ? ", \(scan.dolbyVisionRPUs) Dolby Vision RPUs" : "")
                + " in the first \(scan.bytes) bytes"
                + (scan.reachedEnd ? " (the whole file)" : " (not the whole file)")
        }
        return text + "; \(bytesRead) bytes read"
    }
}
