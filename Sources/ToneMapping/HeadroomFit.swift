import ColorSpaces

/// Fits linear RGB under a headroom with hue kept: the last step of "show this within the display's headroom".
///
/// A tone curve on luminance (or on max(R, G, B) in the source primaries) bounds the luminance, not the components a
/// display receives after the primaries conversion: a saturated BT.2020 blue tone mapped to 2× luminance has a blue
/// component near 30 in Display P3, which a compositor clips, shifting its hue. This step runs in the *destination's*
/// primaries, after that conversion, like libplacebo's gamut mapping against the target's peak. With H the
/// ``headroom``, Y = w·(R, G, B) the luminance (``luminanceCoefficients``) and m = max(R, G, B):
///
/// - m ≤ H: unchanged (bit for bit). Up to ``tolerance`` above H (rounding in an earlier step, such as the HLG
///   OOTF's round trip), components are clipped at H instead, so that a colour on the boundary keeps its saturation.
/// - Otherwise a pixel with the hue of the input and max(R′, G′, B′) = H, by ``priority``:
///   - ``Priority/chromaticity`` (the default): S = C·H/m, hue and saturation kept, luminance lowered to Y·H/m. A
///     saturated highlight stays saturated, as zimg's and libplacebo's SDR renderings show it, without the hue shift
///     of their per-channel clip (Accuracy.md compares them on a real movie: skin that the luminance priority turns
///     pale pink stays red).
///   - ``Priority/luminance``: two pixels are blended, D, desaturated at constant luminance, D = Y + s·(C − Y) with
///     s = (H − Y)/(m − Y) (when Y < H), and S: D + w·(S − D), w = clamp((Y/H − ¾)/(1 − ¾), 0, 1). Below ¾H
///     luminance is kept and saturation given up; towards Y = H the pixel keeps more of its saturation at a lower
///     luminance; from Y ≥ H it is S. Both D and S are grey plus a positive multiple of the chroma vector C − Y, so
///     the blend keeps the hue (the chroma's direction in any chroma plane of these primaries), and both reach H in
///     the same component, so the blend does too.
///
/// Non-negative inputs stay non-negative. Negative components (colours outside the primaries, kept by
/// extended-range outputs) move with the others and may stay negative: the fit bounds components from above only.
/// Pixels with a NaN component are left as they are; no finite input gives NaN.
///
/// The `Float` form (``apply(red:green:blue:)``, and a `PixelConverter` step on every code path) evaluates
/// `m = max(max(R, G), B)`, `Y = (w0·R + w1·G) + w2·B`, `s = (H − Y)/(m − Y)`, `D = Y + s·(C − Y)`, `k = H/m`,
/// `S = C·k`, `w = min(max((Y·(1/H) − 0.75)·4, f), 1)` with f = 1 for ``Priority/chromaticity`` and 0 for
/// ``Priority/luminance``, `min(w ≥ 1 ? S : D + w·(S − D), H)` in this order, without fused multiply-adds, so every
/// component is at most H exactly.
public struct HeadroomFit: Hashable, Sendable, CustomStringConvertible {
    /// The largest component allowed, H (relative linear light: 1.0 = reference white); +∞ fits everything.
    public let headroom: Double
    /// The luminance weights of the primaries the pixels are in (kept constant while desaturating).
    public let luminanceCoefficients: SIMD3<Double>

    /// How far above H, relative to H, components are clipped rather than fitted: 10⁻⁴ (0.01 %).
    public static let tolerance = 1e-4
    /// What the fit keeps of a pixel it must lower.
    public let priority: Priority
    /// The fraction of H above which ``Priority/luminance`` keeps saturation rather than luminance, blending fully at
    /// Y = H: ¾.
    public static let luminanceKnee = 0.75

    /// What a fit keeps of a pixel above the headroom: its chromaticity, or (below ¾H) its luminance.
    public enum Priority: String, Hashable, Sendable, CaseIterable {
        /// Hue and saturation: the pixel scaled by H/max(R, G, B), its luminance lowered. Tone mapping's default.
        case chromaticity
        /// Hue and luminance below ¾H (towards grey at constant luminance, saturation given up), blending into
        /// ``chromaticity`` up to Y = H: for fits where the light matters more than the colour (HLG's signal range).
        case luminance

        /// The least blend weight towards S in the `Float` form: 1 or 0.
        package var blendFloor: Float { self == .chromaticity ? 1 : 0 }
    }

    /// Creates the fit.
    ///
    /// - Parameters:
    ///   - headroom: H, the largest component allowed; NaN or non-positive count as +∞ (nothing changes).
    ///   - luminanceCoefficients: The luminance weights of the pixels' primaries
    ///     (`RGBPrimaries.luminanceCoefficients`).
    ///   - priority: What is kept of a pixel that must be lowered (``Priority/chromaticity``).
    public init(headroom: Double, luminanceCoefficients: SIMD3<Double>, priority: Priority = .chromaticity) {
        self.headroom = headroom > 0 ? headroom : .infinity
        self.luminanceCoefficients = luminanceCoefficients
        self.priority = priority
    }

    /// Creates the fit for pixels in `primaries` (their luminance weights).
    public init(headroom: Double, primaries: RGBPrimaries, priority: Priority = .chromaticity) {
        self.init(headroom: headroom, luminanceCoefficients: primaries.luminanceCoefficients, priority: priority)
    }

    /// Fits one linear RGB pixel, in `Double`.
    public func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let h = headroom
        var m = rgb.x > rgb.y ? rgb.x : rgb.y
        m = m > rgb.z ? m : rgb.z
        guard m > h else { return rgb }
        guard m > h + h * Self.tolerance else {
            return SIMD3(Swift.min(rgb.x, h), Swift.min(rgb.y, h), Swift.min(rgb.z, h))
        }
        let w = luminanceCoefficients
        let y = w.x * rgb.x + w.y * rgb.y + w.z * rgb.z
        guard !y.isNaN else { return rgb }
        let scaled = rgb * (h / m)
        let knee = Self.luminanceKnee
        let blend = priority == .chromaticity ? 1 : Swift.min(Swift.max((y / h - knee) / (1 - knee), 0), 1)
        if blend >= 1 { return SIMD3(Swift.min(scaled.x, h), Swift.min(scaled.y, h), Swift.min(scaled.z, h)) }
        let s = (h - y) / (m - y)
        let desaturated = y + s * (rgb - y)
        let out = desaturated + blend * (scaled - desaturated)
        return SIMD3(Swift.min(out.x, h), Swift.min(out.y, h), Swift.min(out.z, h))
    }

    /// H × (1 + ``tolerance``) in `Float`: components of pixels whose largest is at most this are clipped at H.
    public var floatLimit: Float { Float(headroom + headroom * Self.tolerance) }

    /// Fits planar linear RGB `Float` rows in place (the first `min` of the three counts); no allocation.
    public func apply(
        red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
        blue: UnsafeMutableBufferPointer<Float>
    ) {
        guard let r = red.baseAddress, let g = green.baseAddress, let b = blue.baseAddress else { return }
        Self.fit(
            r, g, b, count: Swift.min(red.count, green.count, blue.count),
            weights: SIMD3<Float>(luminanceCoefficients), headroom: Float(headroom), limit: floatLimit,
            blendFloor: priority.blendFloor)
    }

    /// The `Float` kernel over `count` pixels of three planes, eight at a time in `SIMD8` (the same operations as
    /// the scalar kernel below, lane by lane: `.>`/`.<` and `replacing(with:where:)` are its `?:`), the rest one by
    /// one. Blocks of eight within the headroom are skipped. `limit` is ``floatLimit``.
    @inlinable @inline(__always)
    package static func fit(
        _ red: UnsafeMutablePointer<Float>, _ green: UnsafeMutablePointer<Float>, _ blue: UnsafeMutablePointer<Float>,
        count: Int, weights w: SIMD3<Float>, headroom: Float, limit: Float, blendFloor: Float
    ) {
        typealias V = SIMD8<Float>
        let h = V(repeating: headroom), hLimit = V(repeating: limit), invH = V(repeating: 1 / headroom)
        let (floor, one, knee, span) = (V(repeating: blendFloor), V(repeating: 1), V(repeating: 0.75), V(repeating: 4))
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
                let fitted = m .> hLimit
                let y = w0 * r + w1 * g + w2 * b
                let s = (h - y) / (m - y)
                let k = h / m
                var blend = (y * invH - knee) * span
                blend = floor.replacing(with: blend, where: blend .> floor)
                blend = one.replacing(with: blend, where: blend .< one)
                let full = blend .>= one
                let valid = y .== y
                func channel(_ c: V) -> V {
                    let d = y + s * (c - y), scaled = c * k
                    var t = (d + blend * (scaled - d)).replacing(with: scaled, where: full)
                    t = h.replacing(with: t, where: t .< h)
                    let clipped = h.replacing(with: c, where: c .< h)
                    return c.replacing(with: clipped, where: over .& valid).replacing(with: t, where: fitted .& valid)
                }
                pr.storeBytes(of: channel(r), as: V.self)
                pg.storeBytes(of: channel(g), as: V.self)
                pb.storeBytes(of: channel(b), as: V.self)
            }
            i += 8
        }
        while i < count {
            fit(&red[i], &green[i], &blue[i], weights: w, headroom: headroom, limit: limit, blendFloor: blendFloor)
            i += 1
        }
    }

    /// The `Float` kernel of one pixel, in the order the C kernels of PixelConversion repeat (see the type's
    /// documentation): `a > b ? a : b` and `a < b ? a : b` are the SIMD max and min. Every value is computed and the
    /// result selected, without branches, so that loops over planes vectorise and random pixels cost no mispredicted
    /// branch; the values not selected (a division by 0 for grey pixels) are discarded. `limit` is ``floatLimit``,
    /// `blendFloor` ``Priority/blendFloor``.
    @inlinable @inline(__always)
    package static func fit(
        _ r: inout Float, _ g: inout Float, _ b: inout Float, weights w: SIMD3<Float>, headroom h: Float, limit: Float,
        blendFloor: Float
    ) {
        var m = r > g ? r : g
        m = m > b ? m : b
        let y = w.x * r + w.y * g + w.z * b
        let s = (h - y) / (m - y)
        let k = h / m
        var blend = (y * (1 / h) - 0.75) * 4
        blend = blend > blendFloor ? blend : blendFloor
        blend = blend < 1 ? blend : 1
        let valid = y == y
        let over = m > h && valid, fitted = m > limit && valid
        func channel(_ c: Float) -> Float {
            let d = y + s * (c - y), scaled = c * k
            var t = blend >= 1 ? scaled : d + blend * (scaled - d)
            t = t < h ? t : h
            return fitted ? t : (over ? (c < h ? c : h) : c)
        }
        (r, g, b) = (channel(r), channel(g), channel(b))
    }

    /// `HeadroomFit(headroom: 2, luminanceCoefficients: (0.229, 0.6917, 0.0793), priority: chromaticity)`.
    public var description: String {
        "HeadroomFit(headroom: \(ParameterText.number(headroom)), "
            + "luminanceCoefficients: \(ParameterText.vector(luminanceCoefficients)), priority: \(priority.rawValue))"
    }
}
