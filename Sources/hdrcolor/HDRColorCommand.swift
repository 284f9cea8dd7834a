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
        subcommands: [Demo.self, Inspect.self, Validate.self, Tag.self, Convert.self, Profile.self, Plot.self]
    )

    /// Runs the command; a usage error of `validate` exits 2 as its help documents, other commands keep 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let isValidate = CommandLine.arguments.dropFirst().first == "validate"
            if isValidate, exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
