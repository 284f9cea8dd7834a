import ColorTags
import Foundation
import ImageFiles
import MediaSyntax
import TestSupport
import Testing

/// Truncated, corrupted and oversized input gives a typed error, never a crash or a hang.
@Suite struct RobustnessTests {
    static let files = [
        "pq16-bt2100.png", "srgb8-alpha.png", "imagemagick-interlaced.png", "pillow-palette-trns.png",
        "pillow-q95.jpg", "avifenc-pq10-lossless.avif", "avifenc-pq10-yuv420.avif", "heifenc-srgb8.heic",
    ]

    @Test(arguments: files)
    func truncatedFilesAreUnreadableInput(_ name: String) throws {
        let bytes = try Support.bytes(name)
        for fraction in [0.1, 0.5, 0.9, 0.98] {
            let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
            do {
                _ = try ImageFile.decode(cut)
                Issue.record("\(name) cut to \(cut.count) of \(bytes.count) bytes decoded without error")
            } catch {
                #expect(error.isUnreadableInput, "\(name) at \(cut.count) bytes: \(error)")
            }
        }
    }

    @Test func aTruncatedGainMapLeavesTheBaseImageAndAWarning() throws {
        let bytes = try Support.bytes("apple-hdrgainmap.jpg")
        let image = try ImageFile.decode(Array(bytes.prefix(bytes.count - 300)))
        #expect(image.gainMap == nil && image.encoding.format == .rgba8)
        #expect(image.warnings.contains { $0.contains("does not decode") }, "\(image.warnings)")
    }

    @Test(arguments: files + ["apple-hdrgainmap.jpg"])
    func corruptedBytesNeverCrash(_ name: String) throws {
        let bytes = try Support.bytes(name)
        var generator = SplitMix64(state: 0x1D6E_F11E)
        for _ in 0..<24 {
            var damaged = bytes
            for _ in 0..<8 {
                let at = Int(generator.next() % UInt64(damaged.count - 16)) + 16
                damaged[at] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? ImageFile.decode(damaged)  // any outcome but a crash
        }
    }

    /// Found by the items fuzz target: a grid that is its own tile sent libheif 1.15 into recursion until the stack
    /// overflowed (Tests/Fixtures/fuzz/items). Self-references and longer cycles are refused before any library runs.
    @Test("a dimg cycle is a corrupt-file error, before libheif or libavif sees the file")
    func derivationCyclesAreRefused() throws {
        let bytes = [UInt8](try Fixtures.data("fuzz/items/grid-is-its-own-tile.heic"))
        #expect(throws: ImageFileError.self) { try ImageFile.decode(bytes) }
        do { _ = try ImageFile.decode(bytes) } catch {
            #expect(error.isUnreadableInput && "\(error)".contains("dimg 2 → 2"), "\(error)")
        }
    }

    /// Found by the items fuzz target (2026-11-28): an `iden` primary whose `dimg` input is described by a version-0
    /// `infe` (no item type, so no image item) made libheif 1.15 fail its `imginfo` assertion and abort the process.
    /// A derivation input without an item is refused before libheif sees the file.
    @Test("a dimg input that no infe describes is a corrupt-file error, before libheif sees the file")
    func derivationInputWithoutItemIsRefused() throws {
        let bytes = [UInt8](try Fixtures.data("fuzz/items/iden-input-without-infe-libheif-assert.heic"))
        let graph = try #require(try ColorTagging(bytes: bytes).itemGraph)
        #expect(graph.items[graph.primaryID]?.type == "iden")
        let input = try #require(graph.nonImageDerivationInput(from: graph.primaryID))
        #expect(input.item == 1 && input.input == 2 && input.type == nil)
        do {
            _ = try ImageFile.decode(bytes)
            Issue.record("the file decoded")
        } catch {
            #expect(error.isUnreadableInput && "\(error)".contains("no 'infe' describes item 2"), "\(error)")
        }
    }

    /// Found by the items fuzz target: a grid whose truncated `iref` names the grid as its own tile, which the item
    /// graph drops with the truncated box and libheif 1.15 follows (seconds of decoder threads, gigabytes).
    @Test("a truncated iref is a corrupt-file error, before libheif sees the file")
    func truncatedItemReferencesAreRefused() throws {
        let bytes = [UInt8](try Fixtures.data("fuzz/items/grid-self-reference-in-truncated-iref.heic"))
        do {
            _ = try ImageFile.decode(bytes)
            Issue.record("the file decoded")
        } catch {
            #expect(
                error.isUnreadableInput && "\(error)".contains("the item references ('iref') are truncated"), "\(error)"
            )
        }
    }

    /// The same libheif assertion through an input whose `infe` names a type libheif does not take for an image
    /// (`hvc2`; found by the items fuzz target after the check above).
    @Test("a dimg input of a non-image item type is a corrupt-file error, before libheif sees the file")
    func derivationInputOfNonImageTypeIsRefused() throws {
        let bytes = [UInt8](try Fixtures.data("fuzz/items/iden-input-of-non-image-type-libheif-assert.heic"))
        let graph = try #require(try ColorTagging(bytes: bytes).itemGraph)
        let input = try #require(graph.nonImageDerivationInput(from: graph.primaryID))
        #expect(input.item == 1 && input.input == 2 && input.type == "hvc2")
        do {
            _ = try ImageFile.decode(bytes)
            Issue.record("the file decoded")
        } catch {
            #expect(error.isUnreadableInput && "\(error)".contains("item 2 is a 'hvc2' item, not an image"), "\(error)")
        }
    }

    /// Found by the items fuzz target: libheif 1.15's dav1d plug-in leaked on this damaged AV1 item (the ASan step
    /// and the fuzz run detect leaks). AV1-coded primaries go to libavif and the item decoder whatever the brand.
    @Test("AV1 items under a HEIF brand decode through the AV1 path, with a typed error when damaged")
    func av1UnderHEIFBrand() throws {
        let bytes = [UInt8](try Fixtures.data("fuzz/items/av1-under-heic-brand-libheif-leak.heic"))
        do { _ = try ImageFile.decode(bytes) } catch { #expect(error.isUnreadableInput, "\(error)") }
        let heic = try ColorTagging(bytes: bytes)
        #expect(heic.format == .heif && heic.itemGraph?.codedItemType(of: heic.itemGraph!.primaryID) == "av01")
    }

    @Test func limitsRefuseLargeImagesBeforeDecoding() throws {
        let limits = ImageLimits(maximumPixelCount: 100)
        for name in ["pq16-bt2100.png", "pillow-q95.jpg", "avifenc-pq10-lossless.avif", "heifenc-srgb8.heic"] {
            #expect(throws: ImageFileError.self, "\(name)") {
                try ImageFile.decode(try Support.bytes(name), options: ImageReadOptions(limits: limits))
            }
        }
        #expect(throws: ImageFileError.self) {
            try ImageFile.decode(
                try Support.bytes("pq16-bt2100.png"),
                options: ImageReadOptions(limits: ImageLimits(maximumFileSize: 10)))
        }
    }

    @Test func missingAndUnrecognisedFilesNameThePath() {
        #expect {
            try ImageFile.read(contentsOf: URL(fileURLWithPath: "/nonexistent/x.png"))
        } throws: { error in
            "\(error)".contains("/nonexistent/x.png") && (error as? ImageFileError)?.isUnreadableInput == true
        }
        #expect {
            try ImageFile.decode(Array("hello, world".utf8))
        } throws: { error in
            guard case .unrecognizedFormat = error as? ImageFileError else { return false }
            return true
        }
    }

    @Test func aMissingCodecNamesTheDebianPackage() {
        let error = ImageFileError.codecUnavailable(
            format: .heif, reason: "libheif has no HEVC encoder", debianPackage: "libheif1")
        #expect("\(error)".contains("sudo apt-get install libheif1") && "\(error)".contains("HEVC"))
        #expect(!error.isUnreadableInput)
        #expect(
            MediaFileFormat.imageFileFormats.filter { $0 != .raw }.allSatisfy { $0.debianPackage.hasSuffix("-dev") })
    }
}
