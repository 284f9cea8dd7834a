import PixelBuffers
import PixelConversion

extension DecodedImage {
    /// The stored gain map of a gain-map image still to render (``hasUnrenderedGainMap``): its samples normalised to
    /// 0…1 by the format's range (R = G = B for a one-channel map), at the gain map's own size, and their encoding
    /// (linear, so a conversion keeps the normalised codes). nil once rendered or without a gain map.
    package var gainMapSamples: (pixels: PixelBuffer, encoding: PixelEncoding)? {
        pendingGainMap.map { ($0.samples, $0.samplesEncoding) }
    }
}
