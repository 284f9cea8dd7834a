/// Why a conversion cannot become a GPU program, or a frame cannot be run by one.
public enum ShaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A step runs Swift code on the CPU (a tone-mapping operator type of the caller's), which no shader has.
    case unsupportedStep(String)
    /// The texture interface takes biplanar Y′CbCr or four-channel RGB in and four-channel RGB out: why not these.
    case unsupportedTextures(String)
    /// The frame's planes do not fit the 32-bit byte offsets a shader addresses.
    case frameTooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .unsupportedStep(let name):
            "the step '\(name)' runs a Swift tone-mapping operator with no table form (a ToneMappingOperator type "
                + "of your own), which no shader has; use ToneMapping's operators"
        case .unsupportedTextures(let reason):
            "the texture interface cannot take this conversion: \(reason); use the buffer interface"
        case .frameTooLarge(let width, let height):
            "a \(width)×\(height) frame does not fit the 32-bit byte offsets of a shader's buffers"
        }
    }
}
