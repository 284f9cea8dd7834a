import ArgumentParser
import Foundation
import HDRColor

extension HDRColorCommand {
    /// `hdrcolor hdr10plus export|read`: HDR10+ metadata as hdr10plus_tool's JSON (x265 `--dhdr10-info` reads it).
    struct HDR10Plus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hdr10plus",
            abstract: "Export a raw HEVC stream's HDR10+ metadata as hdr10plus_tool's JSON, or read such a file back.",
            subcommands: [Export.self, Read.self]
        )

        struct Export: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Write every frame's HDR10+ metadata of a raw HEVC stream (Annex B) as JSON.",
                discussion: """
                    One SceneInfo entry per frame in display order from the first frame with HDR10+ on (a frame \
                    without a record keeps the previous one's), scenes where the values change, as hdr10plus_tool's \
                    extract writes them; x265 --dhdr10-info reads the file. The stream is read whole: at most \
                    --max-bytes.
                    Exit status: 0 written, 1 the stream holds no HDR10+, 2 the file cannot be read or written.
                    """
            )

            @Argument(help: "A raw HEVC stream (.hevc, .h265).")
            var file: String

            @Option(name: .shortAndLong, help: "The JSON file to write.")
            var output: String

            @Option(help: "The largest stream read, in bytes.")
            var maxBytes = 1 << 31

            func run() throws {
                let handle: FileHandle
                do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file)) } catch {
                    try Diagnostics.fail("cannot read \(file): \(error.localizedDescription)", status: 2)
                }
                defer { try? handle.close() }
                let bytes = [UInt8]((try? handle.read(upToCount: maxBytes)) ?? Data())
                if (try? handle.read(upToCount: 1))?.isEmpty == false {
                    try Diagnostics.fail("\(file) is larger than --max-bytes \(maxBytes)", status: 2)
                }
                let document = HDR10PlusJSON(hevcStream: bytes)
                guard !document.sceneInfo.isEmpty else {
                    try Diagnostics.fail("\(file) holds no HDR10+ metadata", status: 1)
                }
                try OutputFile.write(document.jsonData, to: output)
                let summary = document.sceneInfoSummary
                print(
                    "\(output): \(document.sceneInfo.count) frames, \(summary.sceneFirstFrameIndex.count) scenes, profile \(document.info.profile)"
                )
            }
        }

        struct Read: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Read an HDR10+ JSON file (hdr10plus_tool's shape) and print what it holds.",
                discussion: "Exit status: 0 read, 2 the file cannot be read or is not such a document."
            )

            @Argument(help: "An HDR10+ metadata JSON file.")
            var file: String

            func run() throws {
                do {
                    let document = try HDR10PlusJSON(json: Data(contentsOf: URL(fileURLWithPath: file)))
                    let peaks = document.sceneInfo.map { Double($0.luminanceParameters.maxScl.max() ?? 0) / 10 }
                    let range = peaks.min().map { "\($0)–\(peaks.max() ?? $0) cd/m²" } ?? "none"
                    print(
                        "\(file): profile \(document.info.profile), \(document.sceneInfo.count) frames, \(document.sceneInfoSummary.sceneFirstFrameIndex.count) scenes, MaxSCL \(range), written by \(document.toolInfo.tool) \(document.toolInfo.version)"
                    )
                } catch {
                    try Diagnostics.fail("\(file): \(error)", status: 2)
                }
            }
        }
    }
}
