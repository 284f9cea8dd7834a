import ColorSpaces
import ColorTags
import TagValidation
import FuzzReaders
import FuzzSupport
import ICC

/// ICC load: the bridge's header and tag-table checks, LittleCMS's tag decoding in its own context, the consistency
/// checks, the report summaries (which must stay terminal-safe), curve evaluation and, for RGB profiles, a transform
/// to sRGB over a few pixels. Then the same bytes as an `.icc` file through the readers.
enum FuzzICC {
    static let srgb = try? ICCProfile(colorSpace: .sRGB)
    static let pixels: [UInt8] = (0..<48).map { UInt8(truncatingIfNeeded: $0 &* 53) }

    static func run(_ bytes: [UInt8]) {
        ReadTags.read(bytes)
        let profile: ICCProfile
        do {
            profile = try ICCProfile(bytes: bytes, maximumSize: 1 << 20)
        } catch {
            FuzzCheck.require(!error.description.isEmpty, "an error without a message")
            return
        }
        FuzzCheck.require(profile.header.size <= bytes.count, "declared size beyond the data")
        _ = profile.consistencyFindings()
        _ = profile.matchingColorSpace()
        let summary = ICCProfileSummary(profile)
        _ = summary.json.serialized()
        for line in summary.textLines {
            FuzzCheck.require(FuzzCheck.isTerminalSafe(line), "raw control characters in: \(line)")
        }
        if let curves = profile.toneCurves {
            for x in [-1.0, 0, 1e-6, 0.5, 1, 2, .nan, .infinity] {
                _ = curves.red.evaluate(x)
                _ = curves.blue.evaluate(x)
            }
        }
        if let srgb, profile.header.colorSpace == .rgbData,
            let transform = try? ICCTransform(from: profile, to: srgb, sourceLayout: .rgb8, destinationLayout: .rgb8)
        {
            let out = try? transform.transform(pixels, as: UInt8.self)
            FuzzCheck.require(out == nil || out?.count == pixels.count, "transform output size")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzICC.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzICC.run) } }
#endif
