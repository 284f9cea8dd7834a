extension PixelConverter {
    /// What a converter does to every pixel, in order: the list of steps it compiled, as zimg prints its filter graph
    /// or skcms its op list. Identity steps are left out, adjacent matrices are multiplied into one, and per-channel
    /// curves right after an integer RGB read are folded into that read's code table.
    public struct Plan: Sendable, CustomStringConvertible {
        /// One step.
        public struct Step: Hashable, Sendable, CustomStringConvertible {
            /// What the step does, e.g. "decode PQ".
            public let name: String
            /// How, e.g. the table size, the matrix, the siting.
            public let detail: String

            public var description: String { detail.isEmpty ? name : "\(name): \(detail)" }
        }

        /// The steps, first to last.
        public let steps: [Step]
        /// The implementation that runs them.
        public let codePath: CodePath
        /// Whether the steps run as one fused pass instead of step by step over chunks of a row, on the AVX2 path:
        /// 8-bit RGBA and BGRA conversions made of a code table, a matrix and a curve, and conversions to half-float
        /// RGBA whose steps are at most a clamp, a matrix, a curve and a matrix. The bytes are those the separate
        /// steps write.
        public let isFused: Bool

        /// A numbered list, one step per line, then the code path.
        public var description: String {
            let lines = steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
            return (lines + ["(\(codePath) kernels\(isFused ? ", one fused pass" : ""))"]).joined(separator: "\n")
        }
    }
}
