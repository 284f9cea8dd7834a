/// A Dolby Vision profile 5 base layer's composition for one RPU, as the kernels run it: each component's reshaping
/// curve, then the IPT-PQ-c2 colour transform (ETSI GS CCM 001; libplacebo's `pl_shader_dovi_reshape` and
/// `pl_shader_decode_color`). Set as ``PixelConverter/Options/dolbyVision`` on a converter whose source is the base
/// layer (Y′CbCr, chroma sited left), it replaces the source's Y′CbCr decoding by:
///
/// 1. s = min(max(code ÷ (2^bitDepth − 1), 0), 1) per component (chroma upsampled first, bilinearly);
/// 2. each component through the piece of its curve its own code falls in (a polynomial of s, or an MMR of all three
///    components), clamped to the curve's first and last pivots;
/// 3. L′M′S′ = `yccToRGB`·(reshaped − `offsets`); LMS = the PQ EOTF of L′M′S′ (E′ held in 0 … 1.99);
/// 4. BT.2020 RGB = `lmsToRGB`·LMS (1.0 = 10 000 cd/m²), scaled to the options' reference white.
///
/// The arithmetic is float32 (the kernels' rule: the same bytes on every instruction set); DolbyVision's composer keeps
/// the float64 equations as the reference it is checked against.
public struct DolbyVisionReshaping: Sendable, Equatable {
    /// One piece of a curve.
    public enum Piece: Sendable, Equatable {
        /// c₀ + (c₁ + c₂·s)·s of the component's own value s.
        case polynomial(SIMD3<Double>)
        /// An MMR of order 1 … 3: the constant, then per order the 7 weights of (y, u, v, y·u, y·v, u·v, y·u·v) to that
        /// power.
        case mmr(constant: Double, weights: [[Double]])
    }

    /// One component's curve: `pivots` in codes of the base layer (ascending, one more than `pieces`).
    public struct Curve: Sendable, Equatable {
        /// The pivots, in base-layer codes: piece i covers pivots i … i + 1 (the last piece beyond its end too; the
        /// reshaped value is clamped to the first and last pivots, normalised).
        public var pivots: [Double]
        /// The pieces, one fewer than the pivots.
        public var pieces: [Piece]

        /// A curve of `pieces` between `pivots` (codes).
        public init(pivots: [Double], pieces: [Piece]) {
            self.pivots = pivots
            self.pieces = pieces
        }
    }

    /// The most pieces a curve has (Dolby Vision's decoders take 8).
    public static let maximumPieces = 8

    /// The base layer's bit depth (8 … 16).
    public var bitDepth: Int
    /// Y′, Cb, Cr's curves.
    public var curves: [Curve]
    /// `ycc_to_rgb`, 3 × 3 row by row (the RPU's coefficients ÷ 2¹³).
    public var yccToRGB: [Double]
    /// `ycc_to_rgb_offset`, subtracted from the reshaped values before ``yccToRGB`` (÷ 2²⁸; 2³⁰ for profile 4).
    public var offsets: SIMD3<Double>
    /// LMS → BT.2020 RGB, rows: the IPT-PQ LMS matrix's inverse times the RPU's `rgb_to_lms`.
    public var lmsToRGB: [Double]

    /// A composition; DolbyVision's `DolbyVisionComposer.reshaping` makes one from each RPU.
    public init(
        bitDepth: Int, curves: [Curve], yccToRGB: [Double], offsets: SIMD3<Double>, lmsToRGB: [Double]
    ) {
        self.bitDepth = bitDepth
        self.curves = curves
        self.yccToRGB = yccToRGB
        self.offsets = offsets
        self.lmsToRGB = lmsToRGB
    }

    /// Whether the kernels take it: 8 … 16 bits, three curves of 1 … 8 pieces with one pivot more, MMR orders 1 … 3
    /// with 7 weights each, 3 × 3 matrices.
    var isValid: Bool {
        (8...16).contains(bitDepth) && curves.count == 3 && yccToRGB.count == 9 && lmsToRGB.count == 9
            && curves.allSatisfy { curve in
                (1...Self.maximumPieces).contains(curve.pieces.count) && curve.pivots.count == curve.pieces.count + 1
                    && curve.pieces.allSatisfy { piece in
                        guard case .mmr(_, let weights) = piece else { return true }
                        return (1...3).contains(weights.count) && weights.allSatisfy { $0.count == 7 }
                    }
            }
    }

    /// The `reshape` op's parameters (see `hdrk_ops.h`): 1/(2^bitDepth − 1), then per component the piece count, the
    /// first and last pivots (normalised), 8 inner pivots (codes; +∞ unused), 8 orders (0: polynomial), 8 × 22
    /// coefficients.
    var kernelParameters: [Float] {
        let maximum = Double((1 << bitDepth) - 1)
        var p: [Float] = [Float(1 / maximum)]
        for curve in curves {
            var values = [Float](repeating: 0, count: 19 + 22 * Self.maximumPieces)
            values[0] = Float(curve.pieces.count)
            values[1] = Float(curve.pivots[0] / maximum)
            values[2] = Float(curve.pivots[curve.pivots.count - 1] / maximum)
            for k in 0..<Self.maximumPieces {
                values[3 + k] = k < curve.pivots.count - 2 ? Float(curve.pivots[k + 1]) : .infinity
            }
            for (k, piece) in curve.pieces.enumerated() {
                let base = 19 + 22 * k
                switch piece {
                case .polynomial(let c):
                    (values[base], values[base + 1], values[base + 2]) = (Float(c.x), Float(c.y), Float(c.z))
                case .mmr(let constant, let weights):
                    values[11 + k] = Float(weights.count)
                    values[base] = Float(constant)
                    for (order, row) in weights.enumerated() {
                        for (j, w) in row.enumerated() { values[base + 1 + 7 * order + j] = Float(w) }
                    }
                }
            }
            p += values
        }
        return p
    }
}
