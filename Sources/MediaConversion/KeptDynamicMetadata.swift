/// Dynamic HDR metadata a movie conversion carried from the source into the written movie: each frame's message
/// written into the access unit of the same frame.
public struct KeptDynamicMetadata: Hashable, Sendable {
    /// What was kept: "HDR10+ dynamic metadata", "Dolby Vision RPUs and configuration record (profile 8.1)".
    public var what: String
    /// How the written movie carries it, e.g. "SEI 4 (user_data_registered_itu_t_t35) per access unit".
    public var carriage: String
    /// Frames written with their message.
    public var frames: Int
    /// Frames converted whose access unit in the source carried one, as read from the source's packets (``frames`` is
    /// less when the encoder's packets could not be matched to them).
    public var sourceFrames: Int
    /// What to know about it, e.g. that a frame range starts inside a Dolby Vision shot; nil when nothing.
    public var note: String?

    /// Creates a value.
    public init(what: String, carriage: String, frames: Int, sourceFrames: Int, note: String? = nil) {
        self.what = what
        self.carriage = carriage
        self.frames = frames
        self.sourceFrames = sourceFrames
        self.note = note
    }
}
