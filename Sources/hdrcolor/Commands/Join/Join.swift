import ArgumentParser
import Foundation
import HDRColor
import MediaConversion
import VideoFiles

extension HDRColorCommand {
    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join the segments of a movie converted in parts into one movie, without re-encoding.",
            discussion: """
                Each SEGMENT is `hdrcolor convert SOURCE SEGMENT --frames A..<B --no-copy-streams` of consecutive \
                frame ranges that start at closed-GOP sync samples (`inspect --sync-samples`) and together hold every \
                frame; all converted with the same options. The packets are copied: every frame keeps the source's \
                presentation time, decoding times run on across the joins, the measured MaxCLL/MaxFALL become the \
                whole movie's (the largest of the segments'), and the source's audio, other streams, container \
                metadata and video tags are copied once, as one `convert` of the whole movie writes them. The \
                output (.mp4, .m4v or .mov) is written under a temporary name and renamed when complete. \
                hdrcolor-ray converts on a Ray cluster this way.
                Exit status: 0 joined, 1 segments that do not join (the message names the segment), 2 a file that \
                cannot be read.
                """)

        @Argument(help: "The movie the segments were converted from.")
        var source: String

        @Argument(help: "The joined movie to write (.mp4, .m4v, .mov).")
        var output: String

        @Argument(help: "The converted segments, in order.")
        var segments: [String] = []

        @Option(
            name: .customLong("first-frames"),
            help:
                "Each segment's first source frame, as given to convert --frames (A of A..<B), comma-separated, e.g. 0,240,480: a segment missing or out of order is refused.",
            transform: { text in
                try text.split(separator: ",", omittingEmptySubsequences: false).map {
                    guard let frame = Int($0.trimmingCharacters(in: .whitespaces)), frame >= 0 else {
                        throw ValidationError("--first-frames takes frame numbers 0 or more, comma-separated")
                    }
                    return frame
                }
            })
        var firstFrames: [Int]

        @Flag(name: .customLong("no-copy-streams"), help: "Do not copy the source's audio and other streams.")
        var noCopyStreams = false

        @Flag(help: "Replace the output if it exists (default: refuse).")
        var overwrite = false

        @Flag(help: "Print a JSON report instead of text.")
        var json = false

        func validate() throws {
            if segments.isEmpty { throw ValidationError("give the source, the output and at least one segment") }
            if firstFrames.count != segments.count {
                throw ValidationError(
                    "--first-frames gives \(firstFrames.count) frame\(firstFrames.count == 1 ? "" : "s") for "
                        + "\(segments.count) segment\(segments.count == 1 ? "" : "s")")
            }
        }

        func run() throws {
            let join: MovieJoin
            do {
                join = try MediaConverter.joinSegments(
                    zip(segments, firstFrames).map { MovieSegment(url: URL(fileURLWithPath: $0), firstFrame: $1) },
                    of: URL(fileURLWithPath: source),
                    into: URL(fileURLWithPath: output), replacing: overwrite, copiesOtherStreams: !noCopyStreams)
            } catch {
                try Diagnostics.fail("\(error)", status: error.isUnreadableInput ? 2 : 1)
            }
            let level = join.contentLightLevel
            if json {
                let report = JSONValue.object([
                    ("SourceFile", .string(source)), ("OutputFile", .string(output)),
                    ("Frames", .integer(join.frameCount)),
                    (
                        "Segments",
                        .array(
                            zip(segments, join.segmentFrameCounts).map {
                                .object([("File", .string($0)), ("Frames", .integer($1))])
                            })
                    ),
                    (
                        "ContentLightLevel",
                        level.map {
                            .object([
                                ("MaxCLL", .number($0.maxContentLightLevel)),
                                ("MaxFALL", .number($0.maxFrameAverageLightLevel)),
                                ("Measured", .bool(join.lightLevelIsMeasured)),
                            ])
                        } ?? .null
                    ),
                    ("CopiedStreams", .array(join.copiedStreams.map { .string($0.label) })),
                    ("Omissions", .array(join.omissions.map { .string("\($0.what): \($0.reason)") })),
                ])
                print(report.serialized())
                return
            }
            var lines = [
                "\(TextSanitizer.sanitize(output)): \(join.frameCount) frames from \(segments.count) segment"
                    + (segments.count == 1 ? "" : "s") + " ("
                    + join.segmentFrameCounts.map(String.init).joined(separator: " + ") + ")"
            ]
            if let level {
                lines.append(
                    "  MaxCLL/MaxFALL \(Int(level.maxContentLightLevel))/\(Int(level.maxFrameAverageLightLevel)) cd/m²"
                        + (join.lightLevelIsMeasured ? ", the largest of the segments' measured ones" : ", as given"))
            }
            if !join.copiedStreams.isEmpty {
                lines.append("  copied from the source: " + join.copiedStreams.map(\.label).joined(separator: ", "))
            }
            for omission in join.omissions {
                lines.append("  not carried: \(TextSanitizer.sanitize(omission.what)): \(omission.reason)")
            }
            print(lines.joined(separator: "\n"))
        }
    }
}
