// Exhaustive binary16 check (`make check-exhaustive`): every one of the 2^32 Float bit patterns goes through
// HalfFloat's bulk path (`HalfFloat.convert(_:to:)`) and its scalar path (`HalfFloat.bits(from:)`), and both must
// equal the platform's own conversion, `Float16(x).bitPattern`, bit for bit (NaNs included). Every one of the 2^16
// half patterns goes through the bulk widening path and must equal `Float(Float16(bitPattern:))`, NaNs with the quiet
// bit set (HalfFloat quiets NaNs on widening, as F16C and ARM hardware do). Exits 1 on any mismatch.

import HalfFloat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
func platformHalfBits(_ x: Float) -> UInt16 { Float16(x).bitPattern }

@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
func platformFloatBits(_ h: UInt16) -> UInt32 { Float(Float16(bitPattern: h)).bitPattern }

/// Writes a line to standard output unbuffered, so that progress shows while the check runs.
func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

/// `0x…` in lowercase hexadecimal.
func hex(_ x: some BinaryInteger) -> String { "0x" + String(x, radix: 16) }

func rounded(_ x: Double, _ digits: Int) -> Double {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return (x * scale).rounded() / scale
}

@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
func run() -> Int32 {
    let timer = ContinuousClock()
    let chunk = 1 << 20
    var floats = [Float](repeating: 0, count: chunk)
    var halves = [UInt16](repeating: 0, count: chunk)
    var checked: UInt64 = 0
    var bulkMismatches: UInt64 = 0
    var scalarMismatches: UInt64 = 0
    var bulkTime = Duration.zero
    let start = timer.now

    for chunkIndex in 0..<(1 << 32) / chunk {
        let first = UInt32(chunkIndex * chunk)
        floats.withUnsafeMutableBufferPointer { f in
            for k in 0..<chunk { f[k] = Float(bitPattern: first &+ UInt32(k)) }
        }
        bulkTime += timer.measure {
            floats.withUnsafeBufferPointer { f in
                halves.withUnsafeMutableBufferPointer { h in HalfFloat.convert(f, to: h) }
            }
        }
        for k in 0..<chunk {
            let x = floats[k]
            let expected = platformHalfBits(x)
            if halves[k] != expected {
                if bulkMismatches < 10 {
                    say("bulk mismatch: float \(hex(x.bitPattern)) → \(hex(halves[k])), platform \(hex(expected))")
                }
                bulkMismatches += 1
            }
            if HalfFloat.bits(from: x) != expected {
                if scalarMismatches < 10 {
                    say("scalar mismatch: float \(hex(x.bitPattern)), platform \(hex(expected))")
                }
                scalarMismatches += 1
            }
        }
        checked += UInt64(chunk)
        if (chunkIndex + 1) % 512 == 0 {
            say("… \(checked >> 20) Mi patterns, \(bulkMismatches + scalarMismatches) mismatches, \(timer.now - start)")
        }
    }

    // All 2^16 halves through the bulk widening path.
    let allHalves = (0...UInt16.max).map { $0 }
    var widened = [Float](repeating: 0, count: allHalves.count)
    allHalves.withUnsafeBufferPointer { h in
        widened.withUnsafeMutableBufferPointer { f in HalfFloat.convert(h, to: f) }
    }
    var widenMismatches = 0
    for h in allHalves {
        var expected = platformFloatBits(h)
        if Float(bitPattern: expected).isNaN { expected |= 0x0040_0000 }
        if widened[Int(h)].bitPattern != expected || HalfFloat.float(fromBits: h).bitPattern != expected {
            widenMismatches += 1
        }
    }

    let cpuSeconds = Double(clock()) / Double(CLOCKS_PER_SEC)
    let total = timer.now - start
    let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) * 1e-18
    let bulkSeconds = Double(bulkTime.components.seconds) + Double(bulkTime.components.attoseconds) * 1e-18
    say(
        """
        Float → half: \(checked) patterns checked; bulk mismatches \(bulkMismatches), \
        scalar mismatches \(scalarMismatches)
        half → Float: \(allHalves.count) patterns checked; mismatches \(widenMismatches)
        time: \(rounded(seconds, 1)) s wall, \(rounded(cpuSeconds, 1)) s CPU; \
        bulk conversion \(rounded(bulkSeconds, 2)) s (\(rounded(Double(checked) / bulkSeconds / 1e9, 2)) G values/s)
        """)
    return bulkMismatches + scalarMismatches == 0 && widenMismatches == 0 ? 0 : 1
}

if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
    exit(run())
} else {
    say("Float16 is not available on this OS version; nothing to compare against")
}
#else
say("Float16 is not available on macOS x86-64; run the exhaustive check on arm64 or Linux")
#endif
