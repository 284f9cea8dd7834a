import ColorSpaces

/// Fits linear RGB under a headroom with hue kept: the last step of "show this within the display's headroom".
///
/// A tone curve on luminance (or on max(R, G, B) in the source primaries) bounds the luminance, not the components a
/// display receives after the primaries conversion: a saturated BT.2020 blue tone mapped to 2× luminance has a blue
/// component near 30 in Display P3, which a compositor clips, shifting its hue. This step runs in the *destination's*
/// primaries, after that conversion, like libplacebo's gamut mapping against the target's peak. With H the
/// ``headroom``, Y = w·(R, G, B) the luminance (``luminanceCoefficients``) and m = max(R, G, B):
///
/// - m ≤ H: unchanged (bit for bit).
/// - m > H and Y < H: the pixel moves towards grey at constant luminance, C′ = Y + s·(C − Y) with
///   s = (H − Y)/(m − Y), so max(R′, G′, B′) = H. Y is kept exactly, and so is the hue: the chroma vector C − Y
///   keeps its direction (its angle in any chroma plane of these primaries), only its length shrinks.
/// - m > H and Y ≥ H: no saturation fits; the pixel becomes grey at the headroom, (H, H, H) (the limit of the
///   case above as Y approaches H, so the map is continuous).
///
/// Non-negative inputs stay non-negative (C′ lies between C and grey). Negative components (colours outside the
/// primaries, kept by extended-range outputs) move towards Y like the others and may stay negative: the fit bounds
/// components from above only. Pixels with a NaN component are left as they are; no finite input gives NaN.
///
/// The `Float` form (``apply(red:green:blue:)``, and a `PixelConverter` step on every code path) evaluates
/// `m = max(max(R, G), B)`, `Y = (w0·R + w1·G) + w2·B`, `s = (H − Y)/(m − Y)` and `min(Y + s·(C − Y), H)` in this
/// order, without fused multiply-adds, so every component is at most H exactly.
public struct HeadroomFit: Hashable, Sendable, CustomStringConvertible {
    /// The largest component allowed, H (relative linear light: 1.0 = reference white); +∞ fits everything.
    public let headroom: Double
    /// The luminance weights of the primaries the pixels are in (kept constant while desaturating).
    public let luminanceCoefficients: SIMD3<Double>

    /// Creates the fit.
    ///
    /// - Parameters:
    ///   - headroom: H, the largest component allowed; NaN or non-positive count as +∞ (nothing changes).
    ///   - luminanceCoefficients: The luminance weights of the pixels' primaries
    ///     (`RGBPrimaries.luminanceCoefficients`).
    public init(headroom: Double, luminanceCoefficients: SIMD3<Double>) {
        self.headroom = headroom > 0 ? headroom : .infinity
        self.luminanceCoefficients = luminanceCoefficients
    }

    /// Creates the fit for pixels in `primaries` (their luminance weights).
    public init(headroom: Double, primaries: RGBPrimaries) {
        self.init(headroom: headroom, luminanceCoefficients: primaries.luminanceCoefficients)
    }

    /// Fits one linear RGB pixel, in `Double`.
    public func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let h = headroom
        var m = rgb.x > rgb.y ? rgb.x : rgb.y
        m = m > rgb.z ? m : rgb.z
        guard m > h else { return rgb }
        let w = luminanceCoefficients
        let y = w.x * rgb.x + w.y * rgb.y + w.z * rgb.z
        if y < h {
            let s = (h - y) / (m - y)
            func fit(_ v: Double) -> Double {
                let t = y + s * (v - y)
                return t < h ? t : h
            }
            return SIMD3(fit(rgb.x), fit(rgb.y), fit(rgb.z))
        }
        return y >= h ? SIMD3(repeating: h) : rgb  // NaN luminance: left as it is
    }

    /// Fits planar linear RGB `Float` rows in place (the first `min` of the three counts); no allocation.
    public func apply(
        red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
        blue: UnsafeMutableBufferPointer<Float>
    ) {
        guard let r = red.baseAddress, let g = green.baseAddress, let b = blue.baseAddress else { return }
        Self.fit(
            r, g, b, count: Swift.min(red.count, green.count, blue.count),
            weights: SIMD3<Float>(luminanceCoefficients), headroom: Float(headroom))
    }

    /// The `Float` kernel over `count` pixels of three planes, eight at a time in `SIMD8` (the same operations as
    /// the scalar kernel below, lane by lane: `.>`/`.<` and `replacing(with:where:)` are its `?:`), the rest one by
    /// one. Blocks of eight within the headroom are skipped.
    @inlinable @inline(__always)
    package static func fit(
        _ red: UnsafeMutablePointer<Float>, _ green: UnsafeMutablePointer<Float>, _ blue: UnsafeMutablePointer<Float>,
        count: Int, weights w: SIMD3<Float>, headroom: Float
    ) {
        typealias V = SIMD8<Float>
        let h = V(repeating: headroom)
        let (w0, w1, w2) = (V(repeating: w.x), V(repeating: w.y), V(repeating: w.z))
        var i = 0
        while i + 8 <= count {
            let (pr, pg, pb) = (
                UnsafeMutableRawPointer(red + i), UnsafeMutableRawPointer(green + i),
                UnsafeMutableRawPointer(blue + i)
            )
            let r = pr.loadUnaligned(as: V.self), g = pg.loadUnaligned(as: V.self), b = pb.loadUnaligned(as: V.self)
            var m = g.replacing(with: r, where: r .> g)
            m = b.replacing(with: m, where: m .> b)
            let over = m .> h
            if any(over) {
                let y = w0 * r + w1 * g + w2 * b
                let s = (h - y) / (m - y)
                let tr = y + s * (r - y), tg = y + s * (g - y), tb = y + s * (b - y)
                let desaturate = over .& (y .< h), grey = over .& (y .>= h)
                pr.storeBytes(
                    of: r.replacing(with: h.replacing(with: tr, where: tr .< h), where: desaturate)
                        .replacing(with: h, where: grey), as: V.self)
                pg.storeBytes(
                    of: g.replacing(with: h.replacing(with: tg, where: tg .< h), where: desaturate)
                        .replacing(with: h, where: grey), as: V.self)
                pb.storeBytes(
                    of: b.replacing(with: h.replacing(with: tb, where: tb .< h), where: desaturate)
                        .replacing(with: h, where: grey), as: V.self)
            }
            i += 8
        }
        while i < count {
            fit(&red[i], &green[i], &blue[i], weights: w, headroom: headroom)
            i += 1
        }
    }

    /// The `Float` kernel of one pixel, in the order the AVX2 kernel of PixelConversion repeats (see the type's
    /// documentation): `a > b ? a : b` and `a < b ? a : b` are the SIMD max and min. Every value is computed and the
    /// result selected, without branches, so that loops over planes vectorise and random pixels cost no mispredicted
    /// branch; the values not selected (a division by 0 for grey pixels) are discarded.
    @inlinable @inline(__always)
    package static func fit(
        _ r: inout Float, _ g: inout Float, _ b: inout Float, weights w: SIMD3<Float>, headroom h: Float
    ) {
        var m = r > g ? r : g
        m = m > b ? m : b
        let y = w.x * r + w.y * g + w.z * b
        let s = (h - y) / (m - y)
        let tr = y + s * (r - y), tg = y + s * (g - y), tb = y + s * (b - y)
        let fr = tr < h ? tr : h, fg = tg < h ? tg : h, fb = tb < h ? tb : h
        // Over the headroom: desaturated when Y < h, grey at h when Y ≥ h, unchanged when Y is NaN.
        let over = m > h
        r = over ? (y < h ? fr : (y >= h ? h : r)) : r
        g = over ? (y < h ? fg : (y >= h ? h : g)) : g
        b = over ? (y < h ? fb : (y >= h ? h : b)) : b
    }

    /// `HeadroomFit(headroom: 2, luminanceCoefficients: (0.229, 0.6917, 0.0793))`.
    public var description: String {
        "HeadroomFit(headroom: \(ParameterText.number(headroom)), "
            + "luminanceCoefficients: \(ParameterText.vector(luminanceCoefficients)))"
    }
}
