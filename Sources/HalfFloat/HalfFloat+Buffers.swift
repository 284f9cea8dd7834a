extension HalfFloat {
    // MARK: Contiguous buffers

    /// Converts `Float` values to binary16 bit patterns, element by element.
    ///
    /// Converts `min(source.count, destination.count)` elements; the rest of `destination` is left untouched.
    /// Rounding, overflow and NaN handling are those of ``bits(from:)-(Float)``. Branch-free SIMD; no F16C needed.
    public static func convert(
        _ source: UnsafeBufferPointer<Float>, to destination: UnsafeMutableBufferPointer<UInt16>
    ) {
        let count = Swift.min(source.count, destination.count)
        guard count > 0, let input = source.baseAddress, let output = destination.baseAddress else { return }
        narrow(input, output, count)
    }

    /// Converts binary16 bit patterns to `Float` values, element by element (exact).
    ///
    /// Converts `min(source.count, destination.count)` elements; the rest of `destination` is left untouched.
    /// NaN handling is that of ``float(fromBits:)``. Branch-free SIMD; no F16C needed.
    public static func convert(
        _ source: UnsafeBufferPointer<UInt16>, to destination: UnsafeMutableBufferPointer<Float>
    ) {
        let count = Swift.min(source.count, destination.count)
        guard count > 0, let input = source.baseAddress, let output = destination.baseAddress else { return }
        widen(input, output, count)
    }

    /// Converts `Double` values to binary16 bit patterns, each rounded once (see ``bits(from:)-(Double)``).
    ///
    /// Converts `min(source.count, destination.count)` elements; the rest of `destination` is left untouched.
    public static func convert(
        _ source: UnsafeBufferPointer<Double>, to destination: UnsafeMutableBufferPointer<UInt16>
    ) {
        for i in 0..<Swift.min(source.count, destination.count) {
            destination[i] = bits(from: source[i])
        }
    }

    /// Converts binary16 bit patterns to `Double` values, element by element (exact).
    ///
    /// Converts `min(source.count, destination.count)` elements; the rest of `destination` is left untouched.
    public static func convert(
        _ source: UnsafeBufferPointer<UInt16>, to destination: UnsafeMutableBufferPointer<Double>
    ) {
        for i in 0..<Swift.min(source.count, destination.count) {
            destination[i] = double(fromBits: source[i])
        }
    }

    // MARK: Vector loops

    /// Float → half over `count` contiguous elements, 8 per step, the tail through a zero-padded vector.
    static func narrow(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<UInt16>, _ count: Int) {
        let source = UnsafeRawPointer(input)
        let destination = UnsafeMutableRawPointer(output)
        var i = 0
        while i &+ 8 <= count {
            let floats = source.loadUnaligned(fromByteOffset: i &* 4, as: BitArithmetic.Vector.self)
            let halves = BitArithmetic.halves(floats)
            destination.storeBytes(of: halves, toByteOffset: i &* 2, as: SIMD8<UInt16>.self)
            i &+= 8
        }
        if i < count {
            let n = count &- i
            var lanes = BitArithmetic.Vector()
            for k in 0..<n { lanes[k] = input[i &+ k].bitPattern }
            let halves = BitArithmetic.halves(lanes)
            for k in 0..<n { output[i &+ k] = halves[k] }
        }
    }

    /// Half → Float over `count` contiguous elements, 8 per step, the tail through a zero-padded vector.
    static func widen(_ input: UnsafePointer<UInt16>, _ output: UnsafeMutablePointer<Float>, _ count: Int) {
        let source = UnsafeRawPointer(input)
        let destination = UnsafeMutableRawPointer(output)
        var i = 0
        while i &+ 8 <= count {
            let halves = source.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self)
            destination.storeBytes(
                of: BitArithmetic.floats(halves), toByteOffset: i &* 4, as: BitArithmetic.Vector.self)
            i &+= 8
        }
        if i < count {
            let n = count &- i
            var lanes = SIMD8<UInt16>()
            for k in 0..<n { lanes[k] = input[i &+ k] }
            let floats = BitArithmetic.floats(lanes)
            for k in 0..<n { output[i &+ k] = Float(bitPattern: floats[k]) }
        }
    }
}
