import ColorSpaces
import Foundation
import HalfFloat
import PixelBuffers
import Testing
import ToneMapping

@testable import PixelConversion
import SignalCoding

/// `GainMap.apply(_:displayHeadroom:to:encoding:gainMap:into:encoding:)` and `GainMapEncoder.encode(base:…)` over pixel
/// buffers (ISO 21496-1).
@Suite("Gain maps over pixel buffers")
struct GainMapViewTests {
    static let hdr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
    static let sdr = PixelEncoding(format: .rgba8, colorSpace: .displayP3)
    static let gainFormat = PixelFormat.rgba8

    /// A smooth HDR image up to 4× reference white, with saturated corners.
    static func hdrFrame(width: Int, height: Int) -> TestFrames.Frame {
        let frame = TestFrames.Frame(format: .rgbaHalf, width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(width - 1), v = Double(y) / Double(height - 1)
                let rgb = SIMD3(0.05 + 3.9 * u * v, 0.05 + 1.5 * u, 0.1 + 2.5 * v * (1 - u))
                for c in 0..<3 { frame.set(c, x, y, raw: UInt64(HalfFloat.bits(from: rgb[c]))) }
                frame.set(3, x, y, raw: 0x3C00)
            }
        }
        return frame
    }

    /// Encodes a gain map from an HDR image and its SDR rendition, then applies it back at full headroom.
    @Test("Encode then apply at full headroom gives the HDR image back within the gain map's quantisation")
    func roundTrip() throws {
        let (w, h) = (192, 128)
        let alternate = Self.hdrFrame(width: w, height: h)
        // The SDR base: tone mapped onto headroom 1, 8-bit Display P3.
        var options = PixelConverter.Options()
        options.toneMapping = .displayHeadroom(1, content: ContentLuminance(maxContentLightLevel: 4 * 203))
        let toSDR = try PixelConverter(from: Self.hdr, to: Self.sdr, options: options)
        let base = TestFrames.Frame(format: .rgba8, width: w, height: h)
        try alternate.withView { s in try base.withMutableView { try toSDR.convert(s, to: $0) } }
        for (gw, gh, single) in [(w, h, true), (w, h, false), (w / 4, h / 4, true)] {
            let gainMap = TestFrames.Frame(format: Self.gainFormat, width: gw, height: gh)
            let metadata = try base.withView { b in
                try alternate.withView { a in
                    try gainMap.withMutableView { g in
                        try GainMapEncoder().encode(
                            base: b, encoding: Self.sdr, alternate: a, encoding: Self.hdr, into: g,
                            singleChannel: single)
                    }
                }
            }
            // The headroom the largest gain reaches, at most the content's peak (3.95×).
            #expect(
                metadata.alternateHeadroom == metadata.gainMapMax.max() && metadata.alternateHeadroomRatio > 2
                    && metadata.alternateHeadroomRatio < 3.95 + 0.05,
                "\(metadata.alternateHeadroomRatio) for \(gw)×\(gh) \(single)")
            let rebuilt = TestFrames.Frame(format: .rgbaHalf, width: w, height: h)
            try base.withView { b in
                try gainMap.withView { g in
                    try rebuilt.withMutableView { out in
                        try GainMap.apply(
                            metadata, displayHeadroom: metadata.alternateHeadroomRatio, to: b, encoding: Self.sdr,
                            gainMap: g, into: out, encoding: Self.hdr)
                    }
                }
            }
            // Worst relative error: the 8-bit gain map's half step (2^(range/510) − 1) plus the 8-bit base's rounding;
            // a single-channel map carries the luminance ratio only, so it is checked on luminance; a quarter-size map
            // also loses detail below its block size. Measured: 0.25 % (single, full size), 0.31 % (three channels),
            // 6.4 % (single, quarter size, at the steepest gradient).
            let step = (metadata.gainMapMax - metadata.gainMapMin).max() / 255
            let bound = (exp2(step / 2) - 1) + 0.02 + (gw < w ? 0.12 : 0)
            let weights = RGBPrimaries.displayP3.luminanceCoefficients
            var worst = 0.0
            try alternate.withView { a in
                try rebuilt.withView { r in
                    for y in 0..<h {
                        let ra = a.plane(0).row(y, as: UInt16.self), rr = r.plane(0).row(y, as: UInt16.self)
                        for x in 0..<w {
                            let expected = (0..<3).map { HalfFloat.double(fromBits: ra[4 * x + $0]) }
                            let got = (0..<3).map { HalfFloat.double(fromBits: rr[4 * x + $0]) }
                            if single {
                                let y = (SIMD3(expected) * weights).sum(), yGot = (SIMD3(got) * weights).sum()
                                worst = max(worst, abs(yGot - y) / y)
                            } else {
                                let scale = expected.max()!
                                for c in 0..<3 { worst = max(worst, abs(got[c] - expected[c]) / scale) }
                            }
                        }
                    }
                }
            }
            #expect(worst < bound, "\(gw)×\(gh) single \(single): worst relative error \(worst), bound \(bound)")
        }
    }

    @Test("Weight 0 (an SDR display) gives the base; a quarter-size map matches a per-pixel Double reference")
    func weightsAndSampling() throws {
        let (w, h) = (24, 16)
        let base = TestFrames.random(.rgba8, width: w, height: h, seed: 3)
        let gainMap = TestFrames.random(Self.gainFormat, width: w / 4, height: h / 4, seed: 4)
        let metadata = GainMapMetadata(gainMapMin: -0.5, gainMapMax: 2.5, gamma: 1.5, alternateHeadroom: 2)
        let linear = PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearDisplayP3)
        for headroom in [1.0, 2, 4] {
            let out = TestFrames.Frame(format: .rgbaFloat, width: w, height: h)
            try base.withView { b in
                try gainMap.withView { g in
                    try out.withMutableView { o in
                        try GainMap.apply(
                            metadata, displayHeadroom: headroom, to: b, encoding: Self.sdr, gainMap: g, into: o,
                            encoding: linear)
                    }
                }
            }
            let weight = metadata.weight(displayHeadroom: headroom)
            try base.withView { b in
                try gainMap.withView { g in
                    try out.withView { o in
                        for y in 0..<h {
                            for x in 0..<w {
                                let sdr = SIMD3(
                                    (0..<3).map { Double(b.plane(0).row(y, as: UInt8.self)[4 * x + $0]) / 255 })
                                let baseLinear = ColorSpace.displayP3.decode(sdr)
                                // Bilinear at the pixel centre of a map 4× smaller.
                                let u = (Double(x) + 0.5) / 4 - 0.5, v = (Double(y) + 0.5) / 4 - 0.5
                                func at(_ i: Int, _ j: Int) -> SIMD3<Double> {
                                    let row = g.plane(0).row(min(max(j, 0), h / 4 - 1), as: UInt8.self)
                                    let k = 4 * min(max(i, 0), w / 4 - 1)
                                    return SIMD3(Double(row[k]), Double(row[k + 1]), Double(row[k + 2])) / 255
                                }
                                let (i0, j0) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
                                let (s, t) = (u - Double(i0), v - Double(j0))
                                let gain =
                                    (at(i0, j0) * (1 - s) + at(i0 + 1, j0) * s) * (1 - t)
                                    + (at(i0, j0 + 1) * (1 - s) + at(i0 + 1, j0 + 1) * s) * t
                                let expected = metadata.apply(base: baseLinear, gain: gain, weight: weight)
                                let row = o.plane(0).row(y, as: Float.self)
                                for c in 0..<3 {
                                    let got = Double(row[4 * x + c])
                                    #expect(
                                        abs(got - expected[c]) <= 2e-5 * max(1, abs(expected[c])),
                                        "(\(x), \(y)) c\(c) at \(headroom)×")
                                    if headroom == 1 { #expect(abs(got - baseLinear[c]) < 1e-5) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test(
        "4:2:0 bases and destinations: each band (on any thread) sees its neighbours' rows, as a whole-image conversion",
        arguments: [ChromaLocation.left, .topLeft, .bottom])
    func bandEdges(_ location: ChromaLocation) throws {
        // Weight 0 and zero offsets: the rendition is the base through linear light, so it must equal the two
        // converters run over the whole image, byte for byte.
        let metadata = GainMapMetadata(
            gainMapMin: 0, gainMapMax: 2, baseOffset: 0, alternateOffset: 0, alternateHeadroom: 2)
        let base = PixelEncoding(format: .yuv420v, colorSpace: .bt709, matrix: .bt709, chromaLocation: location)
        let destination = PixelEncoding(
            format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance, chromaLocation: location)
        let linear = GainMapWorkspace.linearEncoding(.bt709)
        for (w, h, threads) in [(22, 53, 1), (9, 34, 1), (16, 7, 1), (22, 53, 3), (9, 34, 2)] {
            var options = PixelConverter.Options()
            options.threadCount = threads
            let image = TestFrames.random(.yuv420v, width: w, height: h, seed: UInt64(h))
            let gains = TestFrames.random(.rgba8, width: 3, height: 3, seed: 9)
            let rendition = TestFrames.Frame(format: .x420, width: w, height: h)
            let (whole, expected) = (
                TestFrames.Frame(format: .rgbaFloat, width: w, height: h),
                TestFrames.Frame(format: .x420, width: w, height: h)
            )
            try image.withView { b in
                try gains.withView { g in
                    try rendition.withMutableView { o in
                        let renderer = try GainMapRenderer(
                            metadata, displayHeadroom: 1, base: base, width: w, height: h, gainMap: g,
                            destination: destination, options: options)
                        try renderer.render(b, into: o)
                    }
                }
                try whole.withMutableView { try PixelConverter(from: base, to: linear).convert(b, to: $0) }
            }
            try whole.withView { l in
                try expected.withMutableView { try PixelConverter(from: linear, to: destination).convert(l, to: $0) }
            }
            try rendition.withView { r in
                try expected.withView { e in
                    for p in 0..<2 {
                        for y in 0..<r.plane(p).height {
                            #expect(
                                Array(r.plane(p).row(y)) == Array(e.plane(p).row(y)),
                                "\(location) \(w)×\(h), \(threads) threads: plane \(p) row \(y)")
                        }
                    }
                }
            }
        }
    }

    @Test("The renderer takes only frames of its size and formats")
    func rendererFrames() throws {
        let gains = TestFrames.random(.rgba8, width: 4, height: 4, seed: 2)
        let renderer = try gains.withView { g in
            try GainMapRenderer(
                GainMapMetadata(gainMapMin: 0, gainMapMax: 1, alternateHeadroom: 1), displayHeadroom: 2,
                base: Self.sdr, width: 8, height: 6, gainMap: g, destination: Self.hdr)
        }
        let base = TestFrames.random(.rgba8, width: 8, height: 6, seed: 1)
        let (out, taller, wrong) = (
            TestFrames.Frame(format: .rgbaHalf, width: 8, height: 6),
            TestFrames.Frame(format: .rgbaHalf, width: 8, height: 7),
            TestFrames.Frame(format: .rgbaFloat, width: 8, height: 6)
        )
        try base.withView { b in
            try out.withMutableView { try renderer.render(b, into: $0) }
            _ = try taller.withMutableView { o in
                #expect(
                    throws: PixelConversionError.sizeMismatch(
                        sourceWidth: 8, sourceHeight: 6, destinationWidth: 8, destinationHeight: 7)
                ) { try renderer.render(b, into: o) }
            }
            _ = try wrong.withMutableView { o in
                #expect(
                    throws: PixelConversionError.formatMismatch(
                        role: "destination", expected: .rgbaHalf, actual: .rgbaFloat)
                ) { try renderer.render(b, into: o) }
            }
        }
        #expect(throws: PixelConversionError.self) {
            try gains.withView { g in
                try GainMapRenderer(
                    GainMapMetadata(gainMapMin: 0, gainMapMax: 1, alternateHeadroom: 1), displayHeadroom: 2,
                    base: Self.sdr, width: 0, height: 6, gainMap: g, destination: Self.hdr)
            }
        }
    }

    @Test("Invalid metadata and Y′CbCr gain maps are typed errors")
    func errors() throws {
        let base = TestFrames.random(.rgba8, width: 8, height: 8, seed: 1)
        let gains = TestFrames.random(.rgba8, width: 8, height: 8, seed: 2)
        let out = TestFrames.Frame(format: .rgbaHalf, width: 8, height: 8)
        let bad = GainMapMetadata(gainMapMin: 1, gainMapMax: 0, alternateHeadroom: 1)
        _ = try base.withView { b in
            try gains.withView { g in
                try out.withMutableView { o in
                    #expect(throws: PixelConversionError.gainMap(.minimumAboveMaximum(channel: 0))) {
                        try GainMap.apply(
                            bad, displayHeadroom: 2, to: b, encoding: Self.sdr, gainMap: g, into: o, encoding: Self.hdr)
                    }
                }
            }
        }
        let yuvGains = TestFrames.random(.yuv444f, width: 8, height: 8, seed: 3)
        _ = try base.withView { b in
            try yuvGains.withView { g in
                try out.withMutableView { o in
                    #expect(throws: PixelConversionError.self) {
                        try GainMap.apply(
                            GainMapMetadata(gainMapMin: 0, gainMapMax: 1, alternateHeadroom: 1), displayHeadroom: 2,
                            to: b,
                            encoding: Self.sdr, gainMap: g, into: o, encoding: Self.hdr)
                    }
                }
            }
        }
    }
}
