import Testing
import TransferFunctions

/// The exact bulk forms over buffers equal the scalar API element by element.
@Suite("Bulk buffers")
struct BufferTests {
    @Test("Float and Double buffers match the scalar API", arguments: Catalog.curves)
    func matchesScalar(_ curve: Curve) {
        let f = curve.function
        let inputs = PropertyTests.grid + [.nan, .infinity, -.infinity, 2.5]
        for range in [OutOfRangeBehavior.extended, .clamped] {
            var doubles = inputs
            doubles.withUnsafeMutableBufferPointer { f.toLinear($0, outOfRange: range) }
            #expect(zip(doubles, inputs).allSatisfy { same($0, f.toLinear($1, outOfRange: range)) })
            doubles = inputs
            doubles.withUnsafeMutableBufferPointer { f.fromLinear($0, outOfRange: range) }
            #expect(zip(doubles, inputs).allSatisfy { same($0, f.fromLinear($1, outOfRange: range)) })

            let floats = inputs.map { Float($0) }
            var out = [Float](repeating: 0, count: floats.count)
            floats.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { f.toLinear(source, into: $0, outOfRange: range) }
            }
            #expect(zip(out, floats).allSatisfy { same($0, f.toLinear($1, outOfRange: range)) })
            var inPlace = floats
            inPlace.withUnsafeMutableBufferPointer { f.fromLinear($0, outOfRange: range) }
            #expect(zip(inPlace, floats).allSatisfy { same($0, f.fromLinear($1, outOfRange: range)) })
        }
    }

    /// Mismatched counts convert min(count) elements and leave the rest of the destination untouched; empty
    /// buffers are a no-op.
    @Test func mismatchedAndEmpty() {
        let source: [Double] = [0.25, 0.5, 0.75]
        var destination = [Double](repeating: -7, count: 5)
        source.withUnsafeBufferPointer { s in
            destination.withUnsafeMutableBufferPointer { TransferFunction.srgb.toLinear(s, into: $0) }
        }
        #expect(destination[0..<3] == source.map { TransferFunction.srgb.toLinear($0) }[...])
        #expect(destination[3...] == [-7, -7])
        var short = [Float](repeating: -7, count: 1)
        [Float(0.5), 0.6].withUnsafeBufferPointer { s in
            short.withUnsafeMutableBufferPointer { TransferFunction.pq.fromLinear(s, into: $0) }
        }
        #expect(short == [TransferFunction.pq.fromLinear(Float(0.5))])
        var empty: [Float] = []
        empty.withUnsafeMutableBufferPointer { TransferFunction.hlg.toLinear($0) }
        TransferFunction.hlg.toLinear(UnsafeMutableBufferPointer<Double>(start: nil, count: 0))
        #expect(empty.isEmpty)
    }
}

/// Equal, or both NaN.
func same<T: FloatingPoint>(_ a: T, _ b: T) -> Bool { a == b || (a.isNaN && b.isNaN) }
