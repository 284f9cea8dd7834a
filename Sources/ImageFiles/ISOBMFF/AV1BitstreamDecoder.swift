internal import CDav1d
import Foundation
import PixelBuffers
import PixelConversion
import SignalCoding
import MediaSyntax

/// Decodes the AV1 bitstream of one `av01` item through dav1d (Debian dav1d 1.0): a decoder with few threads, a frame
/// delay of 1, the `a1op` operating point, only the highest spatial layer (`all_layers = 0`) and `frame_size_limit`
/// from ``ImageLimits``; the `av1C` configOBUs and the item data go in as one buffer, pictures are polled with
/// `dav1d_get_picture` (bounded retries on `DAV1D_ERR(EAGAIN)`), and the first picture's planes and sequence-header
/// colour description are copied. An `lsel` naming one spatial layer turns `all_layers` on and takes the picture of
/// that `spatial_id`.
enum AV1BitstreamDecoder {
    static func decode(
        _ data: [UInt8], configuration: AV1Configuration, operatingPoint: Int, spatialLayer: Int? = nil,
        item: UInt32, limits: ImageLimits
    ) throws(ImageFileError) -> DecodedItem {
        func corrupt(_ reason: String) -> ImageFileError {
            .corrupt(path: nil, format: .avif, reason: "AV1 item \(item): \(reason)")
        }
        var settings = Dav1dSettings()
        dav1d_default_settings(&settings)
        settings.n_threads = Int32(min(2, ProcessInfoCores.count))
        settings.max_frame_delay = 1
        settings.all_layers = spatialLayer == nil ? 0 : 1
        settings.operating_point = Int32(operatingPoint)
        settings.frame_size_limit = UInt32(clamping: limits.maximumPixelCount)
        settings.logger.callback = nil  // dav1d's default logger writes to stderr
        var context: OpaquePointer?
        let opened = dav1d_open(&context, &settings)
        guard opened == 0, context != nil else {
            throw .codecUnavailable(
                format: .avif, reason: "dav1d could not open a decoder (\(message(opened)))", debianPackage: "libdav1d6"
            )
        }
        defer { dav1d_close(&context) }

        let bytes = configuration.configOBUs + data
        guard !bytes.isEmpty else { throw corrupt("no data") }
        var input = Dav1dData()
        guard let buffer = dav1d_data_create(&input, bytes.count) else {
            throw .conversion("dav1d could not allocate \(bytes.count) bytes of input")
        }
        _ = UnsafeMutableBufferPointer(start: buffer, count: bytes.count).initialize(from: bytes)
        defer { dav1d_data_unref(&input) }

        var picture = Dav1dPicture()
        let again = -Int32(EAGAIN)
        var status: Int32 = again
        // A still image is one temporal unit: a handful of send/get rounds decode it. The bound stops a stream that
        // never yields a picture.
        for _ in 0..<256 {
            if input.sz > 0 {
                let sent = dav1d_send_data(context, &input)
                if sent < 0, sent != again { throw corrupt("dav1d rejected the data (\(message(sent)))") }
            }
            status = dav1d_get_picture(context, &picture)
            if status == 0 {
                guard let layer = spatialLayer, Int(picture.frame_hdr?.pointee.spatial_id ?? -1) != layer else { break }
                dav1d_picture_unref(&picture)  // another spatial layer of a layered item
                status = again
                continue
            }
            if status != again { throw corrupt("dav1d could not decode it (\(message(status)))") }
        }
        guard status == 0 else { throw corrupt("dav1d decoded no picture") }
        defer { dav1d_picture_unref(&picture) }
        return try copy(&picture, item: item, limits: limits)
    }

    private static func copy(_ picture: inout Dav1dPicture, item: UInt32, limits: ImageLimits)
        throws(ImageFileError) -> DecodedItem
    {
        let width = Int(picture.p.w)
        let height = Int(picture.p.h)
        try limits.check(width: width, height: height, what: "AV1 item \(item)")
        let depth = Int(picture.p.bpc)
        let monochrome = picture.p.layout == DAV1D_PIXEL_LAYOUT_I400
        let subsampling: PixelFormat.ChromaSubsampling
        switch picture.p.layout {
        case DAV1D_PIXEL_LAYOUT_I400, DAV1D_PIXEL_LAYOUT_I420: subsampling = .s420
        case DAV1D_PIXEL_LAYOUT_I422: subsampling = .s422
        default: subsampling = .s444
        }
        guard let header = picture.seq_hdr?.pointee else {
            throw .corrupt(path: nil, format: .avif, reason: "AV1 item \(item): dav1d gave no sequence header")
        }
        let range: SignalRange = header.color_range != 0 ? .full : .narrow
        let format: PixelFormat
        do { format = try .planarYCbCr(subsampling, bitDepth: depth, range: range, alignment: .low) } catch {
            throw .unsupportedContent(path: nil, format: .avif, reason: "AV1 item \(item) with \(depth)-bit samples")
        }
        var pixels = try Conversion.buffer(format, width: width, height: height)
        let planes = [picture.data.0, picture.data.1, picture.data.2]
        let strides = [Int(picture.stride.0), Int(picture.stride.1), Int(picture.stride.1)]
        try pixels.withMutableView { (view) throws(ImageFileError) in
            for p in 0..<(monochrome ? 1 : 3) {
                let plane = view.plane(p)
                guard let source = planes[p], abs(strides[p]) >= plane.rowByteCount else {
                    throw .corrupt(path: nil, format: .avif, reason: "AV1 item \(item): dav1d's plane \(p) is missing")
                }
                for y in 0..<plane.height {
                    plane.row(y).copyMemory(
                        from: UnsafeRawBufferPointer(start: source + y * strides[p], count: plane.rowByteCount))
                }
            }
            if monochrome {
                DecodedItem.fill(view.plane(1), with: 1 << (depth - 1))
                DecodedItem.fill(view.plane(2), with: 1 << (depth - 1))
            }
        }
        var cicp: CICP?
        if header.color_description_present != 0 {
            cicp = CICP(
                colorPrimaries: UInt8(clamping: header.pri.rawValue),
                transferCharacteristics: UInt8(clamping: header.trc.rawValue),
                matrixCoefficients: UInt8(clamping: header.mtrx.rawValue), videoFullRange: range == .full)
        }
        // AV1 §6.4.2: chroma_sample_position describes 4:2:0 only; 0 is unknown.
        var location: ChromaLocation?
        if subsampling == .s420, !monochrome {
            switch header.chr {
            case DAV1D_CHR_VERTICAL: location = .left
            case DAV1D_CHR_COLOCATED: location = .topLeft
            default: location = nil
            }
        }
        return DecodedItem(
            pixels: pixels, bitDepth: depth, range: range, bitstreamCICP: cicp, chromaLocation: location,
            isMonochrome: monochrome, decoderName: "dav1d")
    }

    private static func message(_ code: Int32) -> String {
        code < 0 ? "\(String(cString: strerror(-code))) (\(code))" : "\(code)"
    }
}
