public import PixelBuffers
public import PixelConversion
public import SignalCoding

/// One decoded frame, handed out by ``MovieReader/nextFrame(_:)`` inside a closure.
///
/// ``view`` points into the decoder's own planes (no copy): it is valid only inside the closure that received the
/// frame, and must not be kept, written or read after it returns. Convert or copy what you need inside the closure,
/// e.g. with `PixelConverter.convert(frame.view, to:)`.
public struct VideoFrame {
    /// The decoder's planes, zero copy (or, for formats converted with swscale, the reader's reused buffer).
    public let view: PixelBufferView
    /// What the samples mean for this frame: the bitstream may change colour, range or siting mid-stream, so this is
    /// read from each frame's own fields (see ``VideoStreamInfo/encoding`` for the rules).
    public let encoding: PixelEncoding
    /// The frame's ITU-T H.273 code points as signalled (2 = unspecified).
    public let cicp: CICP
    /// The frame's position in presentation order from the stream's start: its presentation time × the frame rate,
    /// rounded (exact for constant-frame-rate streams; for variable rates, the position at the average rate).
    public let index: Int
    /// The presentation timestamp in ``timeBase`` ticks (FFmpeg's `best_effort_timestamp`); `nil` when unknown.
    public let pts: Int64?
    /// The stream's time base in seconds.
    public let timeBase: Rational
    /// The presentation time in seconds, exact (pts × time base, reduced); `nil` when unknown.
    public let presentationTime: Rational?
    /// The frame's duration in ``timeBase`` ticks, when known.
    public let duration: Int64?
    /// Whether the frame is a key frame (random access point).
    public let isKeyFrame: Bool
    /// The frame's HDR side data.
    public let hdr: FrameHDRMetadata
    /// The AVFrame's `data[0…2]` addresses, for tests that check the view is zero copy (nothing C leaks: raw
    /// addresses only).
    package let decoderPlaneAddresses: (UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?)
}
