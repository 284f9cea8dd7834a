import ColorSpaces
import PixelBuffers
import TestSupport
import Testing
import ToneMapping

@testable import PixelConversion
import SignalCoding

/// Threads, row bands, plans and typed errors.
@Suite("Converter behaviour")
struct ConverterBehaviourTests {
    static let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
    static let x420HLG = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
    static let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)

    static func convert(_ converter: PixelConverter, _ frame: TestFrames.Frame) throws -> [[UInt8]] {
        let out = TestFrames.Frame(format: converter.destination.format, width: frame.width, height: frame.height)
        try frame.withView { s in try out.withMutableView { try converter.convert(s, to: $0) } }
        return out.planes.map { Array($0) }
    }

    @Test("Any thread count gives the same bytes (decode and 4:2:0 export)")
    func threadsAgree() throws {
        for (source, destination, format) in [
            (Self.x420PQ, Self.edr, PixelFormat.x420), (Self.edr, Self.x420HLG, .rgbaHalf),
        ] {
            let frame = TestFrames.random(format, width: 301, height: 150, seed: 77)
            var results: [[[UInt8]]] = []
            for threads in [1, 2, 3, 4] {
                var options = PixelConverter.Options()
                options.threadCount = threads
                results.append(try Self.convert(PixelConverter(from: source, to: destination, options: options), frame))
            }
            #expect(results.dropFirst().allSatisfy { $0 == results[0] }, "\(source.format) → \(destination.format)")
        }
    }

    /// One converter shared by several threads at once (each frame on the pool or, while it is busy, on its caller)
    /// gives every thread the bytes of a single-threaded conversion.
    @Test("One converter used from many threads at once gives the same bytes")
    func sharedConverter() async throws {
        var options = PixelConverter.Options()
        options.threadCount = 2
        let converter = try PixelConverter(from: Self.x420PQ, to: Self.edr, options: options)
        let frame = TestFrames.random(.x420, width: 123, height: 96, seed: 8)
        let expected = try Self.convert(converter, frame)
        try await withThrowingTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<8 { group.addTask { try Self.convert(converter, frame) } }
            for try await result in group { #expect(result == expected) }
        }
    }

    @Test("Row bands converted separately equal the whole frame; misaligned bands are rejected")
    func rowBands() throws {
        let converter = try PixelConverter(from: Self.edr, to: Self.x420HLG)
        let frame = TestFrames.random(.rgbaHalf, width: 67, height: 21, seed: 5)
        let whole = try Self.convert(converter, frame)
        let banded = TestFrames.Frame(format: .x420, width: 67, height: 21)
        try frame.withView { source in
            try banded.withMutableView { destination in
                for rows in [0..<4, 4..<10, 10..<20, 20..<21] {
                    try converter.convert(source, to: destination, rows: rows)
                }
                #expect(throws: PixelConversionError.self) {
                    try converter.convert(source, to: destination, rows: 3..<8)
                }
                #expect(throws: PixelConversionError.self) {
                    try converter.convert(source, to: destination, rows: 4..<7)
                }
                #expect(throws: PixelConversionError.self) {
                    try converter.convert(source, to: destination, rows: 20..<22)
                }
            }
        }
        #expect(banded.planes.map { Array($0) } == whole)
    }

    @Test("The plan lists the steps: folded matrices, no identity steps")
    func plan() throws {
        let s1 = try PixelConverter(from: Self.x420PQ, to: Self.edr).plan
        #expect(
            s1.steps.map(\.name) == [
                "read 'x420'", "upsample chroma", "matrix", "PQ EOTF (SMPTE ST 2084)", "matrix", "write 'RGhA'",
            ])
        #expect(s1.steps[1].detail.contains("TopLeft") && s1.steps[4].detail.contains("BT.2020 → Display P3"))
        // print(plan): the names on one line; debugPrint(plan): the numbered listing with details and the code path.
        #expect("\(s1)" == "read 'x420', upsample chroma, matrix, PQ EOTF (SMPTE ST 2084), matrix, write 'RGhA'")
        let listing = String(reflecting: s1)
        #expect(listing.hasPrefix("1. read 'x420': Y′, Cb, Cr integer codes\n2. upsample chroma: 4:2:0 → 4:4:4"))
        #expect(listing.contains(" kernels") && listing.contains("BT.2020 → Display P3 = ["))
        // A custom operator is named by its type and parameters.
        var custom = PixelConverter.Options()
        custom.toneMapping = .custom(ToneMapper(.headroom, contentHeadroom: 1000 / 203, displayHeadroom: 2))
        let named = try PixelConverter(from: Self.x420PQ, to: Self.edr, options: custom).plan
        #expect(
            named.steps.first { $0.name == "tone map" }?.detail
                == "ToneMapper.headroom(HeadroomCurve(contentHeadroom: 4.92611, displayHeadroom: 2, shoulderStops: 1, "
                + "application: .maxRGB))")
        struct Halve: ToneMappingOperator {
            let gain = 0.5
            func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> { rgb * gain }
            func apply(
                red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
                blue: UnsafeMutableBufferPointer<Float>
            ) {}
        }
        custom.toneMapping = .custom(Halve())
        let halve = try PixelConverter(from: Self.x420PQ, to: Self.edr, options: custom).plan
        #expect(halve.steps.first { $0.name == "tone map" }?.detail == "Halve(gain: 0.5)")
        let identity = try PixelConverter(from: Self.edr, to: Self.edr).plan
        #expect(identity.steps.map(\.name) == ["read 'RGhA'", "±∞ → ±10³⁰", "write 'RGhA'"])
        let srgb = try PixelConverter(
            from: PixelEncoding(format: .rgba8, colorSpace: .sRGB),
            to: PixelEncoding(format: .rgba8, colorSpace: .displayP3)
        ).plan
        #expect(srgb.steps.first?.detail.contains("256-entry code table") == true)
        let hlg = try PixelConverter(from: Self.x420HLG, to: Self.edr).plan
        #expect(hlg.steps.contains { $0.name == "HLG OOTF" && $0.detail.contains("0.2627R + 0.678G + 0.0593B") })
    }

    @Test("Incomplete encodings, bad options and mismatched buffers are typed errors")
    func errors() throws {
        #expect(throws: PixelConversionError.missingMatrix(.x420)) {
            try PixelConverter(from: PixelEncoding(format: .x420, colorSpace: .bt2100PQ), to: Self.edr)
        }
        #expect(throws: PixelConversionError.matrixForRGBFormat(.rgbaHalf, .bt709)) {
            try PixelConverter(
                from: Self.x420PQ, to: PixelEncoding(format: .rgbaHalf, colorSpace: .sRGB, matrix: .bt709))
        }
        #expect(throws: PixelConversionError.unsupportedMatrix(.bt2020ConstantLuminance)) {
            try PixelConverter(
                from: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020ConstantLuminance),
                to: Self.edr)
        }
        #expect(throws: PixelConversionError.matrixTransferMismatch(.ictcpPQ, .bt2100HLG)) {
            try PixelConverter(
                from: PixelEncoding(format: .x444, colorSpace: .bt2100HLG, matrix: .ictcpPQ), to: Self.edr)
        }
        for change in [
            { (o: inout PixelConverter.Options) in o.referenceWhite = 0 }, { $0.referenceWhite = .nan },
            { $0.hlgPeakLuminance = -1 }, { $0.hlgBlackLuminance = 2000 }, { $0.threadCount = 0 },
            { $0.toneMapping = .displayHeadroom(.infinity) },
            { $0.toneMapping = .displayHeadroom(2, method: .bt2446A) },  // method A maps to SDR only
        ] {
            var options = PixelConverter.Options()
            change(&options)
            #expect(throws: PixelConversionError.self) {
                try PixelConverter(from: Self.x420PQ, to: Self.edr, options: options)
            }
        }
        let converter = try PixelConverter(from: Self.x420PQ, to: Self.edr)
        let frame = TestFrames.random(.x420, width: 8, height: 4, seed: 1)
        let wrongSize = TestFrames.Frame(format: .rgbaHalf, width: 8, height: 6)
        let wrongFormat = TestFrames.Frame(format: .rgbaFloat, width: 8, height: 4)
        try frame.withView { s in
            #expect(
                throws: PixelConversionError.sizeMismatch(
                    sourceWidth: 8, sourceHeight: 4, destinationWidth: 8, destinationHeight: 6)
            ) {
                try wrongSize.withMutableView { try converter.convert(s, to: $0) }
            }
            #expect(
                throws: PixelConversionError.formatMismatch(
                    role: "destination", expected: .rgbaHalf, actual: .rgbaFloat)
            ) {
                try wrongFormat.withMutableView { try converter.convert(s, to: $0) }
            }
        }
        #expect(PixelConversionError.missingMatrix(.x420).description.contains("give PixelEncoding a matrix"))
    }

    @Test("Encodings from CICP: matrix, range and colour space")
    func cicp() throws {
        let video = try PixelEncoding(cicp: .bt2100PQVideo, format: .xf20)
        #expect(video.matrix == .bt2020NonConstantLuminance && video.effectiveFormat.range == .narrow)
        #expect(video.colorSpace == .bt2100PQ && video.effectiveFormat == .x420)
        let linear = try PixelEncoding(cicp: CICP(primaries: .displayP3, transfer: .linear), format: .rgbaHalf)
        #expect(linear.colorSpace == .extendedLinearDisplayP3 && linear.matrix == nil)
        #expect(throws: PixelConversionError.self) {
            try PixelEncoding(
                cicp: CICP(
                    colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 2, videoFullRange: false),
                format: .x420)
        }
        // Equal to the encoding written by hand (no range override when the format's range is the code's), and back.
        #expect(try PixelEncoding(cicp: .bt2100PQVideo, format: .x420) == Self.x420PQ)
        #expect(Self.x420PQ.cicp == .bt2100PQVideo && video.cicp == .bt2100PQVideo)
        #expect(
            PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3).cicp
                == CICP(primaries: .displayP3, transfer: .linear))
        #expect(PixelEncoding(format: .rgba8, colorSpace: .proPhoto).cicp == nil)
    }

    /// Any `ToneMappingOperator` runs inside the pass; here a hard clip at 2×, in the source primaries.
    @Test("A custom tone-mapping operator runs in the pass")
    func customOperator() throws {
        var options = PixelConverter.Options()
        options.toneMapping = .custom(HardClip(displayHeadroom: 2))
        options.threadCount = 1
        let converter = try PixelConverter(
            from: PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearBT2020),
            to: PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearBT2020), options: options)
        let (result, out) = try AccuracyCheck.run(
            converter, TestFrames.random(.rgbaFloat, width: 33, height: 3, seed: 9))
        #expect(result.worst <= 1, "\(result)")
        try out.withView { view in
            #expect(view.plane(0).row(0, as: Float.self).allSatisfy { !($0 > 2) })
        }
    }
}
