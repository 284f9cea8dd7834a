extension RowKernels {
    // MARK: Chroma interleaving (planar ⇄ biplanar)

    /// 8-bit `dst[2i] = u[i], dst[2i + 1] = v[i]`, two bytes per (unaligned) store.
    @inline(__always)
    static func interleave(
        _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>, count: Int, into dst: UnsafeMutableRawPointer
    ) {
        for i in 0..<count {
            dst.storeBytes(of: (UInt16(u[i]) | UInt16(v[i]) &<< 8).littleEndian, toByteOffset: i &* 2, as: UInt16.self)
        }
    }

    /// 16-bit interleave with a shift of each sample (left, then right) for alignment changes. The destination is
    /// only 2-byte aligned, so pairs are stored as unaligned 32-bit words.
    @inline(__always)
    static func interleave(
        _ u: UnsafePointer<UInt16>, _ v: UnsafePointer<UInt16>, count: Int, left: UInt16, right: UInt16,
        into dst: UnsafeMutableRawPointer
    ) {
        for i in 0..<count {
            let a = UInt32((UInt16(littleEndian: u[i]) &<< left) &>> right)
            let b = UInt32((UInt16(littleEndian: v[i]) &<< left) &>> right)
            dst.storeBytes(of: (a | b &<< 16).littleEndian, toByteOffset: i &* 4, as: UInt32.self)
        }
    }

    /// 8-bit `u[i] = src[2i], v[i] = src[2i + 1]`.
    @inline(__always)
    static func deinterleave(
        _ src: UnsafeRawPointer, count: Int, into u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>
    ) {
        for i in 0..<count {
            let w = UInt16(littleEndian: src.loadUnaligned(fromByteOffset: i &* 2, as: UInt16.self))
            u[i] = UInt8(truncatingIfNeeded: w)
            v[i] = UInt8(truncatingIfNeeded: w &>> 8)
        }
    }

    /// 16-bit deinterleave with a shift of each sample (left, then right).
    @inline(__always)
    static func deinterleave(
        _ src: UnsafeRawPointer, count: Int, left: UInt16, right: UInt16,
        into u: UnsafeMutablePointer<UInt16>, _ v: UnsafeMutablePointer<UInt16>
    ) {
        for i in 0..<count {
            let w = UInt32(littleEndian: src.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
            u[i] = ((UInt16(truncatingIfNeeded: w) &<< left) &>> right).littleEndian
            v[i] = ((UInt16(truncatingIfNeeded: w &>> 16) &<< left) &>> right).littleEndian
        }
    }

    /// 16-bit copy with a shift of each sample (left, then right).
    @inline(__always)
    static func shiftCopy(
        _ src: UnsafePointer<UInt16>, count: Int, left: UInt16, right: UInt16, into dst: UnsafeMutablePointer<UInt16>
    ) {
        for i in 0..<count { dst[i] = ((UInt16(littleEndian: src[i]) &<< left) &>> right).littleEndian }
    }
}
