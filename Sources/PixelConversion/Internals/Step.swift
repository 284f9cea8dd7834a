internal import CPixelKernels
import TransferFunctions

/// An ``Operation`` lowered for the hot loop: trivial values only (raw table pointers owned by the ``Program``,
/// indices into its arrays), so that running a step costs no reference counting.
enum Step {
    case affine(AffineKernel)
    case curve(CurveKernel)
    /// A ``QuantizedCurve``'s layout and cells (owned by the program's curve).
    case quantizedCurve(HDRKQuantizedLayout, cells: UnsafePointer<Float>)
    case luminanceGain(weights: SIMD3<Float>, CurveKernel)
    case clamp(low: Float, high: Float)
    /// Index into ``Program/toneMappers``.
    case toneMap(Int)
    /// Index into ``Program/gamutMappers``.
    case gamutMapper(Int)
    case highlightShoulder(knee: Float, ceiling: Float)
    case headroomFit(weights: SIMD3<Float>, headroom: Float, limit: Float)
}

/// An affine map's coefficients for both code paths.
struct AffineKernel {
    let portable: AffineCoefficients
    let simd: HDRKAffine
}

/// A curve table for both code paths.
struct CurveKernel {
    /// The table's values (owned by the program): node by node for the portable path, as node pairs
    /// (y[i], y[i + 1]) for the SIMD path.
    let table: UnsafePointer<Float>
    let layout: PiecewiseLinearTable.Layout
    let simdLayout: HDRKTableLayout
    /// Index into ``Program/curves``, whose `exact` evaluates the values the table does not cover.
    let index: Int
}
