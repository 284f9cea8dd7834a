import ArgumentParser
import Foundation
import HDRColor
import ImageFiles
import MediaConversion
import VideoFiles

extension HDRColorCommand.Convert {
    /// `--to`, `--to-cicp`, `--to-icc`, `--reference-white`, `--gamut`, `--sdr-referral`.
    struct TargetOptions: ParsableArguments {
        @Option(
            help:
                "Target colour space by name (default: the source's; sRGB for an SDR JPEG of HDR content; BT.2100 PQ for PNG/AVIF/HEIF of a gain-map rendition), e.g. bt2100-pq, bt2100-hlg, bt709, display-p3, srgb, or rec709, pq, hlg, p3 (an unknown name lists them all).",
            transform: ColorSpaceArgument.parse
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

        @Option(name: .customLong("reference-white"), help: "cd/m² of linear 1.0 where PQ/HLG meet linear light.")
        var referenceWhite: Double = 203

        @Option(
            help: "Colours outside the target: \(PixelConverter.GamutPolicy.allValueStrings.joined(separator: ", ")).")
        var gamut: PixelConverter.GamutPolicy = .extended

        @Option(
            name: .customLong("sdr-referral"),
            help:
                "What BT.709, BT.601 and BT.2020 SDR video signals stand for: display (BT.1886 light, as zimg and libplacebo) or scene (the camera OETF)."
        )
        var sdrReferral: SDRVideoReferral = .display

        func validate() throws {
            if [to != nil, toCICP != nil, toICC != nil].filter({ $0 }).count > 1 {
                throw ValidationError("--to, --to-cicp and --to-icc exclude each other")
            }
            if !(referenceWhite > 0 && referenceWhite.isFinite) {
                throw ValidationError("--reference-white must be positive")
            }
        }

        /// The colour space asked for (and the profile it came from), or nil for the default.
        func colorSpace() throws -> (ColorSpace?, ICCProfile?) {
            if let toCICP {
                do { return (try ColorSpace(cicp: toCICP), nil) } catch {
                    try Diagnostics.fail("--to-cicp \(toCICP): \(error)", status: 1)
                }
            }
            guard let toICC else { return (to?.value, nil) }
            let profile: ICCProfile
            do { profile = try ICCProfile(contentsOf: URL(fileURLWithPath: toICC)) } catch {
                try Diagnostics.fail("\(toICC): \(error)", status: 2)
            }
            if let cicp = profile.cicp, let space = try? ColorSpace(cicp: cicp) { return (space, profile) }
            if let match = profile.matchingColorSpace() { return (match.colorSpace, profile) }
            try Diagnostics.fail(
                "\(toICC) matches no catalog colour space and has no cicp tag; give --to with a named space", status: 1)
        }
    }

    /// `--format`, `--bit-depth`, `--quality`, `--lossless`, `--chroma`, `--mdcv`, `--clli`, `--overwrite`.
    struct OutputFileOptions: ParsableArguments {
        @Option(help: "Output format when the extension does not say: png, jpeg, avif, heif, raw.")
        var format: MediaFileFormat?

        @Option(
            name: .customLong("bit-depth"),
            help: "Bits per sample: PNG 8/16, JPEG 8, AVIF/HEIF 8/10/12, movies 8/10/12.")
        var bitDepth: Int?

        @Option(help: "Lossy quality 1…100 (JPEG, AVIF, HEIF).")
        var quality: Int = 90

        @Flag(help: "Lossless AVIF (identity matrix, 4:4:4), HEIF, or HEVC/H.264 movie.")
        var lossless = false

        @Option(
            help:
                "Chroma subsampling of AVIF, HEIF, JPEG and movies: 444 or 420 (default: AVIF 444, HEIF and movies 420, JPEG by quality)."
        )
        var chroma: ChromaArgument?

        @Option(help: "Mastering display to write: PRIMARIES:MAX:MIN (bt2020|p3|bt709, cd/m²).")
        var mdcv: MasteringDisplayArgument?

        @Option(help: "Content light level to write: MAXCLL,MAXFALL in cd/m² (default: measured for PQ/HLG output).")
        var clli: ContentLightLevelArgument?

        @Flag(help: "Replace output files that exist (default: refuse, naming the file).")
        var overwrite = false

        func validate() throws {
            if !(1...100).contains(quality) { throw ValidationError("--quality must be 1…100") }
        }
    }

    /// `--codec`, `--crf`, `--preset`, `--frames`, `--start`, `--duration`, `--no-copy-streams`, `--scale`,
    /// `--assume-cicp`, `--source-peak`, `--dynamic-curve`, `--threads`.
    struct MovieOptions: ParsableArguments {
        @Option(
            help:
                "Video codec of a movie output: hevc (x265), av1 (SVT-AV1) or h264 (x264) (default: hevc; av1 for .webm)."
        )
        var codec: VideoEncodeSettings.Codec?

        @Option(help: "The encoder's constant rate factor (x265/x264 0…51, SVT-AV1 1…63; default: the encoder's).")
        var crf: Int?

        @Option(help: "The encoder's speed preset (x265/x264 ultrafast…veryslow, SVT-AV1 0…13).")
        var preset: String?

        @Option(
            help:
                "Frames to convert, counted from 0: FIRST-LAST or FIRST...LAST (both inclusive, no quoting needed), or 'FIRST..<END' (END excluded; quote it, < is a shell redirection) (default: all)."
        )
        var frames: FrameRangeArgument?

        @Option(
            help: "Start at the first frame at or after this time: seconds (1.5) or [HH:]MM:SS[.mmm], like ffmpeg -ss.")
        var start: TimeArgument?

        @Option(help: "Convert this long from --start (or the beginning): seconds or [HH:]MM:SS[.mmm], like ffmpeg -t.")
        var duration: TimeArgument?

        @Flag(name: .customLong("no-copy-streams"), help: "Do not copy the movie's audio and other streams.")
        var noCopyStreams = false

        @Option(
            help:
                "Write frames of WIDTHxHEIGHT, or WIDTH alone to keep the aspect ratio (e.g. 1920 for a 4K master's proxy); swscale Lanczos, chroma siting kept."
        )
        var scale: ScaleArgument?

        @Option(
            name: .customLong("assume-cicp"),
            help:
                "Read the source movie as P/T/M/R (e.g. 9/16/9/0), whatever its tags say (default: the colour validate decides)."
        )
        var assumeCICP: CICP?

        @Option(
            name: .customLong("source-peak"),
            help:
                "The content peak a movie is tone mapped from: static (MaxCLL and the mastering display, one curve) or dynamic (each scene's, from HDR10+ MaxSCL or Dolby Vision L1; the report lists the scenes)."
        )
        var sourcePeak: ConversionRequest.Movie.SourcePeak = .movie

        @Option(
            name: .customLong("dynamic-curve"),
            help:
                "With --source-peak dynamic, what each scene's tone mapping takes from its metadata: peak (its peak only, into the tone-mapping operator) or metadata (the HDR10+ knee and Bézier curve, adapted as libplacebo does when the record targets another display's peak; the Dolby Vision L1 curve with the L2/L8 trim for this display, within 41 PQ codes; else the peak). The display's peak is the headroom × the reference white. The report says what drove each scene."
        )
        var dynamicCurve: ConversionRequest.Movie.DynamicCurve = .peakOnly

        @Option(
            help:
                "Threads decoding, converting and encoding a movie (default: every core for the conversion, the decoder's and encoder's own choice); 1 keeps a conversion to about one core, e.g. one segment per core on a cluster."
        )
        var threads: Int?

        func validate() throws {
            if let threads, !(1...1024).contains(threads) { throw ValidationError("--threads must be 1…1024") }
            if dynamicCurve == .metadata, sourcePeak != .scene {
                throw ValidationError("--dynamic-curve metadata needs --source-peak dynamic")
            }
            if frames != nil, start != nil || duration != nil {
                throw ValidationError("--frames excludes --start and --duration")
            }
            if let duration, duration.seconds <= 0 { throw ValidationError("--duration must be more than 0") }
        }

        var request: ConversionRequest.Movie {
            var movie = ConversionRequest.Movie(
                codec: codec, crf: crf, preset: preset, frames: frames?.range, start: start?.seconds,
                duration: duration?.seconds, copiesOtherStreams: !noCopyStreams, assumedSourceColor: assumeCICP,
                size: scale.map { ConversionRequest.Movie.Size(width: $0.width, height: $0.height) })
            movie.conversionThreadCount = threads
            movie.encoderThreadCount = threads
            movie.decoderThreadCount = threads
            movie.sourcePeak = sourcePeak
            movie.dynamicCurve = dynamicCurve
            return movie
        }
    }

    /// A frame size: `WIDTHxHEIGHT`, or `WIDTH` alone (height 0: the source's aspect ratio).
    struct ScaleArgument: ExpressibleByArgument {
        let width: Int
        let height: Int

        init?(argument: String) {
            let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let w = Int(parts[0]), (1...16384).contains(w) else { return nil }
            let h = parts.count == 2 ? Int(parts[1]) : 0
            guard let h, (0...16384).contains(h) else { return nil }
            (width, height) = (w, h)
        }
    }

    /// A time: seconds (`1.5`) or `[HH:]MM:SS[.mmm]` (`01:02.5`, `0:01:02.5`), as ffmpeg's `-ss` and `-t` take it.
    struct TimeArgument: ExpressibleByArgument {
        let seconds: Double

        init?(argument: String) {
            let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count), let last = Double(parts.last!), last >= 0, last.isFinite,
                parts.count == 1 || last < 60
            else { return nil }
            var total = last
            for (i, part) in parts.dropLast().reversed().enumerated() {
                guard let value = Int(part), value >= 0, i == 1 || value < 60 else { return nil }
                total += Double(value) * (i == 0 ? 60 : 3600)
            }
            seconds = total
        }
    }

    /// A frame range counted from 0: `FIRST-LAST` and `FIRST...LAST` include LAST (`0-239` is the first 240 frames,
    /// and needs no quoting in a shell), `FIRST..<END` excludes END.
    struct FrameRangeArgument: ExpressibleByArgument {
        let range: Range<Int>

        init?(argument: String) {
            let separator = ["..<", "...", "-"].first { argument.contains($0) } ?? "..<"
            let inclusive = separator != "..<"
            let parts = argument.components(separatedBy: separator)
            guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), first >= 0 else { return nil }
            let end = inclusive ? last.addingReportingOverflow(1) : (partialValue: last, overflow: false)
            guard !end.overflow, end.partialValue > first else { return nil }
            range = first..<end.partialValue
        }
    }

    /// `--tone-map`, `--headroom`, `--display-headroom`.
    struct ToneMappingOptions: ParsableArguments {
        @Option(
            name: .customLong("tone-map"),
            help:
                "auto (HDR onto SDR targets), none, or an operator: \(ToneMappingMethod.allCases.map(\.rawValue).joined(separator: ", "))."
        )
        var toneMap: ToneMapChoice = .auto

        @Option(help: "Display headroom to tone map onto (peak ÷ reference white; 1 = SDR).")
        var headroom: Double?

        @Option(
            name: .customLong("display-headroom"),
            help:
                "Render gain-map inputs for this display headroom (ISO 21496-1; default: 1 for SDR targets, else the full alternate)."
        )
        var displayHeadroom: Double?

        func validate() throws {
            for (name, value) in [("--headroom", headroom), ("--display-headroom", displayHeadroom)] {
                if let value, !(value >= 1 && value.isFinite) { throw ValidationError("\(name) must be ≥ 1") }
            }
        }
    }

    /// `--gain-map`, `--gain-map-base`, `--multichannel-gain-map`.
    struct GainMapOutputOptions: ParsableArguments {
        @Flag(name: .customLong("gain-map"), help: "Write a gain-map JPEG (SDR base + gain map) from an HDR input.")
        var gainMap = false

        @Option(name: .customLong("gain-map-base"), help: "The gain-map JPEG's base colour space: srgb or display-p3.")
        var gainMapBase: GainMapBaseArgument = .srgb

        @Flag(
            name: .customLong("multichannel-gain-map"), help: "A three-channel gain map (default: one, from luminance)."
        )
        var multichannelGainMap = false
    }

    /// `--input-format`, `--size`, `--input-cicp`, `--output-format`, `--output-cicp`.
    struct RawFrameOptions: ParsableArguments {
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
    }
}

extension ToneMapChoice {
    /// The library's tone-mapping choice.
    var request: ConversionRequest.ToneMapping {
        switch self {
        case .auto: .automatic
        case .none: .none
        case .method(let method): .method(method)
        }
    }
}
