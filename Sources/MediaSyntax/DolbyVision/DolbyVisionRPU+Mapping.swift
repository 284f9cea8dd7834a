extension DolbyVisionRPU {
    /// rpu_data_mapping(): the curves that map the base layer to the VDR signal per component, and the NLQ
    /// (non-linear quantisation) parameters that add an enhancement layer's residual. Kept as counts and kinds, enough
    /// to validate the RPU and to read past it; the coefficients are skipped.
    package struct Mapping: Hashable, Sendable {
        /// vdr_rpu_id, mapping_color_space, mapping_chroma_format_idc.
        package var vdrRPUID: Int
        package var colorSpace: Int
        package var chromaFormat: Int
        /// The reshaping curve of each of the three components (Y or I, then Cb/Ct, Cr/Cp).
        package var components: [Component]
        /// num_x_partitions_minus1 + 1 and num_y_partitions_minus1 + 1.
        package var xPartitions: Int
        package var yPartitions: Int
        /// The NLQ parameters, when a residual enhancement layer is coded.
        package var nlq: NLQ?

        /// One component's curve: pivots in base-layer code values, pieces between them, each a polynomial or an
        /// MMR (multivariate multiple regression) mapping.
        package struct Component: Hashable, Sendable {
            /// num_pivots_minus2 + 2.
            package var pivots: Int
            /// mapping_idc of each piece (pivots − 1 of them): 0 polynomial, 1 MMR.
            package var mappingIDC: [UInt8]
            /// Pieces mapped by a polynomial (order 1 or 2) and by MMR.
            package var polynomialPieces: Int { mappingIDC.count { $0 == 0 } }
            package var mmrPieces: Int { mappingIDC.count { $0 == 1 } }
        }

        /// The NLQ parameters of an enhancement layer (rpu_data_nlq), reduced to what tells FEL from MEL.
        package struct NLQ: Hashable, Sendable {
            /// nlq_method_idc (0: linear dead zone, the only one defined).
            package var methodIDC: UInt8
            /// nlq_pred_pivot_value: the two pivots in base-layer code values (they add up to 1023 in profile 7).
            package var predictionPivots: [Int]
            /// Whether every component has nlq_offset 0, vdr_in_max 1.0 and dead-zone slope and threshold 0.
            package var isMinimal: Bool
            /// FEL or MEL.
            package var enhancementLayer: EnhancementLayer { isMinimal ? .mel : .fel }
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
            var pivots: [Int] = []
            for component in 0..<3 {
                let count = try r.ue("num_pivots_minus2[\(component)]", maximum: UInt32(maximumPivots - 2)) + 2
                try r.skip(count * baseDepth, "pred_pivot_value[\(component)]")
                pivots.append(count)
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
            for (index, count) in pivots.enumerated() {
                var kinds: [UInt8] = []
                for piece in 0..<count - 1 {
                    let idc = try r.ue("mapping_idc[\(index)][\(piece)]", maximum: 1)
                    kinds.append(UInt8(idc))
                    if idc == 0 {
                        try skipPolynomial(&r, header: header, lastPiece: piece == count - 2)
                    } else {
                        try skipMMR(&r, header: header)
                    }
                }
                components.append(Component(pivots: count, mappingIDC: kinds))
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
        private static func skipCoefficient(_ r: inout RBSPReader, header: Header, _ what: String)
            throws(SyntaxError)
        {
            if header.coefficientDataType == 0 { _ = try r.se("\(what)_int") }
            try r.skip(header.coefficientBits, what)
        }

        /// A polynomial piece: poly_order_minus1 (0 or 1), linear_interp_flag for order 1, then order + 1
        /// coefficients, or the interpolation values (two on the last piece).
        private static func skipPolynomial(_ r: inout RBSPReader, header: Header, lastPiece: Bool)
            throws(SyntaxError)
        {
            let order = try r.ue("poly_order_minus1", maximum: 1) + 1
            if order == 1, try r.flag("linear_interp_flag") {
                for _ in 0..<(lastPiece ? 2 : 1) {
                    if header.coefficientDataType == 0 { _ = try r.ue("pred_linear_interp_value_int") }
                    try r.skip(header.coefficientBits, "pred_linear_interp_value")
                }
                return
            }
            for _ in 0...order { try skipCoefficient(&r, header: header, "poly_coef") }
        }

        /// An MMR piece: mmr_order_minus1 (0…2), the constant, then 7 coefficients per order.
        private static func skipMMR(_ r: inout RBSPReader, header: Header) throws(SyntaxError) {
            let order = Int(try r.bits(2, "mmr_order_minus1")) + 1
            guard order <= 3 else { throw SyntaxError("mmr_order_minus1 is 3, above 2") }
            try skipCoefficient(&r, header: header, "mmr_constant")
            for _ in 0..<order * 7 { try skipCoefficient(&r, header: header, "mmr_coef") }
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
