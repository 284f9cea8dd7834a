import ColorSpaces
import ColorTags
import PixelBuffers
import PixelConversion
import SignalCoding
import MediaSyntax

/// What `HEIFDecoder` and `AVIFDecoder` do when libheif or libavif cannot read a file: decode the primary item with
/// ``ItemDecoder`` and describe it as planar Y′CbCr.
///
/// The colour space is the one ColorTags decides for the primary image (as on the library path); the matrix and range
/// come from the primary item's `colr nclx` when it has one (the container overrides the bitstream, ISO/IEC 23008-12
/// §6.5.5), else from the bitstream, with MatrixCoefficients 2 (unspecified) read as BT.601 like libavif and libheif.
/// An alpha auxiliary image is not decoded on this path (a warning says so): the fallback exists for the colour
/// image of files the libraries reject.
enum ItemFallback {
    /// Decodes the primary item. With `failure` (the library's error) the result carries a warning naming it and a
    /// decoding error is combined with it; without, the item decoder is the chosen path (AVIF items with transforms,
    /// which libavif 0.11 reports but does not apply).
    static func decodePrimary(
        _ bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits, library: String, failure: ImageFileError?
    ) throws(ImageFileError) -> DecodedImage {
        guard let graph = tagging.itemGraph else {
            throw failure ?? .corrupt(path: nil, format: .heif, reason: "no item structure")
        }
        let decoder = ItemDecoder(bytes: bytes, graph: graph, limits: limits)
        let item: DecodedItem
        do { item = try decoder.decode(graph.primaryID) } catch {
            throw failure.map { combined($0, error) } ?? error
        }
        let nclx = containerCICP(of: graph.primaryID, decoder: decoder)
        let codes = nclx ?? item.bitstreamCICP
        let range = nclx?.range ?? item.range
        let decision = ColorResolution.decide(tagging.primary)
        let pixels: PixelBuffer
        let encoding: PixelEncoding
        if item.isMonochrome || codes == nil || codes?.matrixCoefficients == 2 {
            // Neutral chroma makes any matrix exact for monochrome; 2 (unspecified) is read as BT.601.
            (pixels, encoding) = (item.pixels, planar(item, .bt601, range, decision))
        } else if let codes, let m = try? codes.yCbCrMatrix(), PixelConverterSupport.supports(m) {
            (pixels, encoding) = (item.pixels, planar(item, m, range, decision))
        } else if let codes, let m = try? codes.yCbCrMatrix(), m == .identity || m == .bt2020ConstantLuminance {
            pixels = try item.referenceRGB(
                matrix: m, range: range, transfer: decision.colorSpace.transferFunction)
            encoding = PixelEncoding(format: .rgbaFloat, colorSpace: decision.colorSpace)
        } else {
            let code = codes.map { "\($0.matrixCoefficients)" } ?? "?"
            let error = ImageFileError.unsupportedContent(
                path: nil, format: decoder.fileType, reason: "MatrixCoefficients \(code) in HDRColor's item decoder")
            throw failure.map { combined($0, error) } ?? error
        }
        var warnings: [String] = []
        if let failure {
            warnings.append(
                "\(library) could not read this file (\(reason(failure))); decoded by HDRColor's item decoder "
                    + "(\(item.decoderName))")
        }
        if let alpha = alphaItem(of: graph.primaryID, decoder: decoder) {
            warnings.append(
                "the alpha channel (auxiliary item \(alpha)) is not decoded on this path; the image is opaque")
        }
        let primary = tagging.primary
        return DecodedImage(
            pixels: pixels, encoding: encoding, fileType: decoder.fileType, colorDecision: decision,
            codedBitDepth: item.bitDepth, masteringDisplay: primary.masteringDisplay.first?.value,
            contentLightLevel: primary.contentLightLevel.first?.value,
            iccProfile: primary.iccProfiles.first?.value.profile, tagging: tagging, warnings: warnings)
    }

    /// The planar Y′CbCr encoding of a decoded item.
    static func planar(_ item: DecodedItem, _ matrix: YCbCrMatrix, _ range: SignalRange, _ decision: ColorDecision)
        -> PixelEncoding
    {
        PixelEncoding(
            format: item.pixels.format, colorSpace: decision.colorSpace, matrix: matrix,
            range: range == item.range ? nil : range, chromaLocation: item.chromaLocation)
    }

    /// Whether an item carries a transformative property (`clap`, `irot`, `imir`) that libavif 0.11 reports but does
    /// not apply.
    static func hasTransforms(_ id: UInt32, graph: ISOBMFFItemGraph) -> Bool {
        graph.properties(of: id).contains { $0.type.isOne(of: BoxType.clap, .irot, .imir) }
    }

    /// The code points of the item's first `colr nclx` property, if any (a `prof`/`rICC` box is skipped).
    static func containerCICP(of id: UInt32, decoder: ItemDecoder) -> CICP? {
        for property in decoder.graph.properties(of: id) where property.type == BoxType.colr {
            guard let payload = try? decoder.payload(of: property, item: id) else { continue }
            if let colour = try? ColorInformation(payload), colour.type == ColorType.nclx, !colour.codesOutOfRange {
                return colour.cicp
            }
        }
        return nil
    }

    /// An auxiliary image of `id` whose `auxC` names alpha (HEIF's or AVIF's URN).
    static func alphaItem(of id: UInt32, decoder: ItemDecoder) -> UInt32? {
        let alpha: Set<String> = ["urn:mpeg:mpegB:cicp:systems:auxiliary:alpha", "urn:mpeg:hevc:2015:auxid:1"]
        return decoder.graph.items(referring: .auxl, to: id).first { aux in
            guard let property = decoder.graph.property(.auxC, of: aux),
                let payload = try? decoder.payload(of: property, item: aux),
                let type = try? AuxiliaryType(payload: payload)
            else { return false }
            return alpha.contains(type.urn)
        }
    }

    /// The library's error, with the item decoder's reason appended; the item decoder's own error when it hit a limit.
    static func combined(_ failure: ImageFileError, _ error: ImageFileError) -> ImageFileError {
        if case .limitExceeded = error { return error }
        let note = "; HDRColor's item decoder could not decode it either: \(reason(error))"
        switch failure {
        case .corrupt(let path, let format, let reason):
            return .corrupt(path: path, format: format, reason: reason + note)
        case .unsupportedContent(let path, let format, let reason):
            return .unsupportedContent(path: path, format: format, reason: reason + note)
        default: return failure
        }
    }

    /// The reason part of an error, without the advice ``ImageFileError/description`` adds.
    static func reason(_ error: ImageFileError) -> String {
        switch error {
        case .corrupt(_, _, let reason), .unsupportedContent(_, _, let reason), .codecUnavailable(_, let reason, _):
            reason
        default: "\(error)"
        }
    }
}
