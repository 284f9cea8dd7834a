import Foundation
import Testing
import VideoFiles
import VideoTestSupport

extension VideoFilesSuite {
    /// Display matrices (`tkhd`) read, written and turned into a rotation as FFmpeg reports it.
    @Suite("Display matrix and metadata")
    struct DisplayMatrixTests {
        init() { FFmpegLogLevel.quiet.apply() }

        @Test("rotation: identity 0°, an upright phone −90°, the other way 90°, upside down 180°; nine coefficients")
        func rotation() {
            let one: Int32 = 0x1_0000
            let w: Int32 = 0x4000_0000
            #expect(DisplayMatrix.identity.rotation == 0 && DisplayMatrix.identity.isIdentity)
            #expect(DisplayMatrix(coefficients: [0, one, 0, -one, 0, 0, 0, 0, w])?.rotation == -90)
            #expect(DisplayMatrix(coefficients: [0, -one, 0, one, 0, 0, 0, 0, w])?.rotation == 90)
            #expect(abs(abs(DisplayMatrix(coefficients: [-one, 0, 0, 0, -one, 0, 0, 0, w])!.rotation!) - 180) < 1e-9)
            #expect(DisplayMatrix(coefficients: [0, 0, 0, 0, 0, 0, 0, 0, w])?.rotation == nil)
            #expect(DisplayMatrix(coefficients: [one, 0, 0]) == nil)
        }

        @Test(
            "a written display matrix and metadata read back (MP4), and Matroska lists the matrix as not carried",
            arguments: ["mp4", "mkv"])
        func roundTrip(_ container: String) throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var settings = MovieTestSupport.hevcSettings()
            let matrix = try #require(
                DisplayMatrix(coefficients: [0, -0x1_0000, 0, 0x1_0000, 0, 0, 0, 0, 0x4000_0000]))
            settings.displayMatrix = matrix
            settings.streamMetadata = [MovieMetadataItem(key: "language", value: "fra")]
            let url = folder.appendingPathComponent("m.\(container)")
            let writer = try MovieWriter(
                url: url, settings: settings,
                metadata: [MovieMetadataItem(key: "com.apple.quicktime.make", value: "Apple")])
            try MovieTestSupport.pqFrame().withView { try writer.append($0, encoding: settings.encoding) }
            try writer.finish()
            let reader = try MovieReader(contentsOf: url)
            #expect(reader.videoStream.metadata.contains(MovieMetadataItem(key: "language", value: "fra")))
            let make = reader.containerMetadata.first { $0.key.lowercased() == "com.apple.quicktime.make" }
            #expect(make?.value == "Apple")
            if container == "mp4" {
                #expect(reader.videoStream.displayMatrix == matrix && writer.omissions.isEmpty)
            } else {
                #expect(reader.videoStream.displayMatrix == nil)
                #expect(
                    writer.omissions == [
                        MovieOmission(
                            what: "rotation 90°",
                            reason: "FFmpeg 5.1's matroska muxer writes no display matrix; write .mp4 or .mov")
                    ])
            }
        }
    }
}
