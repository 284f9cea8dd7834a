internal import CDe265
import ColorTags
import PixelBuffers
import PixelConversion
import SignalCoding
import MediaSyntax

/// Decodes the HEVC bitstream of one `hvc1`/`hev1` item through libde265 (Debian libde265 1.0.11): the `hvcC`
/// parameter sets, then the item's length-prefixed NAL units (`de265_push_NAL`), end of stream (`de265_flush_data`),
/// `de265_decode` until the first picture, whose planes are copied at their bit depth.
///
/// The SPS is parsed here first (`HEVCSequenceParameters`, shared with the movie reader) so that ``ImageLimits`` is checked before libde265
/// allocates, and for the VUI fields libde265 does not expose (whether a colour description is present, the chroma
/// sample location). The colour description and range values themselves are libde265's
/// (`de265_get_image_colour_primaries` …).
enum HEVCBitstreamDecoder {
    /// The most NAL units read from one item.
    static let maximumNALUnitCount = 4096

    static func decode(_ data: [UInt8], configuration: HEVCConfiguration, item: UInt32, limits: ImageLimits)
        throws(ImageFileError) -> DecodedItem
    {
        func corrupt(_ reason: String) -> ImageFileError {
            .corrupt(path: nil, format: .heif, reason: "HEVC item \(item): \(reason)")
        }
        let units: [Range<Int>]
        do {
            units = try NALUnits.lengthPrefixedStrictly(
                data, lengthSize: configuration.lengthSize, limit: maximumNALUnitCount)
        } catch {
            throw corrupt(error.message)
        }
        let parameterSets =
            configuration.nalUnits
            + units.map { Array(data[$0]) }.filter {
                (32...34).contains(HEVCConfiguration.nalUnitType($0) ?? -1)
            }
        guard
            let spsUnit = parameterSets.first(where: {
                HEVCConfiguration.nalUnitType($0) == 33 && HEVCConfiguration.layerID($0) == 0
            })
        else { throw corrupt("no sequence parameter set in 'hvcC' or the item data") }
        let sps: HEVCSequenceParameters
        do { sps = try HEVCSequenceParameters.parse(nal: spsUnit[...]) } catch { throw corrupt("SPS: \(error)") }
        try limits.check(width: sps.codedWidth, height: sps.codedHeight, what: "HEVC item \(item)'s coded picture")
        guard !sps.separateColorPlanes else {
            throw .unsupportedContent(
                path: nil, format: .heif, reason: "HEVC item \(item) coded with separate colour planes")
        }
        guard sps.chromaFormat == 0 || sps.lumaBitDepth == sps.chromaBitDepth, sps.lumaBitDepth <= 16 else {
            throw .unsupportedContent(
                path: nil, format: .heif,
                reason: "HEVC item \(item) with \(sps.lumaBitDepth)-bit luma and \(sps.chromaBitDepth)-bit chroma")
        }

        guard let context = de265_new_decoder() else {
            throw .codecUnavailable(
                format: .heif, reason: "libde265 could not create a decoder", debianPackage: "libde265-0")
        }
        defer { _ = de265_free_decoder(context) }
        de265_set_parameter_bool(context, DE265_DECODER_PARAM_SUPPRESS_FAULTY_PICTURES, 1)
        for unit in configuration.nalUnits {
            try push(unit[...], to: context, item: item)
        }
        for range in units {
            try push(data[range], to: context, item: item)
        }
        _ = de265_flush_data(context)
        // de265_decode says through `more` whether to call again; a few calls per NAL unit suffice, and the bound
        // keeps a decoder that stalls from looping forever.
        var more: Int32 = 1
        var lastError = DE265_OK
        var iterations = 0
        while more != 0, iterations < 64 + 16 * (units.count + configuration.nalUnits.count) {
            iterations += 1
            more = 0
            let status = de265_decode(context, &more)
            if status != DE265_OK, de265_isOK(status) == 0 {
                lastError = status
                if status == DE265_ERROR_WAITING_FOR_INPUT_DATA { break }
            }
            if let picture = de265_get_next_picture(context) {
                return try copy(picture, sps: sps, item: item, limits: limits)
            }
        }
        let reason =
            lastError == DE265_OK ? "no picture" : String(cString: de265_get_error_text(lastError))
        throw corrupt("libde265 decoded no picture (\(reason))")
    }

    private static func push(_ unit: ArraySlice<UInt8>, to context: UnsafeMutableRawPointer, item: UInt32)
        throws(ImageFileError)
    {
        guard let length = Int32(exactly: unit.count) else {
            throw .corrupt(path: nil, format: .heif, reason: "HEVC item \(item): a NAL unit of \(unit.count) bytes")
        }
        let status = unit.withUnsafeBytes { de265_push_NAL(context, $0.baseAddress, length, 0, nil) }
        guard status == DE265_OK else {
            throw .corrupt(
                path: nil, format: .heif,
                reason:
                    "HEVC item \(item): libde265 refused a NAL unit (\(String(cString: de265_get_error_text(status))))")
        }
    }

    /// Copies a libde265 picture (valid until the next libde265 call) into a planar buffer.
    private static func copy(
        _ picture: OpaquePointer, sps: HEVCSequenceParameters, item: UInt32, limits: ImageLimits
    ) throws(ImageFileError) -> DecodedItem {
        func corrupt(_ reason: String) -> ImageFileError {
            .corrupt(path: nil, format: .heif, reason: "HEVC item \(item): \(reason)")
        }
        let width = Int(de265_get_image_width(picture, 0))
        let height = Int(de265_get_image_height(picture, 0))
        try limits.check(width: width, height: height, what: "HEVC item \(item)")
        let chroma = de265_get_chroma_format(picture)
        let monochrome = chroma == de265_chroma_mono
        let subsampling: PixelFormat.ChromaSubsampling
        switch chroma {
        case de265_chroma_mono, de265_chroma_420: subsampling = .s420
        case de265_chroma_422: subsampling = .s422
        case de265_chroma_444: subsampling = .s444
        default: throw corrupt("libde265 reports chroma format \(chroma.rawValue)")
        }
        let depth = Int(de265_get_bits_per_pixel(picture, 0))
        guard monochrome || Int(de265_get_bits_per_pixel(picture, 1)) == depth else {
            throw .unsupportedContent(path: nil, format: .heif, reason: "HEVC item \(item) with unequal bit depths")
        }
        let range: SignalRange = de265_get_image_full_range_flag(picture) != 0 ? .full : .narrow
        let format: PixelFormat
        do { format = try .planarYCbCr(subsampling, bitDepth: depth, range: range, alignment: .low) } catch {
            throw .unsupportedContent(path: nil, format: .heif, reason: "HEVC item \(item) with \(depth)-bit samples")
        }
        var pixels = try Conversion.buffer(format, width: width, height: height)
        try pixels.withMutableView { (view) throws(ImageFileError) in
            for p in 0..<(monochrome ? 1 : 3) {
                let plane = view.plane(p)
                var stride: Int32 = 0
                guard let source = de265_get_image_plane(picture, Int32(p), &stride),
                    Int(de265_get_image_width(picture, Int32(p))) == plane.width,
                    Int(de265_get_image_height(picture, Int32(p))) == plane.height,
                    Int(stride) >= plane.rowByteCount
                else { throw corrupt("libde265's plane \(p) is missing or does not match the picture size") }
                for y in 0..<plane.height {
                    plane.row(y).copyMemory(
                        from: UnsafeRawBufferPointer(start: source + y * Int(stride), count: plane.rowByteCount))
                }
            }
            if monochrome {
                DecodedItem.fill(view.plane(1), with: 1 << (depth - 1))
                DecodedItem.fill(view.plane(2), with: 1 << (depth - 1))
            }
        }
        var cicp: CICP?
        if sps.vui?.colorDescription != nil {
            cicp = CICP(
                colorPrimaries: UInt8(clamping: de265_get_image_colour_primaries(picture)),
                transferCharacteristics: UInt8(clamping: de265_get_image_transfer_characteristics(picture)),
                matrixCoefficients: UInt8(clamping: de265_get_image_matrix_coefficients(picture)),
                videoFullRange: range == .full)
        }
        // H.265 §E.3.1: chroma_sample_loc_type applies to 4:2:0 and is 0 (left) when absent; 4:2:2 chroma is
        // co-sited with the even luma columns (Figure 6-2).
        var location: ChromaLocation?
        switch subsampling {
        case .s420 where !monochrome:
            location = ChromaLocation(chromaSampleLocationType: Int(sps.vui?.chromaSampleLocation?.top ?? 0))
        case .s422: location = .left
        default: location = nil
        }
        return DecodedItem(
            pixels: pixels, bitDepth: depth, range: range, bitstreamCICP: cicp, chromaLocation: location,
            isMonochrome: monochrome, decoderName: "libde265")
    }
}
