extension PixelConverter {
    /// What a converter does to every pixel, in order: the list of steps it compiled, as zimg prints its filter graph
    /// or skcms its op list. Identity steps are left out, adjacent matrices are multiplied into one, and per-channel
    /// curves right after an integer RGB read are folded into that read's code table.
    ///
    /// `print(plan)` gives the step names on one line, `debugPrint(plan)` (or `String(reflecting: plan)`) a numbered
    /// listing with each step's details (matrices, table sizes, the tone-mapping operator and its parameters), the
    /// kernel program and the instruction set that runs it:
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
        /// The build of the kernels that runs them (resolved: never ``CodePath/automatic``).
        public let codePath: CodePath
        /// The kernel program the steps compile to, by op name from the kernels' op list: a load, the steps (some
        /// plan steps, such as the chroma resampling around the program, are not ops), a store; e.g. `load_planes`,
        /// `affine`, `curve`, `affine`, `store_rgba_half`. It runs over blocks of ``pixelsPerBlock`` pixels held in
        /// registers, every op on a block before the next block.
        public let kernelOps: [String]
        /// Pixels per block of the kernel program: 8, or 16 on AVX-512.
        public let pixelsPerBlock: Int
        /// The backend that runs the program instead of the CPU kernels (``Options/backend``), by name, or `nil`.
        public let backend: String?

        /// What runs the program, for reports: "PixelConverter (AVX-512)", or "PixelConverter on Vulkan (…)" with a
        /// backend.
        public var engine: String { backend.map { "PixelConverter on \($0)" } ?? "PixelConverter (\(codePath))" }

        /// The step names on one line, separated by commas: "read 'x420', upsample chroma, matrix, …, write 'RGhA'".
        public var description: String { steps.map(\.name).joined(separator: ", ") }

        /// A numbered list, one step per line with its details, then the kernel program and its build.
        public var debugDescription: String {
            let lines = steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
            let program =
                backend.map { "(run by \($0): the same program as a shader)" }
                ?? "(\(codePath) kernels, \(pixelsPerBlock) pixels per block: \(kernelOps.joined(separator: " → ")))"
            return (lines + [program]).joined(separator: "\n")
        }
    }
}
