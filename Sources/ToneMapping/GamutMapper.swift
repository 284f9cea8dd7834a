import ColorSpaces

/// Gamut mapping after tone mapping: converts linear RGB between primaries and brings colours the destination cannot
/// show inside it.
///
/// Every method first applies the 3×3 matrix from the source to the destination primaries (linear light, any scale).
/// - ``Method/preserve``: nothing else but the ``ceiling``: out-of-gamut colours keep their negative components, as
///   extended-range outputs (Apple's extended linear spaces, half-float EDR buffers) need.
/// - ``Method/clip``: components below 0 become 0 (and above ``ceiling`` become the ceiling). Simple, but shifts hue
///   and luminance of saturated colours.
/// - ``Method/softCompression(knee:)``: hue-preserving soft compression towards the achromatic axis (module design,
///   in the spirit of the ACES 1.3 reference gamut compression). With Y the destination luminance of the pixel
///   (`RGBPrimaries.luminanceCoefficients`), the pixel is C = (Y, Y, Y) + D with D its chroma vector. Its distance
///   from the axis, relative to the gamut boundary, is δ = 1 − min(R, G, B)/Y: 0 on the axis, 1 on the boundary
///   (a component reaches 0), above 1 outside. δ is mapped by the shoulder
///   `g(δ) = δ` (δ ≤ t), `t + (1 − t)·s((δ − t)/(1 − t))` above, with s the extended-Reinhard shoulder whose end is
///   the largest δ the source gamut can produce (reached at one of its primaries, because δ is a ratio of linear
///   forms and so takes its extremes at the vertices of the source triangle). The pixel becomes (Y, Y, Y) + D·g(δ)/δ.
///   So luminance Y is preserved exactly, the hue direction of D in linear RGB is preserved exactly, colours with
///   δ ≤ t (the knee) are unchanged, the compression is C¹ in δ and monotone, and every colour of the source gamut
///   lands inside the destination (δ ≤ 1). Colours beyond the source gamut (δ above the end) are clipped to the
///   boundary; pixels with Y ≤ 0 are clipped. A final clip to [0, ``ceiling``] follows.
public struct GamutMapper: Hashable, Sendable {
    /// The gamut-mapping method.
    public enum Method: Hashable, Sendable {
        /// Convert only: negative components are kept (extended-range outputs); only the ceiling applies.
        case preserve
        /// Clip each component to [0, ceiling].
        case clip
        /// Hue- and luminance-preserving soft compression; colours with δ ≤ `knee` (in [0, 1)) are unchanged.
        case softCompression(knee: Double)

        /// Soft compression with the default knee 0.8.
        public static let softCompression = Method.softCompression(knee: 0.8)
    }

    /// The source primaries.
    public let source: RGBPrimaries
    /// The destination primaries.
    public let destination: RGBPrimaries
    /// The method.
    public let method: Method
    /// The largest component value allowed after mapping (+∞ by default; e.g. the display headroom).
    public let ceiling: Double
    /// Source → destination linear RGB matrix.
    public let matrix: Matrix3x3
    /// The destination's luminance weights.
    public let luminanceCoefficients: SIMD3<Double>
    /// The largest δ of any colour of the source gamut in the destination (≤ 1 when the source fits).
    public let sourceGamutLimit: Double

    /// The knee in [0, 1) (1 for the methods that do not compress), the shoulder above it, and whether any colour of
    /// the source gamut is compressed (for PixelConversion's kernel of the same compression).
    @usableFromInline package let knee: Double
    @usableFromInline package let shoulder: RationalShoulder
    @usableFromInline package let compresses: Bool

    /// Creates a gamut mapper.
    ///
    /// - Parameters:
    ///   - source: The primaries of the input RGB.
    ///   - destination: The primaries to map into.
    ///   - method: Clip or soft compression (the default, knee 0.8). Knees outside [0, 1) are clamped into it
    ///     (−∞ to 0, +∞ to 0.999); a NaN knee takes the default 0.8.
    ///   - ceiling: The largest component allowed (NaN or non-positive count as +∞).
    ///   - adaptation: The chromatic adaptation between different white points (Bradford).
    public init(
        from source: RGBPrimaries, to destination: RGBPrimaries, method: Method = .softCompression,
        ceiling: Double = .infinity, adaptation: ChromaticAdaptation = .bradford
    ) {
        self.source = source
        self.destination = destination
        self.method = method
        self.ceiling = ceiling > 0 ? ceiling : .infinity
        matrix = source.conversionMatrix(to: destination, adaptation: adaptation)
        luminanceCoefficients = destination.luminanceCoefficients
        var limit = 0.0
        for column in matrix.columns {
            let y = (column * luminanceCoefficients).sum()
            if y > 0 { limit = Swift.max(limit, 1 - column.min() / y) }
        }
        sourceGamutLimit = limit
        if case .softCompression(let k) = method {
            knee = k.isNaN ? 0.8 : Swift.min(Swift.max(k, 0), 0.999)
        } else {
            knee = 1
        }
        compresses = knee < 1 && limit > 1
        shoulder = RationalShoulder(end: compresses ? (limit - knee) / (1 - knee) : 1)
    }

    /// The distance δ = 1 − min(R, G, B)/Y of a destination-RGB colour from the achromatic axis, relative to the
    /// gamut boundary (0 grey, 1 on the boundary, > 1 outside); +∞ when Y ≤ 0.
    @inlinable
    public func boundaryDistance(_ rgb: SIMD3<Double>) -> Double {
        let y = (rgb * luminanceCoefficients).sum()
        return y > 0 ? 1 - rgb.min() / y : .infinity
    }

    /// Maps one source-RGB pixel into the destination gamut, in `Double`.
    @inlinable
    public func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        var out = matrix * rgb
        if compresses {
            let y = (out * luminanceCoefficients).sum()
            if y > 0 {
                let delta = 1 - out.min() / y
                if delta > knee {
                    let t = (delta - knee) / (1 - knee)
                    let mapped = Swift.min(knee + (1 - knee) * shoulder(t), 1)
                    out = SIMD3(repeating: y) + (out - SIMD3(repeating: y)) * (mapped / delta)
                }
            }
        }
        return SIMD3(clip(out.x), clip(out.y), clip(out.z))
    }

    /// Clips to the ceiling, and below at 0 unless the method is ``Method/preserve`` (NaN → 0, or kept under
    /// `preserve`).
    @inlinable @inline(__always)
    func clip(_ v: Double) -> Double {
        if method == .preserve { return v < ceiling ? v : (v.isNaN ? v : ceiling) }
        return v > 0 ? (v < ceiling ? v : ceiling) : 0
    }

    /// Maps planar source-RGB `Float` rows into the destination gamut in place (the first `min` of the three counts).
    public func apply(
        red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
        blue: UnsafeMutableBufferPointer<Float>
    ) {
        let m = (SIMD3<Float>(matrix.row0), SIMD3<Float>(matrix.row1), SIMD3<Float>(matrix.row2))  // no allocation
        let w = SIMD3<Float>(
            Float(luminanceCoefficients.x), Float(luminanceCoefficients.y), Float(luminanceCoefficients.z))
        let k = Float(knee), top = Float(ceiling), preserve = method == .preserve
        for i in 0..<Swift.min(red.count, green.count, blue.count) {
            let c = SIMD3<Float>(red[i], green[i], blue[i])
            var r = (m.0 * c).sum(), g = (m.1 * c).sum(), b = (m.2 * c).sum()
            if compresses {
                let y = w.x * r + w.y * g + w.z * b
                let low = Swift.min(r, g, b)
                if y > 0 {
                    let delta = 1 - low / y
                    if delta > k {
                        let mapped = Swift.min(k + (1 - k) * shoulder((delta - k) / (1 - k)), 1)
                        let s = mapped / delta
                        r = y + (r - y) * s
                        g = y + (g - y) * s
                        b = y + (b - y) * s
                    }
                }
            }
            if preserve {
                red[i] = r > top ? top : r
                green[i] = g > top ? top : g
                blue[i] = b > top ? top : b
            } else {
                red[i] = r > 0 ? (r < top ? r : top) : 0
                green[i] = g > 0 ? (g < top ? g : top) : 0
                blue[i] = b > 0 ? (b < top ? b : top) : 0
            }
        }
    }
}
