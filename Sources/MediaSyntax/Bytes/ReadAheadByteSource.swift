/// A ``ByteSource`` that answers short reads from a window it reads ahead from its base: a walk over many small boxes
/// (the `moof` and `mdat` headers of a fragmented movie, one every few kilobytes) costs one read of the base per
/// window instead of one per header. Reads longer than the window go to the base as they are, so a walk that seeks
/// past large boxes reads at most one window at each stop.
package struct ReadAheadByteSource<Base: ByteSource>: ByteSource {
    /// The source read ahead.
    package private(set) var base: Base
    /// The bytes read from the base at a time, for a read that falls outside the window.
    package let windowSize: Int
    package private(set) var bytesRead = 0
    private var window: [UInt8] = []
    private var windowOffset = 0

    /// Reads `base` ahead in windows of `windowSize` bytes (at least 1).
    package init(_ base: Base, windowSize: Int = 16 << 10) {
        self.base = base
        self.windowSize = Swift.max(windowSize, 1)
    }

    package var count: Int { base.count }

    package mutating func read(at offset: Int, length: Int) throws(ByteSourceError) -> [UInt8] {
        guard offset >= 0, length > 0, offset < count else { return [] }
        let wanted = Swift.min(length, count - offset)  // offset + wanted ≤ count: no overflow below
        guard wanted <= windowSize else {
            let bytes = try base.read(at: offset, length: wanted)
            bytesRead += bytes.count
            return bytes
        }
        if offset < windowOffset || offset + wanted > windowOffset + window.count {
            window = try base.read(at: offset, length: windowSize)
            windowOffset = offset
        }
        let start = offset - windowOffset
        let end = Swift.min(start + wanted, window.count)  // fewer when the file shrank under the base
        bytesRead += end - start
        return Array(window[start..<end])
    }
}
