import ArgumentParser
import HDRColor

@main
struct HDRColorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hdrcolor",
        abstract: "Colour science for HDR images: transfer functions, colour spaces, tone mapping and ICC/CICP tags.",
        subcommands: [Demo.self, Inspect.self, Profile.self, Plot.self]
    )
}
