public import ColorSpaces
public import TransferFunctions
import SignalCoding

extension ICCProfile {
    /// Default tolerance for primaries and white: 0.001 in CIE xy (`RGBPrimaries.defaultChromaticityTolerance`),
    /// well above s15Fixed16 rounding (≈ 1e-5) and the spread of chromatic-adaptation choices in real profiles.
    public static let defaultChromaticityTolerance = RGBPrimaries.defaultChromaticityTolerance
    /// Default tolerance for tone curves: 0.001 in linear light (sRGB and gamma 2.2 differ by up to 0.006; a 4096-entry
    /// 16-bit table of a curve deviates by < 1e-5).
    public static let defaultCurveTolerance = 0.001
    /// Points of the evenly spaced signal grid [0, 1] on which curves are compared.
    public static let curveComparisonGridSize = 1025

    /// The primaries and white point the colorants encode, with the PCS adaptation undone: with `chad`, its inverse
    /// is applied to the colorants and to the PCS illuminant; without it, a `wtpt` other than D50 (version 2 practice)
    /// is taken as the white and Bradford adaptation from D50 is undone. Nil without colorants.
    public var primaries: RGBPrimaries? {
        guard let colorants else { return nil }
        var matrix = Matrix3x3(columns: colorants.red, colorants.green, colorants.blue)
        var white = Self.pcsIlluminant
        if let chad = chromaticAdaptation, let inverse = chad.inverse {
            matrix = inverse * matrix
            white = inverse * white
        } else if let wtpt = mediaWhitePoint, let chromaticity = Chromaticity(xyz: wtpt),
            !chromaticity.isApproximatelyEqual(to: Self.pcsWhitePoint.chromaticity, tolerance: 1e-4)
        {
            let target = WhitePoint(chromaticity, name: "wtpt")
            matrix = ChromaticAdaptation.bradford.matrix(from: Self.pcsWhitePoint, to: target) * matrix
            white = wtpt
        }
        let columns = matrix.columns
        guard let red = Chromaticity(xyz: columns[0]), let green = Chromaticity(xyz: columns[1]),
            let blue = Chromaticity(xyz: columns[2]), let whiteXY = Chromaticity(xyz: white)
        else { return nil }
        let description = profileDescription?.text ?? "ICC profile"
        return RGBPrimaries(
            red: red, green: green, blue: blue, white: WhitePoint(whiteXY, name: description), name: description)
    }

    /// The largest difference between the profile's three tone curves and `transferFunction.toLinear` (clamped) on
    /// ``curveComparisonGridSize`` evenly spaced signals; nil without RGB tone curves.
    public func curveError(to transferFunction: TransferFunction) -> Double? {
        guard let toneCurves else { return nil }
        let last = Double(Self.curveComparisonGridSize - 1)
        var worst = 0.0
        for index in 0..<Self.curveComparisonGridSize {
            let signal = Double(index) / last
            let expected = transferFunction.toLinear(signal, outOfRange: .clamped)
            for curve in [toneCurves.red, toneCurves.green, toneCurves.blue] {
                let difference = Swift.abs(curve.evaluate(signal) - expected)
                if !(difference <= worst) { worst = difference.isNaN ? .infinity : difference }
            }
        }
        return worst
    }

    /// The cataloged colour space this matrix/TRC profile encodes, if any: primaries and white within
    /// `chromaticityTolerance` in xy and every tone curve within `curveTolerance` of the space's transfer function.
    /// Among several matches the smallest curve error wins, then the earlier candidate (so `ColorSpace.sRGB` before
    /// `ColorSpace.extendedSRGB`, which differ only in out-of-range handling). Nil for other profiles.
    public func matchingColorSpace(
        in candidates: [ColorSpace] = ColorSpace.all,
        chromaticityTolerance: Double = defaultChromaticityTolerance,
        curveTolerance: Double = defaultCurveTolerance
    ) -> ICCColorSpaceMatch? {
        guard header.colorSpace == .rgbData, let primaries else { return nil }
        var best: ICCColorSpaceMatch?
        var curveErrors: [TransferFunction: Double] = [:]
        for candidate in candidates {
            let chromaticityError = Self.chromaticityError(primaries, candidate.primaries)
            guard chromaticityError <= chromaticityTolerance else { continue }
            let error: Double
            if let known = curveErrors[candidate.transferFunction] {
                error = known
            } else {
                guard let computed = curveError(to: candidate.transferFunction) else { return nil }
                curveErrors[candidate.transferFunction] = computed
                error = computed
            }
            guard error <= curveTolerance, error < best?.curveError ?? .infinity else { continue }
            best = ICCColorSpaceMatch(colorSpace: candidate, chromaticityError: chromaticityError, curveError: error)
        }
        return best
    }

    /// The largest |Δx|, |Δy| over red, green, blue and white.
    static func chromaticityError(_ a: RGBPrimaries, _ b: RGBPrimaries) -> Double {
        let pairs = [
            (a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.white.chromaticity, b.white.chromaticity),
        ]
        return pairs.map { Swift.max(Swift.abs($0.x - $1.x), Swift.abs($0.y - $1.y)) }.max()!
    }
}

extension ICCProfile {
    /// Creates a version 4.4 (or 2) matrix/TRC profile for a colour space: its primaries, its transfer function as
    /// tone curves (``ICCToneCurve/init(_:)``: parametric where ICC has a form, else a 4096-entry table), the space's
    /// name as description and, for version ≥ 4.4, a `cicp` tag when H.273 has code points for the space.
    ///
    /// PQ and HLG profiles carry a `lumi` tag (ICC.1:2022 §9.2.32): 10 000 cd/m² for PQ (the absolute peak of the
    /// curve) and 1 000 cd/m² for HLG (the BT.2100 reference display peak), unless `luminance` gives another value.
    /// The creation date defaults to ``ICCDateTime/reproducibleDefault`` so that the same call gives the same bytes.
    public init(
        colorSpace: ColorSpace, version: ICCVersion = .v4_4, description: String? = nil, copyright: String? = nil,
        luminance: Double? = nil, creationDate: ICCDateTime = .reproducibleDefault
    ) throws(ICCError) {
        let defaultLuminance: Double? =
            switch colorSpace.transferFunction {
            case .pq: 10_000
            case .hlg: 1_000
            default: nil
            }
        try self.init(
            primaries: colorSpace.primaries, toneCurves: ICCToneCurves(all: ICCToneCurve(colorSpace.transferFunction)),
            cicp: version >= .v4_4 ? Self.cicp(for: colorSpace) : nil, description: description ?? colorSpace.name,
            copyright: copyright, luminance: luminance ?? defaultLuminance, version: version, creationDate: creationDate
        )
    }
}

extension ICCProfile {
    /// The H.273 code points of a colour space as RGB content (matrix 0, full range), or nil when it has none.
    static func cicp(for colorSpace: ColorSpace) -> CICP? { try? CICP(colorSpace: colorSpace) }
}
