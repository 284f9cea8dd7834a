// ICC bridge benchmarks: the bridge's overhead over raw LittleCMS on the same buffers and profiles, and the
// pure-Swift path for a recognised matrix/TRC profile pair against the LittleCMS transform. Results: Docs/Performance.md.
import Benchmark
import HDRColor
import LittleCMSBench

/// 512 × 512 pixels per iteration.
let pixelCount = 512 * 512

/// Deterministic pixel values in [0, 1].
func samples(_ count: Int) -> [Float] { (0..<count).map { Float(($0 &* 7919) % 1021) / 1020 } }

/// A raw LittleCMS transform on the bridge's profile bytes, with the bridge's flags (copy alpha).
final class RawTransform {
    let context: cmsContext
    let handle: cmsHTRANSFORM

    init(from source: ICCProfile, to destination: ICCProfile, input: cmsUInt32Number, output: cmsUInt32Number) {
        let context = cmsCreateContext(nil, nil)!
        func open(_ profile: ICCProfile) -> cmsHPROFILE {
            profile.bytes.withUnsafeBytes {
                cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number($0.count))
            }!
        }
        let a = open(source), b = open(destination)
        handle = cmsCreateTransformTHR(
            context, a, input, b, output, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
            cmsUInt32Number(cmsFLAGS_COPY_ALPHA))!
        self.context = context
        cmsCloseProfile(a)
        cmsCloseProfile(b)
    }

    deinit {
        cmsDeleteTransform(handle)
        cmsDeleteContext(context)
    }
}

/// Benchmarks one raw/bridge pair on the same buffers.
func pair<Input: BitwiseCopyable & Sendable, Output: BitwiseCopyable & Sendable>(
    _ name: String, from source: ColorSpace, to destination: ColorSpace, layouts: (ICCPixelLayout, ICCPixelLayout),
    lcmsTypes: (cmsUInt32Number, cmsUInt32Number), input: [Input], output: Output.Type
) {
    let sourceProfile = try! ICCProfile(colorSpace: source)
    let destinationProfile = try! ICCProfile(colorSpace: destination)
    let outputCount = pixelCount * layouts.1.bytesPerPixel / MemoryLayout<Output>.stride

    Benchmark("lcms raw: \(name)") { benchmark in
        let raw = RawTransform(from: sourceProfile, to: destinationProfile, input: lcmsTypes.0, output: lcmsTypes.1)
        var out = [Output](unsafeUninitializedCapacity: outputCount) { _, n in n = outputCount }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            input.withUnsafeBytes { i in
                out.withUnsafeMutableBytes { o in
                    cmsDoTransform(raw.handle, i.baseAddress, o.baseAddress, cmsUInt32Number(pixelCount))
                }
            }
            blackHole(out)
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
    }
    Benchmark("bridge: \(name)") { benchmark in
        let transform = try! ICCTransform(
            from: sourceProfile, to: destinationProfile, sourceLayout: layouts.0, destinationLayout: layouts.1,
            intent: .relativeColorimetric)
        var out = [Output](unsafeUninitializedCapacity: outputCount) { _, n in n = outputCount }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            input.withUnsafeBytes { i in
                out.withUnsafeMutableBytes { o in try! transform.transform(i, into: o, pixelCount: pixelCount) }
            }
            blackHole(out)
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
    }
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput], timeUnits: .milliseconds, warmupIterations: 2, maxDuration: .seconds(2),
        maxIterations: 200)

    let rgbaFloat = samples(4 * pixelCount)
    let rgbFloat = samples(3 * pixelCount)
    let rgba8 = rgbaFloat.map { UInt8($0 * 255) }
    pair(
        "sRGB → Display P3, RGBA float", from: .sRGB, to: .displayP3, layouts: (.rgbaFloat, .rgbaFloat),
        lcmsTypes: (HDRCOLOR_TYPE_RGBA_FLT, HDRCOLOR_TYPE_RGBA_FLT), input: rgbaFloat, output: Float.self)
    pair(
        "sRGB → Display P3, RGBA 8-bit", from: .sRGB, to: .displayP3, layouts: (.rgba8, .rgba8),
        lcmsTypes: (HDRCOLOR_TYPE_RGBA_8, HDRCOLOR_TYPE_RGBA_8), input: rgba8, output: UInt8.self)
    pair(
        "BT.2100 PQ → Display P3 PQ, RGB float", from: .bt2100PQ, to: .displayP3PQ, layouts: (.rgbFloat, .rgbFloat),
        lcmsTypes: (HDRCOLOR_TYPE_RGB_FLT, HDRCOLOR_TYPE_RGB_FLT), input: rgbFloat, output: Float.self)

    // The native path for recognised profiles: the bridge identifies both profiles as catalogued colour spaces, then
    // pure Swift converts (bulk Float transfer functions and a Float 3×3 matrix), versus the LittleCMS transform above.
    Benchmark("native Float: sRGB → Display P3, RGB float (recognised profiles)") { benchmark in
        let source = try! ICCProfile(colorSpace: .sRGB).matchingColorSpace()!.colorSpace
        let destination = try! ICCProfile(colorSpace: .displayP3).matchingColorSpace()!.colorSpace
        let m = source.primaries.conversionMatrix(to: destination.primaries).floatRowMajorElements
        var buffer = rgbFloat
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            buffer.withUnsafeMutableBufferPointer { b in
                source.transferFunction.toLinear(b, outOfRange: .clamped)
                var i = 0
                while i < b.count {
                    let r = b[i], g = b[i + 1], bl = b[i + 2]
                    b[i] = m[0] * r + m[1] * g + m[2] * bl
                    b[i + 1] = m[3] * r + m[4] * g + m[5] * bl
                    b[i + 2] = m[6] * r + m[7] * g + m[8] * bl
                    i += 3
                }
                destination.transferFunction.fromLinear(b, outOfRange: .clamped)
            }
            blackHole(buffer)
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
    }
    Benchmark("lcms raw: sRGB → Display P3, RGB float") { benchmark in
        let raw = RawTransform(
            from: try! ICCProfile(colorSpace: .sRGB), to: try! ICCProfile(colorSpace: .displayP3),
            input: HDRCOLOR_TYPE_RGB_FLT, output: HDRCOLOR_TYPE_RGB_FLT)
        var out = rgbFloat
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            rgbFloat.withUnsafeBytes { i in
                out.withUnsafeMutableBytes { o in
                    cmsDoTransform(raw.handle, i.baseAddress, o.baseAddress, cmsUInt32Number(pixelCount))
                }
            }
            blackHole(out)
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
    }
    Benchmark("float64 reference: sRGB → Display P3 (ColorSpace.Conversion.apply)") { benchmark in
        let conversion = ColorSpace.Conversion(from: .sRGB, to: .displayP3)
        var out = rgbFloat
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for p in stride(from: 0, to: rgbFloat.count, by: 3) {
                let v = conversion.apply(SIMD3(Double(rgbFloat[p]), Double(rgbFloat[p + 1]), Double(rgbFloat[p + 2])))
                out[p] = Float(v.x)
                out[p + 1] = Float(v.y)
                out[p + 2] = Float(v.z)
            }
            blackHole(out)
        }
        benchmark.stopMeasurement()  // freeing the output is not measured either
    }
}
