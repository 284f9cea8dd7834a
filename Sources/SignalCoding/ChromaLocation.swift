/// Where the chroma samples of subsampled Y′CbCr sit relative to the luma samples (ITU-T H.273
/// `chroma_sample_loc_type`, the CoreVideo chroma-location attachment `kCVImageBufferChromaLocationTopFieldKey`).
///
/// Horizontally a chroma sample is either *co-sited* with the even luma column (left) or *centred* between two
/// columns; vertically (4:2:0 only) it is co-sited with the even row (top), centred between two rows, or co-sited with
/// the odd row (bottom). 4:2:2 uses only the horizontal part.
///
/// When a source does not say, PixelConversion's `PixelEncoding` assumes ``topLeft`` for BT.2020 / BT.2100 content (UHD Blu-ray and
/// HEVC HDR are sited there) and ``left`` otherwise (MPEG-2, H.264 and HEVC's default), never guessing from
/// the resolution (HandBrake PR #3865, obs-studio PR #6878).
public enum ChromaLocation: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Type 0: co-sited with the even luma column, centred between two rows. The MPEG-2 / H.264 / HEVC default.
    case left
    /// Type 1: centred between two columns and two rows (JPEG / JFIF, MPEG-1).
    case center
    /// Type 2: co-sited with the top-left luma sample (ITU-R BT.2020 / BT.2100 4:2:0 as HDR video uses it).
    case topLeft
    /// Type 3: centred between two columns, co-sited with the even row.
    case top
    /// Type 4: co-sited with the even column and the odd row.
    case bottomLeft
    /// Type 5: centred between two columns, co-sited with the odd row.
    case bottom

    /// The location of an H.273 `chroma_sample_loc_type` (0 … 5), or `nil` for other values.
    public init?(chromaSampleLocationType type: Int) {
        switch type {
        case 0: self = .left
        case 1: self = .center
        case 2: self = .topLeft
        case 3: self = .top
        case 4: self = .bottomLeft
        case 5: self = .bottom
        default: return nil
        }
    }

    /// The location of Matroska's `ChromaSitingHorz` (1 left collocated, 2 half) and `ChromaSitingVert` (1 top
    /// collocated, 2 half), or nil when either is 0 (unspecified) or another value: (1, 2) is ``left``, (2, 2)
    /// ``center``, (1, 1) ``topLeft``, (2, 1) ``top``. Matroska cannot state the bottom sitings.
    public init?(matroskaHorizontal horizontal: UInt64, vertical: UInt64) {
        switch (horizontal, vertical) {
        case (1, 2): self = .left
        case (2, 2): self = .center
        case (1, 1): self = .topLeft
        case (2, 1): self = .top
        default: return nil
        }
    }

    /// The H.273 `chroma_sample_loc_type` (0 … 5).
    public var chromaSampleLocationType: Int {
        switch self {
        case .left: 0
        case .center: 1
        case .topLeft: 2
        case .top: 3
        case .bottomLeft: 4
        case .bottom: 5
        }
    }

    /// The location of a CoreVideo chroma-location value (`kCVImageBufferChromaLocation_Left` … or the string it holds,
    /// "Left", "Center", "TopLeft", "Top", "BottomLeft", "Bottom"), or `nil`. "DV 4:2:0" has no single siting and
    /// gives `nil`.
    public init?(coreVideoName name: String) {
        let key =
            name.hasPrefix("kCVImageBufferChromaLocation_")
            ? String(name.dropFirst("kCVImageBufferChromaLocation_".count)) : name
        guard let match = Self.allCases.first(where: { $0.coreVideoName == key }) else { return nil }
        self = match
    }

    /// The string of CoreVideo's chroma-location constant, e.g. "TopLeft".
    public var coreVideoName: String {
        switch self {
        case .left: "Left"
        case .center: "Center"
        case .topLeft: "TopLeft"
        case .top: "Top"
        case .bottomLeft: "BottomLeft"
        case .bottom: "Bottom"
        }
    }

    public var description: String { coreVideoName }

    /// Whether the chroma sample is co-sited with the even luma column (else centred between two columns).
    public var isHorizontallyCosited: Bool { self == .left || self == .topLeft || self == .bottomLeft }

    /// The vertical position of a 4:2:0 chroma sample below the even luma row, in luma rows: 0 (top), 0.5 (centred)
    /// or 1 (bottom).
    public var verticalOffset: Double {
        switch self {
        case .topLeft, .top: 0
        case .left, .center: 0.5
        case .bottomLeft, .bottom: 1
        }
    }
}
