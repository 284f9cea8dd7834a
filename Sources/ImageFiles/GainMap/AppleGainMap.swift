import TransferFunctions

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Apple's HDR gain map samples in ISO 21496-1 terms. Per Apple's "Applying Apple HDR effect to your photos", a
/// sample is decoded with the BT.709 transfer function to g and HDR = SDR × (1 + (H − 1)·g) in linear light, H the
/// headroom (ColorTags' `AppleGainMapTags` reads it). Re-expressing each sample as g′ = log2(1 + (H − 1)·g) / log2 H,
/// with the ISO metadata `AppleGainMapTags.metadata` (gainMapMin 0, gainMapMax log2 H, gamma 1, zero offsets), gives
/// Apple's result exactly at full headroom and ISO weighting below it (Apple does not document how it adapts to
/// smaller headrooms).
enum AppleGainMap {
    /// A gain sample (code / 2^bits − 1) re-expressed for `AppleGainMapTags.metadata` at headroom `headroom` (≥ 1).
    static func isoSample(_ code: Float, headroom: Double) -> Float {
        let linear = TransferFunction.bt709.toLinear(Double(code))
        let log2H = log2(Swift.max(headroom, 1))
        guard log2H > 0 else { return 0 }
        return Float(log2(1 + (headroom - 1) * Swift.max(linear, 0)) / log2H)
    }
}
