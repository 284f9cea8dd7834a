import SignalCoding
import PixelBuffers
import PixelConversion
import Testing
import VideoFiles

/// `FrameScaler`: sizes, flat fields kept, and chroma siting honoured on both sides.
@Suite("Frame scaler")
struct FrameScalerTests {
    static let format = try! PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .narrow)

    /// A 64×16 10-bit 4:2:0 frame: Y′ 500, Cb a horizontal ramp 100 + 10·x over its 32 columns, Cr 512.
    static func ramp() throws -> PixelBuffer {
        var buffer = try PixelBuffer(format: format, width: 64, height: 16)
        buffer.withMutableView { view in
            for y in 0..<16 { for x in 0..<64 { view.plane(0).row(y, as: UInt16.self)[x] = 500 } }
            for y in 0..<8 {
                for x in 0..<32 {
                    view.plane(1).row(y, as: UInt16.self)[x] = UInt16(100 + 10 * x)
                    view.plane(2).row(y, as: UInt16.self)[x] = 512
                }
            }
        }
        return buffer
    }

    /// Cb of row 2 after halving the ramp with chroma sited at `location`.
    static func halved(_ location: ChromaLocation) throws -> [Int] {
        let source = try ramp()
        var destination = try PixelBuffer(format: format, width: 32, height: 8)
        let scaler = try FrameScaler(
            format: format, sourceWidth: 64, sourceHeight: 16, width: 32, height: 8, chromaLocation: location)
        try source.withView { s in try destination.withMutableView { d in try scaler.scale(s, into: d) } }
        return destination.withView { view in
            #expect(view.plane(0).row(3, as: UInt16.self).allSatisfy { $0 == 500 }, "flat luma stays flat")
            #expect(view.plane(2).row(1, as: UInt16.self).allSatisfy { $0 == 512 }, "flat chroma stays flat")
            return view.plane(1).row(2, as: UInt16.self).map(Int.init)
        }
    }

    /// Halving maps output luma column i onto source column 2i + 1/2 (sample centres aligned). A chroma sample
    /// co-sited left sits on luma column 2j, so output chroma j reads source chroma 2j + 1/4; centred chroma sits on
    /// 2j + 1/2 and reads source chroma 2j + 1/2.
    @Test("chroma co-sited left lands on source chroma 2j + 1/4, centred chroma on 2j + 1/2: the siting is honoured")
    func siting() throws {
        let left = try Self.halved(.left)
        let center = try Self.halved(.center)
        for j in 3..<13 {  // away from the edges, where Lanczos reproduces a linear ramp
            #expect(abs(Double(left[j]) - (102.5 + 20 * Double(j))) <= 1, "left \(j): \(left[j])")
            #expect(abs(Double(center[j]) - (105 + 20 * Double(j))) <= 1, "center \(j): \(center[j])")
        }
        #expect(try Self.halved(.topLeft)[5] == left[5], "top-left is left horizontally")
    }

    @Test("a view of another size or format is refused with the sizes")
    func mismatch() throws {
        let scaler = try FrameScaler(
            format: Self.format, sourceWidth: 64, sourceHeight: 16, width: 32, height: 8, chromaLocation: .left)
        let source = try Self.ramp()
        var wrong = try PixelBuffer(format: Self.format, width: 30, height: 8)
        #expect(throws: VideoFilesError.self) {
            try source.withView { s in try wrong.withMutableView { d in try scaler.scale(s, into: d) } }
        }
        #expect(throws: VideoFilesError.self) {
            _ = try FrameScaler(
                format: Self.format, sourceWidth: 0, sourceHeight: 16, width: 32, height: 8, chromaLocation: .left)
        }
    }
}
