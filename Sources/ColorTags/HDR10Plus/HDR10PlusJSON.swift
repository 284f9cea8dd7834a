public import Foundation
public import MediaSyntax

/// The JSON document hdr10plus_tool's `extract` writes and x265's `--dhdr10-info` reads: one entry per frame in
/// display order (`SceneInfo`), the scenes (`SceneInfoSummary`), the profile and the tool. Values keep ST 2094-40's
/// integer scales (luminances in 0.1 cd/m² except the targeted display's whole cd/m²); fields the format has no
/// key for (fraction of bright pixels, window geometry, actual peak matrices, saturation weight) are not kept.
public struct HDR10PlusJSON: Codable, Hashable, Sendable {
    public var info: Info
    public var sceneInfo: [Frame]
    public var sceneInfoSummary: SceneSummary
    public var toolInfo: Tool

    enum CodingKeys: String, CodingKey {
        case info = "JSONInfo"
        case sceneInfo = "SceneInfo"
        case sceneInfoSummary = "SceneInfoSummary"
        case toolInfo = "ToolInfo"
    }

    /// `JSONInfo`: the stream's profile (`A`, `B` or `N/A`) and application version (`"1.0"`).
    public struct Info: Codable, Hashable, Sendable {
        public var profile: String
        public var version: String
        enum CodingKeys: String, CodingKey {
            case profile = "HDR10plusProfile"
            case version = "Version"
        }
    }

    /// One frame's values and its place in its scene.
    public struct Frame: Codable, Hashable, Sendable {
        public var bezierCurveData: BezierCurveData?
        public var luminanceParameters: LuminanceParameters
        public var numberOfWindows: Int
        /// cd/m².
        public var targetedSystemDisplayMaximumLuminance: UInt32
        public var sceneFrameIndex: Int
        public var sceneId: Int
        public var sequenceFrameIndex: Int

        enum CodingKeys: String, CodingKey {
            case bezierCurveData = "BezierCurveData"
            case luminanceParameters = "LuminanceParameters"
            case numberOfWindows = "NumberOfWindows"
            case targetedSystemDisplayMaximumLuminance = "TargetedSystemDisplayMaximumLuminance"
            case sceneFrameIndex = "SceneFrameIndex"
            case sceneId = "SceneId"
            case sequenceFrameIndex = "SequenceFrameIndex"
        }
    }

    /// knee point (1/4095) and anchors (1/1023).
    public struct BezierCurveData: Codable, Hashable, Sendable {
        public var anchors: [UInt16]
        public var kneePointX: UInt16
        public var kneePointY: UInt16
        enum CodingKeys: String, CodingKey {
            case anchors = "Anchors"
            case kneePointX = "KneePointX"
            case kneePointY = "KneePointY"
        }
    }

    /// average maxRGB, the percentile distribution and MaxSCL, in 0.1 cd/m².
    public struct LuminanceParameters: Codable, Hashable, Sendable {
        public var averageRGB: UInt32
        public var luminanceDistributions: LuminanceDistributions
        public var maxScl: [UInt32]
        enum CodingKeys: String, CodingKey {
            case averageRGB = "AverageRGB"
            case luminanceDistributions = "LuminanceDistributions"
            case maxScl = "MaxScl"
        }
    }

    /// Percentages (0–100) and their values (0.1 cd/m²), in the same order.
    public struct LuminanceDistributions: Codable, Hashable, Sendable {
        public var distributionIndex: [UInt8]
        public var distributionValues: [UInt32]
        enum CodingKeys: String, CodingKey {
            case distributionIndex = "DistributionIndex"
            case distributionValues = "DistributionValues"
        }
    }

    /// Each scene's first frame and length.
    public struct SceneSummary: Codable, Hashable, Sendable {
        public var sceneFirstFrameIndex: [Int]
        public var sceneFrameNumbers: [Int]
        enum CodingKeys: String, CodingKey {
            case sceneFirstFrameIndex = "SceneFirstFrameIndex"
            case sceneFrameNumbers = "SceneFrameNumbers"
        }
    }

    /// The tool that wrote the file.
    public struct Tool: Codable, Hashable, Sendable {
        public var tool: String
        public var version: String
        enum CodingKeys: String, CodingKey {
            case tool = "Tool"
            case version = "Version"
        }
    }

    /// The document of `frames` (display order, one record per frame), with scenes where the values change.
    public init(frames: [HDR10PlusMetadata], tool: String = "hdrcolor", toolVersion: String = "0.1.0") {
        let profile = HDR10PlusScenes.profile(of: frames)
        let firsts = HDR10PlusScenes.firstFrames(of: frames, profile: profile)
        let sceneStarts = Set(firsts)
        info = Info(profile: profile, version: "\(frames.first?.applicationVersion ?? 1).0")
        sceneInfo = []
        var scene = -1
        var sceneStart = 0
        for (index, metadata) in frames.enumerated() {
            if sceneStarts.contains(index) { (scene, sceneStart) = (scene + 1, index) }
            let window = metadata.windows.last
            let curve = profile == "A" ? nil : window?.toneMapping
            sceneInfo.append(
                Frame(
                    bezierCurveData: curve.map {
                        BezierCurveData(anchors: $0.anchors, kneePointX: $0.kneePointX, kneePointY: $0.kneePointY)
                    },
                    luminanceParameters: LuminanceParameters(
                        averageRGB: window?.averageMaxRGB ?? 0,
                        luminanceDistributions: LuminanceDistributions(
                            distributionIndex: window?.distribution.map(\.percentage) ?? [],
                            distributionValues: window?.distribution.map(\.value) ?? []),
                        maxScl: window?.maxSCL ?? [0, 0, 0]),
                    numberOfWindows: metadata.windows.count,
                    targetedSystemDisplayMaximumLuminance: metadata.targetedSystemDisplayMaximumLuminance,
                    sceneFrameIndex: index - sceneStart, sceneId: scene, sequenceFrameIndex: index))
        }
        let lengths = firsts.indices.map { ($0 + 1 < firsts.count ? firsts[$0 + 1] : frames.count) - firsts[$0] }
        sceneInfoSummary = SceneSummary(sceneFirstFrameIndex: firsts, sceneFrameNumbers: lengths)
        toolInfo = Tool(tool: tool, version: toolVersion)
    }

    /// The document of a raw HEVC stream (Annex B): every picture's HDR10+ record in display order, a picture without
    /// one taking the previous picture's, from the first record on (as hdr10plus_tool extracts). Unreadable records
    /// count as missing.
    public init(hevcStream bytes: [UInt8], tool: String = "hdrcolor", toolVersion: String = "0.1.0") {
        self.init(frames: Self.frames(hevcStream: bytes), tool: tool, toolVersion: toolVersion)
    }

    /// Every picture's record of a raw HEVC stream in display order, gaps filled, from the first record on.
    public static func frames(hevcStream bytes: [UInt8]) -> [HDR10PlusMetadata] {
        var log = HDR10PlusFrameLog()
        for unit in AnnexB.units(bytes, complete: true, limit: Int.max) {
            let nal = bytes[unit]
            guard nal.count > 2 else { continue }
            let type = (nal[nal.startIndex] >> 1) & 0x3F
            if type == 39 {
                for message in SEIMessages.messages(in: nal.dropFirst(2)).messages
                where message.type == SEIMessages.registeredUserData && SEIMessages.isHDR10Plus(t35: message.payload) {
                    log.pending = .some(try? HDR10PlusMetadata.parse(t35: message.payload))
                }
            }
            log.read(nal)
        }
        return log.filledFrames
    }

    /// The per-frame records this document describes, as hdr10plus_tool rebuilds them for injection: application
    /// version 1, the values repeated for each window, a Bézier curve where the frame has one, no other optional field.
    public var frames: [HDR10PlusMetadata] {
        sceneInfo.map { frame in
            let lp = frame.luminanceParameters
            let window = HDR10PlusMetadata.Window(
                maxSCL: lp.maxScl, averageMaxRGB: lp.averageRGB,
                distribution: zip(
                    lp.luminanceDistributions.distributionIndex, lp.luminanceDistributions.distributionValues
                )
                .map { HDR10PlusMetadata.Percentile(percentage: $0, value: $1) },
                fractionBrightPixels: 0,
                toneMapping: frame.bezierCurveData.map {
                    HDR10PlusMetadata.BezierCurve(
                        kneePointX: $0.kneePointX, kneePointY: $0.kneePointY, anchors: $0.anchors)
                })
            return HDR10PlusMetadata(
                targetedSystemDisplayMaximumLuminance: frame.targetedSystemDisplayMaximumLuminance,
                windows: Array(repeating: window, count: Swift.max(1, frame.numberOfWindows)))
        }
    }

    /// Reads a document; throws ``HDR10PlusJSONError`` naming what is missing or out of range.
    public init(json data: Data) throws(HDR10PlusJSONError) {
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw HDR10PlusJSONError("not an HDR10+ metadata JSON document: \(error)")
        }
        for frame in sceneInfo {
            let lp = frame.luminanceParameters
            guard lp.maxScl.count == 3 else {
                throw HDR10PlusJSONError(
                    "frame \(frame.sequenceFrameIndex): MaxScl holds \(lp.maxScl.count) values, not 3")
            }
            let d = lp.luminanceDistributions
            guard d.distributionIndex.count == d.distributionValues.count, d.distributionIndex.count <= 15 else {
                throw HDR10PlusJSONError(
                    "frame \(frame.sequenceFrameIndex): \(d.distributionIndex.count) distribution indexes and "
                        + "\(d.distributionValues.count) values (equal counts, at most 15)")
            }
            guard (1...3).contains(frame.numberOfWindows) else {
                throw HDR10PlusJSONError(
                    "frame \(frame.sequenceFrameIndex): NumberOfWindows is \(frame.numberOfWindows) (1 to 3)")
            }
        }
    }

    /// The document as pretty-printed JSON with sorted keys.
    public var jsonData: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}

/// Why an HDR10+ JSON document cannot be read.
public struct HDR10PlusJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
