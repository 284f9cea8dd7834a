@testable import PixelBuffers

extension PixelBufferView {
    /// Unpacks the image rows `rows` into `buffer` as planar floats (see ``WorkingBuffer`` for the value
    /// conventions); the buffer's band then holds `rows.count` rows, its row 0 being image row `rows.lowerBound`.
    ///
    /// Integer codes are normalised with SignalCoding's `Quantization` for the format's bit depth and range (alpha
    /// always full range; 'w30r' as XR10, (code − 384) / 510); bits outside a sample's significant bits are ignored.
    /// Half samples convert exactly through HalfFloat. Throws when the rows are outside the image, a 4:2:0 band
    /// starts on an odd row, or the buffer does not fit (model, subsampling, width, capacity). Never allocates.
    func unpack(rows: Range<Int>, into buffer: inout WorkingBuffer) throws(PixelBufferError) {
        let band = try self.rows(rows)
        try buffer.validate(for: format, width: width, rows: rows.count)
        buffer.makeUnique(rowCount: rows.count)
        for c in 0..<format.channelCount {
            let count = buffer.planeWidth(c)
            guard let location = format.channel(c) else {
                for r in 0..<buffer.planeRowCount(c) { buffer.pointer(r, plane: c).update(repeating: 1, count: count) }
                continue
            }
            let plane = band.plane(location.plane)
            let q = format.quantization(of: location)
            let offset = Float(q.offset)
            let scale = Float(q.scale)
            for r in 0..<buffer.planeRowCount(c) {
                let src = plane.row(r).baseAddress!
                let dst = buffer.pointer(r, plane: c)
                switch (format.sampleType, format.bytesPerSample) {
                case (.float, _):
                    RowKernels.copy(
                        src.assumingMemoryBound(to: Float.self) + location.offset, stride: location.stride,
                        count: count,
                        into: dst, stride: 1)
                case (.halfFloat, _):
                    RowKernels.decodeHalf(
                        src.assumingMemoryBound(to: UInt16.self) + location.offset, stride: location.stride,
                        count: count, into: dst)
                case (_, 1):
                    RowKernels.decode(
                        src.assumingMemoryBound(to: UInt8.self) + location.offset, stride: location.stride,
                        count: count, shift: UInt32(location.shift), mask: location.mask, bigEndian: false,
                        offset: offset, scale: scale, into: dst)
                case (_, 2):
                    RowKernels.decode(
                        src.assumingMemoryBound(to: UInt16.self) + location.offset, stride: location.stride,
                        count: count, shift: UInt32(location.shift), mask: location.mask, bigEndian: false,
                        offset: offset, scale: scale, into: dst)
                default:
                    RowKernels.decode(
                        src.assumingMemoryBound(to: UInt32.self) + location.offset, stride: location.stride,
                        count: count, shift: UInt32(location.shift), mask: location.mask,
                        bigEndian: format.layout == .packed10(.rgbx1010102BigEndian),
                        offset: offset, scale: scale, into: dst)
                }
            }
        }
    }
}

extension MutablePixelBufferView {
    /// Packs the band in `buffer` into the image rows `rows` (`rows.count` must equal the band's row count, and
    /// `rows.lowerBound` be even for 4:2:0).
    ///
    /// Integer formats quantise with SignalCoding's `Quantization` rules: `code = value·scale + offset`, **clamped** to
    /// the container (0 … 2ⁿ − 1; narrow-range foot- and headroom kept), rounded half away from zero; NaN becomes the
    /// code of 0 (black, or neutral chroma). Samples are written in their significant bits with the other bits zero;
    /// unused bits of packed words are zero, and the alpha of formats without alpha is dropped. Half samples round to
    /// nearest even through HalfFloat (beyond ±65504 to ±∞); float samples are stored as they are. Bytes between a
    /// row's pixels and its stride are left untouched. Never allocates.
    func pack(rows: Range<Int>, from buffer: WorkingBuffer) throws(PixelBufferError) {
        let band = try self.rows(rows)
        try buffer.validate(for: format, width: width, rows: rows.count)
        guard buffer.rowCount == rows.count else {
            throw .workingBufferMismatch(
                planeCount: buffer.planeCount, width: buffer.width, rowCapacity: buffer.rowCount,
                requiredPlaneCount: format.channelCount, requiredWidth: width, requiredRows: rows.count)
        }
        if case .packed10 = format.layout {
            let plane = band.plane(0)
            for r in 0..<plane.height { plane.row(r).initializeMemory(as: UInt8.self, repeating: 0) }
        }
        for c in 0..<format.channelCount {
            guard let location = format.channel(c) else { continue }
            let plane = band.plane(location.plane)
            let count = buffer.planeWidth(c)
            let q = format.quantization(of: location)
            let scale = Float(q.scale)
            let offset = Float(q.offset)
            let maxCode = Float(location.mask)
            for r in 0..<buffer.planeRowCount(c) {
                let dst = plane.row(r).baseAddress!
                let src = UnsafePointer(buffer.pointer(r, plane: c))
                switch (format.sampleType, format.bytesPerSample) {
                case (.float, _):
                    RowKernels.copy(
                        src, stride: 1, count: count,
                        into: dst.assumingMemoryBound(to: Float.self) + location.offset, stride: location.stride)
                case (.halfFloat, _):
                    RowKernels.encodeHalf(
                        src, count: count, into: dst.assumingMemoryBound(to: UInt16.self) + location.offset,
                        stride: location.stride)
                case (_, 1):
                    RowKernels.encode(
                        src, count: count, scale: scale, bias: offset, maxCode: maxCode, shift: UInt32(location.shift),
                        bigEndian: false, into: dst.assumingMemoryBound(to: UInt8.self) + location.offset,
                        stride: location.stride)
                case (_, 2):
                    RowKernels.encode(
                        src, count: count, scale: scale, bias: offset, maxCode: maxCode, shift: UInt32(location.shift),
                        bigEndian: false, into: dst.assumingMemoryBound(to: UInt16.self) + location.offset,
                        stride: location.stride)
                default:
                    Self.packWords(
                        src, count: count, scale: scale, offset: offset, maxCode: maxCode, location: location,
                        bigEndian: format.layout == .packed10(.rgbx1010102BigEndian),
                        into: dst.assumingMemoryBound(to: UInt32.self))
                }
            }
        }
    }

    /// Merges one channel into zero-initialised packed words, in stack chunks.
    private static func packWords(
        _ src: UnsafePointer<Float>, count: Int, scale: Float, offset: Float, maxCode: Float,
        location: ChannelLocation, bigEndian: Bool, into dst: UnsafeMutablePointer<UInt32>
    ) {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: RowKernels.chunk) { temp in
            var x = 0
            while x < count {
                let n = min(RowKernels.chunk, count - x)
                for i in 0..<n {
                    temp[i] = UInt16(
                        truncatingIfNeeded: RowKernels.code(src[x + i], scale: scale, bias: offset, maxCode: maxCode))
                }
                RowKernels.writeCodes(
                    UnsafePointer(temp.baseAddress!), count: n, shift: UInt32(location.shift), mask: location.mask,
                    bigEndian: bigEndian, merge: true, into: dst + x, stride: 1)
                x += n
            }
        }
    }
}
