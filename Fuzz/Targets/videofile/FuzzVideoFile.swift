import Foundation
import FuzzSupport
import PixelBuffers
import VideoFiles

/// Movie files through FFmpeg's libraries: MovieReader opens the bytes (written to one temporary file per process,
/// replaced for every input) as MP4/QuickTime or Matroska/WebM, with FFmpeg's demuxers, parsers and the HEVC, H.264,
/// AV1 (libdav1d) and other decoders behind them, and decodes up to 3 frames, checking each view against the stream's
/// limits and encoding. Frames are capped at 1 Mpix so that every input decodes in milliseconds; decoding runs on one
/// thread. Inputs that do not start like a movie are wrapped as one (`MovieInput`), as for FuzzMovie.
enum FuzzVideoFile {
    static let limits = MovieReadLimits(
        maximumWidth: 4096, maximumHeight: 4096, maximumPixelCount: 1 << 20, maximumStreamCount: 16,
        probeByteCount: 1 << 20)
    static let url: URL = {
        FFmpegLogLevel.quiet.apply()
        return FileManager.default.temporaryDirectory.appendingPathComponent(
            "fuzz-videofile-\(ProcessInfo.processInfo.processIdentifier).bin")
    }()

    static func run(_ data: [UInt8]) {
        let bytes = MovieInput.bytes(data)
        guard (try? Data(bytes).write(to: url)) != nil else { return }
        guard let reader = try? MovieReader(contentsOf: url, limits: limits, options: .init(threadCount: 1)) else {
            return
        }
        let info = reader.videoStream
        FuzzCheck.require(info.width <= limits.maximumWidth && info.height <= limits.maximumHeight, "stream size")
        FuzzCheck.require(reader.streams.contains { $0.index == info.streamIndex }, "video stream not listed")
        for _ in 0..<3 {
            let frame = try? reader.nextFrame { frame -> Bool in
                let view = frame.view
                FuzzCheck.require(view.width > 0 && view.height > 0, "empty view")
                FuzzCheck.require(view.width * view.height <= limits.maximumPixelCount, "view beyond the limits")
                FuzzCheck.require(view.format == frame.encoding.format, "view and encoding formats differ")
                // Touch the first and last row of every plane: the view must cover real memory.
                var sum = 0
                for p in 0..<view.format.planeCount {
                    let plane = view.plane(p)
                    sum &+= Int(plane.row(0).first ?? 0) &+ Int(plane.row(plane.height - 1).last ?? 0)
                }
                return sum >= 0
            }
            guard frame == true else { break }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzVideoFile.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzVideoFile.run) } }
#endif
