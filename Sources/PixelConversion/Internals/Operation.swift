internal import CPixelKernels
import ColorSpaces
import ToneMapping
import TransferFunctions

/// One step of a plan on the three colour channels of a pixel (R, G, B or Y′, Cb, Cr: any triplet), as the compiler
/// builds, folds and describes it; ``Program`` lowers each to one instruction of a kernel program (an op of
/// CPixelKernels' op list, `hdrk_ops.h`).
enum Operation: Sendable {
    /// `v ↦ M·v + o`: Y′CbCr ⇄ R′G′B′ (with quantisation folded in), gamut conversion, scaling to reference white.
    /// Op `affine`.
    case affine(AffineMap, name: String)
    /// The same curve on each channel. Op `curve`.
    case curve(CurveTable)
    /// The last curve with the destination's quantisation: each value becomes its exact code. Op `quantized_curve`.
    case quantizedCurve(QuantizedCurve)
    /// Multiplies each pixel by a curve of its luminance `w·v`: the HLG OOTF and its inverse, tone mapping on luminance.
    /// `purpose` names the step in the plan. Op `luminance_gain`.
    case luminanceGain(weights: SIMD3<Double>, CurveTable, purpose: String)
    /// Clamps each value to `low … high` (NaN kept). Op `clamp`.
    case clamp(low: Float, high: Float, name: String)
    /// A tone-mapping operator of ToneMapping or the caller, in Swift. Op `host`.
    case toneMap(any ToneMappingOperator, name: String)
    /// Any other op of the list whose arguments are `Float` parameters (their meaning in `hdrk_ops.h`), with its step
    /// in the plan: the headroom fit, the highlight shoulder, the gamut mapper's compression.
    case kernel(HDRKOp, parameters: [Float], step: PixelConverter.Plan.Step)

    /// Whether the step maps every value to itself.
    var isIdentity: Bool {
        if case .affine(let map, _) = self { return map.isIdentity }
        return false
    }
}
