public import ColorSpaces
public import PixelBuffers
import TransferFunctions
public import SignalCoding

/// What the samples of a pixel buffer mean: their memory layout (``PixelFormat``), colour space, and for Y′CbCr
/// formats the matrix, the code range and the chroma siting.
///
/// The range comes from the format ('x420' is narrow, 'xf20' full) unless ``range`` overrides it, e.g. for a
/// full-range stream carried in a narrow-range format. `PixelEncoding(cicp:format:)` reads all of it from ITU-T H.273
/// code points.
public struct PixelEncoding: Hashable, Sendable, CustomStringConvertible {
    /// The memory layout of the samples.
    public var format: PixelFormat
    /// The colour space of the R′G′B′ signal (or of the RGB values, for linear spaces). Its `outOfRange` says whether
    /// values outside [0, 1] are kept (extended spaces) or clamped.
    public var colorSpace: ColorSpace
    /// The Y′CbCr matrix, required for Y′CbCr formats and `nil` (or ``YCbCrMatrix/identity``) for RGB ones.
    public var matrix: YCbCrMatrix?
    /// The code range when it differs from the format's (integer formats only); `nil` keeps the format's.
    public var range: SignalRange?
    /// The chroma siting of a subsampled Y′CbCr format; `nil` takes ``defaultChromaLocation``.
    public var chromaLocation: ChromaLocation?

    /// Describes a buffer.
    ///
    /// - Parameters:
    ///   - format: The memory layout.
    ///   - colorSpace: The colour space of the signal.
    ///   - matrix: The Y′CbCr matrix (Y′CbCr formats only).
    ///   - range: A code range overriding the format's (integer formats only).
    ///   - chromaLocation: The chroma siting of subsampled formats; `nil` for the default.
    public init(
        format: PixelFormat, colorSpace: ColorSpace, matrix: YCbCrMatrix? = nil, range: SignalRange? = nil,
        chromaLocation: ChromaLocation? = nil
    ) {
        self.format = format
        self.colorSpace = colorSpace
        self.matrix = matrix
        self.range = range
        self.chromaLocation = chromaLocation
    }

    /// Describes a buffer of `format` from ITU-T H.273 code points: the colour space from ColourPrimaries and
    /// TransferCharacteristics (`ColorSpace(cicp:outOfRange:)`: linear light extended, other curves clamped), the
    /// matrix from MatrixCoefficients (Y′CbCr formats; RGB formats ignore it), and the range from VideoFullRangeFlag
    /// (integer formats).
    ///
    /// - Throws: ``PixelConversionError/invalidCICP(_:_:)`` for reserved, unspecified or unsupported codes.
    public init(cicp: CICP, format: PixelFormat, chromaLocation: ChromaLocation? = nil) throws(PixelConversionError) {
        let space: ColorSpace
        do { space = try ColorSpace(cicp: cicp) } catch { throw .invalidCICP(cicp, error) }
        var matrix: YCbCrMatrix? = nil
        if format.colorModel == .yCbCr {
            do { matrix = try cicp.yCbCrMatrix() } catch { throw .invalidCICP(cicp, error) }
        }
        // The range only when it differs from the format's, so that the encoding equals the one written by hand.
        self.init(
            format: format, colorSpace: space, matrix: matrix,
            range: format.isFloatingPoint || cicp.range == format.range ? nil : cicp.range,
            chromaLocation: chromaLocation)
    }

    /// The ITU-T H.273 code points of this encoding: its colour space's primaries and transfer characteristics, the
    /// matrix (0, identity, for RGB formats) and the effective range (full for float formats); `nil` when the colour
    /// space or matrix has none (e.g. ProPhoto RGB, an unspecified gamma).
    public var cicp: CICP? {
        try? CICP(colorSpace: colorSpace, matrix: matrix, range: effectiveFormat.range ?? .full)
    }

    /// The format with the effective range: ``format`` with ``range`` applied.
    public var effectiveFormat: PixelFormat {
        guard let range, range != format.range, !format.isFloatingPoint,
            let changed = try? format.with(range: range)
        else { return format }
        return changed
    }

    /// The chroma siting in effect: ``chromaLocation``, or ``defaultChromaLocation``.
    public var effectiveChromaLocation: ChromaLocation { chromaLocation ?? defaultChromaLocation }

    /// The siting assumed when none is given: ``ChromaLocation/topLeft`` for BT.2020 primaries (BT.2020 / BT.2100
    /// content), ``ChromaLocation/left`` otherwise.
    public var defaultChromaLocation: ChromaLocation {
        colorSpace.primaries.hasSameCoordinates(as: .bt2020) ? .topLeft : .left
    }

    /// E.g. `'x420' BT.2100 PQ, BT.2020 NCL, narrow, TopLeft chroma`.
    public var description: String {
        var parts = ["\(format) \(colorSpace.name)"]
        if let matrix { parts.append(matrix.name) }
        if let range = effectiveFormat.range, format.colorModel == .yCbCr || range == .narrow {
            parts.append(range == .full ? "full range" : "narrow range")
        }
        if let s = format.chromaSubsampling, s != .s444 { parts.append("\(effectiveChromaLocation) chroma") }
        return parts.joined(separator: ", ")
    }
}

extension YCbCrMatrix {
    /// A short name, e.g. "BT.2020 NCL".
    var name: String {
        switch self {
        case .identity: "identity (GBR)"
        case .bt601: "BT.601"
        case .bt709: "BT.709"
        case .fcc: "FCC"
        case .smpte240m: "SMPTE 240M"
        case .ycgco: "YCgCo"
        case .bt2020NonConstantLuminance: "BT.2020 NCL"
        case .bt2020ConstantLuminance: "BT.2020 CL"
        case .ictcpPQ: "ICtCp (PQ)"
        case .ictcpHLG: "ICtCp (HLG)"
        }
    }
}
