import Foundation
import TestSupport
import Testing
import VideoTestSupport

@testable import VideoFiles

extension VideoFilesSuite {
    /// Missing, empty, garbage and truncated files give typed errors, never a crash; sizes beyond the limits are refused
    /// before a frame is allocated.
    @Suite("Hostile input")
    struct HostileInputTests {
        init() { FFmpegLogLevel.quiet.apply() }

        static func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url
        }

        /// Opens and decodes every frame; returns the error, if any.
        static func decodeAll(_ url: URL, limits: MovieReadLimits = .default) -> (any Error)? {
            do {
                let reader = try MovieReader(contentsOf: url, limits: limits)
                while try reader.nextFrame({ $0.view.width }) != nil {}
                return nil
            } catch { return error }
        }

        @Test("trun boxes declaring 84 million samples in 2 750 bytes are refused before FFmpeg allocates its index")
        func sampleCountBomb() throws {
            // FuzzVideoFile's find (Tests/Fixtures/fuzz/videofile): FFmpeg 5.1 allocated 2.7 GB for this file.
            // The second: the same count in a trun whose box runs past its traf, which FFmpeg reads all the same.
            for name in ["trun-84-million-samples-ffmpeg-allocates.mp4", "trun-past-its-traf-84-million-samples.mp4"] {
                let url = Fixtures.url("fuzz/videofile/\(name)")
                let time = ContinuousClock().measure {
                    guard case .cannotOpen(_, let reason) = Self.decodeAll(url) as? VideoFilesError else {
                        Issue.record("\(name): not refused")
                        return
                    }
                    #expect(reason.contains("'moof/traf/trun' at byte 964 declares 83888643 samples"), "\(reason)")
                }
                #expect(time < .seconds(2), "\(name): \(time)")
            }
        }

        @Test("missing, empty, text and random files: cannotOpen")
        func garbage() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var generator = SplitMix64(state: 20)
            let random = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let files = [
                folder.appendingPathComponent("missing.mp4"), try Self.write([], "empty.mp4", in: folder),
                try Self.write(Array("not a movie at all".utf8), "text.mp4", in: folder),
                try Self.write(random, "random.mkv", in: folder),
                try Self.write(Array(try Fixtures.data("color-tags/png/cicp-matrix-9.png")), "image.mp4", in: folder),
            ]
            for url in files {
                let error = Self.decodeAll(url)
                guard case .cannotOpen = error as? VideoFilesError else {
                    Issue.record("\(url.lastPathComponent): \(String(describing: error))")
                    continue
                }
            }
        }

        @Test("every truncation of an HEVC MP4 and an AV1 WebM: a typed error or fewer frames, never a crash")
        func truncations() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            for name in ["x265-pq-hdr10-faststart.mp4", "svtav1-pq-hdr10.webm", "x265-pq-hdr10.mkv"] {
                let bytes = Array(try Fixtures.data("movies/\(name)"))
                var outcomes: [String: Int] = [:]
                for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
                    let url = try Self.write(Array(bytes.prefix(length)), "cut-\(name)", in: folder)
                    let error = Self.decodeAll(url)
                    if let error {
                        #expect(error is VideoFilesError, "\(name) cut at \(length): \(error)")
                        let kind = "\(error)".split(separator: ":").first.map(String.init) ?? ""
                        outcomes[kind, default: 0] += 1
                    } else {
                        outcomes["decoded", default: 0] += 1
                    }
                }
                print("\(name) truncations: \(outcomes)")
            }
        }

        @Test("frame sizes beyond the limits are refused on the container's parameters, before decoding")
        func limits() throws {
            let url = Fixtures.url("movies/x265-pq-hdr10.mp4")
            let error = Self.decodeAll(url, limits: MovieReadLimits(maximumWidth: 32))
            guard case .limitExceeded(let what, let limit) = error as? VideoFilesError else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(what.contains("width 64") && limit == 32)
            #expect(Self.decodeAll(url, limits: MovieReadLimits(maximumPixelCount: 4095)) is VideoFilesError)
            #expect(Self.decodeAll(url, limits: MovieReadLimits(maximumStreamCount: 0)) is VideoFilesError)
        }

        @Test("a sample entry claiming 65535 × 65535 pixels: refused before a frame is allocated")
        func hugeDimensions() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var bytes = Array(try Fixtures.data("movies/x265-pq-hdr10.mp4"))
            // The visual sample entry 'hvc1': width and height are the u16 pair 24 bytes after the type.
            let hvc1 = Array("hvc1".utf8)
            let at = try #require((0..<(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == hvc1 })
            bytes.replaceSubrange((at + 28)..<(at + 32), with: [0xFF, 0xFF, 0xFF, 0xFF])
            let url = try Self.write(bytes, "huge.mp4", in: folder)
            let error = Self.decodeAll(url)
            guard case .limitExceeded = error as? VideoFilesError else {
                Issue.record("\(String(describing: error))")
                return
            }
        }
    }
}
