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
        let sample = Samples.stratifiedFloatBits
        let expected = Self.expected
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
        Self.checkTails(sample, expected: expected, sentinel: 0xABCD, same: ==) { HalfFloat.convert($0, to: $1) }
    }

    @Test("Bulk widening: every tail length 0…31 at every start offset 0…7, nothing written past the count")
    func widenTails() {
        let halves = (0..<4096).map { UInt16(truncatingIfNeeded: $0 &* 40_503) }
        let expected = halves.map { HalfFloat.float(fromBits: $0) }
        Self.checkTails(halves, expected: expected, sentinel: 42, same: { $0.bitPattern == $1.bitPattern }) {
            HalfFloat.convert($0, to: $1)
        }
    }

    /// Converts `length` inputs from a moving start into the middle of a sentinel-filled buffer at `offset`, for every
    /// `length` in 0…31 and `offset` in 0…7, and expects the converted elements and untouched sentinels around them.
    static func checkTails<Input, Output>(
        _ input: [Input], expected: [Output], sentinel: Output, same: (Output, Output) -> Bool,
        convert: (UnsafeBufferPointer<Input>, UnsafeMutableBufferPointer<Output>) -> Void
    ) {
        var cursor = 0
        for length in 0...31 {
            for offset in 0...7 {
                let start = cursor % (input.count - 64)
                cursor += 37
                var output = [Output](repeating: sentinel, count: length + 16)
                input.withUnsafeBufferPointer { all in
                    output.withUnsafeMutableBufferPointer { out in
                        convert(
                            UnsafeBufferPointer(rebasing: all[start..<(start + length)]),
                            UnsafeMutableBufferPointer(rebasing: out[offset..<(offset + length)]))
                    }
                }
                let converted = zip(output[offset..<(offset + length)], expected[start..<(start + length)])
                    .allSatisfy { same($0, $1) }
                let untouched = (output[..<offset] + output[(offset + length)...]).allSatisfy { same($0, sentinel) }
                #expect(converted && untouched, "length \(length), offset \(offset)")
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
        HalfFloat.convert(
            UnsafeBufferPointer<Float>(start: nil, count: 0),
            to: UnsafeMutableBufferPointer<UInt16>(start: nil, count: 0))
        HalfFloat.convert(
            UnsafeBufferPointer<UInt16>(start: nil, count: 0),
            to: UnsafeMutableBufferPointer<Float>(start: nil, count: 0))
    }

    /// Records up to five mismatching inputs and returns the number of mismatches (0 when equal).
    @discardableResult
    static func expectEqual(
        _ actual: [UInt16], _ expected: ArraySlice<UInt16>, inputs: ArraySlice<UInt32>, path: String
    ) -> Int {
        if actual == Array(expected) { return 0 }
        var mismatches = 0
        for (k, (a, e)) in zip(actual, expected).enumerated() where a != e {
            if mismatches < 5 {
                let input = inputs[inputs.startIndex + k]
                let hex = { (x: any BinaryInteger) in "0x" + String(x, radix: 16) }
                Issue.record("\(path): Float \(hex(input)) → \(hex(a)), platform \(hex(e))")
            }
            mismatches += 1
        }
        return mismatches
    }
}
