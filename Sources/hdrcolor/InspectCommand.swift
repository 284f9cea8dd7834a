import ArgumentParser
import Foundation
import HDRColor

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what an ICC profile says: header, description, colorants, curves, cicp, tags, matching colour space.",
        discussion: "Exit status: 0 no findings, 1 consistency findings, 2 unreadable or invalid file."
    )

    @Argument(help: "An ICC profile (.icc, .icm).")
    var file: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let profile: ICCProfile
        do {
            profile = try ICCProfile(contentsOf: URL(fileURLWithPath: file))
        } catch {
            FileHandle.standardError.write(Data("error: \(file): \(error)\n".utf8))
            throw ExitCode(2)
        }
        let report = InspectReport(profile: profile, file: file)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text)
        }
        if !report.findings.isEmpty { throw ExitCode(1) }
    }
}
