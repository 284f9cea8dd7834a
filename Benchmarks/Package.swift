// swift-tools-version: 6.1
//
// HDRColor benchmarks (package-benchmark). A package of its own so that the library manifest stays free of
// benchmark dependencies. Run with `make bench` or `cd Benchmarks && swift package benchmark`.

import PackageDescription

let benchmarkDependencies: [Target.Dependency] = [
    .product(name: "Benchmark", package: "benchmark"),
    .product(name: "HDRColor", package: "HDRColor"),
]
let benchmarkPlugins: [Target.PluginUsage] = [.plugin(name: "BenchmarkPlugin", package: "benchmark")]

let package = Package(
    name: "HDRColorBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "HDRColor", path: "..", traits: []),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // LittleCMS 2 for side-by-side measurements (its own module name, distinct from the library's CLittleCMS).
        .systemLibrary(
            name: "LittleCMSBench", path: "Sources/LittleCMSBench", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]),
        // zimg 3, the speed anchor for whole-frame conversion (benchmarks only; `make bench` installs libzimg-dev).
        .systemLibrary(
            name: "ZimgBench", path: "Sources/ZimgBench", pkgConfig: "zimg", providers: [.apt(["libzimg-dev"])]),

        .executableTarget(
            name: "TransferFunctionsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TransferFunctions", package: "HDRColor"), "LittleCMSBench",
            ],
            path: "Benchmarks/TransferFunctionsBenchmarks",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "HalfFloatBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"), .product(name: "HalfFloat", package: "HDRColor"),
            ],
            path: "Benchmarks/HalfFloatBenchmarks",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "PixelBuffersBenchmarks",
            dependencies: benchmarkDependencies,
            path: "Benchmarks/PixelBuffersBenchmarks",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "ICCBenchmarks",
            dependencies: benchmarkDependencies + ["LittleCMSBench"],
            path: "Benchmarks/ICCBenchmarks",
            plugins: benchmarkPlugins
        ),

        // The frames PixelConversionBenchmarks and KernelRatios convert, and zimg's graph they compare with.
        .target(
            name: "BenchmarkFrames", dependencies: [.product(name: "HDRColor", package: "HDRColor"), "ZimgBench"],
            path: "Sources/BenchmarkFrames"),
        .executableTarget(
            name: "PixelConversionBenchmarks",
            dependencies: benchmarkDependencies + ["LittleCMSBench", "ZimgBench", "BenchmarkFrames"],
            path: "Benchmarks/PixelConversionBenchmarks",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "ImageFilesBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"), .product(name: "ImageFiles", package: "HDRColor"),
            ],
            path: "Benchmarks/ImageFilesBenchmarks",
            plugins: benchmarkPlugins
        ),

        // Movies through FFmpeg: 4K HEVC PQ decode + convert and PQ → HLG transcode, beside the ffmpeg CLI with zscale.
        .executableTarget(
            name: "VideoFilesBenchmarks",
            dependencies: benchmarkDependencies + [
                .product(name: "VideoFiles", package: "HDRColor"),
                .product(name: "MediaConversion", package: "HDRColor"),
                .product(name: "DolbyVision", package: "HDRColor"),
            ],
            path: "Benchmarks/VideoFilesBenchmarks",
            plugins: benchmarkPlugins
        ),

        // S1 and the tone-mapped S1 on a Vulkan device (a GPU, else lavapipe) beside the CPU kernels.
        .executableTarget(
            name: "GPUConversionBenchmarks",
            dependencies: benchmarkDependencies + [.product(name: "GPUConversion", package: "HDRColor")],
            path: "Benchmarks/GPUConversionBenchmarks",
            plugins: benchmarkPlugins
        ),

        // Movie tags: a sparse 1 GiB MP4 read by seeking, with the 1 s / 50 MB budget of issue 19.
        .executableTarget(
            name: "ColorTagsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"), .product(name: "ColorTags", package: "HDRColor"),
            ],
            path: "Benchmarks/ColorTagsBenchmarks",
            plugins: benchmarkPlugins
        ),

        // Issue 44's kernel ratios, interleaved rounds, best of each (robust on a noisy VM).
        .executableTarget(
            name: "KernelRatios",
            dependencies: [.product(name: "HDRColor", package: "HDRColor"), "BenchmarkFrames", "ZimgBench"],
            path: "Sources/KernelRatios"
        ),
        // The exhaustive binary16 check over all 2^32 Float bit patterns (`make check-exhaustive`).
        .executableTarget(
            name: "HalfFloatExhaustive",
            dependencies: [.product(name: "HalfFloat", package: "HDRColor")],
            path: "Sources/HalfFloatExhaustive"
        ),
        // Every non-negative Float through each curve table against the Double curve (`make check-exhaustive`).
        .executableTarget(
            name: "CurveExhaustive",
            dependencies: [.product(name: "TransferFunctions", package: "HDRColor")],
            path: "Sources/CurveExhaustive"
        ),
    ],
    swiftLanguageModes: [.v6]
)
