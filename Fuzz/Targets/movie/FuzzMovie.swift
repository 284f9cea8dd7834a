import ColorTags
import TagValidation
import FuzzReaders
import FuzzSupport

/// MP4, QuickTime and Matroska movies: top-level box and EBML element walking with seeks, `moov`/`moof`, sample
/// entries and their colour, HDR and Dolby Vision boxes, `hvcC`/`avcC`/`av1C`/`vpcC`, HEVC and H.264 SPS up to the
/// VUI, SEI messages, AV1 OBUs, Matroska `Tracks`/`Colour`/`SeekHead`/blocks. Every input reaches a movie reader
/// (`MovieInput`), which sees it through the same byte source files use; MP4 and QuickTime inputs also reach the
/// sync-sample index (`MovieSyncSamples`: the whole sample table of every video track).
enum FuzzMovie {
    static func run(_ data: [UInt8]) {
        let bytes = MovieInput.bytes(data)
        syncSamples(bytes)
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

    /// Sync samples lie in the file, in decoding order, each with its own frame number below the sample count.
    static func syncSamples(_ bytes: [UInt8]) {
        guard let index = try? MovieSyncSamples.read(bytes: bytes) else { return }
        for track in index.tracks {
            let samples = track.syncSamples
            FuzzCheck.require(zip(samples, samples.dropFirst()).allSatisfy { $0.sample < $1.sample }, "sample order")
            FuzzCheck.require(Set(samples.map(\.frame)).count == samples.count, "two sync samples share a frame")
            for sync in samples {
                FuzzCheck.require(sync.frame >= 0 && sync.frame < track.sampleCount, "frame \(sync.frame)")
                FuzzCheck.require(
                    sync.offset >= 0 && sync.offset + sync.size <= bytes.count, "sample at \(sync.offset)")
            }
        }
        _ = index.json(path: "fuzz").serialized()
        FuzzCheck.require(FuzzCheck.isTerminalSafe(index.text(path: "fuzz")), "raw control characters in the index")
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
