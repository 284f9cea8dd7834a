public import ColorSpaces
public import PixelBuffers
public import ToneMapping
public import SignalCoding

/// Why a ``PixelConverter`` cannot be built or cannot convert a pair of buffers. Each case names what is wrong and
/// the numbers involved; ``description`` says how to fix it.
public enum PixelConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A Y′CbCr format was described without a matrix.
    case missingMatrix(PixelFormat)
    /// An RGB format was described with a Y′CbCr matrix other than identity.
    case matrixForRGBFormat(PixelFormat, YCbCrMatrix)
    /// A matrix this converter does not implement (BT.2020 constant luminance).
    case unsupportedMatrix(YCbCrMatrix)
    /// An ICtCp matrix whose form (PQ or HLG) does not match the colour space's transfer function.
    case matrixTransferMismatch(YCbCrMatrix, ColorSpace)
    /// CICP code points that do not describe an encoding (reserved, unspecified or unsupported codes).
    case invalidCICP(CICP, CICP.Error)
    /// An option outside its domain (a non-positive or non-finite luminance, a thread count below 1 …).
    case invalidOption(name: String, value: String, expected: String)
    /// A buffer's format is not the one the converter was built for.
    case formatMismatch(role: String, expected: PixelFormat, actual: PixelFormat)
    /// Source and destination differ in size.
    case sizeMismatch(sourceWidth: Int, sourceHeight: Int, destinationWidth: Int, destinationHeight: Int)
    /// A row range outside the image, or one that splits a 4:2:0 destination's row pair.
    case invalidRows(lowerBound: Int, upperBound: Int, height: Int, reason: String)
    /// A buffer view's geometry is invalid.
    case geometry(PixelBufferError)
    /// Gain-map metadata that cannot be applied, or a gain map that cannot be read or written.
    case gainMap(GainMapError)
    /// The conversion backend (``PixelConverter/Options/backend``) failed: its own sentence.
    case backend(String)

    public var description: String {
        switch self {
        case .backend(let message):
            message
        case .missingMatrix(let f):
            "\(f) is a Y′CbCr format: give PixelEncoding a matrix (e.g. .bt2020NonConstantLuminance or .bt709), or "
                + "build it from CICP"
        case .matrixForRGBFormat(let f, let m):
            "\(f) is an RGB format, so it has no Y′CbCr matrix; remove the matrix \(m.name) from its PixelEncoding"
        case .unsupportedMatrix(let m):
            "the \(m.name) matrix is not supported by PixelConverter; decode it with YCbCrMatrix per pixel"
        case .matrixTransferMismatch(let m, let s):
            "the \(m.name) matrix needs a \(m == .ictcpPQ ? "PQ" : "HLG") transfer function, but \(s.name) has "
                + "\(s.transferFunction)"
        case .invalidCICP(let c, let e):
            "CICP \(c) does not describe an encoding: \(e)"
        case .invalidOption(let name, let value, let expected):
            "option \(name) is \(value); expected \(expected)"
        case .formatMismatch(let role, let expected, let actual):
            "the \(role) buffer is \(actual), but the converter was built for \(expected)"
        case .sizeMismatch(let sw, let sh, let dw, let dh):
            "the source is \(sw)×\(sh) but the destination is \(dw)×\(dh); convert between buffers of one size"
        case .invalidRows(let l, let u, let h, let reason):
            "rows \(l)..<\(u) of an image \(h) rows high: \(reason)"
        case .geometry(let e):
            "invalid buffer: \(e)"
        case .gainMap(let e):
            "gain map: \(e)"
        }
    }
}
