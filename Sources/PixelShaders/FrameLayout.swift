public import PixelBuffers

/// Where a frame's planes lie in a GPU buffer of 32-bit words: each plane's rows one after another, every row and
/// plane starting on a 4-byte boundary (the shader reads and writes whole words). The push constants of a
/// ``ShaderProgram`` carry the offsets and strides.
public struct FrameLayout: Hashable, Sendable {
    /// One plane in the buffer.
    public struct Plane: Hashable, Sendable {
        /// The byte offset of its first row.
        public let offset: Int
        /// Bytes from one row to the next (the row's bytes rounded up to 4).
        public let bytesPerRow: Int
        /// The bytes of a row's samples.
        public let rowByteCount: Int
        /// Rows.
        public let rows: Int
    }

    /// The planes, in the format's order.
    public let planes: [Plane]
    /// The buffer's size in bytes (at least 4).
    public let byteCount: Int

    /// The layout of a `width` × `height` frame of `format`; nil when its size does not fit 32-bit offsets (the
    /// shader addresses bytes with 32-bit integers).
    public init?(format: PixelFormat, width: Int, height: Int) {
        var planes: [Plane] = []
        var offset = 0
        for description in format.planes {
            let rowBytes = description.rowByteCount(forImageWidth: width)
            let rows = description.height(forImageHeight: height)
            let (stride, o1) = rowBytes.addingReportingOverflow(3)
            let (size, o2) = (stride & ~3).multipliedReportingOverflow(by: rows)
            let (end, o3) = offset.addingReportingOverflow(size)
            guard !o1, !o2, !o3, end <= Int(UInt32.max) else { return nil }
            planes.append(Plane(offset: offset, bytesPerRow: stride & ~3, rowByteCount: rowBytes, rows: rows))
            offset = end
        }
        self.planes = planes
        byteCount = Swift.max(offset, 4)
    }

    /// Copies the samples of `view` (whose format and size this layout was made for) into `buffer`, which holds at
    /// least ``byteCount`` bytes.
    public func copy(_ view: PixelBufferView, into buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count >= byteCount, "the buffer is smaller than the frame's layout")
        for (index, plane) in planes.enumerated() {
            let source = view.plane(index)
            for y in 0..<plane.rows {
                let row = source.row(y)
                let start = buffer.baseAddress! + plane.offset + y * plane.bytesPerRow
                start.copyMemory(from: row.baseAddress!, byteCount: plane.rowByteCount)
            }
        }
    }

    /// Copies `buffer`'s samples into `view` (whose format and width this layout was made for): the rows from
    /// `firstRow` on (even for a vertically subsampled format), as many as `view` has.
    public func copy(_ buffer: UnsafeRawBufferPointer, firstRow: Int = 0, into view: MutablePixelBufferView) {
        precondition(buffer.count >= byteCount, "the buffer is smaller than the frame's layout")
        for (index, plane) in planes.enumerated() {
            let destination = view.plane(index)
            let first = firstRow / view.format.plane(index).verticalSubsampling
            precondition(first + destination.height <= plane.rows, "the rows are outside the frame's layout")
            for y in 0..<destination.height {
                let start = buffer.baseAddress! + plane.offset + (first + y) * plane.bytesPerRow
                destination.row(y).baseAddress!.copyMemory(from: start, byteCount: plane.rowByteCount)
            }
        }
    }

    /// Offsets and strides of the first three planes, as the push constants hold them (0 for planes the format lacks).
    var words: [UInt32] {
        let padded = planes + [Plane](repeating: Plane(offset: 0, bytesPerRow: 0, rowByteCount: 0, rows: 0), count: 3)
        return padded.prefix(3).map { UInt32($0.offset) } + padded.prefix(3).map { UInt32($0.bytesPerRow) }
    }
}
