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
