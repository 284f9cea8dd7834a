import ArgumentParser
import Foundation
import HDRColor
import MediaConversion
import MediaSyntax
import VideoFiles
import HTMLReport

extension HDRColorCommand {
    /// `hdrcolor report`: one self-contained HTML page that shows an image or a movie.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Write an HTML report of an image or movie: SDR rendering, false-colour luminance, histogram, chromaticity, light level over time, tags and findings.",
            discussion: """
                The page is self-contained (pictures embedded as data: URIs, no script, no network) and opens offline \
                or as a CI artifact. Luminance is in cd/m² with reference white at --reference-white (203). \
                False colour: greys below reference white, then green (to 400), yellow (to 1000), orange (to 2000), \
                red (to 4000), magenta (to 10 000), cyan above. A movie is decoded whole; when it has more frames than \
                --max-frames, every ⌈frames ÷ max-frames⌉-th frame is measured (the first of each run), and the page \
                says how many; HDR10+ and Dolby Vision L1 figures are read from every frame and drawn per scene with \
                the scene cuts. A movie's picture is turned by its display matrix, as players show it. Progress goes \
                to standard error (a bar on a terminal, else a line every 5 seconds); FFmpeg's own log lines only with \
                --verbose. \
                A gain-map photo also gets its renditions at headrooms 1, 2 and 4 and its gain map. \
                With --assets DIR the pictures are also written there as PNG and SVG files.
                Exit status: 0 written, 2 the file could not be read or the report not written.
                """
        )

        @Argument(help: "An image file or a movie.")
        var file: String

        @Option(name: .shortAndLong, help: "The HTML file to write (default: FILE's name + .report.html, here).")
        var output: String?

        @Option(help: "Also write the pictures as PNG and SVG files into this folder (created when missing).")
        var assets: String?

        @Option(name: .customLong("reference-white"), help: "Reference white in cd/m².")
        var referenceWhite = 203.0

        @Option(name: .customLong("max-width"), help: "The widest picture in the page, in pixels.")
        var maxWidth = 1024

        @Option(name: .customLong("max-frames"), help: "The most movie frames measured.")
        var maxFrames = 600

        @Flag(help: "Let FFmpeg and its decoders print their own log lines.")
        var verbose = false

        func validate() throws {
            guard referenceWhite > 0, referenceWhite <= 10_000 else {
                throw ValidationError("--reference-white must be 0 … 10000 cd/m²")
            }
            guard (16...8192).contains(maxWidth) else { throw ValidationError("--max-width must be 16 … 8192") }
            guard maxFrames >= 1 else { throw ValidationError("--max-frames must be at least 1") }
        }

        func run() throws {
            // FFmpeg's and its decoders' own lines only when asked for: failures are reported anyway.
            (verbose ? FFmpegLogLevel.info : .quiet).apply()
            let url = URL(fileURLWithPath: file)
            let options = HDRReport.Options(
                referenceWhite: referenceWhite, maximumWidth: maxWidth, maximumMeasuredFrames: maxFrames)
            let printer = MovieProgressPrinter(style: Diagnostics.standardErrorIsTerminal ? .bar : .lines)
            let report: HDRReport
            let pictures: [ReportPicture]
            do {
                report = try HDRReport(contentsOf: url, options: options, progress: printer.show)
                printer.end()
                pictures = try report.pictures()
            } catch {
                printer.end()
                try Diagnostics.fail("\(TextSanitizer.sanitize(file)): \(error)", status: 2)
            }
            let destination = output ?? url.deletingPathExtension().lastPathComponent + ".report.html"
            try OutputFile.write(Data(report.html(pictures: pictures).utf8), to: destination)
            if let assets {
                do {
                    try FileManager.default.createDirectory(
                        atPath: assets, withIntermediateDirectories: true)
                } catch {
                    try Diagnostics.fail("cannot create \(assets): \(OutputFile.reason(writing: assets))", status: 2)
                }
                for picture in pictures {
                    try OutputFile.write(
                        picture.data, to: URL(fileURLWithPath: assets).appendingPathComponent(picture.name).path)
                }
            }
            print(
                "wrote \(TextSanitizer.sanitize(destination))"
                    + (assets.map { " and \(pictures.count) pictures in \(TextSanitizer.sanitize($0))" } ?? ""))
        }
    }
}
