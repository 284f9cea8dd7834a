/// IVF, the libvpx/libaom test container: a 32-byte header (`DKIF`, version, header size, the codec's FourCC, width,
/// height, frame rate, frame count; little-endian), then each frame behind a 12-byte header (its size, a 64-bit
/// timestamp).
package enum IVF {
    /// The file header's fields a reader needs.
    package struct Header: Hashable, Sendable {
        /// The codec's FourCC, e.g. `AV01`, `VP90`.
        package var fourCC: String
        package var width: Int
        package var height: Int

        /// The header at the start of `bytes`; nil when they end inside it.
        package init?(_ bytes: [UInt8]) {
            guard bytes.count >= IVF.headerSize, let width = bytes.u16(12, littleEndian: true),
                let height = bytes.u16(14, littleEndian: true)
            else { return nil }
            fourCC = Bytes.fourCC(bytes[8..<12])
            (self.width, self.height) = (Int(width), Int(height))
        }
    }

    /// The file header's size in bytes.
    package static let headerSize = 32

    /// The frames after the header: each frame's data range, at most `limit`; a frame that runs past the bytes ends
    /// the list and is `cut` (where its header starts, the size it declares).
    package static func frames(_ bytes: [UInt8], limit: Int) -> (
        frames: [Range<Int>], cut: (headerOffset: Int, declaredSize: Int)?
    ) {
        var frames: [Range<Int>] = []
        var position = headerSize
        while position + 12 <= bytes.count, frames.count < limit {
            let size = Int(bytes.u32(position, littleEndian: true) ?? 0)
            guard let frame = Bytes.range(position + 12, size, within: bytes.count) else {
                return (frames, (position, size))
            }
            frames.append(frame)
            position = frame.upperBound
        }
        return (frames, nil)
    }
}
