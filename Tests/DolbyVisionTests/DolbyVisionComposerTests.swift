import ColorSpaces
import Foundation
import MediaSyntax
@testable import DolbyVision
import PixelBuffers
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

/// Dolby Vision profile 5 composition against the float64 equations (Tests/Fixtures/Generators/dovi_rpu.py) and
/// against libplacebo's rendering of the same movie (FFmpeg 5.1's libplacebo filter on lavapipe), both stored in
/// Tests/Fixtures/dolby-vision/dv-5-reference.json by gen_dolby_vision.py.
@Suite("Dolby Vision profile 5 composition")
struct DolbyVisionComposerTests {
    @Test("each frame's RPU gives the float64 equations' PQ R′G′B′ (to 1e-12)")
    func float64Equations() throws {
        let reference = try DolbyVisionFixture.reference()
        var frames = 0
        try DolbyVisionFixture.forEachFrame { frame, composer in
            #expect(composer.profile == 5)
            let expected = try #require(reference.frames.first { $0.frame == frame.index })
            #expect(expected.float64.count == 252)
            for sample in expected.float64 {
                let rgb = try composer.compose(codes: SIMD3(sample.codes[0], sample.codes[1], sample.codes[2]))
                for c in 0..<3 {
                    #expect(abs(rgb[c] - sample.rgb[c]) <= 1e-12, "frame \(frame.index) codes \(sample.codes)")
                }
            }
            frames += 1
        }
        #expect(frames == 3)
    }

    @Test("composed frames match libplacebo's apply_dolbyvision rendering within 0.001 PQ (one 10-bit code)")
    func libplacebo() throws {
        let reference = try DolbyVisionFixture.reference()
        try DolbyVisionFixture.forEachFrame { frame, composer in
            var out = try PixelBuffer(format: DolbyVisionComposer.outputFormat, width: 64, height: 64)
            try out.withMutableView { try composer.compose(frame.view, into: $0, threadCount: 2) }
            let expected = try #require(reference.frames.first { $0.frame == frame.index })
            #expect(expected.libplacebo.count >= 10)
            out.withView { view in
                let plane = view.plane(0)
                for sample in expected.libplacebo {
                    let (x, y) = (sample.x!, sample.y!)
                    let row = plane.row(y, as: Float.self)
                    for c in 0..<3 {
                        #expect(
                            abs(Double(row[4 * x + c]) - sample.rgb[c]) <= 0.001,
                            "frame \(frame.index) (\(x), \(y)) component \(c)")
                    }
                    #expect(row[4 * x + 3] == 1)
                    // The frame path at a flat-chroma pixel equals the float64 scalar path of its codes (Float output).
                    let scalar = try? composer.compose(
                        codes: SIMD3(sample.codes[0], sample.codes[1], sample.codes[2]))
                    for c in 0..<3 { #expect(abs(Double(row[4 * x + c]) - (scalar?[c] ?? .nan)) <= 1e-6) }
                }
            }
        }
    }

    @Test(
        "the frame path (the kernels, float32) is within a twentieth of a 10-bit code of the float64 equations at every pixel, chroma in eighths of a code"
    )
    func kernelFramePath() throws {
        // A 4:2:0 picture whose chroma codes run over the whole 10-bit range (a different code at every chroma sample),
        // so that bilinear upsampling (½ across, ¼ and ¾ down, chroma sited left and between rows) meets fractional
        // codes; each RPU of dv-5-rpu.mp4 (polynomial and MMR pieces).
        let format = try PixelFormat.planarYCbCr(.s420, bitDepth: 10, range: .full)
        var source = try PixelBuffer(format: format, width: 64, height: 64)
        source.withMutableView { view in
            for p in 0..<3 {
                let plane = view.plane(p)
                for y in 0..<plane.height {
                    let row = plane.row(y, as: UInt16.self)
                    for x in 0..<plane.width { row[x] = UInt16((x * 37 + y * 101 + p * 211) % 1024) }
                }
            }
        }
        /// The chroma code at luma position (x, y): bilinear between the samples at (2i, 2j + ½).
        func chroma(_ plane: PixelBufferView.Plane, _ x: Int, _ y: Int) -> Double {
            let cy = (Double(y) - 0.5) / 2
            let j0 = min(max(Int(cy.rounded(.down)), 0), plane.height - 1), j1 = min(j0 + 1, plane.height - 1)
            let fy = min(max(cy - Double(j0), 0), 1)
            let i0 = x / 2, i1 = min(x / 2 + 1, plane.width - 1)
            let fx = i1 != i0 ? Double(x % 2) / 2 : 0
            func at(_ i: Int, _ j: Int) -> Double { Double(plane.row(j, as: UInt16.self)[i]) }
            return (at(i0, j0) * (1 - fx) + at(i1, j0) * fx) * (1 - fy) + (at(i0, j1) * (1 - fx) + at(i1, j1) * fx) * fy
        }
        var checked = 0
        var largest = 0.0
        try DolbyVisionFixture.forEachFrame { _, composer in
            var out = try PixelBuffer(format: DolbyVisionComposer.outputFormat, width: 64, height: 64)
            try source.withView { s in try out.withMutableView { try composer.compose(s, into: $0, threadCount: 2) } }
            try source.withView { s in
                try out.withView { o in
                    for y in 0..<64 {
                        let row = o.plane(0).row(y, as: Float.self)
                        for x in 0..<64 {
                            let codes = SIMD3(
                                Double(s.plane(0).row(y, as: UInt16.self)[x]), chroma(s.plane(1), x, y),
                                chroma(s.plane(2), x, y))
                            let exact = try composer.compose(codes: codes)
                            // Float32 with the PQ tables: worst where a saturated colour's small component is made
                            // by cancellation in LMS → RGB (2.8e-5 measured). BT.2100 PQ holds values above 1 at 1.
                            for c in 0..<3 { largest = max(largest, abs(Double(row[4 * x + c]) - min(exact[c], 1))) }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 3 * 64 * 64)
        #expect(largest <= 0.05 / 1023, "largest difference \(largest)")
    }

    @Test("FuzzComposer's find: an RPU whose matrices push L′M′S′ past E′ 1.99, where the PQ EOTF's formula gives NaN")
    func fuzzRegressionEOTFAboveOne() throws {
        // Tests/Fixtures/fuzz/composer: FuzzComposer's input (configuration, size, body length, the RPU body, samples);
        // configuration bit 4: the body is wrapped with the prefix, its CRC and the final byte.
        let input = [UInt8](try Fixtures.data("fuzz/composer/pq-eotf-above-one-nan.bin"))
        #expect(input[0] & 0x10 != 0)
        let body = Array(input[4..<4 + (Int(input[2]) << 8 | Int(input[3]))])
        let crc = CRC32MPEG2.checksum(body)
        let rpu = EmulationPrevention.escape(
            [DolbyVisionRPU.prefix] + body + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
                + [DolbyVisionRPU.finalByte])
        var composer = DolbyVisionComposer()
        try composer.update(rpu: rpu)
        for codes: SIMD3<Double> in [[0, 512, 1023], [1023, 1023, 1023], [0, 0, 0], [512, 0, 1023], [1023, 0, 0]] {
            let rgb = try composer.compose(codes: codes)
            #expect(rgb.x.isFinite && rgb.y.isFinite && rgb.z.isFinite, "codes \(codes): \(rgb)")
        }
        // Beyond the pole of the formula the EOTF is held at its value at 1.99: finite, and no lower than below it.
        let held = DolbyVisionComposition.pqEOTF(DolbyVisionComposition.maximumEOTFSignal)
        #expect(
            held.isFinite && DolbyVisionComposition.pqEOTF(2.5) == held && DolbyVisionComposition.pqEOTF(1.5) < held)
    }

    @Test("bad input: no RPU yet, a damaged RPU, a wrong output format")
    func errors() throws {
        let composer = DolbyVisionComposer()
        #expect(throws: DolbyVisionComposerError.noRPU) { try composer.compose(codes: SIMD3(0, 512, 512)) }
        var damaged = DolbyVisionComposer()
        let reader = try MovieReader(contentsOf: Fixtures.url("movies/dv-5-rpu.mp4"))
        let payload = try #require(try reader.nextFrame { $0.hdr.dolbyVisionRPUPayload } ?? nil)
        var flipped = payload
        flipped[20] ^= 0x10
        do {
            try damaged.update(rpu: flipped)
            Issue.record("a damaged RPU was accepted")
        } catch {
            guard case .invalidRPU(let why) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(why.contains("CRC") || why.contains("rpu_data_crc32"), "\(why)")
        }
        #expect(throws: DolbyVisionComposerError.self) { try damaged.update(rpu: [0x19, 0x08]) }
        var good = DolbyVisionComposer()
        try good.update(rpu: payload)
        let yuv = try PixelBuffer(format: .planarYCbCr(.s420, bitDepth: 10, range: .full), width: 8, height: 8)
        var rgba8 = try PixelBuffer(format: .rgba8, width: 8, height: 8)
        // An 8-bit RGBA output, then an RGBA float output of another size: both refused, naming the format or size.
        var small = try PixelBuffer(format: DolbyVisionComposer.outputFormat, width: 4, height: 4)
        let messages: [String] = yuv.withView { source in
            [
                rgba8.withMutableView { destination in Self.error { try good.compose(source, into: destination) } },
                small.withMutableView { destination in Self.error { try good.compose(source, into: destination) } },
            ]
        }
        #expect(messages[0].contains("not RGBA float"), "\(messages[0])")
        #expect(messages[1].contains("4×4"), "\(messages[1])")
    }

    /// The description of the error `body` throws; "" when it throws none.
    static func error(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch { return "\(error)" }
    }
}
