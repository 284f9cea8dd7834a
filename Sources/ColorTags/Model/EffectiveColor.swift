public import ColorSpaces
public import SignalCoding
import MediaSyntax

/// The colour an image means once the format's precedence has picked among its tags.
///
/// - PNG (3rd edition): `cICP` > `iCCP` > `sRGB` > `cHRM`/`gAMA`; untagged PNGs are assumed sRGB.
/// - JPEG: an ICC profile; untagged JPEGs are assumed sRGB.
/// - HEIF/AVIF: the `colr` `nclx` box over the bitstream; with an ICC profile (`prof`/`rICC`) its primaries and
///   transfer but the `nclx` matrix and range; without any `colr`, the MIAF defaults 1/13/6/full (MatrixCoefficients
///   5 and 6 are the same matrix).
/// - An ICC profile: its `cicp` tag when present (the effective transfer even when the curves disagree), else the
///   catalog colour space its colorants and curves match.
public struct EffectiveColor: Hashable, Sendable {
    /// What decided the colour.
    public enum Basis: String, Hashable, Sendable, CustomStringConvertible {
        /// Container code points (PNG `cICP`, `colr` `nclx`).
        case cicp = "CICP"
        /// An ICC profile (for HEIF/AVIF with the `nclx` matrix and range when present).
        case iccProfile = "ICC profile"
        /// The PNG `sRGB` chunk.
        case sRGBChunk = "sRGB chunk"
        /// PNG `gAMA` and/or `cHRM`.
        case gammaAndChromaticities = "gAMA/cHRM"
        /// The MIAF defaults of a HEIF/AVIF item without `colr`.
        case miafDefault = "MIAF default (no colr)"
        /// No tag: the format's assumption (sRGB for PNG and JPEG).
        case assumedSRGB = "untagged, assumed sRGB"
        /// A Dolby Vision profile 5 video track (its record or RPUs say so): IPT-PQ-c2 with unspecified code points,
        /// as the profile requires; a Dolby Vision decoder composes PQ BT.2020 pictures through the RPUs.
        case dolbyVisionProfile5 = "Dolby Vision profile 5"
        /// Nothing can be said.
        case none = "unknown"

        public var description: String { rawValue }
    }

    /// What decided the colour.
    public var basis: Basis
    /// The code points, when the colour is expressible as H.273 codes.
    public var cicp: CICP?
    /// The colour space's name (catalog name, ICC description or a gamma description).
    public var colorSpaceName: String?
    /// The tag that decided it.
    public var location: TagLocation?
    /// Primaries, when known (from the code points, the ICC colorants or `cHRM`).
    public var primaries: RGBPrimaries?
    /// The transfer code, when known.
    public var transfer: CICP.TransferCharacteristics?
    /// The signal range (full unless code points say narrow).
    public var range: SignalRange

    /// Creates a value; primaries and transfer default to those of `cicp`.
    public init(
        basis: Basis, cicp: CICP?, colorSpaceName: String?, location: TagLocation?,
        primaries: RGBPrimaries? = nil, transfer: CICP.TransferCharacteristics? = nil
    ) {
        self.basis = basis
        self.cicp = cicp
        self.colorSpaceName = colorSpaceName
        self.location = location
        self.primaries = primaries ?? cicp.flatMap { RGBPrimaries(cicp: $0.primaries) }
        self.transfer = transfer ?? cicp.map(\.transfer).flatMap { $0.isDefined ? $0 : nil }
        self.range = cicp?.range ?? .full
    }

    /// Whether the colour is HDR-encoded (PQ or HLG).
    public var isHDR: Bool { transfer == .pq || transfer == .hlg }

    /// A one-line summary, e.g. `"9/16/0/1 (Rec. ITU-R BT.2020-2 / SMPTE ST 2084 …) from CICP"`.
    public var summary: String {
        var parts: [String] = []
        if let cicp { parts.append("\(cicp) (\(cicp.summary))") }
        if let colorSpaceName { parts.append(cicp == nil ? colorSpaceName : "≈ \(colorSpaceName)") }
        if parts.isEmpty { parts.append("unknown") }
        return TextSanitizer.sanitize(parts.joined(separator: " ")) + " — from \(basis)"
    }
}
