import ColorTags
import FuzzReaders
import FuzzSupport
import SignalCoding

/// PNG: the chunk walker and colour-chunk decoders, with default and small limits; then the tag writer on the same
/// bytes, whose output must read back with the chunk it wrote.
enum FuzzPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let cicp = CICP(
        colorPrimaries: 12, transferCharacteristics: 16, matrixCoefficients: 0, videoFullRange: true)

    static func run(_ data: [UInt8]) {
        let bytes = data.starts(with: signature) ? data : signature + data
        let original = ReadTags.read(bytes, limits: ReadTags.limits(for: bytes))
        // A file the reader refuses (e.g. an iCCP beyond the inflate limit) may still be rewritable; the read-back
        // check applies to files that read.
        guard original != nil, let written = try? PNGTagWriter.applying(PNGTagEdit(cicp: cicp), to: bytes) else {
            return
        }
        let reread = ReadTags.read(written)
        FuzzCheck.require(reread?.0.primary.cicp.first?.value.cicp == cicp, "the written cICP does not read back")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzPNG.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzPNG.run) } }
#endif
