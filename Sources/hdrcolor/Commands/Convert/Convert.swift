import ArgumentParser
import Foundation
import HDRColor
import ImageFiles

extension HDRColorCommand {
    struct Convert: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert images between PNG, JPEG, gain-map JPEG, AVIF, HEIF and raw frames, keeping HDR.",
            discussion: """
                Reads PNG (libpng), JPEG and gain-map JPEG (libjpeg-turbo), AVIF (libavif), HEIF (libheif) and raw frames; \
                the source colour comes from its tags (cICP > iCCP > sRGB > gAMA/cHRM for PNG, nclx/ICC for AVIF/HEIF, ICC \
                for JPEG) and is reported with what decided it. Pixels go through PixelConverter (an ICC profile that \
                matches no catalog space goes through LittleCMS for SDR content). A gain-map JPEG is read as its HDR \
                rendition (--display-headroom to choose one); HDR written to PNG/AVIF/HEIF is ISO HDR (BT.2100 PQ unless \
                --to says otherwise) and is checked as `hdrcolor validate --require iso-hdr` would.
                Examples:
                  hdrcolor convert hdr.png hdr.avif           16-bit PQ PNG to 10-bit PQ AVIF
                  hdrcolor convert hdr.png sdr.jpg            tone mapped to sRGB
                  hdrcolor convert hdr.png gm.jpg --gain-map  SDR base + gain map (ISO + XMP)
                  hdrcolor convert gm.jpg hdr.png             gain-map JPEG to 16-bit PQ PNG
                  hdrcolor convert f.yuv f.png --input-format x420 --size 3840x2160
                  hdrcolor convert a.png b.png out/ --format avif --jobs 2
                Exit status: 0 converted, 1 a conversion failed or the output does not validate, 2 an input could not be \
                read (missing, truncated, corrupt, unsupported), 64 usage error.
                """
        )

        @Argument(help: "Input files, then the output file (or an existing folder, for several inputs).")
        var paths: [String] = []

        @Option(
            help:
                "Target colour space by name (default: the source's; sRGB for an SDR JPEG of HDR content; BT.2100 PQ for PNG/AVIF/HEIF of a gain-map rendition)."
        )
        var to: ColorSpaceArgument?

        @Option(
            name: .customLong("to-cicp"), help: "Target colour space as H.273 code points P/T/M/R, e.g. 9/18/0/1 (HLG)."
        )
        var toCICP: CICP?

        @Option(
            name: .customLong("to-icc"),
            help: "Target colour space from an ICC profile file (its cicp tag or a matching catalog space).")
        var toICC: String?

        @Option(help: "Output format when the extension does not say: png, jpeg, avif, heif, raw.")
        var format: ImageFileType?

        @Option(name: .customLong("bit-depth"), help: "Bits per sample: PNG 8/16, JPEG 8, AVIF/HEIF 8/10/12.")
        var bitDepth: Int?

        @Option(help: "Lossy quality 1…100 (JPEG, AVIF, HEIF).")
        var quality: Int = 90

        @Flag(help: "Lossless AVIF (identity matrix, 4:4:4) or HEIF.")
        var lossless = false

        @Option(
            help:
                "Chroma subsampling of AVIF, HEIF and JPEG: 444 or 420 (default: AVIF 444, HEIF 420, JPEG by quality).")
        var chroma: ChromaArgument?

        @Option(
            name: .customLong("tone-map"),
            help:
                "auto (HDR onto SDR targets), none, or an operator: \(ToneMapChoice.allCases.dropFirst(2).map(\.rawValue).joined(separator: ", "))."
        )
        var toneMap: ToneMapChoice = .auto

        @Option(help: "Display headroom to tone map onto (peak ÷ reference white; 1 = SDR).")
        var headroom: Double?

        @Option(name: .customLong("reference-white"), help: "cd/m² of linear 1.0 where PQ/HLG meet linear light.")
        var referenceWhite: Double = 203

        @Option(help: "Colours outside the target: extended, clip, soft-clip.")
        var gamut: GamutArgument = .extended

        @Flag(name: .customLong("gain-map"), help: "Write a gain-map JPEG (SDR base + gain map) from an HDR input.")
        var gainMap = false

        @Option(name: .customLong("gain-map-base"), help: "The gain-map JPEG's base colour space: srgb or display-p3.")
        var gainMapBase: GainMapBaseArgument = .srgb

        @Flag(
            name: .customLong("multichannel-gain-map"), help: "A three-channel gain map (default: one, from luminance)."
        )
        var multichannelGainMap = false

        @Option(
            name: .customLong("display-headroom"),
            help: "Render gain-map inputs for this display headroom (default: full)."
        )
        var displayHeadroom: Double?

        @Option(
            name: .customLong("input-format"),
            help: "Raw input layout: a FourCC (x420, xf20, 420v, y420, RGhA …) or yuv420p10le, p010.")
        var inputFormat: PixelFormatArgument?

        @Option(help: "Raw input size WIDTHxHEIGHT, e.g. 3840x2160.")
        var size: SizeArgument?

        @Option(
            name: .customLong("input-cicp"), help: "Raw input code points (default 9/16/9 with the format's range).")
        var inputCICP: CICP?

        @Option(
            name: .customLong("output-format"), help: "Raw output layout (a FourCC or decoder name, as --input-format)."
        )
        var outputFormat: PixelFormatArgument?

        @Option(
            name: .customLong("output-cicp"),
            help: "Raw output matrix and range as code points (default 9/16/9 with the format's range).")
        var outputCICP: CICP?

        @Option(help: "Mastering display to write: PRIMARIES:MAX:MIN (bt2020|p3|bt709, cd/m²).")
        var mdcv: MasteringDisplayArgument?

        @Option(help: "Content light level to write: MAXCLL,MAXFALL in cd/m² (default: measured for PQ/HLG output).")
        var clli: ContentLightLevelArgument?

        @Flag(help: "Print JSON reports instead of text.")
        var json = false

        @Option(name: [.short, .long], help: "Files converted at once (default: the number of cores).")
        var jobs: Int?

        func validate() throws {
            guard paths.count >= 2 else { throw ValidationError("give at least one input and an output") }
            if [to != nil, toCICP != nil, toICC != nil].filter({ $0 }).count > 1 {
                throw ValidationError("--to, --to-cicp and --to-icc exclude each other")
            }
            if (inputFormat == nil) != (size == nil) { throw ValidationError("--input-format and --size go together") }
            if !(1...100).contains(quality) { throw ValidationError("--quality must be 1…100") }
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
            for (name, value) in [("--headroom", headroom), ("--display-headroom", displayHeadroom)] {
                if let value, !(value >= 1 && value.isFinite) { throw ValidationError("\(name) must be ≥ 1") }
            }
            if !(referenceWhite > 0 && referenceWhite.isFinite) {
                throw ValidationError("--reference-white must be positive")
            }
            if gainMap, let format, format != .jpeg {
                throw ValidationError("--gain-map writes JPEG; drop --format \(format)")
            }
        }

        func run() async throws {
            let request = try makeRequest()
            let pairs = try outputPairs(request)
            let job = ConvertJob(request: request)
            let showProgress = Diagnostics.standardErrorIsTerminal && pairs.count > 1
            let concurrency = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            var outcomes: [ConvertOutcome?] = Array(repeating: nil, count: pairs.count)
            await withTaskGroup(of: (Int, ConvertOutcome).self) { group in
                var next = 0
                var done = 0
                func add() {
                    guard next < pairs.count else { return }
                    let index = next
                    let pair = pairs[index]
                    group.addTask { (index, job.run(input: pair.input, output: pair.output)) }
                    next += 1
                }
                for _ in 0..<min(concurrency, pairs.count) { add() }
                while let (index, outcome) = await group.next() {
                    outcomes[index] = outcome
                    done += 1
                    if showProgress { Self.progress(done, pairs.count) }
                    add()
                }
            }
            if showProgress { Diagnostics.note("\r\u{1B}[K") }
            let results = outcomes.compactMap { $0 }
            if json {
                print((results.count == 1 ? results[0].json : .array(results.map(\.json))).serialized())
            } else {
                for result in results {
                    if result.text.hasPrefix("error: ") {
                        let message = String(result.text.dropFirst("error: ".count))
                        Diagnostics.error(message.contains(result.input) ? message : "\(result.input): \(message)")
                    } else {
                        print(result.text)
                    }
                }
            }
            let status = results.map(\.status).max() ?? 0
            if status != 0 { throw ExitCode(status) }
        }

        static func progress(_ done: Int, _ total: Int) {
            let width = 30
            let filled = done * width / max(total, 1)
            Diagnostics.note(
                "\r\u{1B}[K[" + String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
                    + "] \(done)/\(total)")
        }

        func makeRequest() throws -> ConvertRequest {
            var space = to?.value
            var profile: ICCProfile?
            if let toCICP {
                do { space = try ColorSpace(cicp: toCICP) } catch {
                    try Diagnostics.fail("--to-cicp \(toCICP): \(error)", status: 1)
                }
            }
            if let toICC {
                do { profile = try ICCProfile(contentsOf: URL(fileURLWithPath: toICC)) } catch {
                    try Diagnostics.fail("\(toICC): \(error)", status: 2)
                }
                if let cicp = profile?.cicp, let s = try? ColorSpace(cicp: cicp) {
                    space = s
                } else if let match = profile?.matchingColorSpace() {
                    space = match.colorSpace
                } else {
                    try Diagnostics.fail(
                        "\(toICC) matches no catalog colour space and has no cicp tag; give --to with a named space",
                        status: 1)
                }
            }
            var rawInput: RawFrameDescription?
            if let inputFormat, let size {
                rawInput = RawFrameDescription(
                    format: inputFormat.value, width: size.width, height: size.height, cicp: inputCICP)
            }
            return ConvertRequest(
                targetSpace: space, targetProfile: profile, outputType: gainMap ? .jpeg : format, bitDepth: bitDepth,
                quality: quality, lossless: lossless, chroma420: chroma.map { $0 == .c420 }, toneMap: toneMap,
                headroom: headroom, referenceWhite: referenceWhite, gamut: gamut,
                gainMap: gainMap
                    ? GainMapWriteOptions(baseColorSpace: gainMapBase.colorSpace, multichannel: multichannelGainMap)
                    : nil,
                displayHeadroom: displayHeadroom, rawInput: rawInput,
                rawOutput: outputFormat?.value ?? (format == .raw ? inputFormat?.value : nil),
                rawOutputCICP: outputCICP,
                masteringDisplay: mdcv?.value, contentLightLevel: clli?.value)
        }

        /// (input, output) pairs: one input and an output file, or inputs and an output folder.
        func outputPairs(_ request: ConvertRequest) throws -> [(input: String, output: String)] {
            let inputs = Array(paths.dropLast())
            let last = paths.last!
            var isDirectory: ObjCBool = false
            let isFolder =
                FileManager.default.fileExists(atPath: last, isDirectory: &isDirectory) && isDirectory.boolValue
            if !isFolder {
                guard inputs.count == 1 else {
                    try Diagnostics.fail(
                        "with several inputs the output must be an existing folder; \(last) is not", status: 1)
                }
                return [(inputs[0], last)]
            }
            return try inputs.map { input in
                let url = URL(fileURLWithPath: input)
                guard let type = request.outputType ?? ImageFileType(pathExtension: url.pathExtension) else {
                    try Diagnostics.fail("cannot name the output of \(input) in \(last); give --format", status: 1)
                }
                let name = url.deletingPathExtension().lastPathComponent + "." + type.preferredExtension
                return (input, URL(fileURLWithPath: last).appendingPathComponent(name).path)
            }
        }
    }
}
