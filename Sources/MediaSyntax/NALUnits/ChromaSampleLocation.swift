/// Where chroma samples sit relative to luma in subsampled video.
public enum ChromaSampleLocation: Hashable, Sendable, CustomStringConvertible {
    /// ITU-T H.273 ChromaSampleLocType (HEVC and H.264 VUI `chroma_sample_loc_type_top_field` and
    /// `_bottom_field`): 0 left, 1 centre, 2 top-left (BT.2020 and BT.2100), 3 top, 4 bottom-left, 5 bottom.
    case h273(topField: UInt8, bottomField: UInt8)
    /// Matroska `ChromaSitingHorz` (0 unspecified, 1 left collocated, 2 half) and `ChromaSitingVert` (0 unspecified,
    /// 1 top collocated, 2 half).
    case matroska(horizontal: UInt8, vertical: UInt8)

    /// The H.273 type of the top field (or frame), when it can be expressed as one.
    public var h273Type: UInt8? {
        switch self {
        case .h273(let top, _): top
        case .matroska(1, 2): 0
        case .matroska(2, 2): 1
        case .matroska(1, 1): 2
        case .matroska(2, 1): 3
        default: nil
        }
    }

    /// `"2 (top-left)"`, `"Matroska 1/2 (left)"`.
    public var description: String {
        let names = ["left", "centre", "top-left", "top", "bottom-left", "bottom"]
        let name = h273Type.map { Int($0) < names.count ? names[Int($0)] : "reserved" } ?? "unspecified"
        switch self {
        case .h273(let top, let bottom):
            return top == bottom ? "\(top) (\(name))" : "\(top)/\(bottom) (\(name); bottom field \(bottom))"
        case .matroska(let horizontal, let vertical):
            return "Matroska \(horizontal)/\(vertical) (\(name))"
        }
    }
}

/// A pixel (sample) aspect ratio, horizontal : vertical spacing.
public struct PixelAspectRatio: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal spacing.
    public var horizontal: UInt32
    /// Vertical spacing.
    public var vertical: UInt32

    /// Creates a ratio.
    public init(horizontal: UInt32, vertical: UInt32) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// `"1:1"`.
    public var description: String { "\(horizontal):\(vertical)" }
}
