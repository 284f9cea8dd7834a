import ColorSpaces
import ColorTags
import Foundation
import PixelBuffers
import PixelConversion
import ToneMapping

extension GainMapJPEG {
    /// Decodes a JPEG: the base image as RGBA 8-bit, or, when it carries a gain map and `rendering` asks for HDR, the
    /// rendition for that headroom as RGBA float in extended linear light of the base's primaries (1.0 = SDR white).
    ///
    /// Metadata: ISO 21496-1 (exact fractions) when present, else XMP hdrgm; when both exist and disagree by more than
    /// 1e-3 a warning is recorded. An unknown ISO minimum_version, missing or invalid metadata, or an unreadable
    /// gain-map image give the base image with a warning (what a conforming reader shows).
    static func decode(_ bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits) throws(ImageFileError)
        -> DecodedImage
    {
        let base = try JPEGDecoder.decode(bytes[...], grey: false, limits: limits)
        guard let basePixels = base.rgba else { throw .corrupt(path: nil, format: .jpeg, reason: "no pixels") }
        let decision = ColorResolution.decide(tagging.primary)
        let baseEncoding = PixelEncoding(format: .rgba8, colorSpace: decision.colorSpace)
        var image = DecodedImage(
            pixels: basePixels, encoding: baseEncoding, fileType: .jpeg, colorDecision: decision, codedBitDepth: 8,
            xmp: JPEGSegments.xmpPacket(in: bytes), iccProfile: tagging.primary.iccProfiles.first?.value.profile,
            tagging: tagging)
        image.pendingGainMap = try gainMap(in: bytes, tagging: tagging, limits: limits, warnings: &image.warnings)
        return image
    }

    /// The file's gain map (ISO 21496-1 or XMP hdrgm, else Apple's), decoded; nil with a warning when it is declared
    /// but unusable (what a conforming reader does: show the base).
    static func gainMap(in bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits, warnings: inout [String])
        throws(ImageFileError) -> FileGainMap?
    {
        let tags = tagging.gainMap
        guard tags.isPresent else { return nil }
        guard let index = tags.imageIndex, let offset = tagging.images[index].offset else {
            warnings.append("the file declares a gain map but no MPF entry leads to it; showing the base image")
            return nil
        }
        var metadata: GainMapMetadata
        var source: GainMapRendition.MetadataSource
        var both = false
        var sampleMap: ((Float) -> Float)?
        if tags.iso != nil || tags.xmp != nil {
            let (chosen, chosenSource, hasBoth, found) = chooseMetadata(tags)
            warnings += found
            guard let chosen, let chosenSource else { return nil }
            (metadata, source, both) = (chosen, chosenSource, hasBoth)
        } else if let apple = tags.apple?.value {
            guard let appleMetadata = apple.metadata, let headroom = apple.headroom?.ratio else {
                warnings.append(
                    "Apple's gain map has no headroom (no XMP HDRGainMapHeadroom, no maker note); showing the base image"
                )
                return nil
            }
            (metadata, source) = (appleMetadata, .apple)
            sampleMap = { AppleGainMap.isoSample($0, headroom: headroom) }
        } else {
            return nil
        }
        let gainBytes = bytes[offset..<gainMapEnd(tagging: tagging, offset: offset, fileSize: bytes.count)]
        let decoded: JPEGDecoder.Decoded
        do {
            let header = try JPEGDecoder.header(gainBytes)
            decoded = try JPEGDecoder.decode(
                gainBytes, grey: header.components == 1, limits: limits, what: "the gain-map image")
        } catch {
            warnings.append("the gain-map image does not decode (\(error)); showing the base image")
            return nil
        }
        let samples = try samples(of: decoded, mappedBy: sampleMap)
        return FileGainMap(
            samples: samples, samplesEncoding: FileGainMap.sampleEncoding(samples.format), metadata: metadata,
            source: source, hasBothMetadata: both, channelCount: decoded.rgba == nil ? 1 : 3, workingPrimaries: nil)
    }

    /// A decoded gain-map JPEG as an RGB buffer: RGBA 8-bit as decoded, or RGBA float when the samples are mapped
    /// (Apple's) or grey (replicated into R, G and B).
    static func samples(of decoded: JPEGDecoder.Decoded, mappedBy map: ((Float) -> Float)?) throws(ImageFileError)
        -> PixelBuffer
    {
        if let rgba = decoded.rgba, map == nil { return rgba }
        let table = (0..<256).map { map?(Float($0) / 255) ?? Float($0) / 255 }
        var buffer = try Conversion.buffer(.rgbaFloat, width: decoded.width, height: decoded.height)
        buffer.withMutableView { view in
            let plane = view.plane(0)
            for y in 0..<decoded.height {
                let row = plane.row(y, as: Float.self)
                if let rgba = decoded.rgba {
                    rgba.withView { source in
                        let codes = source.plane(0).row(y, as: UInt8.self)
                        for x in 0..<(4 * decoded.width) { row[x] = x % 4 == 3 ? 1 : table[Int(codes[x])] }
                    }
                } else {
                    for x in 0..<decoded.width {
                        let g = table[Int(decoded.grey[y * decoded.width + x])]
                        (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (g, g, g, 1)
                    }
                }
            }
        }
        return buffer
    }

    /// ISO metadata when usable, else XMP; warnings for unknown versions, invalid values and disagreement.
    static func chooseMetadata(_ tags: GainMapTags) -> (
        GainMapMetadata?, GainMapRendition.MetadataSource?, Bool, [String]
    ) {
        var warnings: [String] = []
        let iso = tags.iso?.value
        if let iso, !iso.isSupported {
            warnings.append(
                "ISO 21496-1 \(iso.versionDescription) is unknown; showing the base image as the standard requires")
            return (nil, nil, false, warnings)
        }
        let isoMetadata = iso?.metadata
        let xmpMetadata = tags.xmp?.value.metadata
        let both = isoMetadata != nil && xmpMetadata != nil
        if let a = isoMetadata, let b = xmpMetadata, !agree(a, b) {
            warnings.append("ISO 21496-1 and XMP hdrgm gain-map values disagree; using the ISO values")
        }
        let chosen: (GainMapMetadata, GainMapRendition.MetadataSource)? =
            isoMetadata.map { ($0, .iso) } ?? xmpMetadata.map { ($0, .xmp) }
        guard let (metadata, source) = chosen else {
            warnings.append("the gain map has no usable metadata; showing the base image")
            return (nil, nil, both, warnings)
        }
        do { try metadata.validate() } catch {
            warnings.append("the gain-map metadata is invalid (\(error)); showing the base image")
            return (nil, nil, both, warnings)
        }
        return (metadata, source, both, warnings)
    }

    static func agree(_ a: GainMapMetadata, _ b: GainMapMetadata) -> Bool {
        func close(_ x: SIMD3<Double>, _ y: SIMD3<Double>) -> Bool {
            let d = x - y
            return max(abs(d.x), abs(d.y), abs(d.z)) <= 1e-3
        }
        return close(a.gainMapMin, b.gainMapMin) && close(a.gainMapMax, b.gainMapMax) && close(a.gamma, b.gamma)
            && close(a.baseOffset, b.baseOffset) && close(a.alternateOffset, b.alternateOffset)
            && abs(a.baseHeadroom - b.baseHeadroom) <= 1e-3 && abs(a.alternateHeadroom - b.alternateHeadroom) <= 1e-3
    }

    /// The end of the gain-map image: its MPF size when it fits, else the end of the file (lenient for editors
    /// that did not update the index).
    static func gainMapEnd(tagging: ColorTagging, offset: Int, fileSize: Int) -> Int {
        guard let entry = tagging.gainMap.multiPicture?.value.entries.first(where: { $0.fileOffset == offset }) else {
            return fileSize
        }
        let (end, overflow) = offset.addingReportingOverflow(entry.size)
        return overflow || end > fileSize || entry.size <= 0 ? fileSize : end
    }
}
