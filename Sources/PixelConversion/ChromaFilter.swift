import SignalCoding

/// How subsampled chroma is brought to full resolution when decoding.
public enum ChromaFilter: Hashable, Sendable, CaseIterable {
    /// Each luma pixel takes the chroma sample of the 2 × 2 (4:2:0) or 2 × 1 (4:2:2) block it belongs to: no
    /// interpolation, siting ignored.
    case nearest
    /// Linear interpolation between the two nearest chroma samples in each direction, at the positions the
    /// ``ChromaLocation`` gives (weights 0, ¼, ½, ¾; exact in `Float` for integer codes). The edges repeat the last
    /// sample.
    case bilinear
}
