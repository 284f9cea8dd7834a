// swift-tools-version: 6.1
//
// HDRColor: colour science for HDR imaging in Swift.
//
// Pure-Swift modules (SignalCoding, TransferFunctions, HalfFloat, ColorSpaces, PixelBuffers, ToneMapping, MediaSyntax)
// sit under a thin LittleCMS 2 bridge (CLittleCMS + ICC), one C kernel target (CPixelKernels), the tag reader (ColorTags)
// and its validator (TagValidation). `HDRColor` re-exports the modules that need no codec library; ImageFiles (libpng, libjpeg-turbo, libavif, libheif, libde265,
// dav1d), VideoFiles (FFmpeg) and MediaConversion are products of their own. `hdrcolor` is the command-line tool.

import PackageDescription

// MARK: - Build settings

/// Optional native-CPU code generation for local measurements only (`HDRCOLOR_NATIVE_CPU=1 swift build -c release`).
/// Those flags would make the package unusable as a versioned dependency, so only that environment variable adds them.
let nativeCPU = Context.environment["HDRCOLOR_NATIVE_CPU"] == "1"

var swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]
if nativeCPU {
    swiftSettings.append(.unsafeFlags(["-Xcc", "-march=native"]))  // environment-gated: HDRCOLOR_NATIVE_CPU=1 only
}

// MARK: - Package

let package = Package(
    name: "HDRColor",
    products: [
        .library(name: "HDRColor", targets: ["HDRColor"]),
        .library(name: "SignalCoding", targets: ["SignalCoding"]),
        .library(name: "TransferFunctions", targets: ["TransferFunctions"]),
        .library(name: "HalfFloat", targets: ["HalfFloat"]),
        .library(name: "ColorSpaces", targets: ["ColorSpaces"]),
        .library(name: "PixelBuffers", targets: ["PixelBuffers"]),
        .library(name: "ToneMapping", targets: ["ToneMapping"]),
        .library(name: "ICC", targets: ["ICC"]),
        .library(name: "PixelConversion", targets: ["PixelConversion"]),
        .library(name: "PixelShaders", targets: ["PixelShaders"]),
        .library(name: "MediaSyntax", targets: ["MediaSyntax"]),
        .library(name: "ColorTags", targets: ["ColorTags"]),
        .library(name: "TagValidation", targets: ["TagValidation"]),
        .library(name: "ImageFiles", targets: ["ImageFiles"]),
        .library(name: "VideoFiles", targets: ["VideoFiles"]),
        .library(name: "DolbyVision", targets: ["DolbyVision"]),
        .library(name: "MediaConversion", targets: ["MediaConversion"]),
        .library(name: "HTMLReport", targets: ["HTMLReport"]),
        .library(name: "GPUConversion", targets: ["GPUConversion"]),
        .executable(name: "hdrcolor", targets: ["hdrcolor"]),
    ],
    // The tool's packages (swift-argument-parser, Yams) hang on this trait, on by default. A library-only dependent
    // that writes `traits: []` on its `.package` line neither fetches nor pins them (SwiftPM 6.1 prunes
    // dependencies used only under disabled traits); with the default trait they are fetched but not compiled.
    traits: [
        .trait(name: "CommandLineTool", description: "The hdrcolor tool's dependencies: swift-argument-parser, Yams."),
        .default(enabledTraits: ["CommandLineTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // MARK: Pure-Swift core
        // The base every layer shares: signal ranges, quantisation, CICP code points and their names.
        .target(name: "SignalCoding", swiftSettings: swiftSettings),
        .target(name: "TransferFunctions", swiftSettings: swiftSettings),
        .target(name: "HalfFloat", swiftSettings: swiftSettings),
        .target(
            name: "ColorSpaces", dependencies: ["SignalCoding", "TransferFunctions"], swiftSettings: swiftSettings),
        .target(name: "PixelBuffers", dependencies: ["SignalCoding", "HalfFloat"], swiftSettings: swiftSettings),
        .target(name: "ToneMapping", dependencies: ["ColorSpaces", "TransferFunctions"], swiftSettings: swiftSettings),

        // MARK: LittleCMS bridge
        .systemLibrary(
            name: "CLittleCMS",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]
        ),
        .target(
            name: "ICC",
            dependencies: ["CLittleCMS", "SignalCoding", "ColorSpaces", "TransferFunctions"],
            swiftSettings: swiftSettings
        ),

        // MARK: Pixel conversion
        // One kernel source compiled for baseline x86-64, AVX2 and AVX-512 (per-function target attributes, chosen at
        // run time) and arm64 NEON; no package flags.
        .target(name: "CPixelKernels"),
        .target(
            name: "PixelConversion",
            dependencies: [
                "CPixelKernels", "SignalCoding", "PixelBuffers", "ColorSpaces", "TransferFunctions", "ToneMapping",
                "HalfFloat",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Pixel shaders
        // The same plans as GPU programs: GLSL compute shaders and their parameter blocks, from the program listing
        // PixelConversion compiles. Pure Swift (the GPU runner and the shader compilers are GPUConversion's).
        .target(
            name: "PixelShaders",
            dependencies: ["PixelConversion", "PixelBuffers", "SignalCoding", "TransferFunctions"],
            swiftSettings: swiftSettings
        ),

        // MARK: Media syntax
        // Bytes to syntax and nothing else (bounds-checked byte and bit readers, NAL units, HDR metadata records and
        // dynamic HDR metadata payloads): written once, read by ColorTags, ImageFiles and VideoFiles alike. Pure Swift;
        // ColorSpaces only for the chromaticities of a mastering display.
        .target(name: "MediaSyntax", dependencies: ["SignalCoding", "ColorSpaces"], swiftSettings: swiftSettings),

        // MARK: Colour tags of image files
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The reader: the tag model, what each container's records mean, precedence, the PNG tag writer.
        .target(
            name: "ColorTags",
            dependencies: [
                "CZlib", "ICC", "SignalCoding", "ColorSpaces", "TransferFunctions", "ToneMapping", "MediaSyntax",
            ],
            swiftSettings: swiftSettings
        ),
        // The validator over ColorTags: rules, policies, and the text, JSON, JUnit and SARIF reports.
        .target(
            name: "TagValidation",
            dependencies: [
                "ColorTags", "ICC", "SignalCoding", "ColorSpaces", "TransferFunctions", "ToneMapping", "MediaSyntax",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Image files
        // Pixel I/O through Debian's codec libraries. Only ImageFiles (and the tool) link them: the umbrella and every
        // core module build without any codec library installed.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // No pkgConfig for libavif: its .pc adds -DAVIF_DLL (a Windows export macro SwiftPM rejects as unsafe); the
        // headers are on the default include path of Debian's libavif-dev.
        .systemLibrary(name: "CAVIF", providers: [.apt(["libavif-dev"])]),
        .systemLibrary(name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        // Bitstream decoders for HEIF/AVIF items that libheif 1.15 and libavif 0.11 cannot open (grids with many
        // auxiliary images, gain-map items, tmap inputs): HEVC through libde265, AV1 through dav1d.
        .systemLibrary(name: "CDe265", pkgConfig: "libde265", providers: [.apt(["libde265-dev"])]),
        .systemLibrary(name: "CDav1d", pkgConfig: "dav1d", providers: [.apt(["libdav1d-dev"])]),
        .target(
            name: "ImageFiles",
            dependencies: [
                "CPNG", "CJPEG", "CAVIF", "CHEIF", "CDe265", "CDav1d", "SignalCoding", "TransferFunctions",
                "ColorSpaces", "PixelBuffers",
                "PixelConversion", "ToneMapping", "ColorTags", "MediaSyntax", "ICC",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Video files
        // Movies in and out through FFmpeg's libraries (Debian 12: FFmpeg 5.1). Only VideoFiles (and the tool) link
        // them; one module map links avformat, avcodec, swscale and avutil, found through pkg-config `libavformat`.
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]),
        .target(
            name: "VideoFiles",
            dependencies: [
                "CFFmpeg", "SignalCoding", "ColorSpaces", "PixelBuffers", "PixelConversion", "MediaSyntax",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Dolby Vision
        // Profile 5 composition: each RPU's reshaping and matrices as PixelConversion's kernel ops, and the float64
        // reference they are checked against.
        .target(
            name: "DolbyVision",
            dependencies: ["PixelConversion", "PixelBuffers", "ColorSpaces", "TransferFunctions", "MediaSyntax"],
            swiftSettings: swiftSettings
        ),

        // MARK: Media conversion
        // The file-to-file job for images and movies (read, decide the target, convert, write, check) as library API;
        // the tool calls it.
        .target(
            name: "MediaConversion",
            dependencies: [
                "HDRColor", "ImageFiles", "SignalCoding", "TransferFunctions", "ColorSpaces", "PixelBuffers",
                "PixelConversion", "ToneMapping", "ColorTags", "TagValidation", "ICC", "VideoFiles", "MediaSyntax",
                "DolbyVision",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: HTML report
        // `hdrcolor report`'s page of an image or a movie (pictures, charts as SVG, findings), above the conversion job.
        .target(
            name: "HTMLReport",
            dependencies: [
                "MediaConversion", "ImageFiles", "VideoFiles", "ColorTags", "TagValidation", "PixelConversion",
                "PixelBuffers", "ColorSpaces", "ToneMapping", "TransferFunctions", "MediaSyntax", "SignalCoding",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: GPU
        // The GPU runner: GLSL compute shaders to SPIR-V (shaderc), SPIR-V to Metal Shading Language and HLSL
        // (SPIRV-Cross), and SPIR-V run on any Vulkan device (lavapipe on the CPU where there is no GPU). CVulkan is
        // the Vulkan headers only: GPUConversion opens the loader (libvulkan.so.1) at run time, so its binaries start
        // without one. No pkgConfig for CVulkan (vulkan.pc would link the loader) nor for CShaderc: Debian 12's
        // libshaderc.so.1 lacks its glslang and SPIRV-Tools dependencies, so its module map links the static
        // archives of libshaderc-dev, glslang-dev and spirv-tools instead.
        .systemLibrary(name: "CVulkan", providers: [.apt(["libvulkan-dev"])]),
        .systemLibrary(name: "CShaderc", providers: [.apt(["libshaderc-dev"])]),
        .systemLibrary(
            name: "CSPIRVCross", pkgConfig: "spirv-cross-c-shared", providers: [.apt(["libspirv-cross-c-shared-dev"])]),
        .target(
            name: "GPUConversion",
            dependencies: ["CVulkan", "CShaderc", "CSPIRVCross", "PixelShaders", "PixelConversion", "PixelBuffers"],
            swiftSettings: swiftSettings),

        // MARK: Umbrella and tool
        .target(
            name: "HDRColor",
            dependencies: [
                "SignalCoding", "TransferFunctions", "HalfFloat", "ColorSpaces", "PixelBuffers", "ToneMapping", "ICC",
                "PixelConversion", "MediaSyntax", "ColorTags", "TagValidation",
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "hdrcolor",
            dependencies: [
                "HDRColor",
                "MediaSyntax",
                "ImageFiles",
                "VideoFiles",
                "MediaConversion",
                "HTMLReport",
                "PixelShaders",
                "GPUConversion",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser",
                    condition: .when(traits: ["CommandLineTool"])),
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["CommandLineTool"])),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Tests
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .target(
            name: "ConversionTestSupport",
            dependencies: [
                "PixelConversion", "PixelBuffers", "SignalCoding", "ColorSpaces", "ToneMapping", "HalfFloat",
                "TestSupport",
            ],
            path: "Tests/ConversionTestSupport", swiftSettings: swiftSettings),
        .target(
            name: "VideoTestSupport",
            dependencies: [
                "VideoFiles", "PixelConversion", "PixelBuffers", "ColorTags", "MediaSyntax", "SignalCoding",
                "ColorSpaces", "TransferFunctions", "DolbyVision", "TestSupport",
            ],
            path: "Tests/VideoTestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "SignalCodingTests", dependencies: ["SignalCoding", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "TransferFunctionsTests", dependencies: ["TransferFunctions", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(name: "HalfFloatTests", dependencies: ["HalfFloat", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ColorSpacesTests", dependencies: ["ColorSpaces", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "PixelBuffersTests", dependencies: ["PixelBuffers", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ToneMappingTests", dependencies: ["ToneMapping", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "ICCTests", dependencies: ["ICC", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "PixelConversionTests", dependencies: ["PixelConversion", "ConversionTestSupport", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PixelShadersTests",
            dependencies: [
                "PixelShaders", "PixelConversion", "PixelBuffers", "ColorSpaces", "ToneMapping",
                "ConversionTestSupport", "TestSupport",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ColorTagsTests", dependencies: ["ColorTags", "TagValidation", "MediaSyntax", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MediaSyntaxTests", dependencies: ["MediaSyntax", "SignalCoding", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ImageFilesTests",
            dependencies: ["ImageFiles", "TagValidation", "MediaSyntax", "TransferFunctions", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "VideoFilesTests",
            dependencies: [
                "VideoFiles", "PixelConversion", "ColorTags", "TagValidation", "MediaSyntax", "TransferFunctions",
                "TestSupport", "VideoTestSupport",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MediaConversionTests",
            dependencies: [
                "MediaConversion", "DolbyVision", "ImageFiles", "HDRColor", "VideoFiles", "TestSupport",
                "VideoTestSupport", "MediaSyntax",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "DolbyVisionTests",
            dependencies: [
                "DolbyVision", "VideoFiles", "PixelBuffers", "ColorSpaces", "MediaSyntax", "TestSupport",
                "VideoTestSupport",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HTMLReportTests",
            dependencies: [
                "HTMLReport", "MediaConversion", "ImageFiles", "HDRColor", "VideoFiles", "MediaSyntax", "TestSupport",
                "VideoTestSupport",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GPUConversionTests",
            dependencies: [
                "GPUConversion", "PixelShaders", "PixelConversion", "PixelBuffers", "HalfFloat", "ToneMapping",
                "ColorSpaces", "ConversionTestSupport", "TestSupport",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HDRColorTests",
            dependencies: [
                "HDRColor", "TagValidation", "ImageFiles", "MediaConversion", "HTMLReport", "VideoFiles",
                "GPUConversion", "hdrcolor", "TestSupport", "VideoTestSupport",
            ],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
