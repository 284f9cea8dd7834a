import ColorSpaces
import ColorTags
import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion
import SignalCoding
import ToneMapping
import VideoFiles
import MediaSyntax

/// The choices a movie conversion makes from its request and the source stream: the encoding and encoder settings
/// written, the conversion options, and whether the light level must be measured.
struct MoviePlan {
    let settings: VideoEncodeSettings
    let options: PixelConverter.Options
    /// Whether MaxCLL/MaxFALL are measured while converting (a PQ target whose light level nobody gave).
    let measuresLightLevel: Bool
    /// Whether the written pictures have the source's colour: the same code points (primaries, transfer, matrix,
    /// range) and no tone mapping, so that the source's dynamic HDR metadata still describes them.
    let colorUnchanged: Bool
    /// The request, the source's static content luminance and whether it is HDR: per-scene tone mapping rebuilds
    /// the options' tone mapping from them with each scene's peak.
    private let request: ConversionRequest
    private let content: ContentLuminance
    private let sourceIsHDR: Bool
    /// The source primaries' luminance weights: per-scene curves are applied to luminance, as the static ones.
    private let sourceWeights: SIMD3<Double>
    /// Where a composed Dolby Vision profile 5 source's HDR10 static metadata came from, for the report's plan; nil
    /// for other sources and for profile 5 streams that carry their own.
    let staticMetadataStep: String?

    /// - Parameter rpus: The summary of the source's Dolby Vision RPUs (``ColorTags``' per-frame scan), from which a
    ///   profile 5 stream without HDR10 static metadata takes it: level 6 (mastering display, MaxCLL, MaxFALL), else
    ///   the largest L1 max_pq as the content peak, else ``ContentLuminance/defaultPeakLuminance``.
    init(request: ConversionRequest, source: VideoStreamInfo, output: URL, rpus: DolbyVisionRPUSummary? = nil)
        throws(MediaConversionError)
    {
        let ext = output.pathExtension.lowercased()
        guard MediaConverter.movieExtensions.contains(ext) else {
            throw .invalidRequest(
                "cannot tell the movie format from '\(output.lastPathComponent)'; use .mp4, .m4v, .mov, .mkv or .webm")
        }
        // Dolby Vision profile 5 is converted from its composed pictures (SourcePictures), PQ BT.2020.
        let sourceSpace = SourcePictures.composes(source) ? .bt2100PQ : source.encoding.colorSpace
        let space = request.colorSpace ?? sourceSpace
        guard !space.isLinear else {
            throw .invalidRequest(
                "\(space.name) is linear light, which video does not carry; choose a PQ, HLG or SDR space")
        }
        let depth = request.bitDepth ?? (space.isHDR ? 10 : 8)
        let format: PixelFormat
        do {
            format = try .planarYCbCr(request.chroma420 == false ? .s444 : .s420, bitDepth: depth, range: .narrow)
        } catch { throw .invalidRequest("\(depth)-bit video: \(error)") }
        let bt2020 = space.primaries.hasSameCoordinates(as: .bt2020)
        let encoding = PixelEncoding(
            format: format, colorSpace: space, matrix: .writingDefault(for: space.primaries),
            chromaLocation: bt2020 ? .topLeft : .left)

        var sourceMastering = source.masteringDisplay
        var sourceLightLevel = source.contentLightLevel
        var contentLightLevel = sourceLightLevel
        var staticMetadataStep: String?
        if SourcePictures.composes(source), sourceMastering == nil, sourceLightLevel == nil {
            let fromRPUs = Self.profile5StaticMetadata(rpus)
            (sourceMastering, sourceLightLevel, staticMetadataStep) = (
                fromRPUs.mastering, fromRPUs.lightLevel, fromRPUs.step
            )
            // An L1 peak drives the tone mapping and a PQ output's mastering peak, not its MaxCLL (measured).
            contentLightLevel =
                fromRPUs.lightLevel
                ?? fromRPUs.peak.map { ContentLightLevel(maxContentLightLevel: $0, maxFrameAverageLightLevel: 0) }
        }
        let content = TargetDecision.contentLuminance(sourceMastering, contentLightLevel)
        var options = request.converterOptions
        options.threadCount = request.movie.conversionThreadCount
        options.toneMapping = request.converterToneMapping(
            content: content, sourceIsHDR: sourceSpace.isHDR, target: space)

        var mastering = request.masteringDisplay
        var lightLevel = request.contentLightLevel
        var measures = false
        if space.transferFunction == .pq {
            let unchanged = space == sourceSpace && options.toneMapping.isNone
            if unchanged {
                mastering = mastering ?? sourceMastering
                lightLevel = lightLevel ?? sourceLightLevel
            }
            if mastering == nil {
                var peak =
                    sourceSpace.transferFunction == .pq ? content.peakLuminance : ConversionRequest.hlgNominalPeak
                if case .displayHeadroom(let h, _, _) = options.toneMapping { peak = h * request.referenceWhite }
                mastering = MasteringDisplayColorVolume(
                    primaries: .bt2020, maximumLuminance: peak.rounded(), minimumLuminance: 0.0001)
            }
            measures = lightLevel == nil
        }

        let size =
            request.movie.size?.resolved(sourceWidth: source.width, sourceHeight: source.height)
            ?? (width: source.width, height: source.height)
        guard size.width > 0, size.height > 0, size.width <= 16384, size.height <= 16384,
            size.width % (format.chromaSubsampling?.horizontalFactor ?? 1) == 0,
            size.height % (format.chromaSubsampling?.verticalFactor ?? 1) == 0
        else {
            throw .invalidRequest(
                "cannot write \(size.width)×\(size.height) frames: sizes run from 1 to 16384, and 4:2:0 needs even ones"
            )
        }
        var settings = VideoEncodeSettings(
            codec: request.movie.codec ?? (ext == "webm" ? .av1 : .hevc), width: size.width,
            height: size.height, encoding: encoding, frameRate: source.frameRate ?? Rational(25, 1),
            masteringDisplay: mastering, contentLightLevel: lightLevel)
        settings.timeBase = source.timeBase
        settings.crf = request.movie.crf
        settings.preset = request.movie.preset
        settings.lossless = request.lossless
        settings.threadCount = request.movie.encoderThreadCount
        self.settings = settings
        self.options = options
        self.measuresLightLevel = measures
        self.colorUnchanged = options.toneMapping.isNone && (try? settings.cicp()) == source.cicp
        self.request = request
        self.content = content
        self.sourceIsHDR = sourceSpace.isHDR
        self.sourceWeights = sourceSpace.primaries.luminanceCoefficients
        self.staticMetadataStep = staticMetadataStep
    }

    /// The HDR10 static metadata of a Dolby Vision profile 5 stream that has none of its own (its base layer is not
    /// HDR10), from its RPUs, and the plan line that says so:
    /// - **Level 6**, the RPU's copy of the HDR10 metadata: its mastering display (peak and black in cd/m²; the
    ///   primaries BT.2020, or P3 D65 when level 9 names those as the source primaries, index 0) and its MaxCLL and
    ///   MaxFALL (0 means unknown, CTA-861.3). With several distinct L6 blocks, the one with the highest peak.
    /// - Else **level 1**: the largest max_pq over the frames scanned is the content peak (tone mapping, and the
    ///   mastering peak a PQ output is given); MaxCLL/MaxFALL are then measured from the written frames.
    /// - Else the default peak of ``ContentLuminance/defaultPeakLuminance`` cd/m².
    static func profile5StaticMetadata(_ rpus: DolbyVisionRPUSummary?) -> (
        mastering: MasteringDisplayColorVolume?, lightLevel: ContentLightLevel?, peak: Double?, step: String
    ) {
        if let l6 = rpus?.level6.max(by: { $0.masteringMaximum < $1.masteringMaximum }), l6.masteringMaximum > 0 {
            let p3 = rpus?.l9SourcePrimaries == [0]
            let mastering = MasteringDisplayColorVolume(
                primaries: p3 ? .displayP3 : .bt2020, maximumLuminance: Double(l6.masteringMaximum),
                minimumLuminance: l6.masteringMinimum)
            let lightLevel =
                l6.maxCLL > 0
                ? ContentLightLevel(
                    maxContentLightLevel: Double(l6.maxCLL), maxFrameAverageLightLevel: Double(l6.maxFALL)) : nil
            return (
                mastering, lightLevel, nil,
                "HDR10 static metadata from the Dolby Vision RPUs' level 6 (the stream has none of its own): mastering "
                    + "display \(Self.nits(Double(l6.masteringMaximum))) / \(Self.nits(l6.masteringMinimum)) cd/m² "
                    + "(\(p3 ? "P3 D65, from level 9" : "BT.2020") primaries), MaxCLL \(l6.maxCLL), MaxFALL \(l6.maxFALL) "
                    + "cd/m²"
            )
        }
        if let pq = rpus?.maxL1MaxPQ, pq > 0 {
            let peak = DolbyVisionRPUSummary.nits(pq: pq)
            return (
                nil, nil, peak,
                "content peak \(Self.nits(peak)) cd/m² from the Dolby Vision RPUs' largest L1 max_pq (\(pq), over "
                    + "\(rpus?.rpus ?? 0) RPUs): the stream has no HDR10 static metadata and its RPUs no level 6"
            )
        }
        return (
            nil, nil, nil,
            "content peak \(Self.nits(ContentLuminance.defaultPeakLuminance)) cd/m² assumed: the stream has no HDR10 "
                + "static metadata and its RPUs neither level 6 nor level 1"
        )
    }

    /// A luminance for the plan: whole cd/m² when it is one, else four decimals.
    private static func nits(_ value: Double) -> String {
        NumberFormat.wholeOr(.decimals(4))(value)
    }

    /// What becomes of the source's HDR10+ messages and Dolby Vision RPUs (see ``DynamicMetadataPlan``).
    func dynamicMetadata(_ source: VideoStreamInfo, firstFrame: FrameHDRMetadata?) -> DynamicMetadataPlan {
        DynamicMetadataPlan(
            source: source, firstFrame: firstFrame, settings: settings, colorUnchanged: colorUnchanged,
            scaled: isScaled(source))
    }

    /// Per-scene tone mapping of the request's ``ConversionRequest/Movie-swift.struct/sourcePeak`` and
    /// ``ConversionRequest/Movie-swift.struct/dynamicCurve`` for this source.
    func sceneTracker() -> SceneTracker {
        SceneTracker(
            enabled: request.movie.sourcePeak == .scene && sourceIsHDR,
            followsCurves: request.movie.dynamicCurve == .metadata, staticPeak: content.peakLuminance,
            masteringPeak: content.masteringPeak, targetPeak: targetPeak, referenceWhite: request.referenceWhite,
            application: .luminance(sourceWeights))
    }

    /// The target display's peak in cd/m² (the display headroom × the reference white; BT.2446 method A maps to
    /// SDR), nil when the movie is not tone mapped.
    var targetPeak: Double? {
        guard case .displayHeadroom(let headroom, _, let method) = options.toneMapping else { return nil }
        return (method == .bt2446A ? 1 : headroom) * request.referenceWhite
    }

    /// The options with a scene's tone mapping (the movie's when nil): the request's operator from the scene's
    /// peak, or the metadata's curve tabulated.
    private func options(scene: SceneMapping?) -> PixelConverter.Options {
        guard let scene else { return options }
        var options = options
        let white = request.referenceWhite
        switch scene {
        case .peak(let peak):
            options.toneMapping = request.converterToneMapping(
                content: ContentLuminance(
                    masteringPeak: content.masteringPeak, masteringBlack: content.masteringBlack,
                    maxContentLightLevel: peak),
                sourceIsHDR: sourceIsHDR, target: settings.encoding.colorSpace)
        case .hdr10Plus(let curve):
            options.toneMapping = Self.tabulated(curve, from: curve.sceneMaximum, to: curve.targetPeak, white: white)
        case .dolbyVision(let curve):
            options.toneMapping = Self.tabulated(curve, from: curve.sourceMaximum, to: curve.targetPeak, white: white)
        }
        return options
    }

    /// A scene's metadata curve as a table over linear light up to twice the larger of its source maximum and target
    /// peak (cd/m²), saturating at the source maximum; `white` is the luminance of linear 1.0.
    private static func tabulated(
        _ curve: some ToneCurve, from sourceMaximum: Double, to targetPeak: Double, white: Double
    ) -> PixelConverter.ToneMapping {
        .custom(
            ToneMapper.tabulated(
                TabulatedToneCurve(
                    curve, top: Float(max(sourceMaximum, targetPeak) / white * 2), saturation: sourceMaximum / white)))
    }

    /// Whether frames are resampled to another size after conversion.
    func isScaled(_ source: VideoStreamInfo) -> Bool {
        settings.width != source.width || settings.height != source.height
    }

    /// The converter from decoded frames of `encoding` to the written encoding; it meters the light
    /// (``PixelConverter/Options/measuresLight``, on the CPU kernels) when the light level is measured.
    func converter(
        from encoding: PixelEncoding, scene: SceneMapping? = nil, composition: DolbyVisionReshaping? = nil
    ) throws(MediaConversionError) -> PixelConverter {
        var options = options(scene: scene)
        options.dolbyVision = composition
        if measuresLightLevel {
            options.measuresLight = true
            options.backend = nil
        }
        do {
            return try PixelConverter(from: encoding, to: settings.encoding, options: options)
        } catch {
            throw .conversion("\(error)")
        }
    }

    /// The plan's line when metering keeps a conversion asked to run on a GPU backend on the CPU kernels.
    var meteringStep: String? {
        guard measuresLightLevel, let backend = request.backend else { return nil }
        return "convert on the CPU kernels, not \(backend.name): they meter the light level (MaxCLL/MaxFALL) the "
            + "output needs; give it (--clli) to convert on \(backend.name)"
    }

    /// The passes a conversion makes over the frames, and why: one.
    func passes(composes: Bool) -> [MovieConversionReport.Pass] {
        let measure =
            measuresLightLevel
            ? "; the converter meters each frame's linear light on the way (MaxCLL and MaxFALL: neither the request "
                + "nor an unchanged source gives them), written when the movie is finished where the first access "
                + "unit and the container's header reserved room: no pass before encoding"
            : ""
        return [
            .init(
                name: "convert",
                reason: "decode, " + (composes ? "compose each frame through its RPU and " : "")
                    + "convert into one preallocated frame, encode" + measure)
        ]
    }
}
