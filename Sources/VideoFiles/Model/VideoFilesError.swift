public import PixelBuffers
public import PixelConversion

/// Why a movie cannot be opened, decoded, encoded or written. Each case names what is wrong and the numbers involved;
/// failures reported by FFmpeg carry the call that failed, its error code (a negative `AVERROR` value) and FFmpeg's
/// message for it.
public enum VideoFilesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or is not a movie FFmpeg recognises as MP4, QuickTime, Matroska or WebM.
    case cannotOpen(path: String, reason: String)
    /// The movie has no video stream.
    case noVideoStream(path: String)
    /// No decoder or encoder for the codec is available in this FFmpeg build.
    case unsupportedCodec(String)
    /// A size, count or duration read from the file, or asked for, is beyond a ``MovieReadLimits`` cap or invalid.
    case limitExceeded(String, limit: Int)
    /// The decoder outputs a pixel format that ``PixelFormat`` has no layout for, and
    /// ``MovieReader/Options/unmappedPixelFormats`` is ``MovieReader/UnmappedPixelFormatPolicy/fail``.
    case unmappedPixelFormat(String)
    /// An FFmpeg call failed: the call, its `AVERROR` code and FFmpeg's message.
    case ffmpeg(call: String, code: Int32, message: String)
    /// Encoder settings that cannot be used (a pixel format the codec cannot encode, a non-positive rate …).
    case invalidSettings(String)
    /// A frame handed to ``MovieWriter/append(_:encoding:presentationTime:)`` whose encoding differs from the
    /// settings'.
    case encodingMismatch(expected: PixelEncoding, actual: PixelEncoding)
    /// A frame whose size differs from the settings'.
    case sizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// A presentation time that does not increase, or does not fit the time base.
    case invalidTimestamp(String)
    /// A frame range outside the stream, or a seek the container refuses.
    case invalidFrameRange(lowerBound: Int, upperBound: Int, reason: String)
    /// The writer was used after ``MovieWriter/finish()`` or after a failure.
    case writerClosed
    /// A frame's geometry cannot be wrapped in a pixel buffer view.
    case geometry(PixelBufferError)
    /// FFmpeg could not allocate memory for the named object.
    case allocationFailed(String)
    /// The movie's file cannot be written: the device is full, a quota is used up, the file system is read-only or
    /// the device failed. The reason is the system's, with the FFmpeg call that met it.
    case cannotWrite(path: String, reason: String)
    /// Movies given to ``MovieJoiner`` are not consecutive parts of one conversion of the source: the reason names the
    /// segment and what differs (its encoding, its frame times, the frame count).
    case cannotJoin(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open \(path) as a movie: \(reason)"
        case .noVideoStream(let path): "\(path) has no video stream"
        case .unsupportedCodec(let name): "no \(name) codec in this FFmpeg build"
        case .limitExceeded(let what, let limit): "\(what) exceeds the limit \(limit)"
        case .unmappedPixelFormat(let name):
            "the decoder outputs \(name), which PixelFormat has no layout for; set MovieReader.Options"
                + ".unmappedPixelFormats to .convertWithSwscale to receive the nearest mapped format"
        case .ffmpeg(let call, let code, let message): "\(call) failed (\(code)): \(message)"
        case .invalidSettings(let reason): "invalid encoder settings: \(reason)"
        case .encodingMismatch(let expected, let actual):
            "the frame is \(actual), but the writer encodes \(expected); convert it with PixelConverter first"
        case .sizeMismatch(let ew, let eh, let w, let h): "the frame is \(w)×\(h), but the writer encodes \(ew)×\(eh)"
        case .invalidTimestamp(let reason): "invalid presentation time: \(reason)"
        case .invalidFrameRange(let l, let u, let reason): "frames \(l)..<\(u): \(reason)"
        case .writerClosed: "the writer is finished or failed; make a new one"
        case .geometry(let error): "invalid frame geometry: \(error)"
        case .allocationFailed(let what): "FFmpeg could not allocate \(what)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .cannotJoin(let reason): "cannot join the segments: \(reason)"
        }
    }
}
