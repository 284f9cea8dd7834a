// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import HDRColor
import TestSupport
import Testing

/// "Validating HDR video in CI": the Swift block, on the movie fixture the article calls `masters/hdr10.mp4`
/// (`Tests/Fixtures/movies/x265-pq-hdr10.mp4`; the test reads it by its fixture path).
extension ArticleExamplesTests {
    @Test("Validating HDR video in CI")
    func validatingHDRVideo() throws {
        let master = Fixtures.url("movies/x265-pq-hdr10.mp4")
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        func URL(fileURLWithPath path: String) -> URL { path == "masters/hdr10.mp4" ? master : Foundation.URL(fileURLWithPath: path) }

        let tags = try ColorTagging(contentsOf: URL(fileURLWithPath: "masters/hdr10.mp4"))
        for track in tags.images where track.video != nil {
            print(track.role, track.effective.summary, track.hlsVideoRange?.rawValue ?? "no VIDEO-RANGE")
            for display in track.masteringDisplay {
                print(display.location.container, display.value.maximumLuminance)  // …/hvcC SEI 137 (…) 1000.0
            }
        }
        let findings = tags.findings(options: ValidationOptions(requirements: [.hdr10]))

        #expect(findings.isEmpty)
        #expect(printed.first?.hasPrefix("video track 1 9/16/9/0") == true && printed.first?.hasSuffix("PQ") == true)
        #expect(printed.last?.hasSuffix("SEI 137 (mastering display colour volume) 1000.0") == true)
    }
}
