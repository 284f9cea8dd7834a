import Foundation
import ICC
import TestSupport
import Testing

/// Real-world profiles installed by Debian packages (icc-profiles-free, colord-data); tests skip visibly without them.
enum SystemProfiles {
    static let directory = URL(fileURLWithPath: "/usr/share/color/icc")

    /// The profile at `relativePath` under /usr/share/color/icc, or nil (with a printed skip note) when absent.
    static func load(_ relativePath: String) throws -> ICCProfile? {
        let url = directory.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            print("note: skipping \(relativePath): not installed (apt-get install icc-profiles-free colord-data)")
            return nil
        }
        return try ICCProfile(contentsOf: url)
    }

    /// Every .icc/.icm file under /usr/share/color/icc (recursively); empty, with a printed note, when none.
    static func allURLs() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        let urls = (enumerator?.allObjects as? [URL] ?? []).filter {
            ["icc", "icm"].contains($0.pathExtension.lowercased())
        }
        if urls.isEmpty { print("note: no ICC profiles under \(directory.path); real-profile tests skip") }
        return urls.sorted { $0.path < $1.path }
    }
}
