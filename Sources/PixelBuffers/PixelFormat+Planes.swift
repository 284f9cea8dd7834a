extension PixelFormat {
    /// The memory layout of one plane of a format.
    public struct PlaneDescription: Hashable, Sendable {
        /// Channels per plane pixel: 1 (Y′, Cb or Cr), 2 (interleaved Cb Cr), 3 (packed RGB) or 4 (RGBA, packed ARGB).
        public let components: Int
        /// Bytes of one sample container (1, 2 or 4; 4 for a packed 10:10:10:2 word). Plane base addresses and
        /// bytes per row must be multiples of it.
        public let bytesPerSample: Int
        /// Bytes of one plane pixel (all its components).
        public let bytesPerPixel: Int
        /// Image columns per plane column: 1, or 2 for subsampled chroma.
        public let horizontalSubsampling: Int
        /// Image rows per plane row: 1, or 2 for 4:2:0 chroma.
        public let verticalSubsampling: Int

        @usableFromInline
        init(
            components: Int, bytesPerSample: Int, bytesPerPixel: Int, horizontalSubsampling: Int,
            verticalSubsampling: Int
        ) {
            self.components = components
            self.bytesPerSample = bytesPerSample
            self.bytesPerPixel = bytesPerPixel
            self.horizontalSubsampling = horizontalSubsampling
            self.verticalSubsampling = verticalSubsampling
        }

        /// The plane width for an image width: `ceil(width / horizontalSubsampling)`.
        @inlinable public func width(forImageWidth width: Int) -> Int {
            horizontalSubsampling == 1 ? width : (width >> 1) &+ (width & 1)  // ceil without overflow, also for Int.max
        }
        /// The plane height for an image height: `ceil(height / verticalSubsampling)`.
        @inlinable public func height(forImageHeight height: Int) -> Int {
            verticalSubsampling == 1 ? height : (height >> 1) &+ (height & 1)
        }
        /// Traps unless `T` tiles a row of `byteCount` bytes and needs no more alignment than a sample has.
        @inlinable
        func checkTiling<T>(_: T.Type, rowByteCount byteCount: Int) {
            precondition(
                MemoryLayout<T>.alignment <= bytesPerSample && byteCount % MemoryLayout<T>.stride == 0,
                "\(T.self) does not tile a row of \(bytesPerPixel)-byte pixels with \(bytesPerSample)-byte samples")
        }

        /// The bytes that the pixels of one row occupy (without padding) for an image width. The product is not
        /// checked: widths that passed a view's or buffer's validation never overflow it.
        @inlinable public func rowByteCount(forImageWidth width: Int) -> Int {
            self.width(forImageWidth: width) * bytesPerPixel
        }
    }

    /// The descriptions of all planes.
    public var planes: [PlaneDescription] { (0..<planeCount).map(plane) }

    /// Bytes per pixel of a single-plane format (4 for 'BGRA', 8 for 'RGhA'); `nil` for multi-plane formats, whose
    /// planes have their own (``PlaneDescription/bytesPerPixel``).
    public var bytesPerPixel: Int? { planeCount == 1 ? plane(0).bytesPerPixel : nil }
}
