import ArgumentParser
import GPUConversion
import Foundation
import HDRColor
import ImageFiles
import MediaConversion
import VideoFiles

extension HDRColorCommand {
    struct Convert: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert images (PNG, JPEG, gain-map JPEG, AVIF, HEIF, raw frames) and movies, keeping HDR.",
            discussion: """
                Reads PNG (libpng), JPEG (libjpeg-turbo), AVIF (libavif), HEIF (libheif), raw frames and movies; \
                the source colour comes from its tags (cICP > iCCP > sRGB > gAMA/cHRM for PNG, nclx/ICC for AVIF/HEIF, ICC \
                for JPEG) and is reported with what decided it. Pixels go through PixelConverter (an ICC profile that \
                matches no catalog space goes through LittleCMS for SDR content). A gain-map image (JPEG, HEIC, AVIF) is \
                rendered for its target: the stored base for SDR, else its HDR rendition (--display-headroom to choose); HDR written to PNG/AVIF/HEIF is ISO HDR (BT.2100 PQ unless \
                --to says otherwise) and is checked as `hdrcolor validate --require iso-hdr` would.
                Examples:
                  hdrcolor convert hdr.png hdr.avif           16-bit PQ PNG to 10-bit PQ AVIF
                  hdrcolor convert hdr.png sdr.jpg            tone mapped to sRGB
                  hdrcolor convert hdr.png gm.jpg --gain-map  SDR base + gain map (ISO + XMP)
                  hdrcolor convert gm.jpg hdr.png             gain-map JPEG to 16-bit PQ PNG
                  hdrcolor convert f.yuv f.png --input-format x420 --size 3840x2160
                  hdrcolor convert a.png b.png out/ --format avif --jobs 2
                  hdrcolor convert hdr10.mp4 hlg.mp4 --to bt2100-hlg   PQ movie to HLG (203 cd/m² → HLG 75 %)
                  hdrcolor convert hdr10.mkv sdr.mp4 --to bt709 --tone-map bt2390 --frames 0-249
                  hdrcolor convert IMG_0421.MOV clip.mp4 --to bt709 --start 1.5 --duration 4
                  hdrcolor convert master-4k.mp4 proxy.mp4 --to bt709 --scale 1920   a 1920-wide SDR proxy (aspect kept)
                Movies (MP4, MOV, MKV, WebM; HEVC, H.264, AV1 through FFmpeg) are written as planar Y′CbCr 4:2:0, \
                10-bit for HDR and 8-bit for SDR, with the colour in the bitstream and the container; the rotation, \
                the metadata (creation date, location, make, model) and the audio are kept (cut with the video, at \
                audio packet boundaries), and what cannot be carried is listed. The result is checked as `hdrcolor \
                validate --require hdr10` (PQ), `--require hlg` (HLG) or `validate` (SDR) would. An existing output \
                is refused unless --overwrite.
                Exit status: 0 converted, 1 a conversion failed or the output does not validate, 2 an input could not be \
                read (missing, truncated, corrupt, unsupported), 64 usage error.
                """
        )

        @Argument(help: "Input files, then the output file (or an existing folder, for several inputs).")
        var paths: [String] = []

        @OptionGroup(title: "Target colour") var target: TargetOptions
        @OptionGroup(title: "Output file") var file: OutputFileOptions
        @OptionGroup(title: "Tone mapping") var toneMapping: ToneMappingOptions
        @OptionGroup(title: "Gain-map JPEG output") var gainMapOutput: GainMapOutputOptions
        @OptionGroup(title: "Raw frames") var raw: RawFrameOptions
        @OptionGroup(title: "Movies") var movie: MovieOptions

        @Flag(help: "Print JSON reports instead of text.")
        var json = false

        @Flag(help: "Let FFmpeg, its decoders and the encoders (x264, x265, SVT-AV1) print their own log lines.")
        var verbose = false

        @Option(name: [.short, .long], help: "Files converted at once (default: the number of cores).")
        var jobs: Int?

        @Flag(
            help:
                "Convert the pixels on a Vulkan device (a GPU, else Mesa's lavapipe; HDRCOLOR_VULKAN_DEVICE picks one by name): the same plan as a shader, every sample within 1 half-float ULP or 1 code of the CPU's."
        )
        var gpu = false

        func validate() throws {
            guard paths.count >= 2 else { throw ValidationError("give at least one input and an output") }
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
            if (raw.inputFormat == nil) != (raw.size == nil) {
                throw ValidationError("--input-format and --size go together")
            }
            if gainMapOutput.gainMap, let format = file.format, format != .jpeg {
                throw ValidationError("--gain-map writes JPEG; drop --format \(format.identifier)")
            }
        }

        func run() async throws {
            // FFmpeg's, libdav1d's and the encoders' own lines only when asked for: failures are reported anyway.
            (verbose ? FFmpegLogLevel.info : .quiet).apply()
            let request = try makeRequest()
            let pairs = try outputPairs(request)
            let job = ConvertJob(
                converter: MediaConverter(request: request),
                movieProgress: pairs.count > 1 ? .none : Diagnostics.standardErrorIsTerminal ? .bar : .lines)
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

        /// The library request the options describe.
        func makeRequest() throws -> ConversionRequest {
            let (space, profile) = try target.colorSpace()
            var rawInput: RawFrameDescription?
            if let inputFormat = raw.inputFormat, let size = raw.size {
                rawInput = RawFrameDescription(
                    format: inputFormat.value, width: size.width, height: size.height, cicp: raw.inputCICP)
            }
            var request = ConversionRequest(
                colorSpace: space, profile: profile, fileType: gainMapOutput.gainMap ? .jpeg : file.format,
                bitDepth: file.bitDepth, quality: file.quality, lossless: file.lossless,
                chroma420: file.chroma.map { $0 == .c420 }, toneMapping: toneMapping.toneMap.request,
                headroom: toneMapping.headroom, referenceWhite: target.referenceWhite, gamut: target.gamut,
                sdrVideoReferral: target.sdrReferral,
                gainMap: gainMapOutput.gainMap
                    ? GainMapWriteOptions(
                        baseColorSpace: gainMapOutput.gainMapBase.colorSpace,
                        multichannel: gainMapOutput.multichannelGainMap)
                    : nil,
                displayHeadroom: toneMapping.displayHeadroom, rawInput: rawInput,
                rawOutput: raw.outputFormat?.value ?? (file.format == .raw ? raw.inputFormat?.value : nil),
                rawOutputCICP: raw.outputCICP, masteringDisplay: file.mdcv?.value, contentLightLevel: file.clli?.value,
                movie: movie.request, overwritesOutput: file.overwrite)
            if gpu {
                do { request.backend = VulkanConversionBackend(device: try VulkanDevice()) } catch {
                    try Diagnostics.fail("--gpu: \(error)", status: 1)
                }
            }
            return request
        }

        /// (input, output) pairs: one input and an output file, or inputs and an output folder.
        func outputPairs(_ request: ConversionRequest) throws -> [(input: String, output: String)] {
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
                if MediaConverter.isMovie(url) {  // a movie keeps its container
                    return (input, URL(fileURLWithPath: last).appendingPathComponent(url.lastPathComponent).path)
                }
                guard let type = request.fileType ?? MediaFileFormat(pathExtension: url.pathExtension) else {
                    try Diagnostics.fail("cannot name the output of \(input) in \(last); give --format", status: 1)
                }
                let name = url.deletingPathExtension().lastPathComponent + "." + type.preferredExtension
                return (input, URL(fileURLWithPath: last).appendingPathComponent(name).path)
            }
        }
    }
}
