import Foundation

/// Shared test fixtures in `Tests/Fixtures`, found relative to this source file so that every test target reads the
/// same files without copying them into bundles.
public enum Fixtures {
    /// The `Tests/Fixtures` directory.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The URL of a fixture file, e.g. `Fixtures.url("transfer-functions/pq.csv")`.
    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    /// The contents of a fixture file.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// The rows of a comma-separated fixture, skipping blank lines and lines starting with `#` (provenance comments).
    public static func csvRows(_ relativePath: String) throws -> [[Substring]] {
        let text = String(decoding: try data(relativePath), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
            return trimmed.split(separator: ",", omittingEmptySubsequences: false)
        }
    }
}
