import Foundation
import HDRColor
import ImageFiles
import MediaConversion
import MediaSyntax

/// The outcome of one file: its report, and whether it failed (and how).
struct ConvertOutcome: Sendable {
    var input: String
    var output: String
    /// 0 converted, 1 failed, 2 the input could not be read.
    var status: Int32
    var text: String
    var json: JSONValue
}

/// One file through `MediaConverter` (an image, or a movie when the input is one), reported as text and JSON.
struct ConvertJob: Sendable {
    let converter: MediaConverter
    /// How a movie's progress is shown on standard error.
    let movieProgress: MovieProgressStyle

    func run(input: String, output: String) -> ConvertOutcome {
        let (inputURL, outputURL) = (URL(fileURLWithPath: input), URL(fileURLWithPath: output))
        do {
            if MediaConverter.isMovie(inputURL) {
                let printer = MovieProgressPrinter(style: movieProgress)
                let report = try converter.convertMovie(inputURL, to: outputURL, progress: printer.show)
                printer.end()
                return ConvertReportFormat.outcome(report)
            }
            let report = try converter.convert(inputURL, to: outputURL)
            return ConvertReportFormat.outcome(report)
        } catch {
            return failure(input, output, "\(error)", status: error.isUnreadableInput ? 2 : 1)
        }
    }

    func failure(_ input: String, _ output: String, _ message: String, status: Int32) -> ConvertOutcome {
        ConvertOutcome(
            input: input, output: output, status: status, text: "error: \(TextSanitizer.sanitize(message))",
            json: .object([
                ("SourceFile", .string(input)), ("OutputFile", .string(output)), ("ExitStatus", .integer(Int(status))),
                ("Error", .string(message)),
            ]))
    }
}
