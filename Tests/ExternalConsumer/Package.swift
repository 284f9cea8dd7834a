// swift-tools-version: 6.1
//
// An independent package that depends on HDRColor by path and uses the documented contract spellings, so that
// `make test` proves they compile (and work) from outside the library, without @testable access.

import PackageDescription

let package = Package(
    name: "ExternalConsumer",
    dependencies: [.package(name: "HDRColor", path: "../..")],
    targets: [
        .executableTarget(
            name: "ExternalConsumer",
            dependencies: [
                .product(name: "HDRColor", package: "HDRColor"),
                .product(name: "TransferFunctions", package: "HDRColor"),
                .product(name: "HalfFloat", package: "HDRColor"),
                .product(name: "ColorSpaces", package: "HDRColor"),
                .product(name: "ImageFiles", package: "HDRColor"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
