import ArgumentParser
import Foundation
import HDRColor

/// `hdrcolor`: the HDRColor command-line tool.
@main
struct HDRColorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hdrcolor",
        abstract: "Colour science for HDR images: transfer functions, colour spaces, tone mapping and ICC/CICP tags.",
        discussion: """
            Exit status: 0 on success, 1 for findings or invalid input, 2 for a file that cannot be read, \
            64 for a usage error (2 for `validate`, so CI scripts see one code for "could not check").
            """,
        version: "0.1.0",
        subcommands: [
            Demo.self, Inspect.self, Validate.self, Tag.self, Convert.self, LUT.self, Profile.self, Plot.self,
            Report.self, HDR10Plus.self, Shader.self, Join.self,
        ]
    )

    /// Runs the command; every error, usage errors included, ends through ``Diagnostics/exit(for:)``.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            Diagnostics.exit(for: error)
        }
    }
}
