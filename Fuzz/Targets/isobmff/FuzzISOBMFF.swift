import ColorTags
import FuzzReaders
import FuzzSupport

/// HEIF/AVIF: boxes, items, properties, iloc/idat payloads, AV1 sequence headers and tmap metadata. Inputs without an
/// `ftyp` box get one, so every input reaches the box walker.
enum FuzzISOBMFF {
    static let ftyp: [UInt8] = [0, 0, 0, 20] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1".utf8)

    static func run(_ data: [UInt8]) {
        let hasFtyp = data.count >= 8 && Array(data[4..<8]) == Array("ftyp".utf8)
        let bytes = hasFtyp ? data : ftyp + data
        ReadTags.read(bytes, limits: ReadTags.limits(for: bytes))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzISOBMFF.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzISOBMFF.run) } }
#endif
