public import ICC
public import PixelBuffers

extension ICCPixelLayout {
    /// The layout of a single-plane RGBA format from PixelBuffers (full-range 8/16-bit integer, half or float), or nil
    /// for formats LittleCMS cannot read directly (packed 10-bit, narrow range, 9–15 bits, Y′CbCr).
    public init?(_ format: PixelFormat) {
        guard case .rgba(let order) = format.layout else { return nil }
        let bgra = order == .bgra
        switch format.sampleType {
        case .unsignedInteger:
            guard format.range == .full else { return nil }
            switch format.bitDepth {
            case 8: self = bgra ? .bgra8 : .rgba8
            case 16: self = bgra ? .bgra16 : .rgba16
            default: return nil
            }
        case .halfFloat: self = bgra ? .bgraHalf : .rgbaHalf
        case .float: self = bgra ? .bgraFloat : .rgbaFloat
        }
    }
}
