import ColorTags
import Foundation
import ImageFiles
import MediaSyntax
import PixelBuffers
import PixelConversion
import SignalCoding
import VideoFiles

/// One `convertMovie` call in its steps: ``init(_:input:output:progress:)`` opens the source and plans,
/// ``convertFrames()`` decodes, converts and encodes every frame of the range (``convert(_:into:)`` for one),
/// ``finish()`` writes the movie's index and the measured light level, ``report()`` checks the written file and
/// describes the conversion. A job is used once, from one thread.
final class MovieConversionJob {
    private let media: MediaConverter
    private let input: URL
    private let output: URL
    private let progress: ((MovieConversionProgress) -> Void)?
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    private let tags: ColorTagging?
    private let color: MovieColorDecision
    private let reader: MovieReader
    private let stream: VideoStreamInfo
    private let range: Range<Int>?
    private let plan: MoviePlan
    private var settings: VideoEncodeSettings
    private let metadata: [MovieMetadataItem]
    private let copies: Bool
    /// The frame each source frame is converted into (and, for a resized movie, the frame at the source's size
    /// converted into first, with its scaler), allocated before the writer creates the file: a frame too large to
    /// allocate leaves nothing behind.
    private var frameBuffer: PixelBuffer
    private var scaledFrom: PixelBuffer?
    private let scaler: FrameScaler?
    /// MaxCLL/MaxFALL metered while converting, when the plan measures them.
    private var meter: LightLevelMeter?

    /// Made at the first frame, when a range's true start (a frame's own time) is known.
    private var writer: MovieWriter?
    private var copiedTimes: MovieTimeRange?
    /// The fate of the source's HDR10+ and Dolby Vision RPUs, decided at the first frame (which carries them).
    private var dynamic: DynamicMetadataPlan?
    private var given = (hdr10Plus: 0, rpus: 0)
    private var startsInsideShot = false

    private var converter: PixelConverter?
    private var converterScene: SceneMapping?
    private var pictures: SourcePictures
    private var scenes: SceneTracker
    private var converted = 0
    private let total: Int?
    private var firstTicks: Int64?
    private var times = MovieConversionReport.Times()
    private var mark: ContinuousClock.Instant

    /// Opens the source, decides its colour, plans the conversion and allocates the frames.
    init(
        _ media: MediaConverter, input: URL, output: URL, progress: ((MovieConversionProgress) -> Void)?
    ) throws(MediaConversionError) {
        start = clock.now
        (self.media, self.input, self.output, self.progress) = (media, input, output, progress)
        let request = media.request
        if input.standardizedFileURL.resolvingSymlinksInPath() == output.standardizedFileURL.resolvingSymlinksInPath() {
            throw .invalidRequest("the output \(output.path) is the input; write the movie to another file")
        }
        try media.checkOutput(output)
        // One colour decision for convert, validate and inspect: the tags' effective colour (or --assume-cicp).
        tags = try? ColorTagging(contentsOf: input)
        color = MovieColorDecision(tags: tags, assumed: request.movie.assumedSourceColor)
        do {
            reader = try MovieReader(
                contentsOf: input,
                options: MovieReader.Options(
                    threadCount: request.movie.decoderThreadCount ?? 0, colorOverride: color.cicp))
        } catch { throw .movie(error) }
        stream = reader.videoStream
        range = try request.movie.frameRange(rate: stream.frameRate)
        plan = try MoviePlan(
            request: request, source: stream, output: output,
            rpus: tags?.images.first { $0.video != nil }?.video?.dolbyVisionRPUSummary?.value)
        settings = plan.settings
        // Measured from the converted frames and given to the writer at the end (no pass before encoding).
        settings.contentLightLevelGivenAtFinish = plan.measuresLightLevel
        meter = plan.measuresLightLevel ? LightLevelMeter(referenceWhite: request.referenceWhite) : nil
        settings.displayMatrix = stream.displayMatrix
        settings.streamMetadata = stream.metadata.filter { !MediaConverter.regeneratedStreamKeys.contains($0.key) }
        metadata = reader.containerMetadata.filter { !MediaConverter.regeneratedContainerKeys.contains($0.key) }
        copies = request.movie.copiesOtherStreams && !reader.otherStreams.isEmpty
        let format = settings.encoding.format
        do {
            frameBuffer = try PixelBuffer(format: format, width: settings.width, height: settings.height)
            scaledFrom =
                plan.isScaled(stream)
                ? try PixelBuffer(format: format, width: stream.width, height: stream.height) : nil
        } catch { throw .conversion("\(error)") }
        do {
            scaler =
                plan.isScaled(stream)
                ? try FrameScaler(
                    format: format, sourceWidth: stream.width, sourceHeight: stream.height, width: settings.width,
                    height: settings.height, chromaLocation: settings.encoding.chromaLocation ?? .left) : nil
        } catch { throw .movie(error) }
        pictures = SourcePictures(stream)
        scenes = plan.sceneTracker()
        let stream = stream
        total =
            range.map { range in
                max(0, min(range.upperBound, stream.frameCount ?? range.upperBound) - range.lowerBound)
            } ?? stream.frameCount
        mark = clock.now
        times.opening = mark - start
    }

    /// Decodes, converts and encodes every frame of the range.
    func convertFrames() throws(MediaConversionError) {
        mark = clock.now
        let reader = reader, range = range
        try frameBuffer.withMutableView { (view: MutablePixelBufferView) throws(MediaConversionError) in
            try Self.forEachFrame(reader, range) { frame throws(MediaConversionError) in
                try convert(frame, into: view)
                return true
            }
        }
        times.decoding += clock.now - mark
    }

    /// One frame: its picture converted (through the scene's converter) into `view`, then encoded.
    private func convert(_ frame: VideoFrame, into view: MutablePixelBufferView) throws(MediaConversionError) {
        let convertStart = clock.now
        times.decoding += convertStart - mark
        let scene = scenes.mapping(for: frame)
        try pictures.withPicture(frame) { (picture, encoding, composition) throws(MediaConversionError) in
            if converter == nil || converter?.source != encoding || scene != converterScene
                || converter?.options.dolbyVision != composition
            {
                converter = try plan.converter(from: encoding, scene: scene, composition: composition)
                converterScene = scene
            }
            if let scaler, scaledFrom != nil {
                try scaledFrom!.withMutableView { full throws(MediaConversionError) in
                    try convert(picture, into: full)
                }
                do {
                    try scaledFrom!.withView { full in try scaler.scale(full, into: view) }
                } catch { throw .conversion("\(error)") }
            } else {
                try convert(picture, into: view)
            }
        }
        times.converting += clock.now - convertStart
        let time = Self.presentationTime(frame, range: range, first: &firstTicks)
        if writer == nil {
            writer = try makeWriter(origin: range == nil ? nil : frame.presentationTime, first: frame.hdr)
        }
        let kept = dynamic?.metadata(for: frame.hdr)
        if kept?.hdr10PlusPayload != nil { given.hdr10Plus += 1 }
        if kept?.dolbyVisionRPUPayload != nil { given.rpus += 1 }
        let appendStart = clock.now
        do throws(VideoFilesError) {
            try writer?.append(
                view.readOnly, encoding: settings.encoding, presentationTime: time, dynamicMetadata: kept)
        } catch { throw .movie(error) }
        mark = clock.now
        times.encoding += mark - appendStart
        converted += 1
        progress?(MovieConversionProgress(completedFrames: converted, totalFrames: total, elapsed: clock.now - start))
    }

    /// A decoded picture through the current converter into `target`, metering its light when the plan measures it.
    private func convert(_ picture: PixelBufferView, into target: MutablePixelBufferView)
        throws(MediaConversionError)
    {
        do {
            if meter != nil {
                meter!.add(try converter!.convertMeasuringLight(picture, to: target))
            } else {
                try converter!.convert(picture, to: target)
            }
        } catch { throw .conversion("\(error)") }
    }

    /// The writer, made at the first frame (or at the end of a movie without frames), with the dynamic metadata's
    /// fate decided from that frame.
    private func makeWriter(origin: Rational?, first: FrameHDRMetadata?) throws(MediaConversionError) -> MovieWriter {
        let opened = clock.now
        defer { times.opening += clock.now - opened }
        let decided = plan.dynamicMetadata(stream, firstFrame: first)
        dynamic = decided
        settings.dolbyVision = decided.record
        if range != nil, decided.keepsRPUs, let rpu = first?.dolbyVisionRPUPayload {
            startsInsideShot = DynamicMetadataPlan.startsShot(rpu) == false
        }
        if copies, let range, let origin {
            let span = stream.frameRate.map { Double(range.count) / $0.doubleValue }
            let first = origin.doubleValue
            copiedTimes = MovieTimeRange(start: first, end: span.map { first + $0 })
        }
        do {
            return try MovieWriter(
                url: output, settings: settings, copyingStreamsFrom: copies ? reader : nil, metadata: metadata,
                copiedTimes: copiedTimes)
        } catch { throw .movie(error) }
    }

    /// Writes the movie's index, and the light level measured, where the writer reserved room for it.
    func finish() throws(MediaConversionError) {
        if writer == nil {
            if let range {
                throw .invalidRequest(media.request.movie.emptyRangeMessage(range, stream: stream))
            }
            writer = try makeWriter(origin: nil, first: nil)
        }
        mark = clock.now
        do throws(VideoFilesError) {
            try writer?.finish(contentLightLevel: meter?.lightLevel)
        } catch { throw .movie(error) }
        if let meter { settings.contentLightLevel = meter.lightLevel }
        times.finishing = clock.now - mark
    }

    /// Removes a movie that failed part way: without its index nothing plays it. (A writer that failed to open
    /// removed its file.)
    func discardOutput() {
        if writer != nil { try? FileManager.default.removeItem(at: output) }
    }

    /// Checks the written movie and describes the conversion.
    func report() throws(MediaConversionError) -> MovieConversionReport {
        guard let writer else { throw .conversion("the movie writer was not created") }
        let decided = dynamic ?? plan.dynamicMetadata(stream, firstFrame: nil)
        let (kept, shortfall) = MediaConverter.keptDynamicMetadata(
            decided, given: given, written: (writer.hdr10PlusFrameCount, writer.dolbyVisionRPUFrameCount),
            startsInsideShot: startsInsideShot)
        mark = clock.now
        let check = MovieCheck.run(
            output: output, space: settings.encoding.colorSpace, source: tags, sourcePath: input.path,
            expectedChanges: MovieCheck.expectedChanges(plan: plan, dynamic: decided, source: stream))
        times.checking = clock.now - mark
        times.other = (clock.now - start) - times.total
        var report = MovieConversionReport(
            input: input.path, output: output.path, source: stream, sourceColor: color, settings: settings,
            toneMapping: plan.options.toneMapping, engine: converter.map(\.plan.engine) ?? "none",
            plan: planLines(), frameCount: writer.frameCount, copiedStreams: writer.copiedStreams,
            copiedTimes: copiedTimes, metadata: metadata, keptDynamicMetadata: kept,
            omissions: decided.omissions + shortfall + writer.omissions, check: check.command,
            validation: check.findings, times: times)
        report.inheritedFindings = check.inherited
        report.scenes = scenes.scenes
        report.passes = plan.passes(composes: SourcePictures.composes(stream))
        return report
    }

    /// The report's plan: how the pictures were made, the converter's steps, the resampling, per-scene tone mapping.
    private func planLines() -> [String] {
        var lines = [pictures.planStep, plan.staticMetadataStep, plan.meteringStep].compactMap { $0 }
        lines += converter?.plan.steps.map(\.description) ?? []
        if let scaler {
            lines.append(
                "resample \(scaler.sourceWidth)×\(scaler.sourceHeight) → \(scaler.width)×\(scaler.height) (swscale "
                    + "Lanczos, chroma sited \(scaler.chromaLocation) on both sides)")
        }
        if !scenes.scenes.isEmpty {
            let count = scenes.scenes.count
            lines.append(
                "tone map per scene (\(count) scene\(count == 1 ? "" : "s"), "
                    + (media.request.movie.dynamicCurve == .metadata
                        ? "the metadata's curve where it has one, else the scene's peak"
                        : "each scene's peak") + "): the tone-map step above is the last scene's; see the scenes")
        }
        return lines
    }

    /// Calls `body` with each frame of `range` (all frames when nil) until it returns false.
    private static func forEachFrame(
        _ reader: MovieReader, _ range: Range<Int>?, _ body: (VideoFrame) throws(MediaConversionError) -> Bool
    ) throws(MediaConversionError) {
        do {
            if let range {
                try reader.forEachFrame(in: range) { frame in
                    guard try body(frame) else { throw StopReading() }
                }
            } else {
                while try reader.nextFrame({ frame in try body(frame) }) == true {}
            }
        } catch let error as MediaConversionError {
            throw error
        } catch let error as VideoFilesError {
            throw .movie(error)
        } catch is StopReading {
            return
        } catch {
            throw .conversion("\(error)")
        }
    }

    /// A frame's time, shifted to start at 0 for a frame range; nil when the frame has none.
    private static func presentationTime(_ frame: VideoFrame, range: Range<Int>?, first: inout Int64?) -> Rational? {
        guard let pts = frame.pts else { return frame.presentationTime }
        guard range != nil else { return frame.presentationTime }
        let origin = first ?? pts
        first = origin
        return Rational.seconds(ticks: pts &- origin, timeBase: frame.timeBase)
    }
}

/// Thrown by a frame callback to stop a frame range early.
private struct StopReading: Error {}
