internal import CLittleCMS

/// An interleaved pixel layout LittleCMS transforms directly: channel order × sample type (grey for monochrome
/// profiles).
///
/// 16-bit samples are in native byte order (little-endian here, like CoreVideo 'l64r'); half and float samples are
/// IEEE 754 binary16/binary32 with RGB nominally in [0, 1].
public enum ICCPixelLayout: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// 8-bit R, G, B.
    case rgb8
    /// 8-bit R, G, B, A.
    case rgba8
    /// 8-bit B, G, R, A.
    case bgra8
    /// 16-bit R, G, B.
    case rgb16
    /// 16-bit R, G, B, A.
    case rgba16
    /// 16-bit B, G, R, A.
    case bgra16
    /// Half-float R, G, B.
    case rgbHalf
    /// Half-float R, G, B, A.
    case rgbaHalf
    /// Half-float B, G, R, A.
    case bgraHalf
    /// Float R, G, B.
    case rgbFloat
    /// Float R, G, B, A.
    case rgbaFloat
    /// Float B, G, R, A.
    case bgraFloat
    /// 8-bit grey.
    case gray8
    /// 16-bit grey.
    case gray16
    /// Float grey.
    case grayFloat

    /// Whether the layout has an alpha channel.
    public var hasAlpha: Bool { channelCount == 4 }

    /// 1 (grey), 3 or 4.
    public var channelCount: Int {
        switch self {
        case .gray8, .gray16, .grayFloat: 1
        case .rgb8, .rgb16, .rgbHalf, .rgbFloat: 3
        default: 4
        }
    }

    /// Bytes per sample: 1, 2, 2 (half) or 4.
    public var bytesPerSample: Int {
        switch self {
        case .rgb8, .rgba8, .bgra8, .gray8: 1
        case .rgb16, .rgba16, .bgra16, .rgbHalf, .rgbaHalf, .bgraHalf, .gray16: 2
        case .rgbFloat, .rgbaFloat, .bgraFloat, .grayFloat: 4
        }
    }

    /// Bytes per pixel.
    public var bytesPerPixel: Int { channelCount * bytesPerSample }

    /// E.g. "RGBA half".
    public var description: String {
        switch self {
        case .rgb8: "RGB 8-bit"
        case .rgba8: "RGBA 8-bit"
        case .bgra8: "BGRA 8-bit"
        case .rgb16: "RGB 16-bit"
        case .rgba16: "RGBA 16-bit"
        case .bgra16: "BGRA 16-bit"
        case .rgbHalf: "RGB half"
        case .rgbaHalf: "RGBA half"
        case .bgraHalf: "BGRA half"
        case .rgbFloat: "RGB float"
        case .rgbaFloat: "RGBA float"
        case .bgraFloat: "BGRA float"
        case .gray8: "grey 8-bit"
        case .gray16: "grey 16-bit"
        case .grayFloat: "grey float"
        }
    }

    /// The LittleCMS `TYPE_*` format.
    var lcmsType: cmsUInt32Number {
        switch self {
        case .rgb8: HDRCOLOR_TYPE_RGB_8
        case .rgba8: HDRCOLOR_TYPE_RGBA_8
        case .bgra8: HDRCOLOR_TYPE_BGRA_8
        case .rgb16: HDRCOLOR_TYPE_RGB_16
        case .rgba16: HDRCOLOR_TYPE_RGBA_16
        case .bgra16: HDRCOLOR_TYPE_BGRA_16
        case .rgbHalf: HDRCOLOR_TYPE_RGB_HALF_FLT
        case .rgbaHalf: HDRCOLOR_TYPE_RGBA_HALF_FLT
        case .bgraHalf: HDRCOLOR_TYPE_BGRA_HALF_FLT
        case .rgbFloat: HDRCOLOR_TYPE_RGB_FLT
        case .rgbaFloat: HDRCOLOR_TYPE_RGBA_FLT
        case .bgraFloat: HDRCOLOR_TYPE_BGRA_FLT
        case .gray8: HDRCOLOR_TYPE_GRAY_8
        case .gray16: HDRCOLOR_TYPE_GRAY_16
        case .grayFloat: HDRCOLOR_TYPE_GRAY_FLT
        }
    }

    /// Writes opaque alpha (max code, half 1.0 = 0x3C00, float 1.0) into every pixel's last channel.
    func fillAlpha(_ pixels: UnsafeMutableRawPointer, pixelCount: Int) {
        let offset = 3 * bytesPerSample
        for i in 0..<pixelCount {
            let alpha = pixels + i * bytesPerPixel + offset
            switch bytesPerSample {
            case 1: alpha.storeBytes(of: UInt8.max, as: UInt8.self)
            case 2: alpha.storeBytes(of: self == .rgbaHalf || self == .bgraHalf ? 0x3C00 : UInt16.max, as: UInt16.self)
            default: alpha.storeBytes(of: Float(1), as: Float.self)
            }
        }
    }
}
