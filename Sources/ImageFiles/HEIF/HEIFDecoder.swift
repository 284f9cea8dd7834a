internal import CHEIF
import ColorTags
import MediaSyntax
import PixelBuffers
import PixelConversion

/// Decodes the primary image of a HEIF (HEVC) or other libheif-readable file into RGBA at the coded depth; libheif
/// converts Y′CbCr to R′G′B′ with the file's `nclx` matrix and range.
///
/// Files libheif 1.15 cannot open or decode (an `auxl` reference with several targets, as iPhone 16 / iOS 18 photos
/// have: "Too many auxiliary image references") are decoded by HDRColor's item decoder instead (``ItemFallback``:
/// planar Y′CbCr through libde265, with a warning). Limit errors are final.
enum HEIFDecoder {
    static func decode(_ bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits) throws(ImageFileError)
        -> DecodedImage
    {
        if let graph = tagging.itemGraph, let cycle = graph.derivationCycle(from: graph.primaryID) {
            // libheif 1.15 recurses without end through such a grid and the process dies (found by the items fuzz
            // target); the item decoder reports it.
            throw .corrupt(
                path: nil, format: .heif,
                reason:
                    "the derived items refer back to themselves (dimg \(cycle.map(String.init).joined(separator: " → ")))"
            )
        }
        if let damaged = tagging.problems.first(where: {
            $0.rule == .truncated
                && ($0.location?.container.contains(BoxType.iref.rawValue) == true
                    || $0.message.contains("/" + BoxType.iref.rawValue))
        }) {
            // libheif 1.15 reads a truncated item reference box leniently and can follow references the item graph
            // does not hold: a grid taking itself as tile spawned decoder threads for seconds (items fuzz target).
            throw .corrupt(
                path: nil, format: .heif,
                reason: "the item references ('iref') are truncated, so the derived items cannot be trusted: "
                    + damaged.message)
        }
        if let graph = tagging.itemGraph, let input = graph.nonImageDerivationInput(from: graph.primaryID) {
            // libheif 1.15 aborts on an assertion for such an input (found by the items fuzz target).
            let what =
                input.type.map { "item \(input.input) is a '\(TextSanitizer.sanitize($0))' item, not an image" }
                ?? "no 'infe' describes item \(input.input)"
            throw .corrupt(
                path: nil, format: .heif,
                reason: "derived item \(input.item) takes item \(input.input) as input ('dimg'), but \(what)")
        }
        do { return try decodeWithLibheif(bytes, tagging: tagging, limits: limits) } catch {
            if case .limitExceeded = error { throw error }
            let library = "libheif " + String(cString: heif_get_version())
            return try ItemFallback.decodePrimary(
                bytes, tagging: tagging, limits: limits, library: library, failure: error)
        }
    }

    /// The libheif path: RGBA at the coded depth.
    static func decodeWithLibheif(_ bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits)
        throws(ImageFileError) -> DecodedImage
    {
        guard let context = heif_context_alloc() else {
            throw .codecUnavailable(
                format: .heif, reason: "libheif could not allocate a context", debianPackage: "libheif1")
        }
        defer { heif_context_free(context) }
        heif_context_set_maximum_image_size_limit(
            context, Int32(clamping: Int(Double(limits.maximumPixelCount).squareRoot())))
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageFileError) -> DecodedImage in
            try check(heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil))
            var handle: OpaquePointer?
            try check(heif_context_get_primary_image_handle(context, &handle))
            guard let handle else { throw .corrupt(path: nil, format: .heif, reason: "no primary image") }
            defer { heif_image_handle_release(handle) }
            let width = Int(heif_image_handle_get_width(handle))
            let height = Int(heif_image_handle_get_height(handle))
            try limits.check(width: width, height: height)
            let luma = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
            let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
            let deep = luma > 8
            var image: OpaquePointer?
            try check(
                heif_decode_image(
                    handle, &image, heif_colorspace_RGB,
                    deep ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RGBA, nil))
            guard let image else { throw .corrupt(path: nil, format: .heif, reason: "no decoded image") }
            defer { heif_image_release(image) }
            let depth = deep ? Int(heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved)) : 8
            var stride: Int32 = 0
            guard let source = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
                Int(heif_image_get_width(image, heif_channel_interleaved)) == width,
                Int(heif_image_get_height(image, heif_channel_interleaved)) == height
            else { throw .corrupt(path: nil, format: .heif, reason: "the decoded plane is missing or mis-sized") }
            let format: PixelFormat
            do { format = depth == 8 ? .rgba8 : try .rgba(.rgba, bitDepth: depth, alignment: .low) } catch {
                throw .unsupportedContent(path: nil, format: .heif, reason: "\(depth)-bit samples")
            }
            var pixels = try Conversion.buffer(format, width: width, height: height)
            pixels.withMutableView { view in
                let plane = view.plane(0)
                for y in 0..<height {
                    plane.row(y).copyMemory(
                        from: UnsafeRawBufferPointer(start: source + y * Int(stride), count: plane.rowByteCount))
                    if !hasAlpha {
                        if depth == 8 {
                            let row = plane.row(y, as: UInt8.self)
                            for x in 0..<width { row[4 * x + 3] = 255 }
                        } else {
                            let row = plane.row(y, as: UInt16.self)
                            for x in 0..<width { row[4 * x + 3] = UInt16(format.maxCode) }
                        }
                    }
                }
            }
            let decision = ColorResolution.decide(tagging.primary)
            let primary = tagging.primary
            return DecodedImage(
                pixels: pixels, encoding: PixelEncoding(format: format, colorSpace: decision.colorSpace),
                fileType: .heif, colorDecision: decision, codedBitDepth: luma > 0 ? luma : depth,
                masteringDisplay: primary.masteringDisplay.first?.value,
                contentLightLevel: primary.contentLightLevel.first?.value,
                iccProfile: primary.iccProfiles.first?.value.profile, tagging: tagging)
        }
    }

    static func check(_ error: heif_error) throws(ImageFileError) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        switch error.code {
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
            throw .unsupportedContent(path: nil, format: .heif, reason: message)
        case heif_error_Memory_allocation_error where error.subcode == heif_suberror_Security_limit_exceeded:
            throw .limitExceeded(path: nil, what: "the HEIF image (\(message))", limit: 0)
        default:
            throw .corrupt(path: nil, format: .heif, reason: message)
        }
    }
}
