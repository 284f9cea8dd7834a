import Foundation
import HDRColor
import ImageFiles

/// What `hdrcolor convert` does to each file, decided once from the command line.
struct ConvertRequest: Sendable {
    var targetSpace: ColorSpace?
    var targetProfile: ICCProfile?
    var outputType: ImageFileType?
    var bitDepth: Int?
    var quality: Int
    var lossless: Bool
    var chroma420: Bool?
    var toneMap: ToneMapChoice
    var headroom: Double?
    var referenceWhite: Double
    var gamut: GamutArgument
    var gainMap: GainMapWriteOptions?
    var displayHeadroom: Double?
    var rawInput: RawFrameDescription?
    var rawOutput: PixelFormat?
    var rawOutputCICP: CICP?
    var masteringDisplay: MasteringDisplayColorVolume?
    var contentLightLevel: ContentLightLevel?
}

/// The outcome of one file: its report, and whether it failed (and how).
struct ConvertOutcome: Sendable {
    var input: String
    var output: String
    /// 0 converted, 1 failed, 2 the input could not be read.
    var status: Int32
    var text: String
    var json: JSONValue
}

/// One conversion: read, convert (PixelConverter, or LittleCMS for an ICC profile no catalog space matches), encode,
/// write, check. Timed per stage.
struct ConvertJob: Sendable {
    let request: ConvertRequest

    func run(input: String, output: String) -> ConvertOutcome {
        do {
            return try convert(input: input, output: output)
        } catch let error as ImageFileError {
            return failure(input, output, "\(error)", status: error.isUnreadableInput ? 2 : 1)
        } catch {
            return failure(input, output, "\(error)", status: 1)
        }
    }

    func failure(_ input: String, _ output: String, _ message: String, status: Int32) -> ConvertOutcome {
        ConvertOutcome(
            input: input, output: output, status: status, text: "error: \(TextSanitizer.sanitize(message))",
            json: .object([
                ("input", .string(input)), ("output", .string(output)), ("status", .integer(Int(status))),
                ("error", .string(message)),
            ]))
    }

    private func convert(input: String, output: String) throws -> ConvertOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        let outputURL = URL(fileURLWithPath: output)
        guard let outputType = request.outputType ?? ImageFileType(pathExtension: outputURL.pathExtension) else {
            throw ImageFileError.invalidRequest(
                "cannot tell the output format from '\(outputURL.lastPathComponent)'; use .png, .jpg, .avif, .heic, "
                    + ".yuv or --format")
        }
        // 1. Read; a gain map is rendered once the target is known.
        var readOptions = ImageReadOptions(gainMap: .base)
        readOptions.raw = request.rawInput
        var image = try ImageFile.read(contentsOf: URL(fileURLWithPath: input), options: readOptions)
        let targetSpace = request.targetSpace ?? defaultTarget(image, outputType)
        image = try image.rendition(for: gainMapRendering(targetSpace))
        let decoded = clock.now
        // 2. Convert.
        var conversion = PixelConverter.Options()
        conversion.referenceWhite = request.referenceWhite
        conversion.gamut = request.gamut.policy
        let content = contentLuminance(image)
        conversion.toneMapping = toneMapping(image, targetSpace, content)
        var rawDescription: RawFrameDescription?
        if let format = request.rawOutput {
            rawDescription = RawFrameDescription(
                format: format, width: image.width, height: image.height, cicp: request.rawOutputCICP)
        }
        var gainMap = request.gainMap
        if gainMap != nil, request.toneMap != .auto, request.toneMap != .none {
            gainMap?.baseToneMapping = conversion.toneMapping
        }
        let sameColour = targetSpace == image.encoding.colorSpace && isNone(conversion.toneMapping)
        var writeOptions = ImageWriteOptions(
            fileType: outputType, bitDepth: request.bitDepth, quality: request.quality, lossless: request.lossless,
            chroma420: request.chroma420,
            masteringDisplay: request.masteringDisplay
                ?? (targetSpace.isHDR && sameColour ? image.masteringDisplay : nil),
            contentLightLevel: request.contentLightLevel ?? (sameColour ? image.contentLightLevel : nil),
            gainMap: gainMap, xmp: image.xmp, raw: rawDescription)
        if gainMap != nil { conversion.toneMapping = .none }
        writeOptions.conversion = conversion
        let target = try ImageFile.nativeEncoding(for: writeOptions, colorSpace: targetSpace, source: image.encoding)
        var planSteps: [String] = []
        var engine = "PixelConverter"
        let pixels: PixelBuffer
        if let profile = image.colorDecision.unmatchedProfile, !image.isHDR,
            let converted = try iccConvert(image, profile: profile, to: target)
        {
            // Before the shortcut below: the pixels are not what their approximate sRGB encoding says.
            pixels = converted
            engine = "LittleCMS"
            planSteps = ["ICC transform: embedded profile → \(targetSpace.name) (perceptual)"]
        } else if target == image.encoding {
            pixels = image.pixels
            planSteps = ["none (the decoded layout is the writer's)"]
        } else {
            let converter: PixelConverter
            do { converter = try PixelConverter(from: image.encoding, to: target, options: conversion) } catch {
                throw ImageFileError.conversion("\(error)")
            }
            planSteps = converter.plan.steps.map(\.description)
            engine += " (\(converter.plan.codePath))"
            pixels = try converter.convert(image.pixels)
        }
        let convertedAt = clock.now
        // 3. Encode and write.
        let bytes = try ImageFile.encode(pixels, encoding: target, options: writeOptions)
        let encodedAt = clock.now
        do { try Data(bytes).write(to: outputURL, options: .atomic) } catch {
            throw ImageFileError.unwritableFile(path: output, reason: error.localizedDescription)
        }
        let written = clock.now
        // 4. Check what was written.
        var isoHDR: [Finding]?
        var outputSummary = "\(outputType.displayName), \(bytes.count) bytes"
        if outputType != .raw, let tagging = try? ColorTagging(bytes: bytes) {
            outputSummary +=
                ", \(tagging.primary.bitDepth.map { "\($0)-bit" } ?? "?"), \(tagging.primary.effective.summary)"
            if targetSpace.isHDR || gainMap != nil {
                let requirement: Requirement = gainMap != nil ? .gainMapBoth : .isoHDR
                isoHDR = tagging.findings(options: ValidationOptions(requirements: [requirement]))
                    .filter { $0.severity >= .warning }
            }
        }
        return report(
            input: input, output: output, image: image, targetSpace: targetSpace, target: target, engine: engine,
            plan: planSteps, outputSummary: outputSummary, validation: isoHDR, gainMap: gainMap != nil,
            times: [decoded - start, convertedAt - decoded, encodedAt - convertedAt, written - encodedAt])
    }

    /// The colour space written when none was asked for: sRGB for an 8-bit JPEG of HDR content, BT.2100 PQ (ISO HDR)
    /// for deep formats of a gain-map image (unless `--display-headroom` asks for SDR) or an extended-linear HDR
    /// rendition, else the source's (a gain-map image's base, written as SDR).
    func defaultTarget(_ image: DecodedImage, _ type: ImageFileType) -> ColorSpace {
        let source = image.encoding.colorSpace
        if type == .jpeg, request.gainMap == nil, image.isHDR { return .sRGB }
        if request.gainMap != nil { return source }
        let gainMapHDR = image.hasUnrenderedGainMap && type != .jpeg && (request.displayHeadroom ?? 2) > 1
        if gainMapHDR || (source.isLinear && source.outOfRange == .extended && type != .raw) {
            return .bt2100PQ
        }
        if image.colorDecision.unmatchedProfile != nil { return .sRGB }
        return source
    }

    /// Which rendition of a gain-map image a target gets (ISO 21496-1): `--display-headroom H`; else headroom 1 for
    /// an SDR target (a base meant for SDR is then written as stored, with no tone mapping); else the alternate
    /// rendition at its full headroom (HDR targets, and the HDR input of a gain-map JPEG being written).
    func gainMapRendering(_ target: ColorSpace) -> GainMapRendering {
        if let h = request.displayHeadroom { return .displayHeadroom(h) }
        if request.gainMap == nil, !target.isHDR, !(target.isLinear && target.outOfRange == .extended) {
            return .displayHeadroom(1)
        }
        return .alternate
    }

    func contentLuminance(_ image: DecodedImage) -> ContentLuminance {
        if let gainMap = image.gainMap {
            return ContentLuminance(maxContentLightLevel: gainMap.renditionHeadroom * request.referenceWhite)
        }
        return ContentLuminance(
            masteringPeak: image.masteringDisplay?.maximumLuminance,
            masteringBlack: image.masteringDisplay?.minimumLuminance,
            maxContentLightLevel: image.contentLightLevel.flatMap {
                $0.maxContentLightLevel > 0 ? $0.maxContentLightLevel : nil
            })
    }

    func toneMapping(_ image: DecodedImage, _ target: ColorSpace, _ content: ContentLuminance)
        -> PixelConverter.ToneMapping
    {
        let sdrTarget = !target.isHDR && !(target.isLinear && target.outOfRange == .extended)
        switch request.toneMap {
        case .none: return .none
        case .auto:
            if image.isHDR, sdrTarget { return .displayHeadroom(request.headroom ?? 1, content: content) }
            if let h = request.headroom { return .displayHeadroom(h, content: content) }
            return .none
        default:
            let method = request.toneMap.method ?? .headroom
            let h = request.headroom ?? (sdrTarget ? 1 : content.headroom(referenceWhite: request.referenceWhite))
            return .displayHeadroom(h, content: content, method: method)
        }
    }

    func isNone(_ t: PixelConverter.ToneMapping) -> Bool {
        if case .none = t { return true }
        return false
    }

    /// An SDR conversion through LittleCMS from a profile no catalog space matches (8/16-bit RGBA to RGBA).
    func iccConvert(_ image: DecodedImage, profile: ICCProfile, to target: PixelEncoding) throws -> PixelBuffer? {
        guard let sourceLayout = ICCPixelLayout(image.pixels.format), let targetLayout = ICCPixelLayout(target.format),
            !target.colorSpace.isHDR
        else { return nil }
        let destination = try ICCProfile(colorSpace: target.colorSpace)
        let transform = try ICCTransform(
            from: profile, to: destination, sourceLayout: sourceLayout, destinationLayout: targetLayout)
        var buffer = try PixelBuffer(format: target.format, width: image.width, height: image.height)
        try image.pixels.withView { input in try buffer.withMutableView { try transform.transform(input, into: $0) } }
        return buffer
    }
}
