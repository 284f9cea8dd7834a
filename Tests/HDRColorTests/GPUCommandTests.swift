import Foundation
import GPUConversion
import HDRColor
import ImageFiles
import TestSupport
import Testing
import VideoFiles

/// `hdrcolor shader` and `hdrcolor convert --gpu`.
@Suite("hdrcolor shader and convert --gpu")
struct GPUCommandTests {
    static let device = try? VulkanDevice()
    static let glslang = ExternalTool.path("glslangValidator")

    @Test("shader writes GLSL, MSL and HLSL with the parameter block and a description an app can follow")
    func shader() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let common = [
            "shader", "--input-format", "x420", "--input-cicp", "9/16/9/0", "--to", "extended-linear-display-p3",
            "--output-format", "RGhA", "--tone-map", "bt2390", "--headroom", "2", "--content-peak", "4000",
        ]
        for (language, fileExtension, marker) in [
            ("glsl", "comp", "#version 450"), ("msl", "metal", "kernel void main0"),
            ("hlsl", "hlsl", "[numthreads(8, 8, 1)]"),
        ] {
            let out = folder.appendingPathComponent(language)
            let result = try CommandLineTool.run(common + ["--language", language, "-o", out.path])
            #expect(result.status == 0, "\(result.standardError)")
            let source = try String(
                contentsOf: out.appendingPathComponent("conversion.\(fileExtension)"), encoding: .utf8)
            #expect(source.contains(marker), "\(language)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("conversion.json")))
                    as? [String: Any])
            let words = try #require(json["parameterWords"] as? Int)
            let parameters = try Data(contentsOf: out.appendingPathComponent("conversion.parameters"))
            #expect(parameters.count == 4 * words && words > 1000)
            #expect((json["bindings"] as? [String])?.count == 3 && json["coverage"] as? String == "pixel")
            #expect((json["plan"] as? [String])?.contains { $0.hasPrefix("tone map: bt2390") } == true)
            if language == "glsl", let glslang = Self.glslang {
                let (messages, status) = try ExternalTool.run(
                    glslang,
                    [
                        "-V", out.appendingPathComponent("conversion.comp").path, "-o",
                        out.appendingPathComponent("p.spv").path,
                    ])
                #expect(status == 0, "\(String(decoding: messages, as: UTF8.self))")
            }
        }
        // The texture interface of the EDR pipeline: two textures in, one out.
        let textures = folder.appendingPathComponent("textures")
        let result = try CommandLineTool.run(
            Array(common.prefix(9)) + ["--language", "msl", "--interface", "textures", "-o", textures.path])
        #expect(result.status == 0, "\(result.standardError)")
        let metal = try String(contentsOf: textures.appendingPathComponent("conversion.metal"), encoding: .utf8)
        #expect(metal.contains("texture2d<float, access::write> destination"))
        let description = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: textures.appendingPathComponent("conversion.json")))
                as? [String: Any])
        #expect(description["entryPoint"] as? String == "main0")
        #expect(
            description["resources"] as? [String] == [
                "binding 0 (storage buffer 'Parameters') → [[buffer(0)]]",
                "binding 1 (storage image 'sourcePlane0') → [[texture(0)]]",
                "binding 2 (storage image 'sourcePlane1') → [[texture(1)]]",
                "binding 3 (storage image 'destination') → [[texture(2)]]", "push constants → [[buffer(1)]]",
            ])
        for resource in ["[[buffer(0)]]", "[[buffer(1)]]", "[[texture(0)]]", "[[texture(1)]]", "[[texture(2)]]"] {
            #expect(metal.contains(resource))
        }
        // The article's HLG and 8-bit variants.
        for (format, cicp, luma) in [("x420", "9/18/9/0", "r16"), ("420v", "1/1/1/0", "r8")] {
            let out = folder.appendingPathComponent("textures-\(format)")
            let result = try CommandLineTool.run([
                "shader", "--input-format", format, "--input-cicp", cicp, "--to", "extended-linear-display-p3",
                "--output-format", "RGhA", "--interface", "textures", "-o", out.path,
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let glsl = try String(contentsOf: out.appendingPathComponent("conversion.comp"), encoding: .utf8)
            #expect(glsl.contains("binding = 1, \(luma))"), "\(format)")
        }
        // Usage errors: no layouts, a size.
        #expect(try CommandLineTool.run(["shader", "-o", folder.path]).status == 64)
        #expect(try CommandLineTool.run(Array(common.prefix(9)) + ["--size", "4x4", "-o", folder.path]).status == 64)
    }

    @Test(
        "convert --gpu writes what the CPU writes: a PQ PNG to Display P3 and SDR, a movie to SDR, Dolby Vision 5 to PQ",
        .enabled(if: device != nil, "skipped: no Vulkan device (apt-get install mesa-vulkan-drivers)"))
    func convertOnTheGPU() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let png = Fixtures.url("image-files/pq16-bt2100.png").path
        for target in ["display-p3", "bt709"] {
            var outputs: [Data] = []
            for gpu in [false, true] {
                let output = folder.appendingPathComponent("\(target)-\(gpu).png").path
                let result = try CommandLineTool.run(
                    ["convert", png, output, "--to", target, "--bit-depth", "16"] + (gpu ? ["--gpu"] : []))
                #expect(result.status == 0, "\(result.standardError)")
                if gpu { #expect(result.standardOutput.contains("PixelConverter on Vulkan")) }
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
            }
            #expect(outputs[0] == outputs[1], "\(target): the GPU's PNG differs from the CPU's")
        }
        for (movie, target) in [("mkvmerge-pq-hdr10.mkv", "bt709"), ("dv-5-rpu.mp4", "bt2100-pq")] {
            try Self.compareMovies(Fixtures.url("movies/\(movie)").path, target: target, in: folder)
        }
    }

    /// Converts `movie` to `target` losslessly with and without `--gpu` and expects the same frames: for a Dolby
    /// Vision profile 5 source, the composition runs on the device as the converter's first steps.
    static func compareMovies(_ movie: String, target: String, in folder: URL) throws {
        var frames: [[UInt8]] = []
        for gpu in [false, true] {
            let output = folder.appendingPathComponent("\(target)-\(gpu).mkv")
            let result = try CommandLineTool.run(
                ["convert", movie, output.path, "--to", target, "--lossless", "--frames", "0-1"]
                    + (gpu ? ["--gpu"] : []))
            #expect(result.status == 0, "\(result.standardError)")
            let reader = try MovieReader(contentsOf: output)
            var bytes: [UInt8] = []
            while let planes = try reader.nextFrame({ frame -> [UInt8] in
                var planes: [UInt8] = []
                for p in 0..<frame.view.format.planeCount {
                    let plane = frame.view.plane(p)
                    for y in 0..<plane.height { planes += plane.row(y) }
                }
                return planes
            }) {
                bytes += planes
            }
            frames.append(bytes)
        }
        #expect(!frames[0].isEmpty && frames[0] == frames[1], "\(movie): the GPU's frames differ from the CPU's")
    }

    @Test(
        "convert --gpu renders a gain-map JPEG on the GPU, within 1 half ULP of the CPU",
        .enabled(if: device != nil, "skipped: no Vulkan device (apt-get install mesa-vulkan-drivers)"))
    func gainMapOnTheGPU() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let jpeg = folder.appendingPathComponent("gain-map.jpg").path
        let made = try CommandLineTool.run(
            [
                "convert", Fixtures.url("image-files/pq16-bt2100.png").path, jpeg, "--gain-map",
                "--multichannel-gain-map",
            ])
        #expect(made.status == 0, "\(made.standardError)")
        var outputs: [[UInt16]] = []
        for gpu in [false, true] {
            let output = folder.appendingPathComponent("edr-\(gpu).yuv")
            let result = try CommandLineTool.run(
                ["convert", jpeg, output.path, "--to", "extended-linear-display-p3", "--output-format", "RGhA"]
                    + (gpu ? ["--gpu"] : []))
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("gain map applied") == true)
            #expect(result.standardOutput.contains("(weight 1) on Vulkan") == gpu)
            let bytes = try [UInt8](Data(contentsOf: output))
            outputs.append(
                stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 })
        }
        #expect(!outputs[0].isEmpty && outputs[0].count == outputs[1].count)
        // Halves of one sign (the rendition is positive): 1 ULP is 1 apart in the bits.
        let worst = zip(outputs[0], outputs[1]).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(worst <= 1, "the GPU's rendition is \(worst) half ULPs from the CPU's")
        #expect(Set(outputs[0]).count > 1000, "the rendition is flat")
    }
}
