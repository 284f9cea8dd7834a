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

    /// The description of plane `index` (0 ..< ``planeCount``): plane 0 is RGBA/packed RGB or Y′; plane 1 is
    /// interleaved Cb Cr (biplanar) or Cb (planar); plane 2 is Cr (planar).
    @inlinable
    public func plane(_ index: Int) -> PlaneDescription {
        precondition(index >= 0 && index < planeCount, "plane index \(index) out of range for \(planeCount) planes")
        let b = bytesPerSample
        switch layout {
        case .rgba:
            return PlaneDescription(
                components: 4, bytesPerSample: b, bytesPerPixel: 4 * b, horizontalSubsampling: 1,
                verticalSubsampling: 1)
        case .packed10(let order):
            return PlaneDescription(
                components: order == .argb2101010 ? 4 : 3, bytesPerSample: 4, bytesPerPixel: 4,
                horizontalSubsampling: 1, verticalSubsampling: 1)
        case .biplanar(let s), .planar(let s):
            if index == 0 {
                return PlaneDescription(
                    components: 1, bytesPerSample: b, bytesPerPixel: b, horizontalSubsampling: 1,
                    verticalSubsampling: 1)
            }
            let c = planeCount == 2 ? 2 : 1
            return PlaneDescription(
                components: c, bytesPerSample: b, bytesPerPixel: c * b,
                horizontalSubsampling: s.horizontalFactor, verticalSubsampling: s.verticalFactor)
        }
    }

    /// The descriptions of all planes.
    public var planes: [PlaneDescription] { (0..<planeCount).map(plane) }

    /// Bits per image pixel over all planes (e.g. 12 for '420v', 24 for 'x420', 32 for 'BGRA', 64 for 'RGhA').
    public var bitsPerPixel: Int {
        switch layout {
        case .rgba, .packed10: return plane(0).bytesPerPixel * 8
        case .biplanar(let s), .planar(let s):
            let chromaSamples = 2 * 4 / (s.horizontalFactor * s.verticalFactor)  // per 4 luma samples
            return bytesPerSample * 8 * (4 + chromaSamples) / 4
        }
    }

    /// Bytes per pixel of a single-plane format (4 for 'BGRA', 8 for 'RGhA'); `nil` for multi-plane formats, whose
    /// planes have their own (``PlaneDescription/bytesPerPixel``).
    public var bytesPerPixel: Int? { planeCount == 1 ? plane(0).bytesPerPixel : nil }
}
