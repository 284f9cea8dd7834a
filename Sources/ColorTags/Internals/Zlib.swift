internal import CZlib

/// A thin wrapper of zlib's inflate, deflate and crc32 (Debian zlib1g). Internal: no zlib type leaves this file.
enum Zlib {
    enum InflateError: Error, Hashable, Sendable {
        /// The stream is not valid zlib data (zlib's message).
        case corrupt(String)
        /// The stream ends before its end marker.
        case truncated
        /// The output would be larger than the cap.
        case tooLarge(maximum: Int)
    }

    /// CRC-32 (ISO 3309, as PNG uses it) of `bytes`.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var crc: uLong = CZlib.crc32(0, nil, 0)
            var remaining = buffer.count
            var pointer = buffer.baseAddress
            while remaining > 0, let base = pointer {
                let step = Swift.min(remaining, Int(UInt32.max >> 1))
                crc = CZlib.crc32(crc, base, uInt(step))
                pointer = base + step
                remaining -= step
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }

    /// Inflates a zlib stream, refusing to produce more than `maximumOutput` bytes (the memory cap for hostile input).
    static func inflate(_ input: ArraySlice<UInt8>, maximumOutput: Int) throws(InflateError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt("inflateInit failed")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var input = Array(input)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let (code, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let code = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (code, out.count - Int(stream.avail_out))
                }
                if output.count + produced > maximumOutput { return -100 }
                output += chunk[0..<produced]
                switch code {
                case Z_STREAM_END: return Z_STREAM_END
                case Z_OK: if stream.avail_in == 0 && produced == 0 { return Z_BUF_ERROR }
                case Z_BUF_ERROR: return Z_BUF_ERROR
                default: return code
                }
            }
        }
        switch status {
        case Z_STREAM_END: return output
        case -100: throw .tooLarge(maximum: maximumOutput)
        case Z_BUF_ERROR: throw .truncated
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw .corrupt(message)
        }
    }

    /// Deflates `input` as a zlib stream at the best compression level (deterministic for a given zlib).
    static func deflate(_ input: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { source in
                compress2(out.baseAddress, &length, source.baseAddress, uLong(source.count), Z_BEST_COMPRESSION)
            }
        }
        precondition(status == Z_OK, "compress2 cannot fail with a compressBound-sized buffer")
        return Array(output.prefix(Int(length)))
    }
}
