import MediaSyntax

/// The HDR10+ record of every picture of an HEVC stream, in decoding order, kept compactly (a display-order key and
/// an index into the distinct records) so that display order, scenes and hdr10plus_tool's JSON can be derived.
/// Bounded by the pictures read (``VideoTrackBuilder/maximumNALUnits`` for the inspect scan).
struct HDR10PlusFrameLog {
    /// The record seen since the last picture started: it belongs to the next picture (SEI prefix units precede
    /// their picture's slices). `.some(nil)` is a record that could not be parsed.
    var pending: HDR10PlusMetadata??
    /// Distinct records, in order of first appearance.
    private(set) var records: [HDR10PlusMetadata] = []
    private var recordIndex: [HDR10PlusMetadata: Int] = [:]
    /// Per picture in decoding order: its display-order key and its record (-1 none, -2 unreadable).
    private var pictures: [(epoch: Int, order: Int, decoded: Int, record: Int)] = []
    private(set) var order = HEVCPictureOrder()

    /// Reads one NAL unit (header included): parameter sets for the picture order; a picture's first slice takes the
    /// pending record.
    mutating func read(_ nal: ArraySlice<UInt8>) {
        order.readParameterSet(nal)
        guard AnnexB.startsHEVCPicture(nal) else { return }
        let key = order.pictureKey(nal) ?? (pictures.last.map { ($0.epoch, $0.order + 1) } ?? (0, 0))
        pictures.append((key.epoch, key.order, pictures.count, takePending()))
    }

    /// Ends a frame whose stream has no picture order to derive (an AV1 temporal unit: one shown frame each, in
    /// display order); the frame takes the pending record.
    mutating func frame() {
        let key = pictures.last.map { ($0.epoch, $0.order + 1) } ?? (0, 0)
        pictures.append((key.0, key.1, pictures.count, takePending()))
    }

    /// The index of the pending record (-1 none, -2 unreadable), which it clears.
    private mutating func takePending() -> Int {
        var record = -1
        switch pending {
        case .some(.some(let metadata)):
            if let index = recordIndex[metadata] {
                record = index
            } else {
                record = records.count
                recordIndex[metadata] = record
                records.append(metadata)
            }
        case .some(.none): record = -2
        case .none: break
        }
        pending = nil
        return record
    }

    /// The frames from the first with a record on (in decoding order), in display order, a picture without a record
    /// taking the record of the picture before it in decoding order: as hdr10plus_tool and FFmpeg fill gaps.
    var filledFrames: [HDR10PlusMetadata] {
        var carried = -1
        var frames: [(epoch: Int, order: Int, decoded: Int, record: Int)] = []
        for picture in pictures {
            if picture.record >= 0 { carried = picture.record }
            if carried >= 0 { frames.append((picture.epoch, picture.order, picture.decoded, carried)) }
        }
        return frames.sorted { ($0.epoch, $0.order, $0.decoded) < ($1.epoch, $1.order, $1.decoded) }
            .map { records[$0.record] }
    }

    /// The summary of the frames read.
    var summary: HDR10PlusSummary {
        var summary = HDR10PlusSummary()
        for picture in pictures {
            if picture.record >= 0 { summary.framesWithMetadata += 1 } else { summary.framesWithoutMetadata += 1 }
            if picture.record == -2 { summary.unreadableRecords += 1 }
        }
        let frames = filledFrames
        summary.profile = HDR10PlusScenes.profile(of: frames)
        summary.sceneCount = HDR10PlusScenes.firstFrames(of: frames, profile: summary.profile).count
        for record in records {
            let peak = Double(record.maxSCLMaximum) / 10
            let target = Double(record.targetedSystemDisplayMaximumLuminance)
            summary.maxSCLRange =
                summary.maxSCLRange.map { min($0.lowerBound, peak)...max($0.upperBound, peak) }
                ?? peak...peak
            summary.targetedPeakRange =
                summary.targetedPeakRange.map {
                    min($0.lowerBound, target)...max($0.upperBound, target)
                } ?? target...target
        }
        return summary
    }
}

/// Scenes and profile as hdr10plus_tool's JSON export derives them (metadata_json.rs: `json_list`,
/// `compute_scene_information`).
enum HDR10PlusScenes {
    /// `B` when every frame is profile B, `A` when every frame is A, else `N/A`.
    static func profile(of frames: [HDR10PlusMetadata]) -> String {
        if !frames.isEmpty, frames.allSatisfy({ $0.profile == "B" }) { return "B" }
        if !frames.isEmpty, frames.allSatisfy({ $0.profile == "A" }) { return "A" }
        return "N/A"
    }

    /// The index of each scene's first frame: frame 0, then every frame whose exported values differ from the
    /// previous frame's (the Bézier curve counts only in a profile B stream).
    static func firstFrames(of frames: [HDR10PlusMetadata], profile: String) -> [Int] {
        frames.indices.filter { index in
            index == 0 || !sameScene(frames[index - 1], frames[index], curve: profile == "B")
        }
    }

    /// Whether two records export the same scene values: the last window's luminance parameters (hdr10plus_tool keeps
    /// the last window), the number of windows, the targeted display peak and, with `curve`, the Bézier curve.
    static func sameScene(_ a: HDR10PlusMetadata, _ b: HDR10PlusMetadata, curve: Bool) -> Bool {
        guard let x = a.windows.last, let y = b.windows.last else { return a.windows.count == b.windows.count }
        return a.windows.count == b.windows.count
            && a.targetedSystemDisplayMaximumLuminance == b.targetedSystemDisplayMaximumLuminance
            && x.maxSCL == y.maxSCL && x.averageMaxRGB == y.averageMaxRGB && x.distribution == y.distribution
            && (!curve || x.toneMapping == y.toneMapping)
    }
}
