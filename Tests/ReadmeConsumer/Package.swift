// swift-tools-version: 6.1
// Package.swift of an app that uses HDRColor.
import PackageDescription

let package = Package(
    name: "MyApp",
    dependencies: [
        // From a checkout beside the app, whatever its folder is called (`name:` names the package "HDRColor"), or
        // from GitHub by URL and release tag: .package(url: "https://github.com/OWNER/HDRColor.git", from: "1.0.0").
        // `traits: []` leaves out the hdrcolor tool's packages (swift-argument-parser, Yams): not fetched, not pinned.
        .package(name: "HDRColor", path: "../HDRColor", traits: [])
    ],
    targets: [
        .executableTarget(
            name: "MyApp",
            dependencies: [
                .product(name: "HDRColor", package: "HDRColor"),  // the umbrella: every module but the file ones
                .product(name: "ColorSpaces", package: "HDRColor"),  // or single ones: "ImageFiles", "ToneMapping", …
            ]
        )
    ]
)
