extension YCbCrMatrix {
    /// The four non-trivial multipliers of Kr/Kb Y′CbCr → R′G′B′ decoding, in `Float` for single-precision kernels:
    /// R′ = Y′ + crToR·Cr, G′ = Y′ + cbToG·Cb + crToG·Cr, B′ = Y′ + cbToB·Cb (ITU-R BT.709-6 Table 3 rearranged).
    public struct DecodingCoefficients: Hashable, Sendable {
        /// 2(1 − Kr).
        public var crToR: Float
        /// −2Kb(1 − Kb)/Kg.
        public var cbToG: Float
        /// −2Kr(1 − Kr)/Kg.
        public var crToG: Float
        /// 2(1 − Kb).
        public var cbToB: Float
    }

    /// The multipliers of Y′CbCr → R′G′B′ encoding, in `Float`: Y′ = kr·R′ + kg·G′ + kb·B′,
    /// Cb = (B′ − Y′)·cbScale, Cr = (R′ − Y′)·crScale.
    public struct EncodingCoefficients: Hashable, Sendable {
        /// Kr.
        public var kr: Float
        /// Kg = 1 − Kr − Kb.
        public var kg: Float
        /// Kb.
        public var kb: Float
        /// 1 / (2(1 − Kb)).
        public var cbScale: Float
        /// 1 / (2(1 − Kr)).
        public var crScale: Float
    }

    /// Decoding multipliers for the Kr/Kb matrices (each rounded once from `Double`); `nil` for the others
    /// (including ``bt2020ConstantLuminance``, which is not linear in R′G′B′).
    public var decodingCoefficients: DecodingCoefficients? {
        guard let m = ycbcrToRGB, coefficients != nil else { return nil }
        return DecodingCoefficients(
            crToR: Float(m.row0.z), cbToG: Float(m.row1.y), crToG: Float(m.row1.z), cbToB: Float(m.row2.y))
    }

    /// Encoding multipliers for the Kr/Kb matrices (each rounded once from `Double`); `nil` for the others.
    public var encodingCoefficients: EncodingCoefficients? {
        guard let (kr, kb) = coefficients, rgbToYCbCr != nil else { return nil }
        return EncodingCoefficients(
            kr: Float(kr), kg: Float(1 - kr - kb), kb: Float(kb),
            cbScale: Float(1 / (2 * (1 - kb))), crScale: Float(1 / (2 * (1 - kr))))
    }
}
