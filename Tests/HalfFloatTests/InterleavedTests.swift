import Testing

@testable import HalfFloat

/// Interleaved ⇄ planar conversions (e.g. CoreVideo 'RGhA', kCVPixelFormatType_64RGBAHalf: R, G, B, A halves per
/// pixel) agree element by element with the scalar conversions, convert min(count) pixels, and write nothing else.
@Suite("Interleaved and strided conversions")
struct InterleavedTests {
    /// Random half patterns with every class (normals, subnormals, ±0, ±infinity, NaNs) represented.
    static func halves(_ count: Int, seed: UInt64) -> [UInt16] {
        var random = Samples.Generator(seed: seed)
        return (0..<count).map { _ in UInt16(truncatingIfNeeded: random.next()) }
    }

    static func floats(_ count: Int, seed: UInt64) -> [Float] {
        var random = Samples.Generator(seed: seed)
        let specials: [Float] = [0, -0, .infinity, -.infinity, .nan, 65520, 65519, 0x1p-25, 0x1p-24, 1e-30, 1e30]
        return (0..<count).map { i in
            i % 7 == 0
                ? specials[i / 7 % specials.count] : Float(bitPattern: 0x3000_0000 | random.next32() & 0x8FFF_FFFF)
        }
    }

    @Test(
        "Four channels → four planes, every pixel count 0…40, with and without the fourth plane",
        arguments: [true, false])
    func deinterleave(withFourth: Bool) {
        for pixels in 0...40 {
            let source = Self.halves(pixels * 4 + 3, seed: UInt64(pixels))  // 3 spare halves: ignored
            var p0 = [Float](repeating: 42, count: pixels + 2)
            var p1 = p0
            var p2 = p0
            var p3 = p0
            source.withUnsafeBufferPointer { s in
                p0.withUnsafeMutableBufferPointer { b0 in
                    p1.withUnsafeMutableBufferPointer { b1 in
                        p2.withUnsafeMutableBufferPointer { b2 in
                            p3.withUnsafeMutableBufferPointer { b3 in
                                HalfFloat.deinterleave(s, into: b0, b1, b2, withFourth ? b3 : nil)
                            }
                        }
                    }
                }
            }
            let planes = [p0, p1, p2, p3]
            for channel in 0..<4 {
                let expected: [UInt32] = (0..<pixels).map { p in
                    channel == 3 && !withFourth
                        ? Float(42).bitPattern : HalfFloat.float(fromBits: source[p * 4 + channel]).bitPattern
                }
                #expect(
                    planes[channel].prefix(pixels).map(\.bitPattern) == expected, "pixels \(pixels) channel \(channel)")
                #expect(planes[channel].suffix(2) == [42, 42])
            }
        }
    }

    @Test("Four planes → four channels, every pixel count 0…40; no fourth plane writes 1.0", arguments: [true, false])
    func interleave(withFourth: Bool) {
        for pixels in 0...40 {
            let planes = (0..<4).map { Self.floats(pixels, seed: UInt64(100 + pixels * 4 + $0)) }
            var output = [UInt16](repeating: 0xABCD, count: pixels * 4 + 3)
            planes[0].withUnsafeBufferPointer { p0 in
                planes[1].withUnsafeBufferPointer { p1 in
                    planes[2].withUnsafeBufferPointer { p2 in
                        planes[3].withUnsafeBufferPointer { p3 in
                            output.withUnsafeMutableBufferPointer {
                                HalfFloat.interleave(p0, p1, p2, withFourth ? p3 : nil, into: $0)
                            }
                        }
                    }
                }
            }
            let expected: [UInt16] = (0..<pixels * 4).map { i in
                i % 4 == 3 && !withFourth ? 0x3C00 : HalfFloat.bits(from: planes[i % 4][i / 4])
            }
            #expect(Array(output.prefix(pixels * 4)) == expected, "pixels \(pixels)")
            #expect(output.suffix(3) == [0xABCD, 0xABCD, 0xABCD])
        }
    }

    @Test("Interleave ∘ deinterleave returns every non-NaN half (NaNs come back quiet)")
    func roundTrip() {
        let source = (0...UInt16.max).map { $0 }  // all 65 536 patterns = 16 384 pixels
        let pixels = source.count / 4
        var p0 = [Float](repeating: 0, count: pixels)
        var p1 = p0
        var p2 = p0
        var p3 = p0
        var back = [UInt16](repeating: 0, count: source.count)
        source.withUnsafeBufferPointer { s in
            p0.withUnsafeMutableBufferPointer { b0 in
                p1.withUnsafeMutableBufferPointer { b1 in
                    p2.withUnsafeMutableBufferPointer { b2 in
                        p3.withUnsafeMutableBufferPointer { b3 in
                            HalfFloat.deinterleave(s, into: b0, b1, b2, b3)
                            back.withUnsafeMutableBufferPointer {
                                HalfFloat.interleave(
                                    UnsafeBufferPointer(b0), UnsafeBufferPointer(b1), UnsafeBufferPointer(b2),
                                    UnsafeBufferPointer(b3), into: $0)
                            }
                        }
                    }
                }
            }
        }
        #expect(back == source.map(RoundTripTests.expectedRoundTrip))
    }

    @Test("Mismatched plane sizes convert the fewest pixels; empty buffers do nothing")
    func mismatchedSizes() {
        let source = Self.halves(40, seed: 9)  // 10 pixels
        var a = [Float](repeating: 7, count: 10)
        var b = [Float](repeating: 7, count: 3)
        var c = [Float](repeating: 7, count: 10)
        source.withUnsafeBufferPointer { s in
            a.withUnsafeMutableBufferPointer { pa in
                b.withUnsafeMutableBufferPointer { pb in
                    c.withUnsafeMutableBufferPointer { HalfFloat.deinterleave(s, into: pa, pb, $0, nil) }
                }
            }
        }
        #expect(a.prefix(3).map(\.bitPattern) == [0, 4, 8].map { HalfFloat.float(fromBits: source[$0]).bitPattern })
        #expect(a.suffix(7).allSatisfy { $0 == 7 } && c.suffix(7).allSatisfy { $0 == 7 })
        let empty = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
        HalfFloat.deinterleave(UnsafeBufferPointer(start: nil, count: 0), into: empty, empty, empty, empty)
        HalfFloat.interleave(
            UnsafeBufferPointer(empty), UnsafeBufferPointer(empty), UnsafeBufferPointer(empty), nil,
            into: UnsafeMutableBufferPointer(start: nil, count: 0))
    }

    @Test("One channel of n ⇄ a plane, for n = 1…5, every channel, every pixel count 0…20")
    func strided() {
        for channelCount in 1...5 {
            for channel in 0..<channelCount {
                for pixels in 0...20 {
                    let source = Self.halves(pixels * channelCount, seed: UInt64(channelCount * 1000 + pixels))
                    var plane = [Float](repeating: 42, count: pixels + 1)
                    source.withUnsafeBufferPointer { s in
                        plane.withUnsafeMutableBufferPointer {
                            HalfFloat.convert(s, channel: channel, of: channelCount, to: $0)
                        }
                    }
                    let expected = (0..<pixels).map {
                        HalfFloat.float(fromBits: source[$0 * channelCount + channel]).bitPattern
                    }
                    #expect(plane.prefix(pixels).map(\.bitPattern) == expected)
                    #expect(plane.last == 42)

                    let values = Self.floats(pixels + 1, seed: UInt64(channel))
                    var row = [UInt16](repeating: 0xABCD, count: pixels * channelCount)
                    values.withUnsafeBufferPointer { v in
                        row.withUnsafeMutableBufferPointer {
                            HalfFloat.convert(v, to: $0, channel: channel, of: channelCount)
                        }
                    }
                    let expectedRow: [UInt16] = (0..<pixels * channelCount).map { i in
                        i % channelCount == channel ? HalfFloat.bits(from: values[i / channelCount]) : 0xABCD
                    }
                    #expect(row == expectedRow)
                }
            }
        }
    }

    @Test("Invalid channel arguments convert nothing", arguments: [(0, 0), (-1, 4), (4, 4), (2, -3)])
    func invalidChannels(channel: Int, count: Int) {
        let source: [UInt16] = [0x3C00, 0x4000, 0x4200, 0x4400]
        var plane: [Float] = [7, 7]
        source.withUnsafeBufferPointer { s in
            plane.withUnsafeMutableBufferPointer { HalfFloat.convert(s, channel: channel, of: count, to: $0) }
        }
        #expect(plane == [7, 7])
        var row: [UInt16] = [1, 2, 3, 4]
        plane.withUnsafeBufferPointer { p in
            row.withUnsafeMutableBufferPointer { HalfFloat.convert(p, to: $0, channel: channel, of: count) }
        }
        #expect(row == [1, 2, 3, 4])
    }
}
