import Foundation
import FuzzSupport
import MediaSyntax

/// The Dolby Vision RPU parser on its own. Even first bytes: the rest is an RPU body after the prefix, wrapped here
/// with its CRC-32/MPEG-2, the final byte and emulation prevention, so that mutations reach the syntax (header,
/// mapping curves and NLQ, display management and its extension blocks) instead of stopping at the CRC. Odd first
/// bytes: the rest is parsed as it is (prefix, CRC and escaping as found), the path of real files with damage.
enum FuzzRPU {
    static func run(_ data: [UInt8]) {
        guard let first = data.first else { return }
        let body = Array(data.dropFirst())
        if first & 1 == 0 {
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
