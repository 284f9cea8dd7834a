import SignalCoding
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

    /// Throws when `code` is negative: ``VideoFilesError/cannotWrite(path:reason:)`` for the failures of the
    /// device rather than of FFmpeg (a full disk, a used-up quota, a read-only file system, an I/O error), else
    /// ``VideoFilesError/ffmpeg(call:code:message:)``.
    static func checkWrite(_ code: Int32, _ call: @autoclosure () -> String, path: String) throws(VideoFilesError) {
        guard code < 0 else { return }
        if [ENOSPC, EDQUOT, EIO, EROFS, EFBIG].contains(-code) {
            throw .cannotWrite(path: path, reason: "\(message(code)) (\(call()))")
        }
        throw error(call(), code)
    }

    /// A C string as Swift text (`""` for NULL).
    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// The entries of an `AVDictionary`, in its order.
    static func items(_ dictionary: OpaquePointer?) -> [MovieMetadataItem] {
        var items: [MovieMetadataItem] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            items.append(MovieMetadataItem(key: string(next.pointee.key), value: string(next.pointee.value)))
            entry = next
        }
        return items
    }

    /// Sets `items` in an `AVDictionary` (a later item with the same key wins).
    static func set(_ items: [MovieMetadataItem], in dictionary: inout OpaquePointer?) {
        for item in items { av_dict_set(&dictionary, item.key, item.value, 0) }
    }

    /// A four-character code as text (`MKTAG` order), nil for 0 or a code that is not printable ASCII.
    static func fourCC(_ tag: UInt32) -> String? {
        guard tag != 0 else { return nil }
        let bytes = withUnsafeBytes(of: tag.littleEndian) { Array($0) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An AVRational as a ``Rational``, the sign of a negative denominator moved to the numerator.
    static func rational(_ r: AVRational) -> Rational {
        r.den < 0 ? Rational(-Int64(r.num), UInt32(r.den.magnitude)) : Rational(Int64(r.num), UInt32(r.den))
    }

    /// A ``Rational`` as an AVRational, when both parts fit in `Int32`.
    static func avRational(_ r: Rational) -> AVRational? {
        guard let n = Int32(exactly: r.numerator), let d = Int32(exactly: r.denominator) else { return nil }
        return AVRational(num: n, den: d)
    }
}
