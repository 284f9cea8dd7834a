#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The IEC 61966-2-1 sRGB curve: exponent 2.4, offset 0.055 (α = 1.055), linear slope 12.92, decoding threshold
/// 0.04045, encoding threshold 0.0031308. The constants are the one source of the curve's parameters in the package.
@usableFromInline
package enum SRGBCurve {
    @usableFromInline package static let exponent = 2.4
    @usableFromInline package static let offset = 0.055
    @usableFromInline package static let slope = 12.92
    @usableFromInline package static let decodeThreshold = 0.04045
    @usableFromInline package static let encodeThreshold = 0.0031308

    /// Decoding for V ≥ 0 (§5.2, equations 5–7 inverted).
    @usableFromInline
    static func decode(_ v: Double) -> Double {
        v <= decodeThreshold ? v / slope : pow((v + offset) / (1 + offset), exponent)
    }

    /// Encoding for L ≥ 0.
    @usableFromInline
    static func encode(_ l: Double) -> Double {
        l <= encodeThreshold ? l * slope : (1 + offset) * pow(l, 1 / exponent) - offset
    }
}
