import ArgumentParser
import HDRColor

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the built-in example: tables of the transfer functions and matrices."
    )

    func run() throws {
        print("PQ 203 cd/m2 ->", PQ.inverseEOTF(203))
    }
}
