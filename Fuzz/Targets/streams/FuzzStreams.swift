import ColorTags
import TagValidation
import FuzzReaders
import FuzzSupport
import MediaSyntax

/// Raw video streams, RPU files and transport streams: Annex B start-code splitting, HEVC/H.264 NAL units (SPS, SEI,
/// RPU headers), AV1 OBU streams, IVF frames with AV1 OBUs or VP9 frame headers, MPEG-TS packets, PSI sections
/// (PAT, PMT, DOVI descriptor) and PES reassembly. An input that does not already start like one gets the head of one
/// (chosen by its first byte), so that every input reaches a stream reader.
enum FuzzStreams {
    static let heads: [[UInt8]] = [
        [0, 0, 0, 1, 0x40, 0x01], [0, 0, 0, 1, 0x67], [0, 0, 0, 1, 0x7C, 0x01, 0x19], [0x12, 0x00],
        Array("DKIF".utf8) + [0, 0, 32, 0] + Array("AV01".utf8),
        Array("DKIF".utf8) + [0, 0, 32, 0] + Array("VP90".utf8),
    ]

    static func run(_ data: [UInt8]) {
        var bytes = data
        if let format = MediaFileFormat(signatureOf: Array(data.prefix(4096))),
            format.isElementaryStream || format == .mpegTS
        {
            bytes = data
        } else if let first = data.first, first & 0x80 != 0 {
            // Transport stream: the input cut into packets, each given a sync byte.
            bytes = []
            for start in stride(from: 1, to: data.count, by: 187) {
                bytes += [0x47] + data[start..<Swift.min(start + 187, data.count)]
            }
            if bytes.count < 189 { bytes += [UInt8](repeating: 0, count: 189 - bytes.count) + [0x47] }
        } else if let first = data.first {
            bytes = heads[Int(first) % heads.count] + data.dropFirst()
        }
        guard let (tags, _) = ReadTags.read(bytes, limits: ReadTags.limits(for: bytes)) else { return }
        if let scan = tags.movie?.scan {
            FuzzCheck.require(scan.bytes <= bytes.count, "scanned \(scan.bytes) of \(bytes.count) bytes")
            FuzzCheck.require(scan.units >= 0 && scan.frames >= 0, "negative counts")
        }
        if let sample = tags.images.first?.video?.firstSample {
            FuzzCheck.require(sample.offset >= 0 && sample.offset + sample.length <= bytes.count, "sample at \(sample)")
        }
        _ = tags.json(path: "fuzz").serialized()
        FuzzCheck.require(FuzzCheck.isTerminalSafe(tags.text(path: "fuzz")), "raw control characters in the report")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzStreams.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzStreams.run) } }
#endif
