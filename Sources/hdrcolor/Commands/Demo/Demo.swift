import ArgumentParser
import Foundation
import HDRColor
import ImageFiles
import MediaConversion
import VideoFiles
import MediaSyntax

extension HDRColorCommand {
    /// `hdrcolor demo`: the library's whole job on a built-in HDR test frame, from a 10-bit PQ video frame to validated
    /// HDR, SDR and gain-map files.
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert, tone map, export, write and validate a built-in HDR test frame.",
            discussion: """
                Synthesises a 10-bit 4:2:0 'x420' BT.2100 PQ frame (greyscale ramp in stops, BT.2408 reference white and \
                18 % grey, BT.2020 primaries, highlights at 1000 and 4000 cd/m²), converts it with PixelConverter to RGBA \
                half-float extended-linear Display P3 (an EDR layer's format), tone maps it for display headrooms 1×, 2×, \
                4× and 16×, exports it to 'x420' BT.2100 HLG, writes ISO HDR PNG and AVIF files, an SDR PNG, a gain-map \
                JPEG, a contact sheet and SVG plots of the curves, a one-second HDR10 movie of the frame (HEVC through \
                x265) and its HLG conversion (MediaConverter), HTML reports (`hdrcolor report`) of the movie and the PNG, \
                validates the files with the rules of `hdrcolor validate`, and prints the timings and verdicts. Exits 1 \
                when a file fails validation.
                """
        )

        @Option(name: .shortAndLong, help: "The folder to write the files to (created when missing).")
        var output = "demo-output"

        @Option(help: "The frame size, WIDTHxHEIGHT, both multiples of 4.")
        var size = SizeArgument(argument: "1920x1080")!

        @Option(help: "Timed runs per conversion; the median is reported.")
        var runs = 7

        @Flag(help: "Let FFmpeg and the encoders (x265) print their own progress and warnings.")
        var verbose = false

        func validate() throws {
            guard size.width % 4 == 0, size.height % 4 == 0, size.width >= 16, size.height >= 16,
                size.width <= 8192, size.height <= 8192
            else { throw ValidationError("--size must be 16 … 8192 pixels in each dimension, multiples of 4") }
            guard (1...100).contains(runs) else { throw ValidationError("--runs must be 1 … 100") }
        }

        func run() throws {
            let started = ContinuousClock.now
            (verbose ? FFmpegLogLevel.info : .quiet).apply()
            let folder = URL(fileURLWithPath: output, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                try Diagnostics.fail("cannot create \(output): \(error.localizedDescription)", status: 2)
            }
            var job = DemoJob(frame: DemoFrame(width: size.width, height: size.height), folder: folder, runs: runs)
            try job.run()
            print(job.report(elapsed: ContinuousClock.now - started))
            if job.files.contains(where: { $0.failed }) { throw ExitCode(1) }
        }
    }
}

/// The demo's steps and what they produced.
struct DemoJob {
    /// A timed conversion.
    struct Conversion {
        var name: String
        var milliseconds: Double
    }

    /// A file written, and its validation.
    struct File {
        var name: String
        var what: String
        var byteCount: Int
        var milliseconds: Double
        var requirements: [Requirement]
        var tags = ""
        var verdict = "not validated"
        var failed = false
        var findings: [Finding] = []
    }

    let frame: DemoFrame
    let folder: URL
    let runs: Int
    var conversions: [Conversion] = []
    var files: [File] = []
    var codePath = ""

    static let headrooms: [Double] = [1, 2, 4, 16]
    static let content = ContentLuminance(
        masteringPeak: DemoFrame.peakLuminance, masteringBlack: 0.0001, maxContentLightLevel: DemoFrame.peakLuminance)
    static let masteringDisplay = MasteringDisplayColorVolume(
        primaries: .bt2020, maximumLuminance: DemoFrame.peakLuminance, minimumLuminance: 0.0001)

    mutating func run() throws {
        let pqVideo = try PixelEncoding(cicp: .bt2100PQVideo, format: .x420)
        let hlgVideo = try PixelEncoding(cicp: .bt2100HLGVideo, format: .x420)
        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)

        // The source frame: linear BT.2020 light encoded as a PQ video frame (not timed).
        let linear = try frame.render()
        let source = try PixelConverter(
            from: PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearBT2020), to: pqVideo
        ).convert(linear)
        let lightLevel = try Self.lightLevel(of: source, encoding: pqVideo)

        // 1. Decode for an EDR layer, 2. tone map for four display headrooms, 3. export to HLG, 4. SDR.
        let decoder = try PixelConverter(from: pqVideo, to: edr)
        codePath = decoder.plan.codePath.description
        let linearP3 = try timed("'x420' PQ BT.2020 → RGBA half extended-linear Display P3", source, decoder)
        var panels: [PixelBuffer] = []
        for headroom in Self.headrooms {
            var options = PixelConverter.Options()
            options.toneMapping = .displayHeadroom(headroom, content: Self.content)
            let converter = try PixelConverter(from: pqVideo, to: edr, options: options)
            panels.append(try timed("  … tone mapped for headroom \(Self.format(headroom))×", source, converter))
        }
        let hlg = try timed(
            "RGBA half Display P3 → 'x420' BT.2100 HLG (export)", linearP3, PixelConverter(from: edr, to: hlgVideo))
        var sdrOptions = PixelConverter.Options()
        sdrOptions.toneMapping = .displayHeadroom(1, content: Self.content)
        sdrOptions.gamut = .softClip
        let sdr = try timed(
            "'x420' PQ BT.2020 → RGBA 8-bit sRGB (tone mapped, soft clip)", source,
            PixelConverter(
                from: pqVideo, to: PixelEncoding(format: .rgba8, colorSpace: .sRGB), options: sdrOptions))

        // Files: the writers convert to their codecs' layouts (and, where asked, to a colour space).
        try write(
            "hdr-pq.png", "ISO HDR PNG, 16-bit PQ BT.2020 (cICP, mDCV, cLLI)", source, pqVideo,
            ImageWriteOptions(
                fileType: .png, bitDepth: 16, masteringDisplay: Self.masteringDisplay, contentLightLevel: lightLevel),
            requirements: [.isoHDR])
        try write(
            "hdr-hlg.avif", "ISO HDR AVIF, 10-bit 4:2:0 HLG BT.2020, from the HLG export", hlg, hlgVideo,
            ImageWriteOptions(fileType: .avif, bitDepth: 10, chroma420: true, speed: 8),
            requirements: [.isoHDR])
        try write(
            "sdr.png", "SDR PNG, 8-bit sRGB, tone mapped for headroom 1×", sdr,
            PixelEncoding(format: .rgba8, colorSpace: .sRGB), ImageWriteOptions(fileType: .png, bitDepth: 8),
            requirements: [.sRGB, .tagged])
        try write(
            "gain-map.jpg", "gain-map JPEG: sRGB base + ISO 21496-1 and XMP gain map", linearP3, edr,
            ImageWriteOptions(fileType: .jpeg, gainMap: GainMapWriteOptions()), requirements: [.gainMapBoth])
        try write(
            "contact-sheet.png", "ISO HDR PNG: headrooms 1×, 2× (top), 4×, 16× (bottom)", ContactSheet.make(panels),
            PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearDisplayP3),
            ImageWriteOptions(
                fileType: .png, colorSpace: .bt2100PQ, bitDepth: 16, masteringDisplay: Self.masteringDisplay),
            requirements: [.isoHDR])
        try writeMovies(source, pqVideo, lightLevel)
        try writeReports()
        try plot(
            "tone-curves.svg", "the headroom tone curve for each display",
            HDRColorCommand.Plot.ToneMap.parse(
                [
                    "--content-headroom", "\(DemoFrame.peakLuminance / DemoFrame.referenceWhite)", "--operator",
                    "headroom",
                ]
                    + Self.headrooms.flatMap { ["--display-headroom", "\($0)"] } + ["-o", ""]
            ).chart().render())
        try plot(
            "transfer-functions.svg", "PQ, HLG and sRGB: signal → luminance",
            HDRColorCommand.Plot.Transfer.parse(["pq", "hlg", "srgb", "-o", ""]).chart().render())
        validateFiles()
    }

    /// MaxCLL and MaxFALL of the frame as written (CTA-861.3, on the decoded 4:2:0 frame, as `hdrcolor report` and
    /// players measure it): chroma upsampling at the edges of saturated patches makes some pixels brighter than the
    /// master's values, and the files declare what they hold.
    static func lightLevel(of frame: PixelBuffer, encoding: PixelEncoding) throws -> ContentLightLevel {
        let linear = try PixelConverter(
            from: encoding, to: PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearBT2020)
        ).convert(frame)
        var meter = LightLevelMeter(referenceWhite: DemoFrame.referenceWhite)
        linear.withView { meter.add($0) }
        return meter.lightLevel
    }

    // MARK: Steps

    /// Converts `source` into a new buffer: once to warm up, then `runs` times into the same buffer, recording the
    /// median time.
    mutating func timed(_ name: String, _ source: PixelBuffer, _ converter: PixelConverter) throws -> PixelBuffer {
        var result = try converter.convert(source)
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try source.withView { input in try result.withMutableView { try converter.convert(input, to: $0) } }
            times.append((ContinuousClock.now - start).milliseconds)
        }
        conversions.append(Conversion(name: name, milliseconds: times.sorted()[times.count / 2]))
        return result
    }

    mutating func write(
        _ name: String, _ what: String, _ pixels: PixelBuffer, _ encoding: PixelEncoding, _ options: ImageWriteOptions,
        requirements: [Requirement]
    ) throws {
        let start = ContinuousClock.now
        let bytes = try ImageFile.encode(pixels, encoding: encoding, options: options)
        try Self.save(Data(bytes), as: folder.appendingPathComponent(name))
        files.append(
            File(
                name: name, what: what, byteCount: bytes.count,
                milliseconds: (ContinuousClock.now - start).milliseconds,
                requirements: requirements))
    }

    /// A one-second HDR10 movie of the PQ frame (x265 ultrafast), and its conversion to HLG by `MediaConverter`.
    mutating func writeMovies(_ source: PixelBuffer, _ encoding: PixelEncoding, _ lightLevel: ContentLightLevel?)
        throws
    {
        let rate: Int64 = 24
        var start = ContinuousClock.now
        let pq = folder.appendingPathComponent("hdr10.mp4")
        var settings = VideoEncodeSettings(
            codec: .hevc, width: source.width, height: source.height, encoding: encoding,
            frameRate: Rational(rate, 1), masteringDisplay: Self.masteringDisplay, contentLightLevel: lightLevel)
        settings.preset = "ultrafast"
        // Lossless, so that the decoded movie holds the frame whose light level it declares (a lossy ultrafast encode
        // rings around the 4000 cd/m² highlight: `hdrcolor report` measured 4467 cd/m² against 4015 declared).
        settings.lossless = true
        let writer = try MovieWriter(url: pq, settings: settings)
        for i in 0..<rate {
            try source.withView {
                try writer.append($0, encoding: encoding, presentationTime: Rational(i, UInt32(rate)))
            }
        }
        try writer.finish()
        files.append(
            File(
                name: pq.lastPathComponent, what: "HDR10 movie: HEVC Main10 PQ (x265, lossless), 1 s of the frame",
                byteCount: Self.fileSize(pq), milliseconds: (ContinuousClock.now - start).milliseconds,
                requirements: [.hdr10]))
        start = ContinuousClock.now
        let hlg = folder.appendingPathComponent("hlg.mp4")
        var request = ConversionRequest(colorSpace: .bt2100HLG)
        request.movie.preset = "ultrafast"
        request.overwritesOutput = true  // the demo rewrites its own folder on every run
        _ = try MediaConverter(request: request).convertMovie(pq, to: hlg)
        files.append(
            File(
                name: hlg.lastPathComponent, what: "HLG movie converted from it (203 cd/m² → HLG 75 %)",
                byteCount: Self.fileSize(hlg), milliseconds: (ContinuousClock.now - start).milliseconds,
                requirements: [.hlg]))
    }

    static func fileSize(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    mutating func plot(_ name: String, _ what: String, _ svg: String) throws {
        let start = ContinuousClock.now
        let data = Data(svg.utf8)
        try Self.save(data, as: folder.appendingPathComponent(name))
        files.append(
            File(
                name: name, what: what, byteCount: data.count, milliseconds: (ContinuousClock.now - start).milliseconds,
                requirements: []))
    }

    static func save(_ data: Data, as url: URL) throws { try OutputFile.write(data, to: url.path) }

    /// Reads every image back and applies `hdrcolor validate`'s rules with each file's requirements.
    mutating func validateFiles() {
        for index in files.indices where !files[index].requirements.isEmpty {
            let path = folder.appendingPathComponent(files[index].name).path
            let options = ValidationOptions(requirements: Set(files[index].requirements))
            let report = Validator(options: options).validate(file: path)
            if let error = report.error {
                files[index].failed = true
                files[index].verdict = "unreadable: \(error)"
                continue
            }
            let errors = report.findings.filter { $0.severity >= .error }
            let others = report.findings.count - errors.count
            files[index].failed = !errors.isEmpty
            files[index].findings = report.findings
            files[index].tags = report.tagging.map(Self.tags) ?? ""
            let required = files[index].requirements.map(\.rawValue).joined(separator: " + ")
            files[index].verdict =
                errors.isEmpty
                ? "\(required): pass" + (others > 0 ? " (\(others) finding\(others == 1 ? "" : "s") below error)" : "")
                : "\(required): FAIL (\(Set(errors.map(\.rule.rawValue)).sorted().joined(separator: ", ")))"
        }
    }

    /// The colour tags read back from a file, in a few words.
    static func tags(_ tagging: ColorTagging) -> String {
        let image = tagging.primary
        var parts: [String] = []
        if let cicp = image.cicp.first?.value.cicp { parts.append("CICP \(cicp)") }
        if !image.iccProfiles.isEmpty { parts.append("ICC") }
        if !image.masteringDisplay.isEmpty { parts.append(PNGChunkType.mDCV.rawValue) }
        if let level = image.contentLightLevel.first?.value {
            parts.append("cLLI \(format(level.maxContentLightLevel))/\(format(level.maxFrameAverageLightLevel))")
        }
        if tagging.gainMap.iso != nil { parts.append("ISO gain map") }
        if tagging.gainMap.xmp != nil { parts.append("XMP gain map") }
        return parts.isEmpty ? "untagged" : parts.joined(separator: ", ")
    }

    // MARK: Report

    func report(elapsed: Duration) -> String {
        let pixels = Double(frame.width * frame.height)
        var lines = [
            "HDRColor demo: a \(frame.width)×\(frame.height) HDR test frame, 'x420' BT.2100 PQ (10-bit 4:2:0, narrow "
                + "range): stop ramp, BT.2408 reference white, BT.2020 primaries, highlights at 1000 and 4000 cd/m²",
            "",
            "Conversions with PixelConverter (median of \(runs), \(ProcessInfo.processInfo.activeProcessorCount) "
                + "cores, \(codePath) kernels)",
        ]
        let nameWidth = (conversions.map(\.name.count) + [10]).max()!
        lines.append("  " + Self.pad("step", nameWidth) + Self.left("ms", 9) + Self.left("Mpix/s", 9))
        for step in conversions {
            let rate = step.milliseconds > 0 ? pixels / 1e6 / (step.milliseconds / 1000) : 0
            lines.append(
                "  " + Self.pad(step.name, nameWidth) + Self.left(step.milliseconds.fixed(1), 9)
                    + Self.left(rate.fixed(0), 9))
        }
        lines += ["", "Files in \(folder.path)/"]
        let fileWidth = files.map(\.name.count).max()!
        let whatWidth = files.map(\.what.count).max()!
        for file in files {
            lines.append(
                "  " + Self.pad(file.name, fileWidth) + "  " + Self.pad(file.what, whatWidth)
                    + Self.left(Self.byteCount(file.byteCount), 10)
                    + Self.left(file.milliseconds.fixed(0) + " ms", 9))
            if !file.requirements.isEmpty {
                lines.append("  " + Self.pad("", fileWidth) + "  read back: \(file.tags); \(file.verdict)")
            }
            for finding in file.findings {
                lines.append(
                    "  " + Self.pad("", fileWidth) + "    \(finding.severity) \(finding.rule.rawValue): "
                        + TextSanitizer.sanitize(finding.message))
            }
        }
        let checked = files.filter { !$0.requirements.isEmpty }
        let failed = checked.filter(\.failed).count
        lines += [
            "",
            "Validation: \(checked.count - failed) of \(checked.count) files pass, the same checks as",
        ]
        var byRequirement: [[Requirement]: [String]] = [:]
        for file in checked { byRequirement[file.requirements, default: []].append(file.name) }
        for (requirements, names) in byRequirement.sorted(by: { $0.value[0] < $1.value[0] }) {
            lines.append(
                "  hdrcolor validate " + requirements.map { "--require \($0)" }.joined(separator: " ") + " "
                    + names.map { "\(output(of: $0))" }.joined(separator: " "))
        }
        lines += ["", "Done in \((elapsed.milliseconds / 1000).fixed(1)) s."]
        return lines.joined(separator: "\n")
    }

    private func output(of name: String) -> String {
        let relative = folder.relativePath
        return (relative.hasSuffix("/") ? relative : relative + "/") + name
    }

    static func format(_ value: Double) -> String {
        NumberFormat.wholeOr(.significant(3))(value)
    }

    static func byteCount(_ count: Int) -> String {
        count >= 1 << 20
            ? (Double(count) / 1_048_576).fixed(1) + " MB" : (Double(count) / 1024).fixed(0) + " KB"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: Swift.max(width, text.count), withPad: " ", startingAt: 0)
    }

    static func left(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - text.count)) + text
    }
}
