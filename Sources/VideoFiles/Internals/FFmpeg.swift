internal import CFFmpeg

/// FFmpeg's error codes and messages, and checked calls.
enum FFmpeg {
    /// `AVERROR(EAGAIN)`.
    static let again = hdrcolor_averror_eagain()
    /// `AVERROR_EOF`.
    static let endOfFile = hdrcolor_averror_eof()
    /// `AV_NOPTS_VALUE`.
    static let noTimestamp = hdrcolor_nopts_value()

    /// FFmpeg's message for an error code (`av_strerror`).
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        _ = buffer.withUnsafeMutableBufferPointer { av_strerror(code, $0.baseAddress, $0.count) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A ``VideoFilesError/ffmpeg(call:code:message:)`` for a failed call.
    static func error(_ call: String, _ code: Int32) -> VideoFilesError {
        .ffmpeg(call: call, code: code, message: message(code))
    }

    /// Throws when `code` is negative.
    @inline(__always)
    static func check(_ code: Int32, _ call: @autoclosure () -> String) throws(VideoFilesError) {
        if code < 0 { throw error(call(), code) }
    }

    /// A C string as Swift text (`""` for NULL).
    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// An AVRational as a ``Rational``.
    static func rational(_ r: AVRational) -> Rational { Rational(Int64(r.num), Int64(r.den)) }

    /// A ``Rational`` as an AVRational, when both parts fit in `Int32`.
    static func avRational(_ r: Rational) -> AVRational? {
        guard let n = Int32(exactly: r.numerator), let d = Int32(exactly: r.denominator) else { return nil }
        return AVRational(num: n, den: d)
    }
}
