extension PixelBufferView {
    /// Whether ``convertLayout(into:)`` can convert from `source` to `destination` without changing colours: the
    /// same colour model and chroma subsampling, and the same encoding (both integer with the same range, or both
    /// floating point). Planarity, channel order, container, alignment, packing and bit depth may differ.
    public static func canConvertLayout(from source: PixelFormat, to destination: PixelFormat) -> Bool {
        source.colorModel == destination.colorModel && source.chromaSubsampling == destination.chromaSubsampling
            && source.isFloatingPoint == destination.isFloatingPoint && source.range == destination.range
    }

    /// Copies the whole image into `destination` in another layout, without colour change; see
    /// ``convertLayout(rows:into:)``.
    public func convertLayout(into destination: MutablePixelBufferView) throws(PixelBufferError) {
        try convertLayout(rows: 0..<height, into: destination)
    }

    /// Copies the image rows `rows` into the same rows of `destination` in another layout, without colour change,
    /// one row at a time (no allocation; several threads may convert disjoint bands of the same pair of views).
    ///
    /// - Planar ⇄ biplanar Y′CbCr: Cb and Cr are interleaved (Cb first) or split. RGBA ⇄ BGRA swaps channels.
    ///   10:10:10:2 words are packed and unpacked. Same-depth conversions are bit-exact, including changes between
    ///   low-bit (`yuv420p10le`) and high-bit (P010, 'x420') alignment, which shift each sample (bits shifted out are
    ///   dropped, bits shifted in are zero); same-alignment copies keep every bit.
    /// - Bit depth changes (8 ⇄ 10 ⇄ 16) keep the value: narrow range codes scale by a shift, `c·2^(m−n)`, exactly
    ///   as ITU-R BT.2100 Table 9 scales them (narrowing rounds half up: `(c + 2^(k−1)) >> k`, clamped); full-range
    ///   codes (and alpha, always full range) re-quantise `round((c − z)·(2^m − 1)/(2^n − 1)) + z′`, z the
    ///   zero code (0, or 2^(n−1) for chroma), rounding half up, clamped. Widening then narrowing back is exact.
    /// - A missing source alpha becomes opaque; a missing destination alpha is dropped.
    /// - Half ⇄ float: exact widening, round-to-nearest-even narrowing (HalfFloat).
    ///
    /// Throws for different sizes, incompatible formats (``canConvertLayout(from:to:)``; range or integer/float
    /// changes need unpack and pack), rows outside the image, or a 4:2:0 band starting on an odd row. Bytes between a
    /// row's pixels and its stride are left untouched.
    public func convertLayout(rows: Range<Int>, into destination: MutablePixelBufferView) throws(PixelBufferError) {
        guard width == destination.width, height == destination.height else {
            throw .sizeMismatch(
                sourceWidth: width, sourceHeight: height, destinationWidth: destination.width,
                destinationHeight: destination.height)
        }
        guard Self.canConvertLayout(from: format, to: destination.format) else {
            throw .incompatibleFormats(source: format, destination: destination.format)
        }
        let src = try self.rows(rows)
        let dst = try destination.rows(rows)
        if format == destination.format {
            for p in 0..<format.planeCount {
                let s = src.plane(p)
                let d = dst.plane(p)
                for r in 0..<s.height { d.row(r).copyMemory(from: s.row(r)) }
            }
        } else if format.isFloatingPoint {
            Self.convertFloatChannels(src, dst)
        } else if !Self.convertYCbCrSameDepth(src, dst) {
            Self.convertIntegerChannels(src, dst)
        }
    }

    /// Y′CbCr planar/biplanar conversions at the same bit depth (any alignment): row copies, shifts and chroma
    /// (de)interleaving. Returns false when the pair needs the general path.
    private static func convertYCbCrSameDepth(_ src: PixelBufferView, _ dst: MutablePixelBufferView) -> Bool {
        let sf = src.format
        let df = dst.format
        guard sf.colorModel == .yCbCr, sf.bitDepth == df.bitDepth else { return false }
        let wide = sf.bytesPerSample == 2
        // Shift each 16-bit sample left then right to move its bits from one alignment to the other.
        let k = UInt16(16 - sf.bitDepth)
        let left: UInt16 = wide && sf.alignment == .low && df.alignment == .high ? k : 0
        let right: UInt16 = wide && sf.alignment == .high && df.alignment == .low ? k : 0
        // The same-alignment case keeps the bits as they are (a copy).
        let plain = sf.alignment == df.alignment || !wide
        func copyRows(_ s: PixelBufferView.Plane, _ d: MutablePixelBufferView.Plane) {
            for r in 0..<s.height {
                if plain {
                    d.row(r).copyMemory(from: s.row(r))
                } else {
                    RowKernels.shiftCopy(
                        s.row(r, as: UInt16.self).baseAddress!, count: s.width * s.layout.components, left: left,
                        right: right, into: d.row(r, as: UInt16.self).baseAddress!)
                }
            }
        }
        copyRows(src.plane(0), dst.plane(0))
        switch (sf.layout, df.layout) {
        case (.planar, .biplanar):
            let u = src.plane(1)
            let v = src.plane(2)
            let d = dst.plane(1)
            for r in 0..<u.height {
                if wide {
                    RowKernels.interleave(
                        u.row(r, as: UInt16.self).baseAddress!, v.row(r, as: UInt16.self).baseAddress!, count: u.width,
                        left: left, right: right, into: d.row(r).baseAddress!)
                } else {
                    RowKernels.interleave(
                        u.row(r, as: UInt8.self).baseAddress!, v.row(r, as: UInt8.self).baseAddress!, count: u.width,
                        into: d.row(r).baseAddress!)
                }
            }
        case (.biplanar, .planar):
            let s = src.plane(1)
            let u = dst.plane(1)
            let v = dst.plane(2)
            for r in 0..<s.height {
                if wide {
                    RowKernels.deinterleave(
                        s.row(r).baseAddress!, count: s.width, left: left, right: right,
                        into: u.row(r, as: UInt16.self).baseAddress!, v.row(r, as: UInt16.self).baseAddress!)
                } else {
                    RowKernels.deinterleave(
                        s.row(r).baseAddress!, count: s.width,
                        into: u.row(r, as: UInt8.self).baseAddress!, v.row(r, as: UInt8.self).baseAddress!)
                }
            }
        default:
            for p in 1..<sf.planeCount { copyRows(src.plane(p), dst.plane(p)) }
        }
        return true
    }

    /// Half/float channel conversion through a stack chunk of floats.
    private static func convertFloatChannels(_ src: PixelBufferView, _ dst: MutablePixelBufferView) {
        let sf = src.format
        let df = dst.format
        withUnsafeTemporaryAllocation(of: Float.self, capacity: RowKernels.chunk) { temp in
            let t = temp.baseAddress!
            for c in 0..<4 {
                let sl = sf.channel(c)!
                let dl = df.channel(c)!
                let s = src.plane(0)
                let d = dst.plane(0)
                for r in 0..<s.height {
                    var x = 0
                    while x < s.width {
                        let n = min(RowKernels.chunk, s.width - x)
                        if sf.sampleType == .halfFloat {
                            let p = s.row(r, as: UInt16.self).baseAddress! + x * sl.stride + sl.offset
                            RowKernels.decodeHalf(p, stride: sl.stride, count: n, into: t)
                        } else {
                            let p = s.row(r, as: Float.self).baseAddress! + x * sl.stride + sl.offset
                            RowKernels.copy(p, stride: sl.stride, count: n, into: t, stride: 1)
                        }
                        if df.sampleType == .halfFloat {
                            let p = d.row(r, as: UInt16.self).baseAddress! + x * dl.stride + dl.offset
                            RowKernels.encodeHalf(t, count: n, into: p, stride: dl.stride)
                        } else {
                            let p = d.row(r, as: Float.self).baseAddress! + x * dl.stride + dl.offset
                            RowKernels.copy(t, stride: 1, count: n, into: p, stride: dl.stride)
                        }
                        x += n
                    }
                }
            }
        }
    }

    /// The general integer path: per channel and row, codes are read into a stack chunk, re-quantised when the
    /// depths differ, and written.
    private static func convertIntegerChannels(_ src: PixelBufferView, _ dst: MutablePixelBufferView) {
        let sf = src.format
        let df = dst.format
        if case .packed10 = df.layout {
            let plane = dst.plane(0)
            for r in 0..<plane.height { plane.row(r).initializeMemory(as: UInt8.self, repeating: 0) }
        }
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: RowKernels.chunk) { temp in
            let t = temp.baseAddress!
            for c in 0..<sf.channelCount {
                guard let dl = df.channel(c) else { continue }
                let sl = sf.channel(c)
                let d = dst.plane(dl.plane)
                let count = dl.isChroma ? d.width : dst.width
                for r in 0..<d.height {
                    var x = 0
                    while x < count {
                        let n = min(RowKernels.chunk, count - x)
                        if let sl {
                            readCodes(src.plane(sl.plane).row(r).baseAddress!, sf, sl, from: x, count: n, into: t)
                            let fullRange = sf.range != .narrow || sl.isAlpha
                            RowKernels.requantize(
                                t, count: n, fromBits: sl.bits, toBits: dl.bits, fullRange: fullRange,
                                chroma: sl.isChroma)
                        } else {
                            t.update(repeating: UInt16(dl.mask), count: n)  // opaque alpha
                        }
                        writeCodes(t, count: n, into: d.row(r).baseAddress!, df, dl, from: x)
                        x += n
                    }
                }
            }
        }
    }

    private static func readCodes(
        _ row: UnsafeRawPointer, _ f: PixelFormat, _ l: ChannelLocation, from x: Int, count: Int,
        into t: UnsafeMutablePointer<UInt16>
    ) {
        let start = x * l.stride + l.offset
        let shift = UInt32(l.shift)
        switch f.bytesPerSample {
        case 1:
            RowKernels.readCodes(
                row.assumingMemoryBound(to: UInt8.self) + start, stride: l.stride, count: count,
                shift: shift, mask: l.mask, bigEndian: false, into: t)
        case 2:
            RowKernels.readCodes(
                row.assumingMemoryBound(to: UInt16.self) + start, stride: l.stride, count: count,
                shift: shift, mask: l.mask, bigEndian: false, into: t)
        default:
            RowKernels.readCodes(
                row.assumingMemoryBound(to: UInt32.self) + start, stride: l.stride, count: count,
                shift: shift, mask: l.mask, bigEndian: f.layout == .packed10(.rgbx1010102BigEndian),
                into: t)
        }
    }

    private static func writeCodes(
        _ t: UnsafePointer<UInt16>, count: Int, into row: UnsafeMutableRawPointer, _ f: PixelFormat,
        _ l: ChannelLocation, from x: Int
    ) {
        let start = x * l.stride + l.offset
        let shift = UInt32(l.shift)
        switch f.bytesPerSample {
        case 1:
            RowKernels.writeCodes(
                t, count: count, shift: shift, mask: l.mask, bigEndian: false, merge: false,
                into: row.assumingMemoryBound(to: UInt8.self) + start, stride: l.stride)
        case 2:
            RowKernels.writeCodes(
                t, count: count, shift: shift, mask: l.mask, bigEndian: false, merge: false,
                into: row.assumingMemoryBound(to: UInt16.self) + start, stride: l.stride)
        default:
            RowKernels.writeCodes(
                t, count: count, shift: shift, mask: l.mask,
                bigEndian: f.layout == .packed10(.rgbx1010102BigEndian), merge: true,
                into: row.assumingMemoryBound(to: UInt32.self) + start, stride: l.stride)
        }
    }
}
