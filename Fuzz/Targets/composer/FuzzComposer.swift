import Foundation
import FuzzSupport
import DolbyVision
import MediaSyntax
import PixelBuffers

/// Dolby Vision profile 5 composition: RPU bytes and a tiny picture through `DolbyVisionComposer.update(rpu:)` and
/// `compose`. Byte 0: bits 0–1 the chroma subsampling (4:2:0, 4:2:2, 4:4:4), bits 2–3 the bit depth (8, 10, 12, 16),
/// bit 4 set: the RPU body is wrapped with its prefix, CRC-32/MPEG-2, final byte and emulation prevention (so that
/// mutations reach the mapping curves, as in `FuzzRPU`), clear: parsed as found. Byte 1: the picture's size (high
/// nibble: width ÷ 2 − 1, low: height ÷ 2 − 1, so 2…32). Bytes 2–3: the RPU body's length; then the body; the rest
/// fills the picture's samples (cycled). A second RPU, the body with its first byte flipped, is applied to the same
/// composer (state carried between RPUs: mappings by ID, colour transforms). Each RPU also goes through the AV1 EMDF
/// carriage and back.
enum FuzzComposer {
    static func run(_ data: [UInt8]) {
        guard data.count >= 4 else { return }
        let config = data[0]
        let subsampling: PixelFormat.ChromaSubsampling = [.s420, .s422, .s444, .s420][Int(config & 3)]
        let depth = [8, 10, 12, 16][Int(config >> 2 & 3)]
        let width = (Int(data[1] >> 4) + 1) * 2, height = (Int(data[1] & 0x0F) + 1) * 2
        let length = min(Int(data[2]) << 8 | Int(data[3]), data.count - 4)
        let body = Array(data[4..<4 + length])
        let samples = Array(data[(4 + length)...])
        let rpus = [body, body.isEmpty ? [] : [body[0] ^ 0x01] + body.dropFirst()].map { body in
            config & 0x10 != 0 ? wrap(body) : body
        }
        guard let format = try? PixelFormat.planarYCbCr(subsampling, bitDepth: depth, range: .full),
            var picture = try? PixelBuffer(format: format, width: width, height: height),
            var output = try? PixelBuffer(format: DolbyVisionComposer.outputFormat, width: width, height: height)
        else { return }
        fill(&picture, samples, depth: depth)
        var composer = DolbyVisionComposer()
        for rpu in rpus {
            checkAV1Carriage(rpu)
            do {
                try composer.update(rpu: rpu)
            } catch {
                let message = "\(error)"
                FuzzCheck.require(!message.isEmpty && FuzzCheck.isTerminalSafe(message), "a bad error message")
                continue
            }
            do {
                try picture.withView { source in
                    try output.withMutableView { try composer.compose(source, into: $0, threadCount: 1) }
                }
            } catch {
                FuzzCheck.require(!"\(error)".isEmpty, "a composition error without a message")
                continue
            }
            output.withView { view in
                for y in 0..<height {
                    let row = view.plane(0).row(y, as: Float.self)
                    for x in 0..<4 * width {
                        FuzzCheck.require(row[x].isFinite, "a non-finite output at (\(x / 4), \(y))")
                        if x % 4 == 3 { FuzzCheck.require(row[x] == 1, "alpha \(row[x])") }
                    }
                }
            }
            // The float64 reference of a pixel is finite too.
            let scalar = try? composer.compose(codes: SIMD3(0, Double(1 << (depth - 1)), Double((1 << depth) - 1)))
            FuzzCheck.require(
                scalar.map { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite } ?? true, "a non-finite pixel")
        }
    }

    /// `body` as an escaped RPU: the prefix, the body, its CRC-32/MPEG-2 and the final byte.
    static func wrap(_ body: [UInt8]) -> [UInt8] {
        let crc = CRC32MPEG2.checksum(body)
        return EmulationPrevention.escape(
            [DolbyVisionRPU.prefix] + body
                + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
                + [DolbyVisionRPU.finalByte])
    }

    /// An RPU through the AV1 T.35 EMDF container and back is the same RPU; the raw bytes as a T.35 message are read
    /// or refused with a message.
    static func checkAV1Carriage(_ rpu: [UInt8]) {
        guard rpu.first == DolbyVisionRPU.prefix, rpu.count < DolbyVisionRPU.maximumBytes else { return }
        let unwrapped = try? DolbyVisionRPU.unwrapAV1(t35: DolbyVisionRPU.wrapAV1(rpu))
        FuzzCheck.require(unwrapped == rpu, "the AV1 EMDF carriage changed an RPU of \(rpu.count) bytes")
        do {
            _ = try DolbyVisionRPU.unwrapAV1(t35: DolbyVisionRPU.av1T35Header + rpu)
        } catch {
            FuzzCheck.require(FuzzCheck.isTerminalSafe("\(error)"), "raw control characters in an error")
        }
    }

    /// The picture's samples from `samples` (cycled, two bytes each), masked to `depth` bits.
    static func fill(_ picture: inout PixelBuffer, _ samples: [UInt8], depth: Int) {
        var index = 0
        func next() -> Int {
            guard samples.count >= 2 else { return 1 << (depth - 1) }
            defer { index = (index + 2) % (samples.count - 1) }
            return (Int(samples[index]) << 8 | Int(samples[index + 1])) & ((1 << depth) - 1)
        }
        picture.withMutableView { view in
            for p in 0..<3 {
                let plane = view.plane(p)
                for y in 0..<plane.height {
                    if depth == 8 {
                        let row = plane.row(y, as: UInt8.self)
                        for x in 0..<plane.width { row[x] = UInt8(next()) }
                    } else {
                        let row = plane.row(y, as: UInt16.self)
                        for x in 0..<plane.width { row[x] = UInt16(next()) }
                    }
                }
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzComposer.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzComposer.run) } }
#endif
