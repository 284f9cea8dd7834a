public import Foundation
import ColorSpaces
import ColorTags
import HDRColor
import ICC
import ImageFiles
import PixelBuffers
import PixelConversion
import ToneMapping

/// Converts image files to image files, keeping HDR: the job behind `hdrcolor convert`.
///
/// 1. **Read** the file and its tags (`ImageFile.read`), keeping a gain map unrendered.
/// 2. **Decide the target**: the request's colour space, else the source's, except that an 8-bit JPEG of HDR content
///    becomes sRGB and a deep format (PNG, AVIF, HEIF) of a gain-map image or extended-linear HDR becomes BT.2100 PQ
///    (ISO HDR). A gain-map image is rendered for the target (ISO 21496-1): the request's display headroom, else
///    headroom 1 for an SDR target (the stored base, no second tone map), else its alternate rendition.
/// 3. **Convert** with `PixelConverter` (tone mapping as requested: automatic maps HDR onto SDR targets), or through
///    LittleCMS for an SDR image whose ICC profile matches no catalog colour space.
/// 4. **Encode and write** atomically, with the colour tags (and mastering display / content light level kept when
///    the colour is unchanged, measured otherwise for HDR).
/// 5. **Check** the written bytes: ISO HDR for HDR targets, both gain-map metadata forms for gain-map JPEGs.
public struct MediaConverter: Sendable {
    /// The request.
    public var request: ConversionRequest

    /// A converter for `request`.
    public init(request: ConversionRequest) {
        self.request = request
    }

    /// Converts `input` to `output` (its format from ``ConversionRequest/fileType`` or its extension).
    ///
    /// - Throws: ``MediaConversionError/file(_:)`` with the image files' error (unreadable input, unsupported
    ///   content, conversion, encoding, writing), ``MediaConversionError/invalidRequest(_:)`` when no output format can
    ///   be told, ``MediaConversionError/outputExists(path:)`` for an existing output the request does not replace.
    public func convert(_ input: URL, to output: URL) throws(MediaConversionError) -> ConversionReport {
        try checkOutput(output)
        do throws(ImageFileError) {
            return try run(input, output)
        } catch {
            throw .file(error)
        }
    }

    private func run(_ input: URL, _ output: URL) throws(ImageFileError) -> ConversionReport {
        let clock = ContinuousClock()
        let start = clock.now
        guard let outputType = request.fileType ?? MediaFileFormat(pathExtension: output.pathExtension) else {
            throw .invalidRequest(
                "cannot tell the output format from '\(output.lastPathComponent)'; use .png, .jpg, .avif, .heic, "
                    + ".yuv or --format")
        }
        var image = try ImageFile.read(
            contentsOf: input, options: ImageReadOptions(gainMap: .base, raw: request.rawInput))
        let decision = TargetDecision(request: request, outputType: outputType)
        let targetSpace = request.colorSpace ?? decision.defaultColorSpace(for: image)
        image = try image.rendition(for: decision.gainMapRendering(for: targetSpace), backend: request.backend)
        let decoded = clock.now

        var conversion = request.converterOptions
        conversion.toneMapping = decision.toneMapping(image, targetSpace)
        var rawDescription: RawFrameDescription?
        if let format = request.rawOutput {
            rawDescription = RawFrameDescription(
                format: format, width: image.width, height: image.height, cicp: request.rawOutputCICP)
        }
        var gainMap = request.gainMap
        if gainMap != nil, request.toneMapping != .automatic, request.toneMapping != .none {
            gainMap?.baseToneMapping = conversion.toneMapping
        }
        let sameColor = targetSpace == image.encoding.colorSpace && conversion.toneMapping.isNone
        var writeOptions = ImageWriteOptions(
            fileType: outputType, bitDepth: request.bitDepth, quality: request.quality, lossless: request.lossless,
            chroma420: request.chroma420,
            masteringDisplay: request.masteringDisplay
                ?? (targetSpace.isHDR && sameColor ? image.masteringDisplay : nil),
            contentLightLevel: request.contentLightLevel ?? (sameColor ? image.contentLightLevel : nil),
            gainMap: gainMap, xmp: image.xmp, raw: rawDescription)
        if gainMap != nil { conversion.toneMapping = .none }
        writeOptions.conversion = conversion
        let target = try ImageFile.nativeEncoding(for: writeOptions, colorSpace: targetSpace, source: image.encoding)
        let (pixels, engine, plan) = try convertPixels(image, to: target, options: conversion)
        let converted = clock.now

        let bytes = try ImageFile.encode(pixels, encoding: target, options: writeOptions)
        let encoded = clock.now
        do { try Data(bytes).write(to: output, options: .atomic) } catch {
            throw .unwritableFile(path: output.path, reason: error.localizedDescription)
        }
        let written = clock.now

        let tagging = outputType == .raw ? nil : try? ColorTagging(bytes: bytes)
        var validation: [Finding]?
        if let tagging, targetSpace.isHDR || gainMap != nil {
            let requirement: Requirement = gainMap != nil ? .gainMapBoth : .isoHDR
            validation = tagging.findings(options: ValidationOptions(requirements: [requirement]))
                .filter { $0.severity >= .warning }
        }
        return ConversionReport(
            input: input.path, output: output.path,
            source: ConversionReport.SourceDescription(
                fileType: image.fileType, width: image.width, height: image.height,
                codedBitDepth: image.codedBitDepth, colorDecision: image.colorDecision, encoding: image.encoding,
                masteringDisplay: image.masteringDisplay, contentLightLevel: image.contentLightLevel,
                gainMap: image.gainMap, tagging: image.tagging, warnings: image.warnings),
            targetColorSpace: targetSpace, target: target, engine: engine, plan: plan,
            written: ConversionReport.WrittenDescription(
                fileType: outputType, byteCount: bytes.count, tagging: tagging),
            validation: validation, wroteGainMap: gainMap != nil,
            times: ConversionReport.Times(
                decode: decoded - start, convert: converted - decoded, encode: encoded - converted,
                write: written - encoded))
    }

    /// Refuses an output that exists (a file, folder or link, even a dangling one) unless the request replaces it.
    func checkOutput(_ output: URL) throws(MediaConversionError) {
        guard !request.overwritesOutput, (try? FileManager.default.attributesOfItem(atPath: output.path)) != nil else {
            return
        }
        throw .outputExists(path: output.path)
    }

    /// The pixels in `target`, what converted them and the plan's steps.
    private func convertPixels(_ image: DecodedImage, to target: PixelEncoding, options: PixelConverter.Options)
        throws(ImageFileError) -> (PixelBuffer, String, [String])
    {
        if let profile = image.colorDecision.unmatchedProfile, !image.isHDR,
            let converted = try ICCFallback.convert(image, profile: profile, to: target)
        {
            // Before the shortcut below: the pixels are not what their approximate sRGB encoding says.
            return (
                converted, "LittleCMS",
                ["ICC transform: embedded profile → \(target.colorSpace.name) (perceptual)"]
            )
        }
        if target == image.encoding {
            return (image.pixels, "PixelConverter", ["none (the decoded layout is the writer's)"])
        }
        do throws(PixelConversionError) {
            let converter = try PixelConverter(from: image.encoding, to: target, options: options)
            return (
                try converter.convert(image.pixels), converter.plan.engine,
                converter.plan.steps.map(\.description)
            )
        } catch {
            throw .conversion("\(error)")
        }
    }
}

extension PixelConverter.ToneMapping {
    var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}
