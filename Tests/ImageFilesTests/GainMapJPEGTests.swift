import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import ImageFiles
import PixelBuffers
import PixelConversion
import TestSupport
import Testing
import ToneMapping
import TransferFunctions

@Suite struct GainMapJPEGTests {
    static let p3Options = GainMapWriteOptions(baseColorSpace: .displayP3)

    /// The HDR reference as extended linear Display P3 (1.0 = 203 cd/m²): RGB per pixel (negative outside P3).
    static func referenceLinearP3() throws -> (DecodedImage, [SIMD3<Double>]) {
        let source = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        let linear = try Support.converted(
            source, to: PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearDisplayP3))
        let samples = linear.withView { Support.samples($0) }
        let pixels = stride(from: 0, to: samples.count, by: 4).map {
            SIMD3(samples[$0], samples[$0 + 1], samples[$0 + 2])
        }
        return (source, pixels)
    }

    static func writeReference(_ options: GainMapWriteOptions = p3Options, xmp: String? = nil) throws -> [UInt8] {
        let source = try ImageFile.read(contentsOf: Support.url("pq16-bt2100.png"))
        return try ImageFile.encode(
            source.pixels, encoding: source.encoding,
            options: ImageWriteOptions(fileType: .jpeg, gainMap: options, xmp: xmp))
    }

    @Test func writesISOAndXMPTogetherWithAnMPFIndexThatLandsOnSOI() throws {
        let bytes = try Self.writeReference()
        let tagging = try ColorTagging(bytes: bytes)
        #expect(tagging.gainMap.iso?.value.values != nil)
        #expect(tagging.gainMap.isoPrimaryVersion != nil)
        #expect(tagging.gainMap.xmp?.value.hasValues == true)
        #expect(tagging.gainMap.primaryXMPDeclaresGainMap)
        let mpf = try #require(tagging.gainMap.multiPicture?.value)
        #expect(mpf.declaredImageCount == 2)
        #expect(mpf.entries.count == 2 && mpf.entries.allSatisfy(\.landsOnSOI))
        #expect(mpf.entries[0].size + mpf.entries[1].size == bytes.count)
        let gainIndex = try #require(tagging.gainMap.imageIndex)
        #expect(tagging.images[gainIndex].iccProfiles.isEmpty, "no ICC on the gain-map image (Apple ImageIO)")
        #expect(tagging.primary.iccProfiles.count == 1)
        let findings = tagging.findings(options: .init(requirements: [.gainMapBoth]))
        #expect(findings.filter { $0.severity >= .warning }.isEmpty, "\(findings.map(\.message))")
    }

    @Test func isoAndXMPValuesAgreeAndHeadroomComesFromTheContent() throws {
        let bytes = try Self.writeReference()
        let tagging = try ColorTagging(bytes: bytes)
        let iso = try #require(tagging.gainMap.iso?.value.metadata)
        let xmp = try #require(tagging.gainMap.xmp?.value.metadata)
        #expect(abs(iso.alternateHeadroom - xmp.alternateHeadroom) < 1e-6)
        #expect(abs(iso.gainMapMax.x - xmp.gainMapMax.x) < 1e-6)
        #expect(abs(iso.gainMapMin.x - xmp.gainMapMin.x) < 1e-6)
        #expect(iso.baseOffset.x == 1.0 / 64 && iso.gamma.x == 1)
        // The headroom is the largest gain the content needs (lovell/sharp #4314), and the content does need HDR.
        #expect(abs(iso.alternateHeadroom - iso.gainMapMax.x) < 1e-6)
        let (_, reference) = try Self.referenceLinearP3()
        let peak = reference.map { max($0.x, $0.y, $0.z) }.max()!
        #expect(iso.alternateHeadroom > 2 && iso.alternateHeadroom <= log2(peak) + 1e-6)
    }

    @Test func fullHeadroomReadReproducesTheHDRInputWithinTheGainMapQuantisation() throws {
        let bytes = try Self.writeReference(
            GainMapWriteOptions(baseColorSpace: .displayP3, baseQuality: 100, gainMapQuality: 100))
        let image = try ImageFile.decode(bytes)
        #expect(image.encoding.colorSpace == .extendedLinearDisplayP3)
        #expect(image.gainMap?.weight == 1)
        #expect(image.gainMap?.source == .iso && image.gainMap?.hasBothMetadata == true)
        let (_, reference) = try Self.referenceLinearP3()
        let got = image.pixels.withView { Support.samples($0) }
        let metadata = try #require(image.gainMap?.metadata)
        // One 8-bit gain step is (max − min)/255 in log2: the reconstruction's resolution in stops.
        let step = (metadata.gainMapMax.x - metadata.gainMapMin.x) / 255
        var worstStops = 0.0
        var sumStops = 0.0
        let w = RGBPrimaries.displayP3.luminanceCoefficients
        for (i, r) in reference.enumerated() {
            let y = max(w.x * r.x + w.y * r.y + w.z * r.z, 0)
            let g = w.x * got[4 * i] + w.y * got[4 * i + 1] + w.z * got[4 * i + 2]
            let stops = abs(log2((g + 1.0 / 64) / (y + 1.0 / 64)))
            worstStops = max(worstStops, stops)
            sumStops += stops
        }
        let mean = sumStops / Double(reference.count)
        print(
            "gain-map JPEG q100 round trip: luminance error mean \(mean), max \(worstStops) stops; one gain step \(step) stops"
        )
        #expect(worstStops < 2 * step, "max \(worstStops) stops vs one gain step \(step)")
        #expect(mean < step / 2)
    }

    @Test("headroom 1 gives the stored base, intermediate headrooms are weighted, a base read renders later")
    func headroomOneGivesTheBaseAndIntermediateHeadroomsAreWeighted() throws {
        let bytes = try Self.writeReference()
        let sdr = try ImageFile.decode(bytes, options: ImageReadOptions(gainMap: .displayHeadroom(1)))
        #expect(sdr.gainMap?.weight == 0)
        let base = try ImageFile.decode(bytes, options: ImageReadOptions(gainMap: .base))
        #expect(base.encoding.format == .rgba8 && base.gainMap?.weight == nil && base.hasUnrenderedGainMap)
        // Weight 0 is the base rendition itself (ISO 21496-1): the stored pixels, not a round trip through float.
        #expect(sdr.encoding == base.encoding && !sdr.hasUnrenderedGainMap && !sdr.isHDR)
        #expect(sdr.pixels.withView { Support.samples($0) } == base.pixels.withView { Support.samples($0) })
        let later = try base.rendition(for: .displayHeadroom(1))
        #expect(later.pixels.withView { Support.samples($0) } == base.pixels.withView { Support.samples($0) })
        let metadata = try #require(sdr.gainMap?.metadata)
        let half = exp2(metadata.alternateHeadroom / 2)
        let middle = try ImageFile.decode(bytes, options: ImageReadOptions(gainMap: .displayHeadroom(half)))
        #expect(abs((middle.gainMap?.weight ?? 0) - 0.5) < 1e-9)
        #expect(abs((middle.gainMap?.renditionHeadroom ?? 0) - half) < 1e-9 && middle.isHDR)
        let rendered = try base.rendition(for: .displayHeadroom(half))
        #expect(rendered.pixels.withView { Support.samples($0) } == middle.pixels.withView { Support.samples($0) })
    }

    @Test func keepsTheUsersXMPAndReplacesOldGainMapDescriptions() throws {
        let user = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Ada</dc:creator>\
            </rdf:Description><rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" \
            hdrgm:Version="1.0"/></rdf:RDF></x:xmpmeta>
            """
        let bytes = try Self.writeReference(xmp: user)
        let image = try ImageFile.decode(bytes, options: .init(gainMap: .base))
        let xmp = try #require(image.xmp)
        #expect(xmp.contains("<dc:creator>Ada</dc:creator>"))
        #expect(xmp.components(separatedBy: "hdrgm:Version").count == 2, "one hdrgm:Version: \(xmp)")
        #expect(xmp.contains("Item:Semantic=\"GainMap\""))
        // Re-encoding what was read keeps the user's XMP again, with one gain-map description.
        let hdr = try ImageFile.decode(bytes)
        let again = try ImageFile.encode(
            hdr.pixels, encoding: hdr.encoding, options: .init(fileType: .jpeg, gainMap: Self.p3Options, xmp: hdr.xmp))
        let xmp2 = try #require(try ImageFile.decode(again, options: .init(gainMap: .base)).xmp)
        #expect(xmp2.contains("Ada") && xmp2.components(separatedBy: "hdrgm:Version").count == 2)
    }

    @Test func multichannelAndScaledGainMapsRoundTrip() throws {
        let bytes = try Self.writeReference(GainMapWriteOptions(baseColorSpace: .sRGB, multichannel: true, scale: 2))
        let image = try ImageFile.decode(bytes)
        #expect(image.gainMap?.channelCount == 3)
        #expect(image.gainMap?.gainMapWidth == 16 && image.gainMap?.gainMapHeight == 12)
        #expect(image.encoding.colorSpace == .extendedLinearSRGB)
        let findings = try ColorTagging(bytes: bytes).findings()
        #expect(findings.filter { $0.severity >= .warning }.isEmpty, "\(findings.map(\.message))")
    }

    @Test func readsPhoneVariantsLeniently() throws {
        func read(_ name: String) throws -> DecodedImage {
            try ImageFile.read(contentsOf: Fixtures.url("color-tags/jpeg/\(name)"))
        }
        let trailing = try read("ultrahdr-ios-trailing-bytes.jpg")
        #expect(trailing.gainMap?.weight == 1 && trailing.warnings.isEmpty, "applied; validate warns")
        let unknown = try read("ultrahdr-unknown-version.jpg")
        #expect(unknown.gainMap == nil && unknown.encoding.format == .rgba8)
        #expect(unknown.warnings.contains { $0.contains("minimum_version") })
        let mismatch = try read("ultrahdr-iso-xmp-mismatch.jpg")
        #expect(mismatch.gainMap?.source == .iso && mismatch.warnings.contains { $0.contains("disagree") })
        let xmpOnly = try read("ultrahdr-xmp-only.jpg")
        #expect(xmpOnly.gainMap?.source == .xmp)
        for name in ["ultrahdr-mpf-bad-offset.jpg", "ultrahdr-zero-denominator.jpg", "ultrahdr-max-below-min.jpg"] {
            let image = try read(name)
            #expect(image.encoding.format == .rgba8, "\(name) shows its base")
            #expect(!image.warnings.isEmpty, "\(name) says why")
        }
    }

    @Test func readsApplesPreISOGainMapWithTheHeadroomFromTheMakerNote() throws {
        let url = Support.url("apple-hdrgainmap.jpg")
        let hdr = try ImageFile.read(contentsOf: url)
        let rendition = try #require(hdr.gainMap)
        #expect(rendition.source == .apple)
        let headroom = exp2(2.303 - 0.303 * 0.5)  // maker note 0x0021 = 1, 0x0030 = 0.5 (Apple's formula)
        #expect(abs(rendition.metadata.alternateHeadroomRatio - headroom) < 1e-9)
        #expect(hdr.encoding.colorSpace == .extendedLinearSRGB && rendition.weight == 1)
        let base = try ImageFile.read(contentsOf: url, options: .init(gainMap: .base))
        let sdr = try Support.converted(base, to: PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearSRGB))
        let expected = sdr.withView { Support.samples($0) }
        let got = hdr.pixels.withView { Support.samples($0) }
        var worst = 0.0
        for y in 0..<hdr.height {
            for x in 0..<hdr.width {
                let g = Double((x * 8 + y * 4) % 256) / 255
                let factor = 1 + (headroom - 1) * TransferFunction.bt709.toLinear(g)  // HDR = SDR × (1 + (H − 1)·g)
                for c in 0..<3 {
                    let i = 4 * (y * hdr.width + x) + c
                    worst = max(worst, abs(got[i] - expected[i] * factor) / max(expected[i] * factor, 0.01))
                }
            }
        }
        #expect(worst < 0.02, "largest relative error \(worst) (gain-map JPEG rounding)")
    }

    /// The layout of libavif's and libultrahdr's `apple_gainmap_new.jpg`: the gain map is found from its own XMP (no
    /// primary XMP), and its `HDRGainMapHeadroom` 4.532783 is a ratio that overrides the maker note. libavif's
    /// avifjpeggainmaptest.cc expects `log2(4.532783)` for that file; libultrahdr reads it as stops (jpegr_test.cpp
    /// expects 23.1474762), which would exceed the 8× Apple states for iPhone photos (WWDC 2023).
    @Test("Apple's newer layout: gain map found from its own XMP, HDRGainMapHeadroom as a ratio over the maker note")
    func readsApplesHeadroomFromTheGainMapXMP() throws {
        let url = Support.url("apple-hdrgainmap-xmp-headroom.jpg")
        let tagging = try ColorTagging(contentsOf: url)
        let apple = try #require(tagging.gainMap.apple?.value)
        #expect(apple.version == 131072 && apple.xmpHeadroom == 4.532783)
        #expect(abs((apple.makerNote?.headroomRatio ?? 0) - exp2(2.303 - 0.303 * 0.5)) < 1e-12)
        #expect(apple.headroom?.source == .xmp && tagging.gainMap.imageIndex == 1)
        #expect(tagging.images.map(\.role) == [.primary, .gainMap])
        #expect(tagging.findings().allSatisfy { $0.rule == .untagged }, "an untagged base (assumed sRGB) is a note")
        let hdr = try ImageFile.read(contentsOf: url)
        let rendition = try #require(hdr.gainMap)
        #expect(rendition.source == .apple && rendition.weight == 1)
        #expect(abs(rendition.metadata.gainMapMax.x - log2(4.532783)) < 1e-12)
        #expect(abs(rendition.metadata.alternateHeadroom - log2(4.532783)) < 1e-12)
        #expect(hdr.isHDR && abs(rendition.renditionHeadroom - 4.532783) < 1e-9)
        let base = try ImageFile.read(contentsOf: url, options: .init(gainMap: .base))
        #expect(base.hasUnrenderedGainMap && !base.isHDR)
    }

    @Test(.enabled(if: ExiftoolProbe.path != nil, "exiftool (libimage-exiftool-perl) is not installed"))
    func exiftoolSeesTheMPFAndXMPStructure() throws {
        let folder = try Support.temporaryDirectory()
        let file = folder.appendingPathComponent("gainmap.jpg")
        let bytes = try Self.writeReference()
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExiftoolProbe.path!)
        process.arguments = ["-j", "-n", "-G1", "-a", "-MPF:all", "-XMP-hdrgm:all", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]).first ?? [:]
        #expect(json["MPF0:NumberOfImages"] as? Int == 2)
        let tagging = try ColorTagging(bytes: bytes)
        let mpf = try #require(tagging.gainMap.multiPicture?.value)
        #expect(
            json["MPF0:MPImageLength"] as? Int == mpf.entries[1].size
                || json["MPImage2:MPImageLength"] as? Int == mpf.entries[1].size
                || "\(json)".contains("\(mpf.entries[1].size)"))
        #expect(json["XMP-hdrgm:Version"] != nil, "\(json.keys.sorted())")
    }
}

/// Where exiftool is, if installed.
enum ExiftoolProbe {
    static let path: String? = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
