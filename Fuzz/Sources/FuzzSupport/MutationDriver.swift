import CFuzzHarness
import Foundation

/// A deterministic mutation fuzzer for toolchains without libFuzzer: it runs every corpus input, then inputs made by
/// seeded random mutations of them (bit flips, interesting bytes and big-endian words, insertions, deletions, copies,
/// splices), with no coverage feedback. It accepts the libFuzzer options `make fuzz` passes (`-runs=`,
/// `-max_total_time=`, `-timeout=`, `-seed=`, `-max_len=`, `-artifact_prefix=`), writes the input of a crash or a
/// timeout to `<prefix>crash-input` / `<prefix>timeout-input`, and ends with libFuzzer's
/// `stat::number_of_executed_units` line. Given only files (no folder), it replays them once each.
public enum MutationDriver {
    public static func main(_ run: ([UInt8]) -> Void) {
        var runs: Int?
        var totalTime: Double?
        var timeout = 1.0
        var seed: UInt64 = 1
        var maximumLength = 4096
        var prefix = "./"
        var folders: [String] = [], files: [String] = []
        for argument in CommandLine.arguments.dropFirst() {
            func value(_ name: String) -> String? {
                argument.hasPrefix("-\(name)=") ? String(argument.dropFirst(name.count + 2)) : nil
            }
            if let v = value("runs") {
                runs = Int(v)
            } else if let v = value("max_total_time") {
                totalTime = Double(v)
            } else if let v = value("timeout") {
                timeout = Double(v) ?? timeout
            } else if let v = value("seed") {
                seed = UInt64(v) ?? seed
            } else if let v = value("max_len") {
                maximumLength = Int(v) ?? maximumLength
            } else if let v = value("artifact_prefix") {
                prefix = v
            } else if argument.hasPrefix("-") {
                continue
            }  // other libFuzzer options do not apply
            else {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                    folders.append(argument)
                } else {
                    files.append(argument)
                }
            }
        }
        hdrfuzz_install(prefix, timeout)
        var corpus: [[UInt8]] = files.compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
            for name in names {
                if let data = FileManager.default.contents(atPath: folder + "/" + name) { corpus.append([UInt8](data)) }
            }
        }
        var executed = 0
        var slowest = Duration.zero
        let clock = ContinuousClock()
        let start = clock.now
        func execute(_ input: [UInt8]) {
            let elapsed = input.withUnsafeBufferPointer { buffer in
                clock.measure {
                    hdrfuzz_begin(buffer.baseAddress, buffer.count)
                    run(input)
                    hdrfuzz_end()
                }
            }
            slowest = max(slowest, elapsed)
            executed += 1
        }
        for input in corpus { execute(input) }
        if folders.isEmpty, !files.isEmpty, runs == nil {
            print("replayed \(executed) inputs; slowest \(slowest)")
            return
        }
        if corpus.isEmpty { corpus = [[]] }
        var random = SplitMix64(seed: seed)
        let limit = runs ?? (totalTime == nil ? 100_000 : .max)
        var nextReport = 1024
        while executed < limit {
            if let totalTime, (clock.now - start) > .seconds(totalTime) { break }
            var input = corpus[Int(random.next() % UInt64(corpus.count))]
            for _ in 0...(random.next() % 4) { mutate(&input, &random, corpus: corpus) }
            if input.count > maximumLength { input.removeLast(input.count - maximumLength) }
            execute(input)
            if executed >= nextReport {
                print("#\(executed)\tpulse  exec/s: \(Int(Double(executed) / seconds(clock.now - start)))")
                nextReport *= 2
            }
        }
        let time = seconds(clock.now - start)
        print("#\(executed)\tDONE   exec/s: \(Int(Double(executed) / max(time, 1e-9))) slowest: \(slowest)")
        print("stat::number_of_executed_units: \(executed)")
        print("stat::slowest_unit_time_sec: \(Int(seconds(slowest)))")
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    static let interestingWords: [UInt32] = [
        0, 1, 2, 4, 8, 12, 16, 0x7F, 0x80, 0xFF, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
    ]

    static func mutate(_ input: inout [UInt8], _ random: inout SplitMix64, corpus: [[UInt8]]) {
        func index(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }
        switch random.next() % 10 {
        case 0 where !input.isEmpty: input[index(input.count)] ^= 1 << UInt8(random.next() % 8)
        case 1 where !input.isEmpty: input[index(input.count)] = UInt8(truncatingIfNeeded: random.next())
        case 2 where !input.isEmpty: input[index(input.count)] = [0, 1, 0x7F, 0x80, 0xFF][index(5)]
        case 3 where input.count >= 4:
            var word = interestingWords[index(interestingWords.count)]
            if random.next() % 4 == 0 { word = UInt32(truncatingIfNeeded: input.count &+ Int(random.next() % 5) &- 2) }
            let at = index(input.count - 3)
            for k in 0..<4 { input[at + k] = UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32(k))) }
        case 4:
            let bytes = (0..<(1 + index(16))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            input.insert(contentsOf: bytes, at: index(input.count + 1))
        case 5 where input.count > 1:
            let at = index(input.count)
            input.removeSubrange(at..<min(input.count, at + 1 + index(64)))
        case 6 where input.count > 1:
            let from = index(input.count)
            let chunk = Array(input[from..<min(input.count, from + 1 + index(64))])
            input.insert(contentsOf: chunk, at: index(input.count + 1))
        case 7:
            let other = corpus[index(corpus.count)]
            input = Array(input.prefix(index(input.count + 1))) + Array(other.suffix(index(other.count + 1)))
        case 8 where !input.isEmpty: input.removeLast(index(input.count))
        case 9 where !input.isEmpty:
            let at = index(input.count)
            input[at] = input[at] &+ UInt8(truncatingIfNeeded: Int(random.next() % 9) - 4)
        default: input.append(UInt8(truncatingIfNeeded: random.next()))
        }
    }
}
