import ArgumentParser
import Foundation
import HDRColor

struct Profile: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a matrix/TRC ICC profile for a named colour space (v4.4 with a cicp tag, or v2).",
        discussion: """
            Colour spaces: \(ColorSpace.all.compactMap(\.identifier).joined(separator: ", ")).
            Exit status: 0 written, 1 unknown colour space or version, 2 the file cannot be written.
            """
    )

    @Option(name: .customLong("color-space"), help: "A colour space name, e.g. bt2100-pq, display-p3, srgb.")
    var colorSpace: String

    @Option(help: "ICC version: 4.4 (default) or 2.")
    var version = "4.4"

    @Option(name: .shortAndLong, help: "The output file.")
    var output: String

    @Option(help: "The profile description (default: the colour space's name).")
    var description: String?

    func run() throws {
        guard let space = ColorSpace.named(colorSpace) else {
            try Diagnostics.fail(
                "unknown colour space \"\(colorSpace)\"; known: "
                    + ColorSpace.all.compactMap(\.identifier).joined(separator: ", "), status: 1)
        }
        let iccVersion: ICCVersion
        switch version {
        case "4.4", "4": iccVersion = .v4_4
        case "2", "2.1": iccVersion = .v2_1
        default: try Diagnostics.fail("unsupported ICC version \"\(version)\"; use 4.4 or 2", status: 1)
        }
        let profile: ICCProfile
        do {
            profile = try ICCProfile(colorSpace: space, version: iccVersion, description: description)
        } catch {
            try Diagnostics.fail("cannot create a profile for \(space.name): \(error)", status: 1)
        }
        try OutputFile.write(Data(profile.bytes), to: output)
        print(
            "wrote \(TextSanitizer.sanitize(output)): \(space.name), ICC \(profile.header.version), \(profile.bytes.count) bytes"
                + (profile.cicp.map { ", cicp \($0)" } ?? ""))
    }
}
