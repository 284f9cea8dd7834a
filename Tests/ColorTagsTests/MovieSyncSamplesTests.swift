import ColorTags
import Foundation
import TagValidation
import TestSupport
import Testing

@Suite("Movie sync samples")
struct MovieSyncSamplesTests {
    @Test("an x265 movie with B-frames and a GOP every 12 frames: the sync samples, frames and bytes FFmpeg reads")
    func againstFFprobe() throws {
        guard let ffmpeg = ExternalTool.path("ffmpeg"), let ffprobe = ExternalTool.path("ffprobe") else { return }
        let folder = try TemporaryFolder.make("sync-samples")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("gops.mp4")
        let made = try ExternalTool.run(
            ffmpeg,
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=128x72:rate=24", "-frames:v", "60", "-c:v",
                "libx265", "-x265-params", "keyint=12:min-keyint=12:bframes=3:log-level=error", url.path,
            ])
        guard made.status == 0 else { return }  // an FFmpeg without libx265
        let samples = try MovieSyncSamples.read(contentsOf: url)
        let track = try #require(samples.tracks.first)
        #expect(samples.tracks.count == 1 && track.sampleCount == 60 && track.listsSyncSamples)
        // ffprobe's packets in decoding order: pts (after the edit list), byte offset, size, key flag.
        let probed = try ExternalTool.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts,pos,size,flags", "-of", "csv=p=0",
                url.path,
            ])
        let packets = String(decoding: probed.output, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: ",").map(String.init)
        }
        #expect(packets.count == 60)
        let pts = packets.map { Int($0[0]) ?? 0 }
        let keys = packets.indices.filter { packets[$0][3].hasPrefix("K") }
        #expect(track.syncSamples.map(\.sample) == keys)
        #expect(keys.count == 5)
        let ranks = pts.indices.sorted { (pts[$0], $0) < (pts[$1], $1) }
        for sync in track.syncSamples {
            #expect(sync.offset == Int(packets[sync.sample][2]) && sync.size == Int(packets[sync.sample][1]))
            #expect(ranks[sync.frame] == sync.sample, "frame \(sync.frame) of sample \(sync.sample)")
            // The presentation time differs from FFmpeg's by the edit list's shift alone, the same for every sample.
            let shift = sync.presentationTime - Double(pts[sync.sample]) / Double(track.timescale)
            let first = track.syncSamples[0]
            #expect(abs(shift - (first.presentationTime - Double(pts[first.sample]) / Double(track.timescale))) < 1e-9)
        }
        #expect(track.syncSamples.map(\.frame) == [0, 12, 24, 36, 48])
        // x265's GOPs are open by default: an IDR picture first, then CRA pictures (FFmpeg's trace_headers reads NAL
        // types 20, 21, 21 …); with open-gop=0 every sync sample is an IDR picture, where segments may start.
        #expect(track.syncSamples.map(\.randomAccess) == [.idr, .cra, .cra, .cra, .cra])
        #expect(track.syncSamples.map(\.startsClosedGOP) == [true, false, false, false, false])
        let closed = folder.appendingPathComponent("closed.mp4")
        _ = try ExternalTool.run(
            ffmpeg,
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=128x72:rate=24", "-frames:v", "36", "-c:v",
                "libx265", "-x265-params", "keyint=12:min-keyint=12:bframes=3:open-gop=0:log-level=error", closed.path,
            ])
        let closedGOPs = try MovieSyncSamples.read(contentsOf: closed).tracks.first?.syncSamples
        #expect(closedGOPs?.map(\.randomAccess) == [.idr, .idr, .idr])
        // The same movie with its track list first, cut short by 200 bytes: its last samples would run past the end.
        let fast = folder.appendingPathComponent("faststart.mp4")
        _ = try ExternalTool.run(
            ffmpeg, ["-v", "error", "-y", "-i", url.path, "-c", "copy", "-movflags", "+faststart", fast.path])
        let whole = try [UInt8](Data(contentsOf: fast))
        let moved = try #require(try MovieSyncSamples.read(bytes: whole).tracks.first)
        #expect(moved.syncSamples.map(\.frame) == track.syncSamples.map(\.frame))
        #expect(Set(zip(moved.syncSamples, track.syncSamples).map { $0.offset - $1.offset }).count == 1)
        do {
            _ = try MovieSyncSamples.read(bytes: Array(whole.dropLast(200)))
            Issue.record("a movie cut short has samples past its end")
        } catch {
            #expect("\(error)".contains("the file is cut short"), "\(error)")
        }
        let json = samples.json(path: "gops.mp4").serialized()
        #expect(json.contains("\"SyncSamples\"") && json.contains("\"Frame\": 12"))
    }

    @Test("a Matroska movie is refused with the reason; a one-GOP MP4 has its first sample as the one sync sample")
    func refusedAndSingle() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/movies")
        do {
            _ = try MovieSyncSamples.read(contentsOf: fixtures.appendingPathComponent("mkvmerge-pq-hdr10.mkv"))
            Issue.record("a Matroska file has no MP4 sample tables")
        } catch {
            #expect("\(error)".contains("MP4 and QuickTime sample tables"), "\(error)")
        }
        let rows = try MovieSyncSamples.read(contentsOf: fixtures.appendingPathComponent("hdr10plus-scenes.mp4"))
        #expect(rows.tracks.first?.syncSamples.map(\.sample) == [0])
    }
}
