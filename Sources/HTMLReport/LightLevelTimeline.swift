import ColorTags
import Foundation
import ImageFiles
import PixelBuffers
import VideoFiles
import MediaSyntax
import MediaConversion

/// A movie's light level over time: MaxCLL and MaxFALL (CTA-861.3) of each measured frame in cd/m², measured at full
/// size from each frame's extended linear light (the definition `hdrcolor convert` meters in its conversion), beside
/// what the file declares and, where the stream carries them, the HDR10+ and Dolby Vision L1 figures of every frame,
/// per scene.
public struct LightLevelTimeline: Hashable, Sendable {
    /// One measured frame.
    public struct Sample: Hashable, Sendable {
        /// The frame's index in presentation order.
        public var frameIndex: Int
        /// Its presentation time in seconds (nil when the stream has none).
        public var time: Double?
        /// Its light level: the largest component of any pixel (MaxCLL) and the mean of each pixel's largest
        /// component (MaxFALL), in whole cd/m².
        public var lightLevel: ContentLightLevel
    }

    /// The measured frames, in order.
    public var samples: [Sample] = []
    /// Frames decoded.
    public var decodedFrameCount = 0
    /// Every how many frames one is measured (1: all).
    public var stride = 1
    /// The stream's dynamic metadata, read from every decoded frame (measured or not): HDR10+ and Dolby Vision L1,
    /// each present when at least one frame carries it.
    public var sceneLevels: [SceneLightLevels] = []

    /// How the movie was sampled, in a sentence.
    public var samplingDescription: String {
        stride == 1
            ? "every frame measured (\(samples.count) of \(decodedFrameCount))"
            : "one frame in \(stride) measured (\(samples.count) of \(decodedFrameCount) decoded frames, the first "
                + "of each run of \(stride))"
    }

    /// The light level over the measured frames: the largest MaxCLL and the largest MaxFALL.
    public var overall: ContentLightLevel {
        ContentLightLevel(
            maxContentLightLevel: samples.map(\.lightLevel.maxContentLightLevel).max() ?? 0,
            maxFrameAverageLightLevel: samples.map(\.lightLevel.maxFrameAverageLightLevel).max() ?? 0)
    }

    /// The stride that measures at most `maximum` of `frameCount` frames (1 when the count is unknown).
    public static func stride(frameCount: Int?, maximum: Int) -> Int {
        guard let frameCount, frameCount > maximum else { return 1 }
        return (frameCount + maximum - 1) / maximum
    }
}

extension HDRReport {
    /// Decodes every frame; measures every `stride`-th at full size (light level, histogram, chromaticity) and keeps
    /// the measured frame with the highest MaxFALL as the picture.
    static func movie(_ url: URL, options: Options, progress: ((MovieConversionProgress) -> Void)?)
        throws(HDRReportError) -> HDRReport
    {
        let start = ContinuousClock.now
        let reader: MovieReader
        do { reader = try MovieReader(contentsOf: url) } catch { throw .unreadable("\(error)") }
        let stream = reader.videoStream
        var timeline = LightLevelTimeline()
        timeline.stride = LightLevelTimeline.stride(
            frameCount: stream.frameCount, maximum: options.maximumMeasuredFrames)
        var linearizer = try Linearizer(referenceWhite: options.referenceWhite, threadCount: options.threadCount)
        var overall = LightLevelMeter(referenceWhite: options.referenceWhite)
        var histogram = LuminanceHistogram()
        var density = ChromaticityDensity()
        var picture: (frame: LinearFrame, average: Double)?
        var hdr10Plus = SceneLightLevels(source: .hdr10Plus)
        var dolbyVision = SceneLightLevels(source: .dolbyVision)
        do {
            while try reader.nextFrame({ frame in
                let time = frame.presentationTime?.doubleValue
                hdr10Plus.add(frame: frame.index, time: time, payload: frame.hdr.hdr10PlusPayload)
                dolbyVision.add(frame: frame.index, time: time, payload: frame.hdr.dolbyVisionRPUPayload)
                defer {
                    timeline.decodedFrameCount += 1
                    progress?(
                        MovieConversionProgress(
                            completedFrames: timeline.decodedFrameCount, totalFrames: stream.frameCount,
                            elapsed: ContinuousClock.now - start))
                }
                guard timeline.decodedFrameCount % timeline.stride == 0 else { return }
                try linearizer.linearize(frame.view, encoding: frame.encoding) { (linear) throws(HDRReportError) in
                    var meter = LightLevelMeter(referenceWhite: options.referenceWhite)
                    meter.add(linear)
                    overall.add(linear)
                    histogram.add(linear, referenceWhite: options.referenceWhite)
                    density.add(linear, referenceWhite: options.referenceWhite)
                    let level = meter.lightLevel
                    timeline.samples.append(
                        LightLevelTimeline.Sample(
                            frameIndex: frame.index, time: time, lightLevel: level))
                    if picture == nil || level.maxFrameAverageLightLevel > picture!.average {
                        picture = (
                            try LinearFrame(
                                downscaling: linear, maximumWidth: options.maximumWidth,
                                referenceWhite: options.referenceWhite),
                            level.maxFrameAverageLightLevel
                        )
                    }
                }
            }) != nil {}
        } catch let error as HDRReportError {
            throw error
        } catch {
            throw .unreadable("\(error)")
        }
        guard let picture else { throw .unreadable("\(url.path): the movie has no frame") }
        // The picture as players show it; the measurements do not depend on the turn.
        let shown = stream.displayMatrix.map { picture.frame.displayed(under: $0) } ?? picture.frame
        let turned = shown.width != picture.frame.width
        var report = HDRReport(
            path: url.path, isMovie: true, options: options, encoding: stream.encoding,
            size: turned ? (stream.height, stream.width) : (stream.width, stream.height),
            isHDR: stream.encoding.colorSpace.isHDR,
            measured: Measurements(
                frame: shown, histogram: histogram, chromaticity: density, lightLevel: overall.lightLevel),
            declared: stream.contentLightLevel, masteringDisplay: stream.masteringDisplay)
        report.displayMatrix = stream.displayMatrix
        timeline.sceneLevels = [hdr10Plus, dolbyVision].filter { !$0.runs.isEmpty || !$0.errors.isEmpty }
        report.timeline = timeline
        for (declared, levels) in [(stream.hasHDR10Plus, hdr10Plus), (stream.dolbyVision != nil, dolbyVision)]
        where declared && levels.runs.isEmpty {
            let kind = levels.source == .hdr10Plus ? "HDR10+" : "Dolby Vision"
            let reason = levels.errors.isEmpty ? "" : ": " + levels.errors.joined(separator: "; ")
            report.notes.append(
                "The stream declares \(kind) dynamic metadata, but no frame's figures could be read\(reason).")
        }
        return report
    }
}
