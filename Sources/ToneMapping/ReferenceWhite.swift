/// Common luminances of reference (diffuse) white, the luminance that linear value 1.0 stands for in the EDR
/// convention this module uses.
///
/// The choice matters whenever linear light meets an absolute scale (PQ, HLG, cd/m² metadata). Sources disagree:
/// ITU-R BT.2408 §2.2, ISO 22028-5 and ColorSync use 203 cd/m²; older Apple APIs and SDR video use 100 cd/m².
/// Every API that needs one takes it as a parameter, defaulting to ``bt2408``.
public enum ReferenceWhite {
    /// 203 cd/m²: the HDR reference white of ITU-R BT.2408 §2.2 (also ISO 22028-5's default diffuse white).
    public static let bt2408 = 203.0
    /// 100 cd/m²: the SDR reference white of ITU-R BT.1886 grading and of older Apple EDR APIs.
    public static let sdr = 100.0
}
