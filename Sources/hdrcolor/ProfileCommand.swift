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
            fail("unknown colour space \"\(colorSpace)\"; known: \(ColorSpace.all.compactMap(\.identifier).joined(separator: ", "))")
        }
        let iccVersion: ICCVersion
        switch version {
        case "4.4", "4": iccVersion = .v4_4
        case "2", "2.1": iccVersion = .v2_1
        default: fail("unsupported ICC version \"\(version)\"; use 4.4 or 2")
        }
        let profile: ICCProfile
        do {
            profile = try ICCProfile(colorSpace: space, version: iccVersion, description: description)
        } catch {
            fail("cannot create a profile for \(space.name): \(error)")
        }
        do {
            try Data(profile.bytes).write(to: URL(fileURLWithPath: output))
        } catch {
            FileHandle.standardError.write(Data("error: cannot write \(output): \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
        print("wrote \(output): \(space.name), ICC \(profile.header.version), \(profile.bytes.count) bytes"
            + (profile.cicp.map { ", cicp \($0)" } ?? ""))
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        Profile.exit(withError: ExitCode(1))
    }
}
