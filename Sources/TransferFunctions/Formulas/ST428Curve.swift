/// SMPTE ST 428-1: `V = (48·L / 52.37)^(1/2.6)`, where L = 1 is 48 cd/m².
@usableFromInline
package enum ST428Curve {
    @usableFromInline package static let exponent = 2.6
    /// The luminance of V = 1 relative to L = 1: 52.37 / 48.
    @usableFromInline package static let peak = 52.37 / 48
}
