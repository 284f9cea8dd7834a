/// The light of one converted frame, metered by ``PixelConverter/convertMeasuringLight(_:to:)`` in the conversion's
/// linear light (1.0 = ``PixelConverter/Options/referenceWhite``), after tone mapping and before the destination's
/// encoding, per pixel as max(R, G, B) of its components that are finite and above 0: what CTA-861.3 MaxCLL and
/// MaxFALL are made of. The same on every instruction set.
public struct FrameLight: Hashable, Sendable {
    /// The largest max(R, G, B) of any pixel; 0 for a black frame.
    public var maximum: Float
    /// The mean of max(R, G, B) over the frame's pixels, summed in units of 1/4096 (each pixel rounded, values
    /// above 10⁵ counted as 10⁵).
    public var average: Double

    public init(maximum: Float, average: Double) {
        self.maximum = maximum
        self.average = average
    }
}
