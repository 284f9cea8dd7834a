import PixelBuffers
import SignalCoding
import ToneMapping
import TransferFunctions

/// A compiled conversion as plain values: the load, the steps and the store that CPixelKernels' program runs, with
/// every table and constant as the kernels see them (rounded to `Float`). It is the one description of a plan that
/// the package lowers twice: to kernel instructions for the CPU (``PixelConverter``) and to a GPU program
/// (PixelShaders).
package struct ProgramListing: Sendable {
    /// Where the values of a pixel come from.
    package var load: Load
    /// The steps on R, G, B (or Y′, Cb, Cr), in order; alpha passes through.
    package var stages: [Stage]
    /// Where they go.
    package var store: Store
}

extension ProgramListing {
    /// One channel's samples: `code = (container >> shift) & mask`, the container at `offset + x·stride` containers
    /// from the start of the row in plane `plane`, and `code = value·scale + bias` (half and float containers hold the
    /// value itself).
    package struct Samples: Hashable, Sendable {
        /// What holds a sample.
        package enum Container: Hashable, Sendable {
            case uint8, uint16, uint32, half, float

            /// Bytes per container.
            package var byteCount: Int {
                switch self {
                case .uint8: 1
                case .uint16, .half: 2
                case .uint32, .float: 4
                }
            }
        }

        package var plane: Int
        package var container: Container
        /// 16- and 32-bit containers stored big-endian ('R10k').
        package var bigEndian: Bool
        package var offset: Int
        package var stride: Int
        package var shift: UInt32
        package var mask: UInt32
        package var scale: Float
        package var bias: Float
        package var maxCode: Float
    }

    /// The first step.
    package enum Load: Sendable {
        /// R, G, B, A read channel by channel (alpha 1 where `channels[3]` is nil): integer codes as
        /// `(code − bias) / scale`, or for R, G, B through `table[code]` when there is one; half and float as stored.
        case rgb(channels: [Samples?], table: [Float]?)
        /// Y′, Cb, Cr integer codes at luma resolution, subsampled chroma upsampled (alpha 1).
        case yCbCr(YCbCrLoad)
    }

    /// Y′CbCr codes and how subsampled chroma reaches luma resolution: vertically between the chroma rows around a
    /// luma row (4:2:0, bilinear), then horizontally (nearest, or bilinear with the siting's weights 0, ¼, ½, ¾),
    /// edges repeated; exact in `Float` for codes below 2¹⁶.
    package struct YCbCrLoad: Sendable {
        package var luma: Samples
        package var cb: Samples
        package var cr: Samples
        package var subsampling: PixelFormat.ChromaSubsampling
        /// Nearest chroma sample instead of bilinear.
        package var nearest: Bool
        package var location: ChromaLocation
    }

    /// A piecewise-linear table (TransferFunctions' engine, as the kernels read it) and its exact function, which
    /// the CPU calls for the inputs the table leaves outside (NaN, magnitudes from `layout.highBits` on, negative
    /// inputs of unmirrored tables).
    package struct Table: Sendable {
        package var layout: PiecewiseLinearTable.Layout
        package var values: [Float]
        package var exact: @Sendable (Float) -> Float
    }

    /// The last curve and the destination's quantisation (PixelConversion's quantised curve): magnitudes below
    /// `lowBits` and negative values take `lowCode`, from `highBits` on `highCode`, NaN `nanCode`; the others the code
    /// of cell `min((bits − lowBits) >> shift, lastCell)`, from `cells` as pairs (code, threshold): the code, plus 1
    /// where the value reaches the threshold.
    package struct QuantizedTable: Sendable {
        package var lowBits: UInt32
        package var highBits: UInt32
        package var shift: UInt32
        package var lastCell: UInt32
        package var lowCode: Float
        package var highCode: Float
        package var nanCode: Float
        package var cells: [Float]
    }

    /// A step on three channels.
    package enum Stage: Sendable {
        /// Each value clamped to `low … high`, NaN kept.
        case clamp(low: Float, high: Float)
        /// `v ↦ M·v + o`, `M` row-major.
        case affine(matrix: [Float], offset: [Float])
        /// The same curve on each channel.
        case curve(Table)
        /// Each pixel scaled by the table's value of its luminance `(w0·R + w1·G) + w2·B`; exactly 1 below
        /// `unityBelow` (compared as bit patterns).
        case luminanceGain(weights: SIMD3<Float>, Table, unityBelow: Float)
        /// Each value becomes its destination code.
        case quantizedCurve(QuantizedTable)
        /// ToneMapping's HeadroomFit, parameters `[w0, w1, w2, h, limit, f]` (op `headroom_fit`).
        case headroomFit([Float])
        /// max(R, G, B) above a knee rolled onto a ceiling, parameters `[knee, ceiling]` (op `highlight_shoulder`).
        case highlightShoulder([Float])
        /// GamutMapper's soft compression, parameters `[w0, w1, w2, knee, 1/end², ceiling]` (op `gamut_compress`).
        case gamutCompress([Float])
        /// Dolby Vision reshaping of Y′, Cb, Cr codes (``DolbyVisionReshaping``), with the `reshape` op's parameters.
        case dolbyVisionReshape([Float])
        /// Light metering (op `meter`, ``PixelConverter/Options/measuresLight``): the CPU kernels only.
        case lightMeter
        /// A tabulated tone curve applied as ToneMapping applies it (``CurveApplication``): the table of a
        /// `TabulatedToneCurve` (the per-scene HDR10+ and Dolby Vision curves), or of a `ToneMapper`'s curve (the CPU
        /// evaluates that curve itself: the table is within 2·10⁻⁵ of it); its exact function is the curve's value
        /// outside the table (f(0) + x below 0, NaN, the saturation value from the table's top).
        case toneCurve(Table, application: CurveApplication)
        /// ITU-R BT.2446 method A (ToneMapping's `BT2446MethodA`, which the CPU evaluates in `Double`): R′G′B′ =
        /// `encode`(RGB·inputScale), the luma curve `luma` on Y′ = 0.2627R′ + 0.6780G′ + 0.0593B′, the chroma
        /// correction, then `decode`; the curves as tables of their `Double` functions.
        case bt2446A(BT2446ATables)
        /// A tone curve on ITU-R BT.2100 ICtCp (PQ) intensity (ToneMapping's `ICtCpIntensity`, which the CPU evaluates
        /// in `Double`): LMS = `toLMS`·RGB, L′M′S′ = `encode`(LMS), ICtCp = `toICtCp`·L′M′S′; where I > 0 and finite,
        /// I′ = `intensity`(I), Ct and Cp scaled by min(I/I′, I′/I) (0 where I′ ≤ 0), then `fromLMS`·`decode`(
        /// `fromICtCp`·(I′, Ct, Cp)); elsewhere `curve` per channel.
        case ictcpToneCurve(ICtCpToneTables)
        /// A gain map applied to linear light (``GainMapRenderer``): the bilinear sample at the pixel, then per
        /// channel `(v + baseOffset)·gain(g) − alternateOffset` with g clamped to [0, 1] (NaN → 0) and raised to
        /// 1/γ where γ ≠ 1, as ToneMapping's `GainMap.apply`.
        case gainMap(GainMapTables)
        /// A tone-mapping operator in Swift with no table form (a custom operator, BT.2446 method A, a curve on ICtCp
        /// intensity).
        case host(any ToneMappingOperator, name: String)
    }

    /// A gain map's samples and tables for one image size.
    package struct GainMapTables: Sendable {
        /// The gain map's size in samples.
        package var width: Int
        package var height: Int
        /// Its normalised samples, R, G, B per sample, row by row.
        package var samples: [Float]
        /// Per image column: the two gain-map columns around its centre (clamped) and the second's weight, as
        /// `Float`s (i0, i1, s); `rows` the same per image row.
        package var columns: [Float]
        package var rows: [Float]
        package var baseOffset: SIMD3<Float>
        package var alternateOffset: SIMD3<Float>
        /// Per channel, g ↦ g^(1/γ) where γ ≠ 1.
        package var power: [Table?]
        /// Per channel, g ↦ 2^(min + range·g) with the headroom's weight in min and range.
        package var gain: [Table]
    }

    /// A tone curve on ICtCp intensity: four 3 × 3 matrices (rows) and the curves as tables.
    package struct ICtCpToneTables: Sendable {
        /// Working RGB (1.0 = reference white) → LMS (1.0 = 10 000 cd/m²).
        package var toLMS: [Float]
        /// L′M′S′ → ICtCp.
        package var toICtCp: [Float]
        /// ICtCp → L′M′S′.
        package var fromICtCp: [Float]
        /// LMS → working RGB.
        package var fromLMS: [Float]
        /// The PQ inverse EOTF and the PQ EOTF (normalised, extended).
        package var encode: Table
        package var decode: Table
        /// I ↦ I′ = PQ⁻¹(max(f(PQ(I)/white), 0)·white), f the tone curve.
        package var intensity: Table
        /// The tone curve, applied per channel where I ≤ 0 or I is not finite.
        package var curve: Table
    }

    /// BT.2446 method A's curves as tables: x^(1/2.4) and x^2.4 (sign-mirrored) and the luma curve.
    package struct BT2446ATables: Sendable {
        package var inputScale: Float
        package var encode: Table
        package var luma: Table
        package var decode: Table
    }

    /// How a tone curve f drives a pixel (ToneMapping's `ToneCurveApplication`, in its `Float` form): per channel, or
    /// scaled by f(m)/m for the driver m (max(R, G, B) as `Swift.max` takes it, or the luminance
    /// `(w0·R + w1·G) + w2·B`) above 10⁻⁶, per channel at and below it.
    package enum CurveApplication: Sendable {
        case perChannel
        case maxRGB
        case luminance(SIMD3<Float>)
    }

    /// The last step.
    package enum Store: Sendable {
        /// R, G, B, A written channel by channel (a channel without samples is dropped): integer codes rounded half up
        /// and clamped (NaN → the code of 0), halves rounded to nearest even, floats as they are. `packed`: the
        /// channels share one 32-bit word per pixel, which starts from 0.
        case rgb(channels: [Samples?], packed: Bool)
        /// Y′, Cb, Cr, subsampled chroma averaged with the destination's siting: horizontally `(a·¼ + b·½) + c·¼`
        /// around a co-sited sample or `a·½ + b·½` for a centred one, then (4:2:0) vertically the same way over the
        /// horizontally averaged rows; edges repeated.
        case yCbCr(YCbCrStore)
    }

    /// Y′CbCr samples written from Y′, Cb, Cr values.
    package struct YCbCrStore: Sendable {
        package var luma: Samples
        package var cb: Samples
        package var cr: Samples
        package var subsampling: PixelFormat.ChromaSubsampling
        package var location: ChromaLocation
    }
}
