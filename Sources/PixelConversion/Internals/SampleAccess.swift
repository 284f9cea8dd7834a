internal import CPixelKernels
import HalfFloat
import PixelBuffers

/// How one channel's samples are stored in a row, and the affine map between their codes and normalised values:
/// `code = value·scale + bias` (ITU-R BT.2100 Table 9 through SignalCoding's `Quantization`).
struct SampleAccess: Sendable {
    /// The container of a sample.
    enum Container: Sendable {
        case uint8, uint16, uint32, half, float
    }

    let container: Container
    /// The sample index of the channel inside a pixel, in containers.
    let offset: Int
    /// Containers per pixel.
    let stride: Int
    /// Right shift that brings the channel's bits to the bottom of its container.
    let shift: UInt32
    /// The channel's bits after the shift.
    let mask: UInt32
    /// Whether the container is big-endian ('R10k').
    let bigEndian: Bool
    /// Codes per unit of the normalised value.
    let scale: Float
    /// The code of value 0.
    let bias: Float
    /// The largest code.
    let maxCode: Float

    /// The access to channel `channel` (R, G, B, A or Y′, Cb, Cr) of `format`, or `nil` when the format does not store
    /// it. `quantizeLikeLuma` uses the luma formula for a chroma channel (H.273 MatrixCoefficients 0, GBR).
    init?(_ format: PixelFormat, channel: Int, quantizeLikeLuma: Bool = false) {
        guard let location = format.channel(channel) else { return nil }
        switch (format.sampleType, format.bytesPerSample) {
        case (.float, _): container = .float
        case (.halfFloat, _): container = .half
        case (_, 1): container = .uint8
        case (_, 2): container = .uint16
        default: container = .uint32
        }
        offset = location.offset
        stride = location.stride
        shift = UInt32(location.shift)
        mask = location.mask
        bigEndian = format.layout == .packed10(.rgbx1010102BigEndian)
        var q = format.quantization(of: location)
        if quantizeLikeLuma, location.isChroma, let luma = format.channel(0) { q = format.quantization(of: luma) }
        scale = Float(q.scale)
        bias = Float(q.offset)
        maxCode = Float(location.mask)
    }

    var isInteger: Bool {
        switch container {
        case .uint8, .uint16, .uint32: true
        case .half, .float: false
        }
    }

    // MARK: Reading

    /// What reading produces from an integer code.
    enum Decoding {
        /// `(code − bias)/scale`: the normalised value, correctly rounded (the subtraction is exact).
        case normalized
        /// The code itself, for steps that fold the quantisation into a matrix.
        case code
        /// `table[code]`: a decoded value composed with later per-channel steps.
        case table(UnsafePointer<Float>)
    }

    /// Reads `count` samples of the row at `row`, pixels `x0 ..< x0 + count`, into `output`.
    @inline(__always)
    func read(
        _ row: UnsafeRawPointer, from x0: Int, count: Int, into output: UnsafeMutablePointer<Float>,
        _ decoding: Decoding, _ kernels: KernelSet
    ) {
        if kernels.usesAVX2, container == .uint16, stride <= 2, case .code = decoding {
            let p = row.assumingMemoryBound(to: UInt16.self) + (x0 &* stride &+ offset)
            return hdrk_read_codes_u16_avx2(p, stride, shift, mask, output, count)
        }
        switch container {
        case .uint8: readIntegers(row, UInt8.self, x0, count, output, decoding)
        case .uint16: readIntegers(row, UInt16.self, x0, count, output, decoding)
        case .uint32: readIntegers(row, UInt32.self, x0, count, output, decoding)
        case .half:
            let p = row.assumingMemoryBound(to: UInt16.self) + (x0 &* stride &+ offset)
            for i in 0..<count { output[i] = HalfFloat.float(fromBits: UInt16(littleEndian: p[i &* stride])) }
        case .float:
            let p = row.assumingMemoryBound(to: Float.self) + (x0 &* stride &+ offset)
            for i in 0..<count { output[i] = p[i &* stride] }
        }
    }

    @inline(__always)
    private func readIntegers<T: FixedWidthInteger & UnsignedInteger>(
        _ row: UnsafeRawPointer, _: T.Type, _ x0: Int, _ count: Int, _ output: UnsafeMutablePointer<Float>,
        _ decoding: Decoding
    ) {
        let p = row.assumingMemoryBound(to: T.self) + (x0 &* stride &+ offset)
        let (shift, mask, stride, bigEndian) = (shift, mask, stride, bigEndian)
        @inline(__always) func code(_ i: Int) -> UInt32 {
            let raw = bigEndian ? T(bigEndian: p[i &* stride]) : T(littleEndian: p[i &* stride])
            return (UInt32(truncatingIfNeeded: raw) &>> shift) & mask
        }
        switch decoding {
        case .normalized:
            let (bias, scale) = (bias, scale)
            for i in 0..<count { output[i] = (Float(Int32(bitPattern: code(i))) - bias) / scale }
        case .code:
            for i in 0..<count { output[i] = Float(Int32(bitPattern: code(i))) }
        case .table(let table):
            for i in 0..<count { output[i] = table[Int(code(i))] }
        }
    }

    // MARK: Writing

    /// Writes `count` values (normalised) as samples of pixels `x0 ..< x0 + count` of the row at `row`: integer
    /// codes rounded half up and clamped to the container (NaN → the code of 0), halves rounded to nearest even.
    /// For packed words (`uint32`) the channel's field is merged into the word, other bits kept.
    @inline(__always)
    func write(
        _ values: UnsafePointer<Float>, count: Int, into row: UnsafeMutableRawPointer, from x0: Int,
        _ kernels: KernelSet
    ) {
        if kernels.usesAVX2, container == .uint16 {
            let p = row.assumingMemoryBound(to: UInt16.self) + (x0 &* stride &+ offset)
            return hdrk_quantize_u16_avx2(values, count, scale, bias, maxCode, shift, p, stride)
        }
        switch container {
        case .uint8: writeIntegers(values, count, row, UInt8.self, x0)
        case .uint16: writeIntegers(values, count, row, UInt16.self, x0)
        case .uint32: writeIntegers(values, count, row, UInt32.self, x0)
        case .half:
            let p = row.assumingMemoryBound(to: UInt16.self) + (x0 &* stride &+ offset)
            for i in 0..<count { p[i &* stride] = HalfFloat.bits(from: values[i]).littleEndian }
        case .float:
            let p = row.assumingMemoryBound(to: Float.self) + (x0 &* stride &+ offset)
            for i in 0..<count { p[i &* stride] = values[i] }
        }
    }

    @inline(__always)
    private func writeIntegers<T: FixedWidthInteger & UnsignedInteger>(
        _ values: UnsafePointer<Float>, _ count: Int, _ row: UnsafeMutableRawPointer, _: T.Type, _ x0: Int
    ) {
        let p = row.assumingMemoryBound(to: T.self) + (x0 &* stride &+ offset)
        let (shift, scale, bias, maxCode, stride) = (shift, scale, bias, maxCode, stride)
        if container == .uint32 {
            let field = mask &<< shift
            for i in 0..<count {
                let c = RowKernels.code(values[i], scale: scale, bias: bias, maxCode: maxCode) &<< shift
                let old = UInt32(
                    truncatingIfNeeded: bigEndian ? T(bigEndian: p[i &* stride]) : T(littleEndian: p[i &* stride]))
                let word = T(truncatingIfNeeded: old & ~field | c)
                p[i &* stride] = bigEndian ? word.bigEndian : word.littleEndian
            }
        } else {
            for i in 0..<count {
                let c = T(
                    truncatingIfNeeded: RowKernels.code(values[i], scale: scale, bias: bias, maxCode: maxCode) &<< shift
                )
                p[i &* stride] = c.littleEndian
            }
        }
    }
}

/// The four channels of an interleaved 8- or 16-bit RGBA / BGRA format whose samples fill their containers, as the
/// C kernels read and write them in one pass: parameters in memory order, and which chunk plane each channel is.
struct InterleavedAccess: Sendable {
    /// 1 or 2.
    let bytes: Int32
    /// Per memory channel: codes per unit, code of 0, largest code.
    let scale: SIMD4<Float>
    let bias: SIMD4<Float>
    let maxCode: SIMD4<Float>
    /// BGRA: memory channels 0 and 2 are planes 2 and 0.
    let swapsRedAndBlue: Bool

    init?(_ format: PixelFormat) {
        guard case .rgba(let order) = format.layout, format.sampleType == .unsignedInteger,
            format.bitDepth == 8 * format.bytesPerSample
        else { return nil }
        swapsRedAndBlue = order == .bgra
        bytes = Int32(format.bytesPerSample)
        var (scale, bias, maxCode) = (SIMD4<Float>(), SIMD4<Float>(), SIMD4<Float>())
        for plane in 0..<4 {
            guard let access = SampleAccess(format, channel: plane) else { return nil }
            let memory = access.offset  // the channel's position in the pixel
            (scale[memory], bias[memory], maxCode[memory]) = (access.scale, access.bias, access.maxCode)
        }
        (self.scale, self.bias, self.maxCode) = (scale, bias, maxCode)
    }

    /// The chunk planes in memory order.
    func planes(_ chunk: Chunk, start: Int = 0) -> (
        UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
        UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>
    ) {
        swapsRedAndBlue
            ? (chunk.p2 + start, chunk.p1 + start, chunk.p0 + start, chunk.p3 + start)
            : (chunk.p0 + start, chunk.p1 + start, chunk.p2 + start, chunk.p3 + start)
    }

    /// Reads `count` pixels from `x0` of `row`, the colour channels through `table` when given.
    func read(_ row: UnsafeRawPointer, from x0: Int, count: Int, table: UnsafePointer<Float>?, into chunk: Chunk) {
        let p = planes(chunk)
        withUnsafeBytes(of: scale) { s in
            withUnsafeBytes(of: bias) { b in
                hdrk_read_rgba_avx2(
                    row + x0 * 4 * Int(bytes), bytes, table, s.baseAddress!.assumingMemoryBound(to: Float.self),
                    b.baseAddress!.assumingMemoryBound(to: Float.self), p.0, p.1, p.2, p.3, count)
            }
        }
    }

    /// Writes `count` pixels from `x0` of `row` from the chunk planes at `start`.
    func write(_ chunk: Chunk, start: Int, count: Int, into row: UnsafeMutableRawPointer, from x0: Int) {
        let p = planes(chunk, start: start)
        withUnsafeBytes(of: scale) { s in
            withUnsafeBytes(of: bias) { b in
                withUnsafeBytes(of: maxCode) { m in
                    hdrk_pack_rgba_avx2(
                        p.0, p.1, p.2, p.3, s.baseAddress!.assumingMemoryBound(to: Float.self),
                        b.baseAddress!.assumingMemoryBound(to: Float.self),
                        m.baseAddress!.assumingMemoryBound(to: Float.self),
                        row + x0 * 4 * Int(bytes), bytes, count)
                }
            }
        }
    }
}
