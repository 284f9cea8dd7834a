import ArgumentParser
import Foundation
import GPUConversion
import HDRColor
import ImageFiles
import MediaConversion
import PixelShaders

extension HDRColorCommand {
    /// `hdrcolor shader`: a conversion's plan as a GPU program, for an app to bind without this library.
    struct Shader: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a conversion as a GPU compute shader (GLSL, Metal or HLSL) and its parameter block.",
            discussion: """
                Compiles the plan `hdrcolor convert` runs for raw frames (PixelConverter, with the same target, tone \
                mapping, reference-white and gamut options) and lowers it to a GLSL 4.50 compute shader; Metal Shading \
                Language and HLSL are SPIRV-Cross's translations of its SPIR-V, the program the tests run on Vulkan. \
                Writes NAME.comp, NAME.metal or NAME.hlsl, NAME.parameters (the parameter block, little-endian 32-bit \
                words, bound at binding or buffer 0) and NAME.json (bindings, push constants, workgroups, the plan).
                Examples:
                  hdrcolor shader --input-format x420 --input-cicp 9/16/9/0 --to extended-linear-display-p3 \\
                    --output-format RGhA --language msl --interface textures -o EDR
                  hdrcolor shader --input-format RGhA --input-cicp 12/8/0/1 --to bt2100-hlg --output-format x420 -o Export
                Exit status: 0 written, 1 the conversion has no GPU form or the shader cannot be made, 64 usage error.
                """
        )

        @Option(help: "The shader language: glsl (Vulkan), msl (Metal, through SPIRV-Cross) or hlsl.")
        var language: ShaderLanguage = .glsl

        @Option(
            help:
                "How the shader reaches the frames: buffers (any format; planes in storage buffers) or textures (biplanar Y′CbCr or RGBA textures in, an RGBA texture out: what CVMetalTextureCache gives a Metal app)."
        )
        var interface: InterfaceArgument = .buffers

        @OptionGroup(title: "Frames") var raw: Convert.RawFrameOptions
        @OptionGroup(title: "Target colour") var target: Convert.TargetOptions
        @OptionGroup(title: "Tone mapping") var toneMapping: Convert.ToneMappingOptions

        @Option(
            name: .customLong("content-peak"),
            help: "Peak luminance of the content in cd/m² that tone mapping maps from (default 1000).")
        var contentPeak: Double?

        @Option(help: "The files' name (default: conversion).")
        var name = "conversion"

        @Option(name: .shortAndLong, help: "The folder to write to (created when missing).")
        var output: String

        func validate() throws {
            guard raw.inputFormat != nil, raw.outputFormat != nil else {
                throw ValidationError("give the frames' layouts with --input-format and --output-format")
            }
            if raw.size != nil { throw ValidationError("a shader works for any size: leave out --size") }
            if let contentPeak, !(contentPeak > 0 && contentPeak.isFinite) {
                throw ValidationError("--content-peak must be a positive number of cd/m²")
            }
            guard !name.isEmpty, !name.contains("/") else { throw ValidationError("--name must be a file name") }
        }

        func run() throws {
            let converter = try makeConverter()
            let program: ShaderProgram
            do { program = try ShaderProgram(converter, interface: interface.value) } catch {
                try Diagnostics.fail("\(error)", status: 1)
            }
            let source: ShaderLanguage.Source
            do {
                source = try language.source(of: program)
            } catch {
                try Diagnostics.fail("the shader cannot be made: \(error)", status: 1)
            }
            let folder = URL(fileURLWithPath: output, isDirectory: true)
            let files = [
                (name + "." + language.fileExtension, Data(source.text.utf8)),
                (name + ".parameters", Data(program.parameters.flatMap(\.littleEndianBytes))),
                (name + ".json", Data(description(program, converter, source).serialized().utf8)),
            ]
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for (file, data) in files { try data.write(to: folder.appendingPathComponent(file), options: .atomic) }
            } catch {
                try Diagnostics.fail("cannot write to \(output): \(error.localizedDescription)", status: 1)
            }
            print(
                "wrote \(files.map { TextSanitizer.sanitize(output + "/" + $0.0) }.joined(separator: ", ")): "
                    + "\(converter.source.format) → \(converter.destination.format), \(program.parameters.count) "
                    + "parameter words")
        }

        /// The raw-frame conversion the options describe, as `convert` builds it.
        func makeConverter() throws -> PixelConverter {
            let inputFormat = raw.inputFormat!.value, outputFormat = raw.outputFormat!.value
            let description = RawFrameDescription(format: inputFormat, width: 1, height: 1, cicp: raw.inputCICP)
            let source: PixelEncoding
            do { source = try PixelEncoding(cicp: description.cicp, format: inputFormat) } catch {
                try Diagnostics.fail("--input-cicp \(description.cicp): \(error)", status: 1)
            }
            let space = try target.colorSpace().0 ?? source.colorSpace
            var destination = PixelEncoding(format: outputFormat, colorSpace: space)
            if outputFormat.colorModel == .yCbCr {
                let cicp = RawFrameDescription(format: outputFormat, width: 1, height: 1, cicp: raw.outputCICP).cicp
                do { destination = try PixelEncoding(cicp: cicp, format: outputFormat) } catch {
                    try Diagnostics.fail("--output-cicp \(cicp): \(error)", status: 1)
                }
                destination.colorSpace = space
            }
            let request = ConversionRequest(
                toneMapping: toneMapping.toneMap.request, headroom: toneMapping.headroom,
                referenceWhite: target.referenceWhite, gamut: target.gamut,
                sdrVideoReferral: target.sdrReferral)
            var options = request.converterOptions
            options.toneMapping = request.converterToneMapping(
                content: ContentLuminance(masteringPeak: contentPeak), sourceIsHDR: source.colorSpace.isHDR,
                target: space)
            do { return try PixelConverter(from: source, to: destination, options: options) } catch {
                try Diagnostics.fail("cannot convert \(source) to \(destination): \(error)", status: 1)
            }
        }

        /// What an app needs beside the source: bindings (with their Metal or HLSL indices), push constants,
        /// workgroups and the plan.
        func description(_ program: ShaderProgram, _ converter: PixelConverter, _ source: ShaderLanguage.Source)
            -> JSONValue
        {
            let bindings: [JSONValue] =
                switch program.interface {
                case .buffers:
                    [
                        .string("0: parameter block (\(name).parameters), storage buffer, read-only"),
                        .string("1: source planes, storage buffer of 32-bit words, read-only"),
                        .string("2: destination planes, storage buffer of 32-bit words, zeroed before each run"),
                    ]
                case .textures:
                    [.string("0: parameter block (\(name).parameters), storage buffer, read-only")]
                        + (converter.source.format.planeCount == 2
                            ? [.string("1: luma texture, read"), .string("2: chroma texture (Cb, Cr), read")]
                            : [.string("1: source texture, read")])
                        + [.string("\(converter.source.format.planeCount + 1): destination texture, write")]
                }
            return .object(
                [
                    ("language", .string(language.rawValue)), ("interface", .string(interface.rawValue)),
                    ("source", .string("\(converter.source)")), ("destination", .string("\(converter.destination)")),
                    (
                        "workgroupSize",
                        .array([.integer(ShaderProgram.workgroupSize.x), .integer(ShaderProgram.workgroupSize.y)])
                    ),
                    ("coverage", .string("\(program.coverage)")),
                    (
                        "pushConstants",
                        .string(
                            program.interface == .buffers
                                ? "int width, height; uint sourceOffset[3], sourceStride[3], destinationOffset[3], "
                                    + "destinationStride[3] (bytes, little-endian)"
                                : "int width, height")
                    ),
                    ("bindings", .array(bindings)),
                    ("entryPoint", .string(source.entryPoint)),
                ]
                    + (source.resources.isEmpty ? [] : [("resources", .array(source.resources.map { .string($0) }))])
                    + [
                        ("parameterWords", .integer(program.parameters.count)),
                        ("plan", .array(converter.plan.steps.map { .string($0.description) })),
                    ])
        }
    }

    /// `--language`.
    enum ShaderLanguage: String, CaseIterable, ExpressibleByArgument {
        case glsl, msl, hlsl

        var fileExtension: String {
            switch self {
            case .glsl: "comp"
            case .msl: "metal"
            case .hlsl: "hlsl"
            }
        }

        /// A program in this language: its text, entry point, and where each Vulkan binding is in it.
        struct Source {
            var text: String
            var entryPoint: String
            /// `binding 1 (storage image 'sourcePlane0') → [[texture(0)]]`, one per binding, then the push constants
            /// (none for GLSL: the bindings are its own).
            var resources: [String]
        }

        /// The program's source in this language: the GLSL itself, or SPIRV-Cross's translation of its SPIR-V.
        func source(of program: ShaderProgram) throws(GPUError) -> Source {
            guard self != .glsl else { return Source(text: program.glsl, entryPoint: "main", resources: []) }
            let spirv = try ShaderCompiler().compile(program.glsl, name: "conversion.comp")
            let translation = self == .msl ? try ShaderTranslator.metal(spirv) : try ShaderTranslator.hlsl(spirv)
            var resources = translation.resources.map { resource in
                let index =
                    switch (self, resource.kind) {
                    case (.msl, .storageBuffer): "[[buffer(\(resource.index))]]"
                    case (.msl, .storageImage): "[[texture(\(resource.index))]]"
                    default: "register(u\(resource.index))"
                    }
                return "binding \(resource.binding) (\(resource.kind) '\(resource.name)') → \(index)"
            }
            if let push = translation.pushConstantBufferIndex {
                resources.append("push constants → [[buffer(\(push))]]")
            } else if self == .hlsl {
                resources.append("push constants → register(b0)")
            }
            return Source(text: translation.source, entryPoint: translation.entryPoint, resources: resources)
        }
    }

    /// `--interface`.
    enum InterfaceArgument: String, CaseIterable, ExpressibleByArgument {
        case buffers, textures

        var value: ShaderProgram.Interface { self == .buffers ? .buffers : .textures }
    }
}

extension UInt32 {
    /// The four bytes, least significant first.
    fileprivate var littleEndianBytes: [UInt8] { withUnsafeBytes(of: littleEndian) { Array($0) } }
}
