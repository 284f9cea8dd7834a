import Foundation
import TestSupport

/// Runs the `hdrcolor` executable that SwiftPM built beside the test bundle, as a user would.
struct CommandLineTool {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The built `hdrcolor` executable (the test target depends on it, so it is built first).
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // Swift Testing may run from inside the `.xctest` bundle on some platforms.
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("hdrcolor").path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("hdrcolor")
    }()

    /// Runs `hdrcolor` with `arguments` and waits for it; `environment` adds to (or replaces) this process's variables;
    /// `directory` is its working directory (default: this process's).
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws
        -> Result
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        // Standard error goes to a file, so that neither stream can fill its pipe and block the child while the
        // other is being read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hdrcolor-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errorHandle
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: stdout, as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
        )
    }

    /// A fresh temporary directory for output files.
    static func temporaryDirectory() throws -> URL {
        try TemporaryFolder.make("command-line")
    }
}
