import CAVIF
import CHEIF
import ColorSpaces
import ColorTags
import Foundation
@testable import ImageFiles
import PixelBuffers
import PixelConversion
import SignalCoding
import TestSupport
import Testing
import MediaSyntax

/// HDRColor's HEIF/AVIF item decoder (libde265, dav1d) against libheif 1.15 and libavif 0.11 on the fixtures of
/// `Tests/Fixtures/image-files/items` (gen_heif_items.py), hostile item graphs, and a hand-built SPS.
///
/// Pictures are compared as Y′CbCr with chroma replicated to every luma position (``FullPlanes``), so that a 4:2:0
/// result and a 4:4:4 one (after an odd crop) compare sample for sample. Both sides use the same codec library
/// (libheif's libde265 plugin, libavif's dav1d), so every comparison is exact: maximum absolute difference 0.
@Suite struct ItemDecoderTests {
    // MARK: Fixtures and references

    static func bytes(_ name: String) throws -> [UInt8] { try Support.bytes("items/\(name)") }

    static func decoder(_ bytes: [UInt8], limits: ImageLimits = .default) throws -> ItemDecoder {
        let graph = try #require(try ColorTagging(bytes: bytes).itemGraph)
        return ItemDecoder(bytes: bytes, graph: graph, limits: limits)
    }

    static func primary(_ name: String) throws -> DecodedItem {
        let bytes = try bytes(name)
        let decoder = try decoder(bytes)
        return try decoder.decode(decoder.graph.primaryID)
    }

    /// Y′CbCr samples with chroma at every luma position.
    struct FullPlanes: Equatable, CustomStringConvertible {
        var width: Int, height: Int
        var y: [Int], cb: [Int], cr: [Int]

        var description: String { "\(width)×\(height)" }

        init(width: Int, height: Int, y: [Int], cb: [Int], cr: [Int]) {
            (self.width, self.height, self.y, self.cb, self.cr) = (width, height, y, cb, cr)
        }

        /// From planes whose rows `row(plane, y)` gives, with chroma covering `h` × `v` luma samples; `chroma` false
        /// fills neutral chroma.
        init(width: Int, height: Int, h: Int, v: Int, chroma: Bool, neutral: Int, row: (Int, Int) -> [Int]) {
            (self.width, self.height) = (width, height)
            (y, cb, cr) = ([], [], [])
            for line in 0..<height {
                y += row(0, line).prefix(width)
                guard chroma else {
                    cb += repeatElement(neutral, count: width)
                    cr += repeatElement(neutral, count: width)
                    continue
                }
                let (b, r) = (row(1, line / v), row(2, line / v))
                for x in 0..<width {
                    cb.append(b[x / h])
                    cr.append(r[x / h])
                }
            }
        }

        init(_ item: DecodedItem) {
            let sub = item.subsampling
            let wide = item.pixels.format.bytesPerSample == 2
            self = item.pixels.withView { view in
                FullPlanes(
                    width: view.width, height: view.height, h: sub.horizontalFactor, v: sub.verticalFactor,
                    chroma: true, neutral: 0
                ) { p, y in
                    wide
                        ? view.plane(p).row(y, as: UInt16.self).map { Int($0) }
                        : view.plane(p).row(y, as: UInt8.self).map { Int($0) }
                }
            }
        }

        /// Rows of `count` samples of 1 or 2 bytes at `base + y · stride`.
        static func row(_ base: UnsafeRawPointer, stride: Int, y: Int, count: Int, wide: Bool) -> [Int] {
            let start = base + y * stride
            return wide
                ? (0..<count).map { Int(start.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self)) }
                : (0..<count).map { Int(start.load(fromByteOffset: $0, as: UInt8.self)) }
        }

        /// The sample at (x, y) of a plane.
        func at(_ plane: [Int], _ x: Int, _ y: Int) -> Int { plane[y * width + x] }

        /// A new picture of width × height whose sample (x, y) is this one's `source(x, y)`.
        func remapped(width: Int, height: Int, _ source: (Int, Int) -> (Int, Int)) -> FullPlanes {
            var out = FullPlanes(width: width, height: height, y: [], cb: [], cr: [])
            for row in 0..<height {
                for x in 0..<width {
                    let (sx, sy) = source(x, row)
                    out.y.append(at(y, sx, sy))
                    out.cb.append(at(cb, sx, sy))
                    out.cr.append(at(cr, sx, sy))
                }
            }
            return out
        }

        // Reference transforms, written independently of PlanarTransform: a quarter turn anticlockwise is a
        // transposition followed by a top-bottom flip.
        func cropped(x: Int, y: Int, width: Int, height: Int) -> FullPlanes {
            remapped(width: width, height: height) { (x + $0, y + $1) }
        }
        func transposed() -> FullPlanes { remapped(width: height, height: width) { ($1, $0) } }
        func flippedTopBottom() -> FullPlanes { remapped(width: width, height: height) { ($0, height - 1 - $1) } }
        func flippedLeftRight() -> FullPlanes { remapped(width: width, height: height) { (width - 1 - $0, $1) } }
        func rotatedAnticlockwise(_ turns: Int) -> FullPlanes {
            var out = self
            for _ in 0..<(turns & 3) { out = out.transposed().flippedTopBottom() }
            return out
        }

        /// The largest absolute sample difference (Int.max when the sizes differ).
        func maximumDifference(_ other: FullPlanes, chroma: Bool = true) -> Int {
            guard width == other.width, height == other.height else { return .max }
            var worst = 0
            for i in y.indices {
                worst = max(worst, abs(y[i] - other.y[i]))
                if chroma { worst = max(worst, abs(cb[i] - other.cb[i]), abs(cr[i] - other.cr[i])) }
            }
            return worst
        }
    }

    /// libavif's decode of a file: its Y′CbCr planes (no transforms applied: libavif 0.11 only reports them) and the
    /// transforms it parsed, as the reference applies them.
    static func libavif(_ bytes: [UInt8]) throws -> (planes: FullPlanes, transformed: FullPlanes) {
        let decoder = try #require(avifDecoderCreate())
        defer { avifDecoderDestroy(decoder) }
        decoder.pointee.strictFlags = avifStrictFlags(AVIF_STRICT_DISABLED.rawValue)
        let result = bytes.withUnsafeBufferPointer { buffer -> avifResult in
            var r = avifDecoderSetIOMemory(decoder, buffer.baseAddress, buffer.count)
            if r == AVIF_RESULT_OK { r = avifDecoderParse(decoder) }
            if r == AVIF_RESULT_OK { r = avifDecoderNextImage(decoder) }
            return r
        }
        try #require(result == AVIF_RESULT_OK, "libavif: \(String(cString: avifResultToString(result)))")
        var image = try #require(decoder.pointee.image).pointee
        let (h, v): (Int, Int) =
            switch image.yuvFormat {
            case AVIF_PIXEL_FORMAT_YUV420: (2, 2)
            case AVIF_PIXEL_FORMAT_YUV422: (2, 1)
            default: (1, 1)
            }
        let mono = image.yuvFormat == AVIF_PIXEL_FORMAT_YUV400
        let wide = image.depth > 8
        let planes = withUnsafeBytes(of: &image.yuvPlanes) { raw in
            (0..<3).map { raw.load(fromByteOffset: $0 * 8, as: UnsafeMutablePointer<UInt8>?.self) }
        }
        let strides = withUnsafeBytes(of: &image.yuvRowBytes) { raw in
            (0..<3).map { Int(raw.load(fromByteOffset: $0 * 4, as: UInt32.self)) }
        }
        let width = Int(image.width)
        let chromaWidth = (width + h - 1) / h
        let full = FullPlanes(
            width: width, height: Int(image.height), h: h, v: v, chroma: !mono,
            neutral: 1 << (Int(image.depth) - 1)
        ) { p, y in
            FullPlanes.row(
                UnsafeRawPointer(planes[p]!), stride: strides[p], y: y, count: p == 0 ? width : chromaWidth,
                wide: wide)
        }
        var transformed = full
        let flags = image.transformFlags
        if flags & AVIF_TRANSFORM_CLAP.rawValue != 0 {
            var rect = avifCropRect()
            var diagnostics = avifDiagnostics()
            try #require(
                avifCropRectConvertCleanApertureBox(
                    &rect, &image.clap, image.width, image.height, image.yuvFormat, &diagnostics) == AVIF_TRUE)
            transformed = transformed.cropped(
                x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
        }
        if flags & AVIF_TRANSFORM_IROT.rawValue != 0 {
            transformed = transformed.rotatedAnticlockwise(Int(image.irot.angle))
        }
        if flags & AVIF_TRANSFORM_IMIR.rawValue != 0 {
            // libavif 0.11: mode 0 = top-to-bottom, 1 = left-to-right.
            transformed = image.imir.mode == 0 ? transformed.flippedTopBottom() : transformed.flippedLeftRight()
        }
        return (full, transformed)
    }

    /// libavif's result message when it cannot decode a file, else nil.
    static func libavifError(_ bytes: [UInt8]) -> String? {
        guard let decoder = avifDecoderCreate() else { return "no decoder" }
        defer { avifDecoderDestroy(decoder) }
        decoder.pointee.strictFlags = avifStrictFlags(AVIF_STRICT_DISABLED.rawValue)
        let result = bytes.withUnsafeBufferPointer { buffer -> avifResult in
            var r = avifDecoderSetIOMemory(decoder, buffer.baseAddress, buffer.count)
            if r == AVIF_RESULT_OK { r = avifDecoderParse(decoder) }
            if r == AVIF_RESULT_OK { r = avifDecoderNextImage(decoder) }
            return r
        }
        return result == AVIF_RESULT_OK ? nil : String(cString: avifResultToString(result))
    }

    /// libheif's decode of an item (transforms applied) as Y′CbCr 4:2:0 (monochrome when the item is), or libheif's
    /// error message. libheif 1.15 converts to planar RGB when asked for `heif_colorspace_undefined`; asking for the
    /// native 4:2:0 returns the decoder's planes untouched (the exact agreement below shows no conversion ran).
    static func libheif(_ bytes: [UInt8], item: UInt32? = nil) -> Result<FullPlanes, HEIFMessage> {
        guard let context = heif_context_alloc() else { return .failure(HEIFMessage(text: "no context")) }
        defer { heif_context_free(context) }
        func message(_ error: heif_error) -> HEIFMessage {
            HEIFMessage(text: error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)")
        }
        return bytes.withUnsafeBufferPointer { buffer -> Result<FullPlanes, HEIFMessage> in
            var error = heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil)
            guard error.code == heif_error_Ok else { return .failure(message(error)) }
            var handle: OpaquePointer?
            error =
                item.map { heif_context_get_image_handle(context, $0, &handle) }
                ?? heif_context_get_primary_image_handle(context, &handle)
            guard error.code == heif_error_Ok, let handle else { return .failure(message(error)) }
            defer { heif_image_handle_release(handle) }
            var image: OpaquePointer?
            error = heif_decode_image(handle, &image, heif_colorspace_undefined, heif_chroma_undefined, nil)
            if error.code == heif_error_Ok, let decoded = image,
                heif_image_get_colorspace(decoded) != heif_colorspace_monochrome
            {
                heif_image_release(decoded)
                image = nil
                error = heif_decode_image(handle, &image, heif_colorspace_YCbCr, heif_chroma_420, nil)
            }
            guard error.code == heif_error_Ok, let image else { return .failure(message(error)) }
            defer { heif_image_release(image) }
            let chroma = heif_image_get_chroma_format(image)
            let (h, v): (Int, Int) =
                switch chroma {
                case heif_chroma_420: (2, 2)
                case heif_chroma_422: (2, 1)
                default: (1, 1)
                }
            let mono = chroma == heif_chroma_monochrome
            let depth = Int(heif_image_get_bits_per_pixel_range(image, heif_channel_Y))
            let channels = [heif_channel_Y, heif_channel_Cb, heif_channel_Cr]
            var rows: [(UnsafePointer<UInt8>, Int)] = []
            for c in channels.prefix(mono ? 1 : 3) {
                var stride: Int32 = 0
                guard let plane = heif_image_get_plane_readonly(image, c, &stride) else {
                    return .failure(HEIFMessage(text: "no plane \(c.rawValue)"))
                }
                rows.append((plane, Int(stride)))
            }
            let width = Int(heif_image_get_width(image, heif_channel_Y))
            let planes = FullPlanes(
                width: width, height: Int(heif_image_get_height(image, heif_channel_Y)), h: h, v: v, chroma: !mono,
                neutral: 1 << (depth - 1)
            ) { p, y in
                FullPlanes.row(
                    UnsafeRawPointer(rows[p].0), stride: rows[p].1, y: y, count: p == 0 ? width : (width + h - 1) / h,
                    wide: depth > 8)
            }
            return .success(planes)
        }
    }

    struct HEIFMessage: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    // MARK: Agreement with libavif

    static let av1Files = [
        "av1-420.avif", "av1-10bit.avif", "av1-mono.avif", "av1-grid-avifenc-2x1.avif", "av1-irot1.avif",
        "av1-imir0.avif", "av1-imir1.avif", "av1-clap-irot3-imir1.avif",
    ]

    /// ItemDecoder's planes equal libavif's, with libavif's parsed transforms applied by the reference.
    @Test(arguments: av1Files)
    func av1ItemsEqualLibavif(_ name: String) throws {
        let bytes = try Self.bytes(name)
        let reference = try Self.libavif(bytes)
        let decoded = try Self.primary(name)
        let mine = FullPlanes(decoded)
        let difference = mine.maximumDifference(reference.transformed)
        print("ItemDecoder vs libavif 0.11, \(name): \(mine) max |Δ| \(difference)")
        #expect(difference == 0, "\(name): \(mine) vs libavif \(reference.transformed)")
        #expect(decoded.decoderName == "dav1d")
    }

    /// The transform fixtures hold the same AV1 bitstream as av1-420.avif: decoding them equals transforming it.
    @Test func av1TransformsEqualTheUntransformedPictureTransformed() throws {
        let base = FullPlanes(try Self.primary("av1-420.avif"))
        let cases: [(String, FullPlanes)] = [
            ("av1-irot1.avif", base.rotatedAnticlockwise(1)),
            ("av1-imir0.avif", base.flippedTopBottom()),
            ("av1-imir1.avif", base.flippedLeftRight()),
            (
                "av1-clap-irot3-imir1.avif",
                base.cropped(x: 4, y: 2, width: 20, height: 26).rotatedAnticlockwise(3).flippedLeftRight()
            ),
        ]
        for (name, expected) in cases {
            let item = try Self.primary(name)
            #expect(FullPlanes(item).maximumDifference(expected) == 0, "\(name)")
        }
        // Siting follows the transform: AV1 CSP_UNKNOWN stays unknown, the chroma stays 4:2:0 (even sizes).
        #expect(try Self.primary("av1-irot1.avif").subsampling == .s420)
    }

    @Test func av1MonochromeAndTenBitItems() throws {
        let mono = try Self.primary("av1-mono.avif")
        #expect(mono.isMonochrome && mono.subsampling == .s420 && mono.bitDepth == 8)
        let planes = FullPlanes(mono)
        #expect(planes.cb.allSatisfy { $0 == 128 } && planes.cr.allSatisfy { $0 == 128 })
        let deep = try Self.primary("av1-10bit.avif")
        #expect(deep.bitDepth == 10 && deep.range == .narrow && deep.pixels.format.bytesPerSample == 2)
        #expect(deep.bitstreamCICP?.description == "9/16/9/0")
    }

    // MARK: Agreement with libheif

    static let hevcFiles = [
        "hevc-420.heic", "hevc-irot1.heic", "hevc-imir1.heic", "hevc-clap-even.heic", "hevc-clap-odd.heic",
        "hevc-clap-irot3-imir0.heic", "hevc-iden-irot2.heic", "hevc-mono.heic", "hevc-grid-2x2.heic",
        "../heifenc-srgb8.heic", "../heifenc-10bit.heic",
    ]

    /// ItemDecoder against libheif 1.15.
    ///
    /// libheif 1.15 has no native Y′CbCr output to compare with: `decode_image_planar` converts every decoded
    /// Y′CbCr item to RGB 4:4:4 (nearest chroma, the item's or the stream's nclx), applies clap/irot/imir there, and
    /// assembles grids on an RGB canvas; a request for Y′CbCr 4:2:0 converts back. So the comparison is in RGB:
    /// libheif's interleaved RGB(A) (HEIFDecoder's libheif path) against ItemDecoder's planes through PixelConverter
    /// (the bitstream's matrix, nearest chroma), bound ≤ 1 code and PSNR ≥ 50 dB; the measured agreement is exact.
    /// For single items libheif's Y′CbCr round trip is also compared: lossless for these unclipped pictures, except
    /// an odd clap, where libheif subsamples its cropped RGB again and ItemDecoder keeps 4:4:4.
    @Test(arguments: hevcFiles)
    func hevcItemsEqualLibheif(_ name: String) throws {
        let bytes = try Self.bytes(name)
        let decoded = try Self.primary(name)
        let (worst, psnr) = try Self.rgbAgreementWithLibheif(decoded, bytes: bytes)
        var line = "ItemDecoder vs libheif 1.15, \(name): \(FullPlanes(decoded)) RGB max |Δ| \(worst), PSNR \(psnr) dB"
        #expect(worst <= 1 && psnr >= 50, "\(name)")
        let tagging = try ColorTagging(bytes: bytes)
        if tagging.itemGraph?.items[tagging.itemGraph?.primaryID ?? 0]?.type != "grid" {
            let roundTrip = FullPlanes(decoded).maximumDifference(try Self.libheif(bytes).get())
            line += "; Y′CbCr (libheif's RGB round trip) max |Δ| \(roundTrip)"
            #expect(roundTrip == 0 || name == "hevc-clap-odd.heic", "\(name)")
        }
        print(line)
        if name == "hevc-clap-odd.heic" {
            let base = FullPlanes(try Self.primary("hevc-420.heic"))
            #expect(FullPlanes(decoded).maximumDifference(base.cropped(x: 3, y: 5, width: 21, height: 19)) == 0)
            #expect(decoded.subsampling == .s444 && decoded.chromaLocation == nil)
        }
        #expect(decoded.decoderName == "libde265")
    }

    /// The largest R, G, B difference (in codes of libheif's output depth) and the PSNR between libheif's RGB decode
    /// and `item` converted by PixelConverter with the bitstream's matrix and nearest chroma, as libheif 1.15 does.
    static func rgbAgreementWithLibheif(_ item: DecodedItem, bytes: [UInt8]) throws -> (maximum: Int, psnr: Double) {
        let tagging = try ColorTagging(bytes: bytes)
        let library = try HEIFDecoder.decodeWithLibheif(bytes, tagging: tagging, limits: .default)
        let graph = try #require(tagging.itemGraph)
        let nclx = ItemFallback.containerCICP(
            of: graph.primaryID, decoder: ItemDecoder(bytes: bytes, graph: graph, limits: .default))
        let codes = nclx ?? item.bitstreamCICP
        let matrix = codes.flatMap { YCbCrMatrix(cicp: $0) } ?? .bt601
        let range = codes?.range ?? item.range
        var options = PixelConverter.Options()
        options.chromaFilter = .nearest
        let rgb = try PixelConverter(
            from: PixelEncoding(
                format: item.pixels.format, colorSpace: library.encoding.colorSpace, matrix: matrix,
                range: range == item.range ? nil : range, chromaLocation: item.chromaLocation),
            to: library.encoding, options: options
        ).convert(item.pixels)
        return rgbAgreement(rgb, library.pixels)
    }

    /// The largest R, G, B code difference of two RGBA buffers of one format, and the PSNR over R, G, B in dB.
    static func rgbAgreement(_ a: PixelBuffer, _ b: PixelBuffer) -> (maximum: Int, psnr: Double) {
        guard a.width == b.width, a.height == b.height, a.format == b.format else { return (.max, 0) }
        let peak = Double(a.format.maxCode)
        var worst = 0
        var squares = 0.0
        func samples(_ view: PixelBufferView, _ y: Int) -> [Int] {
            a.format.bytesPerSample == 1
                ? view.plane(0).row(y, as: UInt8.self).map { Int($0) }
                : view.plane(0).row(y, as: UInt16.self).map { Int($0) }
        }
        a.withView { va in
            b.withView { vb in
                for y in 0..<a.height {
                    let (p, q) = (samples(va, y), samples(vb, y))
                    for i in p.indices where i % 4 != 3 {
                        worst = max(worst, abs(p[i] - q[i]))
                        squares += Double((p[i] - q[i]) * (p[i] - q[i]))
                    }
                }
            }
        }
        let mse = squares / Double(3 * a.width * a.height)
        return (worst, mse == 0 ? .infinity : 10 * log10(peak * peak / mse))
    }

    @Test func hevcTransformsEqualTheUntransformedPictureTransformed() throws {
        let base = FullPlanes(try Self.primary("hevc-420.heic"))
        let cases: [(String, FullPlanes)] = [
            ("hevc-irot1.heic", base.rotatedAnticlockwise(1)),
            ("hevc-imir1.heic", base.flippedLeftRight()),
            ("hevc-clap-even.heic", base.cropped(x: 4, y: 6, width: 22, height: 20)),
            (
                "hevc-clap-irot3-imir0.heic",
                base.cropped(x: 2, y: 4, width: 26, height: 24).rotatedAnticlockwise(3).flippedTopBottom()
            ),
            ("hevc-iden-irot2.heic", base.rotatedAnticlockwise(2)),
        ]
        for (name, expected) in cases {
            #expect(FullPlanes(try Self.primary(name)).maximumDifference(expected) == 0, "\(name)")
        }
        // HEVC 4:2:0 without chroma_loc_info is left-sited (type 0): a quarter turn anticlockwise keeps 4:2:0 with the
        // chroma now at the bottom of its block; a left-right flip would site it on the odd column, so it goes 4:4:4.
        let base420 = try Self.primary("hevc-420.heic")
        #expect(base420.chromaLocation == .left && base420.subsampling == .s420)
        let turned = try Self.primary("hevc-irot1.heic")
        #expect(turned.subsampling == .s420 && turned.chromaLocation == .bottom)
        #expect(try Self.primary("hevc-imir1.heic").subsampling == .s444)
        #expect(try Self.primary("hevc-clap-even.heic").subsampling == .s420)
    }

    @Test func gridTilesEqualTheirItems() throws {
        for name in ["hevc-grid-2x2.heic", "av1-grid-2x2.avif"] {
            let bytes = try Self.bytes(name)
            let decoder = try Self.decoder(bytes)
            let grid = FullPlanes(try decoder.decode(decoder.graph.primaryID))
            let tiles = decoder.graph.references(.dimg, from: decoder.graph.primaryID)
            #expect(tiles.count == 4)
            for (index, id) in tiles.enumerated() {
                let tile = FullPlanes(try decoder.decode(id))
                let (x, y) = (index % 2 * tile.width, index / 2 * tile.height)
                let width = min(tile.width, grid.width - x)
                let height = min(tile.height, grid.height - y)
                let expected = tile.cropped(x: 0, y: 0, width: width, height: height)
                #expect(grid.cropped(x: x, y: y, width: width, height: height).maximumDifference(expected) == 0)
            }
        }
        #expect(try Self.primary("hevc-grid-2x2.heic").width == 64)
        #expect(try Self.primary("av1-grid-2x2.avif").height == 56)
    }

    @Test func hevcMonochromeIsNeutralFourTwoZero() throws {
        let mono = try Self.primary("hevc-mono.heic")
        #expect(mono.isMonochrome && mono.subsampling == .s420 && mono.chromaLocation == nil)
        #expect(FullPlanes(mono).cb.allSatisfy { $0 == 128 })
    }

    // MARK: Fallback through ImageFile.decode

    @Test func theIOS18ShapedFileDecodesThroughTheFallback() throws {
        let bytes = try Self.bytes("ios18-shaped.heic")
        guard case .failure(let message) = Self.libheif(bytes) else {
            Issue.record("libheif 1.15 opened ios18-shaped.heic")
            return
        }
        #expect(message.text.contains("Too many auxiliary image references"), "\(message)")
        let image = try ImageFile.decode(bytes, options: ImageReadOptions(gainMap: .base))
        print("ios18-shaped.heic through ImageFile.decode: \(image.warnings)")
        #expect(image.width == 64 && image.height == 56 && image.fileType == .heif)
        #expect(
            image.warnings.contains {
                $0.contains("libheif 1.15") && $0.contains("Too many auxiliary image references")
                    && $0.contains("libde265")
            }, "\(image.warnings)")
        #expect(image.encoding.format == (try PixelFormat.planarYCbCr(.s420, bitDepth: 8, range: .full)))
        #expect(image.encoding.matrix == .bt601 && image.encoding.colorSpace == .sRGB)
        // The primary is the same grid as hevc-grid-2x2.heic (compared with libheif in hevcItemsEqualLibheif).
        let reference = FullPlanes(try Self.primary("hevc-grid-2x2.heic"))
        let decoded = try Self.decoder(bytes)
        #expect(FullPlanes(try decoded.decode(1)).maximumDifference(reference) == 0)
        let decodedImage = FullPlanes(
            DecodedItem(
                pixels: image.pixels, bitDepth: 8, range: .full, bitstreamCICP: nil, chromaLocation: nil,
                isMonochrome: false, decoderName: ""))
        #expect(decodedImage.maximumDifference(reference) == 0)
        // The gain map (auxl → [1, 7], dimg input 2 of the tmap) decodes by ID; its bitstream is hevc-mono.heic's.
        let gainMap = try decoded.decode(6)
        #expect(gainMap.isMonochrome && gainMap.width == 32)
        let mono = try Self.libheif(try Self.bytes("hevc-mono.heic")).get()
        #expect(FullPlanes(gainMap).maximumDifference(mono) == 0)
        #expect(try decoded.decode(8).isMonochrome)  // the style delta map
        #expect(decoded.graph.references(.dimg, from: 7) == [1, 6])
        #expect(image.tagging?.gainMap.iso?.value.values != nil)
        // The tmap gain map renders through the item decoder (the 'tmap' brand and the altr group are present).
        #expect(image.hasUnrenderedGainMap && image.gainMap?.source == .iso && image.gainMap?.gainMapWidth == 32)
        let hdr = try image.rendition(for: .alternate)
        #expect(hdr.gainMap?.weight == 1 && hdr.encoding.format == .rgbaFloat && hdr.width == 64)
        // The tmap item itself is not an image the item decoder reconstructs.
        #expect(throws: ImageFileError.self) { try decoded.decode(7) }
    }

    @Test func anAVIFGridLibavifRejectsDecodesThroughTheFallback() throws {
        let bytes = try Self.bytes("av1-grid-2x2.avif")
        #expect(Self.libavifError(bytes) == "Invalid image grid")
        let image = try ImageFile.decode(bytes)
        print("av1-grid-2x2.avif through ImageFile.decode: \(image.warnings)")
        #expect(image.width == 60 && image.height == 56 && image.fileType == .avif)
        #expect(image.warnings.contains { $0.contains("libavif") && $0.contains("dav1d") }, "\(image.warnings)")
        #expect(image.encoding.chromaLocation == nil)  // avifenc writes CSP_UNKNOWN
    }

    @Test func filesTheLibrariesOpenKeepTheirPath() throws {
        let heif = try ImageFile.decode(try Self.bytes("hevc-420.heic"))
        #expect(heif.encoding.format == .rgba8 && heif.warnings.isEmpty)
        let avif = try ImageFile.decode(try Self.bytes("av1-420.avif"))
        #expect(avif.warnings.isEmpty)
    }

    // MARK: Hostile input

    /// The bytes and graph of a fixture, for mutation.
    static func mutable(_ name: String) throws -> (bytes: [UInt8], graph: ISOBMFFItemGraph) {
        let bytes = try bytes(name)
        return (bytes, try #require(try ColorTagging(bytes: bytes).itemGraph))
    }

    static func expectError(
        _ bytes: [UInt8], _ graph: ISOBMFFItemGraph, item: UInt32? = nil, limits: ImageLimits = .default,
        tiles: Int? = nil, _ matches: (ImageFileError) -> Bool, _ comment: Comment
    ) {
        var decoder = ItemDecoder(bytes: bytes, graph: graph, limits: limits)
        if let tiles { decoder.maximumCodedItemCount = tiles }
        do {
            _ = try decoder.decode(item ?? graph.primaryID)
            Issue.record("decoded without error: \(comment)")
        } catch {
            print("hostile input (\(comment)): \(error)")
            #expect(matches(error), "\(comment): \(error)")
        }
    }

    static func isLimit(_ error: ImageFileError) -> Bool { if case .limitExceeded = error { true } else { false } }
    static func isCorrupt(_ error: ImageFileError) -> Bool { if case .corrupt = error { true } else { false } }
    static func isUnsupported(_ error: ImageFileError) -> Bool {
        if case .unsupportedContent = error { true } else { false }
    }

    /// The file offset of a grid item's payload.
    static func gridPayloadOffset(_ graph: ISOBMFFItemGraph) throws -> Int {
        let location = try #require(graph.locations[graph.primaryID])
        let extent = try #require(location.extents.first)
        return location.constructionMethod == 1 ? try #require(graph.idat).lowerBound + extent.offset : extent.offset
    }

    @Test func aGridWithAHugeOutputSizeIsRefusedBeforeDecoding() throws {
        var (bytes, graph) = try Self.mutable("hevc-grid-2x2.heic")
        let at = try Self.gridPayloadOffset(graph)
        bytes.replaceSubrange(at + 4..<at + 8, with: [0xFF, 0xFF, 0xFF, 0xFF])  // 65535 × 65535
        Self.expectError(bytes, graph, Self.isLimit, "grid output 65535×65535")
        // With 32-bit sizes the dimension cap applies (a payload of 12 bytes in place of 8: move it to the end).
        let payload: [UInt8] = [0, 1, 1, 1, 0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 64]
        graph.locations[graph.primaryID]?.constructionMethod = 0
        graph.locations[graph.primaryID]?.extents[0].offset = bytes.count
        graph.locations[graph.primaryID]?.extents[0].length = 12
        Self.expectError(bytes + payload, graph, Self.isLimit, "grid output 2³¹−1 × 64")
    }

    @Test func tileCountsBeyondTheBudgetAreRefused() throws {
        var (bytes, graph) = try Self.mutable("hevc-grid-2x2.heic")
        Self.expectError(bytes, graph, tiles: 3, Self.isLimit, "4 tiles, budget 3")
        // 256 × 256 tiles named by 65 536 dimg targets: refused before the first is decoded.
        let at = try Self.gridPayloadOffset(graph)
        bytes[at + 2] = 255
        bytes[at + 3] = 255
        let index = try #require(graph.references.firstIndex { $0.type == "dimg" && $0.from == graph.primaryID })
        graph.references[index].to = Array(repeating: 2, count: 65_536)
        Self.expectError(bytes, graph, Self.isLimit, "65 536 tiles")
        // A mismatch between the grid and its dimg count is corrupt.
        graph.references[index].to = [2, 3, 4]
        Self.expectError(bytes, graph, Self.isCorrupt, "256×256 grid with 3 inputs")
    }

    @Test func recursiveDerivationsAreRefused() throws {
        var (bytes, graph) = try Self.mutable("hevc-grid-2x2.heic")
        let index = try #require(graph.references.firstIndex { $0.type == "dimg" && $0.from == graph.primaryID })
        graph.references[index].to = [2, 3, 4, graph.primaryID]
        Self.expectError(bytes, graph, Self.isCorrupt, "a grid that is its own tile")
        (bytes, graph) = try Self.mutable("hevc-iden-irot2.heic")
        let iden = try #require(graph.references.firstIndex { $0.type == "dimg" })
        graph.references[iden].to = [1]
        Self.expectError(bytes, graph, Self.isCorrupt, "an iden item that is its own input")
        // A long chain of iden items stops at the depth bound.
        graph.items[2]?.type = "iden"
        graph.references[iden].to = [2]
        var back = graph.references[iden]
        (back.from, back.to) = (2, [1])
        graph.references.append(back)
        Self.expectError(bytes, graph, Self.isCorrupt, "1 → 2 → 1")
    }

    @Test func truncatedItemDataIsCorrupt() throws {
        let (bytes, graph) = try Self.mutable("hevc-420.heic")
        Self.expectError(Array(bytes.prefix(bytes.count - 40)), graph, Self.isCorrupt, "file cut inside the item")
        var shorter = graph
        let extent = try #require(graph.locations[1]?.extents.first)
        shorter.locations[1]?.extents[0].length = extent.length / 2
        Self.expectError(bytes, shorter, Self.isCorrupt, "item length halved: a NAL unit runs past the data")
        for name in ["hevc-420.heic", "av1-420.avif", "hevc-grid-2x2.heic", "ios18-shaped.heic"] {
            let whole = try Self.bytes(name)
            for cut in stride(from: whole.count / 2, to: whole.count, by: max(1, whole.count / 16)) {
                do { _ = try ImageFile.decode(Array(whole.prefix(cut))) } catch {
                    #expect(error.isUnreadableInput, "\(name) cut at \(cut): \(error)")
                }
            }
        }
    }

    @Test func anUnknownEssentialPropertyIsUnsupported() throws {
        var (bytes, graph) = try Self.mutable("hevc-420.heic")
        let pixi = try #require(graph.properties.firstIndex { $0.type == "pixi" })
        graph.properties[pixi].type = "zzzz"
        #expect(throws: Never.self) { try ItemDecoder(bytes: bytes, graph: graph, limits: .default).decode(1) }
        graph.items[1]?.essentialProperties.insert(pixi + 1)
        Self.expectError(bytes, graph, { Self.isUnsupported($0) && "\($0)".contains("'zzzz'") }, "essential 'zzzz'")
        graph.items[1]?.properties.append(999)
        graph.items[1]?.essentialProperties.insert(999)
        Self.expectError(bytes, graph, { Self.isUnsupported($0) || Self.isCorrupt($0) }, "essential property 999")
        // A clap whose crop leaves the image is corrupt, not a crash.
        (bytes, graph) = try Self.mutable("hevc-clap-even.heic")
        let clap = try #require(graph.properties.first { $0.type == "clap" })
        bytes.replaceSubrange(clap.payload.lowerBound..<clap.payload.lowerBound + 4, with: [0, 0, 1, 0])  // width 256
        Self.expectError(bytes, graph, Self.isCorrupt, "clap wider than the image")
    }

    @Test func limitsApplyToCodedItems() throws {
        let limits = ImageLimits(maximumPixelCount: 500)
        for name in ["hevc-420.heic", "av1-420.avif"] {
            let (bytes, graph) = try Self.mutable(name)
            Self.expectError(bytes, graph, limits: limits, Self.isLimit, "\(name) with a 500-pixel limit")
        }
    }

    /// Random byte damage to every fixture: any outcome but a crash or a hang.
    @Test func damagedFixturesNeverCrash() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("image-files/items").path)
            .filter { $0.hasSuffix(".heic") || $0.hasSuffix(".avif") }.sorted()
        var generator = SplitMix64(state: 0x17E4_DEC0)
        for name in names {
            let bytes = try Self.bytes(name)
            for _ in 0..<24 {
                var damaged = bytes
                for _ in 0..<4 {
                    let at = Int(generator.next() % UInt64(damaged.count - 8)) + 8
                    damaged[at] = UInt8(truncatingIfNeeded: generator.next())
                }
                guard let graph = (try? ColorTagging(bytes: damaged))?.itemGraph else { continue }
                let decoder = ItemDecoder(bytes: damaged, graph: graph, limits: .default)
                for id in graph.order { _ = try? decoder.decode(id) }
            }
        }
    }

    // MARK: SPS parser

    /// A hand-built SPS with sub-layers, a conformance window, scaling lists, PCM, three short-term reference picture
    /// sets (two predicted), long-term pictures and a VUI: every field before the VUI must be skipped exactly for the
    /// colour description and chroma location to come out.
    @Test func theSPSParserReadsTheVUIBehindEveryEarlierStructure() throws {
        var w = BitWriter()
        w.put(4, 0)
        w.put(3, 1)  // sps_max_sub_layers_minus1
        w.put(1, 1)
        w.put(8, 1)
        w.put(32, 0x6000_0000)
        w.put(4, 0b1001)
        w.put(43, 0)
        w.put(1, 0)
        w.put(8, 93)  // general_level_idc
        w.put(1, 1)  // sub_layer_profile_present_flag[0]
        w.put(1, 1)  // sub_layer_level_present_flag[0]
        w.put(14, 0)  // reserved_zero_2bits × 7
        w.put(32, 0x0123_4567)
        w.put(32, 0x89AB_CDEF)
        w.put(24, 0x00_0000)  // sub-layer profile (88 bits) with zero runs for emulation prevention
        w.put(8, 90)  // sub_layer_level_idc
        w.ue(0)
        w.ue(1)  // 4:2:0
        w.ue(1920)
        w.ue(1088)
        w.put(1, 1)
        for offset in [0, 0, 0, 4] { w.ue(offset) }
        w.ue(2)
        w.ue(2)
        w.ue(4)  // log2_max_pic_order_cnt_lsb_minus4: 8-bit POC LSBs
        w.put(1, 1)
        for _ in 0...1 {
            w.ue(4)
            w.ue(2)
            w.ue(0)
        }
        for value in [0, 3, 0, 3, 1, 1] { w.ue(value) }
        w.put(1, 1)  // scaling_list_enabled_flag
        w.put(1, 1)  // sps_scaling_list_data_present_flag
        for sizeID in 0..<4 {
            for matrixID in stride(from: 0, to: 6, by: sizeID == 3 ? 3 : 1) {
                if (sizeID + matrixID) % 2 == 0 {
                    w.put(1, 0)
                    w.ue(matrixID > 0 ? 1 : 0)
                } else {
                    w.put(1, 1)
                    if sizeID > 1 { w.se(-3) }
                    for i in 0..<min(64, 1 << (4 + (sizeID << 1))) { w.se(i % 5 - 2) }
                }
            }
        }
        w.put(1, 1)  // amp
        w.put(1, 1)  // sao
        w.put(1, 1)  // pcm_enabled_flag
        w.put(4, 7)
        w.put(4, 7)
        w.ue(0)
        w.ue(1)
        w.put(1, 1)
        w.ue(3)  // num_short_term_ref_pic_sets
        w.ue(2)  // set 0: POCs −1, −3 and +1
        w.ue(1)
        w.ue(0)
        w.put(1, 1)
        w.ue(1)
        w.put(1, 1)
        w.ue(0)
        w.put(1, 0)
        w.put(1, 1)  // set 1: predicted from set 0 with deltaRps −1 → −1, −2, −4
        w.put(1, 1)
        w.ue(0)
        w.put(1, 1)
        w.put(2, 0b01)
        w.put(2, 0b00)
        w.put(1, 1)
        w.put(1, 1)  // set 2: predicted from set 1 with deltaRps +2 → −2, +1, +2 (four used flags)
        w.put(1, 0)
        w.ue(1)
        w.put(4, 0b1111)
        w.put(1, 1)  // long_term_ref_pics_present_flag
        w.ue(2)
        w.put(9, 0b1010_1010_1)
        w.put(9, 0b0101_0101_0)
        w.put(1, 1)
        w.put(1, 1)
        w.put(1, 1)  // vui_parameters_present_flag
        w.put(1, 1)
        w.put(8, 255)
        w.put(16, 4)
        w.put(16, 3)
        w.put(1, 1)
        w.put(1, 0)
        w.put(1, 1)  // video_signal_type_present_flag
        w.put(3, 5)
        w.put(1, 1)
        w.put(1, 1)
        w.put(8, 9)
        w.put(8, 16)
        w.put(8, 9)
        w.put(1, 1)  // chroma_loc_info_present_flag
        w.ue(2)
        w.ue(2)
        w.put(8, 0)
        let nal = [0x42, 0x01] + w.escapedRBSP()
        #expect(nal.count > 2 + w.byteCount, "the test SPS needs emulation-prevention bytes")
        let sps = try HEVCSequenceParameters.parse(nal: nal[...])
        #expect(sps.codedWidth == 1920 && sps.codedHeight == 1088 && sps.width == 1920 && sps.height == 1080)
        #expect(sps.lumaBitDepth == 10 && sps.chromaBitDepth == 10 && sps.chromaFormat == 1)
        #expect(sps.vui?.fullRange == true)
        #expect(sps.vui?.colorDescription.map { [$0.primaries, $0.transfer, $0.matrix] } == [9, 16, 9])
        #expect(sps.vui?.chromaSampleLocation?.top == 2)
        // Every truncation is a typed error.
        for cut in 3..<nal.count - 4 {
            _ = try? HEVCSequenceParameters.parse(nal: nal.prefix(cut))
        }
    }

    @Test func theFixturesSPSAgreesWithLibde265() throws {
        let decoder = try Self.decoder(try Self.bytes("hevc-420.heic"))
        let hvcC = try #require(try decoder.property(.hvcC, of: 1, parse: HEVCConfiguration.init(payload:)))
        let sps = try HEVCSequenceParameters.parse(
            nal: try #require(hvcC.nalUnits.first { HEVCConfiguration.nalUnitType($0) == 33 })[...])
        let item = try decoder.decode(1)
        #expect(sps.width == item.width && sps.height == item.height && sps.codedWidth == 64)
        #expect((sps.vui?.fullRange ?? false) == (item.range == .full))
    }

    // MARK: Properties

    @Test func cleanApertureFollowsLibavif() throws {
        func box(_ values: [Int32]) throws -> CleanApertureBox {
            var payload: [UInt8] = []
            for v in values { payload.appendBigEndian(UInt32(bitPattern: v)) }
            return try CleanApertureBox(payload: payload[...])
        }
        let centred = try box([20, 1, 10, 1, 0, 1, 0, 1]).cropRectangle(imageWidth: 32, imageHeight: 32)
        #expect(centred == .init(x: 6, y: 11, width: 20, height: 10))
        #expect(throws: SyntaxError.self) {
            try box([21, 2, 10, 1, 0, 1, 0, 1]).cropRectangle(imageWidth: 32, imageHeight: 32)
        }
        #expect(throws: SyntaxError.self) {
            try box([21, 1, 10, 1, 0, 1, 0, 1]).cropRectangle(imageWidth: 32, imageHeight: 32)
        }
        #expect(throws: SyntaxError.self) {
            try box([20, 1, 10, 1, 7, 1, 0, 1]).cropRectangle(imageWidth: 32, imageHeight: 32)
        }
        #expect(throws: SyntaxError.self) {
            try box([20, 0, 10, 1, 0, 1, 0, 1]).cropRectangle(imageWidth: 32, imageHeight: 32)
        }
        #expect(throws: SyntaxError.self) {
            try box([.max, 1, .max, 1, .max, 1, .min, 1]).cropRectangle(imageWidth: 65535, imageHeight: 65535)
        }
        #expect(throws: SyntaxError.self) { try CleanApertureBox(payload: [0, 0, 0][...]) }
    }

    @Test func chromaSitingFollowsTheTransforms() {
        #expect(PlanarTransform.rotate(quarterTurns: 1).chromaLocation(after: .left) == .bottom)
        #expect(PlanarTransform.rotate(quarterTurns: 3).chromaLocation(after: .left) == .top)
        #expect(PlanarTransform.rotate(quarterTurns: 2).chromaLocation(after: .left) == nil)
        #expect(PlanarTransform.rotate(quarterTurns: 2).chromaLocation(after: .center) == .center)
        #expect(PlanarTransform.mirror(leftRight: false).chromaLocation(after: .topLeft) == .bottomLeft)
        #expect(PlanarTransform.mirror(leftRight: true).chromaLocation(after: .top) == .top)
        #expect(PlanarTransform.rotate(quarterTurns: 1).chromaLocation(after: .topLeft) == .bottomLeft)
    }

    // MARK: libavif's conformance files (local only)

    /// The local corpus of other projects' test files (never committed): `HDRCOLOR_CONFORMANCE_DIR`,
    /// `/work/conformance`, `.build-conformance/corpus` (`make conformance-corpus`) or `../shared/conformance`, the
    /// first that exists.
    static let conformance: URL? = {
        let root = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["HDRCOLOR_CONFORMANCE_DIR"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        candidates.append(URL(fileURLWithPath: "/work/conformance"))
        candidates.append(root.appendingPathComponent(".build-conformance/corpus"))
        candidates.append(root.deletingLastPathComponent().appendingPathComponent("shared/conformance"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    static let conformanceSkip: Comment =
        "no local corpus (/work/conformance, HDRCOLOR_CONFORMANCE_DIR or `make conformance-corpus`)"

    /// libavif's test files, when a local copy exists (not committed): ItemDecoder against libavif with libavif's
    /// transforms applied by the reference.
    @Test(
        .enabled(if: conformance != nil, conformanceSkip),
        arguments: [
            "clap_irot_imir_non_essential.avif", "clop_irot_imor.avif", "sofa_grid1x5_420.avif",
            "color_grid_alpha_nogrid.avif", "abc_color_irot_alpha_irot.avif",
        ])
    func libavifConformanceFiles(_ name: String) throws {
        guard let url = Self.corpusFiles().first(where: { $0.lastPathComponent == name }) else {
            print("conformance \(name): skipped, not in \(Self.conformance?.path ?? "the corpus")")
            return
        }
        let bytes = [UInt8](try Data(contentsOf: url))
        let reference = try Self.libavif(bytes)
        let decoder = try Self.decoder(bytes)
        let mine = FullPlanes(try decoder.decode(decoder.graph.primaryID))
        let difference = mine.maximumDifference(reference.transformed)
        print("conformance \(name): \(mine) max |Δ| \(difference)")
        #expect(difference == 0)
    }
}

extension ItemDecoderTests {
    /// The HEIF and AVIF files of the local corpus, sorted by path.
    static func corpusFiles() -> [URL] {
        guard let conformance,
            let walker = FileManager.default.enumerator(at: conformance, includingPropertiesForKeys: nil)
        else {
            return []
        }
        return walker.compactMap { $0 as? URL }
            .filter { ["avif", "heic", "heif"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }

    /// Every HEIF/AVIF file of the local corpus (not committed): the primary item against libavif/libheif where they
    /// decode it (grids through libheif only by tile, as above), and every gain-map item (second input of a `tmap`,
    /// Apple's or Samsung's `hdrgainmap` auxiliary image) decoded by ID. Typed errors are fine; a disagreement with a
    /// library that decodes the file is not.
    @Test(
        .enabled(if: conformance != nil, conformanceSkip))
    func conformanceCorpus() throws {
        for url in Self.corpusFiles() {
            let name = url.path.replacingOccurrences(of: (Self.conformance?.path ?? "") + "/", with: "")
            let bytes = [UInt8](try Data(contentsOf: url))
            guard let graph = (try? ColorTagging(bytes: bytes))?.itemGraph else {
                print("corpus \(name): no item graph (ColorTags cannot read its boxes)")
                continue
            }
            let decoder = ItemDecoder(bytes: bytes, graph: graph, limits: .default)
            var line = "corpus \(name): "
            let clock = ContinuousClock()
            let started = clock.now
            do {
                let item = try decoder.decode(graph.primaryID)
                line +=
                    "\(item.width)×\(item.height) \(item.isMonochrome ? "mono" : "\(item.subsampling)") "
                    + "\(item.bitDepth)-bit, decoded in \(clock.now - started)"
                // The comparisons cost seconds per megapixel in a debug build: above 4K only with HDRCOLOR_FULL_CORPUS=1.
                guard
                    item.width * item.height <= 3840 * 2160
                        || ProcessInfo.processInfo.environment["HDRCOLOR_FULL_CORPUS"] == "1"
                else { throw CorpusSkip.tooLarge }
                let mine = FullPlanes(item)
                if url.pathExtension == "avif" {
                    if let error = Self.libavifError(bytes) {
                        line += "; libavif: \(error)"
                    } else {
                        let reference = try Self.libavif(bytes)
                        let difference = mine.maximumDifference(reference.transformed)
                        line += "; vs libavif max |Δ| \(difference)"
                        #expect(difference == 0, "\(name)")
                    }
                } else {
                    do {
                        let (worst, psnr) = try Self.rgbAgreementWithLibheif(item, bytes: bytes)
                        line += "; vs libheif RGB max |Δ| \(worst), PSNR \(psnr) dB"
                        #expect(worst <= 1 && psnr >= 50, "\(name)")
                    } catch { line += "; libheif: \(error)" }
                }
            } catch CorpusSkip.tooLarge {
                line += "; not compared (above 4K; HDRCOLOR_FULL_CORPUS=1 compares it)"
            } catch { line += "primary: \(error)" }
            var gainMaps: [UInt32] = graph.items.values.filter { $0.type == "tmap" }.compactMap {
                let inputs = graph.references(.dimg, from: $0.id)
                return inputs.count == 2 ? inputs[1] : nil
            }
            for id in graph.order where !gainMaps.contains(id) {
                if let property = graph.property(.auxC, of: id),
                    let payload = try? decoder.payload(of: property, item: id),
                    let type = try? AuxiliaryType(payload: payload), type.urn.contains("gainmap")
                {
                    gainMaps.append(id)
                }
            }
            for id in gainMaps {
                do {
                    let map = try decoder.decode(id)
                    line +=
                        "; gain map \(id): \(map.width)×\(map.height) \(map.isMonochrome ? "mono" : "\(map.subsampling)")"
                } catch { line += "; gain map \(id): \(error)" }
            }
            print(line)
        }
    }
}

/// Why the corpus test leaves a comparison out.
enum CorpusSkip: Error { case tooLarge }

/// MSB-first bits with Exp-Golomb codes and H.265 emulation prevention, for hand-built parameter sets.
struct BitWriter {
    private var bits: [UInt8] = []

    var byteCount: Int { (bits.count + 8) / 8 }

    mutating func put(_ count: Int, _ value: UInt64) {
        for i in stride(from: count - 1, through: 0, by: -1) { bits.append(UInt8((value >> UInt64(i)) & 1)) }
    }

    mutating func ue(_ value: Int) {
        let code = UInt64(value + 1)
        let length = 64 - code.leadingZeroBitCount
        put(length - 1, 0)
        put(length, code)
    }

    mutating func se(_ value: Int) { ue(value > 0 ? 2 * value - 1 : -2 * value) }

    /// The RBSP with its stop bit, byte-aligned, with `03` inserted after two zero bytes before a byte ≤ 3.
    func escapedRBSP() -> [UInt8] {
        var all = bits + [1]
        while all.count % 8 != 0 { all.append(0) }
        let bytes = stride(from: 0, to: all.count, by: 8).map { all[$0..<$0 + 8].reduce(UInt8(0)) { $0 << 1 | $1 } }
        return EmulationPrevention.escape(bytes)
    }
}
