// ColorTags benchmarks: the colour tags of a 1 GiB movie. The movie is Tests/Fixtures/movies/x265-pq-hdr10.mp4 with
// a 1 GiB hole added to its mdat before moov (a sparse file: nothing is written in between), so the reader must seek
// over the media data. Budget (issue 19): under 1 s and under 50 MB of resident memory growth per read; the budget is
// checked once before the benchmark runs and the run fails when it is exceeded. One iteration = one file read.
// Results: Docs/Performance.md (section "movie tags").
import Benchmark
import ColorTags
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The sparse movie, made once per run in the temporary folder.
let movie: URL = {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/movies/x265-pq-hdr10.mp4")
    let bytes = [UInt8](try! Data(contentsOf: fixture))
    let mdatSize = Int(bytes[36]) << 24 | Int(bytes[37]) << 16 | Int(bytes[38]) << 8 | Int(bytes[39])
    let moovStart = 36 + mdatSize
    let gap = 1 << 30
    var head = Array(bytes[0..<moovStart])
    let size = UInt32(mdatSize + gap)
    head.replaceSubrange(36..<40, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> $0) })
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrcolor-bench-sparse-1gib.mp4")
    FileManager.default.createFile(atPath: url.path, contents: Data(head))
    let handle = try! FileHandle(forWritingTo: url)
    try! handle.seek(toOffset: UInt64(moovStart + gap))
    try! handle.write(contentsOf: Data(bytes[moovStart...]))
    try! handle.close()
    return url
}()

/// Resident memory in bytes (/proc/self/statm), or 0 where it cannot be read.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// getrusage(RUSAGE_SELF): Glibc imports RUSAGE_SELF as an enum case, Darwin as an Int32.
func usage() -> rusage {
    var value = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &value)
    #else
    getrusage(RUSAGE_SELF, &value)
    #endif
    return value
}

/// One read, timed, with the growth of resident memory and of the peak (getrusage ru_maxrss, KiB on Linux).
func budgetCheck() {
    let before = usage()
    let resident = residentBytes()
    let start = ContinuousClock.now
    let tags = try! ColorTagging(contentsOf: movie)
    let elapsed = ContinuousClock.now - start
    let after = usage()
    let growth = residentBytes() - resident
    let peakGrowth = (after.ru_maxrss - before.ru_maxrss) * 1024
    let read = tags.movie?.bytesRead ?? -1
    print(
        "movie tags of a \(tags.byteCount)-byte MP4: \(elapsed), \(read) bytes read, resident \(resident / 1_000_000) MB "
            + "→ +\(growth / 1000) kB (peak +\(peakGrowth / 1000) kB)")
    precondition(tags.primary.effective.transfer == .pq, "the sparse movie lost its tags")
    precondition(elapsed < .seconds(1), "budget: tags of a 1 GiB movie took \(elapsed), more than 1 s")
    precondition(max(growth, peakGrowth) < 50_000_000, "budget: resident memory grew by more than 50 MB")
}

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    budgetCheck()
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .syscalls, .peakMemoryResidentDelta, .mallocCountTotal], timeUnits: .microseconds,
        warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 200)

    Benchmark("Movie tags: sparse 1 GiB MP4, moov after mdat (ColorTagging(contentsOf:))") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try ColorTagging(contentsOf: movie))
        }
    }
}
