@testable import ColorSpaces
import Testing
import TransferFunctions

@Suite("ColorSpace catalog")
struct ColorSpaceCatalogTests {
    /// Apple CGColorSpace names (CoreGraphics `CGColorSpace.h`; each constant's string value is its own name).
    @Test(arguments: [
        (ColorSpace.sRGB, "kCGColorSpaceSRGB"),
        (.extendedSRGB, "kCGColorSpaceExtendedSRGB"),
        (.linearSRGB, "kCGColorSpaceLinearSRGB"),
        (.extendedLinearSRGB, "kCGColorSpaceExtendedLinearSRGB"),
        (.displayP3, "kCGColorSpaceDisplayP3"),
        (.extendedDisplayP3, "kCGColorSpaceExtendedDisplayP3"),
        (.linearDisplayP3, "kCGColorSpaceLinearDisplayP3"),
        (.extendedLinearDisplayP3, "kCGColorSpaceExtendedLinearDisplayP3"),
        (.bt709, "kCGColorSpaceITUR_709"),
        (.bt2020, "kCGColorSpaceITUR_2020"),
        (.extendedBT2020, "kCGColorSpaceExtendedITUR_2020"),
        (.linearBT2020, "kCGColorSpaceLinearITUR_2020"),
        (.extendedLinearBT2020, "kCGColorSpaceExtendedLinearITUR_2020"),
        (.bt2100PQ, "kCGColorSpaceITUR_2100_PQ"),
        (.bt2100HLG, "kCGColorSpaceITUR_2100_HLG"),
        (.displayP3PQ, "kCGColorSpaceDisplayP3_PQ"),
        (.displayP3HLG, "kCGColorSpaceDisplayP3_HLG"),
        (.acesCG, "kCGColorSpaceACESCGLinear"),
        (.adobeRGB, "kCGColorSpaceAdobeRGB1998"),
        (.dciP3, "kCGColorSpaceDCIP3"),
        (.proPhoto, "kCGColorSpaceROMMRGB"),
    ])
    func cgNamesAndLookup(space: ColorSpace, cgName: String) throws {
        #expect(space.cgColorSpaceName == cgName)
        #expect(ColorSpace.named(cgName) == space)
        #expect(ColorSpace.named(String(cgName.dropFirst("kCGColorSpace".count))) == space)
        let identifier = try #require(space.identifier)
        #expect(ColorSpace.named(identifier) == space)
        #expect(ColorSpace.named(identifier.uppercased()) == space)
        #expect(ColorSpace.named(space.name) == space)
        #expect(ColorSpace.all.contains(space))
    }

    @Test func shortNamesUsedByTheCommandLine() {
        #expect(ColorSpace.named("bt2100-pq") == .bt2100PQ)
        #expect(ColorSpace.named("bt2100-hlg") == .bt2100HLG)
        #expect(ColorSpace.named("display-p3") == .displayP3)
        #expect(ColorSpace.named("extended-linear-display-p3") == .extendedLinearDisplayP3)
        #expect(ColorSpace.named("srgb") == .sRGB)
        #expect(ColorSpace.named("acescg") == .acesCG)
        #expect(ColorSpace.named("Display P3") == .displayP3)
        #expect(ColorSpace.named("no-such-space") == nil)
        #expect(ColorSpace.named("") == nil)
        #expect(ColorSpace.named("--") == nil)
    }

    @Test func deprecatedAppleNamesFindTheirCurrentSpaces() {
        #expect(ColorSpace.named("kCGColorSpaceITUR_2020_PQ") == .bt2100PQ)
        #expect(ColorSpace.named("kCGColorSpaceITUR_2020_PQ_EOTF") == .bt2100PQ)
        #expect(ColorSpace.named("kCGColorSpaceITUR_2020_HLG") == .bt2100HLG)
        #expect(ColorSpace.named("ITUR_2020_HLG") == .bt2100HLG)
        #expect(ColorSpace.named("kCGColorSpaceDisplayP3_PQ_EOTF") == .displayP3PQ)
        for (name, _) in ColorSpace.deprecatedCGColorSpaceNames {
            #expect(!ColorSpace.all.contains { $0.cgColorSpaceName == name })
        }
    }

    @Test func identifiersAreKebabCaseAndEveryLookupKeyIsUnambiguous() throws {
        var owners: [String: String] = [:]
        for space in ColorSpace.all {
            let identifier = try #require(space.identifier)
            #expect(identifier.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(identifier)")
            for key in [identifier, space.name, space.cgColorSpaceName ?? identifier] {
                let found = try #require(ColorSpace.named(key))
                #expect(found == space, "\(key) finds \(found.name), not \(space.name)")
            }
            #expect(owners.updateValue(space.name, forKey: identifier) == nil, "duplicate identifier \(identifier)")
        }
        #expect(Set(ColorSpace.all).count == ColorSpace.all.count)
    }

    /// The names users type (issue: `--to rec709` was refused with a list of 21 names): aliases find their spaces,
    /// never shadow a catalog name, and a typo gets the nearest name.
    @Test func aliasesAndSuggestions() {
        for (alias, space) in [
            ("rec709", ColorSpace.bt709), ("Rec.709", .bt709), ("rec2020", .bt2020), ("pq", .bt2100PQ),
            ("hlg", .bt2100HLG), ("p3", .displayP3), ("srgb-linear", .linearSRGB), ("rec2100-pq", .bt2100PQ),
            ("scRGB", .extendedLinearSRGB), ("smpte2084", .bt2100PQ),
        ] {
            #expect(ColorSpace.named(alias) == space, "\(alias)")
        }
        for (alias, _) in ColorSpace.aliases {
            let key = ColorSpace.lookupKey(alias)
            #expect(!ColorSpace.all.contains { $0.lookupKeys.contains(key) }, "\(alias) shadows a catalog name")
        }
        #expect(ColorSpace.nearestName(to: "rec790") == "rec709")
        #expect(ColorSpace.nearestName(to: "bt2100-qp") == "bt2100-pq")
        #expect(ColorSpace.nearestName(to: "disply-p3") == "display-p3")
        #expect(ColorSpace.nearestName(to: "xyz") == nil)
    }

    @Test func definitions() {
        #expect(ColorSpace.sRGB.primaries == .bt709 && ColorSpace.sRGB.transferFunction == .srgb)
        #expect(ColorSpace.sRGB.outOfRange == .clamped && ColorSpace.extendedSRGB.outOfRange == .extended)
        #expect(ColorSpace.displayP3.primaries == .displayP3 && ColorSpace.displayP3.transferFunction == .srgb)
        let edr = ColorSpace.extendedLinearDisplayP3
        #expect(edr.isLinear && edr.outOfRange == .extended)
        #expect(ColorSpace.bt2100PQ.primaries == .bt2020 && ColorSpace.bt2100PQ.transferFunction == .pq)
        #expect(ColorSpace.bt2100HLG.transferFunction == .hlg && ColorSpace.bt2100HLG.isHDR)
        #expect(ColorSpace.displayP3PQ.primaries == .displayP3 && ColorSpace.displayP3HLG.transferFunction == .hlg)
        #expect(ColorSpace.acesCG.primaries == .acesAP1 && ColorSpace.acesCG.isLinear)
        #expect(ColorSpace.adobeRGB.transferFunction == .gamma(563.0 / 256.0))
        #expect(ColorSpace.dciP3.primaries.white == .dci && ColorSpace.dciP3.transferFunction == .gamma(2.6))
        #expect(ColorSpace.proPhoto.primaries.white == .d50)
        #expect(!ColorSpace.sRGB.isHDR && !ColorSpace.sRGB.isLinear)
    }

    @Test func approximateEquality() {
        var tagged = ColorSpace(
            name: "from ICC", primaries: .bt2020, transferFunction: .pq, outOfRange: .clamped)
        tagged.primaries.red.x += 0.0004
        #expect(tagged.isApproximatelyEqual(to: .bt2100PQ))
        #expect(!tagged.isApproximatelyEqual(to: .bt2100HLG))
        #expect(!tagged.isApproximatelyEqual(to: .displayP3PQ))
        #expect(!ColorSpace.sRGB.isApproximatelyEqual(to: .extendedSRGB))
        #expect(ColorSpace.sRGB.isApproximatelyEqual(to: .extendedSRGB, ignoringOutOfRange: true))
        let iccGamma = ColorSpace(name: "g", primaries: .adobeRGB, transferFunction: .gamma(2.19922))
        #expect(iccGamma.isApproximatelyEqual(to: .adobeRGB))
        let gamma22 = ColorSpace(name: "g", primaries: .adobeRGB, transferFunction: .gamma22, outOfRange: .clamped)
        #expect(!gamma22.isApproximatelyEqual(to: .adobeRGB))
        let display = ColorSpace(
            name: "1886", primaries: .bt709, transferFunction: .bt1886(whiteLuminance: 100, blackLuminance: 0.1))
        var close = display
        close.transferFunction = .bt1886(whiteLuminance: 100.001, blackLuminance: 0.1)
        #expect(display.isApproximatelyEqual(to: close))
        close.transferFunction = .bt1886(whiteLuminance: 100, blackLuminance: 0.2)
        #expect(!display.isApproximatelyEqual(to: close))
        // Distinct catalog entries are never approximately equal.
        for a in ColorSpace.all {
            for b in ColorSpace.all where a != b {
                #expect(!a.isApproximatelyEqual(to: b), "\(a.name) vs \(b.name)")
            }
        }
    }
}
