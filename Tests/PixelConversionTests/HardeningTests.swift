import ColorSpaces
import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import PixelBuffers
import Synchronization
import TestSupport
import Testing
import ToneMapping
import TransferFunctions

@testable import PixelConversion

/// Converters shared between threads, and options or sizes at the edges of their domains.
@Suite("Concurrency and edge options")
struct HardeningTests {
    /// Pairs of encodings with different readers, writers and steps.
    static let pairs: [(PixelEncoding, PixelEncoding, PixelConverter.Options)] = {
        var toneMapped = PixelConverter.Options()
        toneMapped.toneMapping = .displayHeadroom(2, content: ContentLuminance(maxContentLightLevel: 4000))
        toneMapped.gamut = .softClip
        var clipped = PixelConverter.Options()
        clipped.gamut = .clip
        let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
        let x420HLG = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        let srgb = PixelEncoding(format: .bgra8, colorSpace: .sRGB)
        let v420 = PixelEncoding(format: .yuv420v, colorSpace: .bt709, matrix: .bt709)
        return [
            (x420PQ, edr, PixelConverter.Options()), (x420HLG, srgb, toneMapped), (edr, x420PQ, clipped),
            (srgb, v420, PixelConverter.Options()), (edr, srgb, toneMapped),
        ]
    }()

    /// The bytes of every plane of a frame.
    static func bytes(_ frame: TestFrames.Frame) -> [[UInt8]] { frame.planes.map { Array($0) } }

    /// A view of a frame's memory, valid while the frame lives.
    static func view(_ frame: TestFrames.Frame) throws -> MutablePixelBufferView {
        try MutablePixelBufferView(
            format: frame.format, width: frame.width, height: frame.height,
            planes: zip(frame.planes, frame.strides).map { .init(bytes: $0, bytesPerRow: $1) })
    }

    /// The bytes a view's planes hold (rows with their padding).
    static func bytes(_ view: MutablePixelBufferView) -> [[UInt8]] {
        (0..<view.format.planeCount).map { p in
            let plane = view.plane(p)
            return Array(UnsafeRawBufferPointer(start: plane.baseAddress, count: plane.bytesPerRow * plane.height))
        }
    }

    @Test("many converters, each used from many threads at once, write the bytes one thread writes")
    func sharedConvertersOnManyThreads() throws {
        let (width, height) = (67, 37)
        var frames: [TestFrames.Frame] = []  // owns the memory of the views below
        var jobs: [(converter: PixelConverter, source: PixelBufferView, expected: [[UInt8]])] = []
        for (index, (source, destination, base)) in Self.pairs.enumerated() {
            for path in PixelConverter.availableCodePaths {
                var options = base
                options.codePath = path
                options.threadCount = 1
                let converter = try PixelConverter(from: source, to: destination, options: options)
                let frame = TestFrames.random(source.format, width: width, height: height, seed: UInt64(index))
                let output = TestFrames.Frame(format: destination.format, width: width, height: height)
                try converter.convert(try Self.view(frame).readOnly, to: try Self.view(output))
                frames += [frame, output]
                jobs.append((converter, try Self.view(frame).readOnly, Self.bytes(output)))
            }
        }
        // Every job 8 times, all at once; each run writes its own destination. Converters with threadCount 1 run on
        // the worker's thread; the shared sources are only read.
        let runs = jobs.count * 8
        var outputs: [MutablePixelBufferView] = []
        for run in 0..<runs {
            let frame = TestFrames.Frame(
                format: jobs[run % jobs.count].converter.destination.format, width: width, height: height)
            frames.append(frame)
            outputs.append(try Self.view(frame))
        }
        let failures = Mutex<[String]>([])
        let (allJobs, allOutputs) = (jobs, outputs)
        withExtendedLifetime(frames) {
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                let job = allJobs[run % allJobs.count]
                do {
                    try job.converter.convert(job.source, to: allOutputs[run])
                    if Self.bytes(allOutputs[run]) != job.expected {
                        failures.withLock {
                            $0.append("run \(run): \(job.converter.source) → \(job.converter.destination)")
                        }
                    }
                } catch {
                    failures.withLock { $0.append("run \(run): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }

    @Test("a thread count of Int.max converts like one thread (the band count does not overflow)")
    func hugeThreadCount() throws {
        let (source, destination, _) = Self.pairs[0]
        var one = PixelConverter.Options()
        one.threadCount = 1
        var huge = one
        huge.threadCount = .max
        let frame = TestFrames.random(source.format, width: 40, height: 64, seed: 3)
        var results: [[[UInt8]]] = []
        for options in [one, huge] {
            let converter = try PixelConverter(from: source, to: destination, options: options)
            let output = TestFrames.Frame(format: destination.format, width: 40, height: 64)
            try frame.withView { s in try output.withMutableView { d in try converter.convert(s, to: d) } }
            results.append(Self.bytes(output))
        }
        #expect(results[0] == results[1])
    }

    @Test("a released converter stops its worker threads: nothing of its pool outlives it")
    func releasedConverterStopsItsThreads() throws {
        let (source, destination, _) = Self.pairs[0]
        var options = PixelConverter.Options()
        options.threadCount = 4
        let frame = TestFrames.random(source.format, width: 40, height: 64, seed: 4)
        weak var pool: WorkerPool?
        do {
            let converter = try PixelConverter(from: source, to: destination, options: options)
            let output = TestFrames.Frame(format: destination.format, width: 40, height: 64)
            // 64 rows make several bands: the frame starts the workers.
            try frame.withView { s in try output.withMutableView { d in try converter.convert(s, to: d) } }
            pool = converter.program.workers
            #expect(pool != nil)
        }
        // The workers referenced the pool itself until 2026-11-23: every released converter kept its threads.
        #expect(pool == nil)
    }

    @Test("non-finite and extreme options are typed errors or finite plans, never traps")
    func extremeOptions() throws {
        let (source, destination, _) = Self.pairs[1]
        // PQ → HLG folds the uniform 10 000 ÷ referenceWhite into the PQ table, unless it is no normal Float.
        let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
        let x420HLG = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
        for referenceWhite in [1e-300, 1e-40, 1e300, 203] {
            var options = PixelConverter.Options()
            options.referenceWhite = referenceWhite
            let converter = try PixelConverter(from: x420PQ, to: x420HLG, options: options)
            let folded = converter.plan.steps.contains { $0.name.hasPrefix("PQ EOTF (SMPTE ST 2084) · ×") }
            #expect(folded == (referenceWhite == 203), "\(referenceWhite)")
            let frame = TestFrames.random(.x420, width: 8, height: 4, seed: 3)
            let output = TestFrames.Frame(format: .x420, width: 8, height: 4)
            try frame.withView { s in try output.withMutableView { d in try converter.convert(s, to: d) } }
        }
        for value in [Double.nan, .infinity, -.infinity, 0, -1, .leastNonzeroMagnitude, .greatestFiniteMagnitude] {
            for change: (inout PixelConverter.Options) -> Void in [
                { $0.referenceWhite = value }, { $0.hlgPeakLuminance = value }, { $0.hlgBlackLuminance = value },
                { $0.hlgSystemGamma = value },
                { $0.toneMapping = .displayHeadroom(value) },
                { $0.toneMapping = .displayHeadroom(2, content: ContentLuminance(maxContentLightLevel: value)) },
            ] {
                var options = PixelConverter.Options()
                options.threadCount = 1
                change(&options)
                guard let converter = try? PixelConverter(from: source, to: destination, options: options) else {
                    continue
                }
                let frame = TestFrames.random(source.format, width: 9, height: 4, seed: 1)
                let output = TestFrames.Frame(format: destination.format, width: 9, height: 4)
                try frame.withView { s in try output.withMutableView { d in try converter.convert(s, to: d) } }
            }
        }
        var options = PixelConverter.Options()
        options.threadCount = 0
        #expect(throws: PixelConversionError.self) {
            try PixelConverter(from: source, to: destination, options: options)
        }
    }

    @Test("curves outside their domain (BT.1886 black ≥ white, gamma ≤ 0 or NaN) are typed errors, not NaN pixels")
    func invalidCurves() throws {
        let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        for (curve, range) in [
            (TransferFunction.bt1886(whiteLuminance: 100, blackLuminance: 200), OutOfRangeBehavior.clamped),
            (.bt1886(whiteLuminance: .nan, blackLuminance: 0.1), .extended), (.gamma(0), .clamped),
            (.gamma(.nan), .extended),
        ] {
            let space = ColorSpace(name: "odd", primaries: .bt709, transferFunction: curve, outOfRange: range)
            let encoding = PixelEncoding(format: .bgra8, colorSpace: space)
            for (from, to, role) in [(encoding, edr, "source"), (edr, encoding, "destination")] {
                do {
                    _ = try PixelConverter(from: from, to: to)
                    Issue.record("\(curve) was accepted as the \(role)")
                } catch {
                    guard case .invalidOption(let name, _, _) = error else {
                        Issue.record("\(error)")
                        continue
                    }
                    #expect(name == "\(role) transfer function")
                }
            }
        }
        let fine = ColorSpace(
            name: "BT.1886", primaries: .bt709, transferFunction: .bt1886(whiteLuminance: 100, blackLuminance: 0.1))
        _ = try PixelConverter(from: PixelEncoding(format: .bgra8, colorSpace: fine), to: edr)
    }

    /// Found by the converter fuzz target under AddressSanitizer: the AVX2 reader of one channel of interleaved 16-bit
    /// samples (the Cr of a biplanar 4:4:4 plane) loaded one sample past the row; for a plane that ends where its
    /// memory ends that is a read past the allocation. Here the chroma plane ends at a page the process may not read.
    @Test("interleaved 16-bit chroma ending at a guard page: no read past the row, on every code path")
    func chromaAtGuardPage() throws {
        let (width, height) = (16, 3)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let chromaBytes = width * 4 * height  // Cb Cr pairs of 2-byte samples
        let mapped = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let region = try #require(mapped == UnsafeMutableRawPointer(bitPattern: -1) ? nil : mapped)
        defer { munmap(region, 2 * page) }
        #expect(mprotect(region + page, page, PROT_NONE) == 0)
        let chroma = region + page - chromaBytes
        for i in 0..<(chromaBytes / 2) {
            chroma.storeBytes(
                of: UInt16(truncatingIfNeeded: (64 + i * 37 % 896) << 6), toByteOffset: 2 * i, as: UInt16.self)
        }
        var luma = [UInt16](repeating: 0, count: width * height)
        for i in luma.indices { luma[i] = UInt16(truncatingIfNeeded: (64 + i * 53 % 876) << 6) }
        let source = PixelEncoding(format: .x444, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
        let destination = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
        var results: [[[UInt8]]] = []
        try luma.withUnsafeBytes { lumaBytes in
            let view = try PixelBufferView(
                format: .x444, width: width, height: height,
                planes: [
                    .init(bytes: lumaBytes, bytesPerRow: width * 2),
                    .init(bytes: UnsafeRawBufferPointer(start: chroma, count: chromaBytes), bytesPerRow: width * 4),
                ])
            for path in PixelConverter.availableCodePaths {
                var options = PixelConverter.Options()
                options.codePath = path
                options.threadCount = 1
                let converter = try PixelConverter(from: source, to: destination, options: options)
                let output = TestFrames.Frame(format: .rgbaHalf, width: width, height: height)
                try converter.convert(view, to: try Self.view(output))
                results.append(Self.bytes(output))
            }
        }
        #expect(results.count == PixelConverter.availableCodePaths.count)
        #expect(Set(results).count == 1, "code paths disagree")
    }

    /// Found by the converter fuzz target: a pixel holding NaNs of different signs or payloads may carry either on
    /// different code paths (documented). One NaN per pixel keeps its sign and payload on every path.
    @Test("a pixel's single NaN keeps its sign and payload on every code path; mixed NaNs stay NaN")
    func nanPropagation() throws {
        let pixels: [UInt16] = [
            0xFE01, 0x3800, 0x3800, 0x3C00, 0x3800, 0x7E05, 0x3800, 0x3C00, 0x3800, 0x3800, 0xFE00, 0x3C00,
            0xFE01, 0x3C00, 0x7E00, 0x3C00,  // two different NaNs: either may win
        ]
        var outputs: [[UInt16]] = []
        for path in PixelConverter.availableCodePaths {
            var options = PixelConverter.Options()
            options.codePath = path
            options.gamut = .clip
            let converter = try PixelConverter(
                from: PixelEncoding(format: .rgbaHalf, colorSpace: .sRGB),
                to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedDisplayP3), options: options)
            var out = [UInt16](repeating: 0, count: pixels.count)
            try pixels.withUnsafeBytes { s in
                try out.withUnsafeMutableBytes { d in
                    try converter.convert(
                        try PixelBufferView(
                            format: .rgbaHalf, width: 4, height: 1, planes: [.init(bytes: s, bytesPerRow: 32)]),
                        to: try MutablePixelBufferView(
                            format: .rgbaHalf, width: 4, height: 1, planes: [.init(bytes: d, bytesPerRow: 32)]))
                }
            }
            outputs.append(out)
        }
        for out in outputs {
            #expect(
                Array(out[0..<12]) == [
                    0xFE01, 0xFE01, 0xFE01, 0x3C00, 0x7E05, 0x7E05, 0x7E05, 0x3C00, 0xFE00, 0xFE00, 0xFE00, 0x3C00,
                ])
            #expect(out[12..<15].allSatisfy { $0 == 0xFE01 || $0 == 0x7E00 } && out[15] == 0x3C00, "\(out[12..<16])")
        }
        #expect(Set(outputs.map { Array($0[0..<12]) }).count == 1)
    }
}
