internal import CPixelKernels
import PixelBuffers

/// How one channel's samples are stored in a row, and the affine map between their codes and normalised values:
/// `code = value·scale + bias` (ITU-R BT.2100 Table 9 through SignalCoding's `Quantization`), as the row kernels of
/// CPixelKernels read and write them.
struct SampleAccess: Sendable {
    let samples: HDRKSamples

    /// The access to channel `channel` (R, G, B, A or Y′, Cb, Cr) of `format`, or `nil` when the format does not store
    /// it. `quantizeLikeLuma` uses the luma formula for a chroma channel (H.273 MatrixCoefficients 0, GBR).
    init?(_ format: PixelFormat, channel: Int, quantizeLikeLuma: Bool = false) {
        guard let location = format.channel(channel) else { return nil }
        let container: HDRKContainer
        switch (format.sampleType, format.bytesPerSample) {
        case (.float, _): container = HDRK_CONTAINER_FLOAT
        case (.halfFloat, _): container = HDRK_CONTAINER_HALF
        case (_, 1): container = HDRK_CONTAINER_U8
        case (_, 2): container = HDRK_CONTAINER_U16
        default: container = HDRK_CONTAINER_U32
        }
        var q = format.quantization(of: location)
        if quantizeLikeLuma, location.isChroma, let luma = format.channel(0) { q = format.quantization(of: luma) }
        samples = HDRKSamples(
            container: container, bigEndian: format.layout == .packed10(.rgbx1010102BigEndian) ? 1 : 0,
            offset: location.offset, stride: location.stride, shift: UInt32(location.shift), mask: location.mask,
            scale: Float(q.scale), bias: Float(q.offset), maxCode: Float(location.mask))
    }

    private init(samples: HDRKSamples) { self.samples = samples }

    var isInteger: Bool {
        samples.container != HDRK_CONTAINER_HALF && samples.container != HDRK_CONTAINER_FLOAT
    }
    /// Whether samples are 16-bit integers (biplanar chroma pairs are read together then).
    var isUInt16: Bool { samples.container == HDRK_CONTAINER_U16 }
    /// Bytes per sample container.
    var bytesPerSample: Int {
        switch samples.container {
        case HDRK_CONTAINER_U8: 1
        case HDRK_CONTAINER_U16, HDRK_CONTAINER_HALF: 2
        default: 4
        }
    }
    /// Codes per unit of the normalised value.
    var scale: Float { samples.scale }
    /// The code of value 0.
    var bias: Float { samples.bias }
    /// The largest code.
    var maxCode: Float { samples.maxCode }
    /// The channel's bits.
    var mask: UInt32 { samples.mask }
    /// The sample index of the channel inside a pixel, in containers.
    var offset: Int { samples.offset }

    /// The same samples written from codes instead of normalised values (identity quantisation), for the colour
    /// channels after a quantised curve.
    var writingCodes: SampleAccess {
        var codes = samples
        (codes.scale, codes.bias) = (1, 0)
        return SampleAccess(samples: codes)
    }

    /// Reads `count` samples of the row at `row`, pixels `x0 ..< x0 + count`, into `output`.
    @inline(__always)
    func read(
        _ row: UnsafeRawPointer, from x0: Int, count: Int, into output: UnsafeMutablePointer<Float>,
        _ decoding: HDRKDecoding, table: UnsafePointer<Float>? = nil, _ kernels: Kernels
    ) {
        withUnsafePointer(to: samples) {
            kernels.table.pointee.read_samples!($0, row, x0, count, decoding, table, output)
        }
    }

    /// Writes `count` values as samples of pixels `x0 ..< x0 + count` of the row at `row`: integer codes rounded half
    /// up and clamped to the container (NaN → the code of 0), halves rounded to nearest even; a packed word's other
    /// fields are kept.
    @inline(__always)
    func write(
        _ values: UnsafePointer<Float>, count: Int, into row: UnsafeMutableRawPointer, from x0: Int, _ kernels: Kernels
    ) {
        withUnsafePointer(to: samples) { kernels.table.pointee.write_samples!($0, values, count, row, x0) }
    }
}

/// The four channels of an interleaved 8- or 16-bit integer or half-float RGBA / BGRA format whose samples fill their
/// containers, which a kernel program loads or stores itself (ops `load_rgba8` … `store_rgba_half`).
struct InterleavedAccess {
    /// The op that loads such pixels and the one that stores them.
    let load: HDRKOp
    let store: HDRKOp
    /// Bytes per pixel.
    let pixelBytes: Int
    /// Per memory channel: codes per unit, code of 0, largest code; BGRA order.
    let arguments: HDRKInterleaved

    init?(_ format: PixelFormat) {
        guard case .rgba(let order) = format.layout else { return nil }
        switch (format.sampleType, format.bytesPerSample) {
        case (.unsignedInteger, 1) where format.bitDepth == 8: (load, store) = (HDRK_OP_load_rgba8, HDRK_OP_store_rgba8)
        case (.unsignedInteger, 2) where format.bitDepth == 16:
            (load, store) = (HDRK_OP_load_rgba16, HDRK_OP_store_rgba16)
        case (.halfFloat, _): (load, store) = (HDRK_OP_load_rgba_half, HDRK_OP_store_rgba_half)
        default: return nil
        }
        pixelBytes = 4 * format.bytesPerSample
        var arguments = HDRKInterleaved()
        arguments.swapsRedAndBlue = order == .bgra ? 1 : 0
        for plane in 0..<4 {
            guard let access = SampleAccess(format, channel: plane) else { return nil }
            switch access.offset {  // the channel's position in the pixel
            case 0:
                (arguments.scale.0, arguments.bias.0, arguments.maxCode.0) = (access.scale, access.bias, access.maxCode)
            case 1:
                (arguments.scale.1, arguments.bias.1, arguments.maxCode.1) = (access.scale, access.bias, access.maxCode)
            case 2:
                (arguments.scale.2, arguments.bias.2, arguments.maxCode.2) = (access.scale, access.bias, access.maxCode)
            default:
                (arguments.scale.3, arguments.bias.3, arguments.maxCode.3) = (access.scale, access.bias, access.maxCode)
            }
        }
        self.arguments = arguments
    }

    /// The arguments for storing codes in the colour channels (after a quantised curve): identity quantisation there.
    var writingCodes: HDRKInterleaved {
        var codes = arguments
        (codes.scale.0, codes.scale.1, codes.scale.2) = (1, 1, 1)
        (codes.bias.0, codes.bias.1, codes.bias.2) = (0, 0, 0)
        return codes
    }
}
