/// An owned image: every plane in one zero-filled allocation aligned to 64 bytes, each plane starting on a 64-byte
/// boundary and each row padded to a multiple of 64 bytes.
///
/// `PixelBuffer` is a value type with copy-on-write storage: copies share memory until one is written through
/// ``withMutableView(_:)``. Read and write its pixels through views.
public struct PixelBuffer: Sendable {
    /// The pixel format.
    public let format: PixelFormat
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The picture area inside the buffer, if any; carried, not applied.
    public var cleanAperture: CleanAperture?
    @usableFromInline var storage: AlignedStorage
    /// Byte offsets of the planes in the storage, and their strides.
    @usableFromInline let offsets: [Int]
    @usableFromInline let strides: [Int]

    /// Creates a zero-filled buffer (all codes 0; for narrow-range Y′CbCr that is below black, not neutral grey).
    ///
    /// - Parameter limits: Caps on the pixels and bytes allocated (default: 2³⁰ pixels, 4 GiB).
    /// - Throws: ``PixelBufferError`` for a non-positive or overflowing size, a size beyond `limits`, a clean aperture
    ///   outside the buffer, or memory the system cannot provide; never traps.
    public init(
        format: PixelFormat, width: Int, height: Int, cleanAperture: CleanAperture? = nil,
        limits: PixelBufferLimits = .default
    )
        throws(PixelBufferError)
    {
        try Geometry.validateSize(format, width: width, height: height)
        try Geometry.validateCleanAperture(cleanAperture, width: width, height: height)
        var offsets: [Int] = []
        var strides: [Int] = []
        var total = 0
        for p in 0..<format.planeCount {
            let d = format.plane(p)
            guard let stride = Checked.padded(d.rowByteCount(forImageWidth: width)),
                let size = Checked.multiply(stride, d.height(forImageHeight: height)).flatMap(Checked.padded),
                let end = Checked.add(total, size)
            else { throw .dimensionsTooLarge(width: width, height: height) }
            offsets.append(total)
            strides.append(stride)
            total = end
        }
        try limits.check(width: width, height: height, byteCount: total)
        guard let storage = AlignedStorage(byteCount: total) else { throw .allocationFailed(byteCount: total) }
        self.format = format
        self.width = width
        self.height = height
        self.cleanAperture = cleanAperture
        self.offsets = offsets
        self.strides = strides
        self.storage = storage
    }

    /// The stride of plane `index` in bytes (a multiple of 64).
    public func bytesPerRow(ofPlane index: Int) -> Int { strides[index] }

    /// Calls `body` with a read-only view of the pixels; the view must not escape.
    @inlinable
    public func withView<R, E: Error>(_ body: (PixelBufferView) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(storage) { () throws(E) -> R in try body(makeView()) }
    }

    /// Calls `body` with a writable view of the pixels (copying the storage first if it is shared); the view must
    /// not escape.
    @inlinable
    public mutating func withMutableView<R, E: Error>(_ body: (MutablePixelBufferView) throws(E) -> R) throws(E) -> R {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return try withExtendedLifetime(storage) { () throws(E) -> R in
            try body(MutablePixelBufferView(unchecked: makeView()))
        }
    }

    /// A view of the storage (no allocation).
    @usableFromInline
    func makeView() -> PixelBufferView {
        let base = UnsafeRawPointer(storage.base)
        let n = offsets.count
        let slots = PlaneSlots(
            base0: base + offsets[0], stride0: strides[0],
            base1: base + offsets[min(1, n - 1)], stride1: strides[min(1, n - 1)],
            base2: base + offsets[min(2, n - 1)], stride2: strides[min(2, n - 1)])
        return PixelBufferView(
            unchecked: format, width: width, height: height, slots: slots, cleanAperture: cleanAperture)
    }
}
