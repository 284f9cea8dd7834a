import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import ICC
import Testing
import MediaSyntax

@Suite("PNG tag writer")
struct TagWriterTests {
    /// The IDAT chunks (length, type, data, CRC) of a PNG, byte for byte.
    static func idat(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(
                UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                    | UInt32(bytes[offset + 3]))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "IDAT" { result += bytes[offset..<(offset + 12 + length)] }
            offset += 12 + length
        }
        return result
    }

    @Test("cICP, an ICC generated from it, mDCV and cLLI: read back exactly, IDAT bytes identical, no findings")
    func tagUntagged() throws {
        let source = try Corpus.bytes("png/hlg-16bit.png")
        let space = try ColorSpace(cicp: .bt2100PQ)
        let mdcv = MasteringDisplayColorVolume(
            red: RGBPrimaries.bt2020.red, green: RGBPrimaries.bt2020.green, blue: RGBPrimaries.bt2020.blue,
            white: Chromaticity(x: 0.3127, y: 0.3290), maximumLuminance: 1000, minimumLuminance: 0.0001)
        let edit = PNGTagEdit(
            cicp: .bt2100PQ, iccProfile: try ICCProfile(colorSpace: space), iccProfileName: "BT.2100 PQ",
            masteringDisplay: mdcv,
            contentLightLevel: ContentLightLevel(maxContentLightLevel: 1000, maxFrameAverageLightLevel: 400))
        let tagged = try PNGTagWriter.applying(edit, to: source)
        #expect(Self.idat(tagged) == Self.idat(source) && !Self.idat(source).isEmpty)
        let tags = try ColorTagging(bytes: tagged)
        #expect(tags.primary.cicp.map(\.value.cicp) == [.bt2100PQ], "the old 9/18 cICP is replaced, not duplicated")
        #expect(tags.primary.masteringDisplay.first?.value.maximumLuminance == 1000)
        #expect(tags.primary.contentLightLevel.first?.value.maxFrameAverageLightLevel == 400)
        let profile = try #require(tags.primary.iccProfiles.first?.value.profile)
        #expect(profile.cicp == .bt2100PQ && profile.luminance?.y == 10_000, "generated PQ profiles carry lumi")
        #expect(tags.findings().isEmpty, "\(tags.findings())")
        #expect(try PNGTagWriter.applying(edit, to: source) == tagged, "reproducible bytes")
    }

    @Test("an ICC replaces iCCP and removes sRGB; matrix ≠ 0, damaged and non-PNG input are refused")
    func refusals() throws {
        let p3 = try ICCProfile(colorSpace: .displayP3)
        let tagged = try PNGTagWriter.applying(
            PNGTagEdit(iccProfile: p3), to: Corpus.bytes("png/srgb-chunk-with-p3-iccp.png"))
        let tags = try ColorTagging(bytes: tagged)
        #expect(tags.primary.sRGBIntent.isEmpty && tags.primary.iccProfiles.count == 1 && tags.findings().isEmpty)
        #expect(throws: ColorTagsError.invalidArgument("cICP MatrixCoefficients must be 0 (PNG pixels are RGB), not 9"))
        {
            try PNGTagWriter.applying(PNGTagEdit(cicp: .bt2100PQVideo), to: Corpus.bytes("png/untagged.png"))
        }
        for name in ["png/truncated.png", "png/length-4gib.png"] {
            #expect(throws: ColorTagsError.self, "\(name)") {
                try PNGTagWriter.applying(PNGTagEdit(cicp: .sRGB), to: Corpus.bytes(name))
            }
        }
        #expect(throws: ColorTagsError.self) {
            try PNGTagWriter.applying(PNGTagEdit(cicp: .sRGB), to: Corpus.bytes("jpeg/pillow-untagged.jpg"))
        }
    }

    @Test("generated profiles carry the creation date given, default SOURCE_DATE_EPOCH or 1970-01-01")
    func creationDate() throws {
        let date = ICCDateTime(secondsSince1970: 1_700_000_000)
        #expect(date == ICCDateTime(year: 2023, month: 11, day: 14, hour: 22, minute: 13, second: 20))
        #expect(ICCDateTime(secondsSince1970: 951_782_400) == ICCDateTime(year: 2000, month: 2, day: 29))
        let profile = try ICCProfile(colorSpace: .bt2100HLG, creationDate: date)
        #expect(profile.header.creationDate == [2023, 11, 14, 22, 13, 20])
        #expect(profile.profileIDStatus == .verified && profile.luminance?.y == 1000)
        let expected =
            ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Int64.init).map(
                ICCDateTime.init(secondsSince1970:)) ?? .epoch
        #expect(ICCDateTime.reproducibleDefault == expected)
        #expect(try ICCProfile(colorSpace: .sRGB).bytes == ICCProfile(colorSpace: .sRGB).bytes)
    }
}
