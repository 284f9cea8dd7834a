internal import CPixelKernels
import PixelBuffers
import ColorSpaces
import Foundation
import ToneMapping
import TransferFunctions

extension ProgramListing {
    /// The listing of a compiled program: its reader, operations (folded, the last curve quantised where it is) and
    /// writer, as the kernels run them.
    init(reader: Reader, operations: [Operation], writer: Writer) {
        switch reader {
        case .rgb(let r):
            load = .rgb(channels: r.channels.map { $0.map { Samples($0, plane: 0) } }, table: r.codeTable)
        case .yCbCr(let r):
            load = .yCbCr(
                YCbCrLoad(
                    luma: Samples(r.luma, plane: 0), cb: Samples(r.cb, plane: 1),
                    cr: Samples(r.cr, plane: r.crPlane), subsampling: r.subsampling, nearest: r.filter == .nearest,
                    location: r.location))
        }
        stages = operations.map(Stage.init)
        switch writer {
        case .rgb(let w):
            store = .rgb(channels: w.channels.map { $0.map { Samples($0, plane: 0) } }, packed: w.packed)
        case .yCbCr(let w):
            store = .yCbCr(
                YCbCrStore(
                    luma: Samples(w.luma, plane: 0), cb: Samples(w.cb, plane: w.chromaPlanes.cb),
                    cr: Samples(w.cr, plane: w.chromaPlanes.cr), subsampling: w.subsampling, location: w.location))
        }
    }
}

extension ProgramListing.Samples {
    init(_ access: SampleAccess, plane: Int) {
        let s = access.samples
        let container: Container =
            switch s.container {
            case HDRK_CONTAINER_U8: .uint8
            case HDRK_CONTAINER_U16: .uint16
            case HDRK_CONTAINER_HALF: .half
            case HDRK_CONTAINER_FLOAT: .float
            default: .uint32
            }
        self.init(
            plane: plane, container: container, bigEndian: s.bigEndian != 0, offset: s.offset, stride: s.stride,
            shift: s.shift, mask: s.mask, scale: s.scale, bias: s.bias, maxCode: s.maxCode)
    }
}

extension ProgramListing.Stage {
    init(_ operation: Operation) {
        switch operation {
        case .affine(let map, _):
            let k = map.coefficients
            self = .affine(
                matrix: [k.m.0, k.m.1, k.m.2, k.m.3, k.m.4, k.m.5, k.m.6, k.m.7, k.m.8], offset: [k.o.0, k.o.1, k.o.2])
        case .curve(let curve):
            self = .curve(ProgramListing.Table(curve))
        case .luminanceGain(let weights, let curve, _):
            self = .luminanceGain(
                weights: SIMD3<Float>(weights), ProgramListing.Table(curve), unityBelow: curve.unityBelow)
        case .quantizedCurve(let q):
            let l = q.layout
            self = .quantizedCurve(
                ProgramListing.QuantizedTable(
                    lowBits: l.lowBits, highBits: l.highBits, shift: l.shift, lastCell: l.lastCell, lowCode: l.lowCode,
                    highCode: l.highCode, nanCode: l.nanCode, cells: Array(q.cells)))
        case .clamp(let low, let high, _):
            self = .clamp(low: low, high: high)
        case .toneMap(let mapper, let name):
            self = Self.tabulated(mapper) ?? .host(mapper, name: name)
        case .kernel(let op, let parameters, _):
            switch op {
            case HDRK_OP_headroom_fit: self = .headroomFit(parameters)
            case HDRK_OP_highlight_shoulder: self = .highlightShoulder(parameters)
            case HDRK_OP_reshape: self = .dolbyVisionReshape(parameters)
            case HDRK_OP_meter: self = .lightMeter
            default: self = .gamutCompress(parameters)
            }
        }
    }
}

extension ProgramListing.Stage {
    /// The table form of a tone-mapping operator: a `TabulatedToneCurve`, or a `ToneMapper` whose curve tabulates,
    /// applied per channel, on max(R, G, B) or on luminance; nil for the others.
    static func tabulated(_ mapper: any ToneMappingOperator) -> Self? {
        if let method = (mapper as? BT2446MethodA) ?? Self.bt2446A(mapper as? ToneMapper) {
            return .bt2446A(ProgramListing.BT2446ATables(method))
        }
        let curve: TabulatedToneCurve
        if let tabulated = mapper as? TabulatedToneCurve {
            curve = tabulated
        } else if let toneMapper = mapper as? ToneMapper, let tabulated = TabulatedToneCurve(toneMapper) {
            curve = tabulated
        } else {
            return nil
        }
        let application: ProgramListing.CurveApplication
        switch curve.application {
        case .perChannel: application = .perChannel
        case .maxRGB: application = .maxRGB
        case .luminance(let w): application = .luminance(SIMD3<Float>(w))
        case .ictcpIntensity(let ictcp): return .ictcpToneCurve(ProgramListing.ICtCpToneTables(ictcp, curve: curve))
        }
        return .toneCurve(ProgramListing.Table(curve), application: application)
    }
}

extension ProgramListing.Table {
    /// A tabulated tone curve's table and its value outside it.
    init(_ curve: TabulatedToneCurve) {
        self.init(layout: curve.table.layout, values: curve.table.values) { curve.outsideValue($0) }
    }
}

extension ProgramListing.ICtCpToneTables {
    /// The matrices of `ictcp` and BT.2100 ICtCp, the kernels' PQ tables, and I ↦ I′ through `curve`'s `Double` form
    /// as a table (512 segments per octave from 2⁻²⁴ to 2, above the PQ pole 1.9921).
    init(_ ictcp: ICtCpIntensity, curve: TabulatedToneCurve) {
        let white = ictcp.referenceWhite
        let toAbsolute = Matrix3x3(diagonal: SIMD3(repeating: white / PQ.peakLuminance))
        let fromAbsolute = Matrix3x3(diagonal: SIMD3(repeating: PQ.peakLuminance / white))
        func rows(_ m: Matrix3x3) -> [Float] {
            [m.row0, m.row1, m.row2].flatMap { [Float($0.x), Float($0.y), Float($0.z)] }
        }
        toLMS = rows(YCbCrMatrix.ictcpRGBToLMS * ictcp.toBT2020 * toAbsolute)
        toICtCp = rows(YCbCrMatrix.ictcpPQ.lmsToICtCp!)
        fromICtCp = rows(YCbCrMatrix.ictcpPQ.ictcpToLMS!)
        fromLMS = rows(fromAbsolute * ictcp.fromBT2020 * YCbCrMatrix.ictcpLMSToRGB)
        // The PQ curves finer than the kernels' (1024 segments per octave, within 10⁻⁸): L′M′S′ → LMS → RGB
        // amplifies their error where a component is made by cancellation.
        encode = Self.table(segmentsPerOctaveLog2: 10, low: 0x1p-30, mirrored: true) {
            TransferFunction.pq.fromLinear($0, outOfRange: .extended)
        }
        decode = Self.table(segmentsPerOctaveLog2: 10, low: 0x1p-24, mirrored: true) {
            TransferFunction.pq.toLinear($0, outOfRange: .extended)
        }
        intensity = Self.table(segmentsPerOctaveLog2: 10, low: 0x1p-24, mirrored: false) { i in
            PQ.inverseEOTF(Swift.max(curve.map(PQ.eotf(i) / white), 0) * white)
        }
        self.curve = ProgramListing.Table(curve)
    }

    /// A table of f from `low` (a chord from f(0) below) to 2, its `Double` function beyond.
    private static func table(
        segmentsPerOctaveLog2 m: UInt32, low: Float, mirrored: Bool, _ f: @escaping @Sendable (Double) -> Double
    ) -> ProgramListing.Table {
        let t = PiecewiseLinearTable(
            function: f, segmentsPerOctaveLog2: m, lowEnd: .chordFromZeroBelow(low), high: 2, mirrored: mirrored)
        return ProgramListing.Table(layout: t.layout, values: t.values) { Float(f(Double($0))) }
    }
}

extension ProgramListing.Stage {
    /// The method A operator inside a ToneMapper.
    static func bt2446A(_ mapper: ToneMapper?) -> BT2446MethodA? {
        if case .bt2446A(let method)? = mapper { return method }
        return nil
    }
}

extension ProgramListing.BT2446ATables {
    /// Tables of method A's three curves (within 2·10⁻⁶ relative), their `Double` functions beyond.
    init(_ method: BT2446MethodA) {
        func signedPow(_ p: Double) -> @Sendable (Double) -> Double {
            { x in x < 0 ? -pow(-x, p) : pow(x, p) }
        }
        func table(
            _ f: @escaping @Sendable (Double) -> Double, segmentsPerOctaveLog2 m: UInt32 = 9, low: Float = 0x1p-24,
            high: Float, mirrored: Bool
        ) -> ProgramListing.Table {
            let t = PiecewiseLinearTable(
                function: f, segmentsPerOctaveLog2: m, lowEnd: .chordFromZeroBelow(low), high: high, mirrored: mirrored)
            return ProgramListing.Table(layout: t.layout, values: t.values) { Float(f(Double($0))) }
        }
        inputScale = Float(method.inputScale)
        // x^(1/2.4) climbs steeply from 0: a chord from 0 would be off by 10⁻⁴ at 10⁻⁸, so the table reaches 2⁻¹⁰⁰
        // (128 segments per octave keep a power law within 2·10⁻⁶).
        encode = table(signedPow(1 / 2.4), segmentsPerOctaveLog2: 7, low: 0x1p-100, high: 0x1p20, mirrored: true)
        luma = table({ method.lumaCurve($0) }, high: 0x1p8, mirrored: false)
        decode = table(signedPow(2.4), high: 0x1p8, mirrored: true)
    }
}

extension ProgramListing.Table {
    init(_ curve: CurveTable) {
        self.init(layout: curve.table.layout, values: curve.table.values, exact: curve.exact)
    }
}
