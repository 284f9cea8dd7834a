public import ColorSpaces
public import ToneMapping

extension PixelConverter {
    /// The conventions and choices of a conversion. The defaults decode HDR video for an EDR layer the way Apple's
    /// frameworks present it: 1.0 = 203 cd/m², HLG for a 1000 cd/m² display, bilinear chroma, no tone mapping, extended
    /// values kept.
    public struct Options: Sendable {
        /// Threads for one frame: `nil` (the default) uses every active core for frames of at least one million pixels
        /// and the caller's thread below that; 1 always runs on the caller's thread. At most four threads per active
        /// core, and one per 16-row band of the frame, are used. The output bytes are identical for every thread
        /// count.
        public var threadCount: Int?
        /// The luminance in cd/m² that linear 1.0 stands for when PQ or HLG meet linear light (203, ITU-R BT.2408;
        /// 100 for older conventions).
        public var referenceWhite: Double
        /// The nominal peak L_W in cd/m² of the display HLG is rendered for (1000); it sets the system gamma
        /// (`HLG.systemGamma(peakLuminance:)`, 1.2 at 1000).
        public var hlgPeakLuminance: Double
        /// The black level L_B in cd/m² of that display (0).
        public var hlgBlackLuminance: Double
        /// The HLG system gamma, or `nil` to derive it from ``hlgPeakLuminance``.
        public var hlgSystemGamma: Double?
        /// How subsampled chroma is upsampled when decoding (bilinear). Encoding always averages with the
        /// destination's siting.
        public var chromaFilter: ChromaFilter
        /// Tone mapping, a ``PixelConverter/ToneMapping`` (`.none` by default): in linear light (1.0 = reference
        /// white), in the source's primaries, before the gamut step; then, after the gamut step, every component is
        /// kept within the headroom it maps to, in the destination's primaries (see ``PixelConverter/ToneMapping``).
        public var toneMapping: ToneMapping
        /// What the fit after tone mapping keeps of a pixel above the headroom (``PixelConverter/ToneMapping``):
        /// its chromaticity, scaled down by H/max(R, G, B) (`HeadroomFit.Priority.chromaticity`, the default: saturated
        /// highlights stay saturated, as zimg and libplacebo show them), or its luminance below ¾H (`.luminance`:
        /// they turn pale instead).
        public var fitPriority: HeadroomFit.Priority
        /// What happens to values the destination cannot hold, a ``PixelConverter/GamutPolicy``
        /// (`PixelConverter.GamutPolicy.extended` by default: kept, negatives included; `.clip`; `.softClip`).
        public var gamut: GamutPolicy
        /// The chromatic adaptation between different white points (Bradford).
        public var adaptation: ChromaticAdaptation
        /// Which light the BT.709, BT.601 and BT.2020 SDR video curve (H.273 transfer 1, 6, 14, 15) stands for, when
        /// decoding and encoding: display light through BT.1886 (``SDRVideoReferral/display``, the default, as zimg
        /// and libplacebo) or scene light through the OETF (``SDRVideoReferral/scene``).
        public var sdrVideoReferral: SDRVideoReferral
        /// Which build of the kernels runs (``CodePath/automatic``: the fastest this CPU has). Every path
        /// gives the same bytes (NaN outputs aside, see ``PixelConverter``).
        public var codePath: CodePath
        /// Where the program runs instead of the CPU kernels (`nil`, the default: on the CPU), e.g. GPUConversion's
        /// Vulkan backend; the plan is the same.
        public var backend: (any PixelConversionBackend)?
        /// A Dolby Vision profile 5 base layer's composition for the current RPU (`nil`, the default: none), in place
        /// of the source's Y′CbCr decoding: the source is then the base layer (Y′CbCr codes of the curves' bit depth,
        /// give its encoding `chromaLocation: .left`; its colour space and matrix are not used) and the conversion
        /// continues from linear BT.2020 light. DolbyVision's `DolbyVisionComposer.reshaping` gives it after each RPU;
        /// make the converter again when it changes.
        public var dolbyVision: DolbyVisionReshaping?
        /// Whether the program also meters each frame's light where it is linear, after tone mapping and the gamut
        /// and headroom steps, before the destination's encoding (`false`, the default):
        /// ``PixelConverter/convertMeasuringLight(_:to:)`` then returns MaxCLL-style statistics (``FrameLight``) at
        /// the cost of one op per block. Y′CbCr destinations only, on the CPU kernels (no ``backend``).
        public var measuresLight: Bool

        /// The default options.
        public init() {
            threadCount = nil
            referenceWhite = ReferenceWhite.bt2408
            hlgPeakLuminance = 1000
            hlgBlackLuminance = 0
            hlgSystemGamma = nil
            chromaFilter = .bilinear
            toneMapping = .none
            fitPriority = .chromaticity
            gamut = .extended
            adaptation = .bradford
            sdrVideoReferral = .display
            codePath = .automatic
            backend = nil
            measuresLight = false
        }

        /// The same conventions for the float64 reference, `ColorSpace.Conversion`.
        public var conversionOptions: ColorSpace.Conversion.Options {
            ColorSpace.Conversion.Options(
                referenceWhite: referenceWhite, hlgPeakLuminance: hlgPeakLuminance,
                hlgBlackLuminance: hlgBlackLuminance, hlgSystemGamma: hlgSystemGamma, adaptation: adaptation,
                sdrVideoReferral: sdrVideoReferral)
        }
    }

    /// Tone mapping inside a conversion (``Options/toneMapping``).
    ///
    /// **The headroom is kept.** A curve bounds the luminance (or max(R, G, B)) of the source, not the components the
    /// display receives after the primaries conversion: a saturated BT.2020 blue mapped to 2× luminance is about 30 in
    /// Display P3. So after the gamut step, a "fit the headroom" step (ToneMapping's `HeadroomFit`) keeps every
    /// component ≤ H in the destination's primaries, H the display headroom (or a custom operator's
    /// `targetHeadroom`), lowered to the destination's peak when that is smaller: a pixel with max(R, G, B) > H is
    /// scaled by H/max(R, G, B), hue and saturation kept, its luminance lowered (``Options/fitPriority``
    /// `.chromaticity`); with `.luminance` it moves towards grey at constant luminance instead while its luminance is
    /// below ¾H, blending into that scaling from ¾H to H. Pixels already within H are not touched, bit for bit.
    /// Negative components (colours outside the destination's primaries) are kept under ``GamutPolicy/extended`` and
    /// move with the rest; ``GamutPolicy/clip`` and ``GamutPolicy/softClip`` remove them first, so their output is
    /// in [0, H].
    public enum ToneMapping: Sendable {
        /// None: values pass as they are (the gamut policy still applies).
        case none
        /// Map content of the given luminance onto a display headroom (peak ÷ reference white) with a named operator,
        /// applied to luminance (the source primaries' weights) so that hue is kept, then fit every component under
        /// the headroom in the destination's primaries (above): saturated highlights keep their hue and saturation
        /// and lose luminance (or, with ``Options/fitPriority`` `.luminance`, saturation). Content that fits the
        /// display gets no tone curve, only the fit. The content peak comes from mastering metadata and MaxCLL
        /// (`ContentLuminance`, 1000 cd/m² when unknown).
        /// ``ToneMappingMethod/bt2446A`` maps to SDR: headroom 1 only.
        case displayHeadroom(
            Double, content: ContentLuminance = ContentLuminance(), method: ToneMappingMethod = .headroom)
        /// Any operator, applied as it is; when it declares a `targetHeadroom` (every operator of ToneMapping but
        /// `ToneMapper.identity`), its output is fitted under it as above. A `ToneMapper` on max(R, G, B) (its
        /// default) keeps saturation and gives up luminance instead: its output needs little fitting.
        case custom(any ToneMappingOperator)
    }

    /// What happens to linear values outside the destination's gamut or range, after tone mapping: the type of
    /// ``Options/gamut`` (`options.gamut = .softClip`).
    ///
    /// The ceiling is the destination's nominal peak in linear light (1.0 = reference white): 1 for SDR curves, 10 000
    /// cd/m² ÷ reference white for PQ, the HLG display peak ÷ reference white for HLG, none for linear spaces. Tone
    /// mapping's headroom is kept after this step whatever the policy (see ``ToneMapping``), and a clamped HLG
    /// destination fits its signal range in scene light with hue kept (the luminance-based inverse OOTF needs scene
    /// light above 1 for some saturated colours below the peak; they are desaturated at constant scene luminance
    /// instead of clipped per channel).
    public enum GamutPolicy: Hashable, Sendable, CaseIterable {
        /// Keep negatives and values above the ceiling (extended-range outputs; integer outputs still clamp to their
        /// codes).
        case extended
        /// Clip each component to [0, ceiling]. Shifts the hue of saturated colours.
        case clip
        /// Keep hue: compress colours towards the achromatic axis at constant luminance (ToneMapping's `GamutMapper`
        /// soft compression, knee 0.8), then roll highlights above 0.8 × ceiling smoothly onto the ceiling by
        /// max(R, G, B).
        case softClip
    }

    /// Which build of the pixel kernels runs a conversion: the kernels are written once in C and compiled for each
    /// instruction set; every build writes the same bytes (NaN payloads aside, see ``PixelConverter``).
    public enum CodePath: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The fastest build this CPU runs (``PixelConverter/availableCodePaths``' last).
        case automatic
        /// x86-64 baseline (SSE2): any x86-64 CPU.
        case baseline
        /// x86-64 with AVX2, F16C and FMA.
        case avx2
        /// x86-64 with AVX-512 (F, BW, DQ, VL): 16 pixels per block.
        case avx512
        /// arm64 with NEON and its half-float conversions: every arm64 CPU.
        case neon

        /// "x86-64 baseline", "AVX2/F16C", "AVX-512", "NEON" (or "automatic").
        public var description: String {
            switch self {
            case .automatic: "automatic"
            case .baseline: "x86-64 baseline"
            case .avx2: "AVX2/F16C"
            case .avx512: "AVX-512"
            case .neon: "NEON"
            }
        }
    }
}
