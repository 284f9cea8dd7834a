import ColorSpaces
import ColorTags
import PixelBuffers
import PixelConversion
import SignalCoding
import ToneMapping

/// Gain maps of HEIF and AVIF files: the ISO 21496-1 `tmap` derived item (its metadata, its second input the gain
/// map; libavif, Adobe, iOS 18, Samsung) or Apple's auxiliary `urn:com:apple:photo:2020:aux:hdrgainmap` image (iPhone
/// HEICs since iOS 14.1, headroom from its XMP or the Exif maker note). The gain-map item is decoded by the project's
/// item decoder (libde265, dav1d), which neither libheif 1.15 nor libavif 0.11 can do.
enum ISOBMFFGainMap {
    /// The file's gain map, decoded; nil when there is none, or, with a warning, when it cannot be used (a conforming
    /// reader then shows the base).
    static func gainMap(
        in bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits, warnings: inout [String]
    ) throws(ImageFileError) -> FileGainMap? {
        let tags = tagging.gainMap
        guard tags.iso != nil || tags.apple != nil, let graph = tagging.itemGraph else { return nil }
        guard let index = tags.imageIndex, let id = tagging.images[index].itemID else {
            warnings.append("the file declares a gain map but names no gain-map image; showing the base image")
            return nil
        }
        var metadata: GainMapMetadata
        var source: GainMapRendition.MetadataSource
        var sampleMap: ((Float) -> Float)?
        var workingPrimaries: RGBPrimaries?
        if tags.iso != nil, let reason = tags.isoIgnoredBecause, tags.apple == nil {
            warnings.append("the tmap gain map is ignored because \(reason); showing the base image")
            return nil
        } else if let iso = tags.iso?.value, tags.isoIgnoredBecause == nil {
            guard iso.isSupported else {
                warnings.append(
                    "ISO 21496-1 \(iso.versionDescription) is unknown; showing the base image as the standard requires")
                return nil
            }
            guard let isoMetadata = iso.metadata else {
                warnings.append("the gain map has no usable metadata; showing the base image")
                return nil
            }
            do { try isoMetadata.validate() } catch {
                warnings.append("the gain-map metadata is invalid (\(error)); showing the base image")
                return nil
            }
            (metadata, source) = (isoMetadata, .iso)
            // use_base_colour_space 0: the gains apply in the alternate image's primaries, the tmap item's colr.
            if iso.values?.usesBaseColorSpace == false {
                workingPrimaries = tagging.images.first { $0.role == .toneMapDerivation }?.effective.primaries
            }
        } else if let apple = tags.apple?.value, let appleMetadata = apple.metadata,
            let headroom = apple.headroom?.ratio
        {
            (metadata, source) = (appleMetadata, .apple)
            sampleMap = { AppleGainMap.isoSample($0, headroom: headroom) }
        } else {
            warnings.append(
                "Apple's gain map has no headroom (no XMP HDRGainMapHeadroom, no maker note); showing the base image")
            return nil
        }
        let item: DecodedItem
        do { item = try ItemDecoder(bytes: bytes, graph: graph, limits: limits).decode(id) } catch {
            warnings.append("the gain-map item \(id) does not decode (\(error)); showing the base image")
            return nil
        }
        let samples = try samples(of: item, tags: tagging.images[index], mappedBy: sampleMap)
        return FileGainMap(
            samples: samples, samplesEncoding: FileGainMap.sampleEncoding(samples.format), metadata: metadata,
            source: source, hasBothMetadata: false, channelCount: item.isMonochrome || sampleMap != nil ? 1 : 3,
            workingPrimaries: workingPrimaries)
    }

    /// The gain-map samples as RGBA float in [0, 1]: a monochrome map's luma (or Apple's, whose chroma is not gain),
    /// normalised by its range, in R, G and B; a colour map converted to R′G′B′ with its own matrix and range (the
    /// item's `colr nclx`, else the bitstream's, 2 read as BT.601 as libavif does); then mapped by `map`.
    static func samples(of item: DecodedItem, tags: ImageTags, mappedBy map: ((Float) -> Float)?)
        throws(ImageFileError) -> PixelBuffer
    {
        let codes = tags.cicp(from: .nclx)?.value.cicp ?? item.bitstreamCICP
        let range = codes?.range ?? item.range
        var rgb: PixelBuffer
        if item.isMonochrome || map != nil {
            let quantization: Quantization
            do { quantization = try Quantization(bitDepth: item.bitDepth, range: range) } catch {
                throw .unsupportedContent(path: nil, format: .heif, reason: "a \(item.bitDepth)-bit gain map")
            }
            rgb = try Conversion.buffer(.rgbaFloat, width: item.width, height: item.height)
            item.pixels.withView { source in
                rgb.withMutableView { destination in
                    let luma = source.plane(0)
                    for y in 0..<item.height {
                        let row = destination.plane(0).row(y, as: Float.self)
                        for x in 0..<item.width {
                            let code =
                                item.bitDepth > 8
                                ? Int(luma.row(y, as: UInt16.self)[x]) : Int(luma.row(y, as: UInt8.self)[x])
                            let g = Float(quantization.dequantize(luma: code))
                            (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (g, g, g, 1)
                        }
                    }
                }
            }
        } else {
            let matrix =
                codes.flatMap { $0.matrixCoefficients == 2 ? nil : try? $0.yCbCrMatrix() }.flatMap {
                    PixelConverterSupport.supports($0) ? $0 : nil
                } ?? .bt601
            let gains = ColorSpace(name: "gain-map samples", primaries: .bt709, transferFunction: .linear)
            let source = PixelEncoding(
                format: item.pixels.format, colorSpace: gains, matrix: matrix,
                range: range == item.range ? nil : range, chromaLocation: item.chromaLocation)
            rgb = try Conversion.convert(
                item.pixels, from: source, to: PixelEncoding(format: .rgbaFloat, colorSpace: gains))
        }
        if let map {
            rgb.withMutableView { view in
                for y in 0..<view.height {
                    let row = view.plane(0).row(y, as: Float.self)
                    for x in 0..<(4 * view.width) where x % 4 != 3 { row[x] = map(row[x]) }
                }
            }
        }
        return rgb
    }
}
