internal import CPixelKernels
import PixelBuffers

/// The steps of a conversion to interleaved half-float RGBA / BGRA fused with its writer into one C kernel pass, for
/// plans whose steps are at most a clamp, an affine map, a curve, an affine map and a headroom fit, in that order
/// (Y′CbCr or RGB to extended linear light without an OOTF or tone curve, possibly fitted under a display's
/// headroom: the shape of the EDR decoding workloads). The values go
/// from the chunk's planes (or, for interleaved 8- and 16-bit RGBA sources, from the source row itself) to the
/// destination in one pass instead of through the planes once per step. It writes the bytes the separate steps
/// write: the kernels repeat their float operations in order, and the pixels from the first block holding a value the
/// curve does not cover go through the separate steps instead (and so the exact path).
struct HalfTail {
    let tail: HDRKHalfTail
    /// The destination is BGRA.
    let swapsRedAndBlue: Bool
    /// For interleaved 8- or 16-bit RGBA / BGRA sources: the reader's access and code table, to read the source row
    /// in the same pass.
    let interleavedSource: InterleavedAccess?
    let codeTable: [Float]?

    /// The fused tail, or `nil` when the plan has another shape.
    init?(reader: Reader, steps: [Step], writer: Writer) {
        guard case .rgb(let w) = writer, let bgra = w.halfInterleaved else { return nil }
        var remaining = steps[...]
        var clamp: (low: Float, high: Float)?, pre: HDRKAffine?, curve: CurveKernel?, post: HDRKAffine?
        if case .clamp(let low, let high)? = remaining.first {
            clamp = (low, high)
            remaining = remaining.dropFirst()
        }
        if case .affine(let k)? = remaining.first {
            pre = k.simd
            remaining = remaining.dropFirst()
        }
        if case .curve(let c)? = remaining.first {
            curve = c
            remaining = remaining.dropFirst()
        }
        if case .affine(let k)? = remaining.first, curve != nil {
            post = k.simd
            remaining = remaining.dropFirst()
        }
        var fit: (weights: SIMD3<Float>, headroom: Float, limit: Float)?
        if case .headroomFit(let weights, let headroom, let limit)? = remaining.first {
            fit = (weights, headroom, limit)
            remaining = remaining.dropFirst()
        }
        guard remaining.isEmpty else { return nil }
        let identity = HDRKAffine(m: (1, 0, 0, 0, 1, 0, 0, 0, 1), o: (0, 0, 0))
        tail = HDRKHalfTail(
            clampLow: clamp?.low ?? 0, clampHigh: clamp?.high ?? 0, hasClamp: clamp == nil ? 0 : 1,
            pre: pre ?? identity, post: post ?? identity,
            layout: curve?.simdLayout ?? HDRKTableLayout(), pairs: curve?.table,
            hasPre: pre == nil ? 0 : 1, hasPost: post == nil ? 0 : 1,
            fitWeights: (fit?.weights.x ?? 0, fit?.weights.y ?? 0, fit?.weights.z ?? 0),
            fitHeadroom: fit?.headroom ?? 0, fitLimit: fit?.limit ?? 0, hasFit: fit == nil ? 0 : 1)
        swapsRedAndBlue = bgra
        if case .rgb(let r) = reader, let access = r.interleaved {
            (interleavedSource, codeTable) = (access, r.codeTable)
        } else {
            (interleavedSource, codeTable) = (nil, nil)
        }
    }

    /// Converts the first `count` pixels of the chunk's planes into row `y` of `destination` from column `x0`; returns
    /// how many it converted: `count`, or fewer when it met a value its curve does not cover.
    func run(planes chunk: Chunk, count: Int, to destination: MutablePixelBufferView, row y: Int, at x0: Int) -> Int {
        let out = destination.plane(0).row(y).baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt16.self)
        return withUnsafePointer(to: tail) {
            hdrk_planes_to_half_avx2(
                $0, chunk.p0, chunk.p1, chunk.p2, chunk.p3, swapsRedAndBlue ? 1 : 0, out + 4 &* x0, count)
        }
    }

    /// Converts `count` pixels of row `y` of `source` from column `x0` (an ``interleavedSource``) into the same
    /// pixels of `destination`; returns how many, as ``run(planes:count:to:row:at:)``.
    func run(
        _ source: PixelBufferView, _ access: InterleavedAccess, count: Int, to destination: MutablePixelBufferView,
        row y: Int, at x0: Int
    ) -> Int {
        let input = source.plane(0).row(y).baseAddress.unsafelyUnwrapped + x0 &* 4 &* Int(access.bytes)
        let out = destination.plane(0).row(y).baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt16.self)
        let (swapsIn, swapsOut) = (Int32(access.swapsRedAndBlue ? 1 : 0), Int32(swapsRedAndBlue ? 1 : 0))
        return withUnsafePointer(to: tail) { tail in
            withUnsafeBytes(of: access.scale) { scale in
                withUnsafeBytes(of: access.bias) { bias in
                    let (s, b) = (
                        scale.baseAddress!.assumingMemoryBound(to: Float.self),
                        bias.baseAddress!.assumingMemoryBound(to: Float.self)
                    )
                    guard let codeTable else {
                        return hdrk_rgba_to_half_avx2(
                            input, access.bytes, swapsIn, nil, s, b, tail, swapsOut, out + 4 &* x0, count)
                    }
                    return codeTable.withUnsafeBufferPointer {
                        hdrk_rgba_to_half_avx2(
                            input, access.bytes, swapsIn, $0.baseAddress, s, b, tail, swapsOut, out + 4 &* x0, count)
                    }
                }
            }
        }
    }
}
