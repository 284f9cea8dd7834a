internal import CPixelKernels

extension Program {
    /// Runs one step over the colour planes, on the program's code path.
    @inline(__always)
    func execute(_ step: Step, _ planes: Planes, _ scratch: Scratch) {
        let simd = kernels.usesAVX2
        switch step {
        case .affine(let k):
            if simd {
                withUnsafePointer(to: k.simd) {
                    hdrk_affine_avx2($0, planes.p0, planes.p1, planes.p2, KernelSet.padded(planes.count))
                }
            } else {
                PortableKernels.affine(k.portable, planes)
            }
        case .curve(let curve):
            applyCurve(curve, planes.p0, count: planes.count, scratch)
            applyCurve(curve, planes.p1, count: planes.count, scratch)
            applyCurve(curve, planes.p2, count: planes.count, scratch)
        case .quantizedCurve(let layout, let cells):
            guard simd else {
                for plane in [planes.p0, planes.p1, planes.p2] {
                    QuantizedCurve.apply(plane, count: planes.count, layout, cells)
                }
                return
            }
            withUnsafePointer(to: layout) { l in
                let n = KernelSet.padded(planes.count)
                hdrk_quantized_curve_avx2(l, cells, planes.p0, n)
                hdrk_quantized_curve_avx2(l, cells, planes.p1, n)
                hdrk_quantized_curve_avx2(l, cells, planes.p2, n)
            }
        case .luminanceGain(let w, let curve):
            let exact = curves[curve.index].exact
            guard simd else { return PortableKernels.luminanceGain(w, curve, planes, exact: exact) }
            let outside = withUnsafePointer(to: curve.simdLayout) { layout in
                withUnsafePointer(to: w) { weights in
                    weights.withMemoryRebound(to: Float.self, capacity: 3) { w in
                        hdrk_luminance_gain_avx2(
                            w, layout, curve.table, planes.p0, planes.p1, planes.p2, KernelSet.padded(planes.count),
                            scratch.outsideIndices)
                    }
                }
            }
            for k in 0..<outside {
                let i = Int(scratch.outsideIndices[k])
                let a = planes.p0[i], b = planes.p1[i], c = planes.p2[i]
                let gain = exact(w.x * a + w.y * b + w.z * c)
                planes.p0[i] = a * gain
                planes.p1[i] = b * gain
                planes.p2[i] = c * gain
            }
        case .clamp(let low, let high):
            if simd {
                let n = KernelSet.padded(planes.count)
                hdrk_clamp_avx2(low, high, planes.p0, n)
                hdrk_clamp_avx2(low, high, planes.p1, n)
                hdrk_clamp_avx2(low, high, planes.p2, n)
            } else {
                PortableKernels.clamp(low, high, planes.p0, count: planes.count)
                PortableKernels.clamp(low, high, planes.p1, count: planes.count)
                PortableKernels.clamp(low, high, planes.p2, count: planes.count)
            }
        case .toneMap(let index):
            toneMappers[index].apply(red: planes.red, green: planes.green, blue: planes.blue)
        case .gamutMapper(let index):
            gamutMappers[index].apply(red: planes.red, green: planes.green, blue: planes.blue)
        case .highlightShoulder(let knee, let ceiling):
            PortableKernels.highlightShoulder(knee: knee, ceiling: ceiling, planes)
        case .headroomFit(let weights, let headroom, let limit):
            guard simd else {
                return PortableKernels.headroomFit(weights: weights, headroom: headroom, limit: limit, planes)
            }
            withUnsafePointer(to: weights) { w in
                w.withMemoryRebound(to: Float.self, capacity: 3) { w in
                    hdrk_headroom_fit_avx2(
                        w, headroom, limit, planes.p0, planes.p1, planes.p2, KernelSet.padded(planes.count))
                }
            }
        }
    }

    /// A curve over one plane; the values its table does not cover take the exact path.
    @inline(__always)
    private func applyCurve(_ curve: CurveKernel, _ plane: UnsafeMutablePointer<Float>, count: Int, _ scratch: Scratch)
    {
        guard kernels.usesAVX2 else {
            return PortableKernels.curve(curve, plane, count: count, exact: curves[curve.index].exact)
        }
        let outside = withUnsafePointer(to: curve.simdLayout) { layout in
            hdrk_table_avx2(layout, curve.table, plane, KernelSet.padded(count), scratch.outsideIndices)
        }
        guard outside > 0 else { return }
        let exact = curves[curve.index].exact
        for k in 0..<outside {
            let i = Int(scratch.outsideIndices[k])
            plane[i] = exact(plane[i])
        }
    }
}
