import Foundation

/// The command-line tools tests compare with (ffmpeg, ffprobe, exiftool): found on PATH and run with their standard
/// output captured.
public enum ExternalTool {
    /// The path of the executable `name` in a folder of PATH (`/usr/bin:/bin` when PATH is unset), or nil.
    public static func path(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the executable at `path` with `arguments` to its end; returns its standard output and exit status
    /// (standard error discarded).
    public static func run(_ path: String, _ arguments: [String]) throws -> (output: Data, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (data, process.terminationStatus)
    }
}
