/// Errors from describing, creating and converting pixel buffers. Each names the plane and the numbers involved.
public enum PixelBufferError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A bit depth the format family cannot hold (integer formats take 8 … 16).
    case unsupportedBitDepth(Int)
    /// Width or height is zero or negative.
    case invalidDimensions(width: Int, height: Int)
    /// The byte size of a plane would overflow `Int`.
    case dimensionsTooLarge(width: Int, height: Int)
    /// An allocation of `width × height` pixels would exceed ``PixelBufferLimits/maximumPixelCount``.
    case pixelCountLimitExceeded(width: Int, height: Int, limit: Int)
    /// An allocation of `byteCount` bytes would exceed ``PixelBufferLimits/maximumByteCount``.
    case byteCountLimitExceeded(byteCount: Int, limit: Int)
    /// The system could not provide `byteCount` bytes.
    case allocationFailed(byteCount: Int)
    /// The caller passed a different number of planes than the format has.
    case wrongPlaneCount(format: PixelFormat, expected: Int, actual: Int)
    /// A plane's stride is shorter than the bytes of its pixels.
    case bytesPerRowTooSmall(plane: Int, bytesPerRow: Int, minimum: Int)
    /// A plane's base address is not a multiple of its sample size.
    case misalignedBaseAddress(plane: Int, address: UInt, alignment: Int)
    /// A plane's stride is not a multiple of its sample size.
    case misalignedBytesPerRow(plane: Int, bytesPerRow: Int, alignment: Int)
    /// The memory given for a plane is shorter than `bytesPerRow × (height − 1) + row bytes`.
    case planeTooSmall(plane: Int, byteCount: Int, required: Int)
    /// The clean aperture is empty or reaches outside the buffer.
    case cleanApertureOutOfBounds(CleanAperture, width: Int, height: Int)
    /// A row range reaches outside the image.
    case rowsOutOfBounds(lowerBound: Int, upperBound: Int, height: Int)
    /// A row band of a 4:2:0 image must start on an even row so that it owns whole chroma rows.
    case misalignedBand(start: Int, verticalSubsampling: Int)
    /// Source and destination differ in size.
    case sizeMismatch(sourceWidth: Int, sourceHeight: Int, destinationWidth: Int, destinationHeight: Int)
    /// The layout conversion between these formats would change colours (different colour model, subsampling or
    /// range, or between integer and float samples); convert with PixelConversion's `PixelConverter`.
    case incompatibleFormats(source: PixelFormat, destination: PixelFormat)
    /// The working buffer was made for another format family or is too narrow or short for the requested rows.
    case workingBufferMismatch(
        planeCount: Int, width: Int, rowCapacity: Int, requiredPlaneCount: Int,
        requiredWidth: Int, requiredRows: Int)

    public var description: String {
        switch self {
        case .unsupportedBitDepth(let n):
            "unsupported bit depth \(n): integer formats store 8 to 16 bits"
        case .invalidDimensions(let w, let h):
            "invalid size \(w)×\(h): width and height must be positive"
        case .dimensionsTooLarge(let w, let h):
            "size \(w)×\(h) is too large: a plane's byte count does not fit in an Int; check the width and height"
        case .pixelCountLimitExceeded(let w, let h, let limit):
            "size \(w)×\(h) exceeds the limit of \(limit) pixels; pass larger PixelBufferLimits if the size is intended"
        case .byteCountLimitExceeded(let n, let limit):
            "the buffer needs \(n) bytes, more than the limit of \(limit); pass larger PixelBufferLimits if the size is "
                + "intended"
        case .allocationFailed(let n):
            "could not allocate \(n) bytes; use a smaller buffer or free memory"
        case .wrongPlaneCount(let f, let e, let a):
            "format \(f) has \(e) plane\(e == 1 ? "" : "s"), got \(a)"
        case .bytesPerRowTooSmall(let p, let b, let m):
            "plane \(p): bytesPerRow \(b) is smaller than the \(m) bytes of a row"
        case .misalignedBaseAddress(let p, let a, let n):
            "plane \(p): base address 0x\(String(a, radix: 16)) is not a multiple of the \(n)-byte sample size"
        case .misalignedBytesPerRow(let p, let b, let n):
            "plane \(p): bytesPerRow \(b) is not a multiple of the \(n)-byte sample size"
        case .planeTooSmall(let p, let c, let r):
            "plane \(p): \(c) bytes given, \(r) needed"
        case .cleanApertureOutOfBounds(let a, let w, let h):
            "clean aperture \(a.width)×\(a.height) at (\(a.x), \(a.y)) is empty or outside the \(w)×\(h) buffer"
        case .rowsOutOfBounds(let l, let u, let h):
            "rows \(l)..<\(u) are outside the image height \(h)"
        case .misalignedBand(let s, let v):
            "row band starts at row \(s), which is not a multiple of the chroma subsampling factor \(v)"
        case .sizeMismatch(let sw, let sh, let dw, let dh):
            "source is \(sw)×\(sh) but destination is \(dw)×\(dh)"
        case .incompatibleFormats(let s, let d):
            "no colour-preserving layout conversion from \(s) to \(d); convert with PixelConversion's PixelConverter"
        case .workingBufferMismatch(let pc, let w, let c, let rpc, let rw, let rr):
            "working buffer has \(pc) planes, width \(w), \(c) rows; needs \(rpc) planes, width \(rw), \(rr) rows"
        }
    }
}

/// An integer-pixel rectangle inside a buffer: the picture area without encoder padding.
///
/// CoreVideo's clean aperture (kCVImageBufferCleanApertureKey) is a centred size plus offsets; with integer values
/// `x = (bufferWidth − width) / 2 + horizontalOffset`, and likewise for `y`.
public struct CleanAperture: Hashable, Sendable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in pixels (> 0).
    public var width: Int
    /// Height in pixels (> 0).
    public var height: Int

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
