import ColorTags
import TagValidation
import FuzzSupport

/// Reads a file's tags as `inspect` and `validate` do and checks what every reader promises: a typed error or a
/// tagging whose byte count, images and locations describe the input.
public enum ReadTags {
    /// Small limits as well as the defaults, so that the limit paths are fuzzed too.
    public static let smallLimits = ReadLimits(
        maximumDecompressedSize: 4096, maximumChunkCount: 16, maximumSegmentCount: 16, maximumBoxCount: 32,
        maximumBoxDepth: 4, maximumItemCount: 8, maximumPixelCount: 1 << 20)

    /// The default limits for most inputs, the small ones for one in eight (chosen by the last byte, so that an input
    /// always takes the same path).
    public static func limits(for bytes: [UInt8]) -> ReadLimits {
        (bytes.last ?? 0) & 7 == 7 ? smallLimits : .default
    }

    /// The tagging and its findings with every requirement, or nil after checking the error.
    @discardableResult
    public static func read(_ bytes: [UInt8], limits: ReadLimits = .default) -> (ColorTagging, [Finding])? {
        let tags: ColorTagging
        do {
            tags = try ColorTagging(bytes: bytes, limits: limits)
        } catch {
            FuzzCheck.require(!error.description.isEmpty, "an error without a message")
            return nil
        }
        FuzzCheck.require(tags.byteCount == bytes.count, "byteCount \(tags.byteCount) for \(bytes.count) bytes")
        FuzzCheck.require(!tags.images.isEmpty, "no images")
        func inside(_ location: TagLocation?) -> Bool {
            guard let location else { return true }
            return location.offset >= 0 && location.offset <= bytes.count && location.length >= 0
        }
        for image in tags.images {
            for tag in image.cicp { FuzzCheck.require(inside(tag.location), "cicp at \(tag.location)") }
            for tag in image.iccProfiles { FuzzCheck.require(inside(tag.location), "ICC at \(tag.location)") }
            if let width = image.width, let height = image.height {
                let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
                FuzzCheck.require(
                    !overflow && pixels <= limits.maximumPixelCount, "\(width)×\(height) passed the limit")
            }
        }
        for problem in tags.problems {
            FuzzCheck.require(inside(problem.location), "problem at \(String(describing: problem.location))")
            FuzzCheck.require(FuzzCheck.isTerminalSafe(problem.message), "raw control characters: \(problem.message)")
        }
        let findings = tags.findings(options: ValidationOptions(requirements: Set(Requirement.allCases)))
        for finding in findings {
            FuzzCheck.require(FuzzCheck.isTerminalSafe(finding.message), "raw control characters: \(finding.message)")
        }
        return (tags, findings)
    }
}
