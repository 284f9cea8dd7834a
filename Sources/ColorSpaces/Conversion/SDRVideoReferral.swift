import TransferFunctions

/// What the SDR video curve of ITU-R BT.709, BT.601 and BT.2020 (ITU-T H.273 TransferCharacteristics 1, 6, 14 and
/// 15) links its signal to: the light a display shows, or the light a camera saw.
///
/// The standards define that curve as a camera OETF (scene light → signal). A BT.709 display decodes the signal with
/// the ITU-R BT.1886 reference EOTF, a 2.4 power law, so the light it shows is not the scene light the OETF encoded:
/// pictures are graded on such displays, and the mismatch (about 1.2 of system gamma) is part of their look. HDR
/// masters are display light (PQ, and HLG after its OOTF), so a conversion between them and SDR video encodes and
/// decodes with BT.1886 (``display``), as zimg (its default, `scene_referred` off), libplacebo and the display-light
/// conversions of ITU-R BT.2408 do. Encoding with the OETF instead (``scene``) darkens every shadow: 5 cd/m² under a
/// 203 cd/m² white is 8-bit full-range code 54 with BT.1886 and 28 with the OETF.
public enum SDRVideoReferral: String, Hashable, Sendable, CaseIterable {
    /// Display light: the BT.1886 EOTF for a display with a zero black level, `L = V^2.4` (1.0 = white), and its
    /// inverse. The default of every conversion.
    case display
    /// Scene light: the OETF of BT.709 (BT.2020 12-bit: its own constants) and its inverse, for camera pipelines
    /// that stay scene-referred.
    case scene
}

extension TransferFunction {
    /// The curve that links this transfer function's signal to linear light under `referral`: ``bt1886`` (white
    /// 100 cd/m², black 0, a pure 2.4 power law in relative light) for ``bt709`` and ``bt2020TwelveBit`` with
    /// ``SDRVideoReferral/display``; the curve itself otherwise (every other curve says which light it encodes).
    public func referred(to referral: SDRVideoReferral) -> TransferFunction {
        switch (self, referral) {
        case (.bt709, .display), (.bt2020TwelveBit, .display): .bt1886
        default: self
        }
    }
}
