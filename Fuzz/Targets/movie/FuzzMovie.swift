import ColorTags
import TagValidation
import FuzzReaders
import FuzzSupport

/// MP4, QuickTime and Matroska movies: top-level box and EBML element walking with seeks, `moov`/`moof`, sample
/// entries and their colour, HDR and Dolby Vision boxes, `hvcC`/`avcC`/`av1C`/`vpcC`, HEVC and H.264 SPS up to the
/// VUI, SEI messages, AV1 OBUs, Matroska `Tracks`/`Colour`/`SeekHead`/blocks. Every input reaches a movie reader
/// (`MovieInput`), which sees it through the same byte source files use.
enum FuzzMovie {
    static func run(_ data: [UInt8]) {
        let bytes = MovieInput.bytes(data)
        guard let (tags, _) = ReadTags.read(bytes, limits: ReadTags.limits(for: bytes)) else { return }
        if let movie = tags.movie {
            FuzzCheck.require(movie.videoTrackCount <= movie.trackCount, "more video tracks than tracks")
            FuzzCheck.require(movie.bytesRead >= 0, "negative bytes read")
        }
        for image in tags.images {
            guard let video = image.video else { continue }
            for display in video.bitstreamMasteringDisplay {
                FuzzCheck.require(
                    image.masteringDisplay.contains(display), "a bitstream mastering display is not listed")
            }
            if let sample = video.firstSample {
                FuzzCheck.require(
                    sample.offset >= 0 && sample.offset + sample.length <= bytes.count, "sample at \(sample)")
            }
            _ = image.hlsVideoRange
        }
        _ = tags.json(path: "fuzz").serialized()
        FuzzCheck.require(FuzzCheck.isTerminalSafe(tags.text(path: "fuzz")), "raw control characters in the report")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzMovie.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzMovie.run) } }
#endif
