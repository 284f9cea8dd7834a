extension PixelConverter {
    /// What a converter does to every pixel, in order: the list of steps it compiled, as zimg prints its filter graph
    /// or skcms its op list. Identity steps are left out, adjacent matrices are multiplied into one, and per-channel
    /// curves right after an integer RGB read are folded into that read's code table.
    ///
    /// `print(plan)` gives the step names on one line, `debugPrint(plan)` (or `String(reflecting: plan)`) a numbered
    /// listing with each step's details (matrices, table sizes, the tone-mapping operator and its parameters) and the
    /// code path:
    ///
    /// ```
    /// read 'x420', upsample chroma, matrix, PQ EOTF (SMPTE ST 2084), matrix, write 'RGhA'
    /// ```
    public struct Plan: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        /// One step.
        public struct Step: Hashable, Sendable, CustomStringConvertible {
            /// What the step does, e.g. "PQ EOTF (SMPTE ST 2084)", "tone map", "fit the headroom".
            public let name: String
            /// How, e.g. the table size, the matrix, the siting, the operator and its parameters.
            public let detail: String

            /// "name: detail", or the name alone when there is no detail.
            public var description: String { detail.isEmpty ? name : "\(name): \(detail)" }
        }

        /// The steps, first to last.
        public let steps: [Step]
        /// The implementation that runs them.
        public let codePath: CodePath
        /// Whether the steps run as one fused pass instead of step by step over chunks of a row, on the AVX2 path:
        /// 8-bit RGBA and BGRA conversions made of a code table, a matrix and a curve, and conversions to half-float
        /// RGBA whose steps are at most a clamp, a matrix, a curve, a matrix and a headroom fit. The bytes are those
        /// the separate steps write.
        public let isFused: Bool

        /// The step names on one line, separated by commas: "read 'x420', upsample chroma, matrix, …, write 'RGhA'".
        public var description: String { steps.map(\.name).joined(separator: ", ") }

        /// A numbered list, one step per line with its details, then the code path.
        public var debugDescription: String {
            let lines = steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
            return (lines + ["(\(codePath) kernels\(isFused ? ", one fused pass" : ""))"]).joined(separator: "\n")
        }
    }
}
