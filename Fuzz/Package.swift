// swift-tools-version: 6.1
//
// HDRColor fuzz targets. A package of its own (like Benchmarks/) so that the library manifest stays clean; it depends
// on the library by path. Run every target with `make fuzz` (Docs/Reliability.md has the commands and the results).
//
// Each target is an executable that exports `LLVMFuzzerTestOneInput`. Built with libFuzzer and AddressSanitizer
// (`make fuzz` does: `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLIBFUZZER`) it is a libFuzzer
// binary; built plainly it runs FuzzSupport's deterministic mutation driver over the same corpus, for toolchains
// without libFuzzer.

import PackageDescription

/// The targets: name, folder under Targets/, and the library products they exercise.
let fuzzTargets: [(name: String, folder: String, products: [String])] = [
    ("FuzzPNG", "png", ["ColorTags", "SignalCoding"]),
    ("FuzzJPEG", "jpeg", ["ColorTags"]),
    ("FuzzISOBMFF", "isobmff", ["ColorTags"]),
    ("FuzzMovie", "movie", ["ColorTags", "TagValidation"]),
    ("FuzzStreams", "streams", ["ColorTags", "TagValidation", "MediaSyntax"]),
    ("FuzzHDR10Plus", "hdr10plus", ["ColorTags", "TagValidation", "MediaSyntax"]),
    ("FuzzRPU", "rpu", ["MediaSyntax"]),
    ("FuzzComposer", "composer", ["DolbyVision", "MediaSyntax", "PixelBuffers"]),
    ("FuzzICC", "icc", ["ICC", "ColorTags", "TagValidation", "ColorSpaces"]),
    ("FuzzCICP", "cicp", ["SignalCoding", "ColorSpaces", "PixelConversion", "PixelBuffers"]),
    ("FuzzInspect", "inspect", ["ColorTags", "TagValidation"]),
    (
        "FuzzConverter", "converter",
        ["PixelConversion", "PixelBuffers", "ColorSpaces", "ToneMapping", "TransferFunctions", "SignalCoding"]
    ),
    ("FuzzItems", "items", ["ImageFiles"]),
    ("FuzzVideoFile", "videofile", ["VideoFiles", "PixelBuffers"]),
    ("FuzzReports", "reports", ["ColorTags", "TagValidation"]),
]

let package = Package(
    name: "HDRColorFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "HDRColor", path: "..", traits: [])],
    targets: [
        // Crash and timeout capture for the mutation driver (async-signal-safe, so in C).
        .target(name: "CFuzzHarness"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzHarness"]),
        // Reading a file's tags with the invariants every reader keeps.
        .target(
            name: "FuzzReaders",
            dependencies: [
                "FuzzSupport", .product(name: "ColorTags", package: "HDRColor"),
                .product(name: "TagValidation", package: "HDRColor"),
            ]),
    ]
        + fuzzTargets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: ["FuzzSupport", "FuzzReaders"]
                    + target.products.map { .product(name: $0, package: "HDRColor") },
                path: "Targets/\(target.folder)")
        },
    swiftLanguageModes: [.v6]
)
