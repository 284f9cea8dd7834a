/// The quantisation of normalised non-linear signals (R′G′B′, Y′ in [0, 1]; Cb, Cr in [−0.5, 0.5]) to integer codes,
/// as ITU-R BT.2100 Table 9 and ITU-T H.273 (equations 20–31) define it, for 8 to 16 bits.
///
/// Quantising rounds half away from zero, then clamps to the container [0, 2ⁿ − 1]; narrow-range footroom and
/// headroom codes (e.g. 64 … 940 luma at 10 bits) are kept, not clipped, so super-whites survive a round trip.
/// Every integer code round-trips exactly through ``dequantize(luma:)`` and ``quantize(luma:)`` (and likewise chroma).
public struct Quantization: Hashable, Sendable {
    /// Bits per sample, 8 … 16.
    public let bitDepth: Int
    /// Full or narrow range.
    public let range: SignalRange

    /// Errors from creating a quantisation.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The bit depth is outside the supported 8 … 16.
        case unsupportedBitDepth(Int)

        public var description: String {
            switch self {
            case .unsupportedBitDepth(let n): "unsupported bit depth \(n): quantisation supports 8 to 16 bits"
            }
        }
    }

    /// Creates a quantisation for `bitDepth` bits (8 … 16) and the given range.
    public init(bitDepth: Int, range: SignalRange) throws(Error) {
        guard (8...16).contains(bitDepth) else { throw .unsupportedBitDepth(bitDepth) }
        self.bitDepth = bitDepth
        self.range = range
    }

    /// The largest code of the container, 2ⁿ − 1.
    @inlinable public var maxCode: Int { (1 << bitDepth) - 1 }

    /// The code of black (Y′ = 0): 0 full range, 16·2ⁿ⁻⁸ narrow.
    @inlinable public var lumaOffset: Double { range == .full ? 0 : 16 * scale8 }
    /// Codes per unit of Y′ or R′G′B′: 2ⁿ − 1 full range, 219·2ⁿ⁻⁸ narrow.
    @inlinable public var lumaScale: Double { range == .full ? Double(maxCode) : 219 * scale8 }
    /// The code of zero chroma: 2ⁿ⁻¹ (both ranges).
    @inlinable public var chromaOffset: Double { range == .full ? Double(1 << (bitDepth - 1)) : 128 * scale8 }
    /// Codes per unit of Cb or Cr: 2ⁿ − 1 full range, 224·2ⁿ⁻⁸ narrow.
    @inlinable public var chromaScale: Double { range == .full ? Double(maxCode) : 224 * scale8 }

    /// The nominal code range of Y′ / R′G′B′ (e.g. 64 … 940 for 10-bit narrow).
    @inlinable public var nominalLumaCodes: ClosedRange<Int> {
        Int(lumaOffset)...Int(lumaOffset + lumaScale)
    }
    /// The nominal code range of Cb / Cr (e.g. 64 … 960 for 10-bit narrow).
    @inlinable public var nominalChromaCodes: ClosedRange<Int> {
        let half = chromaScale / 2
        return Int((chromaOffset - half).rounded(.up))...Int((chromaOffset + half).rounded(.down))
    }

    @usableFromInline var scale8: Double { Double(1 << (bitDepth - 8)) }

    /// Quantises Y′ or one of R′, G′, B′ (nominally [0, 1]) to a code. NaN maps to the black code.
    @inlinable
    public func quantize(luma value: Double) -> Int { clampedCode(value * lumaScale + lumaOffset) }

    /// Quantises Cb or Cr (nominally [−0.5, 0.5]) to a code. NaN maps to the zero-chroma code.
    @inlinable
    public func quantize(chroma value: Double) -> Int {
        clampedCode(value.isNaN ? chromaOffset : value * chromaScale + chromaOffset)
    }

    /// The normalised Y′ / R′G′B′ value of a code (codes outside the nominal range give values outside [0, 1]).
    @inlinable
    public func dequantize(luma code: Int) -> Double { (Double(code) - lumaOffset) / lumaScale }

    /// The normalised Cb / Cr value of a code.
    @inlinable
    public func dequantize(chroma code: Int) -> Double { (Double(code) - chromaOffset) / chromaScale }

    @usableFromInline
    func clampedCode(_ x: Double) -> Int {
        guard x == x else { return Int(lumaOffset) }
        let r = x.rounded(.toNearestOrAwayFromZero)
        if r <= 0 { return 0 }
        if r >= Double(maxCode) { return maxCode }
        return Int(r)
    }
}
