import SignalCoding
import PixelBuffers
import PixelConversion

/// A transformative item property (ISO/IEC 23008-12 §6.5.9–6.5.12) as a geometric map on planes: where each output
/// sample comes from, whether subsampled chroma maps onto whole chroma samples, and where the chroma siting moves.
///
/// Coordinates are in samples of one plane, origin top-left, x to the right, y down.
enum PlanarTransform: Hashable, Sendable {
    /// `clap`: keep the rectangle at (x, y) of width × height.
    case crop(x: Int, y: Int, width: Int, height: Int)
    /// `irot`: rotate anticlockwise by quarterTurns × 90° (1 … 3).
    case rotate(quarterTurns: Int)
    /// `imir`: exchange left and right (`true`, mode 1) or top and bottom (`false`, mode 0).
    case mirror(leftRight: Bool)

    /// The image size after the transform.
    func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        switch self {
        case .crop(_, _, let w, let h): (w, h)
        case .rotate(let turns): turns % 2 == 1 ? (height, width) : (width, height)
        case .mirror: (width, height)
        }
    }

    /// Whether the transform moves whole chroma blocks of `subsampling` in an image of width × height, so that the
    /// chroma planes can be transformed on their own, sample for sample. Crops must start on a block; a reversal
    /// along an axis needs an even extent there when that axis is subsampled; a quarter turn of 4:2:2 would give
    /// 4:4:0, which no planar format here holds.
    func movesWholeChromaBlocks(width: Int, height: Int, subsampling: PixelFormat.ChromaSubsampling) -> Bool {
        let (h, v) = (subsampling.horizontalFactor, subsampling.verticalFactor)
        switch self {
        case .crop(let x, let y, _, _): return x % h == 0 && y % v == 0
        case .rotate(let turns):
            switch turns {
            case 1: return h == v && width % h == 0
            case 3: return h == v && height % v == 0
            default: return width % h == 0 && height % v == 0
            }
        case .mirror(let leftRight): return leftRight ? width % h == 0 : height % v == 0
        }
    }

    /// Where chroma sited at `location` sits after the transform, or `nil` when no ``ChromaLocation`` describes it
    /// (co-sited with the *odd* column, as a left-right reversal of left-sited chroma gives).
    ///
    /// A siting is an offset (h, v) inside the chroma block from its top-left luma sample, in half luma samples:
    /// h ∈ {0, 1} (co-sited, centred), v ∈ {0, 1, 2} (top, centred, bottom). Reversing x maps h to 2 − h; a quarter
    /// turn anticlockwise takes the old vertical offset as the new horizontal one and the reversed horizontal offset as
    /// the new vertical one.
    func chromaLocation(after location: ChromaLocation) -> ChromaLocation? {
        var h = location.isHorizontallyCosited ? 0 : 1
        var v = Int(location.verticalOffset * 2)
        switch self {
        case .crop: break
        case .rotate(let turns):
            for _ in 0..<(turns & 3) { (h, v) = (v, 2 - h) }
        case .mirror(let leftRight):
            if leftRight { h = 2 - h } else { v = 2 - v }
        }
        switch (h, v) {
        case (0, 1): return .left
        case (1, 1): return .center
        case (0, 0): return .topLeft
        case (1, 0): return .top
        case (0, 2): return .bottomLeft
        case (1, 2): return .bottom
        default: return nil
        }
    }

    /// The source position of an output sample of one plane, as `(a·x + b·y + c, d·x + e·y + f)`.
    struct PlaneMap: Hashable, Sendable {
        var a: Int, b: Int, c: Int, d: Int, e: Int, f: Int

        func source(_ x: Int, _ y: Int) -> (x: Int, y: Int) { (a * x + b * y + c, d * x + e * y + f) }
    }

    /// The map of a plane of `width` × `height` samples whose samples each cover `horizontal` × `vertical` luma
    /// samples (1 × 1 for luma).
    func planeMap(width: Int, height: Int, horizontal: Int, vertical: Int) -> PlaneMap {
        switch self {
        case .crop(let x, let y, _, _): PlaneMap(a: 1, b: 0, c: x / horizontal, d: 0, e: 1, f: y / vertical)
        case .rotate(let turns):
            switch turns {
            case 1: PlaneMap(a: 0, b: -1, c: width - 1, d: 1, e: 0, f: 0)
            case 3: PlaneMap(a: 0, b: 1, c: 0, d: -1, e: 0, f: height - 1)
            default: PlaneMap(a: -1, b: 0, c: width - 1, d: 0, e: -1, f: height - 1)
            }
        case .mirror(let leftRight):
            leftRight
                ? PlaneMap(a: -1, b: 0, c: width - 1, d: 0, e: 1, f: 0)
                : PlaneMap(a: 1, b: 0, c: 0, d: 0, e: -1, f: height - 1)
        }
    }
}
