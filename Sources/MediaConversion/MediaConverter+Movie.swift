public import Foundation
import ColorSpaces
import ColorTags
import ImageFiles
import PixelBuffers
import PixelConversion
import SignalCoding
import ToneMapping
import VideoFiles
import MediaSyntax

extension MediaConverter {
    /// The movie file name extensions ``convertMovie(_:to:progress:)`` writes: `mp4`, `m4v`, `mov`, `mkv`, `webm`.
    public static let movieExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm"]

    /// Whether `url` is a movie: its first bytes are an MP4, QuickTime or Matroska signature (not a HEIF/AVIF image),
    /// or, for a file that does not exist yet, its extension is one of ``movieExtensions``.
    public static func isMovie(_ url: URL) -> Bool {
        if let handle = try? FileHandle(forReadingFrom: url) {
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: 64)).map { [UInt8]($0) } ?? []
            return MediaFileFormat(signatureOf: head)?.isMovie ?? false
        }
        return movieExtensions.contains(url.pathExtension.lowercased())
    }

    /// Converts a movie's video to ``ConversionRequest/colorSpace`` (default: the source's) and writes it with its
    /// colour tagged in the bitstream and the container, then checks the written movie.
    ///
    /// - **Target encoding**: planar Y′CbCr, narrow range, 4:2:0 (4:4:4 when ``ConversionRequest/chroma420`` is
    ///   false), 10-bit for HDR targets and 8-bit for SDR unless ``ConversionRequest/bitDepth`` says otherwise; the
    ///   matrix BT.2020 non-constant luminance for BT.2020 primaries and BT.709 otherwise; chroma sited top-left for
    ///   BT.2020 and left otherwise.
    /// - **Light**: ``ConversionRequest/referenceWhite`` (203 cd/m²) is where PQ and HLG meet, so PQ → HLG puts
    ///   203 cd/m² at HLG 75 % (ITU-R BT.2408) and HLG → PQ the reverse; tone mapping follows
    ///   ``ConversionRequest/converterToneMapping(content:sourceIsHDR:target:)`` with the stream's mastering display
    ///   and light level (PQ brighter than 1000 cd/m² is mapped onto the HLG nominal peak; HDR onto SDR onto
    ///   ``ConversionRequest/headroom``, 1 by default).
    /// - **HDR10 metadata** of a PQ target: the request's, else the source's when the colour is unchanged; otherwise
    ///   the mastering display is BT.2020 at the content's peak (1000 cd/m² for HLG, the tone-mapping target when one
    ///   applies) and MaxCLL/MaxFALL are measured (CTA-861.3) in a first pass over the converted frames
    ///   (``MovieConversionReport/passes`` names each pass and why it ran).
    /// - **Dynamic HDR metadata**: each frame's HDR10+ message and Dolby Vision profile 8 RPU are written into the
    ///   access unit of the same frame when the colour is unchanged (same code points, no tone mapping): through a
    ///   re-encode, a codec (HEVC, AV1 for HDR10+) or container change and a frame range; the Dolby Vision
    ///   configuration record goes with the RPUs. When the colour changes, or the codec or picture size cannot keep
    ///   them true, they are dropped and listed in ``MovieConversionReport/omissions`` with the reason
    ///   (``MovieConversionReport/keptDynamicMetadata`` lists what was kept).
    /// - **What else is kept**: the video stream's display matrix (rotation) and metadata (`language`,
    ///   `handler_name`, `creation_time`), the container's metadata (as `ffmpeg -map_metadata 0` keeps it, QuickTime
    ///   `mdta` keys such as the location included), and the other streams the container can hold, copied packet by
    ///   packet (``ConversionRequest/Movie-swift.struct/copiesOtherStreams``). What is not carried is listed in
    ///   ``MovieConversionReport/omissions`` with the reason.
    /// - **Time**: every frame keeps its presentation time; a frame range or time span is shifted to start at 0 and
    ///   the copied streams are cut to it at their packet boundaries (not re-encoded).
    /// - **Threads**: the decoder and the encoder run on their own threads (FFmpeg's frame threads; x265, x264 and
    ///   SVT-AV1 copy each frame in and encode it in the background). The caller's thread takes each decoded frame,
    ///   converts it over every core (``ConversionRequest/Movie-swift.struct/conversionThreadCount``) into one
    ///   preallocated frame and hands that to the encoder; once running, nothing is allocated per frame by the
    ///   pipeline but the access units that gain a frame's dynamic metadata.
    /// - **Check**: the written movie is checked as `hdrcolor validate` would: `--require hdr10` for PQ, `--require
    ///   hlg` for HLG, the plain rules for SDR, and `--compare` against the source for what it lost without meaning
    ///   to (``MovieConversionReport/check``); findings the source draws too are its own
    ///   (``MovieConversionReport/inheritedFindings``) and do not fail the conversion.
    ///
    /// - Parameter progress: Called on the caller's thread after each frame is converted.
    /// - Throws: ``MediaConversionError/movie(_:)`` when reading, decoding, encoding or writing fails,
    ///   ``MediaConversionError/conversion(_:)`` when no conversion exists between the encodings,
    ///   ``MediaConversionError/invalidRequest(_:)`` for settings the codec cannot take or an output that is the
    ///   input, ``MediaConversionError/outputExists(path:)`` for an existing output the request does not replace. A
    ///   movie that fails part way (a full disk …) is removed: without its index nothing could play it.
    public func convertMovie(
        _ input: URL, to output: URL, progress: ((MovieConversionProgress) -> Void)? = nil
    ) throws(MediaConversionError) -> MovieConversionReport {
        let clock = ContinuousClock()
        let start = clock.now
        if input.standardizedFileURL.resolvingSymlinksInPath() == output.standardizedFileURL.resolvingSymlinksInPath() {
            throw .invalidRequest("the output \(output.path) is the input; write the movie to another file")
        }
        try checkOutput(output)
        // One colour decision for convert, validate and inspect: the tags' effective colour (or --assume-cicp).
        let tags = try? ColorTagging(contentsOf: input)
        let color = MovieColorDecision(tags: tags, assumed: request.movie.assumedSourceColor)
        let readerOptions = MovieReader.Options(colorOverride: color.cicp)
        let reader: MovieReader
        do { reader = try MovieReader(contentsOf: input, options: readerOptions) } catch { throw .movie(error) }
        let stream = reader.videoStream
        let range = try request.movie.frameRange(rate: stream.frameRate)
        let plan = try MoviePlan(
            request: request, source: stream, output: output,
            rpus: tags?.images.first { $0.video != nil }?.video?.dolbyVisionRPUSummary?.value)
        var times = MovieConversionReport.Times()
        var mark = clock.now
        times.opening = mark - start
        var settings = plan.settings
        // Measured from the written frames and given to the writer at the end (no pass before encoding).
        settings.contentLightLevelGivenAtFinish = plan.measuresLightLevel
        var meter = plan.measuresLightLevel ? LightLevelMeter(referenceWhite: request.referenceWhite) : nil
        settings.displayMatrix = stream.displayMatrix
        settings.streamMetadata = stream.metadata.filter { !Self.regeneratedStreamKeys.contains($0.key) }
        let metadata = reader.containerMetadata.filter { !Self.regeneratedContainerKeys.contains($0.key) }
        // Before the writer creates the file: a frame too large to allocate leaves nothing behind.
        var frameBuffer: PixelBuffer
        do {
            frameBuffer = try PixelBuffer(
                format: settings.encoding.format, width: settings.width, height: settings.height)
        } catch { throw .conversion("\(error)") }
        let copies = request.movie.copiesOtherStreams && !reader.otherStreams.isEmpty
        var copiedTimes: MovieTimeRange?
        // Made at the first frame, when a range's true start (a frame's own time) is known.
        var writer: MovieWriter?
        // The fate of the source's HDR10+ and Dolby Vision RPUs, decided at the first frame (which carries them).
        var dynamic: DynamicMetadataPlan?
        var given = (hdr10Plus: 0, rpus: 0)
        var startsInsideShot = false
        func makeWriter(origin: Rational?, first: FrameHDRMetadata?) throws(MediaConversionError) -> MovieWriter {
            let opened = clock.now
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
            defer { times.opening += clock.now - opened }
            do {
                return try MovieWriter(
                    url: output, settings: settings, copyingStreamsFrom: copies ? reader : nil, metadata: metadata,
                    copiedTimes: copiedTimes)
            } catch { throw .movie(error) }
        }

        // A resized movie: each frame is converted at the source's size into `scaledFrom`, then resampled into the
        // frame written.
        var scaledFrom: PixelBuffer?
        var scaler: FrameScaler?
        if plan.isScaled(stream) {
            do {
                scaledFrom = try PixelBuffer(
                    format: settings.encoding.format, width: stream.width, height: stream.height)
            } catch { throw .conversion("\(error)") }
            do {
                scaler = try FrameScaler(
                    format: settings.encoding.format, sourceWidth: stream.width, sourceHeight: stream.height,
                    width: settings.width, height: settings.height,
                    chromaLocation: settings.encoding.chromaLocation ?? .left)
            } catch { throw .movie(error) }
        }
        var converter: PixelConverter?
        var pictures = SourcePictures(stream)
        var scenes = plan.sceneTracker()
        var converterScene: SceneMapping?
        var converted = 0
        let total =
            range.map { range in
                max(0, min(range.upperBound, stream.frameCount ?? range.upperBound) - range.lowerBound)
            } ?? stream.frameCount
        var firstTicks: Int64?
        do throws(MediaConversionError) {
            mark = clock.now
            try frameBuffer.withMutableView { (view: MutablePixelBufferView) throws(MediaConversionError) in
                try forEachFrame(reader, range) { frame throws(MediaConversionError) in
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
                        func convert(into target: MutablePixelBufferView) throws(MediaConversionError) {
                            do {
                                if meter != nil {
                                    meter!.add(try converter!.convertMeasuringLight(picture, to: target))
                                } else {
                                    try converter!.convert(picture, to: target)
                                }
                            } catch { throw .conversion("\(error)") }
                        }
                        if let scaler, scaledFrom != nil {
                            try scaledFrom!.withMutableView { full throws(MediaConversionError) in
                                try convert(into: full)
                            }
                            do {
                                try scaledFrom!.withView { full in try scaler.scale(full, into: view) }
                            } catch { throw .conversion("\(error)") }
                        } else {
                            try convert(into: view)
                        }
                    }
                    times.converting += clock.now - convertStart
                    let time = presentationTime(frame, range: range, first: &firstTicks)
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
                    progress?(
                        MovieConversionProgress(
                            completedFrames: converted, totalFrames: total, elapsed: clock.now - start))
                    return true
                }
            }
            times.decoding += clock.now - mark
            if writer == nil {
                if let range { throw .invalidRequest(request.movie.emptyRangeMessage(range, stream: stream)) }
                writer = try makeWriter(origin: nil, first: nil)
            }
            mark = clock.now
            do throws(VideoFilesError) {
                try writer?.finish(contentLightLevel: meter?.lightLevel)
            } catch { throw .movie(error) }
            if let meter { settings.contentLightLevel = meter.lightLevel }
            times.finishing = clock.now - mark
        } catch {
            // An unfinished movie has no index: nothing plays it. (A writer that failed to open removed its file.)
            if writer != nil { try? FileManager.default.removeItem(at: output) }
            throw error
        }
        guard let writer else { throw .conversion("the movie writer was not created") }  // made above or thrown

        let decided = dynamic ?? plan.dynamicMetadata(stream, firstFrame: nil)
        let (kept, shortfall) = Self.keptDynamicMetadata(
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
            toneMapping: plan.options.toneMapping,
            engine: converter.map(\.plan.engine) ?? "none",
            plan: [pictures.planStep, plan.staticMetadataStep, plan.meteringStep].compactMap { $0 }
                + (converter?.plan.steps.map(\.description) ?? [])
                + (scaler.map {
                    [
                        "resample \($0.sourceWidth)×\($0.sourceHeight) → \($0.width)×\($0.height) (swscale Lanczos, "
                            + "chroma sited \($0.chromaLocation) on both sides)"
                    ]
                } ?? []), frameCount: writer.frameCount,
            copiedStreams: writer.copiedStreams, copiedTimes: copiedTimes, metadata: metadata,
            keptDynamicMetadata: kept, omissions: decided.omissions + shortfall + writer.omissions,
            check: check.command, validation: check.findings, times: times)
        report.inheritedFindings = check.inherited
        report.scenes = scenes.scenes
        report.passes = plan.passes(composes: SourcePictures.composes(stream))
        if !scenes.scenes.isEmpty {
            report.plan.append(
                "tone map per scene (\(scenes.scenes.count) scene\(scenes.scenes.count == 1 ? "" : "s"), "
                    + (request.movie.dynamicCurve == .metadata
                        ? "the metadata's curve where it has one, else the scene's peak"
                        : "each scene's peak") + "): the tone-map step above is the last scene's; see the scenes")
        }
        return report
    }

    /// Container tags the muxer writes anew, which would describe the source's file: its brands and muxer.
    static let regeneratedContainerKeys: Set<String> = ["major_brand", "minor_version", "compatible_brands", "encoder"]
    /// Video stream tags that describe the source's encoder, not the one writing the stream now.
    static let regeneratedStreamKeys: Set<String> = ["encoder", "vendor_id"]

    /// The dynamic metadata written, and the frames whose metadata the encoder's packets could not be matched to.
    static func keptDynamicMetadata(
        _ plan: DynamicMetadataPlan, given: (hdr10Plus: Int, rpus: Int), written: (hdr10Plus: Int, rpus: Int),
        startsInsideShot: Bool
    ) -> ([KeptDynamicMetadata], [MovieOmission]) {
        var kept: [KeptDynamicMetadata] = []
        var missing: [MovieOmission] = []
        let rows = [
            ("HDR10+ dynamic metadata", plan.hdr10PlusCarriage, given.hdr10Plus, written.hdr10Plus, nil),
            (
                plan.rpuName, "NAL unit 62 per access unit" + (plan.record != nil ? ", configuration record" : ""),
                given.rpus, written.rpus,
                startsInsideShot
                    ? "the range starts inside a shot: its first RPU has scene_refresh_flag 0, as in the source" : nil
            ),
        ]
        for (what, carriage, given, written, note) in rows where given > 0 {
            kept.append(
                KeptDynamicMetadata(
                    what: what, carriage: carriage, frames: written, sourceFrames: given, note: note))
            if written < given {
                missing.append(
                    MovieOmission(
                        what: "\(what) of \(given - written) of \(given) frames",
                        reason: "the encoder returned their packets without the frames' presentation times"))
            }
        }
        return (kept, missing)
    }

    /// Calls `body` with each frame of the request's range (all frames when none) until it returns false.
    private func forEachFrame(
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
    private func presentationTime(_ frame: VideoFrame, range: Range<Int>?, first: inout Int64?) -> Rational? {
        guard let pts = frame.pts else { return frame.presentationTime }
        guard range != nil else { return frame.presentationTime }
        let origin = first ?? pts
        first = origin
        return Rational.seconds(ticks: pts &- origin, timeBase: frame.timeBase)
    }
}

/// Thrown by a frame callback to stop a frame range early.
private struct StopReading: Error {}
