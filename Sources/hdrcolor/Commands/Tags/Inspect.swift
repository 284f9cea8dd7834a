import ArgumentParser
import Foundation
import HDRColor

extension HDRColorCommand {
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Show what image files, ICC profiles and movies say about their colour: CICP, ICC, sRGB, gamma, chromaticities, mastering display, content light level, gain maps, video tracks.",
            discussion: """
                Reads PNG, JPEG, HEIF, AVIF and ICC (.icc/.icm) files and MP4, QuickTime and Matroska/WebM movies, \
                recognised by signature. A movie shows each video track: every source of colour (colr, Matroska Colour, \
                SPS VUI, AV1 sequence header, SEI messages, metadata OBUs, Dolby Vision) with its location, the \
                effective colour and the HLS VIDEO-RANGE; movies are read by seeking, never whole. Field names follow \
                exiftool and ITU-T H.273. With --json, one object per file (an array for several files); numbers that are \
                NaN or infinite are written as null. With --sync-samples, an MP4 or QuickTime movie's sync samples \
                instead: for each video track, every sample a decoder can start at, with its number in decoding and \
                presentation order (the frame of convert --frames), its times and its bytes, from the sample tables.
                Exit status: 0 no findings at warning or error severity, 1 such findings, 2 a file could not be read.
                """
        )

        @Argument(help: "Image files, ICC profiles or movies.")
        var files: [String]

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @Flag(
            help: """
                Also list each frame's Dolby Vision RPU (profile, shot start, L1) and HDR10+ figures (MaxSCL, average \
                maxRGB, target), for MP4 and QuickTime HEVC tracks that carry them.
                """)
        var perFrame = false

        @Flag(
            help: """
                List each video track's sync samples (decoding and presentation order, times, byte offset and size) \
                instead of the tags, for MP4 and QuickTime movies: where a movie can be split into segments.
                """)
        var syncSamples = false

        func run() throws {
            var status: Int32 = 0
            var documents: [JSONValue] = []
            for file in files {
                if syncSamples {
                    do {
                        let samples = try MovieSyncSamples.read(contentsOf: URL(fileURLWithPath: file))
                        if json { documents.append(samples.json(path: file)) } else { print(samples.text(path: file)) }
                    } catch {
                        Diagnostics.error("\(file): \(error)")
                        status = 2
                    }
                    continue
                }
                let tagging: ColorTagging
                do {
                    var limits = ReadLimits.default
                    if perFrame { limits.maximumDynamicMetadataFrames = limits.maximumDynamicMetadataSamples }
                    tagging = try ColorTagging(contentsOf: URL(fileURLWithPath: file), limits: limits)
                } catch {
                    Diagnostics.error("\(file): \(error)")
                    status = 2
                    continue
                }
                let findings = tagging.findings()
                if findings.contains(where: { $0.severity >= .warning }), status == 0 { status = 1 }
                if json {
                    documents.append(tagging.json(path: file, findings: findings))
                } else {
                    print(tagging.text(path: file, findings: findings))
                }
            }
            if json, !documents.isEmpty {
                print((documents.count == 1 && files.count == 1 ? documents[0] : .array(documents)).serialized())
            }
            if status != 0 { throw ExitCode(status) }
        }
    }
}
