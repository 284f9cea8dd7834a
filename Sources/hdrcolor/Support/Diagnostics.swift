import ArgumentParser
import Foundation
import HDRColor

/// The one place commands report errors: `error: …` on standard error, then an exit status.
enum Diagnostics {
    /// Writes `error: message` (sanitised) to standard error.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(TextSanitizer.sanitize(message))\n".utf8))
    }

    /// Writes a note to standard error (progress, skipped steps).
    static func note(_ message: String) {
        FileHandle.standardError.write(Data(message.utf8))
    }

    /// Reports `message` and ends the command with `status`.
    static func fail(_ message: String, status: Int32) throws -> Never {
        error(message)
        throw ExitCode(status)
    }

    /// Whether standard error is a terminal (progress display).
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
