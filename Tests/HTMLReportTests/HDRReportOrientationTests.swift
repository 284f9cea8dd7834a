import Foundation
import ImageFiles
@testable import HTMLReport
import MediaConversion
import PixelBuffers
import Testing
import VideoFiles
import VideoTestSupport

/// A movie's display matrix in the report: the picture, its SDR rendering and its false-colour map turned as players
/// turn the movie.
@Suite("HDR report: display matrix")
struct HDRReportOrientationTests {
    /// `tkhd` matrices (a b u / c d v / x y w): an upright phone (−90°), +90°, 180° and a mirror image.
    static func matrix(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) -> DisplayMatrix {
        DisplayMatrix(coefficients: [a * 0x1_0000, b * 0x1_0000, 0, c * 0x1_0000, d * 0x1_0000, 0, 0, 0, 0x4000_0000])!
    }

    /// A 3×2 frame whose pixels A … F hold 1 … 6 in every channel, row by row: A B C / D E F.
    static func letters() throws -> LinearFrame {
        var pixels = try PixelBuffer(format: .rgbaFloat, width: 3, height: 2)
        pixels.withMutableView { view in
            for y in 0..<2 {
                let row = view.plane(0).row(y, as: Float.self)
                for x in 0..<3 { for c in 0..<4 { row[4 * x + c] = Float(1 + 3 * y + x) } }
            }
        }
        return try LinearFrame(pixels: pixels)
    }

    /// The frame's pixels row by row, by their letters' numbers.
    static func rows(_ frame: LinearFrame) -> [[Int]] {
        frame.pixels.withView { view in
            (0..<view.height).map { y in
                let row = view.plane(0).row(y, as: Float.self)
                return (0..<view.width).map { Int(row[4 * $0]) }
            }
        }
    }

    @Test("quarter turns and mirror images as players show them: −90° (an upright phone) turns clockwise")
    func turns() throws {
        let frame = try Self.letters()
        let cases: [(DisplayMatrix, Double, [[Int]])] = [
            (.identity, 0, [[1, 2, 3], [4, 5, 6]]),
            (Self.matrix(0, 1, -1, 0), -90, [[4, 1], [5, 2], [6, 3]]),  // clockwise: D A / E B / F C
            (Self.matrix(0, -1, 1, 0), 90, [[3, 6], [2, 5], [1, 4]]),  // counterclockwise: C F / B E / A D
            (Self.matrix(-1, 0, 0, -1), -180, [[6, 5, 4], [3, 2, 1]]),
            (Self.matrix(-1, 0, 0, 1), -180, [[3, 2, 1], [6, 5, 4]]),  // left and right swapped
        ]
        for (matrix, rotation, expected) in cases {
            // FFmpeg's reading of the same matrix (av_display_rotation_get), as VideoFiles gives it.
            #expect(matrix.rotation == rotation, "\(matrix.coefficients)")
            #expect(Self.rows(frame.displayed(under: matrix)) == expected, "\(matrix.coefficients)")
        }
    }

    @Test("an upright phone's HDR movie: picture, SDR rendering and false-colour map stand upright")
    func uprightMovie() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = MovieTestSupport.hevcSettings()
        settings.displayMatrix = Self.matrix(0, 1, -1, 0)
        // Stored 320×128: grey patches 10, 100, 203, 500, 1000 cd/m² along the top, colour patches below (the last a
        // yellow of 688 cd/m²); the brightest frame (index 2) is scaled by 1.04.
        let frames = try (0..<3).map { try MovieTestSupport.pqFrame(index: $0) }
        let movie = try MovieTestSupport.write(frames, settings: settings, to: folder.appendingPathComponent("up.mp4"))
        let report = try HDRReport(contentsOf: movie)
        #expect(report.size == (128, 320) && report.displayMatrix == settings.displayMatrix)
        #expect(report.frame.width == 128 && report.frame.height == 320)
        // Turned clockwise, the top row becomes the right column, left to right becoming top to bottom.
        #expect(abs(report.frame.luminance(x: 96, y: 288) - 1040) < 60)
        #expect(abs(report.frame.luminance(x: 96, y: 32) - 10.4) < 2)
        let pictures = try report.pictures()
        let png = { (name: String) throws -> DecodedImage in
            try ImageFile.decode([UInt8](try #require(pictures.first { $0.name == name }).data))
        }
        let (sdr, falseColor) = (try png("sdr.png"), try png("false-colour.png"))
        #expect(sdr.width == 128 && sdr.height == 320 && falseColor.width == 128 && falseColor.height == 320)
        let scale = FalseColorScale()
        let colour = { (x: Int, y: Int) -> SIMD3<UInt8> in
            let p = falseColor.pixels.pixel(x: x, y: y)
            return SIMD3(UInt8((p.x * 255).rounded()), UInt8((p.y * 255).rounded()), UInt8((p.z * 255).rounded()))
        }
        #expect(colour(96, 288) == scale.bands[2].color)  // 1040 cd/m²: orange, bottom right
        #expect(colour(96, 224) == scale.bands[1].color)  // 520 cd/m²: yellow, above it
        #expect(colour(32, 288) == scale.bands[1].color)  // the yellow colour patch, left of it
        let grey = colour(96, 32)  // 10.4 cd/m²: dark grey, top right
        #expect(grey.x == grey.y && grey.y == grey.z && grey.x < 80, "\(grey)")
        #expect(sdr.pixels.pixel(x: 96, y: 288).y > sdr.pixels.pixel(x: 96, y: 32).y + 0.5)
        #expect(try report.html().contains("128×320 as displayed (display matrix: rotation −90°)"))
    }
}
