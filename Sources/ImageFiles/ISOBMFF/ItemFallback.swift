import ColorSpaces
import ColorTags
import PixelBuffers
import PixelConversion
import SignalCoding

/// What `HEIFDecoder` and `AVIFDecoder` do when libheif or libavif cannot read a file: decode the primary item with
/// ``ItemDecoder`` and describe it as planar Y′CbCr.
///
/// The colour space is the one ColorTags decides for the primary image (as on the library path); the matrix and range
/// come from the primary item's `colr nclx` when it has one (the container overrides the bitstream, ISO/IEC 23008-12
/// §6.5.5), else from the bitstream, with MatrixCoefficients 2 (unspecified) read as BT.601 like libavif and libheif.
/// An alpha auxiliary image is not decoded on this path (a warning says so): the fallback exists for the colour
/// image of files the libraries reject.
enum ItemFallback {
    static func decodePrimary(
        _ bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits, library: String, failure: ImageFileError
    ) throws(ImageFileError) -> DecodedImage {
        guard let graph = tagging.itemGraph else { throw failure }
        let decoder = ItemDecoder(bytes: bytes, graph: graph, limits: limits)
        let item: DecodedItem
        do { item = try decoder.decode(graph.primaryID) } catch { throw combined(failure, error) }
        let nclx = containerCICP(of: graph.primaryID, decoder: decoder)
        let codes = nclx ?? item.bitstreamCICP
        let range = nclx?.range ?? item.range
        let matrix: YCbCrMatrix
        if item.isMonochrome || codes == nil || codes?.matrixCoefficients == 2 {
            matrix = .bt601  // neutral chroma makes any matrix exact for monochrome
        } else if let codes, let m = try? codes.yCbCrMatrix(), PixelConverterSupport.supports(m) {
            matrix = m
        } else {
            let code = codes.map { "\($0.matrixCoefficients)" } ?? "?"
            throw combined(
                failure,
                .unsupportedContent(
                    path: nil, format: decoder.fileType,
                    reason: "MatrixCoefficients \(code) in HDRColor's item decoder (planar Y′CbCr output only)"))
        }
        let decision = ColorResolution.decide(tagging.primary)
        let encoding = PixelEncoding(
            format: item.pixels.format, colorSpace: decision.colorSpace, matrix: matrix,
            range: range == item.range ? nil : range, chromaLocation: item.chromaLocation)
        var warnings = [
            "\(library) could not read this file (\(reason(failure))); decoded by HDRColor's item decoder "
                + "(\(item.decoderName))"
        ]
        if let alpha = alphaItem(of: graph.primaryID, decoder: decoder) {
            warnings.append(
                "the alpha channel (auxiliary item \(alpha)) is not decoded on this path; the image is opaque")
        }
        let primary = tagging.primary
        return DecodedImage(
            pixels: item.pixels, encoding: encoding, fileType: decoder.fileType, colorDecision: decision,
            codedBitDepth: item.bitDepth, masteringDisplay: primary.masteringDisplay.first?.value,
            contentLightLevel: primary.contentLightLevel.first?.value,
            iccProfile: primary.iccProfiles.first?.value.profile, tagging: tagging, warnings: warnings)
    }

    /// The code points of the item's first `colr nclx` property, if any (a `prof`/`rICC` box is skipped).
    static func containerCICP(of id: UInt32, decoder: ItemDecoder) -> CICP? {
        for property in decoder.graph.properties(of: id) where property.type == "colr" {
            guard let payload = try? decoder.payload(of: property, item: id) else { continue }
            if let cicp = try? ColourInformation.nclx(payload: payload) { return cicp }
        }
        return nil
    }

    /// An auxiliary image of `id` whose `auxC` names alpha (HEIF's or AVIF's URN).
    static func alphaItem(of id: UInt32, decoder: ItemDecoder) -> UInt32? {
        let alpha: Set<String> = ["urn:mpeg:mpegB:cicp:systems:auxiliary:alpha", "urn:mpeg:hevc:2015:auxid:1"]
        return decoder.graph.items(referring: "auxl", to: id).first { aux in
            guard let property = decoder.graph.property("auxC", of: aux),
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
