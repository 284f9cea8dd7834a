import ColorTags
import TagValidation
import Foundation
import ICC
import Testing

@Suite("JPEG reader")
struct JPEGReaderTests {
    @Test("a 78 KiB ICC profile split over APP2 segments is reassembled by sequence number (ICC.1:2022 Annex B.4)")
    func multiSegmentICC() throws {
        let tags = try Corpus.tags("jpeg/pillow-icc-multisegment.jpg")
        let icc = try #require(tags.primary.iccProfiles.first)
        #expect(icc.location.container == "APP2 ICC_PROFILE (2 segments)")
        let profile = try #require(icc.value.profile)
        #expect(profile.profileIDStatus == .verified, "the reassembled bytes hash to the stored MD5")
        #expect(icc.value.bytes.count > 65_519)
        #expect(tags.primary.effective.colorSpaceName == "sRGB")
    }

    @Test("segments numbered 1 of 2 twice are malformed and ignored")
    func badSequence() throws {
        let tags = try Corpus.tags("jpeg/icc-bad-sequence.jpg")
        #expect(tags.primary.iccProfiles.isEmpty && tags.problems.map(\.rule) == [.malformed])
    }

    @Test("independent producers: ImageMagick, jpgicc -e and exiftool embed profiles that read back")
    func producers() throws {
        for (name, expected) in [
            ("jpeg/imagemagick-p3.jpg", "Display P3"), ("jpeg/jpgicc-p3.jpg", "Display P3"),
            ("jpeg/exiftool-srgb-icc.jpg", "sRGB"), ("jpeg/pillow-p3-icc.jpg", "Display P3"),
        ] {
            let tags = try Corpus.tags(name)
            #expect(tags.primary.effective.colorSpaceName == expected, "\(name)")
            #expect(tags.primary.bitDepth == 8 && tags.primary.width == 8, "\(name)")
        }
    }

    @Test("UltraHDR-style gain map: MPF entries land on SOI, XMP hdrgm and ISO 21496-1 values, the gain-map image")
    func ultraHDR() throws {
        let tags = try Corpus.tags("jpeg/ultrahdr-iso-and-xmp.jpg")
        #expect(tags.images.count == 2 && tags.images[1].role == .gainMap && tags.gainMap.imageIndex == 1)
        #expect(tags.images[1].width == 4 && tags.images[1].channelCount == 1)
        let mpf = try #require(tags.gainMap.multiPicture?.value)
        #expect(mpf.declaredImageCount == 2 && mpf.entries.count == 2 && mpf.entries.allSatisfy(\.landsOnSOI))
        #expect(tags.gainMap.primaryXMPDeclaresGainMap)
        let xmp = try #require(tags.gainMap.xmp?.value)
        #expect(xmp.version == "1.0" && xmp.gainMapMax == [2] && xmp.hdrCapacityMax == 2 && !xmp.baseRenditionIsHDR)
        let iso = try #require(tags.gainMap.iso?.value)
        #expect(iso.minimumVersion == 0 && iso.values?.gainMapMax.map(\.description) == ["2/1"])
        let metadata = try #require(iso.metadata)
        #expect(metadata.alternateHeadroom == 2 && metadata.baseOffset.x == 1.0 / 64)
        #expect(tags.gainMap.isoPrimaryVersion?.value.values == nil, "the primary carries the version record only")
        #expect(tags.findings().allSatisfy { $0.severity == .note })
    }

    /// Trailing bytes from a writer no newer than the reader: libavif rejects the gain map
    /// (avifgainmaptest.cc ExtraBytesAfterGainMapMetadataSupporterWriterVersion), libultrahdr reads it (#319). The
    /// values are read; the disagreement between readers is a warning.
    @Test("the common-denominator ISO form reads; trailing bytes read leniently with a warning (libavif rejects them)")
    func isoVariants() throws {
        let common = try #require(try Corpus.tags("jpeg/ultrahdr-iso-only.jpg").gainMap.iso?.value.values)
        #expect(common.gainMapMax.map(\.description) == ["128/64"] && common.gamma.map(\.description) == ["64/64"])
        let trailing = try Corpus.tags("jpeg/ultrahdr-ios-trailing-bytes.jpg")
        #expect(trailing.gainMap.iso?.value.trailingByteCount == 3 && trailing.gainMap.iso?.value.values != nil)
        #expect(trailing.findings().filter { $0.severity >= .warning }.map(\.rule) == [.gainMapTrailingBytes])
    }

    @Test("a segment cap is an explicit error")
    func segmentLimit() throws {
        #expect(throws: ColorTagsError.self) {
            try Corpus.tags("jpeg/ultrahdr-iso-and-xmp.jpg", limits: ReadLimits(maximumSegmentCount: 2))
        }
    }
}
