internal import CHEIF
import ColorSpaces
import ColorTags
import ICC
import MediaSyntax
import PixelBuffers
import PixelConversion
import SignalCoding

/// Encodes HEIF (HEVC through libheif's x265 plug-in): RGB at 8, 10 or 12 bits, converted by libheif to Y′CbCr with
/// the matrix of the `nclx` profile written (BT.2020 NCL for BT.2020 primaries, BT.709 otherwise, full range),
/// 4:2:0 by default; `colr` `nclx` and `prof` (both boxes), `clli` and `mdcv`.
enum HEIFEncoder {
    static func encode(_ pixels: PixelBuffer, encoding: PixelEncoding, options: ImageWriteOptions, hdr: HDRTags)
        throws(ImageFileError) -> [UInt8]
    {
        let depth = try options.checkedCodecDepth(for: encoding, container: "HEIF")
        let width = pixels.width
        let height = pixels.height
        let rgbFormat: PixelFormat
        do { rgbFormat = depth == 8 ? .rgba8 : try .rgba(.rgba, bitDepth: depth, alignment: .low) } catch {
            throw .invalidRequest("\(error)")
        }
        let rgb = try Conversion.convert(
            pixels, from: encoding, to: PixelEncoding(format: rgbFormat, colorSpace: encoding.colorSpace),
            options: options.conversion)
        guard let context = heif_context_alloc() else {
            throw .codecUnavailable(
                format: .heif, reason: "libheif could not allocate a context", debianPackage: "libheif1")
        }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        let found = heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder)
        guard found.code == heif_error_Ok, let encoder else {
            throw .codecUnavailable(
                format: .heif, reason: "libheif has no HEVC encoder", debianPackage: "libheif1 (built with x265)")
        }
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, Int32(options.quality)))
        if options.lossless { try check(heif_encoder_set_lossless(encoder, 1)) }
        let chroma = options.lossless || options.chroma420 == false ? "444" : "420"
        _ = heif_encoder_set_parameter(encoder, "chroma", chroma)
        var image: OpaquePointer?
        try check(
            heif_image_create(
                Int32(width), Int32(height), heif_colorspace_RGB,
                depth == 8 ? heif_chroma_interleaved_RGB : heif_chroma_interleaved_RRGGBB_LE, &image))
        guard let image else { throw .encodingFailed(format: .heif, reason: "libheif could not create an image") }
        defer { heif_image_release(image) }
        try check(heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), Int32(depth)))
        try copy(rgb, into: image, depth: depth)
        let space = encoding.colorSpace
        let matrix = YCbCrMatrix.writingDefault(for: space.primaries)
        let codes = try? CICP(colorSpace: space, matrix: options.lossless ? nil : matrix, range: .full)
        guard let nclx = heif_nclx_color_profile_alloc() else {
            throw .encodingFailed(format: .heif, reason: "out of memory")
        }
        defer { heif_nclx_color_profile_free(nclx) }
        nclx.pointee.color_primaries = heif_color_primaries(UInt32(codes?.colorPrimaries ?? 2))
        nclx.pointee.transfer_characteristics = heif_transfer_characteristics(
            UInt32(codes?.transferCharacteristics ?? 2))
        nclx.pointee.matrix_coefficients = heif_matrix_coefficients(
            UInt32(options.lossless ? 0 : (codes?.matrixCoefficients ?? 1)))
        nclx.pointee.full_range_flag = 1
        if codes != nil { try check(heif_image_set_nclx_color_profile(image, nclx)) }
        if options.embedICCProfile || codes == nil, let profile = try? ICCProfile(colorSpace: space) {
            try check(
                profile.bytes.withUnsafeBytes { raw in
                    heif_image_set_raw_color_profile(image, ColorType.prof.rawValue, raw.baseAddress, raw.count)
                })
        }
        setHDRMetadata(hdr, on: image)
        guard let encodingOptions = heif_encoding_options_alloc() else {
            throw .encodingFailed(format: .heif, reason: "out of memory")
        }
        defer { heif_encoding_options_free(encodingOptions) }
        encodingOptions.pointee.save_two_colr_boxes_when_ICC_and_nclx_available = 1
        // libheif 1.15 defaults to omitting nclx for old macOS versions; ISO HDR needs it.
        encodingOptions.pointee.macOS_compatibility_workaround_no_nclx_profile = 0
        encodingOptions.pointee.output_nclx_profile = nclx
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, image, encoder, encodingOptions, &handle))
        if let handle { heif_image_handle_release(handle) }
        var output = hdrc_heif_output()
        defer { hdrc_heif_output_free(&output) }
        try check(hdrc_heif_write_to_memory(context, &output))
        guard let data = output.data else { throw .encodingFailed(format: .heif, reason: "no output") }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }

    /// `pixels` (RGBA 8-bit, or 16-bit with `depth` bits) into the image's interleaved RGB plane (16-bit little-endian).
    private static func copy(_ pixels: PixelBuffer, into image: OpaquePointer, depth: Int) throws(ImageFileError) {
        var stride: Int32 = 0
        guard let destination = heif_image_get_plane(image, heif_channel_interleaved, &stride) else {
            throw .encodingFailed(format: .heif, reason: "libheif gave no plane")
        }
        pixels.withView { view in
            let plane = view.plane(0)
            for y in 0..<pixels.height {
                let row = destination + y * Int(stride)
                if depth == 8 {
                    let s = plane.row(y, as: UInt8.self)
                    for x in 0..<pixels.width { for c in 0..<3 { row[3 * x + c] = s[4 * x + c] } }
                } else {
                    let s = plane.row(y, as: UInt16.self)
                    let d = UnsafeMutableRawPointer(row)
                    for x in 0..<pixels.width {
                        for c in 0..<3 {
                            d.storeBytes(of: s[4 * x + c].littleEndian, toByteOffset: 2 * (3 * x + c), as: UInt16.self)
                        }
                    }
                }
            }
        }
    }

    /// `clli` and `mdcv` from the HDR10 metadata (CTA-861.3 and SMPTE ST 2086 units), where given.
    private static func setHDRMetadata(_ hdr: HDRTags, on image: OpaquePointer) {
        if let clli = hdr.contentLightLevel {
            var level = heif_content_light_level(
                max_content_light_level: UInt16(clamping: Int(clli.maxContentLightLevel.rounded())),
                max_pic_average_light_level: UInt16(clamping: Int(clli.maxFrameAverageLightLevel.rounded())))
            heif_image_set_content_light_level(image, &level)
        }
        if let m = hdr.masteringDisplay {
            func x(_ v: Double) -> UInt16 { UInt16(clamping: Int((v / 0.00002).rounded())) }
            var volume = heif_mastering_display_colour_volume()
            volume.display_primaries_x = (x(m.green.x), x(m.blue.x), x(m.red.x))
            volume.display_primaries_y = (x(m.green.y), x(m.blue.y), x(m.red.y))
            volume.white_point_x = x(m.white.x)
            volume.white_point_y = x(m.white.y)
            volume.max_display_mastering_luminance = UInt32(clamping: Int((m.maximumLuminance / 0.0001).rounded()))
            volume.min_display_mastering_luminance = UInt32(clamping: Int((m.minimumLuminance / 0.0001).rounded()))
            heif_image_set_mastering_display_colour_volume(image, &volume)
        }
    }

    static func check(_ error: heif_error) throws(ImageFileError) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        throw .encodingFailed(format: .heif, reason: message)
    }
}
