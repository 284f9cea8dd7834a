import ArgumentParser
import Foundation
import HDRColor
import MediaSyntax

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

    /// Ends the process for an error a command threw or ArgumentParser raised: help and version text on standard
    /// output with status 0; anything else on standard error, each line sanitised (arguments are echoed in usage
    /// errors), with ArgumentParser's status (64 for usage errors, except `validate`, whose usage errors exit 2 as
    /// its help documents, so that CI scripts see one code for "could not check").
    static func exit(for error: any Error) -> Never {
        var status = HDRColorCommand.exitCode(for: error).rawValue
        let message = HDRColorCommand.fullMessage(for: error)
        if status == 0 {
            if !message.isEmpty { print(message) }
        } else {
            if !message.isEmpty {
                let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { TextSanitizer.sanitize(String($0)) }
                FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            }
            if status == ExitCode.validationFailure.rawValue, CommandLine.arguments.dropFirst().first == "validate" {
                status = 2
            }
        }
        Foundation.exit(status)
    }

    /// Whether standard error is a terminal (progress display).
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
