extension MovieScene {
    /// The tone curve a scene was mapped with (``ConversionRequest/Movie-swift.struct/DynamicCurve``).
    public enum Curve: Hashable, Sendable, CustomStringConvertible {
        /// The request's operator from the scene's peak; `note` says why the metadata's curve was not used, when it
        /// had one.
        case peakOnly(note: String?)
        /// The HDR10+ (SMPTE ST 2094-40) knee point and Bézier curve of the scene's record (window 1), made for a
        /// display of `targetedPeak` cd/m² and applied to one of `targetPeak` (adapted when they differ by more than
        /// 2 %, ``ToneMapping/HDR10PlusBezierCurve/adapted(kneePointX:kneePointY:anchors:sceneMaximum:targetedPeak:targetPeak:referenceWhite:application:)``):
        /// the coded knee (Kx, Ky) as fractions of the scene maximum and the targeted peak, and the number of anchors.
        case hdr10Plus(kneeX: Double, kneeY: Double, anchors: Int, targetedPeak: Double, targetPeak: Double)
        /// The Dolby Vision shot's level 1 curve for a display of `targetPeak` cd/m², with the trim of level `trim`
        /// (2 or 8; nil for none) for that display.
        case dolbyVision(trimLevel: Int?, targetPeak: Double)

        public var description: String {
            switch self {
            case .peakOnly(let note): "peak only" + (note.map { " (\($0))" } ?? "")
            case .hdr10Plus(let x, let y, let anchors, let targeted, let peak):
                "HDR10+ curve (knee \(Self.fraction(x)), \(Self.fraction(y)); \(anchors) anchor\(anchors == 1 ? "" : "s")) "
                    + "for \(MovieScene.Origin.nits(targeted))"
                    + (targeted == peak ? "" : ", adapted to \(MovieScene.Origin.nits(peak))")
            case .dolbyVision(let level?, let peak):
                "Dolby Vision L1 + L\(level) trim for \(MovieScene.Origin.nits(peak))"
            case .dolbyVision(nil, let peak):
                "Dolby Vision L1 curve for \(MovieScene.Origin.nits(peak)) (no trim for it)"
            }
        }

        /// A fraction with three decimals.
        static func fraction(_ value: Double) -> String {
            let r = (value * 1000).rounded() / 1000
            return r == r.rounded() ? String(Int(r)) : "\(r)"
        }
    }
}
