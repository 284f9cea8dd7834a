import Foundation
import HDRColor
import ImageFiles
import MediaConversion

/// The outcome of one file: its report, and whether it failed (and how).
struct ConvertOutcome: Sendable {
    var input: String
    var output: String
    /// 0 converted, 1 failed, 2 the input could not be read.
    var status: Int32
    var text: String
    var json: JSONValue
}

/// One file through `MediaConverter`, reported as text and JSON.
struct ConvertJob: Sendable {
    let converter: MediaConverter

    func run(input: String, output: String) -> ConvertOutcome {
        do {
            let report = try converter.convert(URL(fileURLWithPath: input), to: URL(fileURLWithPath: output))
            return ConvertReportFormat.outcome(report)
        } catch {
            return failure(input, output, "\(error)", status: error.isUnreadableInput ? 2 : 1)
        }
    }

    func failure(_ input: String, _ output: String, _ message: String, status: Int32) -> ConvertOutcome {
        ConvertOutcome(
            input: input, output: output, status: status, text: "error: \(TextSanitizer.sanitize(message))",
            json: .object([
                ("input", .string(input)), ("output", .string(output)), ("status", .integer(Int(status))),
                ("error", .string(message)),
            ]))
    }
}
