import ColorTags

extension VideoStreamTags {
    /// The video-only fields as JSON (`HLSVideoRange` from the track's effective colour).
    func json(range: VideoRange?) -> JSONValue {
        var members: [(String, JSONValue)] = [("TrackID", .integer(Int(trackID))), ("Codec", .string(codec.rawValue))]
        if let sampleEntry { members.append(("SampleEntry", .string(sampleEntry))) }
        if let originalFormat { members.append(("OriginalFormat", .string(originalFormat))) }
        if let protectionScheme { members.append(("ProtectionScheme", .string(protectionScheme))) }
        if let codecID { members.append(("CodecID", .string(codecID))) }
        if let profile { members.append(("Profile", .integer(profile))) }
        if let level { members.append(("Level", .integer(level))) }
        if let chromaFormat { members.append(("ChromaFormat", .integer(chromaFormat))) }
        if let chromaBitDepth { members.append(("ChromaBitDepth", .integer(chromaBitDepth))) }
        members.append(("HLSVideoRange", .optional(range) { .string($0.rawValue) }))
        members += pictureMembers + dolbyVisionMembers + dynamicMetadataMembers + timingMembers
        return .object(members)
    }

    /// Chroma siting, pixel aspect ratio, QuickTime gamma and Matroska `Colour`, where present.
    private var pictureMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let c = chromaSampleLocation {
            members.append(
                (
                    "ChromaSampleLocation",
                    .compact([
                        ("Type", .integer(c.value.chromaSampleLocationType)),
                        ("Description", .string(c.value.reportDescription)), ("Location", c.location.json),
                    ])
                ))
        }
        if let p = pixelAspectRatio {
            members.append(
                (
                    "PixelAspectRatio",
                    .object([
                        ("Horizontal", .integer(Int(p.value.horizontal))),
                        ("Vertical", .integer(Int(p.value.vertical))),
                        ("Location", p.location.json),
                    ])
                ))
        }
        if let g = quickTimeGamma {
            members.append(("QuickTimeGamma", .object([("Value", .number(g.value)), ("Location", g.location.json)])))
        }
        if let m = matroskaColor { members.append(("MatroskaColour", m.value.json(m.location))) }
        return members
    }

    /// The Dolby Vision configuration record, the first RPU, its header and the summary of every RPU.
    private var dolbyVisionMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let d = dolbyVision {
            let r = d.value
            members.append(
                (
                    "DolbyVision",
                    .object([
                        ("Box", .string(r.boxType)), ("VersionMajor", .integer(Int(r.versionMajor))),
                        ("VersionMinor", .integer(Int(r.versionMinor))), ("Profile", .integer(Int(r.profile))),
                        ("Level", .integer(Int(r.level))), ("RPUPresent", .bool(r.rpuPresent)),
                        ("ELPresent", .bool(r.enhancementLayerPresent)), ("BLPresent", .bool(r.baseLayerPresent)),
                        ("BLSignalCompatibilityID", .integer(Int(r.compatibilityID))),
                        ("MetadataCompression", .integer(Int(r.metadataCompression))), ("Location", d.location.json),
                    ])
                ))
        }
        if let rpu = dolbyVisionRPU { members.append(("DolbyVisionRPU", .object([("Location", rpu.json)]))) }
        if let header = dolbyVisionRPUHeader {
            let h = header.value
            members.append(
                (
                    "DolbyVisionRPUHeader",
                    .compact([
                        ("RPUType", .integer(Int(h.rpuType))), ("RPUFormat", .integer(Int(h.rpuFormat))),
                        ("VDRRPUProfile", .integer(Int(h.vdrRPUProfile))),
                        ("VDRRPULevel", .integer(Int(h.vdrRPULevel))),
                        ("BaseLayerFullRange", .optional(h.baseLayerFullRange, JSONValue.bool)),
                        ("BaseLayerBitDepth", .optional(h.baseLayerBitDepth, JSONValue.integer)),
                        ("EnhancementLayerBitDepth", .optional(h.enhancementLayerBitDepth, JSONValue.integer)),
                        ("VDRBitDepth", .optional(h.vdrBitDepth, JSONValue.integer)),
                        ("ProfileHint", .optional(h.profileHint, JSONValue.integer)),
                        ("Location", header.location.json),
                    ])
                ))
        }
        if let rpus = dolbyVisionRPUSummary {
            members.append(("DolbyVisionRPUSummary", rpus.value.json(location: rpus.location)))
        }
        return members
    }

    /// The alternative transfer SEI and HDR10+ (the first record and the summary).
    private var dynamicMetadataMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let a = alternativeTransfer {
            members.append(
                (
                    "AlternativeTransferCharacteristics",
                    .object([("Value", .integer(Int(a.value))), ("Location", a.location.json)])
                ))
        }
        if let hdr10Plus { members.append(("HDR10Plus", .object([("Location", hdr10Plus.json)]))) }
        if let values = hdr10PlusMetadata {
            members.append(
                (
                    "HDR10PlusMetadata",
                    .object([("Value", values.first.value.json), ("Location", values.first.location.json)])
                ))
            if let summary = values.summary { members.append(("HDR10PlusSummary", summary.json)) }
        }
        return members
    }

    /// Frame rate, count, duration, edit list, rotation, the first sample and the per-frame scan.
    private var timingMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let frameRate { members.append(("FrameRate", .number(frameRate))) }
        if let sampleCount { members.append(("FrameCount", .integer(sampleCount))) }
        if let duration { members.append(("Duration", .number(duration))) }
        if let list = editList {
            let edits = list.value.edits.map { edit -> JSONValue in
                .object([
                    ("Duration", .number(edit.duration)),
                    ("MediaStart", edit.mediaStart.map { .number($0) } ?? .null),
                ])
            }
            members.append(("EditList", .object([("Edits", .array(edits)), ("Location", list.location.json)])))
        }
        if let rotation = displayRotation {
            members.append(
                (
                    "DisplayRotation",
                    .object([("Value", .number(rotation.value)), ("Location", rotation.location.json)])
                ))
        }
        if let firstSample { members.append(("FirstSample", firstSample.json)) }
        if let scan = dynamicMetadataScan {
            members.append(
                (
                    "DynamicMetadataScan",
                    .object([
                        ("Samples", .integer(scan.samples)), ("Complete", .bool(scan.complete)),
                    ])
                ))
        }
        if let frames = dynamicMetadataFrames {
            members.append(("DynamicMetadataFrames", .array(frames.map(\.json))))
        }
        return members
    }
}

extension MatroskaColor {
    func json(_ location: TagLocation) -> JSONValue {
        func field(_ value: UInt64?) -> JSONValue { .optional(value) { .integer(Int(clamping: $0)) } }
        return .compact([
            ("Primaries", field(primaries)), ("TransferCharacteristics", field(transferCharacteristics)),
            ("MatrixCoefficients", field(matrixCoefficients)), ("Range", field(range)),
            ("BitsPerChannel", field(bitsPerChannel)), ("ChromaSubsamplingHorz", field(chromaSubsamplingHorizontal)),
            ("ChromaSubsamplingVert", field(chromaSubsamplingVertical)),
            ("ChromaSitingHorz", field(chromaSitingHorizontal)), ("ChromaSitingVert", field(chromaSitingVertical)),
            ("MaxCLL", field(maxCLL)), ("MaxFALL", field(maxFALL)),
            ("MasteringMetadata", .optional(masteringMetadata) { _ in .bool(true) }), ("Location", location.json),
        ])
    }
}

extension MovieTags {
    var json: JSONValue {
        .compact([
            ("Container", .string(container)), ("Duration", .optional(duration, JSONValue.number)),
            ("Tracks", .integer(trackCount)), ("VideoTracks", .integer(videoTrackCount)),
            ("Fragmented", .bool(isFragmented)), ("TrackListOffset", .optional(trackListOffset, JSONValue.integer)),
            ("BytesRead", .integer(bytesRead)),
            (
                "Scan",
                .optional(scan) { scan in
                    .object([
                        ("Bytes", .integer(scan.bytes)), ("ReachedEnd", .bool(scan.reachedEnd)),
                        ("Units", .integer(scan.units)), ("UnitName", .string(scan.unitName)),
                        ("Frames", .integer(scan.frames)), ("DolbyVisionRPUs", .integer(scan.dolbyVisionRPUs)),
                    ])
                }
            ),
        ])
    }
}
