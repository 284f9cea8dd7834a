import Testing

@testable import PixelBuffers

/// View and buffer geometry: validation errors name the plane and the numbers.
@Suite struct GeometryTests {
    let x420 = PixelFormat(fourCC: "x420")!
    let i420 = PixelFormat(fourCC: "y420")!

    /// Runs `body` with 64-byte-aligned scratch memory.
    func withMemory<R>(_ bytes: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        let m = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 64)
        defer { m.deallocate() }
        return try body(m)
    }

    @Test func validViewsReportPlaneShapes() throws {
        try withMemory(1 << 16) { m in
            let luma = UnsafeMutableRawBufferPointer(rebasing: m[0..<8192])
            let chroma = UnsafeMutableRawBufferPointer(rebasing: m[8192..<16384])
            let view = try MutablePixelBufferView(
                format: x420, width: 7, height: 5,
                planes: [.init(bytes: luma, bytesPerRow: 32), .init(bytes: chroma, bytesPerRow: 64)])
            #expect(view.plane(0).width == 7 && view.plane(0).height == 5 && view.plane(0).rowByteCount == 14)
            #expect(view.plane(1).width == 4 && view.plane(1).height == 3 && view.plane(1).rowByteCount == 16)
            #expect(view.plane(1).row(2, as: UInt16.self).count == 8)
            #expect(view.plane(1).row(2).baseAddress == chroma.baseAddress! + 128)
            let band = try view.rows(2..<5)
            #expect(band.height == 3 && band.plane(1).height == 2)
            #expect(band.plane(0).row(0).baseAddress == luma.baseAddress! + 64)
            #expect(band.plane(1).row(0).baseAddress == chroma.baseAddress! + 64)
            #expect(view.readOnly.plane(0).baseAddress == UnsafeRawPointer(luma.baseAddress!))
        }
    }

    @Test func sizeErrors() throws {
        withMemory(4096) { m in
            let p = PixelBufferView.PlaneMemory(baseAddress: m.baseAddress!, bytesPerRow: 64)
            #expect(throws: PixelBufferError.invalidDimensions(width: 0, height: 4)) {
                try PixelBufferView(format: .bgra8, width: 0, height: 4, planes: [p])
            }
            #expect(throws: PixelBufferError.invalidDimensions(width: 4, height: -1)) {
                try PixelBufferView(format: .bgra8, width: 4, height: -1, planes: [p])
            }
            #expect(throws: PixelBufferError.dimensionsTooLarge(width: Int.max / 2, height: 2)) {
                try PixelBufferView(format: .rgbaFloat, width: Int.max / 2, height: 2, planes: [p])
            }
            #expect(throws: PixelBufferError.dimensionsTooLarge(width: 1 << 31, height: 1 << 31)) {
                try PixelBuffer(format: .rgbaFloat, width: 1 << 31, height: 1 << 31)
            }
        }
    }

    @Test func planeErrors() throws {
        try withMemory(1 << 16) { m in
            let base = UnsafeRawPointer(m.baseAddress!)
            let ok = PixelBufferView.PlaneMemory(baseAddress: base, bytesPerRow: 64)
            #expect(throws: PixelBufferError.wrongPlaneCount(format: x420, expected: 2, actual: 3)) {
                try PixelBufferView(format: x420, width: 8, height: 8, planes: [ok, ok, ok])
            }
            #expect(throws: PixelBufferError.wrongPlaneCount(format: i420, expected: 3, actual: 1)) {
                try PixelBufferView(format: i420, width: 8, height: 8, planes: [ok])
            }
            // 'x420' 31 pixels wide: luma rows are 62 bytes, chroma rows 16 × 4 = 64 bytes (ceil(31 / 2) = 16).
            let narrowChroma = PixelBufferView.PlaneMemory(baseAddress: base + 4096, bytesPerRow: 62)
            #expect(throws: PixelBufferError.bytesPerRowTooSmall(plane: 1, bytesPerRow: 62, minimum: 64)) {
                try PixelBufferView(format: x420, width: 31, height: 8, planes: [ok, narrowChroma])
            }
            #expect(throws: PixelBufferError.bytesPerRowTooSmall(plane: 0, bytesPerRow: 64, minimum: 68)) {
                try PixelBufferView(format: .bgra8, width: 17, height: 8, planes: [ok])
            }
            let odd = PixelBufferView.PlaneMemory(baseAddress: base + 1, bytesPerRow: 64)
            #expect(
                throws: PixelBufferError.misalignedBaseAddress(
                    plane: 0, address: UInt(bitPattern: base + 1), alignment: 2)
            ) {
                try PixelBufferView(format: x420, width: 8, height: 8, planes: [odd, ok])
            }
            let oddStride = PixelBufferView.PlaneMemory(baseAddress: base + 4096, bytesPerRow: 65)
            #expect(throws: PixelBufferError.misalignedBytesPerRow(plane: 1, bytesPerRow: 65, alignment: 2)) {
                try PixelBufferView(format: x420, width: 8, height: 8, planes: [ok, oddStride])
            }
            #expect(throws: PixelBufferError.misalignedBytesPerRow(plane: 0, bytesPerRow: 66, alignment: 4)) {
                try PixelBufferView(format: .argb2101010, width: 8, height: 8, baseAddress: base, bytesPerRow: 66)
            }
            // 8-bit planes take any address.
            _ = try PixelBufferView(
                format: i420, width: 8, height: 8,
                planes: [
                    odd, .init(baseAddress: base + 3, bytesPerRow: 5), .init(baseAddress: base + 7, bytesPerRow: 4),
                ])
            // Too few bytes: (8 − 1) rows × 64 + 16 needed.
            let short = PixelBufferView.PlaneMemory(
                bytes: UnsafeRawBufferPointer(rebasing: m[0..<400]), bytesPerRow: 64)
            #expect(throws: PixelBufferError.planeTooSmall(plane: 0, byteCount: 400, required: 7 * 64 + 16)) {
                try PixelBufferView(format: x420, width: 8, height: 8, planes: [short, ok])
            }
            let empty = PixelBufferView.PlaneMemory(
                bytes: UnsafeRawBufferPointer(start: nil, count: 0), bytesPerRow: 64)
            #expect(throws: PixelBufferError.planeTooSmall(plane: 1, byteCount: 0, required: 3 * 64 + 16)) {
                try PixelBufferView(format: x420, width: 8, height: 8, planes: [ok, empty])
            }
        }
    }

    @Test func cleanApertureAndBands() throws {
        var buffer = try PixelBuffer(
            format: x420, width: 9, height: 7, cleanAperture: .init(x: 1, y: 1, width: 8, height: 6))
        #expect(buffer.cleanAperture == CleanAperture(x: 1, y: 1, width: 8, height: 6))
        for bad in [
            CleanAperture(x: 2, y: 0, width: 8, height: 7), .init(x: 0, y: 0, width: 0, height: 1),
            .init(x: -1, y: 0, width: 1, height: 1), .init(x: 0, y: 6, width: 9, height: 2),
        ] {
            #expect(throws: PixelBufferError.cleanApertureOutOfBounds(bad, width: 9, height: 7)) {
                try PixelBuffer(format: x420, width: 9, height: 7, cleanAperture: bad)
            }
        }
        try buffer.withMutableView { view in
            #expect(view.cleanAperture?.width == 8)
            #expect(throws: PixelBufferError.misalignedBand(start: 1, verticalSubsampling: 2)) { try view.rows(1..<3) }
            #expect(throws: PixelBufferError.rowsOutOfBounds(lowerBound: 4, upperBound: 8, height: 7)) {
                try view.rows(4..<8)
            }
            #expect(throws: PixelBufferError.rowsOutOfBounds(lowerBound: 2, upperBound: 2, height: 7)) {
                try view.rows(2..<2)
            }
            let last = try view.rows(6..<7)
            #expect(last.height == 1 && last.plane(1).height == 1 && last.cleanAperture == nil)
        }
        // 4:2:2 bands may start on any row.
        let b422 = try PixelBuffer(format: PixelFormat(fourCC: "x422")!, width: 5, height: 5)
        let chromaRows = try b422.withView { view throws(PixelBufferError) in try view.rows(1..<4).plane(1).height }
        #expect(chromaRows == 3)
    }

    /// The owning buffer: planes on 64-byte boundaries, strides padded to 64 bytes, zero-filled, copy-on-write.
    @Test func owningBufferLayout() throws {
        for format in PixelFormat.allWithFourCC + [try .planarYCbCr(.s420, bitDepth: 10, range: .narrow)] {
            let buffer = try PixelBuffer(format: format, width: 33, height: 17)
            buffer.withView { view in
                for p in 0..<format.planeCount {
                    let plane = view.plane(p)
                    #expect(Int(bitPattern: plane.baseAddress) % 64 == 0, "\(format) plane \(p)")
                    #expect(plane.bytesPerRow % 64 == 0 && plane.bytesPerRow >= plane.rowByteCount)
                    #expect(plane.bytesPerRow == buffer.bytesPerRow(ofPlane: p))
                }
                #expect(TestImages.bytes(view, includingPadding: true).allSatisfy { $0 == 0 })
            }
        }
        var a = try PixelBuffer(format: .bgra8, width: 4, height: 4)
        let b = a
        a.withMutableView { $0.plane(0).row(0, as: UInt8.self)[0] = 9 }
        #expect(b.withView { $0.plane(0).row(0, as: UInt8.self)[0] } == 0)
        #expect(a.withView { $0.plane(0).row(0, as: UInt8.self)[0] } == 9)
    }

    @Test func errorDescriptionsNameTheNumbers() {
        #expect(
            PixelBufferError.bytesPerRowTooSmall(plane: 1, bytesPerRow: 62, minimum: 64).description
                == "plane 1: bytesPerRow 62 is smaller than the 64 bytes of a row")
        #expect(
            PixelBufferError.misalignedBytesPerRow(plane: 0, bytesPerRow: 3, alignment: 2).description.contains("3"))
        #expect(
            PixelBufferError.wrongPlaneCount(format: .bgra8, expected: 1, actual: 2).description
                == "format 'BGRA' has 1 plane, got 2")
    }
}
