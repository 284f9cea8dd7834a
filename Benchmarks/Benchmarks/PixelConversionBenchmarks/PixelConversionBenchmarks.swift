// PixelConversion benchmarks: the six workloads of the PixelConversion issue on 3840×2160 frames, beside zimg 3 (its
// SIMD path, approximate gamma, planar half output: less work than RGBA half; at its best with 512-bit instructions,
// `ZIMG_CPU_AUTO_64B` as FFmpeg's zscale asks, and AVX2 only, `ZIMG_CPU_AUTO`) and LittleCMS 2 on the same work, and
// a memcpy of the output frame as the floor. Workload 1 runs on each build of the kernels the CPU has (x86-64:
// baseline, AVX2, AVX-512); the others on the fastest (`HDRCOLOR_CPU=avx2` masks AVX-512 for a whole run). One iteration = one frame; malloc counts show the zero-allocation
// steady state. Results and ratios: Docs/Performance.md (section "pixel-conversion").
import Benchmark
import BenchmarkFrames
import HDRColor
import LittleCMSBench
import ZimgBench

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let width = 3840
let height = 2160

// MARK: Frames

/// A frame of `format` with deterministic samples (``BenchmarkFrames``), 4K.
func frame(_ format: PixelFormat) -> PixelBuffer { BenchmarkFrames.frame(format, width: width, height: height) }

/// SDR-range content (``BenchmarkFrames``), 4K.
func sdrRangeFrame() -> PixelBuffer { BenchmarkFrames.sdrRangeFrame(width: width, height: height) }

/// A destination frame whose memory is already mapped, 4K.
func mappedFrame(_ format: PixelFormat) -> PixelBuffer {
    BenchmarkFrames.mappedFrame(format, width: width, height: height)
}

/// The destination of one benchmark, reused by all its samples as a pixel-buffer pool's would be: allocated and
/// mapped before the first measurement, so that no sample measures page faults on fresh memory or the return of
/// 66 MB to the kernel (on a two-core machine that work also competes with a second conversion thread).
final class ReusedFrame: @unchecked Sendable {  // used by the samples of one benchmark, one at a time
    private let format: PixelFormat
    private var buffer: PixelBuffer?

    init(_ format: PixelFormat) { self.format = format }

    /// Allocates and maps the frame if it is not yet.
    func prepare() {
        if buffer == nil { buffer = mappedFrame(format) }
    }

    func withMutableView<R>(_ body: (MutablePixelBufferView) throws -> R) rethrows -> R {
        prepare()
        return try buffer!.withMutableView(body)
    }
}

/// Converts `input` with `converter` once per iteration into a destination whose pages are mapped.
func conversionBenchmark(_ name: String, _ converter: PixelConverter, input: PixelBuffer) {
    let output = ReusedFrame(converter.destination.format)
    Benchmark(name) { benchmark in
        output.prepare()
        benchmark.startMeasurement()  // set-up, not measured
        for _ in benchmark.scaledIterations {
            input.withView { s in output.withMutableView { d in try! converter.convert(s, to: d) } }
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
        blackHole(output)
    }
}

func converter(
    _ from: PixelEncoding, _ to: PixelEncoding, threads: Int? = 1, path: PixelConverter.CodePath = .automatic,
    _ change: (inout PixelConverter.Options) -> Void = { _ in }
) -> PixelConverter {
    var options = PixelConverter.Options()
    options.threadCount = threads
    options.codePath = path
    change(&options)
    return try! PixelConverter(from: from, to: to, options: options)
}

// MARK: LittleCMS

/// A LittleCMS transform between two generated profiles, run over a whole frame in one call.
final class LittleCMSTransform: @unchecked Sendable {  // the handle is used by one benchmark at a time
    let handle: cmsHTRANSFORM

    init(from source: ColorSpace, to destination: ColorSpace, input: cmsUInt32Number, output: cmsUInt32Number) {
        func open(_ space: ColorSpace) -> cmsHPROFILE {
            let bytes = try! ICCProfile(colorSpace: space).bytes
            return bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count))! }
        }
        let (a, b) = (open(source), open(destination))
        handle = cmsCreateTransform(a, input, b, output, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), 0)!
        cmsCloseProfile(a)
        cmsCloseProfile(b)
    }

    deinit { cmsDeleteTransform(handle) }
}

func littleCMSBenchmark(_ name: String, _ transform: LittleCMSTransform, input: PixelBuffer, output format: PixelFormat)
{
    let output = ReusedFrame(format)
    Benchmark(name, configuration: .init(maxIterations: 5)) { benchmark in
        output.prepare()
        benchmark.startMeasurement()  // set-up, not measured
        for _ in benchmark.scaledIterations {
            input.withView { s in
                output.withMutableView { d in
                    // The rows of PixelBuffer are padded to 64 bytes; 4K rows are already multiples, so one call.
                    cmsDoTransform(
                        transform.handle, s.plane(0).baseAddress, d.plane(0).baseAddress,
                        cmsUInt32Number(width * height))
                }
            }
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
        blackHole(output)
    }
}

// MARK: zimg

/// zimg's counterpart of S1 (or of workload 2 with `transfer` HLG: zimg's ARIB STD-B67 with the BT.2100 OOTF of a
/// 1000 cd/m² display): planar half linear P3-D65 from the same 4:2:0 10-bit frame (``ZimgGraph``).
func zimgBenchmark(
    _ name: String, approximateGamma: Bool, cpu: zimg_cpu_type_e = ZIMG_CPU_AUTO_64B,
    transfer: zimg_transfer_characteristics_e = ZIMG_TRANSFER_ST2084
) {
    let graph = ZimgGraph(
        width: width, height: height, transfer: transfer, approximateGamma: approximateGamma, cpu: cpu)
    let seeded = frame(try! .planarYCbCr(.s420, bitDepth: 10, range: .narrow))
    let output = ReusedFrame(graph.destinationFormat)
    Benchmark(name, configuration: .init(maxIterations: approximateGamma ? 50 : 5)) { benchmark in
        output.prepare()
        benchmark.startMeasurement()  // set-up, not measured
        for _ in benchmark.scaledIterations {
            seeded.withView { s in output.withMutableView { d in graph.process(s, into: d) } }
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
        blackHole(output)
    }
}

// MARK: Benchmarks

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 2,
        maxDuration: .seconds(3), maxIterations: 40)

    let x420PQ = PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance)
    let x420HLG = PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance)
    let edr = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
    let srgb8 = PixelEncoding(format: .rgba8, colorSpace: .sRGB)
    let x420 = frame(.x420), half = frame(.rgbaHalf), rgba8 = frame(.rgba8), rgba16 = frame(.rgba16)

    // Floor: writing the 66 MB RGBA half frame.
    let memcpyOutput = ReusedFrame(.rgbaHalf)
    Benchmark("memcpy: 4K RGBA half frame (66 MB)") { benchmark in
        let output = memcpyOutput
        output.prepare()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            half.withView { s in
                output.withMutableView { d in
                    memcpy(d.plane(0).baseAddress, s.plane(0).baseAddress, d.plane(0).bytesPerRow * height)
                }
            }
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
        blackHole(output)
    }

    // 1. S1: 'x420' PQ → RGBA half extended linear Display P3, on every build of the kernels this CPU runs.
    for path in PixelConverter.availableCodePaths.reversed() {
        conversionBenchmark(
            "1. S1 'x420' PQ → 'RGhA' linear P3, 1 thread, \(path)", converter(x420PQ, edr, path: path), input: x420)
    }
    conversionBenchmark(
        "1. S1 'x420' PQ → 'RGhA' linear P3, 2 threads", converter(x420PQ, edr, threads: 2), input: x420)
    zimgBenchmark(
        "zimg: yuv420p10 PQ → planar half linear P3, approximate gamma, 1 thread, ZIMG_CPU_AUTO_64B",
        approximateGamma: true)
    zimgBenchmark(
        "zimg: yuv420p10 PQ → planar half linear P3, approximate gamma, 1 thread, ZIMG_CPU_AUTO (AVX2)",
        approximateGamma: true, cpu: ZIMG_CPU_AUTO)
    zimgBenchmark("zimg: yuv420p10 PQ → planar half linear P3, exact gamma, 1 thread", approximateGamma: false)

    // 2. HLG, 1000 cd/m² display.
    conversionBenchmark("2. 'x420' HLG → 'RGhA' linear P3, 1 thread", converter(x420HLG, edr), input: x420)
    zimgBenchmark(
        "zimg: yuv420p10 HLG → planar half linear P3, approximate gamma, 1 thread, ZIMG_CPU_AUTO_64B",
        approximateGamma: true, transfer: ZIMG_TRANSFER_ARIB_B67)
    zimgBenchmark(
        "zimg: yuv420p10 HLG → planar half linear P3, approximate gamma, 1 thread, ZIMG_CPU_AUTO (AVX2)",
        approximateGamma: true, cpu: ZIMG_CPU_AUTO, transfer: ZIMG_TRANSFER_ARIB_B67)

    // 3. S1 with tone mapping to a 4× display in the same pass.
    conversionBenchmark(
        "3. S1 + tone map to 4× (headroom curve), 1 thread",
        converter(x420PQ, edr) {
            $0.toneMapping = .displayHeadroom(4, content: ContentLuminance(maxContentLightLevel: 4000))
        },
        input: x420)
    // Issue 30's workload, on the random frame (nearly every pixel bright) and on SDR-range content (below the knee).
    let bt2390 = converter(x420PQ, edr) {
        $0.toneMapping = .displayHeadroom(2, content: ContentLuminance(maxContentLightLevel: 4000), method: .bt2390)
    }
    conversionBenchmark("3. S1 + tone map to 2× (BT.2390), 1 thread", bt2390, input: x420)
    let sdrRange = sdrRangeFrame()
    conversionBenchmark("3. S1 on SDR-range content, 1 thread", converter(x420PQ, edr), input: sdrRange)
    conversionBenchmark(
        "3. S1 + tone map to 2× (BT.2390) on SDR-range content (below the knee), 1 thread", bt2390, input: sdrRange)

    // 4. Export: RGBA half → 'x420' HLG and PQ.
    conversionBenchmark("4. export 'RGhA' → 'x420' HLG, 1 thread", converter(edr, x420HLG), input: half)
    conversionBenchmark("4. export 'RGhA' → 'x420' PQ, 1 thread", converter(edr, x420PQ), input: half)
    conversionBenchmark("4. export 'RGhA' → 'x420' HLG, all cores", converter(edr, x420HLG, threads: nil), input: half)

    // 5. 8-bit RGB, beside LittleCMS.
    conversionBenchmark(
        "5. sRGB RGBA8 → Display P3 RGBA8, 1 thread",
        converter(srgb8, PixelEncoding(format: .rgba8, colorSpace: .displayP3)), input: rgba8)
    littleCMSBenchmark(
        "5. LittleCMS: sRGB RGBA8 → Display P3 RGBA8",
        LittleCMSTransform(from: .sRGB, to: .displayP3, input: HDRCOLOR_TYPE_RGBA_8, output: HDRCOLOR_TYPE_RGBA_8),
        input: rgba8, output: .rgba8)
    conversionBenchmark(
        "5. 'RGhA' linear P3 → sRGB RGBA8 thumbnail (soft clip), 1 thread",
        converter(edr, srgb8) { $0.gamut = .softClip }, input: half)
    littleCMSBenchmark(
        "5. LittleCMS: RGBA half linear P3 → sRGB RGBA8",
        LittleCMSTransform(
            from: .extendedLinearDisplayP3, to: .sRGB, input: HDRCOLOR_TYPE_RGBA_HALF_FLT, output: HDRCOLOR_TYPE_RGBA_8),
        input: half, output: .rgba8)

    // 6. Software-decoder output for AVSampleBufferDisplayLayer: 'y420' BT.709 → BGRA8 sRGB.
    conversionBenchmark(
        "6. 'y420' BT.709 → BGRA8 sRGB, 1 thread",
        converter(
            PixelEncoding(format: .y420, colorSpace: .bt709, matrix: .bt709),
            PixelEncoding(format: .bgra8, colorSpace: .sRGB)),
        input: frame(.y420))

    // HDR float path beside LittleCMS: RGBA16 PQ BT.2020 → RGBA half linear P3.
    conversionBenchmark(
        "HDR: RGBA16 PQ BT.2020 → 'RGhA' linear P3, 1 thread",
        converter(PixelEncoding(format: .rgba16, colorSpace: .bt2100PQ), edr), input: rgba16)
    littleCMSBenchmark(
        "HDR: LittleCMS RGBA16 PQ BT.2020 → RGBA half linear P3",
        LittleCMSTransform(
            from: .bt2100PQ, to: .extendedLinearDisplayP3, input: HDRCOLOR_TYPE_RGBA_16,
            output: HDRCOLOR_TYPE_RGBA_HALF_FLT),
        input: rgba16, output: .rgbaHalf)
}
