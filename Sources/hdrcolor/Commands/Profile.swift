import ArgumentParser
import Foundation
import HDRColor
import MediaSyntax

extension HDRColorCommand {
    struct Profile: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a matrix/TRC ICC profile for a named colour space (v4.4 with a cicp tag, or v2).",
            discussion: """
                Colour spaces: \(ColorSpace.all.compactMap(\.identifier).joined(separator: ", ")).
                Example: hdrcolor profile --color-space bt2100-pq --icc-version 4.4 -o bt2100-pq.icc
                Exit status: 0 written, 1 the profile cannot be made, 2 the file cannot be written, 64 usage error \
                (e.g. an unknown colour space or ICC version).
                """
        )

        @Option(
            name: .customLong("color-space"), help: "A colour space name, e.g. bt2100-pq, display-p3, srgb.",
            transform: ColorSpaceArgument.parse)
        var colorSpace: ColorSpaceArgument

        @Option(name: .customLong("icc-version"), help: "ICC version: 4.4 (default) or 2 (written as 2.1).")
        var iccVersion = ICCVersionArgument.v4_4

        @Option(name: .shortAndLong, help: "The output file.")
        var output: String

        @Option(help: "The profile description (default: the colour space's name).")
        var description: String?

        func run() throws {
            let space = colorSpace.value
            let profile: ICCProfile
            do {
                profile = try ICCProfile(colorSpace: space, version: iccVersion.value, description: description)
            } catch {
                try Diagnostics.fail("cannot create a profile for \(space.name): \(error)", status: 1)
            }
            try OutputFile.write(Data(profile.bytes), to: output)
            print(
                "wrote \(TextSanitizer.sanitize(output)): \(space.name), ICC \(profile.header.version), \(profile.bytes.count) bytes"
                    + (profile.cicp.map { ", cicp \($0)" } ?? ""))
        }
    }
}
