import Foundation
import FuzzSupport
import MediaSyntax

/// The Dolby Vision RPU parser on its own. Even first bytes: the rest is an RPU body after the prefix, wrapped here
/// with its CRC-32/MPEG-2, the final byte and emulation prevention, so that mutations reach the syntax (header,
/// mapping curves and NLQ, display management and its extension blocks) instead of stopping at the CRC. First bytes
/// 1 mod 4: the rest is parsed as it is (prefix, CRC and escaping as found), the path of real files with damage.
/// 3 mod 4: the rest is an AV1 ITU-T T.35 message, unwrapped from its EMDF container and parsed without emulation
/// prevention, as AV1 movies and dovi_tool's AV1 RPU files carry RPUs.
enum FuzzRPU {
    static func run(_ data: [UInt8]) {
        guard let first = data.first else { return }
        let body = Array(data.dropFirst())
        if first & 3 == 3 {
            checkAV1(body)
        } else if first & 1 == 0 {
            let crc = CRC32MPEG2.checksum(body)
            let unescaped =
                [DolbyVisionRPU.prefix] + body
                + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
                + [DolbyVisionRPU.finalByte]
            check(EmulationPrevention.escape(unescaped), crcIsRight: true)
        } else {
            check(body, crcIsRight: false)
        }
    }

    /// An AV1 T.35 message: unwrapped (typed errors with a message), the RPU wrapped again unwraps to the same bytes
    /// (zero bytes after the final byte left out), and parses as an unescaped RPU.
    static func checkAV1(_ message: [UInt8]) {
        let rpu: [UInt8]
        do {
            rpu = try DolbyVisionRPU.unwrapAV1(t35: message)
        } catch {
            let text = "\(error)"
            FuzzCheck.require(!text.isEmpty && FuzzCheck.isTerminalSafe(text), "an unsafe or empty AV1 error")
            return
        }
        var trimmed = rpu
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        let again = try? DolbyVisionRPU.unwrapAV1(t35: DolbyVisionRPU.wrapAV1(rpu))
        FuzzCheck.require(again == trimmed, "an RPU that does not survive wrapAV1 and unwrapAV1")
        _ = try? DolbyVisionRPU.parse(unescaped: rpu)
    }

    static func check(_ escaped: [UInt8], crcIsRight: Bool) {
        let rpu: DolbyVisionRPU
        do {
            rpu = try DolbyVisionRPU.parse(escaped)
        } catch {
            let message = "\(error)"
            FuzzCheck.require(!message.isEmpty, "an error without a message")
            FuzzCheck.require(FuzzCheck.isTerminalSafe(message), "raw control characters in an error")
            if crcIsRight, case .crcMismatch = error { FuzzCheck.require(false, "a CRC mismatch on a wrapped body") }
            return
        }
        FuzzCheck.require(rpu.header.rpuType == 2, "rpu_type \(rpu.header.rpuType) accepted")
        FuzzCheck.require([nil, 4, 5, 7, 8].contains(rpu.profile), "profile \(String(describing: rpu.profile))")
        if let mapping = rpu.mapping {
            for component in mapping.components {
                FuzzCheck.require((2...64).contains(component.pivots), "\(component.pivots) pivots")
            }
        }
        if let dm = rpu.displayManagement {
            FuzzCheck.require(dm.blocks.count <= 255 * 2, "\(dm.blocks.count) extension blocks")
        }
        _ = "\(rpu)"
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzRPU.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzRPU.run) } }
#endif
