import Foundation
import TestSupport

/// The `hdrcolor` command lines of a DocC article's `bash` blocks, and running one as printed (`sh -c`, the built
/// tool first on PATH) in a folder: for the tests that keep an article's commands true.
enum ArticleCommands {
    /// The lines of `article`'s `bash` blocks that start with `hdrcolor `, trimmed.
    static func lines(of article: URL) throws -> [String] {
        CIArticleTests.blocks("bash", in: try String(contentsOf: article, encoding: .utf8))
            .flatMap { $0.split(separator: "\n") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("hdrcolor ") }
    }

    /// Runs `line` with `sh -c` in `folder`, output discarded; its exit status.
    static func run(_ line: String, in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.environment = ["PATH": MovieTree.path]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
