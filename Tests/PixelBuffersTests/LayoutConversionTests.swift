import SignalCoding
import Testing

@testable import PixelBuffers

/// Layout conversions without colour change: planar ⇄ biplanar, alignment, bit depth, RGBA ⇄ BGRA, 10:10:10:2.
@Suite struct LayoutConversionTests {
    /// Converts `source` (filled with every code) to `middle` and back, checking the bytes come back unchanged, that
    /// the destination's row padding is untouched, and returns the middle image for further checks.
    @discardableResult
    func roundTrip(
        _ source: PixelFormat, via middle: PixelFormat, width: Int, height: Int
    ) throws -> TestImages.PaddedImage {
        let a = try TestImages.PaddedImage(format: source, width: width, height: height, extra: 3, fill: 0)
        TestImages.fillAllCodes(a.view)
        let b = try TestImages.PaddedImage(format: middle, width: width, height: height, extra: 5, fill: 0xA5)
        try a.view.readOnly.convertLayout(into: b.view)
        let c = try TestImages.PaddedImage(format: source, width: width, height: height, extra: 3, fill: 0x5A)
        try b.view.readOnly.convertLayout(into: c.view)
        #expect(TestImages.bytes(c.view.readOnly) == TestImages.bytes(a.view.readOnly), "\(source) via \(middle)")
        for image in [b, c] {
            // Padding after each row's pixels keeps its fill byte.
            let fill: UInt8 = image === b ? 0xA5 : 0x5A
            for p in 0..<image.format.planeCount {
                let plane = image.view.plane(p)
                for r in 0..<plane.height {
                    let pad = UnsafeRawBufferPointer(
                        start: plane.baseAddress + r * plane.bytesPerRow + plane.rowByteCount,
                        count: plane.bytesPerRow - plane.rowByteCount)
                    #expect(pad.allSatisfy { $0 == fill }, "\(image.format) plane \(p) row \(r)")
                }
            }
        }
        return b
    }

    /// Planar ⇄ biplanar for every subsampling, depth, range and alignment, at odd and even sizes (a software decoder's planar output to CoreVideo's biplanar layouts).
    @Test(arguments: PixelFormat.ChromaSubsampling.allCases)
    func planarBiplanarRoundTrips(subsampling s: PixelFormat.ChromaSubsampling) throws {
        for bits in [8, 10, 12, 16] {
            for range in SignalRange.allCases {
                for (pa, ba) in [
                    (PixelFormat.SampleAlignment.low, PixelFormat.SampleAlignment.high), (.low, .low), (.high, .high),
                ] {
                    let planar = try PixelFormat.planarYCbCr(s, bitDepth: bits, range: range, alignment: pa)
                    let biplanar = try PixelFormat.biplanarYCbCr(s, bitDepth: bits, range: range, alignment: ba)
                    for (w, h) in [(33, 17), (16, 8)] {
                        try roundTrip(planar, via: biplanar, width: w, height: h)
                        try roundTrip(biplanar, via: planar, width: w, height: h)
                    }
                }
            }
        }
    }

    /// The interleaved chroma plane is Cb, Cr, Cb, Cr …, and 'x420' holds the 10 bits in the high bits of 16.
    @Test func interleavingOrderAndP010Alignment() throws {
        let planar = try PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .narrow)
        let a = try TestImages.PaddedImage(format: planar, width: 4, height: 2, extra: 0, fill: 0)
        let v = a.view
        for x in 0..<4 { v.plane(0).row(0, as: UInt16.self)[x] = UInt16(64 + x) }
        v.plane(1).row(0, as: UInt16.self)[0] = 100
        v.plane(1).row(0, as: UInt16.self)[1] = 101
        v.plane(2).row(0, as: UInt16.self)[0] = 900
        v.plane(2).row(0, as: UInt16.self)[1] = 0xFC00 | 901  // junk above bit 9 is dropped
        let b = try TestImages.PaddedImage(format: PixelFormat(fourCC: "x420")!, width: 4, height: 2, extra: 0, fill: 0)
        try v.readOnly.convertLayout(into: b.view)
        #expect(Array(b.view.plane(1).row(0, as: UInt16.self)) == [100 << 6, 900 << 6, 101 << 6, 901 << 6])
        #expect(b.view.plane(0).row(0, as: UInt16.self)[3] == 67 << 6)
    }

    /// RGBA ⇄ BGRA swaps R and B; 8 ⇄ 16-bit RGBA re-quantise as full range (c·257 is exact widening).
    @Test func rgbaOrderAndDepth() throws {
        try roundTrip(.rgba8, via: .bgra8, width: 17, height: 16)
        try roundTrip(.bgra8, via: .rgba8, width: 16, height: 3)
        let wide = try roundTrip(.rgba8, via: .rgba16, width: 16, height: 16)
        let a = try TestImages.PaddedImage(format: .rgba8, width: 2, height: 1, extra: 0, fill: 0)
        _ = a.view.plane(0).row(0, as: UInt8.self).update(fromContentsOf: [1, 2, 3, 4, 255, 128, 0, 9] as [UInt8])
        let b = try TestImages.PaddedImage(format: .bgra8, width: 2, height: 1, extra: 0, fill: 0)
        try a.view.readOnly.convertLayout(into: b.view)
        #expect(Array(b.view.plane(0).row(0, as: UInt8.self)) == [3, 2, 1, 4, 0, 128, 255, 9])
        // Full-range widening: round(c·65535 / 255) = 257·c.
        let row = wide.view.plane(0).row(0, as: UInt16.self)
        #expect(row[0] == 0 && row[4] == 257 && row[5 * 4 + 1] == UInt16((5 + 7) * 257))
    }

    /// 10:10:10:2 words: 'l10r' bit layout (A 31–30, R 29–20, G 19–10, B 9–0, little-endian) and 'R10k'
    /// (big-endian R 31–22, G 21–12, B 11–2), round trips through 16-bit RGBA.
    @Test func packed1010102() throws {
        try roundTrip(.argb2101010, via: .rgba16, width: 40, height: 30)
        try roundTrip(.rgbx1010102BigEndian, via: .rgba16, width: 40, height: 30)
        try roundTrip(.rgbx1010102BigEndian, via: .argb2101010, width: 40, height: 30)
        let rgba = try TestImages.PaddedImage(format: .rgba16, width: 1, height: 1, extra: 0, fill: 0)
        // R = 1023, G = 512, B = 1 and A = 3 at 10/2 bits, as 16-bit full-range codes.
        _ = rgba.view.plane(0).row(0, as: UInt16.self).update(fromContentsOf: [65535, 32800, 64, 65535] as [UInt16])
        let l10r = try TestImages.PaddedImage(format: .argb2101010, width: 1, height: 1, extra: 0, fill: 0)
        try rgba.view.readOnly.convertLayout(into: l10r.view)
        let word = UInt32(littleEndian: l10r.view.plane(0).row(0, as: UInt32.self)[0])
        #expect(word == 3 << 30 | 1023 << 20 | 512 << 10 | 1)
        let r10k = try TestImages.PaddedImage(format: .rgbx1010102BigEndian, width: 1, height: 1, extra: 0, fill: 0xFF)
        try l10r.view.readOnly.convertLayout(into: r10k.view)
        #expect(Array(r10k.view.plane(0).row(0)) == [0xFF, 0xE0, 0x00, 0x04])  // 1023 << 22 | 512 << 12 | 1 << 2
    }

    /// Depth changes keep values: narrow range by shifts (exact widening; narrowing rounds half up), full range by
    /// rescaling; widening then narrowing returns every code.
    @Test func depthChanges() throws {
        for range in SignalRange.allCases {
            for (low, high) in [(8, 10), (10, 16), (8, 16), (10, 12)] {
                let small = try PixelFormat.planarYCbCr(.s444, bitDepth: low, range: range)
                let big = try PixelFormat.biplanarYCbCr(.s444, bitDepth: high, range: range)
                try roundTrip(small, via: big, width: 64, height: (1 << low) / 64)
            }
        }
        // Explicit codes: 8-bit narrow 16/235/128 → 10-bit 64/940/512; full range 255 → 1023, chroma 128 → 512.
        func convert(_ codes: [UInt8], _ range: SignalRange) throws -> [UInt16] {
            let a = try TestImages.PaddedImage(
                format: try .planarYCbCr(.s444, bitDepth: 8, range: range),
                width: codes.count, height: 1, extra: 0, fill: 0)
            for p in 0..<3 { _ = a.view.plane(p).row(0, as: UInt8.self).update(fromContentsOf: codes) }
            let b = try TestImages.PaddedImage(
                format: try .planarYCbCr(.s444, bitDepth: 10, range: range),
                width: codes.count, height: 1, extra: 0, fill: 0)
            try a.view.readOnly.convertLayout(into: b.view)
            return Array(b.view.plane(0).row(0, as: UInt16.self)) + Array(b.view.plane(1).row(0, as: UInt16.self))
        }
        #expect(try convert([16, 235, 128], .narrow) == [64, 940, 512, 64, 940, 512])
        // Full range: luma round(c·1023/255); chroma round((c − 128)·1023/255) + 512.
        #expect(try convert([0, 255, 128, 1], .full) == [0, 1023, 514, 4, 0, 1021, 512, 3])
        // Narrowing 10 → 8 narrow range rounds half up: 65 → 16, 66 → 17 (16.5), 1023 → 255 (clamped).
        let ten = try TestImages.PaddedImage(
            format: try .planarYCbCr(.s444, bitDepth: 10, range: .narrow),
            width: 3, height: 1, extra: 0, fill: 0)
        for p in 0..<3 {
            _ = ten.view.plane(p).row(0, as: UInt16.self).update(fromContentsOf: [65, 66, 1023] as [UInt16])
        }
        let eight = try TestImages.PaddedImage(
            format: PixelFormat(fourCC: "444v")!, width: 3, height: 1, extra: 0, fill: 0)
        try ten.view.readOnly.convertLayout(into: eight.view)
        #expect(Array(eight.view.plane(0).row(0, as: UInt8.self)) == [16, 17, 255])
    }

    @Test func halfAndFloat() throws {
        let half = try TestImages.PaddedImage(format: .rgbaHalf, width: 3, height: 2, extra: 2, fill: 0)
        let bits: [UInt16] = [
            0x3C00, 0xBC00, 0x7BFF, 0x0001, 0x7C00, 0x8000, 0x3555, 0x4000, 0x0400, 0x5BFF, 0xFBFF, 0x3C01,
        ]
        for r in 0..<2 { _ = half.view.plane(0).row(r, as: UInt16.self).update(fromContentsOf: bits) }
        let float = try TestImages.PaddedImage(format: .rgbaFloat, width: 3, height: 2, extra: 1, fill: 0)
        try half.view.readOnly.convertLayout(into: float.view)
        #expect(Array(float.view.plane(0).row(1, as: Float.self)[0...4]) == [1, -1, 65504, 0x1p-24, .infinity])
        let back = try TestImages.PaddedImage(format: .rgbaHalf, width: 3, height: 2, extra: 2, fill: 0)
        try float.view.readOnly.convertLayout(into: back.view)
        #expect(TestImages.bytes(back.view.readOnly) == TestImages.bytes(half.view.readOnly))
    }

    @Test func incompatibleConversionsThrow() throws {
        let a = try TestImages.PaddedImage(format: PixelFormat(fourCC: "420v")!, width: 4, height: 4, extra: 0, fill: 0)
        for other in [PixelFormat(fourCC: "420f")!, PixelFormat(fourCC: "422v")!, .bgra8, .xrgb2101010ExtendedRange] {
            let b = try TestImages.PaddedImage(format: other, width: 4, height: 4, extra: 0, fill: 0)
            #expect(throws: PixelBufferError.incompatibleFormats(source: a.format, destination: other)) {
                try a.view.readOnly.convertLayout(into: b.view)
            }
        }
        let rgba = try TestImages.PaddedImage(format: .rgba8, width: 4, height: 4, extra: 0, fill: 0)
        let half = try TestImages.PaddedImage(format: .rgbaHalf, width: 4, height: 4, extra: 0, fill: 0)
        #expect(!PixelBufferView.canConvertLayout(from: .rgba8, to: .rgbaHalf))
        #expect(throws: PixelBufferError.incompatibleFormats(source: .rgba8, destination: .rgbaHalf)) {
            try rgba.view.readOnly.convertLayout(into: half.view)
        }
        let small = try TestImages.PaddedImage(format: .bgra8, width: 4, height: 3, extra: 0, fill: 0)
        #expect(
            throws: PixelBufferError.sizeMismatch(
                sourceWidth: 4, sourceHeight: 4, destinationWidth: 4, destinationHeight: 3)
        ) {
            try rgba.view.readOnly.convertLayout(into: small.view)
        }
    }

    /// Converting in row bands gives the same bytes as converting the whole image.
    @Test func bandsMatchWholeImage() throws {
        let planar = try PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .narrow)
        let a = try TestImages.PaddedImage(format: planar, width: 37, height: 23, extra: 1, fill: 0)
        TestImages.fillAllCodes(a.view)
        let whole = try TestImages.PaddedImage(
            format: PixelFormat(fourCC: "x420")!, width: 37, height: 23, extra: 0, fill: 0)
        try a.view.readOnly.convertLayout(into: whole.view)
        let banded = try TestImages.PaddedImage(
            format: PixelFormat(fourCC: "x420")!, width: 37, height: 23, extra: 0, fill: 0)
        for start in stride(from: 0, to: 23, by: 6) {
            try a.view.readOnly.convertLayout(rows: start..<min(start + 6, 23), into: banded.view)
        }
        #expect(TestImages.bytes(banded.view.readOnly) == TestImages.bytes(whole.view.readOnly))
    }

    /// Row bands converted, unpacked and packed on several threads at once give the same bytes as one pass: views
    /// are Sendable, and each task has its own working buffer.
    @Test func concurrentBands() async throws {
        let x420 = PixelFormat(fourCC: "x420")!
        let source = try TestImages.PaddedImage(format: x420, width: 65, height: 64, extra: 4, fill: 0)
        TestImages.fillAllCodes(source.view)
        let planar = try TestImages.PaddedImage(
            format: try .planarYCbCr(.s420, bitDepth: 10, range: .narrow), width: 65, height: 64, extra: 0, fill: 0)
        let repacked = try TestImages.PaddedImage(format: x420, width: 65, height: 64, extra: 4, fill: 0)
        let (src, mid, dst) = (source.view.readOnly, planar.view, repacked.view)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for start in stride(from: 0, to: 64, by: 8) {
                group.addTask {
                    let rows = start..<start + 8
                    try src.convertLayout(rows: rows, into: mid)
                    var work = try WorkingBuffer(for: x420, width: 65, rowCapacity: 8)
                    try mid.readOnly.unpack(rows: rows, into: &work)
                    try dst.pack(rows: rows, from: work)
                }
            }
            try await group.waitForAll()
        }
        #expect(TestImages.bytes(repacked.view.readOnly) == TestImages.bytes(source.view.readOnly))
    }

    /// Same-alignment layout changes keep every bit, even bits outside the significant ones; unpack ignores those
    /// bits and pack writes them zero.
    @Test func junkBitsAreKeptByCopiesAndDroppedByPack() throws {
        let x420 = PixelFormat(fourCC: "x420")!
        let highPlanar = try PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .narrow, alignment: .high)
        let a = try TestImages.PaddedImage(format: x420, width: 21, height: 9, extra: 0, fill: 0)
        TestImages.fillRandomBytes(a.view, seed: 42)
        let b = try TestImages.PaddedImage(format: highPlanar, width: 21, height: 9, extra: 0, fill: 0)
        try a.view.readOnly.convertLayout(into: b.view)
        let c = try TestImages.PaddedImage(format: x420, width: 21, height: 9, extra: 0, fill: 0)
        try b.view.readOnly.convertLayout(into: c.view)
        #expect(TestImages.bytes(c.view.readOnly) == TestImages.bytes(a.view.readOnly))
        var work = try WorkingBuffer(for: x420, width: 21, rowCapacity: 9)
        try a.view.readOnly.unpack(rows: 0..<9, into: &work)
        try c.view.pack(rows: 0..<9, from: work)
        let original = TestImages.bytes(a.view.readOnly), packed = TestImages.bytes(c.view.readOnly)
        // Little-endian 16-bit samples: the low byte loses its 6 junk bits, the high byte is kept.
        #expect(packed == original.enumerated().map { $0.offset % 2 == 0 ? $0.element & 0xC0 : $0.element })
    }
}
