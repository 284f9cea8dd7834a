import ArgumentParser
import Foundation
import HDRColor
import MediaConversion
import MediaSyntax

extension HDRColorCommand {
    /// `hdrcolor lut`: a conversion (tone mapping included) written as a 3D LUT `.cube` file.
    struct LUT: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lut",
            abstract: "Write a conversion, tone mapping included, as a 3D LUT (.cube) for FFmpeg, Resolve and OCIO.",
            discussion: """
                Samples the conversion `hdrcolor convert` runs (PixelConverter, with the same tone-mapping, headroom, \
                reference-white and gamut options) on a SIZE³ lattice of the source's encoded signal R′G′B′ in [0, 1] \
                and writes it as an Adobe/Resolve Cube LUT: input the source's signal, output the target's (an \
                extended target's values outside [0, 1] are written as they are). FFmpeg's lut3d clamps its input to \
                [0, 1] and feeds it RGB; convert Y′CbCr video to full-range RGB with the right matrix before it. \
                A table is exact on its lattice points and interpolated between them: the error grows where the \
                conversion bends sharply (near black, at clipping and tone-mapping knees), and shrinks with --size; \
                Docs/Accuracy.md lists it by size and interpolation.
                Examples:
                  hdrcolor lut --from bt2100-pq --to bt2100-hlg -o pq-to-hlg.cube
                  hdrcolor lut --from bt2100-pq --to srgb --size 65 -o pq-to-sdr.cube
                  ffmpeg -i pq.png -vf lut3d=file=pq-to-hlg.cube -pix_fmt rgb48be hlg.png
                Exit status: 0 written, 1 the conversion or the file cannot be made, 64 usage error (e.g. a size \
                outside 2…256).
                """
        )

        @Option(
            help: "Source colour space by name (the LUT's input signal), e.g. bt2100-pq, bt2100-hlg, srgb.",
            transform: ColorSpaceArgument.parse)
        var from: ColorSpaceArgument?

        @Option(
            name: .customLong("from-cicp"), help: "Source colour space as H.273 code points P/T/M/R, e.g. 9/16/0/1.")
        var fromCICP: CICP?

        @OptionGroup(title: "Target colour") var target: Convert.TargetOptions
        @OptionGroup(title: "Tone mapping") var toneMapping: Convert.ToneMappingOptions

        @Option(
            name: .customLong("content-peak"),
            help: "Peak luminance of the content in cd/m² that tone mapping maps from (default 1000).")
        var contentPeak: Double?

        @Option(help: "Lattice points per axis, 2…256 (17, 33 and 65 are common).")
        var size = CubeLUT.defaultSize

        @Option(help: "The TITLE of the .cube file (default: source to target).")
        var title: String?

        @Option(name: .shortAndLong, help: "The .cube file to write.")
        var output: String

        @Flag(help: "Print nothing on success.")
        var quiet = false

        @Flag(help: "Print a JSON report instead of the summary line.")
        var json = false

        func validate() throws {
            if (from == nil) == (fromCICP == nil) {
                throw ValidationError("give the source with --from or --from-cicp")
            }
            guard CubeLUT.sizeLimits.contains(size) else {
                throw ValidationError(
                    "--size must be \(CubeLUT.sizeLimits.lowerBound)…\(CubeLUT.sizeLimits.upperBound) lattice points "
                        + "per axis (17, 33 and 65 are common)")
            }
            if toneMapping.displayHeadroom != nil {
                throw ValidationError("--display-headroom renders gain-map inputs; for a LUT use --headroom")
            }
            if let contentPeak, !(contentPeak > 0 && contentPeak.isFinite) {
                throw ValidationError("--content-peak must be a positive luminance in cd/m²")
            }
        }

        func run() throws {
            let source = try sourceSpace()
            let destination = try target.colorSpace().0 ?? source
            // The rule `hdrcolor convert` uses, with no file to read metadata from: the content peak is
            // --content-peak, 1000 cd/m² unless given.
            let request = ConversionRequest(
                toneMapping: toneMapping.toneMap.request, headroom: toneMapping.headroom,
                referenceWhite: target.referenceWhite, gamut: target.gamut,
                sdrVideoReferral: target.sdrReferral)
            var options = request.converterOptions
            options.toneMapping = request.converterToneMapping(
                content: ContentLuminance(masteringPeak: contentPeak), sourceIsHDR: source.isHDR, target: destination)
            let converter: PixelConverter
            let lut: CubeLUT
            do {
                converter = try PixelConverter(
                    from: PixelEncoding(format: .rgbaFloat, colorSpace: source),
                    to: PixelEncoding(format: .rgbaFloat, colorSpace: destination), options: options)
                lut = try CubeLUT(converter, size: size, title: title)
            } catch {
                try Diagnostics.fail("cannot convert \(source.name) to \(destination.name): \(error)", status: 1)
            }
            let steps = Self.conversionSteps(converter.plan)
            let comments = [
                "Written by hdrcolor lut (HDRColor): \(source.name) to \(destination.name)",
                "Input: the \(source.name) signal R'G'B' in [0, 1]; output: the \(destination.name) signal R'G'B'",
                "Reference white \(Self.number(options.referenceWhite)) cd/m2, gamut \(target.gamut.argument), "
                    + "tone mapping \(Self.describe(options.toneMapping))",
            ].map { String($0.unicodeScalars.map { $0.isASCII ? Character($0) : "?" }) }
            let text = lut.cubeText(comments: comments)
            let bytes = Data(text.utf8)
            do { try bytes.write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                try Diagnostics.fail("cannot write \(output): \(OutputFile.reason(writing: output))", status: 1)
            }
            if json {
                let report = JSONValue.object([
                    ("output", .string(output)), ("size", .integer(size)), ("entries", .integer(lut.entries.count)),
                    ("bytes", .integer(bytes.count)), ("title", .string(lut.title)), ("from", .string(source.name)),
                    ("to", .string(destination.name)), ("toneMapping", .string(Self.describe(options.toneMapping))),
                    ("referenceWhite", .number(options.referenceWhite)), ("gamut", .string(target.gamut.argument)),
                    ("plan", .array(steps.map { .string($0.description) })),
                ])
                print(report.serialized())
            } else if !quiet {
                print(
                    "wrote \(TextSanitizer.sanitize(output)): \(size)³ = \(lut.entries.count) entries, "
                        + "\(source.name) → \(destination.name): "
                        + (steps.isEmpty ? "identity" : steps.map(\.name).joined(separator: " → ")))
            }
        }

        /// The source colour space from `--from` or `--from-cicp`.
        func sourceSpace() throws -> ColorSpace {
            if let from { return from.value }
            guard let fromCICP else { throw ValidationError("give the source with --from or --from-cicp") }
            do { return try ColorSpace(cicp: fromCICP) } catch {
                try Diagnostics.fail("--from-cicp \(fromCICP): \(error)", status: 1)
            }
        }

        /// The plan's steps without the float RGBA reader and writer, which are the LUT's input and output, and the
        /// float reader's ±∞ stand-in, which lattice inputs in [0, 1] never reach.
        static func conversionSteps(_ plan: PixelConverter.Plan) -> [PixelConverter.Plan.Step] {
            plan.steps.filter {
                !$0.name.hasPrefix("read ") && !$0.name.hasPrefix("write ") && !$0.name.hasPrefix("±∞")
            }
        }

        /// E.g. "headroom onto 1x (content 1000 cd/m2)", "none".
        static func describe(_ toneMapping: PixelConverter.ToneMapping) -> String {
            switch toneMapping {
            case .none: "none"
            case .displayHeadroom(let headroom, let content, let method):
                "\(method.rawValue) onto \(number(headroom))x (content \(number(content.peakLuminance)) cd/m2)"
            case .custom(let mapper): "\(type(of: mapper))"
            }
        }

        static func number(_ value: Double) -> String {
            NumberFormat.wholeOr(.significant(4), below: 1e9)(value)
        }
    }
}
