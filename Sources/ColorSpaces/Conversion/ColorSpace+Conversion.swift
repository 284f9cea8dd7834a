import TransferFunctions

extension ColorSpace {
    /// A float64 reference conversion of RGB values between two colour spaces: decode the source signal to relative
    /// linear light, convert the gamut with a 3 × 3 matrix (with chromatic adaptation), encode for the destination.
    ///
    /// It is the accuracy reference for fast pixel kernels: every step is `Double` and follows the conventions of
    /// ``Options``. Conventions of the linear intermediate ("relative linear light", Apple's EDR convention):
    /// - 1.0 is reference (diffuse) white, ``Options/referenceWhite`` cd/m² (203 by default, ITU-R BT.2408).
    /// - SDR curves (sRGB, BT.709, gamma, BT.1886 …): linear 1.0 is the curve's nominal white, i.e. signal 1.0 is
    ///   reference white. The BT.709-family video curve is display light by default (BT.1886, a 2.4 power law), as
    ///   zimg and libplacebo take it; ``Options/sdrVideoReferral`` chooses its OETF instead.
    /// - PQ: linear = PQ EOTF(E′) / referenceWhite (SMPTE ST 2084 absolute luminance), so PQ 0.5806888810 → 1.0
    ///   at 203 cd/m².
    /// - HLG: linear = HLG EOTF(E′) / referenceWhite, the ITU-R BT.2100-2 display light of a display with
    ///   ``Options/hlgPeakLuminance`` (1000 cd/m²) and ``Options/hlgBlackLuminance`` (0), so HLG 0.75 → 203.152/203.
    ///   The OOTF (`HLG.Display`) weighs luminance with ``RGBPrimaries/hlgLuminanceCoefficients``: BT.2100's for
    ///   BT.2020 primaries, the primaries' own otherwise (e.g. Display P3 HLG).
    /// - Out of range: each space's ``ColorSpace/outOfRange`` applies to its own decode or encode (clamped spaces
    ///   clamp their signal to [0, 1] before decoding and their linear value to [0, 1] of the curve's nominal range
    ///   before encoding; extended spaces mirror and continue the curve). HLG has no negative light: its OOTF clamps
    ///   negative scene luminance to 0.
    public struct Conversion: Hashable, Sendable {
        /// The source space.
        public let source: ColorSpace
        /// The destination space.
        public let destination: ColorSpace
        /// The conventions in use.
        public let options: Options
        /// The linear source RGB → linear destination RGB matrix (with ``Options/adaptation``).
        public let gamutMatrix: Matrix3x3

        /// Creates the conversion from `source` to `destination`.
        public init(from source: ColorSpace, to destination: ColorSpace, options: Options = Options()) {
            self.source = source
            self.destination = destination
            self.options = options
            self.gamutMatrix = source.primaries.conversionMatrix(
                to: destination.primaries, adaptation: options.adaptation)
        }

        /// Converts one encoded source RGB value to the encoded destination value. NaN components propagate.
        public func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
            let linear = source.decode(rgb, options: options)
            return destination.encode(gamutMatrix * linear, options: options)
        }
    }
}

extension ColorSpace.Conversion {
    /// The conventions of a ``ColorSpace/Conversion``.
    public struct Options: Hashable, Sendable {
        /// The luminance in cd/m² that relative linear 1.0 stands for (203, ITU-R BT.2408; use 100 for older
        /// conventions that anchor SDR white at 100 cd/m²).
        public var referenceWhite: Double
        /// The nominal peak luminance L_W of the HLG display in cd/m² (1000).
        public var hlgPeakLuminance: Double
        /// The black luminance L_B of the HLG display in cd/m² (0).
        public var hlgBlackLuminance: Double
        /// The HLG system gamma, or `nil` for `HLG.systemGamma(peakLuminance:)` of ``hlgPeakLuminance`` (1.2 at 1000).
        public var hlgSystemGamma: Double?
        /// The chromatic adaptation between different white points (Bradford).
        public var adaptation: ChromaticAdaptation
        /// Which light the BT.709, BT.601 and BT.2020 SDR video curve (H.273 transfer 1, 6, 14, 15) stands for:
        /// display light through BT.1886 (the default) or scene light through the OETF.
        public var sdrVideoReferral: SDRVideoReferral

        /// Creates options; the defaults are those documented on each property.
        public init(
            referenceWhite: Double = 203,
            hlgPeakLuminance: Double = 1000,
            hlgBlackLuminance: Double = 0,
            hlgSystemGamma: Double? = nil,
            adaptation: ChromaticAdaptation = .bradford,
            sdrVideoReferral: SDRVideoReferral = .display
        ) {
            self.referenceWhite = referenceWhite
            self.hlgPeakLuminance = hlgPeakLuminance
            self.hlgBlackLuminance = hlgBlackLuminance
            self.hlgSystemGamma = hlgSystemGamma
            self.adaptation = adaptation
            self.sdrVideoReferral = sdrVideoReferral
        }
    }
}

extension ColorSpace {
    /// Decodes an encoded RGB value of this space to relative linear light (1.0 = reference white), with the
    /// conventions of ``Conversion``.
    public func decode(_ signal: SIMD3<Double>, options: Conversion.Options = .init()) -> SIMD3<Double> {
        switch transferFunction {
        case .pq:
            return componentwise(signal) { transferFunction.toLinear($0, outOfRange: outOfRange) }
                * (PQ.peakLuminance / options.referenceWhite)
        case .hlg:
            let clampedSignal = outOfRange == .clamped ? componentwise(signal, clampedToUnit) : signal
            return hlgEOTF(clampedSignal, options) / options.referenceWhite
        default:
            let curve = transferFunction.referred(to: options.sdrVideoReferral)
            return componentwise(signal) { curve.toLinear($0, outOfRange: outOfRange) }
        }
    }

    /// Encodes relative linear light (1.0 = reference white) to an RGB value of this space, the inverse of
    /// ``decode(_:options:)`` within the nominal range.
    public func encode(_ linear: SIMD3<Double>, options: Conversion.Options = .init()) -> SIMD3<Double> {
        switch transferFunction {
        case .pq:
            let absolute = linear * (options.referenceWhite / PQ.peakLuminance)
            return componentwise(absolute) { transferFunction.fromLinear($0, outOfRange: outOfRange) }
        case .hlg:
            let signal = hlgInverseEOTF(linear * options.referenceWhite, options)
            return outOfRange == .clamped ? componentwise(signal, clampedToUnit) : signal
        default:
            let curve = transferFunction.referred(to: options.sdrVideoReferral)
            return componentwise(linear) { curve.fromLinear($0, outOfRange: outOfRange) }
        }
    }

    /// The HLG display of ``Conversion/Options`` for this space's primaries.
    func hlgDisplay(_ options: Conversion.Options) -> HLG.Display {
        HLG.Display(
            peakLuminance: options.hlgPeakLuminance, blackLuminance: options.hlgBlackLuminance,
            systemGamma: options.hlgSystemGamma, primaries: primaries)
    }

    /// BT.2100-2 HLG EOTF in cd/m², with this space's OOTF luminance weights.
    private func hlgEOTF(_ signal: SIMD3<Double>, _ options: Conversion.Options) -> SIMD3<Double> {
        hlgDisplay(options).eotf(signal)
    }

    /// The inverse of ``hlgEOTF(_:_:)``: display light in cd/m² to the HLG signal.
    private func hlgInverseEOTF(_ display: SIMD3<Double>, _ options: Conversion.Options) -> SIMD3<Double> {
        hlgDisplay(options).inverseEOTF(display)
    }
}

/// Applies `transform` to each component.
@inline(__always)
func componentwise(_ v: SIMD3<Double>, _ transform: (Double) -> Double) -> SIMD3<Double> {
    SIMD3(transform(v.x), transform(v.y), transform(v.z))
}

/// `x` clamped to [0, 1], keeping NaN.
@inline(__always)
func clampedToUnit(_ x: Double) -> Double { x < 0 ? 0 : (x > 1 ? 1 : x) }
