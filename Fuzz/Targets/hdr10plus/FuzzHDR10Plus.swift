import ColorTags
import TagValidation
import Foundation
import FuzzReaders
import FuzzSupport
import MediaSyntax

/// The HDR10+ (SMPTE ST 2094-40) parser, the per-picture log of a raw HEVC stream and hdr10plus_tool's JSON document.
/// Even first bytes: the rest is a T.35 payload after HDR10+'s 6-byte head (so mutations reach the fields), parsed
/// with bounds checked on every field. Odd first bytes: the rest is split into records, each put in an SEI before a
/// picture of a fixed HEVC stream head, and the stream is read like `hdrcolor hdr10plus export` and `inspect` do.
enum FuzzHDR10Plus {
    static let head: [UInt8] = [0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04]

    static func run(_ data: [UInt8]) {
        guard let first = data.first else { return }
        if first & 1 == 0 {
            checkPayload(head + data.dropFirst())
        } else {
            checkStream(Array(data.dropFirst()))
        }
    }

    static func checkPayload(_ payload: [UInt8]) {
        let metadata: HDR10PlusMetadata
        do {
            metadata = try HDR10PlusMetadata.parse(t35: payload)
        } catch {
            FuzzCheck.require(!"\(error)".isEmpty, "an error without a message")
            return
        }
        FuzzCheck.require((1...3).contains(metadata.windows.count), "\(metadata.windows.count) windows")
        FuzzCheck.require(metadata.processingWindows.count == metadata.windows.count - 1, "processing windows")
        FuzzCheck.require(metadata.targetedSystemDisplayMaximumLuminance < 1 << 27, "27-bit target")
        for window in metadata.windows {
            FuzzCheck.require(window.maxSCL.count == 3 && window.maxSCL.allSatisfy { $0 < 1 << 17 }, "maxscl")
            FuzzCheck.require(window.distribution.count < 16, "percentiles")
            FuzzCheck.require(
                window.distribution.allSatisfy { $0.percentage < 128 && $0.value < 1 << 17 }, "percentile")
            FuzzCheck.require(window.fractionBrightPixels < 1024, "fraction_bright_pixels")
            if let curve = window.toneMapping {
                FuzzCheck.require(curve.kneePointX < 4096 && curve.kneePointY < 4096, "knee point")
                FuzzCheck.require(curve.anchors.count < 16 && curve.anchors.allSatisfy { $0 < 1024 }, "anchors")
            }
        }
        for matrix in [metadata.targetedSystemDisplayActualPeakLuminance, metadata.masteringDisplayActualPeakLuminance]
        {
            guard let matrix else { continue }
            FuzzCheck.require(matrix.rows.count < 32 && matrix.columns < 32, "matrix size")
            FuzzCheck.require(
                matrix.rows.allSatisfy { $0.count == matrix.columns && $0.allSatisfy { $0 < 16 } }, "matrix")
        }
        FuzzCheck.require(["A", "B", "N/A"].contains(metadata.profile), "profile \(metadata.profile)")
        let json = HDR10PlusJSON(frames: [metadata, metadata])
        FuzzCheck.require((try? HDR10PlusJSON(json: json.jsonData)) == json, "JSON round trip")
    }

    /// The VPS, SPS and PPS of Tests/Fixtures/movies/hdr10plus-inconsistent.hevc (x265, 64×64 Main 10), so that
    /// slice headers give picture order counts.
    static let parameterSets: [UInt8] = [
        0x00, 0x00, 0x00, 0x01, 0x40, 0x01, 0x0C, 0x01, 0xFF, 0xFF, 0x02, 0x20, 0x00, 0x00, 0x03, 0x00,
        0x90, 0x00, 0x00, 0x03, 0x00, 0x00, 0x03, 0x00, 0x1E, 0x95, 0x94, 0x09, 0x00, 0x00, 0x00, 0x01,
        0x42, 0x01, 0x01, 0x02, 0x20, 0x00, 0x00, 0x03, 0x00, 0x90, 0x00, 0x00, 0x03, 0x00, 0x00, 0x03,
        0x00, 0x1E, 0xA0, 0x20, 0x81, 0x04, 0xD9, 0x65, 0x65, 0x4A, 0x4C, 0x2F, 0x01, 0x6A, 0x12, 0x20,
        0x12, 0x08, 0x00, 0x00, 0x03, 0x00, 0x08, 0x00, 0x00, 0x03, 0x00, 0xC8, 0x40, 0x00, 0x00, 0x00,
        0x01, 0x44, 0x01, 0xC0, 0x73, 0xC0, 0x89,
    ]

    static func checkStream(_ data: [UInt8]) {
        // Records separated by 0xFF bytes, each an SEI message of payload type 4 before the next picture.
        let records = data.split(separator: 0xFF, maxSplits: 7, omittingEmptySubsequences: false).map { head + $0 }
        var bytes = parameterSets
        for (index, record) in records.enumerated() {
            var sei: [UInt8] = [0x4E, 0x01, 4]
            var size = record.count
            while size >= 255 { (sei, size) = (sei + [255], size - 255) }
            sei += [UInt8(size)] + EmulationPrevention.escape(record) + [0x80]
            // An IDR slice first, then trailing pictures whose slice_type and POC LSBs come from the record's bytes.
            let slice: [UInt8] =
                index == 0
                ? [0x26, 0x01, 0xA0, 0x80] : [0x02, 0x01, 0xC0 | record.last! & 0x3F, record[record.count / 2]]
            bytes += [0, 0, 0, 1] + sei + [0, 0, 0, 1] + slice
        }
        let json = HDR10PlusJSON(hevcStream: bytes)
        FuzzCheck.require(json.sceneInfo.count <= records.count, "\(json.sceneInfo.count) frames of \(records.count)")
        FuzzCheck.require(json.sceneInfoSummary.sceneFrameNumbers.reduce(0, +) == json.sceneInfo.count, "scene lengths")
        FuzzCheck.require((try? HDR10PlusJSON(json: json.jsonData)) == json, "JSON round trip")
        guard let (tags, _) = ReadTags.read(bytes, limits: ReadTags.limits(for: bytes)) else { return }
        if let summary = tags.images.first?.video?.hdr10PlusMetadata?.summary {
            FuzzCheck.require(summary.framesWithMetadata <= records.count, "frames with HDR10+")
        }
        FuzzCheck.require(FuzzCheck.isTerminalSafe(tags.text(path: "fuzz")), "raw control characters in the report")
        _ = tags.json(path: "fuzz").serialized()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzHDR10Plus.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzHDR10Plus.run) } }
#endif
