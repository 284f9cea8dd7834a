import SignalCoding
import HalfFloat
import Testing

@testable import PixelBuffers

/// Unpacking to planar floats and packing back (ITU-R BT.2100 Table 9 quantisation through ColorSpaces).
@Suite struct UnpackPackTests {
    /// A size at which every channel of `format` sees every code (see `TestImages.fillAllCodes`), kept small.
    func sizeCoveringAllCodes(_ format: PixelFormat) -> (width: Int, height: Int) {
        let codes = 1 << max(format.bitDepth, 2)
        let s = format.chromaSubsampling ?? .s444
        let width = 128 * s.horizontalFactor + 1  // odd, so the last chroma sample covers one column
        let rows = (codes + 127) / 128
        return (width, rows * s.verticalFactor - (s.verticalFactor - 1))  // odd for 4:2:0
    }

    /// Every integer code of every integer format survives unpack → pack exactly, in bands, with padding untouched.
    @Test(arguments: TestImages.integerFormats)
    func everyCodeRoundTrips(format: PixelFormat) throws {
        let (w, h) = sizeCoveringAllCodes(format)
        let a = try TestImages.PaddedImage(format: format, width: w, height: h, extra: 2, fill: 0)
        TestImages.fillAllCodes(a.view)
        let b = try TestImages.PaddedImage(format: format, width: w, height: h, extra: 2, fill: 0xC3)
        var work = try WorkingBuffer(for: format, width: w, rowCapacity: 16)
        for start in stride(from: 0, to: h, by: 16) {
            let rows = start..<min(start + 16, h)
            try a.view.readOnly.unpack(rows: rows, into: &work)
            try b.view.pack(rows: rows, from: work)
        }
        #expect(TestImages.bytes(b.view.readOnly) == TestImages.bytes(a.view.readOnly), "\(format)")
        let plane = b.view.plane(0)
        let pad = UnsafeRawBufferPointer(
            start: plane.baseAddress + plane.rowByteCount, count: 2 * format.bytesPerSample)
        #expect(pad.allSatisfy { $0 == 0xC3 })
    }

    /// Unpacked values equal ColorSpaces' `Quantization.dequantize` of the codes (x420: 64 → 0, 940 → 1, 512 → 0).
    @Test func valuesMatchQuantization() throws {
        for name in ["x420", "xf20", "420v", "420f", "sv44"] {
            let format = try #require(PixelFormat(fourCC: name))
            let q = try Quantization(bitDepth: format.bitDepth, range: format.range!)
            let (w, h) = sizeCoveringAllCodes(format)
            let a = try TestImages.PaddedImage(format: format, width: w, height: h, extra: 0, fill: 0)
            TestImages.fillAllCodes(a.view)
            var work = try WorkingBuffer(for: format, width: w, rowCapacity: 2)
            try a.view.readOnly.unpack(rows: 0..<2, into: &work)
            for x in 0..<w {
                let luma = Double(work.row(1, plane: 0)[x])
                #expect(abs(luma - q.dequantize(luma: (w + x) % (q.maxCode + 1))) < 1e-6, "\(name) Y′ \(x)")
            }
            for x in 0..<work.planeWidth(2) {
                let cr = Double(work.row(0, plane: 2)[x])
                #expect(abs(cr - q.dequantize(chroma: (x + 14) % (q.maxCode + 1))) < 1e-6, "\(name) Cr \(x)")
            }
        }
        // 'x420' nominal codes, directly.
        let x420 = PixelFormat(fourCC: "x420")!
        let a = try TestImages.PaddedImage(format: x420, width: 2, height: 2, extra: 0, fill: 0)
        // Junk in the low 6 bits is ignored.
        _ = a.view.plane(0).row(0, as: UInt16.self).update(fromContentsOf: [64 << 6, 940 << 6 | 0x3F] as [UInt16])
        _ = a.view.plane(1).row(0, as: UInt16.self).update(fromContentsOf: [512 << 6, 960 << 6] as [UInt16])
        var work = try WorkingBuffer(for: x420, width: 2, rowCapacity: 2)
        try a.view.readOnly.unpack(rows: 0..<2, into: &work)
        #expect(Array(work.row(0, plane: 0)) == [0, 1])
        #expect(work.row(0, plane: 1)[0] == 0 && work.row(0, plane: 2)[0] == 0.5)
        #expect(work.planeWidth(1) == 1 && work.planeRowCount(1) == 1)
    }

    /// RGB: alpha is full range and 1 when absent; 'w30r' is XR10 ((code − 384) / 510); 'l10r' alpha is 2 bits.
    @Test func rgbValues() throws {
        let w30r = try TestImages.PaddedImage(format: .xrgb2101010ExtendedRange, width: 2, height: 1, extra: 0, fill: 0)
        _ = w30r.view.plane(0).row(0, as: UInt32.self).update(
            fromContentsOf: [384 << 20 | 894 << 10 | 0, 1023] as [UInt32])
        var work = try WorkingBuffer(for: .xrgb2101010ExtendedRange, width: 2, rowCapacity: 1)
        try w30r.view.readOnly.unpack(rows: 0..<1, into: &work)
        #expect(work.row(0, plane: 0)[0] == 0 && work.row(0, plane: 1)[0] == 1)
        #expect(work.row(0, plane: 2)[0] == Float(-384.0 / 510) && work.row(0, plane: 2)[1] == Float(639.0 / 510))
        #expect(Array(work.row(0, plane: 3)) == [1, 1])
        let l10r = try TestImages.PaddedImage(format: .argb2101010, width: 1, height: 1, extra: 0, fill: 0)
        l10r.view.plane(0).row(0, as: UInt32.self)[0] = 2 << 30 | 1023 << 20
        var w2 = try WorkingBuffer(for: .argb2101010, width: 1, rowCapacity: 1)
        try l10r.view.readOnly.unpack(rows: 0..<1, into: &w2)
        #expect(w2.row(0, plane: 0)[0] == 1 && w2.row(0, plane: 3)[0] == Float(2.0 / 3))
        let bgra = try TestImages.PaddedImage(format: .bgra8, width: 1, height: 1, extra: 0, fill: 0)
        _ = bgra.view.plane(0).row(0, as: UInt8.self).update(fromContentsOf: [255, 51, 0, 102] as [UInt8])
        try bgra.view.readOnly.unpack(rows: 0..<1, into: &w2)
        #expect([0, 1, 2, 3].map { w2.row(0, plane: $0)[0] } == [0, 0.2, 1, 0.4])
    }

    /// Out-of-range values clamp to the container on pack; NaN becomes the code of zero; narrow-range head- and
    /// footroom survive.
    @Test func packClampsOutOfRangeValues() throws {
        let x420 = PixelFormat(fourCC: "x420")!
        var work = try WorkingBuffer(for: x420, width: 6, rowCapacity: 2)
        try work.setBand(rowCount: 2)
        let luma: [Float] = [-1, 2, .nan, 1.09, -0.07, .infinity]
        for r in 0..<2 { _ = work.mutableRow(r, plane: 0).update(fromContentsOf: luma) }
        _ = work.mutableRow(0, plane: 1).update(fromContentsOf: [-1, .nan, 0.51] as [Float])
        _ = work.mutableRow(0, plane: 2).update(fromContentsOf: [1, -.infinity, -0.5] as [Float])
        let out = try TestImages.PaddedImage(format: x420, width: 6, height: 2, extra: 0, fill: 0)
        try out.view.pack(rows: 0..<2, from: work)
        let y = out.view.plane(0).row(1, as: UInt16.self).map { $0 >> 6 }
        // 1.09 → 64 + 876·1.09 = 1018.84 → 1019; −0.07 → 2.68 → 3.
        #expect(y == [0, 1023, 64, 1019, 3, 1023])
        let c = out.view.plane(1).row(0, as: UInt16.self).map { $0 >> 6 }
        #expect(c == [0, 1023, 512, 0, 969, 64])  // Cb, Cr pairs; 0.51 → 512 + 896·0.51 = 968.96 → 969
        #expect(out.view.plane(0).row(0, as: UInt16.self).allSatisfy { $0 & 0x3F == 0 })
        // Rounding half away from zero, as Quantization: full-range 8-bit 0.5 → 127.5 → 128.
        var w8 = try WorkingBuffer(for: .rgba8, width: 1, rowCapacity: 1)
        try w8.setBand(rowCount: 1)
        for p in 0..<4 { w8.mutableRow(0, plane: p)[0] = [0.5, 0.25, 1.5 / 255, 0.0019607844][p] }
        let rgba = try TestImages.PaddedImage(format: .rgba8, width: 1, height: 1, extra: 0, fill: 0)
        try rgba.view.pack(rows: 0..<1, from: w8)
        let q = try Quantization(bitDepth: 8, range: .full)
        #expect(
            Array(rgba.view.plane(0).row(0, as: UInt8.self))
                == [0.5, 0.25, 1.5 / 255, 0.0019607844].map { UInt8(q.quantize(luma: $0)) })
    }

    /// Half floats: every non-NaN binary16 pattern survives unpack → pack; floats are stored as they are.
    @Test func floatFormatsRoundTrip() throws {
        let width = 1024
        let half = try TestImages.PaddedImage(format: .rgbaHalf, width: width, height: 16, extra: 0, fill: 0)
        for r in 0..<16 {
            let row = half.view.plane(0).row(r, as: UInt16.self)
            for i in 0..<row.count {
                let bits = UInt16(r * row.count + i)
                row[i] = bits & 0x7C00 == 0x7C00 && bits & 0x03FF != 0 ? 0 : bits  // NaNs → 0
            }
        }
        var work = try WorkingBuffer(for: .rgbaHalf, width: width, rowCapacity: 16)
        try half.view.readOnly.unpack(rows: 0..<16, into: &work)
        #expect(work.row(0, plane: 0)[1] == HalfFloat.float(fromBits: 4))
        let back = try TestImages.PaddedImage(format: .rgbaHalf, width: width, height: 16, extra: 0, fill: 1)
        try back.view.pack(rows: 0..<16, from: work)
        #expect(TestImages.bytes(back.view.readOnly) == TestImages.bytes(half.view.readOnly))
        // Floats out of range and NaN are stored unchanged.
        var wf = try WorkingBuffer(for: .rgbaFloat, width: 1, rowCapacity: 1)
        try wf.setBand(rowCount: 1)
        for p in 0..<4 { wf.mutableRow(0, plane: p)[0] = [-0.25, 7.5, .nan, 1][p] }
        let f = try TestImages.PaddedImage(format: .rgbaFloat, width: 1, height: 1, extra: 0, fill: 0)
        try f.view.pack(rows: 0..<1, from: wf)
        let stored = f.view.plane(0).row(0, as: Float.self)
        #expect(stored[0] == -0.25 && stored[1] == 7.5 && stored[2].isNaN && stored[3] == 1)
    }

    @Test func workingBufferMismatchesThrow() throws {
        let x420 = PixelFormat(fourCC: "x420")!
        let a = try TestImages.PaddedImage(format: x420, width: 8, height: 8, extra: 0, fill: 0)
        var rgb = try WorkingBuffer(for: .bgra8, width: 8, rowCapacity: 8)
        #expect(
            throws: PixelBufferError.workingBufferMismatch(
                planeCount: 4, width: 8, rowCapacity: 8, requiredPlaneCount: 3, requiredWidth: 8, requiredRows: 4)
        ) {
            try a.view.readOnly.unpack(rows: 0..<4, into: &rgb)
        }
        var short = try WorkingBuffer(for: x420, width: 8, rowCapacity: 2)
        #expect(
            throws: PixelBufferError.workingBufferMismatch(
                planeCount: 3, width: 8, rowCapacity: 2, requiredPlaneCount: 3, requiredWidth: 8, requiredRows: 4)
        ) {
            try a.view.readOnly.unpack(rows: 0..<4, into: &short)
        }
        var w422 = try WorkingBuffer(for: PixelFormat(fourCC: "x422")!, width: 8, rowCapacity: 8)
        #expect(throws: PixelBufferError.self) { try a.view.readOnly.unpack(rows: 0..<4, into: &w422) }
        #expect(throws: PixelBufferError.misalignedBand(start: 1, verticalSubsampling: 2)) {
            try a.view.readOnly.unpack(rows: 1..<3, into: &short)
        }
        try a.view.readOnly.unpack(rows: 0..<2, into: &short)
        #expect(throws: PixelBufferError.self) { try a.view.pack(rows: 0..<4, from: short) }
        #expect(throws: PixelBufferError.rowsOutOfBounds(lowerBound: 0, upperBound: 3, height: 2)) {
            try short.setBand(rowCount: 3)
        }
        // A planar working buffer fits both the planar and biplanar layouts of one subsampling.
        let p420 = try TestImages.PaddedImage(
            format: try .planarYCbCr(.s420, bitDepth: 8, range: .narrow),
            width: 8, height: 8, extra: 0, fill: 0)
        try a.view.readOnly.unpack(rows: 0..<2, into: &short)
        try p420.view.pack(rows: 0..<2, from: short)
    }

    /// A copied working buffer is independent (copy-on-write).
    @Test func workingBufferCopyOnWrite() throws {
        var a = try WorkingBuffer(for: .rgbaFloat, width: 4, rowCapacity: 2)
        try a.setBand(rowCount: 2)
        a.mutableRow(1, plane: 3)[2] = 5
        var b = a
        b.mutableRow(1, plane: 3)[2] = 6
        #expect(a.row(1, plane: 3)[2] == 5 && b.row(1, plane: 3)[2] == 6)
    }
}
