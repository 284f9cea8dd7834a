// `Float16` exists everywhere Swift runs except macOS (and Mac Catalyst) on x86-64.
#if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))

/// Conveniences on the standard library's `Float16`, with the same rounding as the bit-pattern API.
///
/// At baseline x86-64 (no F16C), `Float16(x)` and `Float(h)` call a library routine per element; these go through
/// ``HalfFloat``'s inlined integer code (scalars) or SIMD kernels (buffers) instead. Results are bit-identical to
/// the platform's conversions, except that a signalling NaN half widens to a quiet NaN (see ``HalfFloat``).
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
extension HalfFloat {
    /// The `Float16` nearest to `value` (ties to even; overflow to ±infinity; NaN stays a quiet NaN).
    @inlinable
    public static func float16(from value: Float) -> Float16 {
        Float16(bitPattern: bits(from: value))
    }

    /// The `Float16` nearest to `value`, rounded once from the `Double` (no double rounding).
    @inlinable
    public static func float16(from value: Double) -> Float16 {
        Float16(bitPattern: bits(from: value))
    }

    /// The `Float` equal to `value` (exact; a NaN comes out quiet with sign and payload kept).
    @inlinable
    public static func float(from value: Float16) -> Float {
        float(fromBits: value.bitPattern)
    }

    /// Converts `Float` values to `Float16`, element by element, with the bulk kernel of the bit-pattern form.
    ///
    /// Converts `min(source.count, destination.count)` elements; the rest of `destination` is left untouched.
    public static func convert(
        _ source: UnsafeBufferPointer<Float>, to destination: UnsafeMutableBufferPointer<Float16>
    ) {
        destination.withMemoryRebound(to: UInt16.self) { convert(source, to: $0) }
    }

    /// Converts `Float16` values to `Float`, element by element (exact).
    ///
    /// Converts `min(source.count, destination.count)` elements; the rest of `destination` is left untouched.
    public static func convert(
        _ source: UnsafeBufferPointer<Float16>, to destination: UnsafeMutableBufferPointer<Float>
    ) {
        source.withMemoryRebound(to: UInt16.self) { convert($0, to: destination) }
    }
}

#endif
