extension DolbyVisionRPU {
    /// rpu_data_mapping(): the curves that map the base layer to the VDR signal per component, and the NLQ
    /// (non-linear quantisation) parameters that add an enhancement layer's residual. The curves are kept whole (pivots
    /// and coefficients, enough to apply them: profile 5); the NLQ parameters are reduced to what tells FEL from MEL.
    public struct Mapping: Hashable, Sendable {
        /// vdr_rpu_id, mapping_color_space, mapping_chroma_format_idc.
        public var vdrRPUID: Int
        public var colorSpace: Int
        public var chromaFormat: Int
        /// The reshaping curve of each of the three components (Y or I, then Cb/Ct, Cr/Cp).
        public var components: [Component]
        /// num_x_partitions_minus1 + 1 and num_y_partitions_minus1 + 1.
        public var xPartitions: Int
        public var yPartitions: Int
        /// The NLQ parameters, when a residual enhancement layer is coded.
        public var nlq: NLQ?

        /// One component's curve: pivots in base-layer code values, pieces between them, each a polynomial or an
        /// MMR (multivariate multiple regression) mapping.
        public struct Component: Hashable, Sendable {
            /// num_pivots_minus2 + 2.
            public var pivots: Int
            /// The pivots in base-layer code values: the running sums of pred_pivot_value (the first is coded as is,
            /// each next one as its distance from the previous), as FFmpeg's ff_dovi_rpu_parse sums them.
            public var pivotValues: [Int]
            /// mapping_idc of each piece (pivots − 1 of them): 0 polynomial, 1 MMR.
            public var mappingIDC: [UInt8]
            /// The pieces between consecutive pivots, with their coefficients.
            public var pieces: [Piece]
            /// Pieces mapped by a polynomial (order 1 or 2) and by MMR.
            public var polynomialPieces: Int { mappingIDC.count { $0 == 0 } }
            public var mmrPieces: Int { mappingIDC.count { $0 == 1 } }

            public init(pivotValues: [Int], pieces: [Piece]) {
                self.pivots = pivotValues.count
                self.pivotValues = pivotValues
                self.pieces = pieces
                self.mappingIDC = pieces.map(\.mappingIDC)
            }
        }

        /// One piece of a reshaping curve. Coefficients are real numbers: a fixed-point coefficient is its integer part
        /// plus its fraction ÷ 2^coefficient_log2_denom, a floating-point one its IEEE 754 single value. They apply to
        /// signals normalised to 0…1 (base-layer code ÷ (2^bit depth − 1)) and give the VDR signal on the same scale.
        public enum Piece: Hashable, Sendable {
            /// poly_coef: v = c₀ + c₁·s + c₂·s² (order 1 or 2; `coefficients` holds order + 1 values).
            case polynomial(coefficients: [Double])
            /// linear_interp_flag: pred_linear_interp_value at the piece's start (and end, on the last piece). Defined
            /// by the syntax, used by no known encoder; FFmpeg and libplacebo do not apply it.
            case linearInterpolation(values: [Double])
            /// MMR of order 1…3: v = constant + Σₖ (a·Y + b·Cb + c·Cr + d·Y·Cb + e·Y·Cr + f·Cb·Cr + g·Y·Cb·Cr)ᵏ-terms,
            /// `coefficients[k − 1]` holding the 7 weights of the k-th powers of those terms.
            case mmr(constant: Double, coefficients: [[Double]])

            /// mapping_idc: 0 polynomial (or linear interpolation), 1 MMR.
            public var mappingIDC: UInt8 {
                if case .mmr = self { return 1 }
                return 0
            }
        }

        /// The NLQ parameters of an enhancement layer (rpu_data_nlq), reduced to what tells FEL from MEL.
        public struct NLQ: Hashable, Sendable {
            /// nlq_method_idc (0: linear dead zone, the only one defined).
            public var methodIDC: UInt8
            /// nlq_pred_pivot_value: the two pivots in base-layer code values (they add up to 1023 in profile 7).
            public var predictionPivots: [Int]
            /// Whether every component has nlq_offset 0, vdr_in_max 1.0 and dead-zone slope and threshold 0.
            public var isMinimal: Bool
            /// FEL or MEL.
            public var enhancementLayer: EnhancementLayer { isMinimal ? .mel : .fel }
        }

        /// The most pivots per component read (Dolby's curves use up to 9; more cannot be an RPU).
        static let maximumPivots = 64
        /// The most partitions along an axis.
        static let maximumPartitions: UInt32 = 1 << 12

        static func parse(_ r: inout RBSPReader, header: Header) throws(SyntaxError) -> Mapping {
            let vdrRPUID = try r.ue("vdr_rpu_id", maximum: 15)
            let colorSpace = try r.ue("mapping_color_space", maximum: 0xFF)
            let chromaFormat = try r.ue("mapping_chroma_format_idc", maximum: 3)
            let baseDepth = header.baseLayerBitDepth ?? 8
            var pivots: [[Int]] = []
            for component in 0..<3 {
                let count = try r.ue("num_pivots_minus2[\(component)]", maximum: UInt32(maximumPivots - 2)) + 2
                var values: [Int] = []
                var sum = 0
                for _ in 0..<count {
                    sum += Int(try r.bits(baseDepth, "pred_pivot_value[\(component)]"))
                    values.append(sum)
                }
                pivots.append(values)
            }
            var nlqMethod: UInt8?
            var nlqPivots: [Int] = []
            if header.hasNLQ {
                let method = UInt8(try r.bits(3, "nlq_method_idc"))
                guard method == 0 else {
                    throw SyntaxError("nlq_method_idc is \(method), not 0 (linear dead zone)")
                }
                nlqMethod = method
                for index in 0..<2 { nlqPivots.append(Int(try r.bits(baseDepth, "nlq_pred_pivot_value[\(index)]"))) }
            }
            let x = try r.ue("num_x_partitions_minus1", maximum: maximumPartitions) + 1
            let y = try r.ue("num_y_partitions_minus1", maximum: maximumPartitions) + 1
            var components: [Component] = []
            for (index, values) in pivots.enumerated() {
                var pieces: [Piece] = []
                for piece in 0..<values.count - 1 {
                    let idc = try r.ue("mapping_idc[\(index)][\(piece)]", maximum: 1)
                    if idc == 0 {
                        pieces.append(try readPolynomial(&r, header: header, lastPiece: piece == values.count - 2))
                    } else {
                        pieces.append(try readMMR(&r, header: header))
                    }
                }
                components.append(Component(pivotValues: values, pieces: pieces))
            }
            var nlq: NLQ?
            if let nlqMethod {
                nlq = NLQ(
                    methodIDC: nlqMethod, predictionPivots: nlqPivots,
                    isMinimal: try readNLQIsMinimal(&r, header: header))
            }
            return Mapping(
                vdrRPUID: vdrRPUID, colorSpace: colorSpace, chromaFormat: chromaFormat, components: components,
                xPartitions: x, yPartitions: y, nlq: nlq)
        }

        /// One coefficient: its integer part (se(v)) when fixed point, then its fraction or float bits.
        private static func readCoefficient(_ r: inout RBSPReader, header: Header, _ what: String)
            throws(SyntaxError) -> Double
        {
            guard header.coefficientDataType == 0 else {
                return Double(Float(bitPattern: try r.bits(32, what)))
            }
            let integer = try r.se("\(what)_int")
            return Double(integer) + fraction(try r.bits(header.coefficientBits, what), header: header)
        }

        /// A fixed-point fraction of coefficient_log2_denom bits as a real number.
        private static func fraction(_ bits: UInt32, header: Header) -> Double {
            Double(bits) / Double(UInt64(1) << UInt64(header.coefficientBits))
        }

        /// A polynomial piece: poly_order_minus1 (0 or 1), linear_interp_flag for order 1, then order + 1
        /// coefficients, or the interpolation values (two on the last piece).
        private static func readPolynomial(_ r: inout RBSPReader, header: Header, lastPiece: Bool)
            throws(SyntaxError) -> Piece
        {
            let order = try r.ue("poly_order_minus1", maximum: 1) + 1
            if order == 1, try r.flag("linear_interp_flag") {
                var values: [Double] = []
                for _ in 0..<(lastPiece ? 2 : 1) {
                    if header.coefficientDataType == 0 {
                        let integer = Double(try r.ue("pred_linear_interp_value_int"))
                        values.append(
                            integer
                                + fraction(
                                    try r.bits(header.coefficientBits, "pred_linear_interp_value"), header: header))
                    } else {
                        values.append(Double(Float(bitPattern: try r.bits(32, "pred_linear_interp_value"))))
                    }
                }
                return .linearInterpolation(values: values)
            }
            var coefficients: [Double] = []
            for _ in 0...order { coefficients.append(try readCoefficient(&r, header: header, "poly_coef")) }
            return .polynomial(coefficients: coefficients)
        }

        /// An MMR piece: mmr_order_minus1 (0…2), the constant, then 7 coefficients per order.
        private static func readMMR(_ r: inout RBSPReader, header: Header) throws(SyntaxError) -> Piece {
            let order = Int(try r.bits(2, "mmr_order_minus1")) + 1
            guard order <= 3 else { throw SyntaxError("mmr_order_minus1 is 3, above 2") }
            let constant = try readCoefficient(&r, header: header, "mmr_constant")
            var coefficients: [[Double]] = []
            for _ in 0..<order {
                var row: [Double] = []
                for _ in 0..<7 { row.append(try readCoefficient(&r, header: header, "mmr_coef")) }
                coefficients.append(row)
            }
            return .mmr(constant: constant, coefficients: coefficients)
        }

        /// rpu_data_nlq for the three components; whether every value is the MEL one.
        private static func readNLQIsMinimal(_ r: inout RBSPReader, header: Header) throws(SyntaxError) -> Bool {
            let fixed = header.coefficientDataType == 0
            let bits = header.coefficientBits
            var minimal = true
            for _ in 0..<3 {
                minimal = try r.bits(header.enhancementLayerBitDepth ?? 8, "nlq_offset") == 0 && minimal
                if fixed { minimal = try r.ue("vdr_in_max_int") == 1 && minimal }
                minimal = try r.bits(bits, "vdr_in_max") == 0 && minimal
                for name in ["linear_deadzone_slope", "linear_deadzone_threshold"] {
                    if fixed { minimal = try r.ue("\(name)_int") == 0 && minimal }
                    minimal = try r.bits(bits, name) == 0 && minimal
                }
            }
            return minimal
        }
    }
}
