import ArgumentParser
import HDRColor

/// `hdrcolor`: the HDRColor command-line tool.
@main
struct HDRColorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hdrcolor",
        abstract: "Colour science for HDR images: transfer functions, colour spaces, tone mapping and ICC/CICP tags.",
        discussion: """
            Exit status: 0 on success, 1 for findings or invalid input, 2 for a file that cannot be read, \
            64 for a usage error.
            """,
        version: "0.1.0",
        subcommands: [Demo.self, Inspect.self, Profile.self, Plot.self]
    )
}
