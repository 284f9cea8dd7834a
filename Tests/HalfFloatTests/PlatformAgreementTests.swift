import Testing
@testable import HalfFloat

/// Float → binary16 against the platform's own conversion, `Float16(x)` (compiler-rt `__truncsfhf2` at baseline
/// x86-64, `vcvtps2ph` with F16C, `fcvt` on ARM; all IEEE 754-2019 §5.4.2 conversions with roundTiesToEven),
/// bit for bit, NaNs included, over ``Samples/stratifiedFloatBits`` (≥ 10⁷ values).
@Suite("Float → half agrees with Float16(x) on a dense stratified sample", .enabled(if: Platform.hasFloat16))
struct PlatformAgreementTests {
    static let expected: [UInt16] = Samples.stratifiedFloatBits.map { Platform.halfBits(Float(bitPattern: $0)) ?? 0 }

    @Test("The sample is dense: ≥ 10⁷ values, every sign and exponent")
    func sampleCoverage() {
        let sample = Samples.stratifiedFloatBits
        #expect(sample.count >= 10_000_000)
        var seen = [Bool](repeating: false, count: 512)
        for bits in sample { seen[Int(bits >> 23)] = true }
        #expect(seen.allSatisfy { $0 })
    }

    @Test("Scalar path")
    func scalar() {
        let sample = Samples.stratifiedFloatBits
        let halves = sample.map { HalfFloat.bits(from: Float(bitPattern: $0)) }
        Self.expectEqual(halves, Self.expected[...], inputs: sample[...], path: "scalar")
    }

    @Test("Bulk path over the whole sample, in two big buffers converted concurrently")
    func bulk() async {
        let sample = Samples.stratifiedFloatBits, expected = Self.expected
        let half = sample.count / 2
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for range in [0..<half, half..<sample.count] {
                group.addTask {
                    var halves = [UInt16](repeating: 0, count: range.count)
                    sample.withUnsafeBufferPointer { all in
                        UnsafeBufferPointer(rebasing: all[range]).withMemoryRebound(to: Float.self) { floats in
                            halves.withUnsafeMutableBufferPointer { HalfFloat.convert(floats, to: $0) }
                        }
                    }
                    return Self.expectEqual(halves, expected[range], inputs: sample[range], path: "bulk")
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("Bulk path: every tail length 0…31 at every start offset 0…7, nothing written past the count")
    func bulkTails() {
        // 4096 values spread over the whole sample (all exponents, ties, NaNs).
        let picks = Array(stride(from: 0, to: Self.expected.count, by: Self.expected.count / 4096))
        let sample = picks.map { Float(bitPattern: Samples.stratifiedFloatBits[$0]) }
        let expected = picks.map { Self.expected[$0] }
        var cursor = 0
        for length in 0...31 {
            for offset in 0...7 {
                let start = cursor % (sample.count - 64)
                cursor += 37
                var output = [UInt16](repeating: 0xABCD, count: length + 16)
                sample.withUnsafeBufferPointer { all in
                    output.withUnsafeMutableBufferPointer { out in
                        let source = UnsafeBufferPointer(rebasing: all[start..<(start + length)])
                        HalfFloat.convert(source, to: UnsafeMutableBufferPointer(rebasing: out[offset..<(offset + length)]))
                    }
                }
                #expect(Array(output[offset..<(offset + length)]) == Array(expected[start..<(start + length)]))
                #expect(output[..<offset].allSatisfy { $0 == 0xABCD } && output[(offset + length)...].allSatisfy { $0 == 0xABCD })
            }
        }
    }

    @Test("Bulk widening: every tail length 0…31 at every start offset 0…7, nothing written past the count")
    func widenTails() {
        let halves = (0..<4096).map { UInt16(truncatingIfNeeded: $0 &* 40_503) }
        for length in 0...31 {
            for offset in 0...7 {
                let start = (length * 131 + offset * 17) % (halves.count - 64)
                var output = [Float](repeating: 42, count: length + 16)
                halves.withUnsafeBufferPointer { all in
                    output.withUnsafeMutableBufferPointer { out in
                        let source = UnsafeBufferPointer(rebasing: all[start..<(start + length)])
                        HalfFloat.convert(source, to: UnsafeMutableBufferPointer(rebasing: out[offset..<(offset + length)]))
                    }
                }
                let expected = halves[start..<(start + length)].map { HalfFloat.float(fromBits: $0).bitPattern }
                #expect(output[offset..<(offset + length)].map(\.bitPattern) == expected)
                #expect(output[..<offset].allSatisfy { $0 == 42 } && output[(offset + length)...].allSatisfy { $0 == 42 })
            }
        }
    }

    @Test("Mismatched and empty buffers convert min(count) elements")
    func mismatchedCounts() {
        let floats: [Float] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        var halves = [UInt16](repeating: 0xFFFF, count: 4)
        floats.withUnsafeBufferPointer { f in halves.withUnsafeMutableBufferPointer { HalfFloat.convert(f, to: $0) } }
        #expect(halves == floats.prefix(4).map { HalfFloat.bits(from: $0) })
        var wide = [Float](repeating: -1, count: 6)
        halves.withUnsafeBufferPointer { h in wide.withUnsafeMutableBufferPointer { HalfFloat.convert(h, to: $0) } }
        #expect(wide == [1, 2, 3, 4, -1, -1])
        HalfFloat.convert(UnsafeBufferPointer<Float>(start: nil, count: 0), to: UnsafeMutableBufferPointer<UInt16>(start: nil, count: 0))
        HalfFloat.convert(UnsafeBufferPointer<UInt16>(start: nil, count: 0), to: UnsafeMutableBufferPointer<Float>(start: nil, count: 0))
    }

    /// Records up to five mismatching inputs and returns the number of mismatches (0 when equal).
    @discardableResult
    static func expectEqual(_ actual: [UInt16], _ expected: ArraySlice<UInt16>, inputs: ArraySlice<UInt32>, path: String) -> Int {
        if actual == Array(expected) { return 0 }
        var mismatches = 0
        for (k, (a, e)) in zip(actual, expected).enumerated() where a != e {
            if mismatches < 5 {
                let input = inputs[inputs.startIndex + k]
                Issue.record("\(path): Float 0x\(String(input, radix: 16)) → 0x\(String(a, radix: 16)), platform 0x\(String(e, radix: 16))")
            }
            mismatches += 1
        }
        return mismatches
    }
}
