// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import HDRColor
import ImageFiles
import TestSupport
import Testing

/// "Reading and writing ISO HDR and gain-map images": every Swift block of the article, in order, with checks of what
/// it promises. The source image is the ImageFiles fixture `pq16-bt2100.png` (16-bit BT.2100 PQ with cICP, mDCV and
/// cLLI); the files are written to a temporary folder.
extension ArticleExamplesTests {
    @Test("Reading and writing ISO HDR and gain-map images")
    func readingAndWritingImages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("articles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = Fixtures.url("image-files/pq16-bt2100.png")
        let (pngURL, avifURL, heifURL, jpegURL) = (
            folder.appendingPathComponent("hdr.png"), folder.appendingPathComponent("hdr.avif"),
            folder.appendingPathComponent("hdr.heic"), folder.appendingPathComponent("photo.jpg")
        )

        let image = try ImageFile.read(contentsOf: url)
        print(image.colorDecision)  // BT.2100 PQ (from CICP 9/16/0/1)
        print(image.encoding)       // 'l64r' BT.2100 PQ: RGBA 16-bit, ready for PixelConverter
        #expect(image.colorDecision.description == "BT.2100 PQ (from CICP 9/16/0/1)")
        #expect(image.encoding == PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ) && image.isHDR)
        #expect(image.contentLightLevel?.maxContentLightLevel == 1000 && image.masteringDisplay?.maximumLuminance == 1000)

        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        let toEDR = try PixelConverter(from: image.encoding, to: edr)
        var pixels = try PixelBuffer(format: .rgbaHalf, width: image.width, height: image.height)
        try image.pixels.withView { source in try pixels.withMutableView { try toEDR.convert(source, to: $0) } }
        let peak = Self.rgb(pixels).map { $0.max() }.max() ?? 0
        #expect(peak > 20)  // this test image reaches about 5200 cd/m²

        let png = ImageWriteOptions(
            fileType: .png, bitDepth: 16, masteringDisplay: image.masteringDisplay,
            contentLightLevel: image.contentLightLevel)
        try ImageFile.write(image.pixels, encoding: image.encoding, to: pngURL, options: png)
        let heif = ImageWriteOptions(fileType: .heif, bitDepth: 10, contentLightLevel: image.contentLightLevel)
        try ImageFile.write(image.pixels, encoding: image.encoding, to: heifURL, options: heif)

        let avif = ImageWriteOptions(fileType: .avif, colorSpace: .bt2100PQ, bitDepth: 10)
        try ImageFile.write(pixels, encoding: edr, to: avifURL, options: avif)
        #expect(try ImageFile.decode(Array(Data(contentsOf: avifURL))).codedBitDepth == 10)

        let written = try ColorTagging(contentsOf: avifURL)
        print(written.primary.effective.summary)  // 9/16/9/1 (…) ≈ BT.2100 PQ — from CICP
        let findings = written.findings(options: ValidationOptions(requirements: [.isoHDR]))
        // []: BT.2020 primaries, PQ, 10 bits and a CICP tag, the ISO 22028-5 requirements
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        #expect(written.primary.effective.cicp == CICP(colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 9, videoFullRange: true))
        #expect(written.primary.cicp(from: .nclx) != nil && written.primary.iccProfiles.isEmpty)
        // PNG: cICP 9/16/0/1, an ICC v4.4 profile with its cicp tag, mDCV and cLLI as given.
        let pngTags = try ColorTagging(contentsOf: pngURL)
        #expect(pngTags.primary.cicp(from: .pngChunk)?.value.cicp == .bt2100PQ)
        #expect(pngTags.primary.iccProfiles.count == 1 && pngTags.primary.masteringDisplay.count == 1)
        #expect(pngTags.primary.contentLightLevel.first?.value.maxContentLightLevel == 1000)
        // HEIF: nclx and prof, clli.
        let heifTags = try ColorTagging(contentsOf: heifURL)
        #expect(heifTags.primary.colorBoxTypes.map(\.value).sorted() == ["nclx", "prof"])
        #expect(heifTags.primary.contentLightLevel.first?.value.maxContentLightLevel == 1000)
        for tags in [pngTags, heifTags] {
            #expect(tags.findings(options: ValidationOptions(requirements: [.isoHDR])).isEmpty)
        }
        // Read back: the same colour.
        for file in [pngURL, avifURL, heifURL] {
            #expect(try ImageFile.read(contentsOf: file).encoding.colorSpace == .bt2100PQ)
        }

        let gainMapJPEG = ImageWriteOptions(
            fileType: .jpeg, gainMap: GainMapWriteOptions(baseColorSpace: .displayP3))
        try ImageFile.write(pixels, encoding: edr, to: jpegURL, options: gainMapJPEG)
        let check = try ColorTagging(contentsOf: jpegURL).findings(
            options: ValidationOptions(requirements: [.gainMapBoth]))
        #expect(check.isEmpty, "\(check.map(\.message))")

        let rendition = try ImageFile.read(
            contentsOf: jpegURL, options: ImageReadOptions(gainMap: .displayHeadroom(4)))
        if let gainMap = rendition.gainMap {  // the metadata (ISO 21496-1 here) and the weight used for 4×
            print(gainMap.source, gainMap.metadata.alternateHeadroomRatio, gainMap.weight ?? 0)  // ISO 21496-1 29.9 0.41
        }
        let base = try ImageFile.read(contentsOf: jpegURL, options: ImageReadOptions(gainMap: .base))
        let sdrRendition = try base.rendition(for: .displayHeadroom(1))  // weight 0: the stored base itself, no tone mapping
        let hdrRendition = try base.rendition(for: .displayHeadroom(4))  // the same pixels as `rendition`
        #expect(sdrRendition.encoding == base.encoding && sdrRendition.gainMap?.weight == 0)
        #expect(Self.rgb(hdrRendition.pixels) == Self.rgb(rendition.pixels))
        let gainMap = try #require(rendition.gainMap)
        #expect(rendition.encoding == PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearDisplayP3))
        #expect(gainMap.source == .iso && gainMap.hasBothMetadata && gainMap.channelCount == 1)
        #expect(abs(gainMap.metadata.alternateHeadroomRatio - 29.9) < 0.05 && abs((gainMap.weight ?? 0) - 0.41) < 0.005)
        #expect(abs((gainMap.weight ?? 0) - 2 / gainMap.metadata.alternateHeadroom) < 1e-9)
        let renditionPeak = Self.rgb(rendition.pixels).map { $0.max() }.max() ?? 0
        #expect(renditionPeak > 3.5 && renditionPeak < 4, "\(renditionPeak)")
        #expect(rendition.warnings.isEmpty)

        // Gain maps over pixel views.
        var sdrOptions = PixelConverter.Options()
        sdrOptions.toneMapping = .displayHeadroom(1, content: ContentLuminance(maxContentLightLevel: 5200))
        sdrOptions.gamut = .clip
        let sdrEncoding = PixelEncoding(format: .rgba8, colorSpace: .displayP3)
        let toSDR = try PixelConverter(from: edr, to: sdrEncoding, options: sdrOptions)
        var sdr = try PixelBuffer(format: .rgba8, width: image.width, height: image.height)
        try pixels.withView { source in try sdr.withMutableView { try toSDR.convert(source, to: $0) } }

        var gain = try PixelBuffer(format: .rgba8, width: image.width, height: image.height)
        let metadata = try sdr.withView { base in
            try pixels.withView { alternate in
                try gain.withMutableView { map in
                    try GainMapEncoder().encode(
                        base: base, encoding: sdrEncoding, alternate: alternate, encoding: edr, into: map)
                }
            }
        }
        #expect(!metadata.isMultichannel && (try? metadata.validate()) != nil)
        // The headroom the largest gain reaches (lovell/sharp #4314), not the brightest component's 5.1 stops.
        #expect(metadata.alternateHeadroom == metadata.gainMapMax.max() && abs(metadata.alternateHeadroom - 4.8) < 0.05)

        var shown = try PixelBuffer(format: .rgbaHalf, width: image.width, height: image.height)
        try sdr.withView { base in
            try gain.withView { map in
                try shown.withMutableView { output in
                    try GainMap.apply(
                        metadata, displayHeadroom: 4, to: base, encoding: sdrEncoding, gainMap: map,
                        into: output, encoding: edr)
                }
            }
        }
        #expect((Self.rgb(shown).map { $0.max() }.max() ?? 0) < 4.05)  // (1 + 1/64)·4 − 1/64 at most

        // At the full headroom: the HDR rendition's luminance within one 8-bit gain step (0.019 stops), 0.01 measured.
        var full = try PixelBuffer(format: .rgbaHalf, width: image.width, height: image.height)
        try sdr.withView { base in
            try gain.withView { map in
                try full.withMutableView { output in
                    try GainMap.apply(
                        metadata, displayHeadroom: metadata.alternateHeadroomRatio, to: base, encoding: sdrEncoding,
                        gainMap: map, into: output, encoding: edr)
                }
            }
        }
        let weights = SIMD3<Float>(RGBPrimaries.displayP3.luminanceCoefficients)
        var worst = 0.0
        for (a, b) in zip(Self.rgb(pixels), Self.rgb(full)) {
            let (ya, yb) = (Double(max((a * weights).sum(), 0)), Double((b * weights).sum()))
            worst = max(worst, abs(log2((yb + 1.0 / 64) / (ya + 1.0 / 64))))
        }
        let step = (metadata.gainMapMax.x - metadata.gainMapMin.x) / 255
        print("gain map over views, full headroom: \(worst) stops; one gain step \(step)")
        #expect(worst <= step && worst < 0.011, "\(worst) stops; one gain step \(step)")
    }
}
