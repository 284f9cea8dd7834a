import ColorTags
import FuzzReaders
import FuzzSupport

/// JPEG: marker segments, APP2 ICC reassembly, XMP and ISO 21496-1 gain-map metadata, MPF and the images it leads to.
enum FuzzJPEG {
    static func run(_ data: [UInt8]) {
        let bytes = data.starts(with: [0xFF, 0xD8, 0xFF]) ? data : [0xFF, 0xD8, 0xFF] + data
        ReadTags.read(bytes, limits: ReadTags.limits(for: bytes))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzJPEG.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzJPEG.run) } }
#endif
