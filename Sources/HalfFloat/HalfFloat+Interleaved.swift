extension HalfFloat {
    // MARK: Four interleaved channels ⇄ four planes

    /// Converts a row of interleaved four-channel half pixels (c₀ c₁ c₂ c₃ c₀ c₁ …, e.g. RGBA as in CoreVideo's
    /// `kCVPixelFormatType_64RGBAHalf`, 'RGhA') into four planar `Float` rows, one per channel in memory order.
    ///
    /// Converts `min(source.count / 4, first.count, second.count, third.count, fourth?.count)` pixels; the rest of
    /// each destination is left untouched. Pass `nil` for `fourth` to skip the fourth channel (e.g. alpha). For BGRA
    /// order, pass the blue plane as `first`. Each value converts exactly as ``float(fromBits:)`` does.
    public static func deinterleave(
        _ source: UnsafeBufferPointer<UInt16>,
        into first: UnsafeMutableBufferPointer<Float>,
        _ second: UnsafeMutableBufferPointer<Float>,
        _ third: UnsafeMutableBufferPointer<Float>,
        _ fourth: UnsafeMutableBufferPointer<Float>?
    ) {
        let count = pixelCount(source.count / 4, first.count, second.count, third.count, fourth?.count)
        guard count > 0, let input = source.baseAddress, let c0 = first.baseAddress, let c1 = second.baseAddress,
            let c2 = third.baseAddress
        else { return }
        let c3 = fourth?.baseAddress
        let pixels = UnsafeRawPointer(input)
        var i = 0
        while i &+ 8 <= count {
            // Convert the 32 halves in memory order (two pixels per vector), then transpose.
            let p01 = BitArithmetic.floats(pixels.loadUnaligned(fromByteOffset: i &* 8, as: SIMD8<UInt16>.self))
            let p23 = BitArithmetic.floats(pixels.loadUnaligned(fromByteOffset: i &* 8 &+ 16, as: SIMD8<UInt16>.self))
            let p45 = BitArithmetic.floats(pixels.loadUnaligned(fromByteOffset: i &* 8 &+ 32, as: SIMD8<UInt16>.self))
            let p67 = BitArithmetic.floats(pixels.loadUnaligned(fromByteOffset: i &* 8 &+ 48, as: SIMD8<UInt16>.self))
            let (c0Pixels0To3, c1Pixels0To3) = BitArithmetic.unzip(p01, p23)  // c₀ c₂ c₀ c₂ … and c₁ c₃ c₁ c₃ …
            let (c0Pixels4To7, c1Pixels4To7) = BitArithmetic.unzip(p45, p67)
            let (x0, x2) = BitArithmetic.unzip(c0Pixels0To3, c0Pixels4To7)
            let (x1, x3) = BitArithmetic.unzip(c1Pixels0To3, c1Pixels4To7)
            store(x0, to: c0 + i)
            store(x1, to: c1 + i)
            store(x2, to: c2 + i)
            if let c3 { store(x3, to: c3 + i) }
            i &+= 8
        }
        while i < count {
            let pixel = input + i &* 4
            c0[i] = float(fromBits: pixel[0])
            c1[i] = float(fromBits: pixel[1])
            c2[i] = float(fromBits: pixel[2])
            c3?[i] = float(fromBits: pixel[3])
            i &+= 1
        }
    }

    /// Converts four planar `Float` rows into a row of interleaved four-channel half pixels (c₀ c₁ c₂ c₃ c₀ …,
    /// e.g. RGBA as in CoreVideo's 'RGhA'), the inverse of ``deinterleave(_:into:_:_:_:)``.
    ///
    /// Converts `min(destination.count / 4, first.count, second.count, third.count, fourth?.count)` pixels; the rest
    /// of `destination` is left untouched. Pass `nil` for `fourth` to write 1.0 (`0x3C00`, opaque alpha) there.
    /// Each value converts exactly as ``bits(from:)-(Float)`` does.
    public static func interleave(
        _ first: UnsafeBufferPointer<Float>,
        _ second: UnsafeBufferPointer<Float>,
        _ third: UnsafeBufferPointer<Float>,
        _ fourth: UnsafeBufferPointer<Float>?,
        into destination: UnsafeMutableBufferPointer<UInt16>
    ) {
        let count = pixelCount(destination.count / 4, first.count, second.count, third.count, fourth?.count)
        guard count > 0, let output = destination.baseAddress, let c0 = first.baseAddress,
            let c1 = second.baseAddress, let c2 = third.baseAddress
        else { return }
        let c3 = fourth?.baseAddress
        let opaque: UInt16 = 0x3C00  // 1.0
        let pixels = UnsafeMutableRawPointer(output)
        var i = 0
        if let c3 {
            while i &+ 8 <= count {
                let lanes = BitArithmetic.interleave(
                    BitArithmetic.halves(load(c0 + i)), BitArithmetic.halves(load(c1 + i)),
                    BitArithmetic.halves(load(c2 + i)), BitArithmetic.halves(load(c3 + i)))
                pixels.storeBytes(of: lanes, toByteOffset: i &* 8, as: SIMD16<UInt32>.self)
                i &+= 8
            }
        } else {
            while i &+ 8 <= count {
                let lanes = BitArithmetic.interleave(
                    BitArithmetic.halves(load(c0 + i)), BitArithmetic.halves(load(c1 + i)),
                    BitArithmetic.halves(load(c2 + i)), SIMD8(repeating: opaque))
                pixels.storeBytes(of: lanes, toByteOffset: i &* 8, as: SIMD16<UInt32>.self)
                i &+= 8
            }
        }
        while i < count {
            let pixel = output + i &* 4
            pixel[0] = bits(from: c0[i])
            pixel[1] = bits(from: c1[i])
            pixel[2] = bits(from: c2[i])
            pixel[3] = c3.map { bits(from: $0[i]) } ?? opaque
            i &+= 1
        }
    }

    // MARK: One channel of interleaved pixels ⇄ one plane

    /// Converts one channel of interleaved half pixels into a planar `Float` row: element `p` of `destination`
    /// becomes `source[p * channelCount + channel]`, for pixels `p` in `0 ..< min(source.count / channelCount,
    /// destination.count)`.
    ///
    /// Use it for layouts the four-channel forms do not cover (RGB, two-channel, picking one channel). Nothing is
    /// converted unless `channelCount ≥ 1` and `0 ≤ channel < channelCount`.
    public static func convert(
        _ source: UnsafeBufferPointer<UInt16>,
        channel: Int,
        of channelCount: Int,
        to destination: UnsafeMutableBufferPointer<Float>
    ) {
        guard channelCount >= 1, channel >= 0, channel < channelCount else { return }
        let count = Swift.min(source.count / channelCount, destination.count)
        guard count > 0, let input = source.baseAddress, let output = destination.baseAddress else { return }
        let start = input + channel
        var i = 0
        while i &+ 8 <= count {
            var halves = SIMD8<UInt16>()
            for k in 0..<8 { halves[k] = start[(i &+ k) &* channelCount] }
            store(BitArithmetic.floats(halves), to: output + i)
            i &+= 8
        }
        while i < count {
            output[i] = float(fromBits: start[i &* channelCount])
            i &+= 1
        }
    }

    /// Converts a planar `Float` row into one channel of interleaved half pixels: `destination[p * channelCount +
    /// channel]` becomes the half of `source[p]`, for pixels `p` in `0 ..< min(source.count, destination.count /
    /// channelCount)`; the other channels are left untouched.
    ///
    /// Nothing is converted unless `channelCount ≥ 1` and `0 ≤ channel < channelCount`.
    public static func convert(
        _ source: UnsafeBufferPointer<Float>,
        to destination: UnsafeMutableBufferPointer<UInt16>,
        channel: Int,
        of channelCount: Int
    ) {
        guard channelCount >= 1, channel >= 0, channel < channelCount else { return }
        let count = Swift.min(source.count, destination.count / channelCount)
        guard count > 0, let input = source.baseAddress, let output = destination.baseAddress else { return }
        let start = output + channel
        var i = 0
        while i &+ 8 <= count {
            let halves = BitArithmetic.halves(load(input + i))
            for k in 0..<8 { start[(i &+ k) &* channelCount] = halves[k] }
            i &+= 8
        }
        while i < count {
            start[i &* channelCount] = bits(from: input[i])
            i &+= 1
        }
    }

    // MARK: Helpers

    /// The least of the counts (`nil` for an absent plane), without the variadic `min`'s array.
    @inline(__always)
    static func pixelCount(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int?) -> Int {
        Swift.min(Swift.min(Swift.min(a, b), Swift.min(c, d)), e ?? .max)
    }

    /// Eight `Float` bit patterns from `pointer` (any alignment).
    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>) -> BitArithmetic.Vector {
        UnsafeRawPointer(pointer).loadUnaligned(as: BitArithmetic.Vector.self)
    }

    /// Stores eight `Float` bit patterns at `pointer` (any alignment).
    @inline(__always)
    static func store(_ bits: BitArithmetic.Vector, to pointer: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: bits, as: BitArithmetic.Vector.self)
    }
}
