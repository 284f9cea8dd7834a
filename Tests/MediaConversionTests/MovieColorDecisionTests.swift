import ColorSpaces
import ColorTags
import Foundation
import MediaConversion
import SignalCoding
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

/// One colour decision for `convert`, `validate` and `inspect`: a movie whose `colr` and VUI disagree is converted
/// as the colour `validate` reports (the container's), `--assume-cicp` overrides both, and an untagged movie keeps the
/// decoder's colour.
@Suite("Movie colour decision", .enabled(if: MovieTestSupport.hasFFmpeg))
struct MovieColorDecisionTests {
    init() { FFmpegLogLevel.quiet.apply() }

    static let mismatch = Fixtures.url("movies/x265-colr-vui-mismatch.mp4")  // colr 1/1/1, VUI 9/16/9

    @Test("the decision is validate's effective colour, --assume-cicp wins, untagged movies keep the decoder's")
    func decision() throws {
        let tags = try ColorTagging(contentsOf: Self.mismatch)
        let decided = MovieColorDecision(tags: tags, assumed: nil)
        #expect(decided.cicp == tags.primary.effective.cicp && decided.cicp.map { "\($0)" } == "1/1/1/0")
        guard case .tags(let source) = decided.origin else {
            Issue.record("\(decided.origin)")
            return
        }
        #expect(source.contains("colr (nclx)"))
        let assumed = MovieColorDecision(tags: tags, assumed: .bt2100PQ)
        #expect(assumed.cicp == .bt2100PQ && assumed.origin == .assumed)
        let untagged = MovieColorDecision(
            tags: try ColorTagging(contentsOf: Fixtures.url("movies/x264-untagged.mp4")), assumed: nil)
        #expect(untagged.cicp == nil && untagged.origin == .decoder)
    }

    @Test("convertMovie reads the frames as the decision says and reports it")
    func conversionFollowsTheDecision() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = ConversionRequest(colorSpace: .bt709)
        request.movie = ConversionRequest.Movie(codec: .h264, preset: "ultrafast", encoderThreadCount: 1)
        let asTagged = try MediaConverter(request: request).convertMovie(
            Self.mismatch, to: folder.appendingPathComponent("tagged.mp4"))
        #expect(asTagged.source.cicp == .bt709Video)
        #expect(asTagged.source.encoding.colorSpace.transferFunction != .pq)
        #expect(asTagged.sourceColor.summary.contains("as validate decides"))
        request.movie.assumedSourceColor = .bt2100PQVideo
        let assumed = try MediaConverter(request: request).convertMovie(
            Self.mismatch, to: folder.appendingPathComponent("assumed.mp4"))
        #expect(assumed.source.encoding.colorSpace.transferFunction == .pq)
        #expect(assumed.sourceColor.origin == .assumed && assumed.sourceColor.summary.contains("--assume-cicp"))
    }
}
