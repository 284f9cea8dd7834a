import ColorSpaces
import PixelBuffers
import TestSupport
import Testing

@testable import PixelConversion
import SignalCoding

/// One chroma sample (or one pixel) differs from a flat field; the spread it makes pins the siting, for every
/// `ChromaLocation` (ITU-T H.273 chroma_sample_loc_type 0 … 5) and every code path (HandBrake PR #3865,
/// obs-studio PR #6878: HDR 4:2:0 is top-left sited, and guessing by resolution is wrong).
@Suite("Chroma siting")
struct ChromaSitingTests {
    /// The weight a chroma sample at chroma position `i` has at luma position `x` under bilinear upsampling: 1 on a
    /// co-sited luma sample, ½ halfway, ¾ / ¼ for a centred sample.
    static func upsamplingWeight(_ x: Int, _ i: Int, offset: Double) -> Double {
        let position = 2 * Double(i) + offset  // luma position of the chroma sample
        let distance = abs(Double(x) - position) / 2  // in chroma samples
        return max(0, 1 - distance)
    }

    /// The weight of luma position `x` in chroma sample `i` when averaging: [¼ ½ ¼] around a co-sited sample, [½ ½]
    /// for a centred one.
    static func averagingWeight(_ x: Int, _ i: Int, offset: Double) -> Double {
        if offset == 0.5 { return x == 2 * i || x == 2 * i + 1 ? 0.5 : 0 }
        let centre = 2 * i + Int(offset)
        return x == centre ? 0.5 : (abs(x - centre) == 1 ? 0.25 : 0)
    }

    /// A linear pipeline (extended linear BT.2020, BT.2020 NCL both sides) so that chroma passes through unchanged and
    /// only the resampling shows.
    static func encoding(_ format: PixelFormat, _ location: ChromaLocation) -> PixelEncoding {
        PixelEncoding(
            format: format, colorSpace: .extendedLinearBT2020, matrix: .bt2020NonConstantLuminance,
            chromaLocation: location)
    }

    @Test("Upsampling a one-sample chroma edge, every siting", arguments: ChromaLocation.allCases)
    func upsampling(_ location: ChromaLocation) throws {
        let (w, h, i0, j0, delta) = (12, 8, 2, 1, 400)
        let frame = TestFrames.Frame(format: .x420, width: w, height: h)
        for y in 0..<h { for x in 0..<w { frame.set(0, x, y, raw: 500) } }
        for j in 0..<(h / 2) {
            for i in 0..<(w / 2) {
                frame.set(1, i, j, raw: 512)
                frame.set(2, i, j, raw: UInt64(i == i0 && j == j0 ? 512 + delta : 512))
            }
        }
        let wide = try PixelFormat.biplanarYCbCr(.s444, bitDepth: 16, range: .narrow)
        for path in PixelConverter.availableCodePaths {
            var options = PixelConverter.Options()
            options.codePath = path
            let converter = try PixelConverter(
                from: Self.encoding(.x420, location), to: Self.encoding(wide, location), options: options)
            let out = TestFrames.Frame(format: wide, width: w, height: h)
            try frame.withView { s in try out.withMutableView { try converter.convert(s, to: $0) } }
            try out.withView { view in
                for y in 0..<h {
                    let row = view.plane(1).row(y, as: UInt16.self)
                    for x in 0..<w {
                        let weight =
                            Self.upsamplingWeight(x, i0, offset: location.isHorizontallyCosited ? 0 : 0.5)
                            * Self.upsamplingWeight(y, j0, offset: location.verticalOffset)
                        let measured = (Double(row[2 * x + 1]) - 512 * 64) / 64  // Cr in 10-bit code units
                        #expect(abs(measured - Double(delta) * weight) < 0.05, "\(location) (\(x), \(y)) \(path)")
                        #expect(abs(Double(row[2 * x]) - 512 * 64) <= 1, "Cb stays neutral")
                    }
                }
            }
        }
    }

    @Test("Averaging a one-pixel edge into 4:2:0, every siting", arguments: ChromaLocation.allCases)
    func averaging(_ location: ChromaLocation) throws {
        let (w, h, x0, y0, delta) = (12, 8, 5, 3, 6400)
        let source = TestFrames.Frame(format: .sv44, width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                source.set(0, x, y, raw: 30_000)
                source.set(1, x, y, raw: 32_768)
                source.set(2, x, y, raw: UInt64(x == x0 && y == y0 ? 32_768 + delta : 32_768))
            }
        }
        let half = try PixelFormat.biplanarYCbCr(.s420, bitDepth: 16, range: .narrow)
        for path in PixelConverter.availableCodePaths {
            var options = PixelConverter.Options()
            options.codePath = path
            let converter = try PixelConverter(
                from: Self.encoding(.sv44, location), to: Self.encoding(half, location), options: options)
            let out = TestFrames.Frame(format: half, width: w, height: h)
            try source.withView { s in try out.withMutableView { try converter.convert(s, to: $0) } }
            try out.withView { view in
                for j in 0..<(h / 2) {
                    let row = view.plane(1).row(j, as: UInt16.self)
                    for i in 0..<(w / 2) {
                        let weight =
                            Self.averagingWeight(x0, i, offset: location.isHorizontallyCosited ? 0 : 0.5)
                            * Self.averagingWeight(y0, j, offset: location.verticalOffset)
                        let measured = Double(row[2 * i + 1]) - 32_768
                        #expect(abs(measured - Double(delta) * weight) <= 1, "\(location) (\(i), \(j)) \(path)")
                    }
                }
            }
        }
    }

    /// Unspecified siting: top-left for BT.2020 / BT.2100 content, left otherwise; never from the resolution.
    @Test("Default siting follows the primaries, not the resolution")
    func defaults() {
        for (w, h) in [(720, 576), (1920, 1080), (3840, 2160)] {
            _ = (w, h)  // The encoding has no size: the default cannot depend on it.
            #expect(
                PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
                    .effectiveChromaLocation == .topLeft)
            #expect(
                PixelEncoding(format: .yuv420v, colorSpace: .bt709, matrix: .bt709).effectiveChromaLocation == .left)
        }
        #expect(
            ChromaLocation(chromaSampleLocationType: 2) == .topLeft && ChromaLocation.left.chromaSampleLocationType == 0
        )
        #expect(ChromaLocation(coreVideoName: "kCVImageBufferChromaLocation_TopLeft") == .topLeft)
        #expect(ChromaLocation(coreVideoName: "DV 4:2:0") == nil && ChromaLocation(chromaSampleLocationType: 6) == nil)
    }

    /// 4:2:x outputs compute each chunk with a column of overlap, so every chunk after the first starts on an odd
    /// column: its chroma must still be upsampled in phase (it once was shifted by a pixel, from column 256 on). A
    /// frame three chunks wide must give, in a crop's interior, what the crop alone gives.
    @Test(
        "Chunks that start on an odd column upsample chroma in phase: a wide frame matches a crop of it",
        arguments: [ChromaLocation.topLeft, .left, .center])
    func chunkPhase(_ location: ChromaLocation) throws {
        let (width, height, cropStart, cropWidth) = (1100, 6, 448, 128)
        for subsampling in [PixelFormat.ChromaSubsampling.s420, .s422] {
            let format = try PixelFormat.biplanarYCbCr(subsampling, bitDepth: 10, range: .narrow)
            let wide = TestFrames.Frame(format: format, width: width, height: height)
            let crop = TestFrames.Frame(format: format, width: cropWidth, height: height)
            var rng = SplitMix64(state: 2024)
            for c in 0..<3 {
                let size = wide.size(ofChannel: c), scale = c == 0 ? 1 : 2
                for y in 0..<size.height {
                    for x in 0..<size.width {
                        let code = 64 + rng.next() % 877
                        wide.set(c, x, y, raw: code)
                        let inCrop = x * scale - cropStart
                        if inCrop >= 0 && inCrop < cropWidth { crop.set(c, inCrop / scale, y, raw: code) }
                    }
                }
            }
            for path in PixelConverter.availableCodePaths {
                var options = PixelConverter.Options()
                options.codePath = path
                let converter = try PixelConverter(
                    from: PixelEncoding(
                        format: format, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance,
                        chromaLocation: location),
                    to: PixelEncoding(
                        format: format, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance,
                        chromaLocation: location),
                    options: options)
                let (wideOut, cropOut) = (
                    TestFrames.Frame(format: format, width: width, height: height),
                    TestFrames.Frame(format: format, width: cropWidth, height: height)
                )
                try wide.withView { s in try wideOut.withMutableView { try converter.convert(s, to: $0) } }
                try crop.withView { s in try cropOut.withMutableView { try converter.convert(s, to: $0) } }
                var differences = 0
                try wideOut.withView { a in
                    try cropOut.withView { b in
                        // Y′ (one value per pixel) and interleaved CbCr (two per chroma column, one per pixel) rows:
                        // value v of the crop is value cropStart + v of the frame. The crop's interior only, away
                        // from its edges (where it repeats its own samples).
                        for p in 0..<2 {
                            for y in 0..<b.plane(p).height {
                                let rowA = a.plane(p).row(y, as: UInt16.self)
                                let rowB = b.plane(p).row(y, as: UInt16.self)
                                for v in 8..<(cropWidth - 8) where rowA[cropStart + v] != rowB[v] { differences += 1 }
                            }
                        }
                    }
                }
                #expect(differences == 0, "\(subsampling.name), \(path): \(differences) samples differ")
            }
        }
    }
}
